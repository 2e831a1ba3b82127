package js

import (
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// honoMethods are the methods of a Hono app this analysis reads: the verbs
// and all() register routes, on(methods, paths) several at once,
// route(path, app) mounts an app, basePath(path) returns an app below the
// path, and use, onError and notFound hand the app back. An OpenAPIHono app
// of @hono/zod-openapi adds openapi(route, handler), a route its
// createRoute({method, path}) object describes, and doc(path, ...) and
// doc31(path, ...), which serve the generated document.
var honoMethods = withVerbs(map[string]jsMethod{
	"on": honoOn, "route": honoRoute, "basePath": honoBasePath,
	"use": same, "onError": same, "notFound": same,
	"openapi": honoOpenAPI, "doc": honoDoc, "doc31": honoDoc,
})

// zodOpenAPI is the module of OpenAPIHono and createRoute.
const zodOpenAPI = "@hono/zod-openapi"

// honoExt reads the names of hono (the Hono constructor) and of
// @hono/zod-openapi: the OpenAPIHono constructor, and createRoute, which
// returns the route object it is given.
func honoExt(call *jsCall, ext *script.Ext) (script.Value, bool) {
	switch {
	case (ext.Module == "hono" || strings.HasPrefix(ext.Module, "hono/")) && ext.Name == "Hono",
		ext.Module == zodOpenAPI && ext.Name == "OpenAPIHono":
		return script.Router{R: call.ev.NewRouter("hono")}, true
	case ext.Module == zodOpenAPI && ext.Name == "createRoute":
		if len(call.args) == 1 {
			return call.args[0], true
		}
		return nil, true
	}
	return nil, false
}

// honoOpenAPI reads openapi(route, ...handlers) of an OpenAPIHono app: the
// route object's method and its path in OpenAPI's {name} syntax, which
// @hono/zod-openapi turns into Hono's :name before registering it.
func honoOpenAPI(call *jsCall) script.Value {
	if len(call.args) < 1 {
		return nil
	}
	route, _ := call.args[0].(script.Dict)
	ms, ok1 := script.MethodsOf(route["method"])
	path, ok2 := route["path"].(script.Str)
	if !ok1 || !ok2 {
		call.unresolved(routes.Unresolved{Pos: call.pos, Method: routes.MethodAny, Expr: call.text(call.arg(0)), Reason: "route method or path is not a constant this analysis can fold"})
		return script.Router{R: call.r}
	}
	call.r.Add(ms, openAPIParams().ReplaceAllString(string(path), "/:$1"), call.pos)
	return script.Router{R: call.r}
}

// openAPIParams matches the {name} segments @hono/zod-openapi rewrites.
var openAPIParams = lazyre.New(`/\{(.+?)\}`)

// honoDoc reads doc(path, config) and doc31(path, config): GET path serves
// the generated OpenAPI document, a documentation asset.
func honoDoc(call *jsCall) script.Value {
	if len(call.args) < 1 {
		return nil
	}
	if p, ok := call.pathArg(0, "GET"); ok {
		call.r.Add([]string{"GET"}, p, call.pos).Asset = honoDocsAsset
	}
	return script.Router{R: call.r}
}

// honoDocsAsset says why the route doc() serves is not an API operation.
const honoDocsAsset = "a documentation UI or spec file"

// honoOn reads on(method | methods, path | paths, ...handlers).
func honoOn(call *jsCall) script.Value {
	if len(call.args) < 2 {
		return nil
	}
	ms, ok := script.MethodsOf(call.args[0])
	if !ok {
		call.unresolved(routes.Unresolved{Pos: call.pos, Expr: call.text(call.arg(0)), Reason: "methods are not constants this analysis can fold"})
		return script.Router{R: call.r}
	}
	for _, p := range call.paths(1, strings.Join(ms, ",")) {
		call.r.Add(ms, p, call.pos)
	}
	return script.Router{R: call.r}
}

// honoRoute reads route(path, app): app mounted at path. A path read at
// run time with a default (process.env.PREFIX || "/api") mounts it at the
// default under that assumption, as Express's use() does. An app mounted
// at a path that does not fold (const basePath = getBasePath()) is served
// at a prefix no one knows: it hangs from a router whose routes are
// unresolved, each scoped to its own path, not from the root.
func honoRoute(call *jsCall) script.Value {
	if len(call.args) != 2 {
		return nil
	}
	child, isApp := call.args[1].(script.Router)
	if a, ok := call.args[0].(script.Assumed); ok && isApp {
		call.r.Mount(string(a.Value), child.R, false)
		child.R.Assumed = append(child.R.Assumed, a.As)
		return script.Router{R: call.r}
	}
	if _, folds := call.args[0].(script.Str); !folds && isApp {
		call.unknownPrefix(call.r, call.arg(0)).Mount("", child.R, false)
		return script.Router{R: call.r}
	}
	s, ok := call.pathArg(0, routes.MethodAny)
	if !ok {
		return script.Router{R: call.r}
	}
	if isApp {
		call.r.Mount(s, child.R, false)
	} else {
		call.unresolved(routes.Unresolved{Pos: call.pos, Method: routes.MethodAny, Expr: s + " -> " + call.text(call.arg(1)), Reason: "mounted app is not one this analysis can follow"})
	}
	return script.Router{R: call.r}
}

// honoBasePath reads basePath(path): a new app below path.
func honoBasePath(call *jsCall) script.Value {
	if len(call.args) != 1 {
		return nil
	}
	s, ok := call.pathArg(0, routes.MethodAny)
	if !ok {
		return nil
	}
	child := call.ev.NewRouter("hono")
	call.r.Mount(s, child, false)
	return script.Router{R: child}
}
