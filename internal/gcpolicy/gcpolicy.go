// Package gcpolicy is how a wirelint process collects garbage: the CLI
// applies it, and so does the parse-only baseline the parity benchmarks time
// it against (bench/loadpair), so the two processes differ only by the rules.
package gcpolicy

import (
	"runtime"
	"runtime/debug"
)

// StartPercent is the heap growth (GOGC) until the first collection: Go
// starts the first one at 4 MB × StartPercent/100, so a run that allocates
// less than 64 MB never collects.
const StartPercent = 1600

// Percent is the heap growth, over what the last collection kept, that
// starts each collection after the first (GOGC).
const Percent = 400

// MemoryLimit is the soft limit past which the runtime collects more
// eagerly (GOMEMLIMIT).
const MemoryLimit = 1 << 30

// afterFirst, when not nil, is called once the policy has moved to Percent
// after the first collection (tests).
var afterFirst func()

// Apply sets the policy unless getenv reports GOGC or GOMEMLIMIT set (the
// user's choice wins), and reports whether it did. A run is short and most
// of its documents stay live until the report, so collecting as a server
// would only costs time: the first collection waits for 64 MB of heap,
// each later one for the heap to grow to five times what the last kept,
// and past 1 GiB the runtime collects more eagerly. Turning collection off
// until the limit (as before session 33) cost no less CPU on a 2,900-file
// server tree but held 435 MB of garbage there (hatchet: 243-272 MB with
// this policy, the same 1.9-2.0 s of CPU). A parity run on the GitHub spec
// allocates about 55 MB and never collects: the first collection used to
// come 16 MB in, in the middle of the spec's parse, and its marking then
// took the core the rules prepared on (parity's Prepare) or fell to the
// parse as assists.
func Apply(getenv func(string) string) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetMemoryLimit(MemoryLimit)
	debug.SetGCPercent(StartPercent)
	// the sentinel is unreachable at once: the first collection finds it,
	// and its cleanup moves the policy to Percent for the rest of the run
	sentinel := new(firstCollection)
	runtime.AddCleanup(sentinel, func(notify func()) {
		debug.SetGCPercent(Percent)
		if notify != nil {
			notify()
		}
	}, afterFirst)
	return true
}

// firstCollection is the object whose collection marks the first one (a
// pointer field keeps it off the tiny allocator, whose objects may never
// run their cleanups).
type firstCollection struct {
	_ *int
	_ [2]int
}
