// Package bench holds wirelint's benchmarks: the speed claims of the README,
// measured on large real documents and on generated ones.
//
// Large real documents are read from a corpus folder, by default
// ../shared/corpus relative to the repository root, or $WIRELINT_CORPUS; a
// benchmark that needs them skips when they are absent, so `go test ./...`
// passes on a fresh clone. Generated inputs are made in the benchmark.
//
// The parity benchmarks (parity_bench_test.go) pair each real OpenAPI document
// with its component schemas converted to JSON Schema 2020-12 by
// bench/internal/oasconv, a converter written apart from wirelint's reducer, so
// the pair must come out clean. bench/parity.sh times the same pairs end to end
// against oasdiff.
package bench
