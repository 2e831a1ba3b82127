package compat

import (
	"encoding/json"
	"path/filepath"
	"strings"
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
		s, err := w.compiled(red.Schema(doc, doc.Lookup(c.pointer), c.pointer), false)
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

// TestWitnessReadsOwnRevision: comparing two folders of one project, where
// each revision's workspace holds both folders, a proof compiles the base
// schema from the files the base revision already read: the head workspace
// reads no file of the base folder (nor the base workspace one of head's),
// and the narrowed model is still proven by a payload.
func TestWitnessReadsOwnRevision(t *testing.T) {
	root := func(rev string) string {
		return "openapi: 3.0.3\ninfo: {title: pets, version: '1'}\npaths:\n  /pets:\n    post:\n      $ref: './" + rev + "/ops/create.yaml'\n"
	}
	op := "requestBody:\n  content:\n    application/json:\n      schema: {$ref: '../models/pet.yaml'}\nresponses:\n  '201': {description: created}\n"
	dir := casetest.WriteFiles(t, map[string]string{
		"base.yaml": root("base"), "base/ops/create.yaml": op, "base/models/pet.yaml": "type: object\nproperties:\n  tag: {type: string, maxLength: 10}\n",
		"head.yaml": root("head"), "head/ops/create.yaml": op, "head/models/pet.yaml": "type: object\nproperties:\n  tag: {type: string, maxLength: 5}\n",
	})
	baseWS, headWS, b, h := loadSharedPair(t, dir)
	proven := false
	for _, f := range Check(baseWS, headWS, b, h, Options{}) {
		proven = proven || f.Rule == RuleRequestNarrowed && f.Fields["payload"] != nil
	}
	if !proven {
		t.Fatal("the narrowed maxLength is not reported with a payload")
	}
	for _, c := range []struct {
		ws    *reduce.Workspace
		other string
	}{{baseWS, "head"}, {headWS, "base"}} {
		for _, d := range c.ws.Documents() {
			rel, err := filepath.Rel(dir, d.Abs)
			if err != nil || strings.HasPrefix(filepath.ToSlash(rel), c.other+"/") || rel == c.other+".yaml" {
				t.Errorf("the workspace of the other revision read %s", rel)
			}
		}
	}
}

// loadSharedPair loads dir's base.yaml and head.yaml into two workspaces
// that share their parsed trees, as compat's folder mode does.
func loadSharedPair(t *testing.T, dir string) (baseWS, headWS *reduce.Workspace, b, h *reduce.Document) {
	t.Helper()
	baseWS, headWS = reduce.NewWorkspace(dir), reduce.NewWorkspace(dir)
	baseWS.Trees = reduce.NewTrees()
	headWS.Trees = baseWS.Trees
	b, err := baseWS.Load(filepath.Join(dir, "base.yaml"), "")
	if err != nil {
		t.Fatal(err)
	}
	h, err = headWS.Load(filepath.Join(dir, "head.yaml"), "")
	if err != nil {
		t.Fatal(err)
	}
	return baseWS, headWS, b, h
}
