package script

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// File is one Python or JavaScript source file and, once run, its module.
type File struct {
	Path    string // as found on disk
	display string
	Toks    []Token
	scope   *Scope
	State   int // 0 not run, 1 running, 2 done
	Exports map[string]Value
	// Funcs are the named functions it defines, for the orphan pass.
	Funcs []*Func
}

// Scope binds names to values; a lookup falls back to Parent.
type Scope struct {
	Vars   map[string]Value
	Parent *Scope
}

// Lookup returns the value bound to name here or in an enclosing scope,
// resolving a LazyAttr.
func (s *Scope) Lookup(name string) (Value, bool) {
	for ; s != nil; s = s.Parent {
		if v, ok := s.Vars[name]; ok {
			if l, ok := v.(*LazyAttr); ok {
				return l.resolve(), true
			}
			return v, true
		}
	}
	return nil, false
}

// Set binds name to v in s itself.
func (s *Scope) Set(name string, v Value) { s.Vars[name] = v }

func newScope(parent *Scope) *Scope { return &Scope{Vars: map[string]Value{}, Parent: parent} }

// Value is what an expression evaluates to. The set is closed (the marker
// method is unexported), and every type switch of the interpreter and the
// languages picks from it:
//
//   - nil: unknown (anything this analysis does not model);
//   - Str: a folded string constant;
//   - List: a list, tuple or array literal, or lists joined with +;
//   - Dict: a dict or object literal;
//   - Router: a router, app, blueprint or group;
//   - *Func: a function of the server, with its defining scope;
//   - *Ext, *Module, *Class (a class, or an instance of one whose base is
//     a package's, such as a settings object), Dynamic, *Static,
//     *RouteDef, Assumed (a string read at run time, taken as its declared
//     default), and *LazyAttr (bound by an import cycle, resolved on
//     lookup, never returned).
type Value interface{ value() }

type (
	// Str is a folded string constant.
	Str string
	// List is a list, tuple or array.
	List []Value
	// Dict is a dict or object literal.
	Dict map[string]Value
	// Router is a router of the route model; R is never nil.
	Router struct{ R *routes.Router }
)

type (
	// Ext is a name imported from a package outside the server (fastapi,
	// express...): module is the package, name the member ("" = the package).
	Ext struct{ Module, Name string }
	// Module is a module of the server.
	Module struct {
		File *File
		Dir  string // a Python package directory
	}
	// Class is a class the source defines; methods are the HTTP methods
	// its handlers (def get, def post...) serve, upper case.
	Class struct {
		Name    string
		Methods []string
		// Defs names every method its own body defines, in order.
		Defs []string
		// Bases are its base classes as evaluated: a *Class of the
		// server, an *Ext, or nil when unknown.
		Bases []Value
		// This is the one instance a JavaScript class of the server
		// stands for, its fields and methods by name (nil = not read):
		// every `new` of the class yields it, so a router a constructor
		// keeps in this.router is the one a mount reads from it.
		This Dict
		// Ctor is the class's constructor (nil = none), run by the first
		// `new` of it.
		Ctor *Func
	}
	// Dynamic is a value known not to be static; why says so.
	Dynamic struct{ why string }
	// Unread stands in a list for members this analysis could not read, a
	// list joined, spread or added to it that it cannot fold or a package
	// exports (a URLconf's urlpatterns = [...] + build_patterns()), written
	// Expr at Pos.
	Unread struct {
		Expr string
		Pos  routes.Pos
	}
	// Static is a handler serving files from a folder (express.static,
	// Starlette's StaticFiles).
	Static struct{}
	// RouteDef is a route or mount built before it is attached (Starlette's
	// Route and Mount, Express's route() chain).
	RouteDef struct {
		Mount   bool
		Methods []string
		Path    string
		Pos     routes.Pos
		Target  Value // mount: the app or list of routes
		Router  *routes.Router
		Hidden  bool
		// Guards are an Express route chain's .all() calls with no
		// method handler after them yet: one that follows makes them
		// middleware.
		Guards []*routes.Registration
		// Asset says why the route is a library's page or file, not an
		// API operation (see routes.Route.Asset); "" = not known as one.
		Asset string
		// Assumed are the run-time values Path was built from.
		Assumed []routes.Assumption
		// HiddenMethods are those of Methods its author excluded from
		// the schema (Hidden: every one).
		HiddenMethods []string
	}
	// Assumed is a string the server reads at run time (a settings field
	// an environment variable may override), taken as the default its
	// declaration gives; As says so for findings.
	Assumed struct {
		Value Str
		As    routes.Assumption
	}
	// LazyAttr is a name imported from a module that was still running
	// (an import cycle), resolved on use.
	LazyAttr struct {
		Module    *Module
		Name      string
		Interp    *Interp
		resolving bool
	}
)

