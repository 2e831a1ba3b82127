package ref

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestJSONSchemaTestSuite resolves, under $id, every $ref of every schema in
// the JSON Schema Test Suite's draft 2020-12 ref, refRemote, anchor and defs
// files, with http://localhost:1234/ mapped to the suite's remotes as its
// harness serves them: each must resolve as a 2020-12 implementation resolves
// it (nested $id scopes, embedded resources, anchors, URNs, file: ids,
// percent-encoded and ~-escaped pointers). Only refs to the draft's own
// metaschema, which the suite expects implementations to bundle, are remote.
func TestJSONSchemaTestSuite(t *testing.T) {
	suite := filepath.Join("testdata", "json-schema-test-suite")
	remotes, err := filepath.Abs(filepath.Join(suite, "remotes"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(suite, "tests", "draft2020-12", "*.json"))
	if err != nil || len(files) != 4 {
		t.Fatalf("want the 4 suite files, got %d (%v)", len(files), err)
	}
	resolved := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			// the project holds the schema and a symlink to the remotes, as a
			// vendored copy would; the root is widened to the remotes explicitly
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "schema.json"), g.Schema, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(remotes, filepath.Join(dir, "remotes")); err != nil {
				t.Skipf("no symlinks here: %v", err)
			}
			ws := reduce.NewWorkspace(dir, remotes)
			ws.Cwd = dir
			r := NewResolver(ws, Options{Mappings: []Mapping{{Prefix: "http://localhost:1234/", Dir: "remotes"}}})
			doc, err := r.Load(filepath.Join(dir, "schema.json"), "")
			if err != nil {
				t.Errorf("%s / %s: %v", filepath.Base(file), g.Description, err)
				continue
			}
			r.Check([]*reduce.Document{doc})
			var v any
			if err := json.Unmarshal(g.Schema, &v); err != nil {
				t.Fatal(err)
			}
			if want, got := countRefs(v), len(r.Resolutions()); got < want {
				t.Errorf("%s / %s: %d refs reached, want at least the %d the schema holds", filepath.Base(file), g.Description, got, want)
			}
			for _, res := range r.Resolutions() {
				if strings.HasPrefix(res.Ref, "https://json-schema.org/draft/2020-12/") {
					continue
				}
				if res.IDErr != nil {
					t.Errorf("%s / %s: $ref %s: %v", filepath.Base(file), g.Description, res.Ref, res.IDErr)
					continue
				}
				resolved++
			}
		}
	}
	if resolved == 0 {
		t.Error("no ref resolved")
	}
}

// countRefs counts the string-valued $ref members of a decoded schema, outside
// the data keywords: the suite's schemas are checked whole, so Check must reach
// at least these (and those of the remotes they reach).
func countRefs(v any) int {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			switch k {
			case "$ref":
				if _, ok := e.(string); ok {
					n++
				}
			case "const", "enum", "default", "examples":
			default:
				n += countRefs(e)
			}
		}
	case []any:
		for _, e := range v {
			n += countRefs(e)
		}
	}
	return n
}
