package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
)

// TestBudgetDoublingConstants is the attack of a pull request adding a
// router whose path is a chain of constants, each twice the one before: 24
// lines fold to 16 MiB, 20,000 lines to more than memory holds. Folding stops
// at MaxFoldedBytes and the route is unresolved, naming the budget and the
// registration's line, in every language.
func TestBudgetDoublingConstants(t *testing.T) {
	for _, tc := range []struct {
		file string
		src  func(n int) string
	}{
		{"main.go", func(n int) string {
			var b strings.Builder
			b.WriteString("package main\n\nimport \"net/http\"\n\nconst c0 = \"/aaaaaaaa\"\n")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, "const c%d = c%d + c%d\n", i, i-1, i-1)
			}
			fmt.Fprintf(&b, "func main() {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc(\"GET \"+c%d, nil)\n}\n", n-1)
			return b.String()
		}},
		{"app.py", func(n int) string {
			var b strings.Builder
			b.WriteString("from flask import Flask\napp = Flask(__name__)\nc0 = '/aaaaaaaa'\n")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, "c%d = c%d + c%d\n", i, i-1, i-1)
			}
			fmt.Fprintf(&b, "app.add_url_rule(c%d, view_func=None)\n", n-1)
			return b.String()
		}},
		{"app.js", func(n int) string {
			var b strings.Builder
			b.WriteString("const express = require('express');\nconst app = express();\nconst c0 = '/aaaaaaaa';\n")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, "const c%d = `${c%d}${c%d}`;\n", i, i-1, i-1)
			}
			fmt.Fprintf(&b, "app.get(c%d, (req, res) => res.end());\n", n-1)
			return b.String()
		}},
	} {
		for _, n := range []int{24, 20000} {
			t.Run(fmt.Sprintf("%s/%d", tc.file, n), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, tc.file)
				if err := os.WriteFile(path, []byte(tc.src(n)), 0o644); err != nil {
					t.Fatal(err)
				}
				set, err := FromServer(path, ServerOptions{FS: fsroot.Unconfined(), Display: func(string) string { return tc.file }})
				if err != nil {
					t.Fatal(err)
				}
				if len(set.Routes) != 0 || len(set.Unresolved) != 1 {
					t.Fatalf("want one unresolved route, got\n%s", set.Dump())
				}
				u := set.Unresolved[0]
				if !strings.Contains(u.Reason, "byte budget") || u.Pos.File != tc.file || u.Pos.Line < n {
					t.Errorf("unresolved = %+v, want the budget named at the registration's line", u)
				}
			})
		}
	}
}

// TestBudgetSourceSize is the attack of an 18 MB source file: it is refused
// before it is read, with one error naming the file and the budget.
func TestBudgetSourceSize(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "huge.py")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	line := []byte("x = '" + strings.Repeat("a", 90) + "'\n")
	for size := 0; size < 18<<20; size += len(line) {
		if _, err := f.Write(line); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = FromServer(dir, ServerOptions{FS: fsroot.Unconfined(), Display: func(p string) string { return filepath.Base(p) }})
	if err == nil || !strings.Contains(err.Error(), "huge.py: ") || !strings.Contains(err.Error(), "source-file budget") {
		t.Fatalf("err = %v, want the file and the source-file budget named", err)
	}
}

// TestServerOpenAPIReadWithTheRunsLimits: a server-generated OpenAPI
// document is read with the run's budgets, not the defaults: the same
// document loads under the defaults and is refused, naming the budget, under
// a node budget it passes or an enum budget one of its enums passes.
func TestServerOpenAPIReadWithTheRunsLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "openapi.yaml")
	spec := "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - name: q\n          in: query\n          schema: {type: string, enum: [x, y, z]}\n      responses: {'200': {description: ok}}\n"
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		limits limits.Limits
		want   string // "" = loads
	}{
		{limits.Limits{}, ""},
		{limits.Limits{Nodes: 10}, "more than 10 nodes: over the nodes-per-document budget (raise it with --max-nodes or limits.max-nodes)"},
		{limits.Limits{Enum: 2}, "an enum of more than 2 members: over the enum budget (raise it with --max-enum or limits.max-enum)"},
	} {
		_, err := FromServer(path, ServerOptions{FS: fsroot.Unconfined(), Display: func(string) string { return "openapi.yaml" }, Limits: tc.limits})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: %v", tc.limits, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), "openapi.yaml:") || !strings.HasSuffix(err.Error(), tc.want)):
			t.Errorf("%+v: got %v, want %s", tc.limits, err, tc.want)
		}
	}
}
