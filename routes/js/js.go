package js

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Exts are the extensions of the JavaScript and TypeScript files read.
var Exts = []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"}

// Extract extracts the routes an Express, Fastify or Hono server registers,
// reading every JavaScript and TypeScript file under root (or root itself).
// Relative imports and requires are followed; Fastify plugins run with the
// prefix they are registered under.
func Extract(root string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	files, err := routes.SourceFiles(confine, root, Exts...)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no JavaScript or TypeScript source found (.js/.ts files)", display(root))
	}
	return FromFiles(root, files, display, confine, budget)
}

// FromFiles extracts the routes of the server at root from its files with
// one of Exts, as routes.SourceFiles lists them under root.
func FromFiles(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	ev := newJSEval(root, display, confine)
	ev.Budget = budget
	var server []string
	for _, f := range files {
		if !notServerCode(root, f) {
			server = append(server, f)
		}
	}
	ev.serverFiles = server
	return ev.Extract(server, "JavaScript and TypeScript Express, Fastify, Hono and NestJS")
}

// jsEval is the script evaluator with JavaScript's statements and
// frameworks.
type jsEval struct {
	*script.Interp
	// nest is what the NestJS application and its controllers declare.
	nest nestApp
	// confine is what config files (tsconfig.json, package.json) are read
	// through; tsconfigs memoises them by path (nil = none there).
	confine   *fsroot.Root
	tsconfigs map[string]*tsConfig
	// serverFiles are the files read; packages are the server's own
	// packages by name, found beside them (nil = not looked for yet).
	serverFiles []string
	packages    map[string]string
}

// newJSEval returns an evaluator of the JavaScript and TypeScript files of
// the server at root.
func newJSEval(root string, display func(string) string, confine *fsroot.Root) *jsEval {
	ev := &jsEval{Interp: script.New(false, root, display, confine), confine: confine}
	ev.Settle = ev.nestSettle
	ev.Scan, ev.FrameCall, ev.ExtCall = ev.jsScan, ev.jsFrameCall, ev.jsExtCall
	ev.Tokenize = script.TokenizeJS
	ev.Ignore = isTestScript
	ev.Require = func(f *script.File, spec string) script.Value {
		switch m := ev.jsModule(f, spec).(type) {
		case *script.Module:
			return ev.jsDefault(m)
		case *script.Ext:
			return m
		}
		return nil
	}
	return ev
}

// jsModule resolves an import specifier from f: a file of the server (run
// now) or a package outside it.
func (ev *jsEval) jsModule(f *script.File, spec string) script.Value {
	if !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") {
		// a tsconfig paths alias, baseUrl or package.json imports entry
		// naming a file of the server, else a package
		for _, t := range ev.aliasTargets(filepath.Dir(f.Path), spec) {
			if m := ev.fileModule(t); m != nil {
				return m
			}
		}
		return &script.Ext{Module: spec}
	}
	if m := ev.fileModule(filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(spec))); m != nil {
		return m
	}
	// a module of the server that is not among the files read (generated
	// at build time, or in a folder not read): known by its path only
	return &script.Ext{Module: spec}
}

// isLocalModule reports whether module, the module of an imported name,
// is a file of the server that could not be read (a relative path).
func isLocalModule(module string) bool {
	return strings.HasPrefix(module, ".") || strings.HasPrefix(module, "/")
}

// fileModule runs and returns the server's file base names, with or without
// its extension, or its folder's index file; nil when the walk listed none.
func (ev *jsEval) fileModule(base string) script.Value {
	cands := []string{base}
	for _, e := range Exts {
		cands = append(cands, base+e)
	}
	trimmed := strings.TrimSuffix(base, filepath.Ext(base)) // "./x.js" naming x.ts
	for _, e := range Exts {
		cands = append(cands, trimmed+e)
	}
	for _, e := range Exts {
		cands = append(cands, filepath.Join(base, "index"+e))
	}
	for _, c := range cands { // only files the walk listed are read: no Stat
		if g := ev.FileAt(c); g != nil {
			ev.Run(g)
			return &script.Module{File: g}
		}
	}
	return nil
}

