package lazyre

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	before := len(Expressions())
	re := New(`^a+(b)$`)
	if got := Expressions(); len(got) != before+1 || got[len(got)-1] != `^a+(b)$` {
		t.Fatalf("Expressions() = %q, want the new expression last", got)
	}
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Go(func() { got[i] = re() })
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] {
			t.Fatal("two calls returned different *regexp.Regexp values")
		}
	}
	if m := re().FindStringSubmatch("aab"); len(m) != 2 || m[1] != "b" {
		t.Errorf("FindStringSubmatch = %q", m)
	}
}

func TestNewPanicsOnFirstUseOfABadExpression(t *testing.T) {
	re := New(`(`) // registered: cmd/wirelint's TestRegexpsCompile would fail on it
	defer func() {
		if recover() == nil {
			t.Error("a bad expression compiled")
		}
	}()
	re()
}

// TestNoRegexpCompiledAtStartUp fails when a package of the module compiles
// a regular expression in a package-level variable's initializer (outside
// a function literal): that runs before main in every command. Use New.
func TestNoRegexpCompiledAtStartUp(t *testing.T) {
	root := filepath.Join("..", "..")
	var bad []string
	files := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || rel == "bench" || rel == "examples") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			ast.Inspect(gd, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false // runs when called, not at start-up
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "regexp" && strings.HasPrefix(n.Sel.Name, "MustCompile") {
						bad = append(bad, filepath.ToSlash(rel))
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files of the module; the walk is broken", files)
	}
	for _, b := range bad {
		t.Errorf("%s compiles a regular expression before main: use lazyre.New", b)
	}
}
