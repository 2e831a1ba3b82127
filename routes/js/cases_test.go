package js

import (
	"testing"

	"github.com/wirelint/wirelint/routes/routecase"
)

// TestCases runs the statement-level cases under testdata/cases: each
// holds a small server and the routes Extract must yield from it.
func TestCases(t *testing.T) { routecase.Run(t, "testdata/cases", Extract) }

// TestApps reads the small Express, Fastify, Hono and NestJS apps under
// routes/testdata and compares each with its golden.
func TestApps(t *testing.T) {
	routecase.Apps(t, "../testdata", Extract, "express", "fastify", "hono", "nestjs")
}
