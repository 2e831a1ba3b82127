package gcpolicy

import (
	"math"
	"runtime/debug"
	"testing"
)

// restore puts the runtime's settings back as they were before a test.
func restore(t *testing.T) {
	percent := debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	limit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

func TestApplySetsThePolicy(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	if !Apply(func(string) string { return "" }) {
		t.Fatal("Apply did not apply the policy with neither GOGC nor GOMEMLIMIT set")
	}
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("GC percent %d, want %d", got, Percent)
	}
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Errorf("memory limit %d, want %d", got, MemoryLimit)
	}
}

func TestTheUsersSettingWins(t *testing.T) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(name, func(t *testing.T) {
			restore(t)
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			env := func(k string) string {
				if k == name {
					return "200"
				}
				return ""
			}
			if Apply(env) {
				t.Fatalf("Apply overrode %s set by the user", name)
			}
			if got := debug.SetGCPercent(100); got != 100 {
				t.Errorf("GC percent changed to %d", got)
			}
			if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
				t.Errorf("memory limit changed to %d", got)
			}
		})
	}
}
