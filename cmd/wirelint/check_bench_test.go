package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/runner"
)

// corpusDir is the shared corpus: $WIRELINT_CORPUS, else ../shared/corpus
// beside the repository root.
func corpusDir() string {
	if d := os.Getenv("WIRELINT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "corpus")
}

// BenchmarkCheck runs a whole configured check (parity with descriptions,
// refs, regex with default dialects, suppression) on the Kubernetes core/v1
// API served as Swagger 2.0 and as OpenAPI 3.0: 1 MB and 1.4 MB of JSON.
// Reproduce with: go test ./cmd/wirelint -run '^$' -bench BenchmarkCheck
func BenchmarkCheck(b *testing.B) {
	src := filepath.Join(corpusDir(), "pairs", "kubernetes-v2-v3")
	dir := b.TempDir()
	for _, f := range []string{"v2_api.v1.json", "v3_api.v1.json"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			b.Skipf("corpus not available (%v); set WIRELINT_CORPUS", err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	conf := filepath.Join(dir, config.FileName)
	if err := os.WriteFile(conf, []byte("parity:\n  - canonical: v2_api.v1.json\n    mirror: v3_api.v1.json\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		cfg, err := loadConfig(conf, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := runner.Run(runner.FromFile(cfg)); err != nil {
			b.Fatal(err)
		}
	}
}
