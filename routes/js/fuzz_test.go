package js

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/routes/script"
)

// FuzzJSSource feeds arbitrary JavaScript to the Express/Fastify/Hono
// reader: it must return routes or a syntax error, never panic or hang, and
// every route must carry a position inside the file.
func FuzzJSSource(f *testing.F) {
	for _, app := range []string{"express", "fastify", "hono", "nestjs"} {
		casetest.Seed(f, filepath.Join("..", "testdata", app), Exts...)
	}
	f.Add("app.get(`/${`/${x}`}`, (a) => {")
	f.Add("const a = b / c / d; const r = /[/]/g;")
	f.Fuzz(func(t *testing.T, src string) {
		ev := newJSEval(".", func(p string) string { return p }, nil)
		if err := ev.AddSource("app.js", src); err != nil {
			if _, ok := err.(*script.SyntaxError); !ok {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		for _, r := range ev.Finish().Routes {
			if r.Pos.File != "app.js" || r.Pos.Line < 1 || r.Pos.Column < 1 {
				t.Fatalf("route %s %s has no position: %+v", r.Method, r.Path(), r.Pos)
			}
		}
	})
}
