package golang

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// FuzzGoSource feeds arbitrary Go to the net/http, chi, gin, echo, Fiber
// and gorilla/mux reader: a parse error is one line naming the file, anything
// that parses yields located routes, and nothing panics.
func FuzzGoSource(f *testing.F) {
	for _, app := range []string{"chi", "gin", "gorilla", "nethttp", "echo", "fiber"} {
		casetest.Seed(f, filepath.Join("..", "testdata", app), ".go")
	}
	f.Add("package p\nimport \"github.com/go-chi/chi/v5\"\nfunc f(r chi.Router) { r.Route(\"/x\", f); r.Mount(\"/y\", r) }\n")
	// an options struct passed by value, a struct embedding the router
	// returned beside an error, a generator's stub type
	f.Add("package main\nimport (\"net/http\"; \"github.com/go-chi/chi/v5\")\ntype Opts struct{ BaseURL string; R chi.Router }\n" +
		"type S struct{ chi.Router }\nfunc reg(o Opts) { o.R.Get(o.BaseURL+\"/x\", nil) }\n" +
		"func New() (*S, error) { r := chi.NewRouter(); reg(Opts{R: r}); return &S{Router: r}, nil }\n" +
		"func main() { s, _ := New(); s.Get(\"/v\", nil); http.ListenAndServe(\":1\", s) }\n")
	f.Add("package main\n\ntype UnimplementedHandler struct{}\n\n// List pets.\n//\n// GET /pets\nfunc (UnimplementedHandler) ListPets() error { return nil }\n\n" +
		"type Unimplemented struct{}\n\n// (POST /pets)\nfunc (_ Unimplemented) AddPet() {}\n\ntype h struct{ UnimplementedHandler }\n\nfunc main() { NewServer(h{}, opts()) }\n\nfunc opts() int { return WithPathPrefix(\"/v1\") }\n")
	f.Fuzz(func(t *testing.T, src string) {
		path := filepath.Join(t.TempDir(), "main.go")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		set, err := Extract(path, filepath.Base, fsroot.Unconfined(), routes.BudgetOf(limits.Limits{}))
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
		// with every body set aside and parsed again when run, the same
		parsed := newParsedFiles()
		parsed.asideAbove = 0
		aside, err := fromFiles(path, []string{path}, filepath.Base, fsroot.Unconfined(), routes.BudgetOf(limits.Limits{}), Options{}, parsed)
		if err != nil {
			t.Fatalf("with bodies set aside: %v", err)
		}
		if got, want := fmt.Sprintf("%+v %+v", aside.Routes, aside.Unresolved), fmt.Sprintf("%+v %+v", set.Routes, set.Unresolved); got != want {
			t.Fatalf("with bodies set aside:\n%s\nwant\n%s", got, want)
		}
	})
}

// FuzzConfigFile feeds arbitrary text to the config file readers (TOML's
// one-line string assignments, YAML and JSON trees): every value found is
// located on a line of the file, and nothing panics.
func FuzzConfigFile(f *testing.F) {
	f.Add("[http]\nprefix = \"/api\" # the API\nname = 'x'\n")
	f.Add("http:\n  prefix: /api\n")
	f.Add(`{"http": {"prefix": "/api"}}`)
	f.Add("[[a]]\nb = \"\\u00e9\"\n[x.\"y\"]\nz='''\n")
	f.Add("http:\r  prefix: A")                   // a lone CR ends a YAML line
	f.Add("http:\u0085  prefix: A")               // so does NEL
	f.Add("http: {prefix: \u2028 A}\r\nx: y\r\n") // and LS; CRLF is one break
	f.Add("HTTP:\n  PREFIX: /api\n")              // keys compare without case
	f.Add("'http':\n  \"pre\\x66ix\": /api\n")    // an escape spells a key otherwise
	f.Fuzz(func(t *testing.T, src string) {
		lines := yamlLines(src)
		check := func(d configDef, ok bool) {
			if ok && (d.at.Line < 1 || d.at.Line > lines || d.at.Column < 1) {
				t.Fatalf("value %q located at %+v in a file of %d lines", d.value, d.at, lines)
			}
		}
		for _, d := range tomlStrings([]byte(src), "c.toml") {
			check(d, true)
		}
		var doc yaml.Node
		if yaml.Unmarshal([]byte(src), &doc) == nil {
			cf := &configFile{display: "c.yaml", yaml: &doc}
			check(cf.lookup([]string{"http", "prefix"}))
		}
		// the text search that spares parsing never leaves out a file
		// that defines the key
		keys := []string{"http", "prefix"}
		lazy := yamlText("c.yaml", []byte(src), func() ([]byte, error) { return []byte(src), nil })
		if !lazy.mayDefine(keys) && !isSpec(&doc) {
			parsed := &configFile{display: "c.yaml", yaml: &doc}
			if d, ok := parsed.lookup(keys); ok || len(parsed.lookupBelow(keys)) > 0 {
				t.Fatalf("the text search left out a file defining %v (%+v)", keys, d)
			}
		}
	})
}

// yamlLines counts the lines of src as YAML's scanner does, the scanner whose
// positions the YAML reader reports: CRLF, a lone CR or LF, and the Unicode
// breaks NEL, LS and PS each end a line (found by the fuzzer: "http:\r
// prefix: A" puts A on line 2 of what counting LFs alone calls one line).
func yamlLines(src string) int {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	lines := 1
	for _, r := range src {
		switch r {
		case '\n', '\r', '\u0085', '\u2028', '\u2029':
			lines++
		}
	}
	return lines
}
