package python

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Extract extracts the routes a FastAPI, Flask or Starlette server
// registers, reading every .py file under root (or root itself). Routers
// imported from other modules of the server are followed; a function nothing
// in the source calls (an app factory) is run as if called.
func Extract(root string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	files, err := routes.SourceFiles(confine, root, ".py")
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Python source found (.py files)", display(root))
	}
	return FromFiles(root, files, display, confine, budget)
}

// FromFiles extracts the routes of the server at root from its .py files,
// as routes.SourceFiles lists them under root.
func FromFiles(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	ev := newPyEval(root, display, confine)
	ev.Budget = budget
	if st, err := confine.Stat(root); err == nil && !st.IsDir() {
		ev.Root = filepath.Dir(root)
	}
	return ev.Extract(files, "Python FastAPI, Flask, Flask-RESTful, Starlette, Django and Django REST framework")
}

// pyEval is the script evaluator with Python's statements and frameworks.
type pyEval struct {
	*script.Interp
	// confs are the routers of Django URLconfs, by module file.
	confs map[*script.File]*routes.Router
	// drfRouters are the Django REST framework routers made.
	drfRouters map[*routes.Router]bool
	// actions are the REST framework @action methods of each file.
	actions map[*script.File][]*drfAction
	// classSpans are where each class the source defines sits.
	classSpans map[*script.Class]classSpan
}

// classSpan is the token range of a class statement in a file.
type classSpan struct {
	file     *script.File
	from, to int
}

// newPyEval returns an evaluator of the Python files of the server at root.
func newPyEval(root string, display func(string) string, confine *fsroot.Root) *pyEval {
	ev := &pyEval{Interp: script.New(true, root, display, confine), confs: map[*script.File]*routes.Router{}, drfRouters: map[*routes.Router]bool{},
		actions: map[*script.File][]*drfAction{}, classSpans: map[*script.Class]classSpan{}}
	ev.Settle, ev.Member = ev.djangoSettle, ev.drfMember
	ev.Scan, ev.FrameCall, ev.ExtCall = ev.pyScan, ev.pyFrameCall, ev.pyExtCall
	ev.Tokenize = script.TokenizePython
	ev.Submodule = func(path string) script.Value {
		if m := ev.pyModuleAt(path); m != nil {
			return m
		}
		return nil
	}
	return ev
}

