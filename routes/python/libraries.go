package python

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Libraries that register routes on the app they are given: their routes
// are listed, as pages, documentation or tooling (routes/asset), never
// operations of the API. An unknown library's function named for
// registering routes is a gap of the app instead (libraryRoutes).

// libraryExt reads the calls of flasgger's Swagger(app) (its UI at
// /apidocs/, its spec at /apispec_1.json, its files below
// /flasgger_static), prometheus_flask_exporter's PrometheusMetrics(app,
// path=) and prometheus_fastapi_instrumentator's
// Instrumentator().instrument(app).expose(app, endpoint=) (GET /metrics).
func libraryExt(call *pyCall, ext *script.Ext) (script.Value, bool) {
	top, name := topPackage(ext.Module), lastName(ext.Name)
	switch {
	case top == "flasgger" && name == "Swagger":
		if r := call.routerArg(); r != nil {
			r.Add([]string{"GET"}, "/apidocs/", call.pos).Asset = docsAsset
			r.Add([]string{"GET"}, "/apispec_1.json", call.pos).Asset = docsAsset
			rr := r.Add([]string{"GET"}, "/flasgger_static", call.pos)
			rr.Static, rr.Subtree = true, true
		}
		return nil, true
	case top == "prometheus_flask_exporter" && strings.HasSuffix(name, "PrometheusMetrics"):
		if r := call.routerArg(); r != nil {
			call.metrics(r, "path")
		}
		return nil, true
	case top == "os" && (name == "getenv" || ext.Name == "environ.get") && len(call.args) == 2:
		// os.getenv("X", "/api"): the default, assumed
		if d, ok := call.args[1].(script.Str); ok {
			return script.Assumed{Value: d, As: routes.Assumption{Expr: call.text(call.c), Value: string(d), At: call.ev.Pos(call.f, call.arg(1).Line, call.arg(1).Col)}}, true
		}
		return nil, true
	case top == "prometheus_fastapi_instrumentator":
		// Instrumentator() and instrument(app) hand the instrumentator on;
		// expose(app) serves the metrics
		if name == "expose" {
			if r := call.routerArg(); r != nil {
				call.metrics(r, "endpoint")
			}
		}
		return &script.Ext{Module: ext.Module, Name: "Instrumentator()"}, true
	}
	return nil, false
}

// routerArg returns the first router among the call's arguments, or nil.
func (call *pyCall) routerArg() *routes.Router {
	for _, a := range call.args {
		if r, ok := a.(script.Router); ok {
			return r.R
		}
	}
	return nil
}

// metrics adds the GET metrics route a library serves on r: /metrics, or
// the path keyword key gives (None: no route; one that does not fold:
// unresolved).
func (call *pyCall) metrics(r *routes.Router, key string) {
	path := "/metrics"
	if p := call.kw(key); p != nil {
		if p.Kind == script.ExprName && p.Name == "None" {
			return
		}
		s, ok := call.pathArg(p, "GET")
		if !ok {
			return
		}
		path = s
	}
	r.Add([]string{"GET"}, path, call.pos).Tooling = true
}
