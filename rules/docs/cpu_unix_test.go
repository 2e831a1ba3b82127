//go:build unix

package docs

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used, so
// a benchmark can report work done apart from time spent waiting for a busy
// machine.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