// pyScan runs the statements of tokens from..to in scope sc.
func (ev *pyEval) pyScan(f *script.File, from, to int, sc *script.Scope, ret *script.Value) {
	toks := f.Toks
	p := &script.Parser{Toks: toks, End: to, Py: true, File: f}
	stmtStart := true
	// decorated are the methods the decorators read so far restrict the
	// next def to (nil = any)
	var decorated []string
	var action *drfAction // a REST framework @action the next def is
	for i := from; i < to; {
		t := toks[i]
		if t.Kind == script.TokNewline || t.Kind == script.TokIndent || t.Kind == script.TokDedent || t.Kind == script.TokOp && t.Text == ";" {
			stmtStart = true
			i++
			continue
		}
		if stmtStart && t.Kind == script.TokOp && t.Text == "@" {
			p.At = i + 1
			if e := p.Postfix(); e != nil && p.At > i+1 {
				ev.Eval(f, sc, e)
				if ms := ev.decoratorMethods(f, sc, e); ms != nil {
					decorated = append(decorated, ms...)
				}
				if a := ev.drfActionOf(f, sc, e); a != nil {
					action = a
				}
				i = p.At
				continue
			}
		}
		if stmtStart && t.Kind == script.TokName {
			switch t.Text {
			case "def", "async":
				j := i
				if t.Text == "async" {
					j++
				}
				if j+2 < to && toks[j].Text == "def" && toks[j+1].Kind == script.TokName && toks[j+2].Text == "(" && toks[j+2].Match > 0 {
					fn, end := ev.pyDef(f, j, to, sc)
					if fn != nil {
						fn.Methods, decorated = decorated, nil
						if action != nil {
							action.name, action.def = fn.Name, j
							ev.actions[f] = append(ev.actions[f], action)
							action = nil
						}
						sc.Set(fn.Name, fn)
						f.Funcs = append(f.Funcs, fn)
					}
					i = end
					stmtStart = true
					continue
				}
			case "class":
				if i+1 < to && toks[i+1].Kind == script.TokName {
					cls := &script.Class{Name: toks[i+1].Text, Defs: pyClassDefs(toks, i, to)}
					for _, d := range cls.Defs {
						if pyVerbs[d] {
							cls.Methods = append(cls.Methods, strings.ToUpper(d))
						}
					}
					if i+2 < to && toks[i+2].Kind == script.TokOp && toks[i+2].Text == "(" && toks[i+2].Match > i+2 {
						for k := i + 3; k < toks[i+2].Match; {
							p.At = k
							e := p.Expr()
							if e == nil || p.At <= k {
								break
							}
							cls.Bases = append(cls.Bases, ev.Eval(f, sc, e))
							k = p.At
							if k < to && toks[k].Kind == script.TokOp && toks[k].Text == "," {
								k++
							}
						}
					}
					sc.Set(cls.Name, cls)
					ev.classSpans[cls] = classSpan{f, i, pyBlockEnd(toks, i, to)}
				}
				decorated, action = nil, nil
				// the class body runs inline; its methods become names too
				for i < to && !(toks[i].Kind == script.TokOp && toks[i].Text == ":") {
					if toks[i].Match > i {
						i = toks[i].Match
					}
					i++
				}
				i++
				continue
			case "for":
				if end, ok := ev.pyFor(f, i, to, sc, ret); ok {
					i = end
					stmtStart = true
					continue
				}
			case "import":
				i = ev.pyImport(f, i+1, to, sc)
				continue
			case "from":
				i = ev.pyFromImport(f, i+1, to, sc)
				continue
			case "return":
				p.At = i + 1
				if e := p.Expr(); e != nil {
					v := ev.Eval(f, sc, e)
					if *ret == nil && script.Returnable(v) {
						*ret = v
					}
					i = p.At
				} else {
					i++
				}
				stmtStart = false
				continue
			}
			// NAME = expr, NAME: type = expr
			j := i + 1
			if j < to && toks[j].Kind == script.TokOp && toks[j].Text == ":" {
				for j < to && toks[j].Kind != script.TokNewline && !(toks[j].Kind == script.TokOp && toks[j].Text == "=") {
					if toks[j].Match > j {
						j = toks[j].Match
					}
					j++
				}
			}
			if j < to && toks[j].Kind == script.TokOp && toks[j].Text == "=" {
				p.At = j + 1
				if e := p.Expr(); e != nil {
					sc.Set(t.Text, ev.Eval(f, sc, e))
					i = p.At
					stmtStart = false
					continue
				}
			}
			// NAME += list (a URLconf's urlpatterns += router.urls)
			if j == i+1 && j < to && toks[j].Kind == script.TokOp && toks[j].Text == "+=" {
				p.At = j + 1
				if e := p.Expr(); e != nil {
					v := ev.Eval(f, sc, e)
					if r, ok := v.(script.Router); ok { // router.urls
						v = script.List{r}
					}
					old, _ := sc.Lookup(t.Text)
					if list, ok := old.(script.List); ok {
						if more, ok := v.(script.List); ok {
							sc.Set(t.Text, append(slices.Clip(list), more...))
						}
					}
					i = p.At
					stmtStart = false
					continue
				}
			}
		}
		stmtStart = false
		if t.Kind == script.TokName && (i == from || !(toks[i-1].Kind == script.TokOp && toks[i-1].Text == ".")) {
			p.At = i
			if e := p.Postfix(); e != nil && p.At > i {
				ev.Eval(f, sc, e)
				i = p.At
				continue
			}
		}
		i++
	}
}

