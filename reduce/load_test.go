package reduce

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPositionsJSONAndYAML pins that every key keeps its 1-based line and
// column, in JSON as well as YAML.
func TestPositionsJSONAndYAML(t *testing.T) {
	json := "{\n  \"$defs\": {\n    \"A\": {\"type\": \"string\",\n          \"maxLength\": 3}\n  }\n}\n"
	yaml := "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      type: string\n      maxLength: 3\n"
	for _, tc := range []struct {
		name, src, ptr string
		line, col      int
	}{
		{"a.json", json, "/$defs/A", 4, 11},
		{"a.yaml", yaml, "/components/schemas/A", 8, 7},
	} {
		doc, err := Parse([]byte(tc.src), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := Get(Lookup(doc.Root, tc.ptr), "maxLength")
		if k == nil || k.Line != tc.line || k.Column != tc.col {
			t.Errorf("%s: maxLength at %v, want %d:%d", tc.name, k, tc.line, tc.col)
		}
	}
}

// TestDialects pins how a document's dialect is told.
func TestDialects(t *testing.T) {
	for src, want := range map[string]Dialect{
		`{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object"}`:      Draft04,
		`{"$schema": "http://json-schema.org/draft-06/schema#", "type": "object"}`:      Draft06,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}`:      Draft07,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object"}`: Draft201909,
		`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}`: Draft202012,
		`{"$defs": {}}`:                   Draft202012,
		`{"definitions": {}}`:             Draft07,
		`{"id": "x", "definitions": {}}`:  Draft04,
		`{"swagger": "2.0", "paths": {}}`: Swagger20,
		"openapi: 3.0.3\npaths: {}\n":     OpenAPI30,
		"openapi: 3.1.0\npaths: {}\n":     OpenAPI31,
		`true`:                            Draft202012,
	} {
		doc, err := Parse([]byte(src), "x")
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if doc.Dialect != want {
			t.Errorf("%s: dialect %s, want %s", src, doc.Dialect, want)
		}
	}
}

// TestDefinitions lists named schemas from every container.
func TestDefinitions(t *testing.T) {
	doc, err := Parse([]byte(`{"$defs": {"A": {}, "B~/x": {}}, "definitions": {"C": {}}}`), "x")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range doc.Definitions {
		got = append(got, d.Name+"="+d.Pointer)
	}
	want := "A=/$defs/A B~/x=/$defs/B~0~1x C=/definitions/C"
	if strings.Join(got, " ") != want {
		t.Errorf("definitions %q, want %q", strings.Join(got, " "), want)
	}
	if Lookup(doc.Root, "/$defs/B~0~1x") == nil {
		t.Error("escaped pointer does not resolve")
	}
}

// TestResolveOnDisk covers the refusals: remote URLs, paths leaving the
// project, backslashes, and missing files and fragments.
func TestResolveOnDisk(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "schemas"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("schemas/a.json", `{"$defs": {"A": {"$anchor": "top"}, "with space": {}}}`)
	write("schemas/b.yaml", "$defs:\n  B: {type: string}\n")
	// a piece of a split spec: neither kind of document on its own
	write("schemas/common.yaml", "Id:\n  type: string\n  pattern: '^f-'\n")
	ws := NewWorkspace(root)
	a, err := ws.Load(filepath.Join(root, "schemas/a.json"), "schemas/a.json")
	if err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]any{
		"b.yaml#/$defs/B":                 "/$defs/B",
		"common.yaml#/Id":                 "/Id",
		"./b.yaml#/$defs/B":               "/$defs/B",
		"#top":                            "/$defs/A",
		"#/$defs/with%20space":            "/$defs/with space",
		"https://example.com/x.json":      RefRemote,
		"../../../../../../etc/passwd#/x": RefOutsideRoot,
		"../.git/config#/x":               RefOutsideRoot,
		`..\\b.yaml`:                      RefBadPath,
		"c.json#/x":                       RefUnresolved,
		"b.yaml#/$defs/Nope":              RefUnresolved,
		"#nope":                           RefUnresolved,
	} {
		tgt, err := ws.ResolveOnDisk(a, ref)
		switch w := want.(type) {
		case string:
			if err != nil || tgt.Pointer != w {
				t.Errorf("%s: got %q, %v; want %q", ref, tgt.Pointer, err, w)
			}
		case RefErrorKind:
			re, ok := err.(*RefError)
			if !ok || re.Kind != w {
				t.Errorf("%s: got %v, want kind %d", ref, err, w)
			}
		}
	}
	// reading the file confines it: a $ref out of the root is refused as
	// such every time, the second from the workspace's remembered error
	for i := range 2 {
		_, err := ws.ResolveOnDisk(a, "../../../../../../etc/hostname")
		if re, ok := err.(*RefError); !ok || re.Kind != RefOutsideRoot {
			t.Errorf("$ref %d out of the root: %v, want it refused as leaving the project directory", i+1, err)
		}
	}
	// a missing file is "no file" for every $ref to it, not only the first
	for i := range 2 {
		_, err := ws.ResolveOnDisk(a, "missing.json#/x")
		if re, ok := err.(*RefError); !ok || re.Kind != RefUnresolved || !strings.HasSuffix(re.Msg, "/schemas/missing.json") {
			t.Errorf("$ref %d to a missing file: %v, want no file .../schemas/missing.json", i+1, err)
		}
	}
}

