package reduce

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkValidJSON measures the .json check on the GitHub spec from the
// corpus (WIRELINT_CORPUS, default ../shared/corpus); it skips without it.
func BenchmarkValidJSON(b *testing.B) {
	dir := corpusDir()
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

// BenchmarkCheckKeys measures the walk every loaded document takes (unique
// keys, the node budget, numbers past float64 retagged) on a JSON and a YAML
// document from the corpus (WIRELINT_CORPUS, default ../shared/corpus); in
// YAML every key and most values are plain scalars. It skips without them.
func BenchmarkCheckKeys(b *testing.B) {
	dir := corpusDir()
	for _, name := range []string{
		"perf/github/api.github.com.json",
		"perf/digitalocean/specification/resources/gen-ai/definitions.yml",
	} {
		b.Run(filepath.Ext(name)[1:], func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				b.Skipf("no corpus: %v", err)
			}
			doc, err := parseTree(data, filepath.Base(name), treeBudgets{})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := CheckKeys(doc.Path, doc.Root, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// corpusDir is the corpus the benchmarks read: WIRELINT_CORPUS, default
// ../shared/corpus beside the worktree.
func corpusDir() string {
	if dir := os.Getenv("WIRELINT_CORPUS"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "shared", "corpus")
}
