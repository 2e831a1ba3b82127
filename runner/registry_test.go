package runner

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "bench" || strings.HasPrefix(name, ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			rest, ok := strings.CutPrefix(path, module+"rules/")
			if !ok {
				continue
			}
			fam, _, _ := strings.Cut(rest, "/")
			if fam == "internal" || fam == "family" || strings.HasPrefix(rel, "rules/"+fam+"/") {
				continue
			}
			out[fam] = append(out[fam], rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
