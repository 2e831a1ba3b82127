package routes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var jsExts = []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"}

// FromJS extracts the routes an Express, Fastify or Hono server registers,
// reading every JavaScript and TypeScript file under root (or root itself).
// Relative imports and requires are followed; Fastify plugins run with the
// prefix they are registered under.
func FromJS(root string, display func(string) string) (*Set, error) {
	files, err := sourceFiles(root, jsExts...)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no JavaScript or TypeScript source found (.js/.ts files)", display(root))
	}
	ev := newJSEval(root, display)
	if err := ev.readFiles(files); err != nil {
		return nil, err
	}
	set := ev.finish()
	set.LookedFor = "JavaScript and TypeScript Express, Fastify, Hono and NestJS"
	set.Files = len(files)
	return set, nil
}

// jsEval is the script evaluator with JavaScript's statements and
// frameworks.
type jsEval struct{ *scriptEval }

// newJSEval returns an evaluator of the JavaScript and TypeScript files of
// the server at root.
func newJSEval(root string, display func(string) string) *jsEval {
	ev := &jsEval{newScriptEval(false, root, display)}
	ev.scan, ev.frameCall, ev.extCall = ev.jsScan, ev.jsFrameCall, ev.jsExtCall
	ev.tokenize = tokenizeJS
	ev.require = func(f *sfile, spec string) any {
		switch m := ev.jsModule(f, spec).(type) {
		case *smodule:
			return ev.jsDefault(m)
		case *sext:
			return m
		}
		return nil
	}
	return ev
}

// jsModule resolves an import specifier from f: a file of the server (run
// now) or a package outside it.
func (ev *jsEval) jsModule(f *sfile, spec string) any {
	if !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") {
		return &sext{module: spec}
	}
	base := filepath.Join(filepath.Dir(f.path), filepath.FromSlash(spec))
	cands := []string{base}
	for _, e := range jsExts {
		cands = append(cands, base+e)
	}
	trimmed := strings.TrimSuffix(base, filepath.Ext(base)) // "./x.js" naming x.ts
	for _, e := range jsExts {
		cands = append(cands, trimmed+e)
	}
	for _, e := range jsExts {
		cands = append(cands, filepath.Join(base, "index"+e))
	}
	for _, c := range cands {
		if st, err := os.Stat(c); err != nil || st.IsDir() {
			continue
		}
		if g := ev.fileAt(c); g != nil {
			ev.run(g)
			return &smodule{file: g}
		}
	}
	return nil
}

// jsDefault is what a default import or require of m yields.
func (ev *jsEval) jsDefault(m any) any {
	switch m := m.(type) {
	case *smodule:
		if v, ok := m.file.exports["default"]; ok {
			return v
		}
		return m
	case *sext:
		return &sext{module: m.module, name: "default"}
	}
	return nil
}

func (ev *jsEval) jsMember(m any, name string) any {
	switch m := m.(type) {
	case *smodule:
		if v, ok := m.file.exports[name]; ok {
			return v
		}
		if obj, ok := m.file.exports["default"].(map[string]any); ok {
			return obj[name]
		}
	case *sext:
		return &sext{module: m.module, name: name}
	}
	return nil
}

