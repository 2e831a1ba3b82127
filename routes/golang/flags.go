package golang

import (
	"go/ast"
	"go/token"
	"maps"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// cliFlag is a command-line flag the module declares, with the default it
// declares for it.
type cliFlag struct {
	value string
	at    routes.Pos // where the default is written (the flag's literal when it is left out)
}

// urfaveCLI reports whether imp is github.com/urfave/cli at any major
// version.
func urfaveCLI(imp string) bool {
	return imp == "github.com/urfave/cli" || strings.HasPrefix(imp, "github.com/urfave/cli/")
}

// flagDefault folds cmd.String(name), urfave/cli's read of a string flag,
// to the default the module declares for that flag (&cli.StringFlag{Name:
// name, Value: def}): an assumption, since the flag or its environment
// variable may set another value at run time. ok is false when f does not
// use urfave/cli or no single declaration of the flag is found.
func (a *goAnalysis) flagDefault(f *goFile, name string) (goAssumed, bool) {
	uses := false
	for _, imp := range f.imports {
		uses = uses || urfaveCLI(imp)
	}
	if !uses {
		return goAssumed{}, false
	}
	if a.flags == nil {
		a.flags = a.cliFlags()
	}
	fl, ok := a.flags[name]
	if !ok {
		return goAssumed{}, false
	}
	return goAssumed{value: fl.value, as: []routes.Assumption{{Expr: "flag --" + name, Value: fl.value, At: fl.at}}}, true
}

// cliFlags finds every urfave/cli string flag the packages read declare
// with a constant name and default; a name declared twice with different
// defaults is left out.
func (a *goAnalysis) cliFlags() map[string]cliFlag {
	out := map[string]cliFlag{}
	twice := map[string]bool{}
	for _, key := range slices.Sorted(maps.Keys(a.pkgs)) { // in a fixed order: the first declaration is the one named
		pkg := a.pkgs[key]
		if pkg == nil {
			continue
		}
		for _, gf := range pkg.files {
			for _, lit := range gf.facts.stringFlags {
				name, fl, ok := a.stringFlag(gf, lit)
				if !ok {
					continue
				}
				if old, seen := out[name]; seen && old.value != fl.value {
					twice[name] = true
				}
				out[name] = fl
			}
		}
	}
	for name := range twice {
		delete(out, name)
	}
	return out
}

// stdFlagPkgs are the flag packages whose String and StringVar take (name,
// default, usage): the standard library's and spf13/pflag.
var stdFlagPkgs = map[string]bool{"flag": true, "github.com/spf13/pflag": true}

// stdFlagVar is a package-level variable bound to a flag.
type stdFlagVar struct {
	name, value string
	at          routes.Pos
}

// stdFlag folds flag.String(name, default, usage), read through the
// pointer it returns, to the declared default: an assumption, the flag
// may set another value at run time.
func (a *goAnalysis) stdFlag(f *goFile, c *ast.CallExpr, imp, name string, args []value) (value, bool) {
	if !stdFlagPkgs[imp] || name != "String" || len(args) != 3 {
		return nil, false
	}
	flagName, ok1 := str(args[0])
	def, ok2 := str(args[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	return goAssumed{value: def, as: []routes.Assumption{{Expr: "flag -" + flagName, Value: def, At: a.pos(f, c.Args[1].Pos())}}}, true
}

// stringFlag reads lit, a StringFlag literal of gf: the flag's name and
// default when it is urfave/cli's and both are constants.
func (a *goAnalysis) stringFlag(gf *goFile, lit *ast.CompositeLit) (string, cliFlag, bool) {
	sel := lit.Type.(*ast.SelectorExpr)
	if x, ok := sel.X.(*ast.Ident); !ok || !urfaveCLI(gf.imports[x.Name]) {
		return "", cliFlag{}, false
	}
	var name string
	fl := cliFlag{at: a.pos(gf, lit.Pos())}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "Name":
			name, _ = str(a.eval(gf, nil, kv.Value))
		case "Value":
			v, ok := str(a.eval(gf, nil, kv.Value))
			if !ok {
				return "", cliFlag{}, false // a default computed at run time
			}
			fl.value, fl.at = v, a.pos(gf, kv.Value.Pos())
		}
	}
	return name, fl, name != ""
}

// flagVarNote reads flag.StringVar(&v, name, default, usage) on a
// package-level variable v of gf's package (or another package's, pkg.V),
// read later as the flag's default: the note recordAssignments replays.
func flagVarNote(gf *goFile, c *ast.CallExpr) (assignNote, bool) {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "StringVar" || len(c.Args) != 4 {
		return assignNote{}, false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok || !stdFlagPkgs[gf.imports[x.Name]] {
		return assignNote{}, false
	}
	addr, ok := c.Args[0].(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return assignNote{}, false
	}
	name, ok1 := stringLit(c.Args[1])
	def, ok2 := stringLit(c.Args[2])
	if !ok1 || !ok2 {
		return assignNote{}, false
	}
	fl := &stdFlagVar{name: name, value: def}
	switch v := addr.X.(type) {
	case *ast.Ident:
		return assignNote{kind: assignFlagVar, name: v.Name, at: c.Args[2].Pos(), flag: fl}, true
	case *ast.SelectorExpr:
		if p, ok := v.X.(*ast.Ident); ok {
			if imp, ok := gf.imports[p.Name]; ok {
				return assignNote{kind: assignFlagImport, name: imp + "." + v.Sel.Name, at: c.Args[2].Pos(), flag: fl}, true
			}
		}
	}
	return assignNote{}, false
}
