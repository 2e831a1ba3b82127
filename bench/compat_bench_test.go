package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/runner"
)

// BenchmarkCompatDigitalOcean runs `wirelint compat OLD NEW` as the command
// does (one runner configuration, from the tree's folder) on DigitalOcean's
// consecutive and gapped pairs (bench/compat-corpus.md), a 2,900-file YAML
// tree whose operations are $refs, read from $WIRELINT_COMPAT_FETCHED (the
// FETCHED folder of bench/compat.sh); it skips without them. bench/compat.sh
// times the same runs beside oasdiff; this one is for profiles and for
// comparing two builds (-count 10 | benchstat).
func BenchmarkCompatDigitalOcean(b *testing.B) {
	root := filepath.Join(os.Getenv("WIRELINT_COMPAT_FETCHED"), "digitalocean__openapi")
	const spec = "specification/DigitalOcean-public.v2.yaml"
	for _, pair := range []struct{ name, base, head string }{
		{"consecutive", "8c740d33", "7c1300c4"},
		{"gapped", "5d99aefe", "7c1300c4"},
	} {
		b.Run(pair.name, func(b *testing.B) {
			old, new := filepath.Join(root, pair.base, spec), filepath.Join(root, pair.head, spec)
			for _, p := range []string{old, new} {
				if _, err := os.Stat(p); err != nil {
					b.Skipf("no DigitalOcean pair (set WIRELINT_COMPAT_FETCHED to compat.sh's FETCHED): %v", err)
				}
			}
			findings := 0
			for b.Loop() {
				res, err := runner.Run(runner.Config{Dir: root, Compat: &runner.Compat{Old: old, New: new}})
				if err != nil {
					b.Fatal(err)
				}
				findings = len(res.Findings)
			}
			b.ReportMetric(float64(findings), "findings")
		})
	}
}