// jsScan runs the statements of tokens from..to in scope sc.
func (ev *jsEval) jsScan(f *sfile, from, to int, sc *sscope, ret *any) {
	toks := f.toks
	p := &sxParser{toks: toks, end: to, file: f}
	isOp := func(i int, s string) bool { return i < to && toks[i].kind == tkOp && toks[i].text == s }
	isName := func(i int, s string) bool { return i < to && toks[i].kind == tkName && toks[i].text == s }
	ev.jsHoist(f, from, to, sc)
	exportNext := false
	for i := from; i < to; {
		t := toks[i]
		prevDot := i > from && toks[i-1].kind == tkOp && (toks[i-1].text == "." || toks[i-1].text == "?.")
		if t.kind != tkName || prevDot {
			i++
			continue
		}
		switch t.text {
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
					p.i = i
					if e := p.unary(); e != nil && e.fn != nil {
						fn := e.fn
						fn.scope = sc
						if fn.name != "" {
							sc.set(fn.name, fn)
						}
						f.funcs = append(f.funcs, fn)
						f.exports["default"] = fn
						i = p.i
						continue
					}
				}
				p.i = i
				if e := p.expr(); e != nil {
					v := ev.eval(f, sc, e)
					if fn, ok := v.(*sfunc); ok {
						f.funcs = append(f.funcs, fn)
					}
					f.exports["default"] = v
					i = p.i
				}
				continue
			}
			if isOp(i, "{") && toks[i].match > i {
				end := toks[i].match
				ev.jsExportList(f, i+1, end, sc)
				i = end + 1
				continue
			}
			exportNext = true
			continue
		case "const", "let", "var":
			i = ev.jsDecl(f, i+1, to, sc, exportNext)
			exportNext = false
			continue
		case "function", "async":
			if t.text == "async" && !isName(i+1, "function") {
				break
			}
			p.i = i
			if e := p.unary(); e != nil && e.kind == sxFunc && e.fn.name != "" {
				fn := e.fn
				if hoisted, ok := sc.vars[fn.name].(*sfunc); ok && hoisted.file == fn.file && hoisted.from == fn.from {
					fn = hoisted // the same declaration, already bound
				}
				fn.scope = sc
				sc.set(fn.name, fn)
				f.funcs = append(f.funcs, fn)
				if exportNext {
					f.exports[fn.name] = fn
				}
				exportNext = false
				i = p.i
				continue
			}
		case "class":
			j := i
			for j < to && !isOp(j, "{") {
				j++
			}
			if j < to && toks[j].match > j {
				ev.nestController(f, sc, from, i, j)
				i = toks[j].match + 1
			} else {
				i = j + 1
			}
			exportNext = false
			continue
		case "return":
			p.i = i + 1
			if e := p.expr(); e != nil {
				if v := ev.eval(f, sc, e); *ret == nil && returnable(v) {
					*ret = v
				}
				i = p.i
				continue
			}
			i++
			continue
		case "module", "exports":
			// module.exports = v, module.exports.name = v, exports.name = v
			j := i
			if t.text == "module" && isOp(j+1, ".") && isName(j+2, "exports") {
				j += 2
			} else if t.text == "module" {
				break
			}
			name := "default"
			if isOp(j+1, ".") && j+2 < to && toks[j+2].kind == tkName {
				name = toks[j+2].text
				j += 2
			}
			if isOp(j+1, "=") {
				p.i = j + 2
				if e := p.expr(); e != nil {
					v := ev.eval(f, sc, e)
					if fn, ok := v.(*sfunc); ok {
						if fn.name == "" {
							fn.name = name
						}
						f.funcs = append(f.funcs, fn)
					}
					f.exports[name] = v
					i = p.i
					continue
				}
			}
		}
		// name = expr
		if isOp(i+1, "=") {
			p.i = i + 2
			if e := p.expr(); e != nil {
				v := ev.eval(f, sc, e)
				assignExisting(sc, t.text, v)
				i = p.i
				continue
			}
		}
		p.i = i
		if e := p.unary(); e != nil && p.i > i {
			ev.eval(f, sc, e)
			i = p.i
			continue
		}
		i++
	}
}

// nestVerbs are NestJS's route decorators, by HTTP method ("" = all).
var nestVerbs = map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH",
	"Options": "OPTIONS", "Head": "HEAD", "All": ""}

