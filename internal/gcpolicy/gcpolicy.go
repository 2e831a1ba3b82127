// Package gcpolicy is how a wirelint process collects garbage: the CLI
// applies it, and so does the parse-only baseline the parity benchmarks time
// it against (bench/loadpair), so the two processes differ only by the rules.
package gcpolicy

import "runtime/debug"

// Percent is the heap growth, over what the last collection kept, that
// starts the next collection (GOGC).
const Percent = 400

// MemoryLimit is the soft limit past which the runtime collects more
// eagerly (GOMEMLIMIT).
const MemoryLimit = 1 << 30

// Apply sets the policy unless getenv reports GOGC or GOMEMLIMIT set (the
// user's choice wins), and reports whether it did. A run is short and most
// of its documents stay live until the report, so collecting as a server
// would only costs time: collect when the heap has grown to five times what
// the last collection kept, and more eagerly past 1 GiB. Turning collection
// off until the limit (as before session 33) cost no less CPU on a
// 2,900-file server tree but held 435 MB of garbage there (hatchet: 243-272
// MB with this policy, the same 1.9-2.0 s of CPU); a parity run on the
// GitHub spec collects about once.
func Apply(getenv func(string) string) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetMemoryLimit(MemoryLimit)
	debug.SetGCPercent(Percent)
	return true
}
