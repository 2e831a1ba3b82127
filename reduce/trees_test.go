package reduce

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTreesShared pins when a parsed tree is shared: between two workspaces
// given the same Trees, for the same bytes and the same strictness (.json
// or not); never between two files of one workspace, whose $refs resolve
// from their own folders; and a shared tree is not re-parsed, so the two
// documents hold one root while keeping their own paths.
func TestTreesShared(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"base/a/x.yaml": "type: object\nproperties:\n  id: {$ref: s.yaml}\n",
		"base/b/x.yaml": "type: object\nproperties:\n  id: {$ref: s.yaml}\n",
		"head/a/x.yaml": "type: object\nproperties:\n  id: {$ref: s.yaml}\n",
		"head/b/x.yaml": "type: object\nproperties:\n  id: {$ref: s.yaml}\n",
		"head/a/y.json": `{"type": "string"}`,
		"head/a/y.yaml": `{"type": "string"}`,
		"base/a/y.json": `{"type": "string"}`,
		"base/a/c.yaml": "type: string\nmaxLength: 3\n",
		"head/a/c.yaml": "type: string\nmaxLength: 4\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	trees := NewTrees()
	base, head := NewWorkspace(dir), NewWorkspace(dir)
	base.Trees, head.Trees = trees, trees
	root := func(ws *Workspace, name string) *Node {
		t.Helper()
		d, err := ws.LoadFragment(filepath.Join(dir, filepath.FromSlash(name)), "", Draft202012)
		if err != nil {
			t.Fatal(err)
		}
		if d.Path != filepath.ToSlash(name) && filepath.Base(d.Path) != filepath.Base(name) {
			t.Errorf("%s loaded as %s", name, d.Path)
		}
		return d.Root
	}
	if root(base, "base/a/x.yaml") != root(head, "head/a/x.yaml") {
		t.Error("the same bytes in two workspaces were parsed twice")
	}
	if root(base, "base/b/x.yaml") == root(base, "base/a/x.yaml") {
		t.Error("two files of one workspace share a tree")
	}
	if root(head, "head/b/x.yaml") == root(head, "head/a/x.yaml") {
		t.Error("two files of one workspace share a tree")
	}
	if root(head, "head/a/y.yaml") == root(base, "base/a/y.json") {
		t.Error("a .yaml file shares the tree of a .json file, which is held to strict JSON")
	}
	if root(head, "head/a/y.json") != root(base, "base/a/y.json") {
		t.Error("the same .json bytes in two workspaces were parsed twice")
	}
	if root(head, "head/a/c.yaml") == root(base, "base/a/c.yaml") {
		t.Error("different bytes share a tree")
	}
	// a shared tree keeps the text it was parsed from, as a tree parsed anew
	// does: what is absent from it is known absent without a walk
	shared, err := head.LoadFragment(filepath.Join(dir, "head", "a", "x.yaml"), "", Draft202012)
	if err != nil {
		t.Fatal(err)
	}
	if shared.MayHoldKey("x-wirelint-ignore") || !shared.MayHoldKey("properties") {
		t.Error("a shared tree's document does not know the text it was parsed from")
	}
	if parsed, shared := trees.Counts(); parsed != 6 || shared != 3 {
		t.Errorf("parsed %d, shared %d; want 6 and 3", parsed, shared)
	}
}