// nestController reads a NestJS controller: a class at toks[class] whose body
// opens at toks[open], decorated with @Controller(path) (the tokenizer drops
// the @), its handlers decorated with @Get(path), @Post()... Its routes go on
// the application's router (setGlobalPrefix applies).
func (ev *jsEval) nestController(f *sfile, sc *sscope, from, class, open int) {
	toks := f.toks
	j := class - 1
	for j >= from && toks[j].kind == tkName && (toks[j].text == "export" || toks[j].text == "default" || toks[j].text == "abstract") {
		j--
	}
	if j < from+1 || toks[j].kind != tkOp || toks[j].text != ")" {
		return
	}
	paren := -1
	for k := j - 1; k >= from; k-- {
		if toks[k].kind == tkOp && toks[k].text == "(" && toks[k].match == j {
			paren = k
			break
		}
	}
	if paren < from+1 || toks[paren-1].kind != tkName || toks[paren-1].text != "Controller" {
		return
	}
	base, ok := ev.nestPath(f, sc, paren, j)
	if !ok {
		return
	}
	app := ev.nestApp()
	end := toks[open].match
	for k := open + 1; k < end; k++ {
		t := toks[k]
		if t.kind == tkOp && t.text == "{" && t.match > k {
			k = t.match // a method body
			continue
		}
		method, verb := nestVerbs[t.text]
		if t.kind != tkName || !verb || k+1 >= end || toks[k+1].kind != tkOp || toks[k+1].text != "(" {
			continue
		}
		close := toks[k+1].match
		if close < 0 || close+1 >= end || toks[close+1].kind != tkName {
			continue // a call, not a decorator before a method
		}
		sub, ok := ev.nestPath(f, sc, k+1, close)
		if !ok {
			continue
		}
		var methods []string
		if method != "" {
			methods = []string{method}
		}
		app.add(methods, Join(base, sub), ev.pos(f, t.line, t.col))
		k = close
	}
}

// nestPath folds a NestJS decorator's path argument between the parentheses
// at open and close: none, a string, a list's first string or {path: ...}.
func (ev *jsEval) nestPath(f *sfile, sc *sscope, open, close int) (string, bool) {
	if close == open+1 {
		return "", true
	}
	p := &sxParser{toks: f.toks, i: open + 1, end: close, file: f}
	e := p.expr()
	if e == nil {
		return "", false
	}
	v := ev.eval(f, sc, e)
	if m, ok := v.(map[string]any); ok {
		v = m["path"]
		if v == nil {
			return "", true
		}
	}
	if list, ok := v.([]any); ok && len(list) > 0 {
		v = list[0]
	}
	if s, ok := v.(string); ok {
		return s, true
	}
	t := f.toks[open+1]
	ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: ev.pos(f, t.line, t.col), Expr: ev.text(f, e),
		Reason: "decorator path is not a constant this analysis can fold", Fragments: ev.fragments(f, sc, e, nil)})
	return "", false
}

// nestApp returns the one NestJS application router of this server.
func (ev *jsEval) nestApp() *router {
	if ev.nest == nil {
		ev.nest = ev.newRouter("nestjs")
	}
	return ev.nest
}

// jsHoist binds the function declarations of tokens from..to (not those
// nested in blocks) in sc before any statement runs, as JavaScript hoists
// them: a call may precede the declaration.
func (ev *jsEval) jsHoist(f *sfile, from, to int, sc *sscope) {
	toks := f.toks
	p := &sxParser{toks: toks, end: to, file: f}
	for i := from; i < to; i++ {
		t := toks[i]
		if t.kind == tkOp && (t.text == "{" || t.text == "(" || t.text == "[") && t.match > i && t.match < to {
			i = t.match
			continue
		}
		if t.kind != tkName || t.text != "function" {
			continue
		}
		start := i
		if i > from && toks[i-1].kind == tkName && toks[i-1].text == "async" {
			start = i - 1
		}
		if start > from {
			prev := toks[start-1]
			declares := prev.kind == tkOp && (prev.text == ";" || prev.text == "}") ||
				prev.kind == tkName && (prev.text == "export" || prev.text == "default") || prev.line < t.line && prev.kind != tkOp
			if !declares {
				continue
			}
		}
		p.i = start
		if e := p.unary(); e != nil && e.kind == sxFunc && e.fn.name != "" {
			fn := e.fn
			fn.scope = sc
			if _, bound := sc.vars[fn.name]; !bound {
				sc.set(fn.name, fn)
			}
			i = p.i - 1
		}
	}
}