func (Str) value()       {}
func (List) value()      {}
func (Dict) value()      {}
func (Router) value()    {}
func (*Func) value()     {}
func (*Ext) value()      {}
func (*Module) value()   {}
func (*Class) value()    {}
func (Dynamic) value()   {}
func (Unread) value()    {}
func (*Static) value()   {}
func (*RouteDef) value() {}
func (*LazyAttr) value() {}
func (Assumed) value()   {}

// resolve reads the name now; a name that resolves to itself (a module
// importing its own name) is nil.
func (l *LazyAttr) resolve() Value {
	if l.resolving {
		return nil
	}
	l.resolving = true
	defer func() { l.resolving = false }()
	return l.Interp.Attr(l.Module, l.Name)
}

// Interp runs the Python or JavaScript files of one server.
type Interp struct {
	py      bool
	Root    string
	files   map[string]*File // by cleaned path
	order   []*File
	routers []*routes.Router
	Nest    *routes.Router // the NestJS application, made on first use
	Set     *routes.Set
	memo    map[string]Value
	active  map[*Func]bool
	called  map[*Func]bool
	// callbacks are the anonymous functions passed as arguments, run at
	// Finish when nothing the analysis follows called them.
	callbacks []*Func
	depth     int
	calls     int // function bodies run, bounded by Budget.Calls
	// overCalls is set once the calls budget ran out and was reported.
	overCalls bool
	// Budget bounds what the interpreter reads and builds (New sets the
	// defaults; the language's Extract sets the run's).
	Budget  routes.Budget
	display func(string) string
	// confine is what every file is read through (required: a nil one
	// reads nothing).
	confine *fsroot.Root
	stats   map[string]statResult
	// The language's hooks, set by its constructor.
	// Tokenize reads one file's source.
	Tokenize func(src, file string) ([]Token, error)
	// Scan runs the statements of tokens from..to in scope sc.
	Scan func(f *File, from, to int, sc *Scope, ret *Value)
	// FrameCall evaluates method on recv when it is a framework's (a
	// router's get, include_router...); handled is false otherwise.
	FrameCall func(f *File, sc *Scope, call *Expr, recv Value, method string) (v Value, handled bool)
	// ExtCall evaluates a call of a name imported from outside the server.
	ExtCall func(f *File, sc *Scope, call *Expr, ext *Ext, isNew bool) Value
	// Require, when set, is what require(spec) yields from f (JavaScript);
	// nil leaves require an ordinary name.
	Require func(f *File, spec string) Value
	// Member, when set, reads member name of a value that is no module,
	// imported name or dict (a Django REST framework router's urls).
	Member func(recv Value, name string) Value
	// Settle, when set, runs once every file and orphan function has run,
	// before the router graph is flattened (Django's URLconfs).
	Settle func()
	// Submodule, when set, returns the module at path (a package's member
	// module, Python), or nil.
	Submodule func(path string) Value
	// Ignore, when set, reports whether a file just tokenized is no part of
	// the server (a test script): it is neither run nor importable.
	Ignore func(f *File) bool
	// Frameworks, when set, are the names of which a source must hold one
	// for it to import a framework read: when no file holds any, nothing
	// can make a router, and Extract tokenizes nothing (a Go server's
	// Python client: 3 MB of source, 46 MB of tokens on openmeter).
	Frameworks []string
	// unread counts the files ReadFiles left untokenized for Frameworks.
	unread int
}

// Scope returns the file's top-level scope once it has run, or nil.
func (f *File) Scope() *Scope { return f.scope }

// Sources returns the files of the server in the order they were read.
func (ev *Interp) Sources() []*File { return ev.order }

// Calls returns the function bodies run so far, at most Budget.Calls.
func (ev *Interp) Calls() int { return ev.calls }

