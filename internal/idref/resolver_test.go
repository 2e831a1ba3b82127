package idref

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestResolveAt pins the one-way resolution parity, diffcheck and compat use:
// a file path first; a name only an $id declares; a draft-07 plain name; and
// inside a schema embedded with its own $id, that schema's own definitions
// before the file's.
func TestResolveAt(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.json", `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "main",
  "definitions": {
    "Name": {"type": "integer"},
    "Inner": {
      "$id": "https://x.example/inner",
      "definitions": {"Name": {"type": "string"}},
      "properties": {"name": {"$ref": "#/definitions/Name"}}
    }
  }
}`)
	write("common.json", `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "EntityMeta",
  "definitions": {"relation": {"$id": "#relation", "type": "object"}}
}`)
	ws := reduce.NewWorkspace(dir)
	main, err := ws.Load(filepath.Join(dir, "main.json"), "main.json")
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(ws, Options{})
	tests := []struct{ ptr, ref, wantFile, wantPtr string }{
		{"", "#/definitions/Name", "main.json", "/definitions/Name"},
		{"/definitions/Inner/properties/name", "#/definitions/Name", "main.json", "/definitions/Inner/definitions/Name"},
		{"", "common.json#relation", "common.json", "/definitions/relation"},
		{"", "EntityMeta#relation", "common.json", "/definitions/relation"},
		{"", "EntityMeta", "common.json", ""},
	}
	for _, tc := range tests {
		got, err := r.ResolveAt(main, tc.ptr, tc.ref)
		if err != nil {
			t.Errorf("ResolveAt(%q, %q): %v", tc.ptr, tc.ref, err)
			continue
		}
		if filepath.Base(got.Doc.Abs) != tc.wantFile || got.Pointer != tc.wantPtr {
			t.Errorf("ResolveAt(%q, %q) = %s#%s, want %s#%s", tc.ptr, tc.ref, filepath.Base(got.Doc.Abs), got.Pointer, tc.wantFile, tc.wantPtr)
		}
	}
	if _, err := r.ResolveAt(main, "", "nowhere#/x"); err == nil {
		t.Error("ResolveAt of a name nothing declares: want an error")
	}
}
