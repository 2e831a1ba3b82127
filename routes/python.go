package routes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FromPython extracts the routes a FastAPI, Flask or Starlette server
// registers, reading every .py file under root (or root itself). Routers
// imported from other modules of the server are followed; a function nothing
// in the source calls (an app factory) is run as if called.
func FromPython(root string, display func(string) string) (*Set, error) {
	files, err := sourceFiles(root, ".py")
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Python source found (.py files)", display(root))
	}
	ev := newPyEval(root, display)
	if st, err := os.Stat(root); err == nil && !st.IsDir() {
		ev.root = filepath.Dir(root)
	}
	if err := ev.readFiles(files); err != nil {
		return nil, err
	}
	set := ev.finish()
	set.LookedFor = "Python FastAPI, Flask, Flask-RESTful and Starlette"
	set.Files = len(files)
	return set, nil
}

// pyEval is the script evaluator with Python's statements and frameworks.
type pyEval struct{ *scriptEval }

// newPyEval returns an evaluator of the Python files of the server at root.
func newPyEval(root string, display func(string) string) *pyEval {
	ev := &pyEval{newScriptEval(true, root, display)}
	ev.scan, ev.frameCall, ev.extCall = ev.pyScan, ev.pyFrameCall, ev.pyExtCall
	ev.tokenize = tokenizePython
	ev.submodule = func(path string) any {
		if m := ev.pyModuleAt(path); m != nil {
			return m
		}
		return nil
	}
	return ev
}

// pyScan runs the statements of tokens from..to in scope sc.
func (ev *pyEval) pyScan(f *sfile, from, to int, sc *sscope, ret *any) {
	toks := f.toks
	p := &sxParser{toks: toks, end: to, py: true, file: f}
	stmtStart := true
	for i := from; i < to; {
		t := toks[i]
		if t.kind == tkNewline || t.kind == tkIndent || t.kind == tkDedent || t.kind == tkOp && t.text == ";" {
			stmtStart = true
			i++
			continue
		}
		if stmtStart && t.kind == tkName {
			switch t.text {
			case "def", "async":
				j := i
				if t.text == "async" {
					j++
				}
				if j+2 < to && toks[j].text == "def" && toks[j+1].kind == tkName && toks[j+2].text == "(" && toks[j+2].match > 0 {
					fn, end := ev.pyDef(f, j, to, sc)
					if fn != nil {
						sc.set(fn.name, fn)
						f.funcs = append(f.funcs, fn)
					}
					i = end
					stmtStart = true
					continue
				}
			case "class":
				if i+1 < to && toks[i+1].kind == tkName {
					sc.set(toks[i+1].text, &sclass{name: toks[i+1].text, methods: pyClassMethods(toks, i, to)})
				}
				// the class body runs inline; its methods become names too
				for i < to && !(toks[i].kind == tkOp && toks[i].text == ":") {
					if toks[i].match > i {
						i = toks[i].match
					}
					i++
				}
				i++
				continue
			case "import":
				i = ev.pyImport(f, i+1, to, sc)
				continue
			case "from":
				i = ev.pyFromImport(f, i+1, to, sc)
				continue
			case "return":
				p.i = i + 1
				if e := p.expr(); e != nil {
					v := ev.eval(f, sc, e)
					if *ret == nil && returnable(v) {
						*ret = v
					}
					i = p.i
				} else {
					i++
				}
				stmtStart = false
				continue
			}
			// NAME = expr, NAME: type = expr
			j := i + 1
			if j < to && toks[j].kind == tkOp && toks[j].text == ":" {
				for j < to && toks[j].kind != tkNewline && !(toks[j].kind == tkOp && toks[j].text == "=") {
					if toks[j].match > j {
						j = toks[j].match
					}
					j++
				}
			}
			if j < to && toks[j].kind == tkOp && toks[j].text == "=" {
				p.i = j + 1
				if e := p.expr(); e != nil {
					sc.set(t.text, ev.eval(f, sc, e))
					i = p.i
					stmtStart = false
					continue
				}
			}
		}
		stmtStart = false
		if t.kind == tkName && (i == from || !(toks[i-1].kind == tkOp && toks[i-1].text == ".")) {
			p.i = i
			if e := p.postfix(); e != nil && p.i > i {
				ev.eval(f, sc, e)
				i = p.i
				continue
			}
		}
		i++
	}
}

