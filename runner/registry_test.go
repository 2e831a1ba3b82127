package runner

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/rules/family"
)

// TestFamilyImports pins that a family joins the rest of the code in one
// place: outside its folder, the only non-test Go file that imports it is
// runner/registry.go, and every folder under rules/ (but rules/internal and
// rules/family) is a registered family of that name.
func TestFamilyImports(t *testing.T) {
	importers := familyImporters(t)
	for fam, files := range importers {
		for _, f := range files {
			if f != "runner/registry.go" {
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
		if !e.IsDir() || name == "internal" || name == "family" {
			continue
		}
		if !slices.ContainsFunc(registry, func(r registered) bool { return r.family.Name == name }) {
			t.Errorf("rules/%s is not in the registry: add its Family to runner/registry.go", name)
		}
	}
}

// familyImporters maps each family folder under rules/ to the non-test Go
// files outside it that import it (or a package below it), paths from the
// module's root.
func familyImporters(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	walkGoFiles(t, func(file string, imports []string) {
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

// TestRegistryIsWhole pins what the runner relies on in each registered
// family: a name that is its folder's and its rules' prefix, a Run, entries
// of its own or a family to follow, and requirements that are registered
// families of a scope that runs no later than its own.
func TestRegistryIsWhole(t *testing.T) {
	byName := map[string]registered{}
	for _, reg := range registry {
		byName[reg.family.Name] = reg
	}
	for _, reg := range registry {
		f := reg.family
		if _, err := os.Stat("../rules/" + f.Name); err != nil {
			t.Errorf("family %s has no folder rules/%s", f.Name, f.Name)
		}
		if f.Run == nil || len(f.Rules) == 0 {
			t.Errorf("family %s: a Run and rules are required", f.Name)
		}
		for _, r := range f.Rules {
			if !strings.HasPrefix(r.ID, f.Name+"/") {
				t.Errorf("family %s declares rule %s", f.Name, r.ID)
			}
		}
		if (reg.section == nil) != (f.Entries == nil) {
			t.Errorf("family %s: a section in the registry goes with Entries in the family, and none with none", f.Name)
		}
		if f.Entries == nil && len(f.Requires) == 0 {
			t.Errorf("family %s has no entries and requires no family to follow", f.Name)
		}
		for _, name := range append(slices.Clone(f.Requires), f.FinishReads...) {
			req, ok := byName[name]
			if !ok {
				t.Errorf("family %s requires %s, which is not registered", f.Name, name)
				continue
			}
			if req.family.Scope > f.Scope || req.family.Scope == family.Standalone && f.Scope != family.Standalone {
				t.Errorf("family %s (scope %d) requires %s (scope %d), which runs later or elsewhere", f.Name, f.Scope, name, req.family.Scope)
			}
		}
	}
}
