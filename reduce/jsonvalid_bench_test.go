package reduce

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pb33f/go-yaml"
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

// BenchmarkYAMLPreScan measures the YAML pre-scan against the parse it
// guards, on the GitHub spec from the corpus (WIRELINT_CORPUS, default
// ../shared/corpus) written out as block YAML (2.9 MB) by the YAML encoder; it skips
// without it. The pre-scan must be a small fraction of parsing.
func BenchmarkYAMLPreScan(b *testing.B) {
	text := githubBlockYAML(b)
	budgets := jsonBudgets{depth: MaxDepth, nodes: 1 << 30, enum: MaxEnum}
	b.Run("prescan", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if r := scanYAMLBudgets(text, budgets); r.tooMany >= 0 || r.bigEnum >= 0 {
				b.Fatalf("refused: %+v", r)
			}
		}
	})
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := parseTree(text, "api.github.com.yaml", treeBudgets{nodes: 1 << 30}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// githubBlockYAML returns the GitHub spec from the corpus written out as
// block YAML by the YAML encoder (2.9 MB); the benchmark skips without it.
func githubBlockYAML(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join(corpusDir(), "perf", "github", "api.github.com.json"))
	if err != nil {
		b.Skipf("no corpus: %v", err)
	}
	doc, err := parseTree(data, "api.github.com.json", treeBudgets{nodes: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	blockStyle(doc.Root)
	text, err := yaml.Marshal(doc.Root)
	if err != nil {
		b.Fatal(err)
	}
	return text
}

// blockStyle clears the styles the JSON text gave the tree under n, so the
// YAML encoder writes block collections and plain scalars where it can.
func blockStyle(n *Node) {
	n.Style = 0
	for _, c := range n.Content {
		blockStyle(c)
	}
}
