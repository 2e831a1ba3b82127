package python

import (
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// starletteMethods are the methods of a Starlette app or Router this
// analysis reads: route(path, methods=) and add_route(path, endpoint)
// register a route, mount(path, app) mounts an app, a Router or static
// files.
var starletteMethods = map[string]pyMethod{
	"route": routeMethod, "add_route": routeMethod, "add_api_route": routeMethod, "api_route": routeMethod,
	"mount": mountMethod,
}

// starletteExt reads the names of starlette (and the ones fastapi passes
// on): the Starlette and Router constructors (routes= attached), Route,
// Mount and StaticFiles.
func starletteExt(call *pyCall, ext *script.Ext) (script.Value, bool) {
	top, name := topPackage(ext.Module), lastName(ext.Name)
	if top != "starlette" && top != "fastapi" {
		return nil, false
	}
	switch name {
	case "Starlette", "Router":
		if top == "fastapi" {
			return nil, false // fastapi.routing's own Router is APIRouter's base
		}
		return script.Router{R: call.newRouter("starlette", name == "Router")}, true
	case "StaticFiles":
		return &script.Static{}, true
	case "Route", "APIRoute":
		return starletteRoute(call), true
	case "Mount":
		return starletteMount(call), true
	}
	return nil, false
}

// newRouter returns a router of framework fw made by the call: a sub-router
// (nothing served until mounted) when sub; Starlette's routes= and
// include_in_schema= read.
func (call *pyCall) newRouter(fw string, sub bool) *routes.Router {
	r := call.ev.NewRouter(fw)
	// an application (FastAPI(), Starlette()) is what a server process
	// serves (uvicorn module:app): beside the app serving the documented
	// API, another that serves none of it (a worker's health server) is
	// another listener, set apart by the check, as in Go
	r.Sub, r.Listened = sub, !sub
	if kw := call.kw("routes"); kw != nil {
		call.ev.attach(r, call.eval(kw))
	}
	r.Hidden = script.IsFalse(call.kw("include_in_schema"))
	return r
}

// starletteRoute reads Route(path, endpoint, methods=...): GET unless
// methods= says otherwise, or the handlers a class endpoint defines.
func starletteRoute(call *pyCall) script.Value {
	rt := &script.RouteDef{Pos: call.pos}
	if len(call.c.Args) > 0 {
		s, ok := call.pathArg(call.arg(0), "")
		if !ok {
			return nil
		}
		rt.Path = s
	}
	rt.Methods = []string{"GET"}
	if len(call.args) > 1 {
		if cls, isClass := call.args[1].(*script.Class); isClass {
			// an HTTPEndpoint answers the methods it defines (nil =
			// none read: any)
			rt.Methods = cls.Methods
		}
	}
	if m := call.kw("methods"); m != nil {
		ms, ok := script.MethodsOf(call.eval(m))
		if !ok {
			call.unresolved(routes.Unresolved{Pos: rt.Pos, Expr: call.text(m), Reason: "methods are not constants this analysis can fold"})
			return nil
		}
		rt.Methods = ms
	}
	rt.Hidden = script.IsFalse(call.kw("include_in_schema"))
	return rt
}

// starletteMount reads Mount(path, app=..., routes=...).
func starletteMount(call *pyCall) script.Value {
	rt := &script.RouteDef{Mount: true, Pos: call.pos}
	if len(call.c.Args) > 0 {
		s, ok := call.pathArg(call.arg(0), "")
		if !ok {
			return nil
		}
		rt.Path = s
	}
	if len(call.args) > 1 {
		rt.Target = call.args[1]
	}
	if a := call.kw("app"); a != nil {
		rt.Target = call.eval(a)
	}
	if rs := call.kw("routes"); rs != nil {
		rt.Target = call.eval(rs)
	}
	return rt
}

// attach adds Starlette Route and Mount values to router r.
func (ev *pyEval) attach(r *routes.Router, v script.Value) {
	list, _ := v.(script.List)
	for _, x := range list {
		rt, ok := x.(*script.RouteDef)
		if !ok {
			continue
		}
		if !rt.Mount {
			r.Add(rt.Methods, rt.Path, rt.Pos).Hidden = rt.Hidden
			continue
		}
		switch t := rt.Target.(type) {
		case script.Router:
			r.Mount(rt.Path, t.R, false)
		case *script.Static:
			rr := r.Add([]string{"GET"}, rt.Path, rt.Pos)
			rr.Subtree, rr.Static = true, true
		case script.List:
			child := ev.NewRouter(r.Framework)
			ev.attach(child, t)
			r.Mount(rt.Path, child, false)
		default:
			rr := r.Add(nil, rt.Path, rt.Pos)
			rr.Subtree, rr.Hidden = true, true
		}
	}
}

// routeMethod reads route(path, methods=), add_route(path, endpoint),
// api_route and add_api_route: GET unless methods= says otherwise, or
// every method for a class endpoint added.
func routeMethod(call *pyCall) {
	def := []string{"GET"}
	if name := call.c.X.Name; (name == "add_route" || name == "add_api_route") && len(call.args) > 1 {
		if _, isClass := call.args[1].(*script.Class); isClass {
			def = nil
		}
	}
	call.register(def, call.arg(0))
}

// mountMethod reads mount(path, app): a router mounted, static files, or
// an app this analysis cannot read served below path.
func mountMethod(call *pyCall) {
	p, ok := call.pathArg(call.arg(0), routes.MethodAny)
	if !ok {
		return
	}
	var target script.Value
	if len(call.args) > 1 {
		target = call.args[1]
	}
	if a := call.kw("app"); a != nil {
		target = call.eval(a)
	}
	switch t := target.(type) {
	case script.Router:
		call.r.Mount(p, t.R, false)
	case *script.Static:
		rr := call.r.Add([]string{"GET"}, p, call.pos)
		rr.Subtree, rr.Static = true, true
	default:
		rr := call.r.Add(nil, p, call.pos)
		rr.Subtree, rr.Hidden = true, true
	}
}
