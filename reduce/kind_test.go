package reduce

import (
	"errors"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadRefusesOtherKinds pins that common YAML and JSON files that are not
// schemas (workflows, compose, Kubernetes, package.json, overlays, AsyncAPI,
// configuration files whose $schema names their own schema) are refused with
// the reason, located in the file; tsconfig.json with comments is malformed
// JSON and refused as such.
func TestLoadRefusesOtherKinds(t *testing.T) {
	files, err := filepath.Glob("testdata/nonschema/*.*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		name := filepath.Base(path)
		if strings.HasPrefix(name, "LICENSE") || name == "README.md" {
			continue
		}
		n++
		doc, err := LoadFile(fsroot.Unconfined(), limits.Limits{}, path, name)
		if err == nil {
			t.Errorf("%s: loaded as %s, want it refused", name, doc.Dialect)
			continue
		}
		var le *LoadError
		if !errors.As(err, &le) || le.File != name || le.Line == 0 {
			t.Errorf("%s: error %v does not name the file and line", name, err)
		}
		if name == "tsconfig.json" {
			continue // comments: malformed JSON, refused before its kind is asked
		}
		if !errors.Is(err, ErrNotDocument) {
			t.Errorf("%s: %v, want a not-a-document error", name, err)
		}
	}
	if n < 10 {
		t.Fatalf("only %d non-schema files under testdata/nonschema", n)
	}
}

// TestSchemaRootKinds pins which roots without openapi, swagger or a JSON
// Schema $schema read as schemas: only schema keywords (and x- extensions),
// with at least one of type, properties, $defs/definitions, allOf/anyOf/oneOf
// or $ref, and type naming JSON types.
func TestSchemaRootKinds(t *testing.T) {
	for _, tc := range []struct {
		src    string
		schema bool
	}{
		{`{"type": "object", "properties": {"a": {"type": "string"}}}`, true},
		{`{"properties": {"a": {}}, "x-wirelint-ignore": ["parity/keyword"]}`, true},
		{`{"$ref": "#/$defs/A", "$defs": {"A": {}}}`, true},
		{`{"title": "T", "definitions": {"A": {"type": "string"}}}`, true},
		{`{"oneOf": [{"type": "string"}, {"type": "null"}]}`, true},
		{`{"type": ["string", "null"], "maxLength": 3}`, true},
		{`{"$schema": "https://json-schema.org/draft/2020-12/schema"}`, true},
		{`{"$schema": "https://example.com/my-meta", "type": "object"}`, true},
		{`true`, true},
		{`{"items": ["a", "b"]}`, false},                         // no anchor keyword
		{`{"enum": ["a"], "required": true}`, false},             // likewise
		{`{"type": "module", "name": "pkg"}`, false},             // package.json
		{`{"type": "ClusterIP"}`, false},                         // not a JSON type
		{`{"type": "object", "services": {}}`, false},            // a key that is no keyword
		{`{"$schema": "https://json.schemastore.org/x"}`, false}, // an instance's $schema
		{`[{"type": "object"}]`, false},
	} {
		_, err := Parse([]byte(tc.src), "t.json")
		if got := err == nil; got != tc.schema {
			t.Errorf("%s: schema = %v (%v), want %v", tc.src, got, err, tc.schema)
		}
		if err != nil && !errors.Is(err, ErrNotDocument) {
			t.Errorf("%s: %v, want a not-a-document error", tc.src, err)
		}
	}
}

// TestLoadFragmentOfOtherKind pins that a refused file is still read as a
// fragment when a $ref reaches it: the kind check gates what is named on the
// command line, not what documents point at.
func TestLoadFragmentOfOtherKind(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "items.yaml")
	if err := os.WriteFile(p, []byte("Item:\n  items: {type: string}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws := NewWorkspace(dir)
	if _, err := ws.Load(p, "items.yaml"); !errors.Is(err, ErrNotDocument) {
		t.Fatalf("Load: %v, want a not-a-document error", err)
	}
	if _, err := ws.LoadFragment(p, "items.yaml", Draft202012); err != nil {
		t.Fatalf("LoadFragment: %v", err)
	}
}