// jsDefault is what a default import or require of m yields.
func (ev *jsEval) jsDefault(m script.Value) script.Value {
	switch m := m.(type) {
	case *script.Module:
		if v, ok := m.File.Exports["default"]; ok {
			return v
		}
		return m
	case *script.Ext:
		return &script.Ext{Module: m.Module, Name: "default"}
	}
	return nil
}

func (ev *jsEval) jsMember(m script.Value, name string) script.Value {
	switch m := m.(type) {
	case *script.Module:
		if v, ok := m.File.Exports[name]; ok {
			return v
		}
		if obj, ok := m.File.Exports["default"].(script.Dict); ok {
			return obj[name]
		}
	case *script.Ext:
		return &script.Ext{Module: m.Module, Name: name}
	}
	return nil
}

// jsScan runs the statements of tokens from..to in scope sc.
func (ev *jsEval) jsScan(f *script.File, from, to int, sc *script.Scope, ret *script.Value) {
	toks := f.Toks
	p := &script.Parser{Toks: toks, End: to, File: f}
	isOp := func(i int, s string) bool { return i < to && toks[i].Kind == script.TokOp && toks[i].Text == s }
	isName := func(i int, s string) bool { return i < to && toks[i].Kind == script.TokName && toks[i].Text == s }
	ev.jsHoist(f, from, to, sc)
	exportNext := false
	for i := from; i < to; {
		t := toks[i]
		prevDot := i > from && toks[i-1].Kind == script.TokOp && (toks[i-1].Text == "." || toks[i-1].Text == "?.")
		if t.Kind == script.TokOp && (t.Text == "[" || t.Text == "(") && (i == from || isOp(i-1, ";") || isOp(i-1, "}") || isOp(i-1, "{")) {
			// a statement opening with an array or a parenthesis:
			// [app, admin].forEach(mount), (async () => {...})()
			p.At = i
			if e := p.Unary(); e != nil && p.At > i {
				ev.Eval(f, sc, e)
				i = p.At
				continue
			}
		}
		if t.Kind != script.TokName || prevDot {
			i++
			continue
		}
		switch t.Text {
		case "import":
			if isOp(i+1, "(") || isOp(i+1, ".") {
				break
			}
			i = ev.jsImport(f, i+1, to, sc)
			continue
		case "export":
			i++
			if isName(i, "default") {
				i++
				if isName(i, "function") || isName(i, "async") && isName(i+1, "function") {
					p.At = i
					if e := p.Unary(); e != nil && e.Fn != nil {
						fn := e.Fn
						fn.Scope = sc
						if fn.Name != "" {
							sc.Set(fn.Name, fn)
						}
						f.Funcs = append(f.Funcs, fn)
						f.Exports["default"] = fn
						i = p.At
						continue
					}
				}
				p.At = i
				if e := p.Expr(); e != nil {
					v := ev.Eval(f, sc, e)
					if fn, ok := v.(*script.Func); ok {
						f.Funcs = append(f.Funcs, fn)
					}
					f.Exports["default"] = v
					i = p.At
				}
				continue
			}
			if isOp(i, "{") && toks[i].Match > i {
				end := toks[i].Match
				ev.jsExportList(f, i+1, end, sc)
				i = end + 1
				continue
			}
			if isOp(i, "*") {
				i = ev.jsExportStar(f, i+1, to)
				continue
			}
			exportNext = true
			continue
		case "const", "let", "var":
			i = ev.jsDecl(f, i+1, to, sc, exportNext)
			exportNext = false
			continue
		case "function", "async":
			if t.Text == "async" && !isName(i+1, "function") {
				break
			}
			p.At = i
			if e := p.Unary(); e != nil && e.Kind == script.ExprFunc && e.Fn.Name != "" {
				fn := e.Fn
				if hoisted, ok := sc.Vars[fn.Name].(*script.Func); ok && hoisted.File == fn.File && hoisted.From == fn.From {
					fn = hoisted // the same declaration, already bound
				}
				fn.Scope = sc
				sc.Set(fn.Name, fn)
				f.Funcs = append(f.Funcs, fn)
				if exportNext {
					f.Exports[fn.Name] = fn
				}
				exportNext = false
				i = p.At
				continue
			}
		case "class":
			j := i
			for j < to && !isOp(j, "{") {
				j++
			}
			var cls *script.Class
			if i+1 < to && toks[i+1].Kind == script.TokName && toks[i+1].Text != "extends" {
				// the class as a value: NestJS modules list controllers
				// and modules by it
				cls = &script.Class{Name: toks[i+1].Text}
				sc.Set(cls.Name, cls)
				if exportNext {
					f.Exports[cls.Name] = cls
				}
			}
			if j < to && toks[j].Match > j {
				nest := false
				for _, d := range nestDecorators(f, from, i) {
					switch d.name {
					case "Controller":
						nest = true
						ev.nestController(f, sc, d.open, d.close, j, cls)
					case "Module":
						nest = true
						ev.nestModule(f, sc, d.open, d.close, cls)
					}
				}
				if !nest {
					ev.jsClass(f, sc, cls, j, toks[j].Match)
				}
				i = toks[j].Match + 1
			} else {
				i = j + 1
			}
			exportNext = false
			continue
		case "for":
			if end, ok := ev.jsForOf(f, i, to, sc, ret); ok {
				i = end
				continue
			}
		case "return":
			p.At = i + 1
			if e := p.Expr(); e != nil {
				if v := ev.Eval(f, sc, e); *ret == nil && script.Returnable(v) {
					*ret = v
				}
				i = p.At
				continue
			}
			i++
			continue
		case "module", "exports":
			// module.exports = v, module.exports.name = v, exports.name = v
			j := i
			if t.Text == "module" && isOp(j+1, ".") && isName(j+2, "exports") {
				j += 2
			} else if t.Text == "module" {
				break
			}
			name := "default"
			if isOp(j+1, ".") && j+2 < to && toks[j+2].Kind == script.TokName {
				name = toks[j+2].Text
				j += 2
			}
			if isOp(j+1, "=") {
				p.At = j + 2
				if e := p.Expr(); e != nil {
					v := ev.Eval(f, sc, e)
					if fn, ok := v.(*script.Func); ok {
						if fn.Name == "" {
							fn.Name = name
						}
						f.Funcs = append(f.Funcs, fn)
					}
					f.Exports[name] = v
					i = p.At
					continue
				}
			}
		}
		// this.name = expr, in a class's constructor or method
		if t.Text == "this" && isOp(i+1, ".") && i+2 < to && toks[i+2].Kind == script.TokName && isOp(i+3, "=") {
			if this, ok := lookupThis(sc); ok {
				p.At = i + 4
				if e := p.Expr(); e != nil {
					this[toks[i+2].Text] = ev.Eval(f, sc, e)
					i = p.At
					continue
				}
			}
		}
		// name = expr
		if isOp(i+1, "=") {
			p.At = i + 2
			if e := p.Expr(); e != nil {
				v := ev.Eval(f, sc, e)
				assignExisting(sc, t.Text, v)
				i = p.At
				continue
			}
		}
		p.At = i
		if e := p.Unary(); e != nil && p.At > i {
			ev.Eval(f, sc, e)
			i = p.At
			continue
		}
		i++
	}
}

