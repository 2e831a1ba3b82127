package parity

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs the canonical file
// (canonical.json, or schemas/frame.json) with mirror.yaml or mirror.json.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, dir string) []report.Finding {
		ws := reduce.NewWorkspace(dir)
		canonical := firstExisting(dir, "canonical.json", "schemas/frame.json")
		mirror := firstExisting(dir, "mirror.yaml", "mirror.json")
		cd, err := ws.Load(canonical, "")
		if err != nil {
			t.Fatal(err)
		}
		md, err := ws.Load(mirror, "")
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{}
		opts.Renames = casetest.Renames(t, dir)
		return Check(ws, cd, md, opts).Findings
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
