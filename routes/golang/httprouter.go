package golang

import (
	"go/ast"

	"github.com/wirelint/wirelint/routes"
)

// httprouterFramework is julienschmidt/httprouter: a router made with New,
// its verbs (GET, POST...), Handle, Handler and HandlerFunc (a method, then
// a path) and ServeFiles (a /*filepath of static files); :name and *name
// parameters, as gin spells them.
var httprouterFramework = goFrameworkDef{
	name:         "httprouter",
	imports:      func(path string) bool { return path == "github.com/julienschmidt/httprouter" },
	constructors: names("New"),
	routerTypes:  names("Router"),
	rootType:     "Router",
	methods:      map[string]string{"GET": "GET", "POST": "POST", "PUT": "PUT", "DELETE": "DELETE", "PATCH": "PATCH", "HEAD": "HEAD", "OPTIONS": "OPTIONS"},
	calls:        httprouterCalls{},
}

// httprouterCalls reads a router's calls beyond its verbs.
type httprouterCalls struct{}

func (httprouterCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	switch sel.Name {
	case "Handle", "Handler", "HandlerFunc":
		a.methodRoute(f, c, args, r, sel, at)
	case "ServeFiles":
		if p, ok := a.routePath(f, c, args, 0, "GET", sel.Pos()); ok {
			rr := r.Add([]string{"GET"}, p, at)
			rr.Static = true
		}
	}
	return a.lost(c, r)
}
