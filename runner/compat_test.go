package runner

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestCompatRemovesItsRevisionFolder: the runner reads the base revision
// into a temporary folder for the compat family's pass and removes it when
// the pass returns; the comparison itself saw the revision (the narrowed
// request is reported).
func TestCompatRemovesItsRevisionFolder(t *testing.T) {
	root := fingerprintRepo(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	res, err := Run(Config{Dir: root, Parity: []Parity{{Canonical: "svc/c.json", Mirror: "svc/m.json"}}, Compat: &Compat{Against: "v1"}})
	if err != nil {
		t.Fatal(err)
	}
	narrowed := false
	for _, f := range res.Findings {
		narrowed = narrowed || f.Rule == "compat/request-narrowed"
	}
	if !narrowed {
		t.Errorf("no compat/request-narrowed against v1 (maxLength 5 → 3): the base revision was not compared")
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s is left in the temporary folder after the run", e.Name())
	}
}

// TestComparingFamilyReadsNoGit pins where a revision is read: the runner
// prepares Pass.Revisions, so the package of a family that Compares imports
// neither git package (its file-system reads are held by TestConfinedReads).
func TestComparingFamilyReadsNoGit(t *testing.T) {
	f := comparing()
	if f == nil {
		t.Fatal("no registered family Compares")
	}
	imports := moduleImports(t)["rules/"+f.Name]
	for _, git := range []string{gitPackage, "internal/gitrev"} {
		if slices.Contains(imports, git) {
			t.Errorf("rules/%s imports %s: a family that Compares reads its revisions from Pass.Revisions, which the runner prepares", f.Name, git)
		}
	}
}

// TestCompatRevisionsShareTrees: a file both revisions hold unchanged is
// parsed once — read at a git revision (the group's workspace shares its
// trees with the revision's folder) or named as OLD and NEW — and a changed
// file is parsed in each.
func TestCompatRevisionsShareTrees(t *testing.T) {
	root := fingerprintRepo(t)
	r := &run{cfg: &Config{Dir: root, Compat: &Compat{Against: "v1"}}, root: root}
	headWS := r.workspace(root)
	var docs []*reduce.Document
	for _, name := range []string{"svc/c.json", "svc/m.json"} {
		d, err := headWS.Load(filepath.Join(root, filepath.FromSlash(name)), "")
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	rv, cleanup, err := revisionAt(headWS, docs, "v1", map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if len(rv.Pairs) != 2 {
		t.Fatalf("%d pairs, want 2", len(rv.Pairs))
	}
	changed, unchanged := rv.Pairs[0], rv.Pairs[1]
	if changed.Base.Root == changed.Head.Root {
		t.Errorf("svc/c.json changed since v1 but its two revisions hold one tree")
	}
	if unchanged.Base.Root != unchanged.Head.Root {
		t.Errorf("svc/m.json is unchanged since v1 but was parsed again for the revision")
	}

	base, head := r.revisionWorkspaces(filepath.Join(root, "svc"), filepath.Join(root, "svc"))
	if base == head || base.Trees == nil || base.Trees != head.Trees {
		t.Errorf("OLD and NEW are read in workspaces that do not share their trees")
	}
}
