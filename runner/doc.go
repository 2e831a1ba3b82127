// Package runner turns a resolved configuration into findings. It sits above
// rules/: every command is a configuration of it — `check` builds one from
// .wirelint.yaml, `parity`, `refs`, `regex`, `routes`, `fixtures`,
// `diffcheck` and `docs` from their flags — so running a family means the
// same thing everywhere, and cmd/wirelint only parses flags, calls Run and
// prints.
//
// A run loads the configured documents through one reduce.Workspace (each
// file parsed once), plans one task per independent piece of work (a parity
// pair, the refs, a routes pair, a fixtures entry, the docs, the patterns of
// a document), runs at most GOMAXPROCS of them at a time, applies severities
// and ignores, and names every file relative to the repository root.
package runner
