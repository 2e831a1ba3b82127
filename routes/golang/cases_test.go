package golang

import (
	"testing"

	"github.com/wirelint/wirelint/routes/routecase"
)

// TestCases runs the statement-level cases under testdata/cases: each
// holds a small server and the routes Extract must yield from it.
func TestCases(t *testing.T) { routecase.Run(t, "testdata/cases", Extract) }

// TestApps reads the small net/http, chi, gin, echo, Fiber and gorilla/mux
// apps under routes/testdata and compares each with its golden.
func TestApps(t *testing.T) {
	routecase.Apps(t, "../testdata", Extract, "nethttp", "chi", "gin", "echo", "echocfg", "fiber", "gorilla")
}
