package golang

import (
	"go/ast"

	"github.com/wirelint/wirelint/routes"
)

// gorillaFramework is gorilla/mux. Its routes are built by chained calls
// (r.HandleFunc(p, h).Methods("GET")): a registration is a goRoute until
// its handler is set.
var gorillaFramework = goFrameworkDef{
	name:         "gorilla",
	imports:      func(path string) bool { return path == "github.com/gorilla/mux" },
	constructors: names("NewRouter"),
	routerTypes:  names("Router"),
	calls:        gorillaCalls{},
}

// gorillaCalls reads the calls on a *mux.Router: its setters, NewRoute,
// HandleFunc and Handle, Path, PathPrefix and Methods; any other method's
// result is a goLost.
type gorillaCalls struct{}

func (gorillaCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	name := sel.Name
	switch name {
	case "StrictSlash", "SkipClean", "UseEncodedPath":
		return goRouter{r} // *Router's setters return the router itself
	case "NewRoute":
		rr := r.Add(nil, "", at)
		rr.Dead = true
		return &goRoute{r: r, rr: rr}
	case "HandleFunc", "Handle":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		return &goRoute{r: r, rr: r.Add(nil, p, at)}
	case "Path", "PathPrefix":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		rr := r.Add(nil, p, at)
		rr.Dead, rr.Subtree = true, name == "PathPrefix"
		return &goRoute{r: r, rr: rr}
	case "Methods":
		ms, ok := stringList(spread(c, args))
		if !ok {
			return nil
		}
		rr := r.Add(ms, "", at)
		rr.Dead = true
		return &goRoute{r: r, rr: rr}
	}
	return a.lost(c, r)
}

// gorillaRouteCall evaluates a method call on a gorilla/mux route.
func (a *goAnalysis) gorillaRouteCall(f *goFile, env *goEnv, c *ast.CallExpr, g *goRoute, name string) value {
	args := a.evalArgs(f, env, c)
	switch name {
	case "Methods":
		ms, ok := stringList(spread(c, args))
		if !ok {
			a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: g.rr.Pos, Expr: a.src(c), Reason: "method list is not a constant this analysis can fold"})
			g.rr.Dead, g.unresolved = true, true
			return g
		}
		g.rr.Methods = append(g.rr.Methods, routes.Upper(ms)...)
	case "Path", "PathPrefix":
		if len(args) == 0 {
			return g
		}
		p, ok := str(args[0])
		if !ok {
			a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: g.rr.Pos, Expr: a.src(c), Reason: "path is not a constant this analysis can fold"})
			g.rr.Dead, g.unresolved = true, true
			return g
		}
		g.rr.Path, g.rr.Subtree = p, name == "PathPrefix"
	case "Handler", "HandlerFunc":
		g.rr.Dead = g.unresolved
		g.rr.Tooling = g.rr.Tooling || len(c.Args) > 0 && a.profiling(f, c.Args[0])
	case "Subrouter":
		g.rr.Dead = true
		child := a.newRouter("gorilla")
		child.Methods = g.rr.Methods
		if g.rr.Subtree || g.rr.Path != "" {
			g.r.Mount(g.rr.Path, child, false)
		} else {
			g.r.Mount("", child, false)
		}
		return goRouter{child}
	}
	return g
}
