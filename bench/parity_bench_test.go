package bench

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/bench/internal/oasconv"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
	"github.com/wirelint/wirelint/runner"
)

// githubSpec is the largest OpenAPI 3.0 document of the corpus with many
// patterns and nullable schemas: api.github.com (299 component schemas).
const githubSpec = "perf/github/api.github.com.json"

// realParityPair returns the corpus spec at rel and, beside it in a temporary
// folder, its component schemas converted to JSON Schema 2020-12: a canonical
// and mirror pair that must come out clean. It skips when the spec is absent.
func realParityPair(b *testing.B, rel string) (canonical, mirror string) {
	b.Helper()
	mirror = filepath.Join(corpus(b), filepath.FromSlash(rel))
	data, err := os.ReadFile(mirror)
	if err != nil {
		b.Skipf("corpus file absent: %v", err)
	}
	out, warnings, err := oasconv.Convert(data, rel)
	if err != nil {
		b.Fatal(err)
	}
	if len(warnings) > 0 {
		b.Fatalf("converting %s: %q", rel, warnings)
	}
	canonical = filepath.Join(b.TempDir(), "canonical.json")
	if err := os.WriteFile(canonical, out, 0o644); err != nil {
		b.Fatal(err)
	}
	return canonical, mirror
}

// runParity is what `wirelint parity CANONICAL MIRROR` does before printing
// (runner.Run, default options), with the findings finalized.
func runParity(canonical, mirror string) ([]report.Finding, error) {
	res, err := runner.Run(runner.Config{
		Root:   reduce.ProjectRoot(filepath.Dir(canonical)),
		Widen:  []string{filepath.Dir(mirror)}, // the corpus, as --root widens it
		Parity: []runner.Parity{{Canonical: canonical, Mirror: mirror}},
		Refs:   &runner.Refs{},
		Regex:  &runner.Regex{},
	})
	if err != nil {
		return nil, err
	}
	return res.Findings, nil
}

// parityRules runs the rules `wirelint parity` runs on an already loaded pair,
// one after the other: keyword parity and the descriptions of the pairs it
// visited, the ref rules on both documents and the regex rules on every
// document compared.
func parityRules(ws *reduce.Workspace, canonical, mirror *reduce.Document) []report.Finding {
	res := parity.Check(runner.NewResolver(ws, nil), canonical, mirror, parity.Options{})
	findings := append(res.Findings, description.Check(res.Pairs)...)
	findings = append(findings, ref.Check(ws, []*reduce.Document{canonical, mirror}, ref.Options{})...)
	for _, d := range ws.Documents() {
		findings = append(findings, regex.Check(d, regex.Options{})...)
	}
	return findings
}

// requireCleanParity fails b when parity or description rules report anything
// on the pair: the two documents say the same thing, so such a finding is a
// false positive (or a converter bug), and a benchmark of a run that reports
// them measures the wrong thing. Findings of the other rules are about one
// document's own content (a remote $ref, a non-portable pattern), which the
// pair inherits from the real spec; they are logged, and bench/parity.sh
// counts them against the pair being clean.
func requireCleanParity(b *testing.B, canonical, mirror string) {
	b.Helper()
	findings, err := runParity(canonical, mirror)
	if err != nil {
		b.Fatal(err)
	}
	bad := 0
	for _, f := range findings {
		line := fmt.Sprintf("%s %s%s: %s", f.Rule, f.Definition, f.Pointer, f.Message)
		if !strings.HasPrefix(f.Rule, "parity/") && !strings.HasPrefix(f.Rule, "description/") {
			b.Logf("document finding (not about the pair): %s", line)
			continue
		}
		if bad++; bad <= 5 {
			b.Error(line)
		}
	}
	if bad > 0 {
		b.Fatalf("%d parity/description findings on a pair that must be clean", bad)
	}
}

