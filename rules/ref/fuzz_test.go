package ref

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// FuzzCheck feeds arbitrary documents and references to Check: it must never
// panic or loop, and every finding must be located at a line and column.
func FuzzCheck(f *testing.F) {
	f.Add(`{"$defs": {"A": {"$ref": "REF"}}}`, "b.json#/$defs/B")
	f.Add(`{"$id": "https://x.example/a.json", "$defs": {"A": {"$id": "in/", "$ref": "REF"}}}`, "../b.json#b")
	f.Add("openapi: 3.0.3\npaths:\n  /a:\n    $ref: REF\n", "b.json#/$defs/B/~1x%20")
	f.Add(`{"$ref": "REF"}`, `..\..\b.json`)
	f.Add(`{"$ref": "REF", "x": {"$ref": "#"}}`, "https://x.example/b.json#/%zz")
	f.Fuzz(func(t *testing.T, doc, ref string) {
		dir := t.TempDir()
		data := []byte(replaceREF(doc, ref))
		if err := os.WriteFile(filepath.Join(dir, "a.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		b := `{"$id": "https://x.example/b.json", "$defs": {"B": {"$anchor": "b", "$ref": "a.json"}}}`
		if err := os.WriteFile(filepath.Join(dir, "b.json"), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
		ws := reduce.NewWorkspace(dir)
		ws.Cwd = dir
		r := NewResolver(ws, Options{Mappings: []Mapping{{Prefix: "https://x.example/m/", Dir: "."}}})
		d, err := r.Load(filepath.Join(dir, "a.json"), "")
		if err != nil {
			return // a load error is the CLI's one-line exit 2
		}
		for _, f := range r.Check([]*reduce.Document{d}) {
			if l := f.Primary(); l.Line < 1 || l.Column < 1 {
				t.Errorf("finding without a position: %+v", f)
			}
		}
	})
}

// replaceREF puts ref, JSON-escaped as far as quotes and backslashes go, where
// the document says REF.
func replaceREF(doc, ref string) string {
	esc := make([]byte, 0, len(ref))
	for i := 0; i < len(ref); i++ {
		if ref[i] == '"' || ref[i] == '\\' {
			esc = append(esc, '\\')
		}
		esc = append(esc, ref[i])
	}
	out := []byte{}
	for i := 0; i < len(doc); i++ {
		if i+3 <= len(doc) && doc[i:i+3] == "REF" {
			out = append(out, esc...)
			i += 2
			continue
		}
		out = append(out, doc[i])
	}
	return string(out)
}