// assignExisting sets name in the scope that declares it, or in sc.
func assignExisting(sc *sscope, name string, v any) {
	for s := sc; s != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			s.vars[name] = v
			return
		}
	}
	sc.set(name, v)
}

// jsImport handles an import declaration after the keyword; returns the
// index after it.
func (ev *jsEval) jsImport(f *sfile, i, to int, sc *sscope) int {
	toks := f.toks
	start := i
	for i < to && toks[i].kind != tkString {
		i++
	}
	if i >= to {
		return to
	}
	m := ev.jsModule(f, toks[i].str)
	end := i + 1
	if toks[start].kind == tkName && toks[start].text == "type" {
		return end
	}
	for j := start; j < i; j++ {
		t := toks[j]
		switch {
		case t.kind == tkOp && t.text == "*" && j+2 < i && toks[j+1].text == "as":
			sc.set(toks[j+2].text, m)
			j += 2
		case t.kind == tkOp && t.text == "{" && t.match > j && t.match < i:
			ev.jsNamedList(j+1, t.match, toks, func(name, local string) { sc.set(local, ev.jsMember(m, name)) })
			j = t.match
		case t.kind == tkName && t.text != "from" && t.text != "type":
			sc.set(t.text, ev.jsDefault(m))
		}
	}
	return end
}

// jsNamedList walks `a, b as c, type d` between from and to.
func (ev *jsEval) jsNamedList(from, to int, toks []stok, bind func(name, local string)) {
	for j := from; j < to; j++ {
		t := toks[j]
		if t.kind != tkName && t.kind != tkString {
			continue
		}
		if t.text == "type" && j+1 < to && toks[j+1].kind == tkName {
			continue
		}
		name := t.text
		if t.kind == tkString {
			name = t.str
		}
		local := name
		if j+2 < to && toks[j+1].kind == tkName && (toks[j+1].text == "as" || toks[j+1].text == ":") || j+2 < to && toks[j+1].kind == tkOp && toks[j+1].text == ":" {
			local = toks[j+2].text
			j += 2
		}
		bind(name, local)
	}
}

func (ev *jsEval) jsExportList(f *sfile, from, to int, sc *sscope) {
	toks := f.toks
	var src any
	if to+2 < len(toks) && toks[to+1].kind == tkName && toks[to+1].text == "from" && toks[to+2].kind == tkString {
		src = ev.jsModule(f, toks[to+2].str)
	}
	ev.jsNamedList(from, to, toks, func(name, local string) {
		if src != nil {
			f.exports[local] = ev.jsMember(src, name)
			return
		}
		v, _ := sc.lookup(name)
		f.exports[local] = v
	})
}

// jsDecl handles `const a = v, {b, c: d} = require(...)` after the keyword.
func (ev *jsEval) jsDecl(f *sfile, i, to int, sc *sscope, export bool) int {
	toks := f.toks
	p := &sxParser{toks: toks, end: to, file: f}
	for i < to {
		t := toks[i]
		switch {
		case t.kind == tkName:
			name := t.text
			p.i = i + 1
			if p.isOp(0, ":") {
				p.i++
				p.skipType()
			}
			if !p.isOp(0, "=") {
				sc.set(name, nil)
				return p.i
			}
			p.i++
			e := p.expr()
			if e == nil {
				return p.i
			}
			v := ev.eval(f, sc, e)
			if fn, ok := v.(*sfunc); ok && fn.name == "" {
				fn.name = name
				f.funcs = append(f.funcs, fn)
			}
			sc.set(name, v)
			if export {
				f.exports[name] = v
			}
			i = p.i
		case t.kind == tkOp && (t.text == "{" || t.text == "[") && t.match > i:
			close := t.match
			p.i = close + 1
			if p.isOp(0, ":") {
				p.i++
				p.skipType()
			}
			if !p.isOp(0, "=") {
				return p.i
			}
			p.i++
			e := p.expr()
			if e == nil {
				return p.i
			}
			v := ev.eval(f, sc, e)
			if t.text == "{" {
				ev.jsNamedList(i+1, close, toks, func(name, local string) {
					switch m := v.(type) {
					case map[string]any:
						sc.set(local, m[name])
					default:
						sc.set(local, ev.jsMember(v, name))
					}
				})
			}
			i = p.i
		default:
			return i
		}
		if i < to && toks[i].kind == tkOp && toks[i].text == "," {
			i++
			continue
		}
		return i
	}
	return i
}