// NewRouter returns a router of framework fw that Finish flattens.
func (ev *Interp) NewRouter(fw string) *routes.Router {
	r := routes.NewRouter(fw)
	ev.routers = append(ev.routers, r)
	return r
}

// Stat returns the file information of path through the interpreter's
// confinement, opening nothing.
func (ev *Interp) Stat(path string) (fs.FileInfo, error) {
	if r, ok := ev.stats[path]; ok {
		return r.info, r.err
	}
	info, err := ev.confine.Stat(path)
	if ev.stats == nil {
		ev.stats = map[string]statResult{}
	}
	ev.stats[path] = statResult{info, err}
	return info, err
}

// statResult is one Stat answer, kept: module resolution asks for the same
// candidate paths once per import (a quarter of the extraction time on
// hatchet's Python SDK), and the tree does not change during a run.
type statResult struct {
	info fs.FileInfo
	err  error
}

// New returns an interpreter of the server at root (Python when py); the
// language sets its hooks before reading files. display names files in
// output; confine is what files are read through.
func New(py bool, root string, display func(string) string, confine *fsroot.Root) *Interp {
	ev := &Interp{py: py, Root: root, files: map[string]*File{}, Set: &routes.Set{}, memo: map[string]Value{},
		active: map[*Func]bool{}, called: map[*Func]bool{}, display: display, confine: confine,
		Budget: routes.BudgetOf(limits.Limits{})}
	return ev
}

// ReadFiles tokenizes every file at paths.
func (ev *Interp) ReadFiles(paths []string) error {
	srcs := make([][]byte, len(paths))
	for i, p := range paths {
		src, err := routes.ReadSource(ev.confine, p, ev.display, ev.Budget.SourceBytes)
		if err != nil {
			return err
		}
		srcs[i] = src
	}
	if ev.Frameworks != nil && !slices.ContainsFunc(srcs, func(src []byte) bool {
		return slices.ContainsFunc(ev.Frameworks, func(name string) bool { return bytes.Contains(src, []byte(name)) })
	}) {
		ev.unread += len(paths)
		return nil
	}
	for i, p := range paths {
		if err := ev.AddSource(p, string(srcs[i])); err != nil {
			return err
		}
	}
	return nil
}

// AddSource tokenizes one file's source and queues it to run.
func (ev *Interp) AddSource(path, src string) error {
	f := &File{Path: path, display: ev.display(path), Exports: map[string]Value{}}
	var err error
	f.Toks, err = ev.Tokenize(src, f.display)
	if err != nil {
		return err
	}
	if ev.Ignore != nil && ev.Ignore(f) {
		return nil
	}
	ev.files[filepath.Clean(path)] = f
	if abs, err := filepath.Abs(path); err == nil {
		ev.files[abs] = f
	}
	ev.order = append(ev.order, f)
	return nil
}

// Run executes a file's top level once.
func (ev *Interp) Run(f *File) {
	if f.State != 0 {
		return
	}
	f.State = 1
	f.scope = newScope(nil)
	var ret Value
	ev.Scan(f, 0, len(f.Toks), f.scope, &ret)
	f.State = 2
}

// Extract reads the server's files and returns what they register, naming
// the frameworks looked for (what routes/no-routes says when nothing is).
func (ev *Interp) Extract(files []string, lookedFor string) (*routes.Set, error) {
	if err := ev.ReadFiles(files); err != nil {
		return nil, err
	}
	set := ev.Finish()
	set.LookedFor = lookedFor
	set.Files = len(ev.order) + ev.unread // the files read, test scripts left out
	return set, nil
}

// Finish runs every file not yet imported, then every named function
// nothing called (an app factory a WSGI server calls, an exported
// registration function), and flattens the router graph.
func (ev *Interp) Finish() *routes.Set {
	for _, f := range ev.order {
		ev.Run(f)
	}
	for _, f := range ev.order {
		for i := 0; i < len(f.Funcs); i++ { // the list grows as bodies run
			fn := f.Funcs[i]
			if !ev.called[fn] && fn.callsAnything() {
				ev.Invoke(fn, nil)
			}
		}
	}
	// callbacks handed to code outside the server (app.prepare().then(cb),
	// server.listen(port, cb)) that nothing here called: the library does
	for i := 0; i < len(ev.callbacks); i++ {
		if fn := ev.callbacks[i]; !ev.called[fn] && fn.callsAnything() {
			ev.Invoke(fn, nil)
		}
	}
	if ev.Settle != nil {
		ev.Settle()
	}
	routes.Flatten(ev.routers, ev.Set)
	ev.Set.Finish()
	return ev.Set
}

