package routes

import (
	"fmt"
	"path/filepath"
	"strings"
)

// sfile is one Python or JavaScript source file and, once run, its module.
type sfile struct {
	path    string // as found on disk
	display string
	toks    []stok
	scope   *sscope
	state   int // 0 not run, 1 running, 2 done
	exports map[string]any
	// funcs are the named functions it defines, for the orphan pass.
	funcs []*sfunc
}

type sscope struct {
	vars   map[string]any
	parent *sscope
}

func (s *sscope) lookup(name string) (any, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			if l, ok := v.(*lazyAttr); ok {
				return l.resolve(), true
			}
			return v, true
		}
	}
	return nil, false
}

func (s *sscope) set(name string, v any) { s.vars[name] = v }

func newScope(parent *sscope) *sscope { return &sscope{vars: map[string]any{}, parent: parent} }

// Values the evaluators handle besides string, *router, *sfunc, []any and
// map[string]any.
type (
	// sext is a name imported from a package outside the server (fastapi,
	// express...): module is the package, name the member ("" = the package).
	sext struct{ module, name string }
	// smodule is a module of the server.
	smodule struct {
		file *sfile
		dir  string // a Python package directory
	}
	// sclass is a class the source defines; methods are the HTTP methods
	// its handlers (def get, def post...) serve, upper case.
	sclass struct {
		name    string
		methods []string
	}
	// sdynamic is a value known not to be static; why says so.
	sdynamic struct{ why string }
	// sstatic is a handler serving files from a folder (express.static,
	// Starlette's StaticFiles).
	sstatic struct{}
	// sroute is a route or mount built before it is attached (Starlette's
	// Route and Mount, Express's route() chain).
	sroute struct {
		mount   bool
		methods []string
		path    string
		pos     Pos
		target  any // mount: the app or list of routes
		r       *router
		hidden  bool
	}
	// lazyAttr is a name imported from a module that was still running
	// (an import cycle), resolved on use.
	lazyAttr struct {
		m         *smodule
		name      string
		ev        *scriptEval
		resolving bool
	}
)

// resolve reads the name now; a name that resolves to itself (a module
// importing its own name) is nil.
func (l *lazyAttr) resolve() any {
	if l.resolving {
		return nil
	}
	l.resolving = true
	defer func() { l.resolving = false }()
	return l.ev.attr(l.m, l.name)
}

// scriptEval runs the Python or JavaScript files of one server.
type scriptEval struct {
	py      bool
	root    string
	files   map[string]*sfile // by cleaned path
	order   []*sfile
	routers []*router
	nest    *router // the NestJS application, made on first use
	set     *Set
	memo    map[string]any
	active  map[*sfunc]bool
	called  map[*sfunc]bool
	depth   int
	calls   int // function bodies run, bounded by MaxCalls
	display func(string) string
	// The language's hooks, set by its constructor.
	// tokenize reads one file's source.
	tokenize func(src, file string) ([]stok, error)
	// scan runs the statements of tokens from..to in scope sc.
	scan func(f *sfile, from, to int, sc *sscope, ret *any)
	// frameCall evaluates method on recv when it is a framework's (a
	// router's get, include_router...); handled is false otherwise.
	frameCall func(f *sfile, sc *sscope, call *sx, recv any, method string) (v any, handled bool)
	// extCall evaluates a call of a name imported from outside the server.
	extCall func(f *sfile, sc *sscope, call *sx, ext *sext, isNew bool) any
	// require, when set, is what require(spec) yields from f (JavaScript);
	// nil leaves require an ordinary name.
	require func(f *sfile, spec string) any
	// submodule, when set, returns the module at path (a package's member
	// module, Python), or nil.
	submodule func(path string) any
}

func (ev *scriptEval) newRouter(fw string) *router {
	r := newRouter(fw)
	ev.routers = append(ev.routers, r)
	return r
}

func newScriptEval(py bool, root string, display func(string) string) *scriptEval {
	ev := &scriptEval{py: py, root: root, files: map[string]*sfile{}, set: &Set{}, memo: map[string]any{},
		active: map[*sfunc]bool{}, called: map[*sfunc]bool{}, display: display}
	return ev
}

// readFiles tokenizes every file at paths.
func (ev *scriptEval) readFiles(paths []string) error {
	for _, p := range paths {
		src, err := readSource(p, ev.display)
		if err != nil {
			return err
		}
		if err := ev.addSource(p, string(src)); err != nil {
			return err
		}
	}
	return nil
}

// addSource tokenizes one file's source and queues it to run.
func (ev *scriptEval) addSource(path, src string) error {
	f := &sfile{path: path, display: ev.display(path), exports: map[string]any{}}
	var err error
	f.toks, err = ev.tokenize(src, f.display)
	if err != nil {
		return err
	}
	ev.files[filepath.Clean(path)] = f
	if abs, err := filepath.Abs(path); err == nil {
		ev.files[abs] = f
	}
	ev.order = append(ev.order, f)
	return nil
}

