package differential

import (
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs canonical.json with
// mirror.yaml (or mirror.json); the args section holds CANONICAL=MIRROR
// renames, a fixtures/ folder golden payloads used as probes.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		opts := Options{Renames: c.Renames(t)}
		if c.First("fixtures") != "" {
			var err error
			if opts.Fixtures, err = validate.LoadPayloads(c.WS.FS, "fixtures", c.WS.Display, limits.Limits{}); err != nil {
				t.Fatal(err)
			}
		}
		return Check(c.WS, c.Load(t, "canonical.json"), c.Load(t, c.First("mirror.yaml", "mirror.json")), opts)
	})
}
