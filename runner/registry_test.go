package runner

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// notYetRegistered maps a family folder to the non-test files outside it
// that still import it besides the registry: the compat family is run by
// runner/compat.go (its comparison with a revision or a second folder),
// which the compat work of this round owns.
var notYetRegistered = map[string][]string{
	"compat": {"runner/compat.go"},
}

// TestFamilyImports pins that a family joins the rest of the code in one
// place: outside its folder, the only non-test Go file that imports it is
// runner/registry.go, and every folder under rules/ (but rules/internal and
// rules/family) is a registered family of that name.
func TestFamilyImports(t *testing.T) {
	importers := familyImporters(t, "..")
	for fam, files := range importers {
		want := append([]string{"runner/registry.go"}, notYetRegistered[fam]...)
		for _, f := range files {
			if !slices.Contains(want, f) {
				t.Errorf("%s imports rules/%s: only runner/registry.go may (add what it needs to the family's Family, or re-export it from the registry)", f, fam)
			}
		}
	}
	entries, err := os.ReadDir("../rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || name == "internal" || name == "family" || notYetRegistered[name] != nil {
			continue
		}
		if !slices.ContainsFunc(registry, func(r registered) bool { return r.family.Name == name }) {
			t.Errorf("rules/%s is not in the registry: add its Family to runner/registry.go", name)
		}
	}
}

// familyImporters maps each family folder under rules/ to the non-test Go
// files outside it that import it (or a package below it), paths from root.
func familyImporters(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	walkGoFiles(t, root, func(file string, imports []string) {
		for _, imp := range imports {
			rest, ok := strings.CutPrefix(imp, "rules/")
			if !ok {
				continue
			}
			fam, _, _ := strings.Cut(rest, "/")
			if fam == "internal" || fam == "family" || strings.HasPrefix(file, "rules/"+fam+"/") {
				continue
			}
			out[fam] = append(out[fam], file)
		}
	})
	return out
}