// jsForOf runs a for (const NAME of LIST) loop at toks[i] once per element
// of a list that folds (for (const path of ["/json", "/openapi.json"])
// app.get(path, h)), and once with NAME unknown otherwise, each time in a
// scope of its own; it returns the index after the loop's body. ok is false
// for any other loop (a destructuring pattern, for...in, a counter), whose
// tokens the caller scans as before.
func (ev *jsEval) jsForOf(f *script.File, i, to int, sc *script.Scope, ret *script.Value) (end int, ok bool) {
	toks := f.Toks
	isOp := func(k int, s string) bool { return k < to && toks[k].Kind == script.TokOp && toks[k].Text == s }
	if !isOp(i+1, "(") || toks[i+1].Match <= i+1 || toks[i+1].Match >= to {
		return 0, false
	}
	closeParen := toks[i+1].Match
	k := i + 2
	if k < closeParen && toks[k].Kind == script.TokName && (toks[k].Text == "const" || toks[k].Text == "let" || toks[k].Text == "var") {
		k++
	}
	if k+2 >= closeParen || toks[k].Kind != script.TokName || toks[k+1].Kind != script.TokName || toks[k+1].Text != "of" {
		return 0, false
	}
	name := toks[k].Text
	p := &script.Parser{Toks: toks, End: closeParen, File: f}
	p.At = k + 2
	e := p.Expr()
	if e == nil || p.At != closeParen {
		return 0, false
	}
	// the body: a block, or one statement
	from, end := closeParen+1, 0
	if isOp(from, "{") && toks[from].Match > from && toks[from].Match < to {
		from, end = from+1, toks[from].Match
	} else {
		body := &script.Parser{Toks: toks, End: to, File: f}
		body.At = from
		if body.Unary() == nil || body.At <= from {
			return 0, false
		}
		end = body.At
	}
	items, folded := ev.Eval(f, sc, e).(script.List)
	if !folded {
		items = script.List{nil}
	}
	for _, v := range items {
		inner := &script.Scope{Vars: map[string]script.Value{name: v}, Parent: sc}
		ev.jsScan(f, from, end, inner, ret)
	}
	if isOp(end, "}") {
		end++
	}
	return end, true
}

