package extract

import (
	"errors"
	"github.com/wirelint/wirelint/internal/fsroot"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// testdata holds one small app per framework, beside the route model the
// extraction fills.
const testdata = "../testdata"

// TestExtractApps reads one small app per framework under testdata and
// compares every route and unresolved registration with testdata/<app>.golden.
// Each app nests prefixes, builds a router in another function or module,
// spreads a registration over several lines and holds routes that are only
// text: in comments, strings or docstrings.
func TestExtractApps(t *testing.T) {
	for _, tc := range []struct{ dir, framework string }{
		{"nethttp", "go"}, {"chi", "go"}, {"gin", "go"}, {"echo", "go"}, {"echocfg", "go"}, {"fiber", "go"}, {"gorilla", "go"},
		{"fastapi", "fastapi"}, {"flask", "flask"}, {"starlette", "auto"}, {"django", "django"},
		{"express", "express"}, {"fastify", "auto"}, {"hono", "hono"}, {"nestjs", "nestjs"},
		{"list/routes.txt", "auto"}, {"list/openapi.json", "openapi"},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			root := filepath.Join(testdata, filepath.FromSlash(tc.dir))
			set, err := FromServer(root, ServerOptions{FS: fsroot.Unconfined(), Framework: tc.framework, Display: func(p string) string {
				rel, _ := filepath.Rel(testdata, p)
				return filepath.ToSlash(rel)
			}})
			if err != nil {
				t.Fatal(err)
			}
			casetest.Golden(t, filepath.Join(testdata, strings.ReplaceAll(tc.dir, "/", "_")+".golden"), set.Dump())
		})
	}
}

// TestSyntaxErrors pins the one-line error naming file, line and column for
// source the tokenizers cannot read.
func TestSyntaxErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, src, want string }{
		{"a.py", "x = 1\ny = 'unterminated\n", "a.py:2:5: unterminated string"},
		{"b.py", "s = \"\"\"never closed\n\n", "b.py:1:5: unterminated string"},
		{"c.js", "const a = 1;\n/* open\n", "c.js:2:1: unterminated comment"},
		{"d.ts", "app.get(`/x/${id`)\n", "d.ts:1:17: unterminated template literal"},
		{"e.go", "package main\nfunc main() {\n", "e.go:2:15: expected '}', found 'EOF'"},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := FromServer(p, ServerOptions{FS: fsroot.Unconfined(), Display: filepath.Base})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: err = %v, want %s", tc.name, err, tc.want)
		}
	}
}

// TestTokenizersIgnoreText pins that registrations inside comments, strings,
// docstrings, template literals and regex literals are not routes, while the
// same text as code is.
func TestTokenizersIgnoreText(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	py := write("app.py", "from flask import Flask\napp = Flask(__name__)\n# @app.route('/a')\n'''\n@app.route('/b')\n'''\ns = \"@app.route('/c')\"\n@app.route('/real')\ndef real():\n    pass\n")
	js := write("app.js", "const express = require('express')\nconst app = express()\n// app.get('/a', h)\n/* app.get('/b', h) */\nconst s = `app.get('/c', h)`\nconst r = /app.get('\\/d', h)/\nconst n = 4 / 2; app.get('/real', h)\n")
	for _, p := range []string{py, js} {
		set, err := FromServer(p, ServerOptions{FS: fsroot.Unconfined(), Display: filepath.Base})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range set.Routes {
			if !r.Implicit {
				got = append(got, r.Method+" "+r.Path())
			}
		}
		if strings.Join(got, ";") != "GET /real" {
			t.Errorf("%s: routes %q, want only GET /real", filepath.Base(p), got)
		}
	}
}

// TestPathologicalSource pins inputs that once exhausted the stack or could:
// a module importing its own name (seen in CPython's standard library),
// brackets and template literals nested thousands deep. Each must return
// routes or one syntax error.
func TestPathologicalSource(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, src string }{
		{"selfimport.py", "from selfimport import b\nx = b\nfrom flask import Flask\napp = Flask(__name__)\n@app.get('/ok')\ndef ok():\n    pass\n"},
		{"parens.py", strings.Repeat("(", 100000) + "\n"},
		{"fstrings.py", strings.Repeat("f'{", 3000) + "\n"},
		{"parens.js", strings.Repeat("[(", 100000)},
		{"templates.js", strings.Repeat("`${", 3000)},
		{"unary.js", strings.Repeat("-", 100000) + "x"},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		set, err := FromServer(p, ServerOptions{FS: fsroot.Unconfined(), Display: filepath.Base})
		if err != nil {
			var se *script.SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%s: %v is not a *SyntaxError", tc.name, err)
			}
			continue
		}
		if tc.name == "selfimport.py" && (len(set.Routes) == 0 || set.Routes[0].Path() != "/ok") {
			t.Errorf("%s: routes %v, want GET /ok", tc.name, set.Dump())
		}
	}
}

// TestEveryFrameworkRead pins that FromServer reads every name the CLI and
// the config accept (routes.Frameworks): the list and FromServer's switch are
// kept apart, and a name only the list knows would pass validation and then
// fail as an unknown framework.
func TestEveryFrameworkRead(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"main.go", "app.py", "app.js", "routes.txt", "openapi.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, fw := range routes.Frameworks {
		_, err := FromServer(dir, ServerOptions{FS: fsroot.Unconfined(), Framework: fw})
		if err != nil && strings.Contains(err.Error(), "unknown framework") {
			t.Errorf("--framework %s: %v", fw, err)
		}
	}
	if _, err := FromServer(dir, ServerOptions{FS: fsroot.Unconfined(), Framework: "gorm"}); err == nil || !strings.Contains(err.Error(), "unknown framework") {
		t.Errorf("--framework gorm: err = %v, want unknown framework", err)
	}
}
