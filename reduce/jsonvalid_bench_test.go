package reduce

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkValidJSON measures the .json check on the GitHub spec from the
// corpus (WIRELINT_CORPUS, default ../shared/corpus); it skips without it.
func BenchmarkValidJSON(b *testing.B) {
	dir := os.Getenv("WIRELINT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "corpus")
	}
	data, err := os.ReadFile(filepath.Join(dir, "perf", "github", "api.github.com.json"))
	if err != nil {
		b.Skipf("no corpus: %v", err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if !validJSON(data, maxNesting) {
			b.Fatal("the GitHub spec is not JSON")
		}
	}
}