// Pos returns the position of line and col in f.
func (ev *Interp) Pos(f *File, line, col int) routes.Pos {
	return routes.Pos{File: f.display, Line: line, Column: col}
}

// Text returns the source text of e ("" for nil).
func (ev *Interp) Text(f *File, e *Expr) string {
	if e == nil {
		return ""
	}
	if e.toks != nil {
		return tokText(e.toks, e.from, e.to)
	}
	return tokText(f.Toks, e.from, e.to)
}

// Attr reads a member of a module: a name it defines or exports, or (for a
// Python package) a submodule.
func (ev *Interp) Attr(m *Module, name string) Value {
	if m.File != nil {
		ev.Run(m.File)
		if v, ok := m.File.Exports[name]; ok {
			return v
		}
		if ev.py && m.File.scope != nil {
			// a name bound to nothing (an import under `if TYPE_CHECKING:`
			// of the package's own submodule) does not hide the submodule
			if v, ok := m.File.scope.Vars[name]; ok && v != nil {
				if l, ok := v.(*LazyAttr); ok {
					if r := l.resolve(); r != nil {
						return r
					}
				} else {
					return v
				}
			}
		}
	}
	if ev.Submodule != nil {
		dir := m.Dir
		if dir == "" && m.File != nil && strings.HasSuffix(m.File.Path, "__init__.py") {
			dir = strings.TrimSuffix(m.File.Path, "__init__.py")
		}
		if dir != "" {
			if sub := ev.Submodule(strings.TrimSuffix(dir, "/") + "/" + name); sub != nil {
				return sub
			}
		}
	}
	return nil
}

// callsExhausted reports, once, the first function the calls budget left
// unrun.
func (ev *Interp) callsExhausted(fn *Func) {
	if ev.overCalls || fn.File == nil {
		return
	}
	ev.overCalls = true
	pos := routes.Pos{File: fn.File.display}
	switch {
	case fn.From > 0 && fn.From <= len(fn.File.Toks):
		t := fn.File.Toks[fn.From-1]
		pos.Line, pos.Column = t.Line, t.Col
	case fn.exprBody != nil:
		// an arrow function whose body is an expression: where that starts
		pos.Line, pos.Column = fn.exprBody.Line, fn.exprBody.Col
	}
	ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Expr: fn.Name, Reason: ev.Budget.OverCalls()})
}

// Invoke runs a function with args bound to its parameters and returns what
// it returns. A function called without a router argument runs once, unless
// it returns a new, empty router: a factory of apps its callers fill
// (ENSApi's createApp() of Hono sub-apps) makes a new one at each call. A
// function returning an app it filled itself (a whole server's build())
// still runs once: each call would build the same app.
func (ev *Interp) Invoke(fn *Func, args []Value) Value {
	if ev.calls >= ev.Budget.Calls && !ev.active[fn] {
		ev.callsExhausted(fn)
		return nil
	}
	if ev.active[fn] || ev.depth > 48 {
		return nil
	}
	ev.calls++
	ev.called[fn] = true
	key := fmt.Sprintf("%p", fn)
	for _, a := range args {
		if r, ok := a.(Router); ok {
			key += fmt.Sprintf(",%p", r.R)
		}
	}
	if v, ok := ev.memo[key]; ok {
		return v
	}
	ev.active[fn] = true
	ev.depth++
	defer func() { delete(ev.active, fn); ev.depth-- }()
	sc := newScope(fn.Scope)
	for i, name := range fn.Params {
		if name == "" {
			continue
		}
		if i < len(args) {
			sc.Set(name, args[i])
		} else {
			sc.Set(name, nil)
		}
	}
	var ret Value
	made := len(ev.routers)
	if fn.exprBody != nil {
		if v := ev.Eval(fn.File, sc, fn.exprBody); Returnable(v) {
			ret = v
		}
	} else {
		ev.Scan(fn.File, fn.From, fn.To, sc, &ret)
	}
	if r, ok := ret.(Router); !ok || !r.R.Empty() || !slices.Contains(ev.routers[made:], r.R) {
		ev.memo[key] = ret
	}
	return ret
}

