package routes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedSources adds every source file of the testdata apps with the given
// extensions to the fuzz corpus.
func seedSources(f *testing.F, exts ...string) {
	for _, app := range []string{"fastapi", "flask", "starlette", "express", "fastify", "hono", "chi", "gin", "gorilla", "nethttp", "echo"} {
		files, err := sourceFiles(filepath.Join("testdata", app), exts...)
		if err != nil {
			f.Fatal(err)
		}
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(data))
		}
	}
}

// fuzzScript runs one source file through a tokenizer and the evaluator: it
// must return routes or a syntax error, never panic or hang, and every route
// must carry a position inside the file.
func fuzzScript(t *testing.T, py bool, name, src string) {
	display := func(p string) string { return p }
	var ev *scriptEval
	if py {
		ev = newPyEval(".", display).scriptEval
	} else {
		ev = newJSEval(".", display).scriptEval
	}
	if err := ev.addSource(name, src); err != nil {
		if _, ok := err.(*SyntaxError); !ok {
			t.Fatalf("error %v is not a *SyntaxError", err)
		}
		return
	}
	set := ev.finish()
	for _, r := range set.Routes {
		if r.Pos.File != name || r.Pos.Line < 1 || r.Pos.Column < 1 {
			t.Fatalf("route %s %s has no position: %+v", r.Method, r.Path(), r.Pos)
		}
	}
}

// FuzzPythonSource feeds arbitrary Python to the FastAPI/Flask/Starlette reader.
func FuzzPythonSource(f *testing.F) {
	seedSources(f, ".py")
	f.Add("@app.get('/x'\n")
	f.Add("def f(:\n  return\n\tx = '''")
	f.Fuzz(func(t *testing.T, src string) { fuzzScript(t, true, "app.py", src) })
}

// FuzzJSSource feeds arbitrary JavaScript to the Express/Fastify/Hono reader.
func FuzzJSSource(f *testing.F) {
	seedSources(f, jsExts...)
	f.Add("app.get(`/${`/${x}`}`, (a) => {")
	f.Add("const a = b / c / d; const r = /[/]/g;")
	f.Fuzz(func(t *testing.T, src string) { fuzzScript(t, false, "app.js", src) })
}

// TestCallBudget pins the bound on function bodies run: a chain of functions
// each calling the next twice with a fresh router doubles at every level,
// and the analysis must stop at MaxCalls instead of running 2^40 bodies.
func TestCallBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("from fastapi import APIRouter\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "def f%d(r):\n    f%d(APIRouter())\n    f%d(APIRouter())\n    r.get('/x')\n", i, i+1, i+1)
	}
	b.WriteString("f0(APIRouter())\n")
	ev := newPyEval(".", func(p string) string { return p })
	if err := ev.addSource("app.py", b.String()); err != nil {
		t.Fatal(err)
	}
	set := ev.finish()
	if ev.calls != MaxCalls {
		t.Errorf("ran %d function bodies, want the budget %d to stop it", ev.calls, MaxCalls)
	}
	if len(set.Routes) == 0 {
		t.Error("no routes: the calls within the budget were lost")
	}
}

// FuzzGoSource feeds arbitrary Go to the net/http, chi, gin, echo and
// gorilla/mux reader: a parse error is one line naming the file, anything
// that parses yields located routes, and nothing panics.
func FuzzGoSource(f *testing.F) {
	seedSources(f, ".go")
	f.Add("package p\nimport \"github.com/go-chi/chi/v5\"\nfunc f(r chi.Router) { r.Route(\"/x\", f); r.Mount(\"/y\", r) }\n")
	f.Fuzz(func(t *testing.T, src string) {
		path := filepath.Join(t.TempDir(), "main.go")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		set, err := FromGo(path, filepath.Base)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "main.go:") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q is not one line naming main.go", msg)
			}
			return
		}
		for _, r := range set.Routes {
			if r.Pos.File != "main.go" || r.Pos.Line < 1 || r.Pos.Column < 1 {
				t.Fatalf("route %s %s has no position: %+v", r.Method, r.Path(), r.Pos)
			}
		}
	})
}
