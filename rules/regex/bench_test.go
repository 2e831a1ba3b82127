package regex

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/reduce"
)

// corpusDir is the shared corpus: $WIRELINT_CORPUS, else ../shared/corpus
// relative to the repository root.
func corpusDir() string {
	if d := os.Getenv("WIRELINT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "corpus")
}

// BenchmarkJudgeCorpus judges every real pattern of testdata/corpus in the
// default targets: parse, dialect tables, translation to Go.
func BenchmarkJudgeCorpus(b *testing.B) {
	t := &testing.T{}
	lines := readCorpus(t)
	b.ResetTimer()
	for range b.N {
		for _, l := range lines {
			for _, d := range DefaultDialects {
				v := ecmaregex.JudgePattern(l.Pattern, d)
				if v.Compiles && v.Err == nil {
					ecmaregex.Translate(v.Tree, d) //nolint:errcheck // timing only
				}
			}
		}
	}
	b.ReportMetric(float64(len(lines)), "patterns/op")
}

// BenchmarkCheckLargeSpecs runs Check over the large real OpenAPI documents of
// the shared corpus (skipped when it is absent).
func BenchmarkCheckLargeSpecs(b *testing.B) {
	for _, name := range []string{"perf/github/api.github.com.json", "perf/stripe/spec3.json", "perf/twilio/twilio_api_v2010.json"} {
		path := filepath.Join(corpusDir(), name)
		if _, err := os.Stat(path); err != nil {
			b.Logf("skip %s: %v", name, err)
			continue
		}
		doc, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, path, name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			n := 0
			for range b.N {
				n = len(Check(doc, Options{}))
			}
			b.ReportMetric(float64(len(Sites(doc))), "patterns")
			b.ReportMetric(float64(n), "findings")
		})
	}
	if _, err := os.Stat(corpusDir()); err != nil {
		b.Skip("shared corpus absent; set WIRELINT_CORPUS")
	}
}