// jsExtCall evaluates a call of something from outside the server: a router
// constructor, require, fastify-plugin.
func (ev *jsEval) jsExtCall(f *sfile, sc *sscope, c *sx, ext *sext, _ bool) any {
	args := ev.args(f, sc, c)
	mod := ext.module
	switch {
	case mod == "express" && (ext.name == "default" || ext.name == "" || ext.name == "Router" || ext.name == "express"):
		return ev.newRouter("express")
	case mod == "fastify" && (ext.name == "default" || ext.name == "" || ext.name == "fastify" || ext.name == "Fastify"):
		return ev.newRouter("fastify")
	case (mod == "hono" || strings.HasPrefix(mod, "hono/")) && ext.name == "Hono":
		return ev.newRouter("hono")
	case mod == "@nestjs/core" && (ext.name == "NestFactory.create" || ext.name == "NestFactory.createApplicationContext"):
		return ev.nestApp()
	case mod == "fastify-plugin" && len(args) > 0:
		return args[0]
	case mod == "express" && ext.name == "static", mod == "serve-static" && (ext.name == "default" || ext.name == ""):
		return &sstatic{}
	}
	return nil
}

var jsVerbs = map[string]bool{"get": true, "post": true, "put": true, "delete": true, "patch": true, "options": true, "head": true}

