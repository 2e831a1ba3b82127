package routes

import (
	"os"
	"path/filepath"
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
	ev := newScriptEval(py, ".", func(p string) string { return p })
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