// Eval evaluates an expression: strings fold through names, concatenation
// and interpolation; calls run for their registrations.
func (ev *Interp) Eval(f *File, sc *Scope, e *Expr) Value {
	if e == nil {
		return nil
	}
	switch e.Kind {
	case ExprStr:
		return Str(e.str)
	case ExprName:
		v, _ := sc.Lookup(e.Name)
		return v
	case ExprBinary:
		x, y := ev.Eval(f, sc, e.X), ev.Eval(f, sc, e.y)
		if e.Name == "if-else" {
			return eitherBranch(x, y)
		}
		if d, ok := y.(Str); ok && (e.Name == "||" || e.Name == "??") && IsEnvRead(e.X) {
			// process.env.X || "/api": the default, assumed
			return Assumed{Value: d, As: routes.Assumption{Expr: ev.Text(f, e.X), Value: string(d), At: ev.Pos(f, e.y.Line, e.y.Col)}}
		}
		xs, ok1 := x.(Str)
		ys, ok2 := y.(Str)
		if e.Name == "+" && ok1 && ok2 {
			if len(xs)+len(ys) > ev.Budget.FoldedBytes {
				return Dynamic{why: ev.Budget.OverFolded()}
			}
			return xs + ys
		}
		if e.Name == "+" {
			// lists joined; a router stands for the list of its routes
			// (a REST framework router's urls: urlpatterns + router.urls)
			xl, ok1 := joinable(x)
			yl, ok2 := joinable(y)
			if ok1 && ok2 && (isList(x) || isList(y)) {
				return append(slices.Clip(xl), yl...)
			}
			// a list joined with what is not read keeps what is known
			// (before, the whole sum was unknown: a URLconf's every route)
			if isList(x) && unknownList(y) {
				return append(slices.Clip(xl), ev.unreadList(f, e.y)...)
			}
			if isList(y) && unknownList(x) {
				return append(ev.unreadList(f, e.X), yl...)
			}
		}
		if d, ok := x.(Dynamic); ok && e.Name == "+" {
			return d
		}
		if d, ok := y.(Dynamic); ok && e.Name == "+" {
			return d
		}
	case ExprTemplate:
		var b strings.Builder
		var assumed *routes.Assumption // the first part read at run time
		for _, p := range e.parts {
			if p.expr == nil {
				b.WriteString(p.lit)
			} else {
				switch v := ev.Eval(f, sc, p.expr).(type) {
				case Str:
					b.WriteString(string(v))
				case Assumed:
					b.WriteString(string(v.Value))
					if assumed == nil {
						assumed = &v.As
					}
				case Dynamic:
					return v
				default:
					return nil
				}
			}
			if b.Len() > ev.Budget.FoldedBytes {
				return Dynamic{why: ev.Budget.OverFolded()}
			}
		}
		if assumed != nil {
			// f"{settings.API_PREFIX}/": the text under the assumption
			return Assumed{Value: Str(b.String()), As: *assumed}
		}
		return Str(b.String())
	case ExprList:
		out := make(List, 0, len(e.Args))
		for _, a := range e.Args {
			if a.Kind != ExprSpread {
				out = append(out, ev.Eval(f, sc, a))
				continue
			}
			// [*a, *router.urls]: a list's elements, a router as the
			// list of its routes, anything else one element not known
			v := ev.Eval(f, sc, a.X)
			if l, ok := joinable(v); ok {
				out = append(out, l...)
				continue
			}
			if ev.py && unknownList(v) {
				// [*patterns(), path(...)]: members not read, which may
				// be anything (a URLconf's gap, as a list joined by +)
				out = append(out, ev.unreadList(f, a.X)...)
				continue
			}
			out = append(out, nil)
		}
		return out
	case ExprDict:
		out := Dict{}
		for _, kv := range e.kw {
			out[kv.key] = ev.Eval(f, sc, kv.val)
		}
		return out
	case ExprFunc:
		fn := *e.Fn
		fn.Scope = sc
		return &fn
	case ExprAttr:
		x := ev.Eval(f, sc, e.X)
		switch x := x.(type) {
		case *Module:
			return ev.Attr(x, e.Name)
		case *Ext:
			if ev.Member != nil {
				// a member the language reads of an imported name
				// (django.conf's settings)
				if v := ev.Member(x, e.Name); v != nil {
					return v
				}
			}
			if x.Name == "" || x.Name == "default" {
				return &Ext{Module: x.Module, Name: e.Name}
			}
			return &Ext{Module: x.Module, Name: x.Name + "." + e.Name}
		case Dict:
			return x[e.Name]
		default:
			if ev.Member != nil {
				return ev.Member(x, e.Name)
			}
		}
	case ExprCall:
		return ev.call(f, sc, e, false)
	case ExprIndex:
		ev.Eval(f, sc, e.X)
	}
	return nil
}