// TestLoadFragment reads a file that is only a piece of a document in the
// referrer's dialect, parsed once; a whole document is returned as is; the
// loader's guards (alias bombs) hold for fragments too.
func TestLoadFragment(t *testing.T) {
	root := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	frag := write("paths.yaml", "get:\n  responses: {}\n")
	whole := write("a.json", `{"$defs": {"A": {}}}`)
	bomb := "a: &a [1,1,1,1,1,1,1,1,1,1]\n"
	prev := "a"
	for _, c := range "bcdefghij" {
		bomb += string(c) + ": &" + string(c) + " [" + strings.Repeat("*"+prev+",", 9) + "*" + prev + "]\n"
		prev = string(c)
	}
	write("bomb.yaml", bomb)
	ws := NewWorkspace(root)
	if _, err := ws.Load(frag, ""); !errors.Is(err, ErrNotDocument) {
		t.Fatalf("Load of a fragment: %v, want ErrNotDocument", err)
	}
	f1, err := ws.LoadFragment(frag, "", OpenAPI30)
	if err != nil || f1.Dialect != OpenAPI30 || Lookup(f1.Root, "/get/responses") == nil {
		t.Fatalf("LoadFragment = %+v, %v", f1, err)
	}
	if f2, _ := ws.LoadFragment(frag, "", Draft202012); f2 != f1 {
		t.Error("a fragment was read twice")
	}
	if d, err := ws.LoadFragment(whole, "", OpenAPI30); err != nil || d.Dialect != Draft202012 {
		t.Errorf("a whole document through LoadFragment: %v, %v", d, err)
	}
	// a schema file that names and spells no dialect is a Schema Object of
	// the OpenAPI document referring to it (nullable and all), still named by
	// its stem; a JSON Schema reader keeps the default dialect
	bare := write("pet.yaml", "type: object\nproperties:\n  name: {type: string, nullable: true}\n")
	if d, err := ws.LoadFragment(bare, "", OpenAPI30); err != nil || d.Dialect != OpenAPI30 || d.RootDefinition() == nil || d.RootDefinition().Name != "pet" {
		t.Errorf("a bare schema file through LoadFragment from OpenAPI 3.0: %+v, %v", d, err)
	}
	if d, err := ws.LoadFragment(bare, "", Draft202012); err != nil || d.Dialect != Draft202012 {
		t.Errorf("a bare schema file through LoadFragment from JSON Schema: %+v, %v", d, err)
	}
	if _, err := ws.LoadFragment(filepath.Join(root, "bomb.yaml"), "", OpenAPI30); err == nil || !strings.Contains(err.Error(), "alias") {
		t.Errorf("alias bomb as a fragment: %v, want the alias error", err)
	}
}

// The nesting error names the line and the column (in characters) of the
// bracket that passes the budget.
func TestDepthErrorPosition(t *testing.T) {
	_, err := parseTree([]byte("{\"x\":\n[{\"é\": [[1]]}]}"), "deep.json", treeBudgets{depth: 4})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("got %v, want a *LoadError", err)
	}
	if le.Line != 2 || le.Column != 9 {
		t.Errorf("at %d:%d, want 2:9 (%v)", le.Line, le.Column, err)
	}
}

// TestMayHoldKey pins the text test behind skipping a scan for a key: false
// only when the key is spelled nowhere, escapes that could spell it included.
func TestMayHoldKey(t *testing.T) {
	for _, c := range []struct {
		name, file, text string
		want             bool
	}{
		{"spelled", "a.json", `{"type": "object", "x-k": 1}`, true},
		{"absent", "a.json", `{"type": "object", "pattern": "^\\d+$"}`, false},
		{"json unicode escape", "a.json", `{"type": "object", "x\u002dk": 1}`, true},
		{"escaped backslash then u", "a.json", `{"type": "object", "pattern": "\\\\u"}`, false},
		{"yaml hex escape", "a.yaml", "type: object\n\"x\\x2dk\": 1\n", true},
		{"yaml escaped line break", "a.yaml", "type: object\ndescription: \"x-\\\n  k\"\n", true},
		{"absent in yaml", "a.yaml", "type: object\nx-other: 1\n", false},
	} {
		doc, err := Parse([]byte(c.text), c.file)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := doc.MayHoldKey("x-k"); got != c.want {
			t.Errorf("%s: MayHoldKey = %v, want %v", c.name, got, c.want)
		}
	}
	if !(&Document{Root: &Node{Kind: MappingNode}}).MayHoldKey("x-k") {
		t.Error("a document built in memory must be scanned for any key")
	}
}
