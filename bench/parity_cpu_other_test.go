//go:build !unix

package bench

import "time"

// parityCPUTime cannot read CPU time on this system.
func parityCPUTime() (time.Duration, bool) { return 0, false }
