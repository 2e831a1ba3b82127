package golang

import (
	"go/ast"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
)

// fiberFramework is gofiber/fiber, v2 and v3 (the Router interface is
// v2's group type, Group v3's).
var fiberFramework = goFrameworkDef{
	name:            "fiber",
	imports:         fiberImport().MatchString,
	importName:      "fiber",
	constructors:    names("New"),
	routerTypes:     names("App", "Router", "Group"),
	rootType:        "App",
	methods:         map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH", "Head": "HEAD", "Options": "OPTIONS", "Connect": "CONNECT", "Trace": "TRACE"},
	methodConstants: true,
	calls:           fiberCalls{},
}

// fiberImport matches Fiber's import path, with or without a major version
// (github.com/gofiber/fiber/v2, /v3), but none of its middleware packages.
var fiberImport = lazyre.New(`^github\.com/gofiber/fiber(/v[0-9]+)?$`)

// fiberStatic are Fiber's static-file middleware constructors, by import
// path: v2's filesystem.New and v3's static.New, mounted with Use.
var fiberStatic = map[string]bool{
	"github.com/gofiber/fiber/v2/middleware/filesystem": true,
	"github.com/gofiber/fiber/v3/middleware/static":     true,
}

// fiberCalls reads the calls on a Fiber app or group with fiberCall; a
// route is reported at at, the wrapper's caller inside a thin wrapper.
type fiberCalls struct{}

func (fiberCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	return a.fiberCall(f, env, c, r, sel, args, at)
}

// fiberCall evaluates a method call on a Fiber app or group (v2 and v3):
// Get/Post/... are in fiberFramework.methods; here All, Add, Group, Route, Mount, Use,
// Static and the listeners. A group's "/" is the group's bare prefix, as
// Fiber trims a trailing slash unless StrictRouting is set.
func (a *goAnalysis) fiberCall(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	name := sel.Name
	switch name {
	case "Listen", "ListenTLS", "ListenTLSWithCertificate", "ListenMutualTLS", "ListenMutualTLSWithCertificate", "Listener":
		r.Listened = true
	case "All":
		if p, ok := a.routePath(f, c, args, 0, routes.MethodAny, sel.Pos()); ok {
			r.Add(nil, p, at)
		}
	case "Add":
		a.fiberAdd(f, env, c, r, sel, args, at)
	case "Group":
		return a.group(f, c, r, sel, args)
	case "Route":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		if len(args) < 2 {
			// v3: app.Route("/x").Get(h).Post(h)
			return &fiberRoute{r: r, path: p}
		}
		// v2: app.Route("/x", func(r fiber.Router) {...}, name)
		return goRouter{a.subRouter(r, p, args, 1, c)}
	case "Mount":
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok || len(args) < 2 {
			return nil
		}
		a.mountHandler(f, c, r, p, args[1], at)
		return goRouter{r}
	case "Use":
		// Use([prefix,] handlers...): an app among the handlers is mounted
		// (v3), a static middleware is a static catch-all; any other handler
		// is middleware and serves no route of its own.
		prefix := ""
		if len(args) > 0 {
			if s, ok := str(args[0]); ok {
				prefix = s
			}
		}
		for _, h := range args {
			if _, ok := routerOf(h); ok || isStatic(h) {
				a.mountHandler(f, c, r, prefix, h, at)
			}
		}
		return goRouter{r}
	case "Static":
		p, ok := a.routePath(f, c, args, 0, "GET", sel.Pos())
		if !ok {
			return nil
		}
		// Fiber serves a Static prefix as a prefix match, a file root too.
		rr := r.Add([]string{"GET"}, strings.TrimSuffix(p, "*"), at)
		rr.Static, rr.Subtree = true, true
	}
	return nil
}

// fiberAdd registers Add(method, path, ...) (v2) or Add([]string{...}, path,
// ...) (v3); a method that is not a folded constant is unresolved.
func (a *goAnalysis) fiberAdd(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) {
	if len(args) < 2 {
		return
	}
	if _, isList := c.Args[0].(*ast.CompositeLit); !isList {
		a.methodRoute(f, c, args, r, sel, at)
		return
	}
	a.methodListRoute(f, env, c, r, sel, args, at)
}

// fiberRouteCall evaluates a method chained on Fiber v3's app.Route(path):
// Get(h), Post(h)..., All(h), Add(methods, h) and a nested Route(path).
func (a *goAnalysis) fiberRouteCall(f *goFile, env *goEnv, c *ast.CallExpr, fr *fiberRoute, sel *ast.Ident) value {
	if len(a.tags) > 0 {
		defer fr.r.TagSince(fr.r.Len(), a.tags)
	}
	args := a.evalArgs(f, env, c)
	at := a.pos(f, sel.Pos())
	if m, ok := fiberFramework.methods[sel.Name]; ok {
		fr.r.Add([]string{m}, fr.path, at)
		return fr
	}
	switch sel.Name {
	case "All":
		fr.r.Add(nil, fr.path, at)
	case "Add":
		ms := a.methodList(f, env, c, 0)
		if ms == nil {
			a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: at, Method: routes.MethodAny, Expr: fr.path, Reason: "method list is not a constant this analysis can fold"})
			return fr
		}
		fr.r.Add(ms, fr.path, at)
	case "Route":
		if len(args) == 0 {
			return fr
		}
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		return &fiberRoute{r: fr.r, path: routes.Join(fr.path, p)}
	}
	return fr
}

// fiberStrict reports whether fiber.New(fiber.Config{StrictRouting: true})
// makes the app tell /x/ from /x; without it Fiber serves both.
func fiberStrict(c *ast.CallExpr) bool {
	for _, arg := range c.Args {
		cl, ok := arg.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, el := range cl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			k, kok := kv.Key.(*ast.Ident)
			v, vok := kv.Value.(*ast.Ident)
			if kok && vok && k.Name == "StrictRouting" && v.Name == "true" {
				return true
			}
		}
	}
	return false
}
