package description

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/parity"
)

// TestCases runs the description cases: canonical.json (or canonical.yaml,
// or wrapper.json) against mirror.yaml (or openapi.yaml), with the renames of
// an "args" file.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, dir string) []report.Finding {
		ws := reduce.NewWorkspace(dir)
		cd, err := ws.Load(firstExisting(dir, "canonical.json", "canonical.yaml", "wrapper.json"), "")
		if err != nil {
			t.Fatal(err)
		}
		md, err := ws.Load(firstExisting(dir, "mirror.yaml", "openapi.yaml"), "")
		if err != nil {
			t.Fatal(err)
		}
		return Check(parity.Compare(ws, cd, md, parity.Options{Renames: casetest.Renames(t, dir)}).Pairs)
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
