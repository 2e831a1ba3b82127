package gcpolicy

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
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

// The first collection waits for StartPercent's heap; once it has run, the
// policy is Percent.
func TestApplySetsThePolicy(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	moved := make(chan struct{})
	afterFirst = func() { close(moved) }
	t.Cleanup(func() { afterFirst = nil })
	if !Apply(func(string) string { return "" }) {
		t.Fatal("Apply did not apply the policy with neither GOGC nor GOMEMLIMIT set")
	}
	select {
	case <-moved:
		t.Fatal("the policy moved to Percent before any collection")
	default:
	}
	if got := debug.SetGCPercent(StartPercent); got != StartPercent {
		t.Errorf("GC percent before the first collection %d, want %d", got, StartPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Errorf("memory limit %d, want %d", got, MemoryLimit)
	}
	runtime.GC()
	select {
	case <-moved:
	case <-time.After(10 * time.Second):
		t.Fatal("the first collection did not move the policy to Percent")
	}
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("GC percent after the first collection %d, want %d", got, Percent)
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
