package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// blankCases are sources blankBodies must blank exactly: every function
// declaration's body, nothing else.
var blankCases = []string{
	"package p\n\nfunc F() { x := struct{ a int }{1}; _ = x }\n",
	"package p\n\nfunc F() struct{ a int } { return struct{ a int }{} }\n",
	"package p\n\nfunc F() interface{ M() } {\n\treturn nil\n}\n",
	"package p\n\nfunc F() map[string]struct{} { return map[string]struct{}{\"{\": {}} }\n",
	"package p\n\nfunc F() <-chan int { return nil }\n",
	"package p\n\nfunc F[T interface{ ~int }](t T) (out []T) { return []T{t} }\n",
	"package p\n\nfunc (r *R[K, V]) M(\n\ta int,\n) (\n\terr error,\n) {\n\treturn nil\n}\n\ntype R[K comparable, V any] struct{}\n",
	// a body-less declaration, then a composite literal: not a body
	"package p\n\nfunc Asm() int\n\nvar x = T{1, 2}\n\ntype T struct{ a, b int }\n",
	"package p\n\nfunc Asm() (int); var y = T{3}\n\ntype T struct{ a int }\n",
	// a function literal in a variable, even on a line of its own: not a body
	"package p\n\nvar f =\nfunc() int { return 1 }\n\nvar g = func() { _ = 2 }\n",
	// braces in strings, raw strings, runes and comments
	"package p\n\n// func X() {\nfunc F() string { return \"}\" + `{\n}` + string('}') /* } */ }\n\nconst s = `\nfunc G() {\n`\n",
	"package p\n\nfunc F() { // a comment {\n\tif true {\n\t\t_ = '\\''\n\t}\n}\n\nfunc G() {}\n",
	"package p\n\nimport \"fmt\"\n\n/* doc\n */\nfunc F() { fmt.Println(\"é ↑ {\") }\n",
}

// TestBlankBodies checks blankBodies against the parser on blankCases:
// see checkBlanked.
func TestBlankBodies(t *testing.T) {
	for _, src := range blankCases {
		if err := checkBlanked([]byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
	// an unclosed brace leaves the text as it is: the parser reports it
	if src := []byte("package p\nfunc F() {\n"); !bytes.Equal(blankBodies(nil, src), src) {
		t.Error("an unclosed body was changed")
	}
}

// FuzzBlankBodies holds checkBlanked for any Go the parser reads.
func FuzzBlankBodies(f *testing.F) {
	for _, src := range blankCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := parser.ParseFile(token.NewFileSet(), "f.go", src, parser.SkipObjectResolution); err != nil {
			return
		}
		if err := checkBlanked([]byte(src)); err != nil {
			t.Fatal(err)
		}
	})
}

// checkBlanked checks blankBodies on src, which parses: the text keeps its
// length and line breaks, the bytes between the braces of each function
// declaration's body are blanks and every other byte is as it was, and the
// text parses to the same declarations at the same offsets, each body
// empty.
func checkBlanked(src []byte) error {
	fset := token.NewFileSet()
	orig, err := parser.ParseFile(fset, "f.go", src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	out := blankBodies(make([]byte, 3), src)
	if len(out) != len(src) {
		return fmt.Errorf("length %d, want %d", len(out), len(src))
	}
	inBody := make([]bool, len(src))
	for _, d := range orig.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			for k := fset.Position(fd.Body.Lbrace).Offset + 1; k < fset.Position(fd.Body.Rbrace).Offset; k++ {
				inBody[k] = true
			}
		}
	}
	for k := range src {
		switch {
		case src[k] == '\n' && out[k] != '\n':
			return fmt.Errorf("line break at %d blanked", k)
		case inBody[k] && src[k] != '\n' && out[k] != ' ':
			return fmt.Errorf("byte %d of a body kept: %q", k, out[max(0, k-20):min(len(out), k+20)])
		case !inBody[k] && out[k] != src[k]:
			return fmt.Errorf("byte %d outside the bodies changed: %q", k, out[max(0, k-20):min(len(out), k+20)])
		}
	}
	bset := token.NewFileSet()
	blanked, err := parser.ParseFile(bset, "f.go", out, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("blanked, it does not parse: %v", err)
	}
	if got, want := declShapes(bset, blanked), declShapes(fset, orig); got != want {
		return fmt.Errorf("declarations\n%s\nwant\n%s", got, want)
	}
	for _, d := range blanked.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) > 0 {
			return fmt.Errorf("%s keeps %d statements", fd.Name.Name, len(fd.Body.List))
		}
	}
	return nil
}

