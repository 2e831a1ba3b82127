package js

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Every framework has its own file (express.go, fastify.go, hono.go,
// nest.go) holding its method table: the router methods it reads, by name,
// and its calls of names imported from its packages (constructors,
// plugins, static handlers). This file dispatches to them.

// jsCall is one call the framework files read: a method of a router
// (R set) or of a name imported from a package (R nil).
type jsCall struct {
	ev   *jsEval
	f    *script.File
	sc   *script.Scope
	c    *script.Expr
	args []script.Value // the positional arguments, evaluated
	pos  routes.Pos     // where the callee is written
	r    *routes.Router // the router the method is called on; nil for a package's name
}

// arg returns the expression of positional argument i, or nil.
func (call *jsCall) arg(i int) *script.Expr {
	if i < len(call.c.Args) {
		return call.c.Args[i]
	}
	return nil
}

// pathArg folds positional argument i as a path; ok is false (and the
// registration recorded unresolved for method) when it does not fold.
func (call *jsCall) pathArg(i int, method string) (string, bool) {
	return call.ev.PathArg(call.f, call.sc, call.c, call.arg(i), method)
}

// paths folds positional argument i as one path or a list of paths (every
// one a route of the registration).
func (call *jsCall) paths(i int, method string) []string {
	if i < len(call.args) {
		if list, ok := call.args[i].(script.List); ok {
			var out []string
			for _, x := range list {
				if s, ok := x.(script.Str); ok {
					out = append(out, string(s))
				}
			}
			if len(out) == len(list) {
				return out
			}
		}
	}
	if s, ok := call.pathArg(i, method); ok {
		return []string{s}
	}
	return nil
}

// unresolved records a registration of this call that cannot be known.
func (call *jsCall) unresolved(u routes.Unresolved) {
	call.ev.Set.Unresolved = append(call.ev.Set.Unresolved, u)
}

// text returns the source text of e.
func (call *jsCall) text(e *script.Expr) string { return call.ev.Text(call.f, e) }

// jsMethod reads one router method call and returns what it evaluates to:
// the router itself for chaining, another router, a route chain, or nil.
type jsMethod func(call *jsCall) script.Value

// jsMethods are the method tables of the frameworks, by framework.
var jsMethods = map[string]map[string]jsMethod{
	"express": expressMethods,
	"fastify": fastifyMethods,
	"hono":    honoMethods,
	"nestjs":  nestMethods,
}

// jsExts are the frameworks' readers of calls of names imported from their
// packages; handled is false for a name the framework does not know.
var jsExts = []func(call *jsCall, ext *script.Ext) (v script.Value, handled bool){expressExt, fastifyExt, honoExt, nestExt}

// jsVerbs are the HTTP methods the frameworks' routers name as methods.
var jsVerbs = []string{"get", "post", "put", "delete", "patch", "options", "head"}

// withVerbs returns table with a registration method for every verb of
// jsVerbs and all (every method): `router.get(path, ...handlers)`, the path a
// string or a list of them. A call with a path only (Express's app.get
// reading a setting) is no registration.
func withVerbs(table map[string]jsMethod) map[string]jsMethod {
	for _, verb := range append([]string{"all"}, jsVerbs...) {
		var methods []string
		if verb != "all" {
			methods = []string{strings.ToUpper(verb)}
		}
		table[verb] = func(call *jsCall) script.Value {
			if len(call.c.Args) < 2 {
				return nil
			}
			for _, p := range call.paths(0, strings.Join(methods, ",")) {
				call.r.Add(methods, p, call.pos)
			}
			return script.Router{R: call.r}
		}
	}
	return table
}

// same is a method documented to return the router it is called on.
func same(call *jsCall) script.Value { return script.Router{R: call.r} }

// jsExtCall evaluates a call of something from outside the server: a
// router constructor, fastify-plugin, a static handler.
func (ev *jsEval) jsExtCall(f *script.File, sc *script.Scope, c *script.Expr, ext *script.Ext, _ bool) script.Value {
	call := &jsCall{ev: ev, f: f, sc: sc, c: c, args: ev.Args(f, sc, c), pos: ev.Pos(f, c.X.Line, c.X.Col)}
	for _, read := range jsExts {
		if v, handled := read(call, ext); handled {
			return v
		}
	}
	libraryRoutes(call, ext)
	return nil
}

// libraryRoutes notes a router handed to a function this analysis cannot
// read that may register routes on it: any function of a module of the
// server that is not among the files read (a generated routes file, tsoa's
// RegisterRoutes), or a package's function whose name says it registers
// or mounts routes. What it registers is not known: a gap of the router,
// scoped to the router's prefix.
func libraryRoutes(call *jsCall, ext *script.Ext) {
	name := ext.Name[strings.LastIndexByte(ext.Name, '.')+1:]
	if name == "" {
		name = "the default export"
	}
	local := isLocalModule(ext.Module)
	if !local && !registersRoutes(name) {
		return
	}
	script.PassedRouterGap(call.args, call.pos, call.text(call.c), name, ext.Module, local, "generated, or in a folder not read")
}

// registersRoutes reports whether a package function's name says it adds
// routes to the router it is given (registerRoutes, mountDocs, setupSwagger,
// RegisterRoutes, routes, apiRouter).
func registersRoutes(name string) bool {
	lower := strings.ToLower(name)
	for _, prefix := range []string{"register", "mount", "setup", "attach"} {
		if strings.HasPrefix(lower, prefix) {
			return true
		}
	}
	return strings.HasSuffix(lower, "routes") || strings.HasSuffix(lower, "router")
}

// jsFrameCall evaluates a method call on a router of one of the frameworks
// (its method table) or on an Express route() chain; a method the table
// lacks leaves the router lost (lostRouter).
func (ev *jsEval) jsFrameCall(f *script.File, sc *script.Scope, c *script.Expr, recv script.Value, method string) (script.Value, bool) {
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	if chain, ok := recv.(*script.RouteDef); ok && chain.Router != nil {
		ev.Args(f, sc, c)
		return expressChain(chain, method, pos), true
	}
	if items, ok := recv.(script.List); ok && (method == "forEach" || method == "map") {
		// [app, admin].forEach((r) => mount(r)): the callback runs on each
		// element, as a for...of body does
		args := ev.Args(f, sc, c)
		var fn *script.Func
		if len(args) > 0 {
			fn, _ = args[0].(*script.Func)
		}
		if fn == nil {
			return nil, true
		}
		for _, v := range items {
			ev.Invoke(fn, []script.Value{v})
		}
		return nil, true
	}
	rv, ok := recv.(script.Router)
	if !ok {
		return nil, false
	}
	call := &jsCall{ev: ev, f: f, sc: sc, c: c, args: ev.Args(f, sc, c), pos: pos, r: rv.R}
	if method == "listen" {
		// a server of its own: the check sets apart listened apps that
		// serve nothing documented (an admin app on a second port)
		rv.R.Listened = true
		return nil, true
	}
	if read, ok := jsMethods[rv.R.Framework][method]; ok {
		if v := read(call); v != nil {
			return v, true
		}
	}
	return ev.lostRouter(f, c, rv.R), true
}

// lostRouter is what a method of router r this analysis does not know
// returns: maybe r itself, maybe another router. Routes registered on it are
// not dropped but reported unresolved, scoped to r's prefix (the lost router
// hangs below r), naming the call.
func (ev *jsEval) lostRouter(f *script.File, c *script.Expr, r *routes.Router) script.Value {
	lost := ev.NewRouter(r.Framework)
	lost.Orphan = "registered on what " + routes.Shorten(ev.Text(f, c)) + " returns, a method this analysis does not know to hand back the router"
	r.Mount("", lost, false)
	return script.Router{R: lost}
}

// unknownPrefix is the router what is mounted on r at a prefix e that does
// not fold hangs from (express's app.use(process.env.BASE, router), hono's
// app.route(base, sub)): its routes are reported unresolved, naming e.
func (call *jsCall) unknownPrefix(r *routes.Router, e *script.Expr) *routes.Router {
	unknown := call.ev.NewRouter(r.Framework)
	unknown.Orphan = "mounted at " + routes.Shorten(call.text(e)) + ", a prefix this analysis cannot fold"
	r.Mount("", unknown, false)
	return unknown
}