// call evaluates a call: a framework method on a router, a constructor from
// a framework package, or a function of the server.
func (ev *Interp) call(f *File, sc *Scope, c *Expr, isNew bool) Value {
	if ev.Require != nil && c.X != nil && c.X.Kind == ExprName && c.X.Name == "require" && len(c.Args) == 1 {
		if _, bound := sc.Lookup("require"); !bound {
			if spec, ok := ev.Eval(f, sc, c.Args[0]).(Str); ok {
				return ev.Require(f, string(spec))
			}
			// a module chosen at run time: what it registers is unknown
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: ev.Pos(f, c.X.Line, c.X.Col), Expr: ev.Text(f, c),
				Reason: "the module required is computed at run time, so the routes it registers are not known"})
			return nil
		}
	}
	if c.X != nil && c.X.Kind == ExprAttr {
		recv := ev.Eval(f, sc, c.X.X)
		if v, handled := ev.FrameCall(f, sc, c, recv, c.X.Name); handled {
			return v
		}
	}
	if c.X != nil && c.X.Kind == ExprIndex {
		if r, ok := ev.Eval(f, sc, c.X.X).(Router); ok {
			// router[method](path, ...): a registration whose method is
			// chosen at run time, a gap of the router scoped to its prefix
			ev.Args(f, sc, c)
			var frags []string
			if len(c.Args) > 0 {
				frags = ev.Fragments(f, sc, c.Args[0], nil)
			}
			r.R.Gaps = append(r.R.Gaps, routes.Unresolved{Pos: ev.Pos(f, c.X.Line, c.X.Col), Expr: ev.Text(f, c),
				Reason: "registered through a router method chosen at run time (router[method](...)), so its method and path are not known", Fragments: frags})
			return r
		}
	}
	callee := ev.Eval(f, sc, c.X)
	switch fn := callee.(type) {
	case *Ext:
		return ev.ExtCall(f, sc, c, fn, isNew)
	case *Class:
		// a subclass of a framework's router (a project's DefaultRouter
		// subclass) is constructed as its base is
		if base := fn.ExtBase(); base != nil {
			if r, ok := ev.ExtCall(f, sc, c, base, isNew).(Router); ok {
				return r
			}
			// an instance (a settings object): its attributes are the
			// class's (the language's Member reads them)
			return fn
		}
		if fn.This != nil {
			args := ev.Args(f, sc, c)
			if fn.Ctor != nil {
				ev.Invoke(fn.Ctor, args)
			}
			return fn.This
		}
	case *Func:
		args := ev.Args(f, sc, c)
		return ev.Invoke(fn, args)
	case nil:
		// a call this analysis does not follow (a method of a value it
		// does not know, this.server.app.use(prefix, router)): a router
		// handed to it may be mounted there
		for _, a := range ev.Args(f, sc, c) {
			if r, ok := a.(Router); ok && r.R.Sub && r.R.HandedTo == "" {
				r.R.HandedTo = routes.Shorten(ev.Text(f, c))
			}
		}
		return nil
	}
	ev.Args(f, sc, c)
	return nil
}

// Args evaluates the positional arguments of call c (keyword arguments
// run for their effects only).
func (ev *Interp) Args(f *File, sc *Scope, c *Expr) []Value {
	out := make([]Value, len(c.Args))
	for i, a := range c.Args {
		out[i] = ev.Eval(f, sc, a)
		if fn, ok := out[i].(*Func); ok && fn.Name == "" {
			ev.callbacks = append(ev.callbacks, fn)
		}
	}
	for _, kv := range c.kw {
		ev.Eval(f, sc, kv.val)
	}
	return out
}

