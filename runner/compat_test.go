package runner

import (
	"os"
	"slices"
	"testing"
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
