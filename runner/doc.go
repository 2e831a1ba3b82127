// Package runner turns a resolved configuration into findings. It sits above
// rules/: every command is a configuration of it — `check` builds one from
// .wirelint.yaml, `parity`, `refs`, `regex`, `routes`, `fixtures`,
// `diffcheck`, `docs` and `compat` from their flags — so running a family
// means the same thing everywhere, and cmd/wirelint only parses flags, calls
// Run and prints.
//
// The families are values (rules/family.Family) listed once in registry.go,
// the one file outside a family's folder that imports it. A run asks each
// for its entries, splits the documents they name into groups no entry
// spans, loads each group into a reduce.Workspace of its own (each file
// parsed once), runs every family's pass over it in the order their
// requirements set (at most GOMAXPROCS tasks at a time), applies severities
// and ignores, names every file from the repository root, and fingerprints
// once, in report.Finalize.
package runner