// jsHoist binds the function declarations of tokens from..to (not those
// nested in blocks) in sc before any statement runs, as JavaScript hoists
// them: a call may precede the declaration.
func (ev *jsEval) jsHoist(f *script.File, from, to int, sc *script.Scope) {
	toks := f.Toks
	p := &script.Parser{Toks: toks, End: to, File: f}
	for i := from; i < to; i++ {
		t := toks[i]
		if t.Kind == script.TokOp && (t.Text == "{" || t.Text == "(" || t.Text == "[") && t.Match > i && t.Match < to {
			i = t.Match
			continue
		}
		if t.Kind != script.TokName || t.Text != "function" {
			continue
		}
		start := i
		if i > from && toks[i-1].Kind == script.TokName && toks[i-1].Text == "async" {
			start = i - 1
		}
		if start > from {
			prev := toks[start-1]
			declares := prev.Kind == script.TokOp && (prev.Text == ";" || prev.Text == "}") ||
				prev.Kind == script.TokName && (prev.Text == "export" || prev.Text == "default") || prev.Line < t.Line && prev.Kind != script.TokOp
			if !declares {
				continue
			}
		}
		p.At = start
		if e := p.Unary(); e != nil && e.Kind == script.ExprFunc && e.Fn.Name != "" {
			fn := e.Fn
			fn.Scope = sc
			if _, bound := sc.Vars[fn.Name]; !bound {
				sc.Set(fn.Name, fn)
			}
			i = p.At - 1
		}
	}
}

// assignExisting sets name in the scope that declares it, or in sc.
func assignExisting(sc *script.Scope, name string, v script.Value) {
	for s := sc; s != nil; s = s.Parent {
		if _, ok := s.Vars[name]; ok {
			s.Vars[name] = v
			return
		}
	}
	sc.Set(name, v)
}

// jsImport handles an import declaration after the keyword; returns the
// index after it.
func (ev *jsEval) jsImport(f *script.File, i, to int, sc *script.Scope) int {
	toks := f.Toks
	start := i
	for i < to && toks[i].Kind != script.TokString {
		i++
	}
	if i >= to {
		return to
	}
	m := ev.jsModule(f, toks[i].Str)
	end := i + 1
	if toks[start].Kind == script.TokName && toks[start].Text == "type" {
		return end
	}
	for j := start; j < i; j++ {
		t := toks[j]
		switch {
		case t.Kind == script.TokOp && t.Text == "*" && j+2 < i && toks[j+1].Text == "as":
			sc.Set(toks[j+2].Text, m)
			j += 2
		case t.Kind == script.TokOp && t.Text == "{" && t.Match > j && t.Match < i:
			ev.jsNamedList(j+1, t.Match, toks, func(name, local string) { sc.Set(local, ev.jsMember(m, name)) })
			j = t.Match
		case t.Kind == script.TokName && t.Text != "from" && t.Text != "type":
			sc.Set(t.Text, ev.jsDefault(m))
		}
	}
	return end
}

