package golang

import (
	"go/ast"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// humaImport is huma v2's package; its adapters live below it
// (adapters/humachi, humagin, humaecho, humafiber, humago...).
const humaImport = "github.com/danielgtaylor/huma/v2"

// humaVerbs are huma's registration helpers that carry their method in
// their name (huma.Get(api, "/x", h)).
var humaVerbs = map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Patch": "PATCH", "Delete": "DELETE", "Head": "HEAD"}

// humaCall reads huma v2: an adapter's New(router, config) is an API whose
// operations are served by that router (a child of it, as huma writes
// paths {name} whatever the router's own syntax); huma.Register(api,
// huma.Operation{Method, Path}, h), huma.Get(api, path, h)... register an
// operation; huma.NewGroup(api, prefix) is the API under a prefix. ok is
// false for any other call.
func (a *goAnalysis) humaCall(f *goFile, c *ast.CallExpr, imp, name string, args []value) (value, bool) {
	switch {
	case strings.HasPrefix(imp, humaImport+"/adapters/") && strings.HasPrefix(name, "New"):
		for _, v := range args {
			if r, ok := routerOf(v); ok {
				api := a.newRouter("huma")
				r.Mount("", api, false)
				return goRouter{api}, true
			}
		}
		return nil, true
	case imp != humaImport:
		return nil, false
	}
	api, ok := routerOf(firstArg(args))
	if !ok {
		return nil, name == "Register" || name == "NewGroup" || humaVerbs[name] != ""
	}
	at := a.pos(f, c.Pos())
	switch {
	case name == "NewGroup" && len(args) > 1:
		prefix, ok := str(args[1])
		if !ok {
			api.Gaps = append(api.Gaps, routes.Unresolved{Pos: at, Method: routes.MethodAny, Expr: a.src(c), Reason: "group prefix is not a constant this analysis can fold"})
			return nil, true
		}
		group := a.newRouter("huma")
		api.Mount(prefix, group, false)
		return goRouter{group}, true
	case name == "Register" && len(args) > 1:
		op, _ := args[1].(*goStruct)
		var method, path string
		var ok1, ok2 bool
		if op != nil {
			method, ok1 = str(op.fields["Method"])
			path, ok2 = str(op.fields["Path"])
		}
		if !ok1 || !ok2 {
			api.Gaps = append(api.Gaps, routes.Unresolved{Pos: at, Method: routes.MethodAny, Expr: a.src(c.Args[1]), Reason: "the operation's method or path is not a constant this analysis can fold"})
			return nil, true
		}
		api.Add([]string{method}, path, at)
		return nil, true
	case humaVerbs[name] != "" && len(args) > 1:
		if p, ok := a.routePath(f, c, args, 1, humaVerbs[name], c.Pos()); ok {
			api.Add([]string{humaVerbs[name]}, p, at)
		}
		return nil, true
	}
	return nil, false
}
