package reduce

import (
	"testing"
)

// FuzzParse feeds arbitrary bytes to the loader and projects every schema of
// whatever loads: no input may panic, every schema site must carry a
// position inside the document, and a site is marked Patterns exactly when
// it has a pattern or patternProperties key.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"$defs": {"A": {"type": "string", "maxLength": 3}}}`,
		"openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string, nullable: true}\n",
		`{"swagger": "2.0", "definitions": {"A": {"$ref": "#/definitions/A"}}}`,
		"a: &a [1, *a]\n",
		`{"$defs": {"A": {"items": [{"type": "string"}], "additionalItems": false, "dependencies": {"a": ["b"]}}}}`,
		`[[[[[[`,
		"\xff\xfe",
		`{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"schema": {"pattern": "^a"}}]}}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Parse(data, "fuzz")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		red := NewReducer(nil)
		doc.WalkSchemas(func(s SchemaSite) {
			if s.Node.Line < 1 || s.Node.Column < 1 {
				t.Fatalf("schema at %q has no position", s.Pointer)
			}
			pattern, _ := Get(s.Node, "pattern")
			props, _ := Get(s.Node, "patternProperties")
			if s.Patterns != (pattern != nil || props != nil) {
				t.Fatalf("schema at %q: Patterns is %v", s.Pointer, s.Patterns)
			}
			red.Schema(doc, s.Node, s.Pointer)
		})
		_ = Canonical(doc.Root)
	})
}