// jsNamedList walks `a, b as c, type d` between from and to.
func (ev *jsEval) jsNamedList(from, to int, toks []script.Token, bind func(name, local string)) {
	for j := from; j < to; j++ {
		t := toks[j]
		if t.Kind != script.TokName && t.Kind != script.TokString {
			continue
		}
		if t.Text == "type" && j+1 < to && toks[j+1].Kind == script.TokName {
			continue
		}
		name := t.Text
		if t.Kind == script.TokString {
			name = t.Str
		}
		local := name
		if j+2 < to && toks[j+1].Kind == script.TokName && (toks[j+1].Text == "as" || toks[j+1].Text == ":") || j+2 < to && toks[j+1].Kind == script.TokOp && toks[j+1].Text == ":" {
			local = toks[j+2].Text
			j += 2
		}
		bind(name, local)
	}
}

func (ev *jsEval) jsExportList(f *script.File, from, to int, sc *script.Scope) {
	toks := f.Toks
	var src script.Value
	if to+2 < len(toks) && toks[to+1].Kind == script.TokName && toks[to+1].Text == "from" && toks[to+2].Kind == script.TokString {
		src = ev.jsModule(f, toks[to+2].Str)
	}
	ev.jsNamedList(from, to, toks, func(name, local string) {
		if src != nil {
			f.Exports[local] = ev.jsMember(src, name)
			return
		}
		v, _ := sc.Lookup(name)
		f.Exports[local] = v
	})
}

// jsExportStar handles the re-exports after `export *`, from i up to to:
// `* as name from 'm'` exports m's namespace as name, `* from 'm'` every
// named export of m (not its default). It returns the index after them.
func (ev *jsEval) jsExportStar(f *script.File, i, to int) int {
	toks := f.Toks
	name := ""
	if i+1 < to && toks[i].Kind == script.TokName && toks[i].Text == "as" && toks[i+1].Kind == script.TokName {
		name = toks[i+1].Text
		i += 2
	}
	if i+1 >= to || toks[i].Kind != script.TokName || toks[i].Text != "from" || toks[i+1].Kind != script.TokString {
		return i
	}
	m := ev.jsModule(f, toks[i+1].Str)
	if name != "" {
		f.Exports[name] = m
	} else if mod, ok := m.(*script.Module); ok {
		for k, v := range mod.File.Exports {
			if _, own := f.Exports[k]; k != "default" && !own {
				f.Exports[k] = v
			}
		}
	}
	return i + 2
}

// jsDecl handles `const a = v, {b, c: d} = require(...)` after the keyword.
func (ev *jsEval) jsDecl(f *script.File, i, to int, sc *script.Scope, export bool) int {
	toks := f.Toks
	p := &script.Parser{Toks: toks, End: to, File: f}
	for i < to {
		t := toks[i]
		switch {
		case t.Kind == script.TokName:
			name := t.Text
			p.At = i + 1
			if p.IsOp(0, ":") {
				p.At++
				p.SkipType()
			}
			if !p.IsOp(0, "=") {
				sc.Set(name, nil)
				return p.At
			}
			p.At++
			e := p.Expr()
			if e == nil {
				return p.At
			}
			v := ev.Eval(f, sc, e)
			if fn, ok := v.(*script.Func); ok && fn.Name == "" {
				fn.Name = name
				f.Funcs = append(f.Funcs, fn)
			}
			sc.Set(name, v)
			if export {
				f.Exports[name] = v
			}
			i = p.At
		case t.Kind == script.TokOp && (t.Text == "{" || t.Text == "[") && t.Match > i:
			close := t.Match
			p.At = close + 1
			if p.IsOp(0, ":") {
				p.At++
				p.SkipType()
			}
			if !p.IsOp(0, "=") {
				return p.At
			}
			p.At++
			e := p.Expr()
			if e == nil {
				return p.At
			}
			v := ev.Eval(f, sc, e)
			if t.Text == "{" {
				ev.jsNamedList(i+1, close, toks, func(name, local string) {
					switch m := v.(type) {
					case script.Dict:
						sc.Set(local, m[name])
					default:
						sc.Set(local, ev.jsMember(v, name))
					}
				})
			}
			i = p.At
		default:
			return i
		}
		if i < to && toks[i].Kind == script.TokOp && toks[i].Text == "," {
			i++
			continue
		}
		return i
	}
	return i
}

