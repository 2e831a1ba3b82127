package description

import (
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/parity"
)

// TestCases runs the description cases: canonical.json (or canonical.yaml,
// or wrapper.json) against mirror.yaml (or openapi.yaml), with the renames of
// the args section.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		cd := c.Load(t, c.First("canonical.json", "canonical.yaml", "wrapper.json"))
		md := c.Load(t, c.First("mirror.yaml", "openapi.yaml"))
		return Check(parity.Compare(c.WS, cd, md, parity.Options{Renames: c.Renames(t)}).Pairs)
	})
}

// TestNormalize pins what counts as cosmetic.
func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"The frame id.", "The frame id"},
		{"The *frame* id", "The **frame** id"},
		{"The `frame_id` field", "The frame_id field"},
		{"The _frame_ id", "The frame id"},
		{"one\n  two", "one two"},
	} {
		if Normalize(tc.a) != Normalize(tc.b) {
			t.Errorf("Normalize(%q) = %q, Normalize(%q) = %q: want equal", tc.a, Normalize(tc.a), tc.b, Normalize(tc.b))
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"at most 30 seconds", "at most 60 seconds"},
		{"MUST retry", "must retry"},
		{"frame_id", "frameid"},
	} {
		if Normalize(tc.a) == Normalize(tc.b) {
			t.Errorf("Normalize(%q) == Normalize(%q): want different", tc.a, tc.b)
		}
	}
}

// TestWordDiff shows the changed word only.
func TestWordDiff(t *testing.T) {
	got := WordDiff("Delay before the next attempt, in milliseconds; at most 30000.", "Delay before the next attempt, in milliseconds; at most 60000.")
	want := "Delay before … at most [-30000.-] {+60000.+}"
	if got != want {
		t.Errorf("WordDiff = %q, want %q", got, want)
	}
}