// jsFrameCall evaluates method calls on Express, Fastify and Hono routers
// and Express route chains, and require().
func (ev *jsEval) jsFrameCall(f *sfile, sc *sscope, c *sx, recv any, method string) (any, bool) {
	pos := ev.pos(f, c.x.line, c.x.col)
	if ch, ok := recv.(*sroute); ok && ch.r != nil {
		ev.args(f, sc, c)
		switch {
		case jsVerbs[method]:
			ch.r.add([]string{strings.ToUpper(method)}, ch.path, pos)
		case method == "all":
			ch.r.add(nil, ch.path, pos)
		}
		return ch, true
	}
	r, ok := recv.(*router)
	if !ok {
		return nil, false
	}
	args := ev.args(f, sc, c)
	var first *sx
	if len(c.args) > 0 {
		first = c.args[0]
	}
	// paths folds a path argument that may be a list of paths.
	paths := func(e *sx, v any, m string) []string {
		if list, ok := v.([]any); ok {
			var out []string
			for _, x := range list {
				if s, ok := x.(string); ok {
					out = append(out, s)
				}
			}
			if len(out) == len(list) {
				return out
			}
		}
		if s, ok := ev.pathArg(f, sc, c, e, m); ok {
			return []string{s}
		}
		return nil
	}
	switch {
	case (jsVerbs[method] || method == "all") && len(c.args) >= 2:
		var ms []string
		if method != "all" {
			ms = []string{strings.ToUpper(method)}
		}
		for _, p := range paths(first, args[0], strings.Join(ms, ",")) {
			r.add(ms, p, pos)
		}
		return r, true
	case r.fw == "express" && method == "route" && len(args) == 1:
		if s, ok := ev.pathArg(f, sc, c, first, ""); ok {
			return &sroute{r: r, path: s, pos: pos}, true
		}
		return nil, true
	case r.fw == "express" && method == "use":
		prefix, rest := "", args
		if len(args) > 0 {
			if s, ok := args[0].(string); ok {
				prefix, rest = s, args[1:]
			}
		}
		for k, h := range rest {
			if _, static := h.(*sstatic); static {
				rr := r.add([]string{"GET"}, prefix, pos)
				rr.static, rr.subtree = true, true
			} else if child, ok := h.(*router); ok {
				r.mount(prefix, child, false)
			} else if h == nil && prefix != "" && c.args[len(args)-len(rest)+k].kind == sxName {
				ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Method: MethodAny, Expr: prefix + " -> " + ev.text(f, c.args[len(args)-len(rest)+k]), Reason: "mounted router is not one this analysis can follow"})
			}
		}
		return r, true
	case r.fw == "fastify" && method == "route" && len(args) == 1:
		opts, ok := args[0].(map[string]any)
		if !ok {
			return r, true
		}
		ms, ok1 := methodsOf(opts["method"])
		url, ok2 := opts["url"].(string)
		if !ok2 {
			url, ok2 = opts["path"].(string)
		}
		if !ok1 || !ok2 {
			ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Expr: ev.text(f, first), Reason: "route method or url is not a constant this analysis can fold"})
			return r, true
		}
		r.add(ms, url, pos)
		return r, true
	case r.fw == "fastify" && method == "register" && len(args) >= 1:
		child := ev.newRouter("fastify")
		var opts any
		if len(args) > 1 {
			opts = args[1]
			if o, ok := args[1].(map[string]any); ok {
				if p, has := o["prefix"]; has {
					s, ok := p.(string)
					if !ok {
						child.orphan = "plugin prefix is not a constant this analysis can fold"
					}
					child.prefix = s
				}
			}
		}
		plugin := args[0]
		if m, ok := plugin.(*smodule); ok {
			plugin = ev.jsDefault(m)
		}
		if ext, ok := plugin.(*sext); ok && (ext.module == "@fastify/static" || ext.module == "fastify-static") {
			prefix := "/"
			if o, ok := opts.(map[string]any); ok {
				if p, ok := o["prefix"].(string); ok {
					prefix = p
				}
			}
			rr := r.add([]string{"GET"}, prefix, pos)
			rr.static, rr.subtree = true, true
			return r, true
		}
		fn, ok := plugin.(*sfunc)
		if !ok {
			if _, ext := plugin.(*sext); !ext {
				ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Method: MethodAny, Expr: ev.text(f, first), Reason: "registered plugin is not a function this analysis can follow"})
			}
			return r, true
		}
		r.mount("", child, false)
		ev.invoke(fn, []any{child, opts})
		return r, true
	case r.fw == "hono" && method == "on" && len(args) >= 2:
		ms, ok := methodsOf(args[0])
		if !ok {
			ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Expr: ev.text(f, first), Reason: "methods are not constants this analysis can fold"})
			return r, true
		}
		for _, p := range paths(c.args[1], args[1], strings.Join(ms, ",")) {
			r.add(ms, p, pos)
		}
		return r, true
	case r.fw == "hono" && method == "route" && len(args) == 2:
		s, ok := ev.pathArg(f, sc, c, first, MethodAny)
		if !ok {
			return r, true
		}
		if child, ok := args[1].(*router); ok {
			r.mount(s, child, false)
		} else {
			ev.set.Unresolved = append(ev.set.Unresolved, Unresolved{Pos: pos, Method: MethodAny, Expr: s + " -> " + ev.text(f, c.args[1]), Reason: "mounted app is not one this analysis can follow"})
		}
		return r, true
	case r.fw == "nestjs" && method == "setGlobalPrefix" && len(args) >= 1:
		if s, ok := ev.pathArg(f, sc, c, first, MethodAny); ok {
			r.prefix = s
		}
		return r, true
	case r.fw == "hono" && method == "basePath" && len(args) == 1:
		s, ok := ev.pathArg(f, sc, c, first, MethodAny)
		if !ok {
			return nil, true
		}
		child := ev.newRouter("hono")
		r.mount(s, child, false)
		return child, true
	}
	return nil, true
}
