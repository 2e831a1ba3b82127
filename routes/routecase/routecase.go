// Package routecase runs the statement-level cases of a language's route
// extractor: each txtar file holds a small server's source files and, in its
// want section, the routes and unresolved registrations extracting it must
// yield (routes.Set.Dump), so one construct is tested without a whole app.
// The cases use internal/casetest's one format and its -update flag.
package routecase

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// Extractor is a language's Extract: the routes of the server at root.
type Extractor func(root string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error)

// Run extracts every case under dir with extract and compares the dump with
// the case's want section. A "server: PATH" header names the folder or file
// read (default: the case's folder); files are named from the case's folder
// and read confined to it. An extraction error is the whole output
// ("error: ..."), so a case can pin one.
func Run(t *testing.T, dir string, extract Extractor) {
	t.Helper()
	casetest.RunText(t, dir, func(t *testing.T, c *casetest.Case) string {
		root := c.Dir
		if server := c.Header("server"); len(server) > 0 {
			root = filepath.Join(c.Dir, filepath.FromSlash(server[0]))
		}
		display := func(p string) string {
			if rel, err := filepath.Rel(c.Dir, p); err == nil {
				return filepath.ToSlash(rel)
			}
			return filepath.ToSlash(p)
		}
		set, err := extract(root, display, fsroot.New(c.Dir), routes.BudgetOf(limits.Limits{}))
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		return set.Dump()
	})
}