// pyClassMethods returns the HTTP methods a class at toks[i] (class Name...:)
// has handlers for: the names of its own body's defs that are HTTP verbs
// (Flask-RESTful Resource, Flask MethodView, Django views), upper case.
func pyClassMethods(toks []stok, i, to int) []string {
	for i < to && !(toks[i].kind == tkOp && toks[i].text == ":") {
		if toks[i].match > i {
			i = toks[i].match
		}
		i++
	}
	if i+2 >= to || toks[i+1].kind != tkNewline || toks[i+2].kind != tkIndent {
		return nil
	}
	var out []string
	depth := 0
	for k := i + 2; k < to; k++ {
		switch t := toks[k]; {
		case t.kind == tkIndent:
			depth++
		case t.kind == tkDedent:
			depth--
			if depth == 0 {
				return out
			}
		case depth == 1 && t.kind == tkName && t.text == "def" && k+1 < to && toks[k+1].kind == tkName:
			if name := toks[k+1].text; pyVerbs[name] {
				out = append(out, strings.ToUpper(name))
			}
		}
	}
	return out
}

// pyDef records `def name(params): body` at i and returns the function and
// the index after its body.
func (ev *pyEval) pyDef(f *sfile, i, to int, sc *sscope) (*sfunc, int) {
	toks := f.toks
	fn := &sfunc{name: toks[i+1].text, file: f, scope: sc}
	open := i + 2
	close := toks[open].match
	expect := true
	for j := open + 1; j < close; j++ {
		t := toks[j]
		switch {
		case t.kind == tkOp && t.text == ",":
			expect = true
		case expect && t.kind == tkName:
			fn.params = append(fn.params, t.text)
			expect = false
		case t.kind == tkOp && (t.text == "*" || t.text == "**" || t.text == "/"):
		case t.match > j:
			j = t.match
			expect = false
		default:
			expect = false
		}
	}
	j := close + 1
	for j < to && !(toks[j].kind == tkOp && toks[j].text == ":") {
		if toks[j].match > j {
			j = toks[j].match
		}
		j++
	}
	j++ // the colon
	if j < to && toks[j].kind == tkNewline && j+1 < to && toks[j+1].kind == tkIndent {
		depth := 0
		k := j + 1
		for ; k < to; k++ {
			if toks[k].kind == tkIndent {
				depth++
			} else if toks[k].kind == tkDedent {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		fn.from, fn.to = j+2, k
		return fn, min(k+1, to)
	}
	k := j
	for k < to && toks[k].kind != tkNewline {
		k++
	}
	fn.from, fn.to = j, k
	return fn, k
}

// pyImport handles `import a.b.c [as x], ...` from i; returns the next index.
func (ev *pyEval) pyImport(f *sfile, i, to int, sc *sscope) int {
	toks := f.toks
	for i < to && toks[i].kind != tkNewline {
		var parts []string
		for i < to && toks[i].kind == tkName && toks[i].text != "as" {
			parts = append(parts, toks[i].text)
			i++
			if i < to && toks[i].text == "." {
				i++
			}
		}
		if len(parts) == 0 {
			i++
			continue
		}
		dotted := strings.Join(parts, ".")
		var v any = ev.pyModule(f, dotted, 0)
		if v == (*smodule)(nil) {
			v = &sext{module: dotted}
		}
		name := parts[0]
		if i+1 < to && toks[i].text == "as" {
			name = toks[i+1].text
			i += 2
		} else if len(parts) > 1 {
			// `import a.b` binds a; reading a.b finds the submodule
			if m := ev.pyModule(f, parts[0], 0); m != nil {
				v = m
			} else {
				v = &sext{module: parts[0]}
			}
		}
		sc.set(name, v)
		if i < to && toks[i].text == "," {
			i++
		}
	}
	return i
}

// pyFromImport handles `from [.]mod import a [as b], ...` from i.
func (ev *pyEval) pyFromImport(f *sfile, i, to int, sc *sscope) int {
	toks := f.toks
	level := 0
	for i < to && toks[i].kind == tkOp && (toks[i].text == "." || toks[i].text == "...") {
		level += len(toks[i].text)
		i++
	}
	var parts []string
	for i < to && toks[i].kind == tkName && toks[i].text != "import" {
		parts = append(parts, toks[i].text)
		i++
		if i < to && toks[i].text == "." {
			i++
		}
	}
	dotted := strings.Join(parts, ".")
	m := ev.pyModule(f, dotted, level)
	if i < to && toks[i].text == "import" {
		i++
	}
	for i < to && toks[i].kind != tkNewline {
		t := toks[i]
		if t.kind != tkName {
			i++
			continue
		}
		name, local := t.text, t.text
		i++
		if i+1 < to && toks[i].text == "as" {
			local = toks[i+1].text
			i += 2
		}
		switch {
		case m != nil && m.file != nil && m.file.state == 1:
			sc.set(local, &lazyAttr{m: m, name: name, ev: ev.scriptEval})
		case m != nil:
			sc.set(local, ev.attr(m, name))
		case level == 0 && dotted != "":
			sc.set(local, &sext{module: dotted, name: name})
		}
	}
	return i
}

// pyModule finds the module dotted (relative to f's package when level > 0,
// else relative to the server root or any directory between it and f) and
// runs it; nil when it is not part of the server.
func (ev *pyEval) pyModule(f *sfile, dotted string, level int) *smodule {
	var bases []string
	if level > 0 {
		dir := filepath.Dir(f.path)
		for k := 1; k < level; k++ {
			dir = filepath.Dir(dir)
		}
		bases = []string{dir}
	} else {
		root, _ := filepath.Abs(ev.root)
		dir, _ := filepath.Abs(filepath.Dir(f.path))
		for {
			bases = append(bases, dir)
			if dir == root || !strings.HasPrefix(dir, root) {
				break
			}
			dir = filepath.Dir(dir)
		}
	}
	rel := filepath.FromSlash(strings.ReplaceAll(dotted, ".", "/"))
	for _, b := range bases {
		if m := ev.pyModuleAt(filepath.Join(b, rel)); m != nil {
			return m
		}
	}
	return nil
}

// pyModuleAt returns the module at path (without .py): a file, a package's
// __init__.py, or a namespace package directory.
func (ev *pyEval) pyModuleAt(path string) *smodule {
	for _, cand := range []string{path + ".py", filepath.Join(path, "__init__.py")} {
		if f := ev.fileAt(cand); f != nil {
			ev.run(f)
			return &smodule{file: f}
		}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return &smodule{dir: path}
	}
	return nil
}

// pyFramework returns the framework of the router a constructor makes, from
// its package and name ("" = not a router).
func pyFramework(module, name string) string {
	top := strings.SplitN(module, ".", 2)[0]
	switch {
	case top == "fastapi" && (name == "FastAPI" || name == "APIRouter" || name == "routing.APIRouter"):
		return "fastapi"
	case top == "flask" && (name == "Flask" || name == "Blueprint"):
		return "flask"
	case top == "starlette" && (name == "Starlette" || name == "Router" || name == "applications.Starlette" || name == "routing.Router"):
		return "starlette"
	}
	return ""
}

// pyExtCall evaluates a call of something imported from outside the server:
// a router constructor, Starlette's Route and Mount.
func (ev *pyEval) pyExtCall(f *sfile, sc *sscope, c *sx, ext *sext, _ bool) any {
	args := ev.args(f, sc, c)
	name := ext.name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	top := strings.SplitN(ext.module, ".", 2)[0]
	if fw := pyFramework(ext.module, ext.name); fw != "" || (top == "starlette" || top == "fastapi") && (name == "Starlette" || name == "Router" || name == "APIRouter" || name == "FastAPI") {
		if fw == "" {
			fw = map[bool]string{true: "fastapi", false: "starlette"}[top == "fastapi"]
		}
		r := ev.newRouter(fw)
		switch {
		case name == "APIRouter":
			if p := kwarg(c, "prefix"); p != nil {
				s, ok := ev.pathArg(f, sc, c, p, "")
				if !ok {
					r.orphan = "router prefix is not a constant this analysis can fold"
				}
				r.prefix = s
			}
		case name == "Blueprint":
			if p := kwarg(c, "url_prefix"); p != nil {
				s, ok := ev.pathArg(f, sc, c, p, "")
				if !ok {
					r.orphan = "blueprint url_prefix is not a constant this analysis can fold"
				}
				r.prefix = s
			}
		}
		if kw := kwarg(c, "routes"); kw != nil {
			ev.attach(f, r, ev.eval(f, sc, kw))
		}
		r.hidden = isFalse(kwarg(c, "include_in_schema"))
		return r
	}
	if (top == "starlette" || top == "fastapi") && name == "StaticFiles" {
		return &sstatic{}
	}
	if (top == "flask_restful" || top == "flask_restx") && (name == "Api" || name == "Namespace") {
		r := ev.newRouter("flask")
		if len(args) > 0 {
			if parent, ok := args[0].(*router); ok {
				parent.mount("", r, false)
			}
		}
		if p := kwarg(c, "prefix"); p != nil {
			s, ok := ev.pathArg(f, sc, c, p, "")
			if !ok {
				r.orphan = "Api prefix is not a constant this analysis can fold"
			}
			r.prefix = s
		}
		if p := kwarg(c, "path"); p != nil && name == "Namespace" {
			s, _ := ev.pathArg(f, sc, c, p, "")
			r.prefix = s
		}
		return r
	}
	if top == "starlette" || top == "fastapi" {
		switch name {
		case "Route", "APIRoute":
			rt := &sroute{pos: ev.pos(f, c.x.line, c.x.col)}
			if len(c.args) > 0 {
				s, ok := ev.pathArg(f, sc, c, c.args[0], "")
				if !ok {
					return nil
				}
				rt.path = s
			}
			rt.methods = []string{"GET"}
			if len(args) > 1 {
				if _, isClass := args[1].(*sclass); isClass {
					rt.methods = nil
				}
			}
			if m := kwarg(c, "methods"); m != nil {
				ms, ok := methodsOf(ev.eval(f, sc, m))
				if !ok {
					ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: rt.pos, Expr: ev.text(f, m), Reason: "methods are not constants this analysis can fold"})
					return nil
				}
				rt.methods = ms
			}
			rt.hidden = isFalse(kwarg(c, "include_in_schema"))
			return rt
		case "Mount":
			rt := &sroute{mount: true, pos: ev.pos(f, c.x.line, c.x.col)}
			if len(c.args) > 0 {
				s, ok := ev.pathArg(f, sc, c, c.args[0], "")
				if !ok {
					return nil
				}
				rt.path = s
			}
			if len(args) > 1 {
				rt.target = args[1]
			}
			if a := kwarg(c, "app"); a != nil {
				rt.target = ev.eval(f, sc, a)
			}
			if rs := kwarg(c, "routes"); rs != nil {
				rt.target = ev.eval(f, sc, rs)
			}
			return rt
		}
	}
	return nil
}

