package golang

import (
	"go/ast"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// chiFramework is go-chi/chi, every major version and its subpackages.
var chiFramework = goFrameworkDef{
	name: "chi",
	imports: func(path string) bool {
		return path == "github.com/go-chi/chi" || strings.HasPrefix(path, "github.com/go-chi/chi/")
	},
	importName:   "chi",
	constructors: names("NewRouter", "NewMux"),
	routerTypes:  names("Router", "Mux"),
	methods:      map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH", "Head": "HEAD", "Options": "OPTIONS", "Connect": "CONNECT", "Trace": "TRACE"},
	calls:        chiCalls{},
}

// chiCalls reads Handle, Method, Route, Group, With and Mount on a chi
// router; any other method's result is a goLost.
type chiCalls struct{}

func (chiCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	name := sel.Name
	switch name {
	case "Handle", "HandleFunc":
		if p, ok := a.routePath(f, c, args, 0, "", sel.Pos()); ok {
			rr := r.Add(nil, p, at)
			if len(args) > 1 && isStatic(args[1]) {
				rr.Methods, rr.Static = []string{"GET"}, true
			}
		}
	case "Method", "MethodFunc":
		a.methodRoute(f, c, args, r, sel, at)
	case "Route":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		return goRouter{a.subRouter(r, p, args, 1, c)}
	case "Group", "With":
		if name == "With" {
			return goRouter{a.subRouter(r, "", nil, 0, c)}
		}
		return goRouter{a.subRouter(r, "", args, 0, c)}
	case "Mount":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok || len(args) < 2 {
			return nil
		}
		a.mountHandler(f, c, r, p, args[1], at)
	}
	return a.lost(c, r)
}
