package runner

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gitPackage is the one package that may start a process: it runs git,
// pinned to the project's repository (docs/architecture.md, README
// "Security").
const gitPackage = "internal/gitx"

// confinedReads are the calls that touch a file by its path. Outside
// fsroot (the confinement) and gitx (which finds the repository), a call of
// one of them is allowed only where allowedReads says why; every other read
// goes through an *fsroot.Root.
var confinedReads = map[string]map[string]bool{
	"os":       {"Open": true, "OpenFile": true, "ReadFile": true, "Stat": true, "Lstat": true, "ReadDir": true, "WriteFile": true, "Create": true, "Readlink": true, "DirFS": true},
	"filepath": {"Walk": true, "WalkDir": true, "Glob": true, "EvalSymlinks": true},
	"fsroot":   {"Unconfined": true}, // for tests only
}

// allowedReads lists, by package and then function (or package alone), the
// code that may call confinedReads directly, with the reason.
var allowedReads = map[string]string{
	"internal/fsroot":                      "the confinement itself",
	gitPackage:                             "finds the repository's .git from the project root, reading its gitdir line",
	"internal/casetest":                    "the rule-case harness, imported by tests only",
	"routes/routecase":                     "the route extractors' case harness (on internal/casetest), imported by tests only",
	"internal/config.Find":                 "finds .wirelint.yaml and the repository root by name, walking up from the working folder; reads neither (Load reads the file through the project's root)",
	"internal/config.(*decoder).globPaths": "expands a glob of the configuration (canonical files, types mirrors) into names; each match is then checked, as every configured path is, through the configuration's root (checkPaths) before anything reads it",
}

// testHarnessOnCasetest is the one package built on internal/casetest: the
// route extractors' statement-level case harness, itself for tests only
// (casetest cannot hold it: the routes package's own tests import casetest).
const testHarnessOnCasetest = "routes/routecase"

// TestConfinedReads pins confinement by construction: no package but gitx
// starts a process (imports os/exec, or calls os.StartProcess or
// syscall.Exec), and no package outside allowedReads opens, stats, lists or
// writes a path but through an *fsroot.Root; fsroot.Unconfined appears, and
// internal/casetest and routes/routecase are imported, in _test.go files
// only (routecase, built on casetest, aside). Test files and
// bench/ are left out.
func TestConfinedReads(t *testing.T) {
	eachSource(t, func(p, pkg string) {
		for _, why := range confinementViolations(t, p, pkg) {
			t.Error(why)
		}
	})
}

// eachSource calls fn with every .go file of the module but tests (as go
// list -deps leaves them out), testdata, bench/ and hidden folders, and its
// package as a path below the module.
func eachSource(t *testing.T, fn func(path, pkg string)) {
	root := ".."
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "bench" || strings.HasPrefix(name, ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		fn(p, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// confinementViolations parses the file at path, in package pkg (a path
// below the module), and says what in it breaks the rules of
// TestConfinedReads.
func confinementViolations(t *testing.T, path, pkg string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		ip, _ := strconv.Unquote(imp.Path.Value)
		local := ip[strings.LastIndex(ip, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		names[local] = ip
		if strings.HasSuffix(ip, "/internal/casetest") && pkg != testHarnessOnCasetest {
			out = append(out, fmt.Sprintf("%s imports %s: the rule-case harness reads files unconfined and is for tests only", path, ip))
		}
		if strings.HasSuffix(ip, "/"+testHarnessOnCasetest) {
			out = append(out, fmt.Sprintf("%s imports %s: the route-case harness reads files unconfined and is for tests only", path, ip))
		}
		if ip == "os/exec" && pkg != gitPackage {
			out = append(out, fmt.Sprintf("%s imports os/exec: only %s starts a process (git, pinned to the project's repository)", path, gitPackage))
		}
	}
	for _, decl := range f.Decls {
		fn := "" // the function holding the call, as pkg.Func or pkg.(*T).Method
		if fd, ok := decl.(*ast.FuncDecl); ok {
			fn = fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				fn = "(" + exprString(fd.Recv.List[0].Type) + ")." + fn
			}
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			ip := names[x.Name]
			name := sel.Sel.Name
			switch {
			case ip == "os" && name == "StartProcess" || ip == "syscall" && (name == "Exec" || name == "ForkExec"):
				if pkg != gitPackage {
					out = append(out, fmt.Sprintf("%s: %s.%s: only %s starts a process", fset.Position(sel.Pos()), x.Name, name, gitPackage))
				}
			case confinedReads[importBase(ip)][name] && (ip == "os" || ip == "path/filepath" || strings.HasSuffix(ip, "/internal/fsroot")):
				if _, ok := allowedReads[pkg]; ok {
					return true
				}
				if _, ok := allowedReads[pkg+"."+fn]; ok {
					return true
				}
				out = append(out, fmt.Sprintf("%s: %s.%s in %s: read, stat, list and write input through an *fsroot.Root (the project's root, required), or add %s.%s to allowedReads saying why", fset.Position(sel.Pos()), x.Name, name, pkg, pkg, fn))
			}
			return true
		})
	}
	return out
}

func importBase(ip string) string { return ip[strings.LastIndex(ip, "/")+1:] }

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return exprString(e.X)
	}
	return "?"
}
