package main

import (
	"os"
	"testing"

	"github.com/wirelint/wirelint/runner"
)

// BenchmarkParityCommand times what `wirelint parity CANONICAL MIRROR` does
// after flag parsing: loading both documents and running every rule it
// reports. CANONICAL and MIRROR come from WIRELINT_BENCH_CANONICAL and
// WIRELINT_BENCH_MIRROR (bench/parity.sh sets them to a converted spec and
// the spec); the benchmark skips without them.
func BenchmarkParityCommand(b *testing.B) {
	canonical, mirror := os.Getenv("WIRELINT_BENCH_CANONICAL"), os.Getenv("WIRELINT_BENCH_MIRROR")
	if canonical == "" || mirror == "" {
		b.Skip("set WIRELINT_BENCH_CANONICAL and WIRELINT_BENCH_MIRROR")
	}
	for b.Loop() {
		cfg := runner.Config{
			Root:   "/",
			Parity: []runner.Parity{{Canonical: canonical, Mirror: mirror}},
			Refs:   &runner.Refs{},
			Regex:  &runner.Regex{},
		}
		if _, err := runner.Run(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
