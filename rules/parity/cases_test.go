package parity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// TestCases runs the rule cases in testdata: each pairs the canonical file
// (canonical.json, canonical.yaml, wrapper.json or schemas/frame.json; or the
// files a "canonicals" file lists, one a line) with mirror.yaml, mirror.json
// or openapi.yaml; the args section holds CANONICAL=MIRROR renames.
func TestCases(t *testing.T) {
	kept := 0
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		fs, cds := checkCase(t, c)
		pointersExist(t, fs, cds)
		sameWhenSharded(t, c, fs)
		if samePrepared(t, c, fs) {
			kept++
		}
		return fs
	})
	// most cases are a JSON canonical with fragment $refs only: a
	// preparation that always gave up would compare nothing above
	if kept < 20 {
		t.Errorf("the canonical file was prepared in %d cases, want at least 20", kept)
	}
}

// samePrepared checks that preparing the case's lone canonical file before
// its mirror has loaded (the family's Prepare, as the runner calls it while
// the mirror parses) changes no finding, with the definitions in one run and
// in several. It reports whether the preparation was kept.
func samePrepared(t *testing.T, c *casetest.Case, want []report.Finding) bool {
	t.Helper()
	if _, err := os.Stat(filepath.Join(c.Dir, "canonicals")); err == nil {
		return false
	}
	canonical := c.First("canonical.json", "canonical.yaml", "wrapper.json", "schemas/frame.json")
	mirror := c.First("mirror.yaml", "mirror.json", "openapi.yaml")
	defer func(n int) { shardCount = n }(shardCount)
	kept := false
	for _, n := range []int{0, 2, 3} {
		shardCount = n
		ws := reduce.NewWorkspace(c.Dir)
		res := idref.NewResolver(ws, idref.Options{})
		cd, err := ws.Load(filepath.Join(c.Dir, canonical), canonical)
		if err != nil {
			t.Fatal(err)
		}
		pass := &family.Pass{Entries: []family.Entry{{Value: Entry{Canonical: canonical, Mirror: mirror}}}, Workspace: ws, Resolver: res}
		pre, _ := prepare(pass, canonical, cd).(*prepared)
		if pre == nil {
			return false
		}
		kept = true
		md, err := ws.Load(filepath.Join(c.Dir, mirror), mirror)
		if err != nil {
			t.Fatal(err)
		}
		got := CheckAll(res, []*reduce.Document{cd}, md, Options{Renames: c.Renames(t), prepared: pre}).Findings
		if g, w := casetest.Compact(report.Finalize(got)), casetest.Compact(report.Finalize(want)); g != w {
			t.Errorf("with %s prepared (%d shards):\n--- got\n%s--- want\n%s", canonical, n, g, w)
		}
	}
	return kept
}

// pointersExist checks that each keyword finding located in its canonical
// definition names the place it is located at, or the object lacking the
// keyword, as a pointer of that definition (a merged view of allOf parts
// included: /allOf/0/properties/href/minLength, not /properties/href/...).
// One located in another definition, reached through a $ref, is left out.
func pointersExist(t *testing.T, fs []report.Finding, cds []*reduce.Document) {
	t.Helper()
	for _, f := range fs {
		if f.Rule != RuleKeyword || f.Definition == "" || len(f.Locations) == 0 {
			continue
		}
		loc := f.Locations[0]
		for _, d := range cds {
			def := d.Definition(f.Definition)
			if d.Path != loc.File || def == nil || loc.Pointer != def.Pointer && !strings.HasPrefix(loc.Pointer, def.Pointer+"/") {
				continue
			}
			parent := f.Pointer[:max(strings.LastIndexByte(f.Pointer, '/'), 0)]
			if loc.Pointer != def.Pointer+f.Pointer && loc.Pointer != def.Pointer+parent {
				t.Errorf("%s %s: pointer %q names neither its canonical location %s nor the object lacking the keyword", f.Rule, f.Definition, f.Pointer, loc.Pointer)
			}
		}
	}
}

// sameWhenSharded checks that the case's findings do not depend on how
// the definitions are split between comparers (see shards): the same with
// the definitions in two, three and as many runs as there are.
func sameWhenSharded(t *testing.T, c *casetest.Case, want []report.Finding) {
	t.Helper()
	defer func(n int) { shardCount = n }(shardCount)
	for _, n := range []int{2, 3, 1000} {
		shardCount = n
		got, _ := checkCase(t, c)
		if g, w := casetest.Compact(report.Finalize(got)), casetest.Compact(report.Finalize(want)); g != w {
			t.Errorf("with the definitions in %d shards:\n--- got\n%s--- want\n%s", n, g, w)
		}
	}
}

func checkCase(t *testing.T, c *casetest.Case) ([]report.Finding, []*reduce.Document) {
	{
		canonicals := []string{c.First("canonical.json", "canonical.yaml", "wrapper.json", "schemas/frame.json")}
		if b, err := os.ReadFile("canonicals"); err == nil {
			canonicals = strings.Fields(string(b))
		}
		var cds []*reduce.Document
		for _, canonical := range canonicals {
			cds = append(cds, c.Load(t, canonical))
		}
		md := c.Load(t, c.First("mirror.yaml", "mirror.json", "openapi.yaml"))
		return CheckAll(idref.NewResolver(c.WS, idref.Options{}), cds, md, Options{Renames: c.Renames(t)}).Findings, cds
	}
}