// run executes a file's top level once.
func (ev *scriptEval) run(f *sfile) {
	if f.state != 0 {
		return
	}
	f.state = 1
	f.scope = newScope(nil)
	var ret any
	ev.scan(f, 0, len(f.toks), f.scope, &ret)
	f.state = 2
}

// finish runs every file not yet imported, then every named function
// nothing called (an app factory a WSGI server calls, an exported
// registration function), and flattens the router graph.
func (ev *scriptEval) finish() *Set {
	for _, f := range ev.order {
		ev.run(f)
	}
	for _, f := range ev.order {
		for i := 0; i < len(f.funcs); i++ { // the list grows as bodies run
			fn := f.funcs[i]
			if !ev.called[fn] && fn.callsAnything() {
				ev.invoke(fn, nil)
			}
		}
	}
	flatten(ev.routers, ev.set)
	ev.set.finish()
	return ev.set
}

func (ev *scriptEval) pos(f *sfile, line, col int) Pos {
	return Pos{File: f.display, Line: line, Column: col}
}

func (ev *scriptEval) text(f *sfile, e *sx) string {
	if e == nil {
		return ""
	}
	return tokText(f.toks, e.from, e.to)
}

// attr reads a member of a module: a name it defines or exports, or (for a
// Python package) a submodule.
func (ev *scriptEval) attr(m *smodule, name string) any {
	if m.file != nil {
		ev.run(m.file)
		if v, ok := m.file.exports[name]; ok {
			return v
		}
		if ev.py && m.file.scope != nil {
			if v, ok := m.file.scope.vars[name]; ok {
				if l, ok := v.(*lazyAttr); ok {
					return l.resolve()
				}
				return v
			}
		}
	}
	if ev.submodule != nil {
		dir := m.dir
		if dir == "" && m.file != nil && strings.HasSuffix(m.file.path, "__init__.py") {
			dir = strings.TrimSuffix(m.file.path, "__init__.py")
		}
		if dir != "" {
			if sub := ev.submodule(strings.TrimSuffix(dir, "/") + "/" + name); sub != nil {
				return sub
			}
		}
	}
	return nil
}

// invoke runs a function with args bound to its parameters and returns what
// it returns. A function called without a router argument runs once.
func (ev *scriptEval) invoke(fn *sfunc, args []any) any {
	if ev.active[fn] || ev.depth > 48 || ev.calls >= MaxCalls {
		return nil
	}
	ev.calls++
	ev.called[fn] = true
	key := fmt.Sprintf("%p", fn)
	for _, a := range args {
		if r, ok := a.(*router); ok {
			key += fmt.Sprintf(",%p", r)
		}
	}
	if v, ok := ev.memo[key]; ok {
		return v
	}
	ev.active[fn] = true
	ev.depth++
	defer func() { delete(ev.active, fn); ev.depth-- }()
	sc := newScope(fn.scope)
	for i, name := range fn.params {
		if name == "" {
			continue
		}
		if i < len(args) {
			sc.set(name, args[i])
		} else {
			sc.set(name, nil)
		}
	}
	var ret any
	if fn.exprBody != nil {
		if v := ev.eval(fn.file, sc, fn.exprBody); returnable(v) {
			ret = v
		}
	} else {
		ev.scan(fn.file, fn.from, fn.to, sc, &ret)
	}
	ev.memo[key] = ret
	return ret
}

// eval evaluates an expression: strings fold through names, concatenation
// and interpolation; calls run for their registrations.
func (ev *scriptEval) eval(f *sfile, sc *sscope, e *sx) any {
	if e == nil {
		return nil
	}
	switch e.kind {
	case sxStr:
		return e.str
	case sxName:
		v, _ := sc.lookup(e.name)
		return v
	case sxBinary:
		x, y := ev.eval(f, sc, e.x), ev.eval(f, sc, e.y)
		xs, ok1 := x.(string)
		ys, ok2 := y.(string)
		if e.name == "+" && ok1 && ok2 {
			if len(xs)+len(ys) > MaxFoldedBytes {
				return sdynamic{why: overBudget}
			}
			return xs + ys
		}
		if d, ok := x.(sdynamic); ok && e.name == "+" {
			return d
		}
		if d, ok := y.(sdynamic); ok && e.name == "+" {
			return d
		}
	case sxTemplate:
		var b strings.Builder
		for _, p := range e.parts {
			if p.expr == nil {
				b.WriteString(p.lit)
			} else {
				switch v := ev.eval(f, sc, p.expr).(type) {
				case string:
					b.WriteString(v)
				case sdynamic:
					return v
				default:
					return nil
				}
			}
			if b.Len() > MaxFoldedBytes {
				return sdynamic{why: overBudget}
			}
		}
		return b.String()
	case sxList:
		out := make([]any, len(e.args))
		for i, a := range e.args {
			out[i] = ev.eval(f, sc, a)
		}
		return out
	case sxDict:
		out := map[string]any{}
		for _, kv := range e.kw {
			out[kv.key] = ev.eval(f, sc, kv.val)
		}
		return out
	case sxFunc:
		fn := *e.fn
		fn.scope = sc
		return &fn
	case sxAttr:
		x := ev.eval(f, sc, e.x)
		switch x := x.(type) {
		case *smodule:
			return ev.attr(x, e.name)
		case *sext:
			if x.name == "" || x.name == "default" {
				return &sext{module: x.module, name: e.name}
			}
			return &sext{module: x.module, name: x.name + "." + e.name}
		case map[string]any:
			return x[e.name]
		}
	case sxCall:
		return ev.call(f, sc, e, false)
	case sxIndex:
		ev.eval(f, sc, e.x)
	}
	return nil
}

