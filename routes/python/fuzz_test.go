package python

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// FuzzPythonSource feeds arbitrary Python to the FastAPI/Flask/Starlette
// reader: it must return routes or a syntax error, never panic or hang, and
// every route must carry a position inside the file.
func FuzzPythonSource(f *testing.F) {
	for _, app := range []string{"fastapi", "flask", "starlette", "django"} {
		casetest.Seed(f, filepath.Join("..", "testdata", app), ".py")
	}
	f.Add("@app.get('/x'\n")
	f.Add("def f(:\n  return\n\tx = '''")
	// PEP 701 f-strings (a field over lines, the string's own quote, a
	// comment, a nested format spec) and 3.14's t-strings and except A, B:
	f.Add("x = f\"-{\n  fmt(a,  # c\n  b)\n} {v:>{w}}\"\n@app.get(f\"{P}/{d[\"k\"]}\")\ndef g():\n  try:\n    pass\n  except A, B:\n    t\"{x}\"\n")
	f.Fuzz(func(t *testing.T, src string) {
		ev := newPyEval(".", func(p string) string { return p }, nil)
		if err := ev.AddSource("app.py", src); err != nil {
			if _, ok := err.(*script.SyntaxError); !ok {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		for _, r := range ev.Finish().Routes {
			if r.Pos.File != "app.py" || r.Pos.Line < 1 || r.Pos.Column < 1 {
				t.Fatalf("route %s %s has no position: %+v", r.Method, r.Path(), r.Pos)
			}
		}
	})
}

// TestCallBudget pins the bound on function bodies run: a chain of functions
// each calling the next twice with a fresh router doubles at every level,
// and the analysis must stop at routes.MaxCalls instead of running 2^40
// bodies.
func TestCallBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("from fastapi import FastAPI\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "def f%d(r):\n    f%d(FastAPI())\n    f%d(FastAPI())\n    r.get('/x')\n", i, i+1, i+1)
	}
	b.WriteString("f0(FastAPI())\n")
	ev := newPyEval(".", func(p string) string { return p }, nil)
	if err := ev.AddSource("app.py", b.String()); err != nil {
		t.Fatal(err)
	}
	set := ev.Finish()
	if ev.Calls() != routes.MaxCalls {
		t.Errorf("ran %d function bodies, want the budget %d to stop it", ev.Calls(), routes.MaxCalls)
	}
	if len(set.Routes) == 0 {
		t.Error("no routes: the calls within the budget were lost")
	}
}