// declShapes lists f's declarations with their extents and, for a
// function, its body's braces.
func declShapes(fset *token.FileSet, f *ast.File) string {
	var b strings.Builder
	for _, d := range f.Decls {
		fmt.Fprintf(&b, "%T %d-%d", d, fset.Position(d.Pos()).Offset, fset.Position(d.End()).Offset)
		if fd, ok := d.(*ast.FuncDecl); ok {
			fmt.Fprintf(&b, " %s", fd.Name.Name)
			if fd.Body != nil {
				fmt.Fprintf(&b, " {%d %d}", fset.Position(fd.Body.Lbrace).Offset, fset.Position(fd.Body.Rbrace).Offset)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestOpaqueGenerated pins which files are opaque generated code: marked
// generated before the package clause, importing no router framework, and
// net/http only when the file never says Handle.
func TestOpaqueGenerated(t *testing.T) {
	const gen = "// Code generated by ent, DO NOT EDIT.\n\n"
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{gen + "package db\n\nimport \"context\"\n\nfunc F(ctx context.Context) {}\n", true},
		{gen + "package db\n\nfunc F() {}\n", true},
		{"// Copyright x\n\n" + gen + "package db\n", true},
		{gen + "package api\n\nimport \"net/http\"\n\nfunc Do(c *http.Client) { c.Get(\"/x\") }\n", true},
		{gen + "package api\n\nimport \"net/http\"\n\nfunc R(m *http.ServeMux) { m.HandleFunc(\"/x\", nil) }\n", false},
		{gen + "package api\n\nimport \"github.com/go-chi/chi/v5\"\n\nfunc R(r chi.Router) {}\n", false},
		{gen + "package api\n\nimport chi \"github.com/go-chi/chi\"\n", false},
		{"package db\n\n" + gen + "func F() {}\n", false}, // after the clause: not the marker
		{"// Code generated by hand. Edit freely.\npackage db\n", false},
		{gen + "package db\n\n//line db.tmpl:3\nfunc F() {}\n", false},
		{"package db\n\nfunc F() {}\n", false},
		{gen, false}, // no package clause
	} {
		if got := opaqueGenerated("f.go", []byte(tc.src)); got != tc.want {
			t.Errorf("%q: opaque = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestOpaqueRunsWhenCalled pins that opaque generated code is read through
// when the server's code calls it: main calls wire's injector, generated
// and importing no HTTP package, which passes the server's constructor the
// prefix its routes sit below. The injector is opaque, its body parsed
// again only when run; a generated file nothing calls is not run as a root
// of its own, and one whose body, blanked, parsed but whole does not is
// the one-line error the parser gives.
func TestOpaqueRunsWhenCalled(t *testing.T) {
	files := map[string]string{
		"go.mod":  "module example.com/app\n",
		"main.go": "package main\n\nimport \"example.com/app/inject\"\n\nfunc main() { inject.Build() }\n",
		"inject/wire_gen.go": "// Code generated by Wire. DO NOT EDIT.\n\npackage inject\n\nimport \"example.com/app/server\"\n\n" +
			"func Build() {\n\tprefix := \"/api\"\n\tserver.Serve(prefix)\n}\n",
		"inject/other_gen.go": "// Code generated by Wire. DO NOT EDIT.\n\npackage inject\n\nimport \"example.com/app/server\"\n\n" +
			"func Unused() { server.Serve(\"/unused\") }\n",
		"server/server.go": "package server\n\nimport \"net/http\"\n\n" +
			"func Serve(prefix string) {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc(\"GET \"+prefix+\"/users\", nil)\n\thttp.ListenAndServe(\":1\", mux)\n}\n",
	}
	dir := casetest.WriteFiles(t, files)
	got, parsed, err := extractDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := "GET /api/users"; !slices.Contains(got, want) || slices.ContainsFunc(got, func(r string) bool { return strings.Contains(r, "/unused") }) {
		t.Errorf("routes %q, want %q and none below /unused", got, want)
	}
	if opaque := slices.Sorted(func(yield func(string) bool) {
		for p := range parsed.opaque {
			rel, _ := filepath.Rel(dir, p)
			if !yield(filepath.ToSlash(rel)) {
				return
			}
		}
	}); strings.Join(opaque, " ") != "inject/other_gen.go inject/wire_gen.go" {
		t.Errorf("opaque files %q", opaque)
	}

	files["inject/wire_gen.go"] = strings.Replace(files["inject/wire_gen.go"], "server.Serve(prefix)", "server.Serve(prefix))", 1)
	dir = casetest.WriteFiles(t, files)
	if _, _, err := extractDir(dir); err == nil || err.Error() != "inject/wire_gen.go:9:22: expected statement, found ')' (and 1 more errors)" {
		t.Errorf("a body that does not parse: err = %v", err)
	}
}

// extractDir extracts the routes of the module in dir, as
// "METHOD /path", and returns the files parsed.
func extractDir(dir string) ([]string, *parsedFiles, error) {
	display := func(p string) string {
		rel, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(rel)
	}
	paths, err := routes.SourceFiles(fsroot.New(dir), dir, ".go")
	if err != nil {
		return nil, nil, err
	}
	parsed := newParsedFiles()
	set, err := fromFiles(dir, paths, display, fsroot.New(dir), routes.BudgetOf(limits.Limits{}), Options{}, parsed)
	if err != nil {
		return nil, nil, err
	}
	var got []string
	for _, r := range set.Routes {
		if !r.Implicit {
			got = append(got, r.Method+" "+r.Path())
		}
	}
	return got, parsed, nil
}
