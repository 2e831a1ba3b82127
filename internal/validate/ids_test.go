package validate

import (
	"path/filepath"
	"testing"
)

// TestIDsAndLayout: a reference to an absolute URL reads the file of the
// revision that declares it as its $id, and a relative reference resolved
// against an $id that does not match the folder layout reads the file the
// same relative path reaches on disk; without the index the first is a
// remote reference.
func TestIDsAndLayout(t *testing.T) {
	ws, doc := load(t, map[string]string{
		"project/api/main.json": `{"$id": "https://example.com/schemas/v1/main.json", "type": "object", "properties": {` +
			`"id": {"$ref": "https://example.com/common/id.json"}, "name": {"$ref": "../shared/name.json"}}}`,
		"project/shared/name.json":  `{"type": "string", "maxLength": 3}`,
		"project/elsewhere/id.json": `{"$id": "https://example.com/common/id.json", "type": "integer"}`,
	}, "project/api/main.json")
	ids := map[string]string{"https://example.com/common/id.json": filepath.Join(ws.Root, "elsewhere", "id.json")}
	set, err := Compile(ws, doc, Options{IDs: func(base string) (string, bool) { p, ok := ids[base]; return p, ok }})
	if err != nil {
		t.Fatal(err)
	}
	s, err := set.Schema("")
	if err != nil {
		t.Fatalf("with the $id index: %v", err)
	}
	for payload, want := range map[string]bool{`{"id": 1, "name": "abc"}`: true, `{"id": "x"}`: false, `{"name": "abcd"}`: false} {
		if ok, known := s.Valid(value(t, payload)); !known || ok != want {
			t.Errorf("%s: valid %v (known %v), want %v", payload, ok, known, want)
		}
	}
	bare, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bare.Schema(""); err == nil {
		t.Error("without the $id index the absolute reference compiled")
	}
}