// attach adds Starlette Route and Mount values to router r.
func (ev *pyEval) attach(f *sfile, r *router, v any) {
	list, _ := v.([]any)
	for _, x := range list {
		rt, ok := x.(*sroute)
		if !ok {
			continue
		}
		if !rt.mount {
			rr := r.add(rt.methods, rt.path, rt.pos)
			rr.hidden = rt.hidden
			continue
		}
		switch t := rt.target.(type) {
		case *router:
			r.mount(rt.path, t, false)
		case *sstatic:
			rr := r.add([]string{"GET"}, rt.path, rt.pos)
			rr.subtree, rr.static = true, true
		case []any:
			child := ev.newRouter(r.fw)
			ev.attach(f, child, t)
			r.mount(rt.path, child, false)
		default:
			rr := r.add(nil, rt.path, rt.pos)
			rr.subtree, rr.hidden = true, true
		}
	}
}

var pyVerbs = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}

// pyFrameCall evaluates method calls on FastAPI, Flask and Starlette routers.
func (ev *pyEval) pyFrameCall(f *sfile, sc *sscope, c *sx, recv any, method string) (any, bool) {
	r, ok := recv.(*router)
	if !ok {
		return nil, false
	}
	pos := ev.pos(f, c.x.line, c.x.col)
	var first *sx
	if len(c.args) > 0 {
		first = c.args[0]
	}
	hidden := isFalse(kwarg(c, "include_in_schema"))
	register := func(def []string, pathExpr *sx) {
		methods := def
		if m := kwarg(c, "methods"); m != nil {
			ms, ok := methodsOf(ev.eval(f, sc, m))
			if !ok {
				ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Expr: ev.text(f, m), Reason: "methods are not constants this analysis can fold"})
				return
			}
			methods = ms
		}
		if pathExpr == nil {
			pathExpr = kwarg(c, "path")
			if pathExpr == nil {
				pathExpr = kwarg(c, "rule")
			}
		}
		p, ok := ev.pathArg(f, sc, c, pathExpr, strings.Join(methods, ","))
		if !ok {
			return
		}
		rr := r.add(methods, p, pos)
		rr.hidden = hidden
	}
	switch {
	case pyVerbs[method] && (r.fw == "fastapi" || r.fw == "flask" && method != "head" && method != "options" && method != "trace"):
		ev.args(f, sc, c)
		register([]string{strings.ToUpper(method)}, first)
	case method == "api_route" || method == "add_api_route" || method == "route" || method == "add_route":
		args := ev.args(f, sc, c)
		def := []string{"GET"}
		if (method == "add_route" || method == "add_api_route") && len(args) > 1 {
			if _, isClass := args[1].(*sclass); isClass {
				def = nil
			}
		}
		register(def, first)
	case method == "add_url_rule" && r.fw == "flask":
		ev.args(f, sc, c)
		def := []string{"GET"}
		view := kwarg(c, "view_func")
		if view == nil && len(c.args) > 2 {
			view = c.args[2]
		}
		if view != nil && view.kind == sxCall && view.x.kind == sxAttr && view.x.name == "as_view" {
			def = nil // a MethodView serves the methods its class defines
			if cls, ok := ev.eval(f, sc, view.x.x).(*sclass); ok && len(cls.methods) > 0 {
				def = cls.methods
			}
		}
		register(def, first)
	case method == "add_resource" && r.fw == "flask":
		// Flask-RESTful: add_resource(Resource, *urls); the methods are the
		// handlers the class defines
		args := ev.args(f, sc, c)
		var methods []string
		if len(args) > 0 {
			if cls, ok := args[0].(*sclass); ok {
				methods = cls.methods
			}
		}
		for _, u := range c.args[min(1, len(c.args)):] {
			p, ok := ev.pathArg(f, sc, c, u, strings.Join(methods, ","))
			if !ok {
				continue
			}
			r.add(methods, p, pos)
		}
	case method == "init_app" && r.fw == "flask":
		args := ev.args(f, sc, c)
		if len(args) > 0 {
			if parent, ok := args[0].(*router); ok {
				parent.mount("", r, false)
			}
		}
	case method == "include_router" || method == "register_blueprint":
		args := ev.args(f, sc, c)
		if len(args) == 0 {
			return nil, true
		}
		child, ok := args[0].(*router)
		if !ok {
			ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Method: MethodAny, Expr: ev.text(f, c.args[0]), Reason: "included router is not one this analysis can follow"})
			return nil, true
		}
		key := "prefix"
		if method == "register_blueprint" {
			key = "url_prefix"
		}
		prefix := ""
		if p := kwarg(c, key); p != nil {
			s, ok := ev.pathArg(f, sc, c, p, MethodAny)
			if !ok {
				return nil, true
			}
			prefix = s
			if method == "register_blueprint" {
				r.mounts = append(r.mounts, mountEdge{prefix: prefix, child: child, hidden: hidden, override: true})
				child.parents++
				return nil, true
			}
		}
		r.mount(prefix, child, hidden)
	case method == "mount":
		args := ev.args(f, sc, c)
		p, ok := ev.pathArg(f, sc, c, first, MethodAny)
		if !ok {
			return nil, true
		}
		target := any(nil)
		if len(args) > 1 {
			target = args[1]
		}
		if a := kwarg(c, "app"); a != nil {
			target = ev.eval(f, sc, a)
		}
		switch t := target.(type) {
		case *router:
			r.mount(p, t, false)
		case *sstatic:
			rr := r.add([]string{"GET"}, p, pos)
			rr.subtree, rr.static = true, true
		default:
			rr := r.add(nil, p, pos)
			rr.subtree, rr.hidden = true, true
		}
	default:
		ev.args(f, sc, c)
	}
	return nil, true
}
