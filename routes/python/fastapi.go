package python

import (
	"maps"
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// fastapiMethods are the methods of a FastAPI app or APIRouter this
// analysis reads: Starlette's, every verb decorator (get, post...),
// api_route and add_api_route, and include_router(router, prefix=).
var fastapiMethods = verbMethods(with(starletteMethods, map[string]pyMethod{
	"include_router": includeMethod,
}), "get", "put", "post", "delete", "options", "head", "patch", "trace")

// with returns a new table holding base's methods and more's.
func with(base, more map[string]pyMethod) map[string]pyMethod {
	out := maps.Clone(base)
	maps.Copy(out, more)
	return out
}

// fastapiExt reads the names of fastapi: the FastAPI and APIRouter
// constructors (prefix= read).
func fastapiExt(call *pyCall, ext *script.Ext) (script.Value, bool) {
	if topPackage(ext.Module) != "fastapi" {
		return nil, false
	}
	switch name := lastName(ext.Name); name {
	case "FastAPI", "APIRouter", "Router":
		r := call.newRouter("fastapi", name != "FastAPI")
		if name == "APIRouter" {
			call.prefixArg(r, "prefix", "router prefix")
		}
		return script.Router{R: r}, true
	}
	return nil, false
}

// includeMethod reads include_router(router, prefix=) and Flask's
// register_blueprint(blueprint, url_prefix=): the child mounted at the
// prefix (Flask's replaces the blueprint's own); an app this analysis
// cannot read served only below a constant prefix.
func includeMethod(call *pyCall) {
	if len(call.args) == 0 {
		return
	}
	key, blueprint := "prefix", call.c.X.Name == "register_blueprint"
	if blueprint {
		key = "url_prefix"
	}
	hidden := script.IsFalse(call.kw("include_in_schema"))
	child, ok := call.args[0].(script.Router)
	if !ok {
		// an app this analysis cannot read (a library's blueprint)
		// still serves only below the prefix it is mounted at
		if p := call.kw(key); p != nil {
			if s, ok := call.pathArg(p, routes.MethodAny); ok && strings.Trim(s, "/") != "" {
				rr := call.r.Add(nil, s, call.pos)
				rr.Subtree, rr.Opaque = true, true
				return
			}
		}
		call.unresolved(routes.Unresolved{Pos: call.pos, Method: routes.MethodAny, Expr: call.text(call.arg(0)), Reason: "included router is not one this analysis can follow"})
		return
	}
	prefix := ""
	if p := call.kw(key); p != nil {
		s, assumed, ok := call.prefix(p, routes.MethodAny)
		if !ok {
			return
		}
		prefix = s
		child.R.Assumed = append(child.R.Assumed, assumed...)
		if blueprint {
			call.r.Mounts = append(call.r.Mounts, routes.Mount{Prefix: prefix, Child: child.R, Hidden: hidden, Override: true})
			child.R.Parents++
			return
		}
	}
	call.r.Mount(prefix, child.R, hidden)
}
