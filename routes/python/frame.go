package python

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Every framework has its own file (fastapi.go, starlette.go, flask.go,
// django.go) holding its method table: the router methods it reads, by
// name, and its calls of names imported from its packages (constructors,
// routes, static files). This file dispatches to them.

// pyCall is one call the framework files read: a method of a router (R
// set) or of a name imported from a package (R nil).
type pyCall struct {
	ev   *pyEval
	f    *script.File
	sc   *script.Scope
	c    *script.Expr
	args []script.Value // the positional arguments, evaluated
	pos  routes.Pos     // where the callee is written
	r    *routes.Router // the router the method is called on; nil for a package's name
}

// arg returns the expression of positional argument i, or nil.
func (call *pyCall) arg(i int) *script.Expr {
	if i < len(call.c.Args) {
		return call.c.Args[i]
	}
	return nil
}

// kw returns the expression of keyword argument key, or nil.
func (call *pyCall) kw(key string) *script.Expr { return script.KeywordArg(call.c, key) }

// eval evaluates e in the call's scope.
func (call *pyCall) eval(e *script.Expr) script.Value { return call.ev.Eval(call.f, call.sc, e) }

// pathArg folds e as a path; ok is false (and the registration recorded
// unresolved for method) when it does not fold.
func (call *pyCall) pathArg(e *script.Expr, method string) (string, bool) {
	return call.ev.PathArg(call.f, call.sc, call.c, e, method)
}

// unresolved records a registration of this call that cannot be known.
func (call *pyCall) unresolved(u routes.Unresolved) {
	call.ev.Set.Unresolved = append(call.ev.Set.Unresolved, u)
}

// text returns the source text of e.
func (call *pyCall) text(e *script.Expr) string { return call.ev.Text(call.f, e) }

// register adds the route of a registration call: methods= (else def) at
// the path of pathExpr (else the path= or rule= keyword); hidden when
// include_in_schema=False.
func (call *pyCall) register(def []string, pathExpr *script.Expr) {
	methods := def
	if m := call.kw("methods"); m != nil {
		ms, ok := script.MethodsOf(call.eval(m))
		if !ok {
			call.unresolved(routes.Unresolved{Pos: call.pos, Expr: call.text(m), Reason: "methods are not constants this analysis can fold"})
			return
		}
		methods = ms
	}
	if pathExpr == nil {
		pathExpr = call.kw("path")
		if pathExpr == nil {
			pathExpr = call.kw("rule")
		}
	}
	p, ok := call.pathArg(pathExpr, strings.Join(methods, ","))
	if !ok {
		return
	}
	call.r.Add(methods, p, call.pos).Hidden = script.IsFalse(call.kw("include_in_schema"))
}

// pyMethod reads one router method call for its registrations.
type pyMethod func(call *pyCall)

// pyMethods are the method tables of the frameworks, by framework.
var pyMethods = map[string]map[string]pyMethod{
	"fastapi":   fastapiMethods,
	"starlette": starletteMethods,
	"flask":     flaskMethods,
}

// pyExts are the frameworks' readers of calls of names imported from their
// packages; handled is false for a name the framework does not know.
var pyExts = []func(call *pyCall, ext *script.Ext) (v script.Value, handled bool){djangoExt, fastapiExt, starletteExt, flaskExt, libraryExt}

// frameworkPackages name the packages whose routers pyExts make (the
// libraries libraryExt reads only act on those routers): a folder whose
// Python names none of them serves no route, and is not tokenized. A
// framework added to pyExts adds its package here.
var frameworkPackages = []string{"fastapi", "flask", "starlette", "django", "rest_framework"}

// verbMethods returns a registration method for each of verbs:
// `@router.get(path, ...)`.
func verbMethods(table map[string]pyMethod, verbs ...string) map[string]pyMethod {
	for _, verb := range verbs {
		methods := []string{strings.ToUpper(verb)}
		table[verb] = func(call *pyCall) { call.register(methods, call.arg(0)) }
	}
	return table
}

// pyExtCall evaluates a call of something imported from outside the
// server: a router constructor, Starlette's Route and Mount, a URLconf's
// path().
func (ev *pyEval) pyExtCall(f *script.File, sc *script.Scope, c *script.Expr, ext *script.Ext, _ bool) script.Value {
	call := &pyCall{ev: ev, f: f, sc: sc, c: c, args: ev.Args(f, sc, c), pos: ev.Pos(f, c.X.Line, c.X.Col)}
	for _, read := range pyExts {
		if v, handled := read(call, ext); handled {
			return v
		}
	}
	libraryRoutes(call, ext)
	return nil
}

// libraryRoutes notes a router handed to a function this analysis cannot
// read that may register routes on it: any function of a module of the
// server that is not among the files read (imported relatively, generated),
// or a package's function whose name says it registers or mounts routes.
// What it registers is not known: a gap of the router, scoped to the
// router's prefix.
func libraryRoutes(call *pyCall, ext *script.Ext) {
	name := lastName(ext.Name)
	local := strings.HasPrefix(ext.Module, ".")
	if !local && !registersRoutes(name) {
		return
	}
	script.PassedRouterGap(call.args, call.pos, call.text(call.c), name, ext.Module, local, "generated, or outside the folder read")
}

// registersRoutes reports whether a package function's name says it adds
// routes to the app it is given (register_routes, setup_swagger,
// mount_admin, api_routes).
func registersRoutes(name string) bool {
	lower := strings.ToLower(name)
	for _, prefix := range []string{"register", "mount", "setup", "attach", "add_routes", "include_routes"} {
		if strings.HasPrefix(lower, prefix) {
			return true
		}
	}
	return strings.HasSuffix(lower, "routes") || strings.HasSuffix(lower, "router")
}

// pyFrameCall evaluates a method call on a router: a REST framework
// router's, else its framework's table; a method the table lacks runs for
// its arguments' effects only.
func (ev *pyEval) pyFrameCall(f *script.File, sc *script.Scope, c *script.Expr, recv script.Value, method string) (script.Value, bool) {
	rv, ok := recv.(script.Router)
	if !ok {
		return nil, false
	}
	call := &pyCall{ev: ev, f: f, sc: sc, c: c, args: ev.Args(f, sc, c), pos: ev.Pos(f, c.X.Line, c.X.Col), r: rv.R}
	if ev.drfRouters[rv.R] {
		drfMethod(call, method)
		return nil, true
	}
	if read, ok := pyMethods[rv.R.Framework][method]; ok {
		read(call)
	}
	return nil, true
}

// prefixArg sets r's prefix from keyword argument key of the call when it
// is given; one that does not fold leaves r's routes unresolved, naming
// what; a settings field read at run time is assumed at its default.
func (call *pyCall) prefixArg(r *routes.Router, key, what string) {
	if p := call.kw(key); p != nil {
		s, assumed, ok := call.prefix(p, "")
		if !ok {
			r.Orphan = what + " is not a constant this analysis can fold"
		}
		r.Prefix = s
		r.Assumed = append(r.Assumed, assumed...)
	}
}

// prefix folds e as a mount prefix: a constant, or a settings field the
// server reads at run time, taken at its declared default with the
// assumption that says so; ok is false (and the registration recorded
// unresolved for method) when it does not fold.
func (call *pyCall) prefix(e *script.Expr, method string) (string, []routes.Assumption, bool) {
	if a, ok := call.eval(e).(script.Assumed); ok {
		return string(a.Value), []routes.Assumption{a.As}, true
	}
	s, ok := call.pathArg(e, method)
	return s, nil, ok
}

// lastName returns the part of a dotted name after its last dot.
func lastName(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }

// topPackage returns the first part of a dotted module name.
func topPackage(module string) string { return strings.SplitN(module, ".", 2)[0] }
