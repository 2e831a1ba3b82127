package golang

import (
	"go/ast"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// netHTTPFramework is net/http's ServeMux, with Go 1.22's method and
// wildcard patterns, and the package-level DefaultServeMux.
var netHTTPFramework = goFrameworkDef{
	name:            "nethttp",
	imports:         func(path string) bool { return path == "net/http" },
	constructors:    names("NewServeMux"),
	routerTypes:     names("ServeMux"),
	methodConstants: true,
	calls:           netHTTPCalls{},
}

// netHTTPCalls reads Handle and HandleFunc on a ServeMux.
type netHTTPCalls struct{}

func (netHTTPCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	switch sel.Name {
	case "Handle", "HandleFunc":
		pat, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil
		}
		method, path := splitServeMuxPattern(pat)
		if !strings.Contains(path, "/") {
			// no path: a pattern ("GET "+prefix) whose variable part is
			// empty under the value assumed; not a route ServeMux accepts
			a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: at, Method: method, Expr: a.src(c.Args[0]),
				Reason: "the pattern " + strconv.Quote(pat) + " has no path", Malformed: true})
			return nil
		}
		if gw := gatewayHandler(env, c, args, 1); gw != nil && strings.HasSuffix(path, "/") {
			// the gateway serves the subtree, matching the whole path
			r.MountWhole(strings.TrimSuffix(path, "/"), gw)
			return nil
		}
		if len(args) > 1 {
			switch h := args[1].(type) {
			case *goStrip:
				if child, ok := routerOf(h.inner); ok {
					r.Mount(h.prefix, child, false)
					return nil
				}
			case goRouter:
				r.Mount("", h.r, false)
				return nil
			}
		}
		rr := r.Add(nil, path, at)
		if method != "" {
			rr.Methods = []string{method}
		}
		rr.Subtree = strings.HasSuffix(path, "/")
		if len(args) > 1 && isStatic(args[1]) {
			rr.Static = true
			if method == "" {
				rr.Methods = []string{"GET"}
			}
		}
	}
	return nil
}

// netHTTPPackageCall evaluates net/http's package-level functions that
// serve, register on DefaultServeMux or wrap a handler: ListenAndServe and
// Serve, Handle and HandleFunc, StripPrefix, FileServer, HandlerFunc and the
// handler wrappers. ok is false for any other function.
func (a *goAnalysis) netHTTPPackageCall(f *goFile, env *goEnv, c *ast.CallExpr, name string) (value, bool) {
	switch name {
	case "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS":
		args := a.evalArgs(f, env, c)
		if len(args) > 0 {
			if h := args[len(args)-1]; h != nil {
				a.listen(h, 0)
			} else if a.defaultMux != nil {
				a.defaultMux.Listened = true
			}
		}
		return nil, true
	case "Handle", "HandleFunc":
		if a.defaultMux == nil {
			a.defaultMux = a.newRouter("nethttp")
		}
		return a.routerCall(f, env, c, a.defaultMux, &ast.Ident{Name: name, NamePos: c.Fun.(*ast.SelectorExpr).Sel.Pos()}), true
	case "StripPrefix":
		args := a.evalArgs(f, env, c)
		if len(args) == 2 {
			if p, ok := str(args[0]); ok {
				return &goStrip{prefix: p, inner: args[1]}, true
			}
		}
		return nil, true
	case "FileServer", "FileServerFS":
		a.evalArgs(f, env, c)
		return goStatic{}, true
	case "HandlerFunc", "Handler", "TimeoutHandler", "MaxBytesHandler":
		args := a.evalArgs(f, env, c)
		if len(args) > 0 {
			return args[0], true
		}
		return nil, true
	}
	return nil, false
}

// splitServeMuxPattern splits a Go 1.22 ServeMux pattern "[METHOD ][HOST]/PATH"
// into its method ("" = any) and path; the host is dropped.
func splitServeMuxPattern(p string) (method, path string) {
	p = strings.TrimSpace(p)
	if i := strings.IndexAny(p, " \t"); i >= 0 {
		method, p = p[:i], strings.TrimSpace(p[i+1:])
	} else if routes.IsMethod(p) {
		return strings.ToUpper(p), "" // "GET " with nothing after it
	}
	if i := strings.IndexByte(p, '/'); i > 0 {
		p = p[i:]
	}
	return strings.ToUpper(method), p
}
