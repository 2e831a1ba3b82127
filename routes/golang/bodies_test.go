package golang

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// TestBodiesSetAside pins that a function body is parsed again only when
// the analysis runs it: with a budget of three calls (main, generated,
// first), the functions past it keep their bodies set aside, while the
// bodies run name the same lines, columns and source text as the file (a
// route and an unresolved path in a function that is not the first of its
// file, after a comment of multi-byte runes); a file with a line directive
// keeps its bodies, and so does a server of less Go than asideAbove.
func TestBodiesSetAside(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/app\n",
		"main.go": "package main\n\nimport \"net/http\"\n\n// é: a comment of two-byte runes ↑\nfunc first() {}\n\n" +
			"func main() {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc(\"GET /items\", nil)\n" +
			"\t   mux.HandleFunc(\"GET /\"+dyn(), nil)\n\thttp.ListenAndServe(\":1\", mux)\n}\n\n" +
			"func dyn() string { return os() }\n",
		"more.go": "package main\n\nfunc later() { later2() }\n\nfunc later2() {}\n",
		"gen.go":  "package main\n\n//line gen.y:10\nfunc generated() {}\n",
	}
	dir := casetest.WriteFiles(t, files)
	display := func(p string) string {
		rel, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(rel)
	}
	paths, err := routes.SourceFiles(fsroot.New(dir), dir, ".go")
	if err != nil {
		t.Fatal(err)
	}
	budget := routes.BudgetOf(limits.Limits{})
	budget.Calls = 3
	// below the size at which bodies are set aside, none is
	parsed := newParsedFiles()
	if _, _, err := extractBuild(dir, paths, display, fsroot.New(dir), budget, Build{}, parsed, ""); err != nil {
		t.Fatal(err)
	}
	if len(parsed.lazy) > 0 {
		t.Errorf("%d bodies set aside in a server of %d bytes of Go", len(parsed.lazy), len(files["main.go"])+len(files["more.go"])+len(files["gen.go"]))
	}
	parsed = newParsedFiles()
	parsed.asideAbove = 0
	set, _, err := extractBuild(dir, paths, display, fsroot.New(dir), budget, Build{}, parsed, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range set.Routes {
		if !r.Implicit {
			got = append(got, fmt.Sprintf("%s %s %s:%d:%d", r.Method, r.Path(), r.Pos.File, r.Pos.Line, r.Pos.Column))
		}
	}
	for _, u := range set.Unresolved {
		got = append(got, fmt.Sprintf("unresolved %s %s:%d:%d", u.Expr, u.Pos.File, u.Pos.Line, u.Pos.Column))
	}
	want := "GET /items main.go:10:6; unresolved \"GET /\"+dyn() main.go:11:9"
	if strings.Join(got, "; ") != want && !strings.HasPrefix(strings.Join(got, "; "), want+";") {
		t.Errorf("extracted\n%s\nwant it to start\n%s", strings.Join(got, "; "), want)
	}
	aside := map[string]bool{}
	for d := range parsed.lazy {
		aside[d.Name.Name] = true
	}
	for name, want := range map[string]bool{"generated": false, "first": false, "main": false, "dyn": true, "later": true, "later2": true} {
		if aside[name] != want {
			t.Errorf("%s: body set aside = %v, want %v", name, aside[name], want)
		}
	}
	for _, f := range parsed.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "main" && len(fd.Body.List) != 4 {
				t.Errorf("main's body parsed again holds %d statements, want 4", len(fd.Body.List))
			}
		}
	}
}

// TestMemoKeysKept pins that the analysis's memo is keyed by values it
// keeps alive: a function called with many option literals, each of
// which becomes garbage after its call, registers each literal's path.
// When a collected literal left its address to the next one, that call
// hit the memo of the earlier one and the route was lost, more often the
// more often the collector ran (hatchet's output varied run to run).
func TestMemoKeysKept(t *testing.T) {
	var src strings.Builder
	src.WriteString("package main\n\nimport \"net/http\"\n\ntype opts struct{ path string }\n\n" +
		"func register(mux *http.ServeMux, o *opts) { mux.HandleFunc(\"GET \"+o.path, nil) }\n\nfunc main() {\n\tmux := http.NewServeMux()\n")
	const n = 300
	for i := range n {
		fmt.Fprintf(&src, "\tregister(mux, &opts{path: \"/r%d\"})\n", i)
	}
	src.WriteString("\thttp.ListenAndServe(\":1\", mux)\n}\n")
	dir := t.TempDir()
	path := filepath.Join(dir, "main.go")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	for range 20 {
		set, err := Extract(path, filepath.Base, fsroot.New(dir), routes.BudgetOf(limits.Limits{}))
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for _, r := range set.Routes {
			if !r.Implicit {
				got++
			}
		}
		if got != n {
			t.Fatalf("%d routes extracted, want %d", got, n)
		}
	}
}
