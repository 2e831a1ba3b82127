package js

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// honoMethods are the methods of a Hono app this analysis reads: the verbs
// and all() register routes, on(methods, paths) several at once,
// route(path, app) mounts an app, basePath(path) returns an app below the
// path, and use, onError and notFound hand the app back.
var honoMethods = withVerbs(map[string]jsMethod{
	"on": honoOn, "route": honoRoute, "basePath": honoBasePath,
	"use": same, "onError": same, "notFound": same,
})

// honoExt reads the names of hono: the Hono constructor.
func honoExt(call *jsCall, ext *script.Ext) (script.Value, bool) {
	if (ext.Module == "hono" || strings.HasPrefix(ext.Module, "hono/")) && ext.Name == "Hono" {
		return script.Router{R: call.ev.NewRouter("hono")}, true
	}
	return nil, false
}

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

// honoRoute reads route(path, app): app mounted at path.
func honoRoute(call *jsCall) script.Value {
	if len(call.args) != 2 {
		return nil
	}
	s, ok := call.pathArg(0, routes.MethodAny)
	if !ok {
		return script.Router{R: call.r}
	}
	if child, ok := call.args[1].(script.Router); ok {
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
