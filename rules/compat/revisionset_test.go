package compat

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
)

// TestRevisionSetShared: the proofs of two files of one revision, read in
// one dialect, compile in one Set, so a model both reach is compiled once;
// each schema still validates as in a Set of its own file.
func TestRevisionSetShared(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"a.yaml":      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'models.yaml#/Name'}\n",
		"b.yaml":      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    B: {type: object, properties: {n: {$ref: 'models.yaml#/Name'}}}\n",
		"models.yaml": "Name: {type: string, maxLength: 3}\n",
	})
	ws := reduce.NewWorkspace(dir)
	w := &witnessBuilder{headWorkspace: ws, sets: map[*reduce.Document]*setResult{}}
	red := reduce.NewReducer(ws)
	for name, c := range map[string]struct {
		pointer, good, bad string
	}{
		"a.yaml": {"/components/schemas/A", `"abc"`, `"abcd"`},
		"b.yaml": {"/components/schemas/B", `{"n": "abc"}`, `{"n": "abcd"}`},
	} {
		doc, err := ws.Load(filepath.Join(dir, name), "")
		if err != nil {
			t.Fatal(err)
		}
		s, err := w.compiled(red.Schema(doc, doc.Lookup(c.pointer), c.pointer))
		if err != nil {
			t.Fatal(err)
		}
		for payload, want := range map[string]bool{c.good: true, c.bad: false} {
			var v any
			if err := json.Unmarshal([]byte(payload), &v); err != nil {
				t.Fatal(err)
			}
			if ok, known := s.Valid(v); !known || ok != want {
				t.Errorf("%s %s: valid %v (known %v), want %v", name, payload, ok, known, want)
			}
		}
	}
	if len(w.revisionSets) != 1 || len(w.sets) != 2 {
		t.Errorf("%d revision Sets for %d documents, want 1 for 2", len(w.revisionSets), len(w.sets))
	}
}