// lookupThis returns the instance `this` names in sc: a class's, when sc
// is inside one of its methods.
func lookupThis(sc *script.Scope) (script.Dict, bool) {
	v, ok := sc.Lookup("this")
	this, isDict := v.(script.Dict)
	return this, ok && isDict
}

// classModifiers are the words before a class member's name that are not
// its name (get and set only when a name follows them).
var classModifiers = map[string]bool{
	"public": true, "private": true, "protected": true, "static": true, "readonly": true, "async": true,
	"override": true, "declare": true, "abstract": true, "accessor": true, "get": true, "set": true,
}

// jsClass reads the body of a class no framework decorates, between the
// braces open and close, as one instance of it: the fields' initial values
// and the methods are members of the instance `this` names in them, which
// every `new` of the class yields (running the constructor the first time),
// and the constructor and methods run as the file's other named functions
// do, so an app kept in this.app and filled in a method (an App class whose
// config() mounts the API router) is read. cls is nil for a class without
// a name.
func (ev *jsEval) jsClass(f *script.File, sc *script.Scope, cls *script.Class, open, close int) {
	toks := f.Toks
	this := script.Dict{}
	csc := &script.Scope{Vars: map[string]script.Value{"this": this}, Parent: sc}
	name := "class"
	if cls != nil {
		cls.This, name = this, cls.Name
	}
	isOp := func(k int, op string) bool {
		return k < close && toks[k].Kind == script.TokOp && toks[k].Text == op
	}
	p := &script.Parser{Toks: toks, End: close, File: f}
	var ctor *script.Func
	var methods []*script.Func
	for k := open + 1; k < close; {
		t := toks[k]
		switch {
		case t.Kind == script.TokOp && t.Text == "@": // a decorator, with its arguments
			k++
			for k < close && (toks[k].Kind == script.TokName || isOp(k, ".")) {
				k++
			}
			if isOp(k, "(") && toks[k].Match > k {
				k = toks[k].Match + 1
			}
			continue
		case t.Kind == script.TokName && classModifiers[t.Text] && k+1 < close &&
			(toks[k+1].Kind == script.TokName || isOp(k+1, "*") || isOp(k+1, "#") || isOp(k+1, "[") || t.Text == "static" && isOp(k+1, "{")):
			k++
			if t.Text == "static" && isOp(k, "{") && toks[k].Match > k {
				k = toks[k].Match + 1 // a static block
			}
			continue
		case t.Kind == script.TokName && (isOp(k+1, "(") || isOp(k+1, "<")):
			p.At = k
			fn := p.Method()
			if fn == nil {
				k++
				continue
			}
			fn.Scope = csc
			member := fn.Name
			fn.Name = name + "." + member
			if member == "constructor" {
				ctor = fn
			} else {
				this[member] = fn
				methods = append(methods, fn)
			}
			k = p.At
			continue
		case t.Kind == script.TokName:
			member := t.Text
			p.At = k + 1
			for p.IsOp(0, "?") || p.IsOp(0, "!") {
				p.At++
			}
			if p.IsOp(0, ":") {
				p.At++
				p.SkipType()
			}
			if p.IsOp(0, "=") {
				p.At++
				if e := p.Expr(); e != nil {
					v := ev.Eval(f, csc, e)
					if fn, ok := v.(*script.Func); ok && fn.Name == "" {
						fn.Name = name + "." + member
						methods = append(methods, fn)
					}
					this[member] = v
				}
			}
			k = max(p.At, k+1)
			continue
		case t.Kind == script.TokOp && (t.Text == "(" || t.Text == "[" || t.Text == "{") && t.Match > k:
			k = t.Match + 1
			continue
		}
		k++
	}
	if cls != nil {
		cls.Ctor = ctor
	}
	if ctor != nil {
		f.Funcs = append(f.Funcs, ctor)
	}
	f.Funcs = append(f.Funcs, methods...)
}
