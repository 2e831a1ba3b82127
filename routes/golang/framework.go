package golang

import (
	"go/ast"

	"github.com/wirelint/wirelint/routes"
)

// goFrameworkDef is one Go router framework as Extract reads it: how a file
// names its package, what makes and types its routers, the methods that
// carry their HTTP method in their name and how its other router calls are
// read. Each is declared in the framework's own file (nethttp.go, chi.go,
// gin.go, echo.go, gorilla.go, fiber.go) and listed in goFrameworks.
type goFrameworkDef struct {
	// name is the framework of the routers it makes (routes.Router.Framework).
	name string
	// imports reports whether an import path is one of the framework's
	// packages.
	imports func(path string) bool
	// importName is the name a file refers to the framework's packages by
	// when its import does not name them ("" = Go's default, importName).
	importName string
	// constructors are the package functions that make a new router.
	constructors map[string]bool
	// routerTypes are the type names of router values: a function
	// parameter of one of them receives a router.
	routerTypes map[string]bool
	// rootType is the router type that is always the root of a server (an
	// engine, never a group); "" = none.
	rootType string
	// methods are the route-registering method names that carry their
	// HTTP method in their name, with that method.
	methods map[string]string
	// methodConstants marks a package declaring the HTTP methods as
	// constants (http.MethodGet), folded to their method.
	methodConstants bool
	// calls reads the other method calls on the framework's routers.
	calls goRouterCalls
}

// goRouterCalls reads a method call on one of a framework's routers whose
// name is not in its methods: registrations, groups, mounts, listeners. at
// is where a route it registers is reported. It is an interface, not a
// func field, because a method value in the tables below would make their
// initialisation depend on itself: the handlers reach the tables again
// through routerCall.
type goRouterCalls interface {
	routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value
}

// goFrameworks are the Go router frameworks Extract reads.
var goFrameworks = []*goFrameworkDef{&netHTTPFramework, &chiFramework, &ginFramework, &echoFramework, &gorillaFramework, &fiberFramework, &httprouterFramework, &grpcGatewayFramework}

// frameworkOf returns the framework an import path belongs to, or nil when
// it is not a router package.
func frameworkOf(path string) *goFrameworkDef {
	for _, fw := range goFrameworks {
		if fw.imports(path) {
			return fw
		}
	}
	return nil
}

// frameworkNamed returns the framework of a router's Framework, or nil for
// one no goFrameworkDef describes (huma's API).
func frameworkNamed(name string) *goFrameworkDef {
	for _, fw := range goFrameworks {
		if fw.name == name {
			return fw
		}
	}
	return nil
}

// names is a set of names, for the tables of the framework files.
func names(ns ...string) map[string]bool {
	out := make(map[string]bool, len(ns))
	for _, n := range ns {
		out[n] = true
	}
	return out
}

// lost is what a router method this analysis does not read returns: it may
// be the router again, so routes registered on it are gaps, not dropped.
func (a *goAnalysis) lost(c *ast.CallExpr, r *routes.Router) value {
	return &goLost{r: r, expr: routes.Shorten(a.src(c.Fun)) + "(...)"}
}

// rootRouterType returns the framework of t when t is its rootType, as a
// pointer (*gin.Engine) or not.
func (a *goAnalysis) rootRouterType(f *goFile, t ast.Expr) string {
	if fw, name := typeOfFramework(f, t); fw != nil && fw.rootType == name {
		return fw.name
	}
	return ""
}

// typeOfFramework returns the framework whose package type expression t,
// written in f, names (chi.Router, *gin.Engine) and the type's name; nil
// when t is no framework's type.
func typeOfFramework(f *goFile, t ast.Expr) (*goFrameworkDef, string) {
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return nil, ""
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, ""
	}
	return frameworkOf(f.imports[x.Name]), sel.Sel.Name
}