// call evaluates a call: a framework method on a router, a constructor from
// a framework package, or a function of the server.
func (ev *scriptEval) call(f *sfile, sc *sscope, c *sx, isNew bool) any {
	if ev.require != nil && c.x != nil && c.x.kind == sxName && c.x.name == "require" && len(c.args) == 1 {
		if _, bound := sc.lookup("require"); !bound {
			if spec, ok := ev.eval(f, sc, c.args[0]).(string); ok {
				return ev.require(f, spec)
			}
			return nil
		}
	}
	if c.x != nil && c.x.kind == sxAttr {
		recv := ev.eval(f, sc, c.x.x)
		if v, handled := ev.frameCall(f, sc, c, recv, c.x.name); handled {
			return v
		}
	}
	callee := ev.eval(f, sc, c.x)
	switch fn := callee.(type) {
	case *sext:
		return ev.extCall(f, sc, c, fn, isNew)
	case *sfunc:
		args := ev.args(f, sc, c)
		return ev.invoke(fn, args)
	}
	ev.args(f, sc, c)
	return nil
}

func (ev *scriptEval) args(f *sfile, sc *sscope, c *sx) []any {
	out := make([]any, len(c.args))
	for i, a := range c.args {
		out[i] = ev.eval(f, sc, a)
	}
	for _, kv := range c.kw {
		ev.eval(f, sc, kv.val)
	}
	return out
}

// kwarg returns the keyword argument key of a call (Python), or nil.
func kwarg(c *sx, key string) *sx {
	for _, kv := range c.kw {
		if kv.key == key {
			return kv.val
		}
	}
	return nil
}

// pathArg folds a path argument; when it cannot, the registration is
// Unresolved and ok is false.
func (ev *scriptEval) pathArg(f *sfile, sc *sscope, c *sx, e *sx, method string) (string, bool) {
	if e == nil {
		return "", false
	}
	v := ev.eval(f, sc, e)
	if s, ok := v.(string); ok {
		return s, true
	}
	why := "path is not a constant this analysis can fold"
	if d, ok := v.(sdynamic); ok {
		why = d.why
	}
	if e.kind == sxRegex {
		why = "path is a regular expression"
	}
	ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: ev.pos(f, c.x.line, c.x.col), Method: method, Expr: ev.text(f, e), Reason: why,
		Fragments: ev.fragments(f, sc, e, nil)})
	return "", false
}

// fragments appends to out the constant pieces of an unfoldable path
// expression, in order: string literals and names bound to strings, the
// operands of +, a template's literal text, the arguments of a call.
func (ev *scriptEval) fragments(f *sfile, sc *sscope, e *sx, out []string) []string {
	if e == nil {
		return out
	}
	switch e.kind {
	case sxStr:
		out = append(out, e.str)
	case sxName:
		if v, _ := sc.lookup(e.name); v != nil {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	case sxBinary:
		if e.name == "+" {
			out = ev.fragments(f, sc, e.x, out)
			out = ev.fragments(f, sc, e.y, out)
		}
	case sxTemplate:
		for _, p := range e.parts {
			if p.expr == nil {
				out = append(out, p.lit)
			} else {
				out = ev.fragments(f, sc, p.expr, out)
			}
		}
	case sxCall:
		for _, a := range e.args {
			out = ev.fragments(f, sc, a, out)
		}
	}
	return out
}

// methodsOf folds a list (or one string) of methods, upper case.
func methodsOf(v any) ([]string, bool) {
	switch v := v.(type) {
	case string:
		return []string{strings.ToUpper(v)}, true
	case []any:
		var out []string
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, strings.ToUpper(s))
		}
		return out, true
	}
	return nil, false
}

func isFalse(e *sx) bool {
	return e != nil && e.kind == sxName && (e.name == "False" || e.name == "false")
}

// returnable reports whether a function's return value is kept: routers and
// what builds them, never strings (a string a function computes may depend
// on branches the analysis does not take).
func returnable(v any) bool {
	switch v.(type) {
	case *router, *sroute, *sfunc, *smodule, []any:
		return true
	}
	return false
}

// callsAnything reports whether fn's body holds a call (an opening
// parenthesis): a body without one can neither register nor define a route,
// so running it is skipped.
func (fn *sfunc) callsAnything() bool {
	if fn.exprBody != nil {
		return true
	}
	for i := fn.from; i < fn.to && i < len(fn.file.toks); i++ {
		if t := fn.file.toks[i]; t.kind == tkOp && t.text == "(" {
			return true
		}
	}
	return false
}

// fileAt returns the loaded file at path, whatever the form it was listed in.
func (ev *scriptEval) fileAt(path string) *sfile {
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
