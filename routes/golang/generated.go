package golang

import (
	"go/ast"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// basePathJSON finds the base path in a go-swagger embedded_spec.go, which
// holds the spec as JSON text.
var basePathJSON = regexp.MustCompile(`"basePath":\s*"([^"]*)"`)

// goSwagger reads the operation table go-swagger generates (the API
// type's initHandlerCache: o.handlers["GET"]["/alerts"] =
// alert.NewGetAlerts(o.context, o.GetAlertsHandler)) from the program's
// packages, and which handler fields no code sets to anything but
// middleware.NotImplemented. nil when no package holds such a table.
func (a *goAnalysis) goSwagger(pkgs []*goPkg) *routes.Generated {
	var gen *routes.Generated
	var tablePkg *goPkg
	for _, pkg := range pkgs {
		for _, d := range pkg.methods["initHandlerCache"] {
			gf := a.byDecl[d]
			if gf == nil || d.Body == nil {
				continue
			}
			var ops []routes.GeneratedOperation
			for _, st := range a.funcBody(d).List {
				if op, ok := swaggerEntry(st); ok {
					op.Pos = a.pos(gf, st.Pos())
					ops = append(ops, op)
				}
			}
			if len(ops) > 0 && gen == nil {
				gen = &routes.Generated{Generator: "go-swagger", Pos: a.pos(gf, d.Name.Pos()), Operations: ops}
				tablePkg = pkg
			}
		}
	}
	if gen == nil {
		return nil
	}
	implemented := map[string]bool{}
	for _, pkg := range pkgs {
		for _, gf := range pkg.files {
			for _, name := range gf.facts.implemented {
				implemented[name] = true
			}
		}
	}
	// the spec go-swagger embeds, as JSON text, names the base path
	for _, path := range slices.Sorted(maps.Keys(a.parsed.sources)) {
		if strings.HasSuffix(path, "embedded_spec.go") {
			if m := basePathJSON.FindSubmatch(a.parsed.sources[path]); m != nil {
				gen.BasePath = string(m[1])
				break
			}
		}
	}
	// a path written as a string outside the generated package: a
	// middleware may answer it before the generated router does
	written := map[string]routes.Pos{}
	for _, pkg := range pkgs {
		if pkg == tablePkg {
			continue
		}
		for _, gf := range pkg.files {
			if strings.HasSuffix(gf.display, "embedded_spec.go") {
				continue
			}
			for _, w := range gf.facts.written {
				if _, seen := written[w.path]; !seen {
					written[w.path] = a.pos(gf, w.at)
				}
			}
		}
	}
	for i, op := range gen.Operations {
		gen.Operations[i].Stub = !implemented[op.Handler]
		if at, ok := written[routes.Join(gen.BasePath, op.Path)]; ok && gen.Operations[i].Stub {
			gen.Operations[i].Intercepted = at
		}
	}
	return gen
}

// swaggerEntry reads one statement of initHandlerCache:
// o.handlers["METHOD"]["/path"] = pkg.NewOp(o.context, o.OpHandler).
func swaggerEntry(st ast.Stmt) (routes.GeneratedOperation, bool) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return routes.GeneratedOperation{}, false
	}
	outer, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	inner, ok := outer.X.(*ast.IndexExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	if sel, ok := inner.X.(*ast.SelectorExpr); !ok || sel.Sel.Name != "handlers" {
		return routes.GeneratedOperation{}, false
	}
	method, ok1 := stringLit(inner.Index)
	path, ok2 := stringLit(outer.Index)
	call, ok3 := as.Rhs[0].(*ast.CallExpr)
	if !ok1 || !ok2 || !ok3 || len(call.Args) == 0 {
		return routes.GeneratedOperation{}, false
	}
	field, ok := call.Args[len(call.Args)-1].(*ast.SelectorExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	return routes.GeneratedOperation{Method: strings.ToUpper(method), Path: path, Handler: field.Sel.Name}, true
}

// stringLit returns the value of a string literal.
func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// notImplemented reports whether e calls a function named NotImplemented
// (go-openapi's middleware.NotImplemented): the stub go-swagger generates.
func notImplemented(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "NotImplemented" {
				found = true
			}
		}
		return !found
	})
	return found
}
