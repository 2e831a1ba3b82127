package docs

import (
	"encoding/json"
	"errors"
	"github.com/wirelint/wirelint/internal/fsroot"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases under testdata/cases: each txtar holds a
// small tree, an optional options.json (the Options Check runs with) and the
// findings it must produce; cases named silent-* must produce none.
func TestCases(t *testing.T) {
	for _, family := range []string{"taxonomy", "tables", "site", "links"} {
		t.Run(family, func(t *testing.T) {
			casetest.Run(t, filepath.Join("testdata", "cases", family), func(t *testing.T, c *casetest.Case) []report.Finding {
				t.Setenv("PATH", "") // walk the tree: the case is not a git work tree
				var opts Options
				b, err := os.ReadFile("options.json")
				switch {
				case errors.Is(err, os.ErrNotExist):
				case err != nil:
					t.Fatal(err)
				default:
					if err := json.Unmarshal(b, &opts); err != nil {
						t.Fatalf("options.json: %v", err)
					}
				}
				opts.FS = fsroot.New(".")
				fs, err := Check(".", opts)
				if err != nil {
					t.Fatal(err)
				}
				return fs
			})
		})
	}
}
