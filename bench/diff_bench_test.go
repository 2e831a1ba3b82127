package bench

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/differential"
)

// runDiffcheck is what `wirelint diffcheck CANONICAL MIRROR` does before
// printing: load both documents through one workspace, compare every paired
// definition with payloads, finalize the findings.
func runDiffcheck(canonical, mirror string) ([]report.Finding, error) {
	ws := reduce.NewWorkspace(filepath.Dir(canonical))
	c, err := ws.Load(canonical, "")
	if err != nil {
		return nil, err
	}
	m, err := ws.Load(mirror, "")
	if err != nil {
		return nil, err
	}
	return report.Finalize(differential.Check(ws, c, m, differential.Options{})), nil
}

// BenchmarkDiffcheckGitHub runs the differential over every definition of the
// GitHub spec pair (api.github.com against its schemas converted to JSON
// Schema 2020-12). The claim: at most 3× BenchmarkDiffParityGitHub, which
// runs parity on the same pair in the same process.
func BenchmarkDiffcheckGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fs, err := runDiffcheck(canonical, mirror)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			reportFindings(b, fs)
		}
	}
}

// BenchmarkDiffParityGitHub is the baseline of BenchmarkDiffcheckGitHub:
// parity on the same pair.
func BenchmarkDiffParityGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := runParity(canonical, mirror); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiffcheckRatioGitHub times parity and the differential on the GitHub
// pair alternately in each iteration and reports their ratio (diff/parity), so
// load from other processes on the machine weighs on both alike. The claim is
// ratio <= 3.
func BenchmarkDiffcheckRatioGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	var parityTime, diffTime time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := runParity(canonical, mirror); err != nil {
			b.Fatal(err)
		}
		parityTime += time.Since(start)
		start = time.Now()
		if _, err := runDiffcheck(canonical, mirror); err != nil {
			b.Fatal(err)
		}
		diffTime += time.Since(start)
	}
	b.ReportMetric(float64(diffTime)/float64(parityTime), "diff/parity")
	b.ReportMetric(float64(parityTime.Milliseconds())/float64(b.N), "parity-ms/op")
	b.ReportMetric(float64(diffTime.Milliseconds())/float64(b.N), "diff-ms/op")
}

// reportFindings logs the findings of the first run: the pair is a
// false-positive control, so there should be none.
func reportFindings(b *testing.B, fs []report.Finding) {
	b.Helper()
	b.ReportMetric(float64(len(fs)), "findings")
	for i, f := range fs {
		if i >= 10 {
			break
		}
		b.Logf("%s %s %s: %s", f.Rule, f.Definition, f.Primary(), f.Message)
	}
}
