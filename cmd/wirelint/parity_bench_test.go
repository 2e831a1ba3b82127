package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/pipeline"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/regex"
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
		ws := reduce.NewWorkspace(filepath.Dir(mirror))
		ws.Root = "/"
		if _, err := pipeline.Parity(ws, canonical, mirror, parity.Options{}, regex.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
