package compat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each compares base.* (the old
// revision) with head.* (the new one).
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, dir string) []report.Finding {
		find := func(stem string) string {
			for _, ext := range []string{".yaml", ".json"} {
				if _, err := os.Stat(filepath.Join(dir, stem+ext)); err == nil {
					return stem + ext
				}
			}
			t.Fatalf("no %s.yaml or %s.json", stem, stem)
			return ""
		}
		ws := reduce.NewWorkspace(dir)
		base, err := ws.Load(find("base"), "")
		if err != nil {
			t.Fatal(err)
		}
		head, err := ws.Load(find("head"), "")
		if err != nil {
			t.Fatal(err)
		}
		return Check(ws, ws, base, head, Options{})
	})
}