// kwarg returns the keyword argument key of a call (Python), or nil.
// KeywordNames returns the names of c's keyword arguments, in order.
func KeywordNames(c *Expr) []string {
	var out []string
	for _, kv := range c.kw {
		out = append(out, kv.key)
	}
	return out
}

func KeywordArg(c *Expr, key string) *Expr {
	for _, kv := range c.kw {
		if kv.key == key {
			return kv.val
		}
	}
	return nil
}

// PathArg folds a path argument; when it cannot, the registration is
// Unresolved and ok is false.
func (ev *Interp) PathArg(f *File, sc *Scope, c *Expr, e *Expr, method string) (string, bool) {
	if e == nil {
		return "", false
	}
	v := ev.Eval(f, sc, e)
	if s, ok := v.(Str); ok {
		return string(s), true
	}
	why := "path is not a constant this analysis can fold"
	if d, ok := v.(Dynamic); ok {
		why = d.why
	}
	if e.Kind == ExprRegex {
		why = "path is a regular expression"
	}
	ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: ev.Pos(f, c.X.Line, c.X.Col), Method: method, Expr: ev.Text(f, e), Reason: why,
		Fragments: ev.Fragments(f, sc, e, nil)})
	return "", false
}

// Fragments appends to out the constant pieces of an unfoldable path
// expression, in order: string literals and names bound to strings, the
// operands of +, a template's literal text, the arguments of a call.
func (ev *Interp) Fragments(f *File, sc *Scope, e *Expr, out []string) []string {
	if e == nil {
		return out
	}
	switch e.Kind {
	case ExprStr:
		out = append(out, e.str)
	case ExprName:
		if v, _ := sc.Lookup(e.Name); v != nil {
			if s, ok := v.(Str); ok {
				out = append(out, string(s))
			}
		}
	case ExprBinary:
		if e.Name == "+" {
			out = ev.Fragments(f, sc, e.X, out)
			out = ev.Fragments(f, sc, e.y, out)
		}
	case ExprTemplate:
		for _, p := range e.parts {
			if p.expr == nil {
				out = append(out, p.lit)
			} else {
				out = ev.Fragments(f, sc, p.expr, out)
			}
		}
	case ExprCall:
		for _, a := range e.Args {
			out = ev.Fragments(f, sc, a, out)
		}
	}
	return out
}

// MethodsOf folds a list (or one string) of methods, upper case.
func MethodsOf(v Value) ([]string, bool) {
	switch v := v.(type) {
	case Str:
		return []string{strings.ToUpper(string(v))}, true
	case List:
		var out []string
		for _, x := range v {
			s, ok := x.(Str)
			if !ok {
				return nil, false
			}
			out = append(out, strings.ToUpper(string(s)))
		}
		return out, true
	}
	return nil, false
}

// IsTrue reports whether e is the literal True or true.
func IsTrue(e *Expr) bool {
	return e != nil && e.Kind == ExprName && (e.Name == "True" || e.Name == "true")
}

// Field returns the value expression of key in the object literal e, or nil
// when e is not one or does not set key.
func (e *Expr) Field(key string) *Expr {
	if e == nil || e.Kind != ExprDict {
		return nil
	}
	for _, kv := range e.kw {
		if kv.key == key {
			return kv.val
		}
	}
	return nil
}

// IsFalse reports whether e is the literal False or false.
func IsFalse(e *Expr) bool {
	return e != nil && e.Kind == ExprName && (e.Name == "False" || e.Name == "false")
}

// Returnable reports whether a function's return value is kept: routers and
// what builds them (a class a factory defines and returns: polar's
// APIRouter = get_api_router_class(APIRoute), a subclass of FastAPI's),
// never strings (a string a function computes may depend on branches the
// analysis does not take).
func Returnable(v Value) bool {
	switch v.(type) {
	case Router, *RouteDef, *Func, *Module, List, *Class:
		return true
	}
	return false
}

// callsAnything reports whether fn's body holds a call (an opening
// parenthesis): a body without one can neither register nor define a route,
// so running it is skipped.
func (fn *Func) callsAnything() bool {
	if fn.exprBody != nil {
		return true
	}
	for i := fn.From; i < fn.To && i < len(fn.File.Toks); i++ {
		if t := fn.File.Toks[i]; t.Kind == TokOp && t.Text == "(" {
			return true
		}
	}
	return false
}

