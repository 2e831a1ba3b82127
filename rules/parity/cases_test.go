package parity

import (
	"os"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs the canonical file
// (canonical.json, canonical.yaml, wrapper.json or schemas/frame.json; or the
// files a "canonicals" file lists, one a line) with mirror.yaml, mirror.json
// or openapi.yaml; the args section holds CANONICAL=MIRROR renames.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		fs, cds := checkCase(t, c)
		pointersExist(t, fs, cds)
		sameWhenSharded(t, c, fs)
		return fs
	})
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
