package routecase

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// Apps extracts each small app named in apps, a folder under testdata (the
// routes package's one app per framework), with extract and compares the
// dump with testdata/<app>.golden, the golden routes/extract's tests keep
// for the same app: a language package's own tests read the apps its
// frameworks are pinned by.
func Apps(t *testing.T, testdata string, extract Extractor, apps ...string) {
	t.Helper()
	for _, app := range apps {
		t.Run(app, func(t *testing.T) {
			display := func(p string) string {
				rel, _ := filepath.Rel(testdata, p)
				return filepath.ToSlash(rel)
			}
			set, err := extract(filepath.Join(testdata, app), display, fsroot.Unconfined(), routes.BudgetOf(limits.Limits{}))
			if err != nil {
				t.Fatal(err)
			}
			casetest.Golden(t, filepath.Join(testdata, app+".golden"), set.Dump())
		})
	}
}