// pyFor runs `for NAME in EXPR:` at i, with an indented body, once per
// element when EXPR folds to a list or tuple, NAME bound to each in turn (a
// loop that includes each router of a tuple); otherwise once with NAME bound
// to nothing. It returns the index after the body, or false for another
// shape (tuple targets, a body on the same line), left to the scanner.
func (ev *pyEval) pyFor(f *script.File, i, to int, sc *script.Scope, ret *script.Value) (int, bool) {
	toks := f.Toks
	if i+3 >= to || toks[i+1].Kind != script.TokName || toks[i+2].Kind != script.TokName || toks[i+2].Text != "in" {
		return 0, false
	}
	p := &script.Parser{Toks: toks, End: to, Py: true, File: f}
	p.At = i + 3
	e := p.Expr()
	colon := p.At
	if e == nil || colon+2 >= to || !(toks[colon].Kind == script.TokOp && toks[colon].Text == ":") ||
		toks[colon+1].Kind != script.TokNewline || toks[colon+2].Kind != script.TokIndent {
		return 0, false
	}
	items, ok := ev.Eval(f, sc, e).(script.List)
	if !ok {
		items = script.List{nil}
	}
	end := pyBlockEnd(toks, i, to)
	for _, v := range items {
		sc.Set(toks[i+1].Text, v)
		ev.pyScan(f, colon+1, end, sc, ret)
	}
	return end, true
}

// pyClassDefs returns the names of the methods a class at toks[i] (class
// Name...:) defines in its own body; those that are HTTP verbs are the
// methods its handlers serve (Flask-RESTful Resource, Flask MethodView,
// Django views).
func pyClassDefs(toks []script.Token, i, to int) []string {
	for i < to && !(toks[i].Kind == script.TokOp && toks[i].Text == ":") {
		if toks[i].Match > i {
			i = toks[i].Match
		}
		i++
	}
	if i+2 >= to || toks[i+1].Kind != script.TokNewline || toks[i+2].Kind != script.TokIndent {
		return nil
	}
	var out []string
	depth := 0
	for k := i + 2; k < to; k++ {
		switch t := toks[k]; {
		case t.Kind == script.TokIndent:
			depth++
		case t.Kind == script.TokDedent:
			depth--
			if depth == 0 {
				return out
			}
		case depth == 1 && t.Kind == script.TokName && t.Text == "def" && k+1 < to && toks[k+1].Kind == script.TokName:
			out = append(out, toks[k+1].Text)
		}
	}
	return out
}

