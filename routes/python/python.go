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
	} else {
		// a folder's Python that names no framework serves nothing (a
		// Go server's Python client): it is not tokenized; a file named
		// as the server always is
		ev.Frameworks = frameworkPackages
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
	// drfRegistry are the viewsets registered on each REST framework
	// router; drfNest is the path a nested router's routes sit below, and
	// drfNestGap, for a nested router where that path is not known, why
	// (drfNestUnknown).
	drfRegistry map[*routes.Router][]drfEntry
	drfNest     map[*routes.Router]string
	drfNestGap  map[*routes.Router]drfNestUnknown
	// drfSlash is how each REST framework router whose trailing_slash is
	// not the default ends its routes (drfTrailing).
	drfSlash map[*routes.Router]drfTrailing
	// hiddenDefs are the defs (by the token of def, per file) and
	// hiddenViews the classes whose drf-spectacular decorators exclude
	// them from the schema (spectacular.go).
	hiddenDefs  map[*script.File]map[int]bool
	hiddenViews map[*script.Class]schemaExclusion
}

// classSpan is the token range of a class statement in a file.
type classSpan struct {
	file     *script.File
	from, to int
}

// newPyEval returns an evaluator of the Python files of the server at root.
func newPyEval(root string, display func(string) string, confine *fsroot.Root) *pyEval {
	ev := &pyEval{Interp: script.New(true, root, display, confine), confs: map[*script.File]*routes.Router{}, drfRouters: map[*routes.Router]bool{},
		actions: map[*script.File][]*drfAction{}, classSpans: map[*script.Class]classSpan{},
		drfRegistry: map[*routes.Router][]drfEntry{}, drfNest: map[*routes.Router]string{}, drfNestGap: map[*routes.Router]drfNestUnknown{}, drfSlash: map[*routes.Router]drfTrailing{},
		hiddenDefs: map[*script.File]map[int]bool{}, hiddenViews: map[*script.Class]schemaExclusion{}}
	ev.Settle, ev.Member = ev.djangoSettle, ev.pyMember
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
	var action *drfAction        // a REST framework @action the next def is
	var excluded schemaExclusion // what drf-spectacular's decorators read so far exclude
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
				excluded = excluded.join(ev.schemaExcluded(f, sc, e))
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
						if excluded.all {
							if ev.hiddenDefs[f] == nil {
								ev.hiddenDefs[f] = map[int]bool{}
							}
							ev.hiddenDefs[f][j] = true
						}
						excluded = schemaExclusion{}
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
					if excluded.all || len(excluded.actions) > 0 {
						ev.hiddenViews[cls] = excluded
					}
				}
				decorated, action, excluded = nil, nil, schemaExclusion{}
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
					old, _ := sc.Lookup(t.Text)
					if list, ok := old.(script.List); ok {
						if joined, ok := ev.Extend(f, list, v, e); ok {
							sc.Set(t.Text, joined)
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
				if !ev.pyListMethod(f, sc, e) {
					ev.Eval(f, sc, e)
				}
				i = p.At
				continue
			}
		}
		i++
	}
}

// pyListMethod runs NAME.append(x), NAME.insert(i, x) and NAME.extend(xs)
// on a list NAME is bound to (a URLconf's urlpatterns.append(path(...)) under
// if settings.DEBUG:): the binding, in the scope that holds it, becomes the
// longer list, in no particular order for insert, extend joining as + does
// (script.Interp.Extend: a list not read is a gap). It reports whether e was
// such a call; its arguments are evaluated only then.
func (ev *pyEval) pyListMethod(f *script.File, sc *script.Scope, e *script.Expr) bool {
	if e.Kind != script.ExprCall || e.X.Kind != script.ExprAttr || e.X.X.Kind != script.ExprName || len(script.KeywordNames(e)) > 0 {
		return false
	}
	switch m, n := e.X.Name, len(e.Args); {
	case m == "append" && n == 1, m == "extend" && n == 1, m == "insert" && n == 2:
	default:
		return false
	}
	name := e.X.X.Name
	holder := sc
	for ; holder != nil; holder = holder.Parent {
		if _, ok := holder.Vars[name]; ok {
			break
		}
	}
	if holder == nil {
		return false
	}
	list, ok := holder.Vars[name].(script.List)
	if !ok {
		return false
	}
	args := ev.Args(f, sc, e)
	if e.X.Name == "extend" {
		if joined, ok := ev.Extend(f, list, args[0], e.Args[0]); ok {
			holder.Set(name, joined)
		}
		return true
	}
	holder.Set(name, append(slices.Clip(list), args[len(args)-1]))
	return true
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
	return pyBlockWalk(toks, i, to, nil)
}

// pyBlockWalk calls fn with the index and nesting depth (1 = the block's own
// statements) of each token of the block the statement at toks[i] opens
// but its indents and dedents, until the block ends or fn returns false; it
// returns the index where it stopped: the dedent closing the block, the
// token fn refused, or to.
func pyBlockWalk(toks []script.Token, i, to int, fn func(k, depth int) bool) int {
	i = pyBlockColon(toks, i, to)
	depth := 0
	for k := i + 1; k < to; k++ {
		switch toks[k].Kind {
		case script.TokIndent:
			depth++
		case script.TokDedent:
			if depth--; depth == 0 {
				return k
			}
		default:
			if fn != nil && !fn(k, depth) {
				return k
			}
		}
	}
	return to
}

// pyBlockColon returns the index of the colon opening the block of the
// statement at toks[i] (class X(Base):, def f(a=1):), brackets skipped, or
// to.
func pyBlockColon(toks []script.Token, i, to int) int {
	for i < to && !(toks[i].Kind == script.TokOp && toks[i].Text == ":") {
		if toks[i].Match > i {
			i = toks[i].Match
		}
		i++
	}
	return i
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
		case level > 0:
			// a module of the server that is not among the files read
			// (generated, or outside the folder read): known by its path
			sc.Set(local, &script.Ext{Module: strings.Repeat(".", level) + dotted, Name: name})
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

// pyVerbs are the HTTP methods a class's handlers are named by (Flask's
// MethodView, Flask-RESTful's Resource, Django's views).
var pyVerbs = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}
