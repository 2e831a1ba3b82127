package differential

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs canonical.json with
// mirror.yaml (or mirror.json); an "args" file holds CANONICAL=MIRROR
// renames, a fixtures/ folder golden payloads used as probes.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, dir string) []report.Finding {
		return runCase(t, dir)
	})
}

func runCase(t *testing.T, dir string) []report.Finding {
	t.Helper()
	ws := reduce.NewWorkspace(dir)
	mirror := "mirror.yaml"
	if _, err := os.Stat(filepath.Join(dir, "mirror.json")); err == nil {
		mirror = "mirror.json"
	}
	cd, err := ws.Load("canonical.json", "")
	if err != nil {
		t.Fatal(err)
	}
	md, err := ws.Load(mirror, "")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{}
	opts.Renames = casetest.Renames(t, dir)
	if _, err := os.Stat(filepath.Join(dir, "fixtures")); err == nil {
		if opts.Fixtures, err = validate.LoadPayloads(ws.FS, filepath.Join(dir, "fixtures"), ws.Display); err != nil {
			t.Fatal(err)
		}
	}
	return Check(ws, cd, md, opts)
}