// pyBlockEnd returns the index of the dedent closing the block the
// statement at toks[i] opens (class X:, def f():), or to.
func pyBlockEnd(toks []script.Token, i, to int) int {
	for i < to && !(toks[i].Kind == script.TokOp && toks[i].Text == ":") {
		if toks[i].Match > i {
			i = toks[i].Match
		}
		i++
	}
	depth := 0
	for k := i + 1; k < to; k++ {
		switch toks[k].Kind {
		case script.TokIndent:
			depth++
		case script.TokDedent:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return to
}

// pyDef records `def name(params): body` at i and returns the function and
// the index after its body.
func (ev *pyEval) pyDef(f *script.File, i, to int, sc *script.Scope) (*script.Func, int) {
	toks := f.Toks
	fn := &script.Func{Name: toks[i+1].Text, File: f, Scope: sc}
	open := i + 2
	close := toks[open].Match
	expect := true
	for j := open + 1; j < close; j++ {
		t := toks[j]
		switch {
		case t.Kind == script.TokOp && t.Text == ",":
			expect = true
		case expect && t.Kind == script.TokName:
			fn.Params = append(fn.Params, t.Text)
			expect = false
		case t.Kind == script.TokOp && (t.Text == "*" || t.Text == "**" || t.Text == "/"):
		case t.Match > j:
			j = t.Match
			expect = false
		default:
			expect = false
		}
	}
	j := close + 1
	for j < to && !(toks[j].Kind == script.TokOp && toks[j].Text == ":") {
		if toks[j].Match > j {
			j = toks[j].Match
		}
		j++
	}
	j++ // the colon
	if j < to && toks[j].Kind == script.TokNewline && j+1 < to && toks[j+1].Kind == script.TokIndent {
		depth := 0
		k := j + 1
		for ; k < to; k++ {
			if toks[k].Kind == script.TokIndent {
				depth++
			} else if toks[k].Kind == script.TokDedent {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		fn.From, fn.To = j+2, k
		return fn, min(k+1, to)
	}
	k := j
	for k < to && toks[k].Kind != script.TokNewline {
		k++
	}
	fn.From, fn.To = j, k
	return fn, k
}

// pyImport handles `import a.b.c [as x], ...` from i; returns the next index.
func (ev *pyEval) pyImport(f *script.File, i, to int, sc *script.Scope) int {
	toks := f.Toks
	for i < to && toks[i].Kind != script.TokNewline {
		var parts []string
		for i < to && toks[i].Kind == script.TokName && toks[i].Text != "as" {
			parts = append(parts, toks[i].Text)
			i++
			if i < to && toks[i].Text == "." {
				i++
			}
		}
		if len(parts) == 0 {
			i++
			continue
		}
		dotted := strings.Join(parts, ".")
		var v script.Value = &script.Ext{Module: dotted}
		if m := ev.pyModule(f, dotted, 0); m != nil {
			v = m
		}
		name := parts[0]
		if i+1 < to && toks[i].Text == "as" {
			name = toks[i+1].Text
			i += 2
		} else if len(parts) > 1 {
			// `import a.b` binds a; reading a.b finds the submodule
			if m := ev.pyModule(f, parts[0], 0); m != nil {
				v = m
			} else {
				v = &script.Ext{Module: parts[0]}
			}
		}
		sc.Set(name, v)
		if i < to && toks[i].Text == "," {
			i++
		}
	}
	return i
}

// pyFromImport handles `from [.]mod import a [as b], ...` from i.
func (ev *pyEval) pyFromImport(f *script.File, i, to int, sc *script.Scope) int {
	toks := f.Toks
	level := 0
	for i < to && toks[i].Kind == script.TokOp && (toks[i].Text == "." || toks[i].Text == "...") {
		level += len(toks[i].Text)
		i++
	}
	var parts []string
	for i < to && toks[i].Kind == script.TokName && toks[i].Text != "import" {
		parts = append(parts, toks[i].Text)
		i++
		if i < to && toks[i].Text == "." {
			i++
		}
	}
	dotted := strings.Join(parts, ".")
	m := ev.pyModule(f, dotted, level)
	if i < to && toks[i].Text == "import" {
		i++
	}
	for i < to && toks[i].Kind != script.TokNewline {
		t := toks[i]
		if t.Kind != script.TokName {
			i++
			continue
		}
		name, local := t.Text, t.Text
		i++
		if i+1 < to && toks[i].Text == "as" {
			local = toks[i+1].Text
			i += 2
		}
		switch {
		case m != nil && m.File != nil && m.File.State == 1:
			sc.Set(local, &script.LazyAttr{Module: m, Name: name, Interp: ev.Interp})
		case m != nil:
			sc.Set(local, ev.Attr(m, name))
		case level == 0 && dotted != "":
			sc.Set(local, &script.Ext{Module: dotted, Name: name})
		}
	}
	return i
}

// pyModule finds the module dotted (relative to f's package when level > 0,
// else relative to the server root or any directory between it and f) and
// runs it; nil when it is not part of the server.
func (ev *pyEval) pyModule(f *script.File, dotted string, level int) *script.Module {
	var bases []string
	if level > 0 {
		dir := filepath.Dir(f.Path)
		for k := 1; k < level; k++ {
			dir = filepath.Dir(dir)
		}
		bases = []string{dir}
	} else {
		root, _ := filepath.Abs(ev.Root)
		dir, _ := filepath.Abs(filepath.Dir(f.Path))
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
	if level > 0 {
		return nil
	}
	// An import rooted above the server folder (`backend.src.api` with
	// --server backend, `from api import app` with --server app/api): a
	// source file inside root found from one of the folders above it, never
	// a bare folder, and never for a framework's own package (a server
	// folder named flask/ does not shadow Flask).
	if pyFrameworkPackages[strings.SplitN(dotted, ".", 2)[0]] {
		return nil
	}
	root, _ := filepath.Abs(ev.Root)
	for up, dir := 0, root; up < maxImportRootsAbove; up++ {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
		path := filepath.Join(parent, rel)
		if path != root && !strings.HasPrefix(path, root+string(filepath.Separator)) {
			continue
		}
		if m := ev.pyFileModuleAt(path); m != nil {
			return m
		}
	}
	return nil
}

// pyFrameworkPackages are the top-level packages of the frameworks read: an
// import of one is never a module of the server.
var pyFrameworkPackages = map[string]bool{"fastapi": true, "flask": true, "starlette": true, "flask_restful": true, "flask_restx": true}

// maxImportRootsAbove bounds how many folders above the server folder an
// absolute import may be rooted at.
const maxImportRootsAbove = 4

// pyModuleAt returns the module at path (without .py): a file, a package's
// __init__.py, or a namespace package directory.
func (ev *pyEval) pyModuleAt(path string) *script.Module {
	if m := ev.pyFileModuleAt(path); m != nil {
		return m
	}
	if st, err := ev.Stat(path); err == nil && st.IsDir() {
		return &script.Module{Dir: path}
	}
	return nil
}

// pyFileModuleAt returns the module at path when it is a source file (path.py
// or a package's __init__.py), run.
func (ev *pyEval) pyFileModuleAt(path string) *script.Module {
	for _, cand := range []string{path + ".py", filepath.Join(path, "__init__.py")} {
		if f := ev.FileAt(cand); f != nil {
			ev.Run(f)
			return &script.Module{File: f}
		}
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

// prefixArg sets r's prefix from keyword argument key of c when it is given;
// one that does not fold leaves r's routes unresolved, naming what.
func (ev *pyEval) prefixArg(f *script.File, sc *script.Scope, c *script.Expr, r *routes.Router, key, what string) {
	if p := script.KeywordArg(c, key); p != nil {
		s, ok := ev.PathArg(f, sc, c, p, "")
		if !ok {
			r.Orphan = what + " is not a constant this analysis can fold"
		}
		r.Prefix = s
	}
}

// pyExtCall evaluates a call of something imported from outside the server:
// a router constructor, Starlette's Route and Mount.
func (ev *pyEval) pyExtCall(f *script.File, sc *script.Scope, c *script.Expr, ext *script.Ext, _ bool) script.Value {
	args := ev.Args(f, sc, c)
	if v, handled := ev.djangoCall(f, sc, c, ext, args); handled {
		return v
	}
	name := ext.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	top := strings.SplitN(ext.Module, ".", 2)[0]
	if fw := pyFramework(ext.Module, ext.Name); fw != "" || (top == "starlette" || top == "fastapi") && (name == "Starlette" || name == "Router" || name == "APIRouter" || name == "FastAPI") {
		if fw == "" {
			fw = map[bool]string{true: "fastapi", false: "starlette"}[top == "fastapi"]
		}
		r := ev.NewRouter(fw)
		r.Sub = name == "APIRouter" || name == "Blueprint" || name == "Router" // name is past the last dot
		switch name {
		case "APIRouter":
			ev.prefixArg(f, sc, c, r, "prefix", "router prefix")
		case "Blueprint":
			ev.prefixArg(f, sc, c, r, "url_prefix", "blueprint url_prefix")
		}
		if kw := script.KeywordArg(c, "routes"); kw != nil {
			ev.attach(f, r, ev.Eval(f, sc, kw))
		}
		r.Hidden = script.IsFalse(script.KeywordArg(c, "include_in_schema"))
		return script.Router{R: r}
	}
	if (top == "starlette" || top == "fastapi") && name == "StaticFiles" {
		return &script.Static{}
	}
	if (top == "flask_restful" || top == "flask_restx") && (name == "Api" || name == "Namespace") {
		r := ev.NewRouter("flask")
		if len(args) > 0 {
			if parent, ok := args[0].(script.Router); ok {
				parent.R.Mount("", r, false)
			}
		}
		ev.prefixArg(f, sc, c, r, "prefix", "Api prefix")
		if p := script.KeywordArg(c, "path"); p != nil && name == "Namespace" {
			s, _ := ev.PathArg(f, sc, c, p, "")
			r.Prefix = s
		}
		return script.Router{R: r}
	}
	if top == "starlette" || top == "fastapi" {
		switch name {
		case "Route", "APIRoute":
			rt := &script.RouteDef{Pos: ev.Pos(f, c.X.Line, c.X.Col)}
			if len(c.Args) > 0 {
				s, ok := ev.PathArg(f, sc, c, c.Args[0], "")
				if !ok {
					return nil
				}
				rt.Path = s
			}
			rt.Methods = []string{"GET"}
			if len(args) > 1 {
				if _, isClass := args[1].(*script.Class); isClass {
					rt.Methods = nil
				}
			}
			if m := script.KeywordArg(c, "methods"); m != nil {
				ms, ok := script.MethodsOf(ev.Eval(f, sc, m))
				if !ok {
					ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: rt.Pos, Expr: ev.Text(f, m), Reason: "methods are not constants this analysis can fold"})
					return nil
				}
				rt.Methods = ms
			}
			rt.Hidden = script.IsFalse(script.KeywordArg(c, "include_in_schema"))
			return rt
		case "Mount":
			rt := &script.RouteDef{Mount: true, Pos: ev.Pos(f, c.X.Line, c.X.Col)}
			if len(c.Args) > 0 {
				s, ok := ev.PathArg(f, sc, c, c.Args[0], "")
				if !ok {
					return nil
				}
				rt.Path = s
			}
			if len(args) > 1 {
				rt.Target = args[1]
			}
			if a := script.KeywordArg(c, "app"); a != nil {
				rt.Target = ev.Eval(f, sc, a)
			}
			if rs := script.KeywordArg(c, "routes"); rs != nil {
				rt.Target = ev.Eval(f, sc, rs)
			}
			return rt
		}
	}
	return nil
}

// attach adds Starlette Route and Mount values to router r.
func (ev *pyEval) attach(f *script.File, r *routes.Router, v script.Value) {
	list, _ := v.(script.List)
	for _, x := range list {
		rt, ok := x.(*script.RouteDef)
		if !ok {
			continue
		}
		if !rt.Mount {
			rr := r.Add(rt.Methods, rt.Path, rt.Pos)
			rr.Hidden = rt.Hidden
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
			ev.attach(f, child, t)
			r.Mount(rt.Path, child, false)
		default:
			rr := r.Add(nil, rt.Path, rt.Pos)
			rr.Subtree, rr.Hidden = true, true
		}
	}
}

var pyVerbs = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}

// pyFrameCall evaluates method calls on FastAPI, Flask and Starlette routers.
func (ev *pyEval) pyFrameCall(f *script.File, sc *script.Scope, c *script.Expr, recv script.Value, method string) (script.Value, bool) {
	rv, ok := recv.(script.Router)
	if !ok {
		return nil, false
	}
	r := rv.R
	if ev.drfRouters[r] {
		args := ev.Args(f, sc, c)
		switch method {
		case "register":
			ev.drfRegister(f, sc, c, r)
		case "get_urls", "get_routes", "get_api_root_view", "get_default_basename", "get_lookup_regex", "get_method_map":
		default:
			// a method a project's router subclass adds: the routes it
			// registers are not known, and noted, never dropped silently
			var frags []string
			if len(args) > 0 {
				if s, ok := args[0].(script.Str); ok && s != "" {
					frags = []string{string(s)}
				}
			}
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: ev.Pos(f, c.X.Line, c.X.Col), Expr: ev.Text(f, c),
				Reason: "method " + method + " of a REST framework router subclass is not one this analysis reads, so the routes it adds are not known", Fragments: frags})
		}
		return nil, true
	}
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	var first *script.Expr
	if len(c.Args) > 0 {
		first = c.Args[0]
	}
	hidden := script.IsFalse(script.KeywordArg(c, "include_in_schema"))
	register := func(def []string, pathExpr *script.Expr) {
		methods := def
		if m := script.KeywordArg(c, "methods"); m != nil {
			ms, ok := script.MethodsOf(ev.Eval(f, sc, m))
			if !ok {
				ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Expr: ev.Text(f, m), Reason: "methods are not constants this analysis can fold"})
				return
			}
			methods = ms
		}
		if pathExpr == nil {
			pathExpr = script.KeywordArg(c, "path")
			if pathExpr == nil {
				pathExpr = script.KeywordArg(c, "rule")
			}
		}
		p, ok := ev.PathArg(f, sc, c, pathExpr, strings.Join(methods, ","))
		if !ok {
			return
		}
		rr := r.Add(methods, p, pos)
		rr.Hidden = hidden
	}
	switch {
	case pyVerbs[method] && (r.Framework == "fastapi" || r.Framework == "flask" && method != "head" && method != "options" && method != "trace"):
		ev.Args(f, sc, c)
		register([]string{strings.ToUpper(method)}, first)
	case method == "api_route" || method == "add_api_route" || method == "route" || method == "add_route":
		args := ev.Args(f, sc, c)
		def := []string{"GET"}
		if (method == "add_route" || method == "add_api_route") && len(args) > 1 {
			if _, isClass := args[1].(*script.Class); isClass {
				def = nil
			}
		}
		register(def, first)
	case method == "add_url_rule" && r.Framework == "flask":
		ev.Args(f, sc, c)
		def := []string{"GET"}
		view := script.KeywordArg(c, "view_func")
		if view == nil && len(c.Args) > 2 {
			view = c.Args[2]
		}
		if view != nil && view.Kind == script.ExprCall && view.X.Kind == script.ExprAttr && view.X.Name == "as_view" {
			def = nil // a MethodView serves the methods its class defines
			if cls, ok := ev.Eval(f, sc, view.X.X).(*script.Class); ok && len(cls.Methods) > 0 {
				def = cls.Methods
			}
		}
		register(def, first)
	case method == "add_resource" && r.Framework == "flask":
		// Flask-RESTful: add_resource(Resource, *urls); the methods are the
		// handlers the class defines
		args := ev.Args(f, sc, c)
		var methods []string
		if len(args) > 0 {
			if cls, ok := args[0].(*script.Class); ok {
				methods = cls.Methods
			}
		}
		for _, u := range c.Args[min(1, len(c.Args)):] {
			p, ok := ev.PathArg(f, sc, c, u, strings.Join(methods, ","))
			if !ok {
				continue
			}
			r.Add(methods, p, pos)
		}
	case method == "init_app" && r.Framework == "flask":
		args := ev.Args(f, sc, c)
		if len(args) > 0 {
			if parent, ok := args[0].(script.Router); ok {
				parent.R.Mount("", r, false)
			}
		}
	case method == "include_router" || method == "register_blueprint":
		args := ev.Args(f, sc, c)
		if len(args) == 0 {
			return nil, true
		}
		key := "prefix"
		if method == "register_blueprint" {
			key = "url_prefix"
		}
		childv, ok := args[0].(script.Router)
		child := childv.R
		if !ok {
			// an app this analysis cannot read (a library's blueprint)
			// still serves only below the prefix it is mounted at
			if p := script.KeywordArg(c, key); p != nil {
				if s, ok := ev.PathArg(f, sc, c, p, routes.MethodAny); ok && strings.Trim(s, "/") != "" {
					rr := r.Add(nil, s, pos)
					rr.Subtree, rr.Opaque = true, true
					return nil, true
				}
			}
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: ev.Text(f, c.Args[0]), Reason: "included router is not one this analysis can follow"})
			return nil, true
		}
		prefix := ""
		if p := script.KeywordArg(c, key); p != nil {
			s, ok := ev.PathArg(f, sc, c, p, routes.MethodAny)
			if !ok {
				return nil, true
			}
			prefix = s
			if method == "register_blueprint" {
				r.Mounts = append(r.Mounts, routes.Mount{Prefix: prefix, Child: child, Hidden: hidden, Override: true})
				child.Parents++
				return nil, true
			}
		}
		r.Mount(prefix, child, hidden)
	case method == "mount":
		args := ev.Args(f, sc, c)
		p, ok := ev.PathArg(f, sc, c, first, routes.MethodAny)
		if !ok {
			return nil, true
		}
		var target script.Value
		if len(args) > 1 {
			target = args[1]
		}
		if a := script.KeywordArg(c, "app"); a != nil {
			target = ev.Eval(f, sc, a)
		}
		switch t := target.(type) {
		case script.Router:
			r.Mount(p, t.R, false)
		case *script.Static:
			rr := r.Add([]string{"GET"}, p, pos)
			rr.Subtree, rr.Static = true, true
		default:
			rr := r.Add(nil, p, pos)
			rr.Subtree, rr.Hidden = true, true
		}
	default:
		ev.Args(f, sc, c)
	}
	return nil, true
}
