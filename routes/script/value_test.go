package script

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValuesAreNamed keeps the interpreter and the languages on Value: no
// source file of routes/script, routes/python or routes/js carries a value
// as any or interface{} (a variadic ...any for formatting is no value), so
// every type switch over what an expression evaluates to picks from the
// closed set of named types.
func TestValuesAreNamed(t *testing.T) {
	for _, dir := range []string{".", "../python", "../js"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) == 0 {
			t.Fatalf("no Go files in %s", dir)
		}
		for _, path := range paths {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, path, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			variadic := map[ast.Expr]bool{}
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ellipsis:
					variadic[n.Elt] = true
				case *ast.Ident:
					if n.Name == "any" && !variadic[n] {
						t.Errorf("%s: any where a script.Value belongs", fset.Position(n.Pos()))
					}
				case *ast.InterfaceType:
					if n.Methods == nil || len(n.Methods.List) == 0 {
						t.Errorf("%s: interface{} where a script.Value belongs", fset.Position(n.Pos()))
					}
				}
				return true
			})
		}
	}
}
