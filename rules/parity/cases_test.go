package parity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs the canonical file
// (canonical.json, canonical.yaml, wrapper.json or schemas/frame.json; or the
// files a "canonicals" file lists, one a line) with mirror.yaml, mirror.json
// or openapi.yaml.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, dir string) []report.Finding {
		ws := reduce.NewWorkspace(dir)
		canonicals := []string{firstExisting(dir, "canonical.json", "canonical.yaml", "wrapper.json", "schemas/frame.json")}
		if b, err := os.ReadFile(filepath.Join(dir, "canonicals")); err == nil {
			canonicals = strings.Fields(string(b))
		}
		mirror := firstExisting(dir, "mirror.yaml", "mirror.json", "openapi.yaml")
		var cds []*reduce.Document
		for _, canonical := range canonicals {
			cd, err := ws.Load(canonical, "")
			if err != nil {
				t.Fatal(err)
			}
			cds = append(cds, cd)
		}
		md, err := ws.Load(mirror, "")
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{}
		opts.Renames = casetest.Renames(t, dir)
		return CheckAll(ws, cds, md, opts).Findings
	})
}

func firstExisting(dir string, names ...string) string {
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return n
		}
	}
	return names[0]
}
