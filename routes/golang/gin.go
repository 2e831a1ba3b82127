package golang

import (
	"go/ast"

	"github.com/wirelint/wirelint/routes"
)

// ginFramework is gin-gonic/gin.
var ginFramework = goFrameworkDef{
	name:         "gin",
	imports:      func(path string) bool { return path == "github.com/gin-gonic/gin" },
	constructors: names("New", "Default"),
	routerTypes:  names("Engine", "RouterGroup", "IRouter", "IRoutes"),
	rootType:     "Engine",
	methods:      map[string]string{"GET": "GET", "POST": "POST", "PUT": "PUT", "DELETE": "DELETE", "PATCH": "PATCH", "HEAD": "HEAD", "OPTIONS": "OPTIONS"},
	calls:        ginCalls{},
}

// ginCalls reads a gin engine's or group's calls: those it shares with echo
// (engineCall), and Use, which hands the group back.
type ginCalls struct{}

func (ginCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	if sel.Name == "Use" {
		return goRouter{r} // RouterGroup.Use returns the group itself
	}
	return a.engineCall(f, env, c, r, sel, args, at)
}

// engineCall reads the router calls gin and echo share by name: the
// listeners (Run, Start...), the static-file routes, Handle and Add (a
// method then a path), Any, Match and Group; any other method's result is
// a goLost.
func (a *goAnalysis) engineCall(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	name := sel.Name
	switch name {
	case "Run", "RunTLS", "Start", "StartTLS", "StartServer":
		r.Listened = true
	case "Static", "StaticFS", "StaticFile", "StaticFileFS", "File", "FileFS":
		p, ok := a.routePath(f, c, args, 0, "GET", sel.Pos())
		if !ok {
			return nil
		}
		rr := r.Add([]string{"GET"}, p, at)
		rr.Static = true
		rr.Subtree = name == "Static" || name == "StaticFS"
	case "Handle", "Add":
		a.methodRoute(f, c, args, r, sel, at)
	case "Any":
		if p, ok := a.routePath(f, c, args, 0, routes.MethodAny, sel.Pos()); ok {
			r.Add(nil, p, at)
		}
	case "Match":
		a.methodListRoute(f, env, c, r, sel, args, at)
	case "Group":
		return a.group(f, c, r, sel, args)
	}
	return a.lost(c, r)
}