// FileAt returns the loaded file at path, whatever the form it was listed in.
func (ev *Interp) FileAt(path string) *File {
	if f := ev.files[filepath.Clean(path)]; f != nil {
		return f
	}
	if filepath.IsAbs(path) {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	return ev.files[abs]
}

// ExtBase returns the imported class c derives from, following its bases
// through classes of the source (first base first), or nil.
func (c *Class) ExtBase() *Ext {
	seen := map[*Class]bool{}
	var walk func(*Class) *Ext
	walk = func(k *Class) *Ext {
		if seen[k] {
			return nil
		}
		seen[k] = true
		for _, b := range k.Bases {
			switch t := b.(type) {
			case *Ext:
				return t
			case *Class:
				if e := walk(t); e != nil {
					return e
				}
			}
		}
		return nil
	}
	return walk(c)
}

// IsEnvRead reports whether e reads an environment variable in JavaScript:
// process.env.NAME or process.env["NAME"].
func IsEnvRead(e *Expr) bool {
	if e == nil || e.Kind != ExprAttr && e.Kind != ExprIndex {
		return false
	}
	env := e.X
	return env != nil && env.Kind == ExprAttr && env.Name == "env" && env.X != nil && env.X.Kind == ExprName && env.X.Name == "process"
}

// PassedRouterGap records a gap on the first router among args: it is passed
// to name of module, a function this analysis does not read (a package's, or,
// when local, a module of the server's among no file read, where is the
// language's word for why), so what that function registers on it is not
// known. The gap is scoped to the router's prefix. Nothing is recorded
// when no argument is a router.
func PassedRouterGap(args []Value, pos routes.Pos, expr, name, module string, local bool, where string) {
	for _, a := range args {
		r, ok := a.(Router)
		if !ok {
			continue
		}
		what := "a function of a package this analysis does not read"
		if local {
			what = "a function of a module of the server that is not among the files read (" + where + ")"
		}
		r.R.Gaps = append(r.R.Gaps, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: routes.Shorten(expr),
			Reason: "the router is passed to " + name + " of " + module + ", " + what + ", so the routes it registers are not known"})
		return
	}
}

// joinable returns the elements v stands for when lists are joined or
// spread: a list's own, a router as its one element (the list of its
// routes, which a URLconf mounts where the list is included).
// unknownList reports whether v, joined with a list, is a list this
// analysis does not read: nothing known, or a package's member (a list a
// library exports).
func unknownList(v Value) bool {
	_, pkg := v.(*Ext)
	return v == nil || pkg
}

// unreadList is what a list joined with e, a list this analysis does not
// read, gains: an Unread standing for whatever e holds (a package's list
// too, as an include of a package's URLconf may serve anything below its
// mount; a framework's tooling lists its readers know are read as such).
func (ev *Interp) unreadList(f *File, e *Expr) List {
	return List{Unread{Expr: routes.Shorten(ev.Text(f, e)), Pos: ev.Pos(f, e.Line, e.Col)}}
}

// Extend returns list joined with v, written e, as + joins two lists (a
// URLconf's urlpatterns += x, urlpatterns.extend(x)): a list's members, a
// router's routes, or, for a list this analysis does not read, an Unread
// standing for it; ok is false for any other value (a string).
func (ev *Interp) Extend(f *File, list List, v Value, e *Expr) (List, bool) {
	if more, ok := joinable(v); ok {
		return append(slices.Clip(list), more...), true
	}
	if unknownList(v) {
		return append(slices.Clip(list), ev.unreadList(f, e)...), true
	}
	return nil, false
}

// eitherBranch is the value of Python's x if c else y when its branches
// hold registrations (a URLconf's path(...) if settings.DEBUG else None, or
// [...] if c else [...]): the members of both in one list, as both branches
// of an if statement are read; nil (not known) for any other value.
func eitherBranch(x, y Value) Value {
	var out List
	for _, v := range []Value{x, y} {
		switch v := v.(type) {
		case nil:
		case List:
			out = append(out, v...)
		case *RouteDef, Router:
			out = append(out, v)
		default:
			return nil
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func joinable(v Value) (List, bool) {
	switch v := v.(type) {
	case List:
		return v, true
	case Router:
		return List{v}, true
	}
	return nil, false
}

func isList(v Value) bool {
	_, ok := v.(List)
	return ok
}
