package script_test

import (
	"testing"

	"github.com/wirelint/wirelint/routes/js"
	"github.com/wirelint/wirelint/routes/python"
	"github.com/wirelint/wirelint/routes/routecase"
)

// TestCases runs the interpreter through the statement-level cases of both
// languages that drive it: JavaScript's (routes/js) and Python's
// (routes/python), each a small server and the routes it must yield.
func TestCases(t *testing.T) {
	t.Run("js", func(t *testing.T) { routecase.Run(t, "../js/testdata/cases", js.Extract) })
	t.Run("python", func(t *testing.T) { routecase.Run(t, "../python/testdata/cases", python.Extract) })
}

// TestApps runs the interpreter over the small apps of both languages under
// routes/testdata, each compared with its golden.
func TestApps(t *testing.T) {
	routecase.Apps(t, "../testdata", js.Extract, "express", "fastify", "hono", "nestjs")
	routecase.Apps(t, "../testdata", python.Extract, "fastapi", "flask", "starlette", "django")
}
