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
		tb.Skipf("no corpus at %s: public data kept beside the repository, not in it (bench/README.md, \"Where the corpus comes from\"); set WIRELINT_CORPUS", dir)
	}
	return dir
}

// corpusFile returns the path of the corpus file rel (slash-separated),
// skipping tb when it is absent.
func corpusFile(tb testing.TB, rel string) string {
	tb.Helper()
	path := filepath.Join(corpus(tb), filepath.FromSlash(rel))
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("corpus file %s not present: public data kept beside the repository, not in it (bench/README.md, \"Where the corpus comes from\"); set WIRELINT_CORPUS", path)
	}
	return path
}
