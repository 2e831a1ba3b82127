//go:build !unix

package docs

import "time"

// processCPU is unavailable here; benchmarks then report wall time only.
func processCPU() (time.Duration, bool) { return 0, false }
