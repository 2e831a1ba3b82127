package js

import (
	"slices"
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// expressMethods are the methods of an Express application or Router this
// analysis reads: the verbs and all() register routes, route(path) starts a
// chain, use(prefix, ...handlers) mounts routers and static files, and the
// methods Express documents as returning the application (set, enable,
// disable, engine, param) hand it back.
var expressMethods = withVerbs(map[string]jsMethod{
	"route": expressRoute, "use": expressUse,
	"set": same, "enable": same, "disable": same, "engine": same, "param": same,
})

// expressExt reads the names of express, serve-static and
// swagger-ui-express: the application and Router constructors and the
// handlers that serve files or a documentation page.
func expressExt(call *jsCall, ext *script.Ext) (script.Value, bool) {
	mod := ext.Module
	switch {
	case mod == "express" && (ext.Name == "default" || ext.Name == "" || ext.Name == "Router" || ext.Name == "express"):
		r := call.ev.NewRouter("express")
		r.Sub = ext.Name == "Router"
		return script.Router{R: r}, true
	case mod == "express" && ext.Name == "static", mod == "serve-static" && (ext.Name == "default" || ext.Name == ""):
		return &script.Static{}, true
	case mod == swaggerUIExpress && ext.Name == "serveFiles":
		return &script.Static{}, true // the UI's assets below the mount
	case mod == swaggerUIExpress && ext.Name == "setup":
		return &script.Ext{Module: mod, Name: swaggerUIPage}, true
	case mod == promBundle && (ext.Name == "default" || ext.Name == ""):
		// the middleware answers GET on its metricsPath (/metrics)
		path := script.Str("/metrics")
		if len(call.args) > 0 {
			if opts, ok := call.args[0].(script.Dict); ok {
				if p, set := opts["metricsPath"]; set {
					s, ok := p.(script.Str)
					if !ok {
						return nil, true // a middleware whose path is not known
					}
					path = s
				}
			}
		}
		return &script.RouteDef{Methods: []string{"GET"}, Path: string(path), Pos: call.pos}, true
	}
	return nil, false
}

// promBundle is express-prom-bundle, the Prometheus middleware that serves
// the metrics itself.
const promBundle = "express-prom-bundle"

// swaggerUIExpress is the package serving Swagger UI from an Express mount.
const swaggerUIExpress = "swagger-ui-express"

// swaggerUIPage names the handler swagger-ui-express's setup(document)
// returns: it sends the UI's page for every method and every path below
// its mount.
const swaggerUIPage = "setup()"

// jsServesFiles reports whether h, an Express handler, serves files below
// its mount: express.static and the like, or swagger-ui-express's serve
// (its UI's assets; serveFiles(document) evaluates to a static handler).
func jsServesFiles(h script.Value) bool {
	switch h := h.(type) {
	case *script.Static:
		return true
	case *script.Ext:
		return h.Module == swaggerUIExpress && h.Name == "serve"
	}
	return false
}

// jsServesPage reports whether h is swagger-ui-express's setup(document).
func jsServesPage(h script.Value) bool {
	ext, ok := h.(*script.Ext)
	return ok && ext.Module == swaggerUIExpress && ext.Name == swaggerUIPage
}

// expressRoute reads route(path): a chain whose verb methods register on
// path.
func expressRoute(call *jsCall) script.Value {
	if len(call.args) != 1 {
		return nil
	}
	if s, ok := call.pathArg(0, ""); ok {
		return &script.RouteDef{Router: call.r, Path: s, Pos: call.pos}
	}
	return nil
}

// expressChain reads a verb of a route(path) chain: the route on the
// chain's path; the chain goes on. An .all() before a method handler runs
// for every method and hands on (route('/x').all(auth).get(h)): it is
// middleware once a method handler follows it.
func expressChain(chain *script.RouteDef, method string, pos routes.Pos) script.Value {
	switch {
	case slices.Contains(jsVerbs, method):
		for _, g := range chain.Guards {
			g.Dead = true
		}
		chain.Guards = nil
		chain.Router.Add([]string{strings.ToUpper(method)}, chain.Path, pos)
	case method == "all":
		chain.Guards = append(chain.Guards, chain.Router.Add(nil, chain.Path, pos))
	}
	return chain
}

// expressUse reads use([prefix], ...handlers): routers mounted at the
// prefix, static files and documentation pages served below it; an
// unknown name beside them is middleware, and an unknown name alone at a
// prefix a router this analysis cannot follow.
func expressUse(call *jsCall) script.Value {
	r, args := call.r, call.args
	prefix, rest := "", args
	var assumed []routes.Assumption // a prefix read at run time
	var unknown *routes.Router      // holds what is mounted at a prefix that does not fold
	if len(args) > 0 {
		switch s := args[0].(type) {
		case script.Str:
			prefix, rest = string(s), args[1:]
		case script.Assumed:
			prefix, rest, assumed = string(s.Value), args[1:], []routes.Assumption{s.As}
		case script.Dynamic, nil:
			// ExprBinary includes c ? '/a' : '/b' (an ExprBinary "?:")
			if e := call.arg(0); s != nil || script.IsEnvRead(e) || e.Kind == script.ExprBinary || e.Kind == script.ExprTemplate || unknownBeforeRouter(call) {
				// a path computed at run time (process.env.X): what is
				// mounted there is served at a prefix no one knows
				rest = args[1:]
				unknown = call.unknownPrefix(r, e)
			}
		}
	}
	// An unknown name beside a router or static mount it guards is
	// middleware (app.use('/x', auth, router)), not a router lost.
	served := slices.ContainsFunc(rest, func(h script.Value) bool {
		_, child := h.(script.Router)
		return jsServesFiles(h) || jsServesPage(h) || child
	})
	// One catch-all however many handlers serve below the mount: every
	// method when a page handler answers them all, else GET files.
	page := slices.ContainsFunc(rest, jsServesPage)
	static := false
	for k, h := range rest {
		arg := call.arg(len(args) - len(rest) + k)
		switch child, isRouter := h.(script.Router); {
		case isMetrics(h):
			// a middleware that answers one path itself, below the mount
			m := h.(*script.RouteDef)
			r.Add(m.Methods, routes.Join(prefix, m.Path), m.Pos).Tooling = true
		case jsServesFiles(h) || jsServesPage(h):
			if !static && page {
				r.Add(nil, prefix, call.pos).Subtree = true
			} else if !static {
				rr := r.Add([]string{"GET"}, prefix, call.pos)
				rr.Static, rr.Subtree = true, true
			}
			static = true
		case isRouter && unknown != nil:
			unknown.Mount("", child.R, false)
		case isRouter:
			r.Mount(prefix, child.R, false)
			child.R.Assumed = append(child.R.Assumed, assumed...)
		case (h == nil || isUnreadModule(h)) && !served && prefix != "" && arg.Kind == script.ExprName:
			call.unresolved(routes.Unresolved{Pos: call.pos, Method: routes.MethodAny, Expr: prefix + " -> " + call.text(arg), Reason: "mounted router is not one this analysis can follow"})
		}
	}
	return script.Router{R: r}
}

// unknownBeforeRouter reports whether use()'s first argument is a value
// this analysis does not know, read from a name, a member or a call of a
// function of the server (const basePath = getBasePath(), config.prefix),
// with a router after it: Express takes it as a path unless it is a
// function, and nothing says it is one, so the router is served at a
// prefix no one knows, not at the mount's own. A name known to hold a
// function evaluates to one (a *Func, a package's *Ext), and a call of a
// package's function (cors(), passport.authenticate(...)) stays a
// middleware.
func unknownBeforeRouter(call *jsCall) bool {
	e := call.arg(0)
	switch {
	case e == nil || len(call.args) < 2 || call.args[0] != nil:
		return false
	case e.Kind == script.ExprCall:
		if e.X == nil || e.X.Kind != script.ExprName {
			return false
		}
		fn, _ := call.sc.Lookup(e.X.Name)
		if _, local := fn.(*script.Func); !local {
			return false
		}
	case e.Kind != script.ExprName && e.Kind != script.ExprAttr:
		return false
	}
	return slices.ContainsFunc(call.args[1:], func(h script.Value) bool {
		_, router := h.(script.Router)
		return router
	})
}

// isUnreadModule reports whether h was imported from a module of the server
// that is not among the files read: a router this analysis cannot follow,
// not a package's middleware.
func isUnreadModule(h script.Value) bool {
	ext, ok := h.(*script.Ext)
	return ok && isLocalModule(ext.Module)
}

// isMetrics reports whether h is a metrics middleware's route (what
// express-prom-bundle's constructor evaluates to).
func isMetrics(h script.Value) bool {
	m, ok := h.(*script.RouteDef)
	return ok && m.Router == nil && !m.Mount
}