// parityLoop runs body b.N times (via b.Loop) and reports, besides wall time,
// the process's CPU time per operation as cpu-ns/op (and per definition as
// cpu-ns/def when defs > 0): on a shared, busy machine CPU time moves far less
// than wall time.
func parityLoop(b *testing.B, defs int, body func()) {
	b.Helper()
	b.ReportAllocs()
	start, ok := parityCPUTime()
	for b.Loop() {
		body()
	}
	end, _ := parityCPUTime()
	if ok {
		cpu := float64((end - start).Nanoseconds()) / float64(b.N)
		b.ReportMetric(cpu, "cpu-ns/op")
		if defs > 0 {
			b.ReportMetric(cpu/float64(defs), "cpu-ns/def")
		}
	}
	if defs > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(defs), "ns/def")
	}
}

// loadParityPair parses both documents with reduce.LoadFile, nothing else.
func loadParityPair(b *testing.B, canonical, mirror string) {
	if _, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, canonical, ""); err != nil {
		b.Fatal(err)
	}
	if _, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, mirror, ""); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLoadPairGitHub parses the GitHub spec and its converted JSON Schema
// with reduce.LoadFile and nothing else: the floor BenchmarkParityGitHub is
// measured against (the earlier target, parity ≤ 1.5× this, is at its edge;
// issue 27 asks 1.3×, not met: see the README).
func BenchmarkLoadPairGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	parityLoop(b, 0, func() { loadParityPair(b, canonical, mirror) })
}

// BenchmarkParityGitHub is the whole parity run on the GitHub pair, loading
// included (see runParity).
func BenchmarkParityGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	requireCleanParity(b, canonical, mirror)
	parityLoop(b, 0, func() {
		if _, err := runParity(canonical, mirror); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCheckGitHub is the rules alone on the GitHub pair, documents loaded
// beforehand: the difference between the two benchmarks above, on its own, for
// profiling.
func BenchmarkCheckGitHub(b *testing.B) {
	canonical, mirror := realParityPair(b, githubSpec)
	ws := reduce.NewWorkspace(filepath.Dir(canonical), filepath.Dir(mirror))
	c, err := ws.Load(canonical, "")
	if err != nil {
		b.Fatal(err)
	}
	m, err := ws.Load(mirror, "")
	if err != nil {
		b.Fatal(err)
	}
	parityLoop(b, 0, func() { parityRules(ws, c, m) })
}

// parityCorpusSpecs are the large real specs bench/parity.sh times.
var parityCorpusSpecs = []string{
	githubSpec,
	"perf/stripe/spec3.json",
	"perf/kubernetes/swagger-v1.27.0.json",
	"perf/twilio/twilio_api_v2010.json",
	"perf/adyen/ManagementService-v3.json",
	"perf/discord/openapi.json",
}

// BenchmarkParityCorpus is BenchmarkLoadPairGitHub and BenchmarkParityGitHub
// for every spec bench/parity.sh times, in one process: sub-benchmarks
// <spec>/load and <spec>/parity.
func BenchmarkParityCorpus(b *testing.B) {
	for _, rel := range parityCorpusSpecs {
		name := strings.Split(rel, "/")[1]
		b.Run(name+"/load", func(b *testing.B) {
			canonical, mirror := realParityPair(b, rel)
			parityLoop(b, 0, func() { loadParityPair(b, canonical, mirror) })
		})
		b.Run(name+"/parity", func(b *testing.B) {
			canonical, mirror := realParityPair(b, rel)
			requireCleanParity(b, canonical, mirror)
			parityLoop(b, 0, func() {
				if _, err := runParity(canonical, mirror); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkParityLinear runs the whole parity run on generated pairs of
// growing size. Linear time shows as a flat ns/def and cpu-ns/def across the
// sub-benchmarks (and B/op, allocs/op growing with defs).
func BenchmarkParityLinear(b *testing.B) {
	for _, n := range []int{100, 200, 400, 800} {
		b.Run(fmt.Sprintf("defs=%d", n), func(b *testing.B) {
			canonical, mirror, err := SyntheticParityPair(b.TempDir(), n)
			if err != nil {
				b.Fatal(err)
			}
			requireCleanParity(b, canonical, mirror)
			parityLoop(b, n, func() {
				if _, err := runParity(canonical, mirror); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
