package bench

import (
	"os"
	"path/filepath"
	"testing"
)

// corpus returns the corpus folder every benchmark on real documents reads:
// $WIRELINT_CORPUS, or ../shared/corpus beside the repository (go test runs
// in bench/, one folder below the repository root). It skips tb when the
// folder is absent, naming where it looked.
func corpus(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("WIRELINT_CORPUS")
	if dir == "" {
		root, err := filepath.Abs("..")
		if err != nil {
			tb.Fatal(err)
		}
		dir = filepath.Join(root, "..", "shared", "corpus")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("no corpus at %s (set WIRELINT_CORPUS)", dir)
	}
	return dir
}
