package js

import (
	"fmt"
	"path/filepath"
	"slices"
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
	return ev.Extract(files, "JavaScript and TypeScript Express, Fastify, Hono and NestJS")
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
}

// newJSEval returns an evaluator of the JavaScript and TypeScript files of
// the server at root.
func newJSEval(root string, display func(string) string, confine *fsroot.Root) *jsEval {
	ev := &jsEval{Interp: script.New(false, root, display, confine), confine: confine}
	ev.Settle = ev.nestSettle
	ev.Scan, ev.FrameCall, ev.ExtCall = ev.jsScan, ev.jsFrameCall, ev.jsExtCall
	ev.Tokenize = script.TokenizeJS
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
	return nil
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
			if j < to && toks[j].Match > j {
				ev.nestController(f, sc, from, i, j)
				i = toks[j].Match + 1
			} else {
				i = j + 1
			}
			exportNext = false
			continue
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

// jsExtCall evaluates a call of something from outside the server: a router
// constructor, require, fastify-plugin.
func (ev *jsEval) jsExtCall(f *script.File, sc *script.Scope, c *script.Expr, ext *script.Ext, _ bool) script.Value {
	args := ev.Args(f, sc, c)
	mod := ext.Module
	switch {
	case mod == "express" && (ext.Name == "default" || ext.Name == "" || ext.Name == "Router" || ext.Name == "express"):
		r := ev.NewRouter("express")
		r.Sub = ext.Name == "Router"
		return script.Router{R: r}
	case mod == "fastify" && (ext.Name == "default" || ext.Name == "" || ext.Name == "fastify" || ext.Name == "Fastify"):
		return script.Router{R: ev.NewRouter("fastify")}
	case (mod == "hono" || strings.HasPrefix(mod, "hono/")) && ext.Name == "Hono":
		return script.Router{R: ev.NewRouter("hono")}
	case mod == "@nestjs/core" && (ext.Name == "NestFactory.create" || ext.Name == "NestFactory.createApplicationContext"):
		return script.Router{R: ev.nestApp()}
	case mod == "fastify-plugin" && len(args) > 0:
		return args[0]
	case mod == "express" && ext.Name == "static", mod == "serve-static" && (ext.Name == "default" || ext.Name == ""):
		return &script.Static{}
	case mod == swaggerUIExpress && ext.Name == "serveFiles":
		return &script.Static{} // the UI's assets below the mount
	case mod == swaggerUIExpress && ext.Name == "setup":
		return &script.Ext{Module: mod, Name: swaggerUIPage}
	case mod == "@nestjs/swagger" && ext.Name == "SwaggerModule.setup" && len(args) >= 2:
		ev.nestSwagger(f, sc, c, args)
	}
	return nil
}

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

var jsVerbs = map[string]bool{"get": true, "post": true, "put": true, "delete": true, "patch": true, "options": true, "head": true}

// jsFrameCall evaluates method calls on Express, Fastify and Hono routers
// and Express route chains, and require().
func (ev *jsEval) jsFrameCall(f *script.File, sc *script.Scope, c *script.Expr, recv script.Value, method string) (script.Value, bool) {
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	if ch, ok := recv.(*script.RouteDef); ok && ch.Router != nil {
		ev.Args(f, sc, c)
		switch {
		case jsVerbs[method]:
			// an .all() before a method handler runs for every method
			// and hands on (route('/x').all(auth).get(h)): middleware
			for _, g := range ch.Guards {
				g.Dead = true
			}
			ch.Guards = nil
			ch.Router.Add([]string{strings.ToUpper(method)}, ch.Path, pos)
		case method == "all":
			ch.Guards = append(ch.Guards, ch.Router.Add(nil, ch.Path, pos))
		}
		return ch, true
	}
	rv, ok := recv.(script.Router)
	if !ok {
		return nil, false
	}
	r := rv.R
	args := ev.Args(f, sc, c)
	var first *script.Expr
	if len(c.Args) > 0 {
		first = c.Args[0]
	}
	// paths folds a path argument that may be a list of paths.
	paths := func(e *script.Expr, v script.Value, m string) []string {
		if list, ok := v.(script.List); ok {
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
		if s, ok := ev.PathArg(f, sc, c, e, m); ok {
			return []string{s}
		}
		return nil
	}
	switch {
	case method == "listen":
		// a server of its own: the check sets apart listened apps that
		// serve nothing documented (an admin app on a second port)
		r.Listened = true
		return nil, true
	case (jsVerbs[method] || method == "all") && len(c.Args) >= 2:
		var ms []string
		if method != "all" {
			ms = []string{strings.ToUpper(method)}
		}
		for _, p := range paths(first, args[0], strings.Join(ms, ",")) {
			r.Add(ms, p, pos)
		}
		return rv, true
	case r.Framework == "express" && method == "route" && len(args) == 1:
		if s, ok := ev.PathArg(f, sc, c, first, ""); ok {
			return &script.RouteDef{Router: r, Path: s, Pos: pos}, true
		}
		return nil, true
	case r.Framework == "express" && method == "use":
		prefix, rest := "", args
		if len(args) > 0 {
			if s, ok := args[0].(script.Str); ok {
				prefix, rest = string(s), args[1:]
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
			if jsServesFiles(h) || jsServesPage(h) {
				if !static && page {
					r.Add(nil, prefix, pos).Subtree = true
				} else if !static {
					rr := r.Add([]string{"GET"}, prefix, pos)
					rr.Static, rr.Subtree = true, true
				}
				static = true
			} else if child, ok := h.(script.Router); ok {
				r.Mount(prefix, child.R, false)
			} else if h == nil && !served && prefix != "" && c.Args[len(args)-len(rest)+k].Kind == script.ExprName {
				ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: prefix + " -> " + ev.Text(f, c.Args[len(args)-len(rest)+k]), Reason: "mounted router is not one this analysis can follow"})
			}
		}
		return rv, true
	case r.Framework == "fastify" && method == "route" && len(args) == 1:
		opts, ok := args[0].(script.Dict)
		if !ok {
			return rv, true
		}
		ms, ok1 := script.MethodsOf(opts["method"])
		url, ok2 := opts["url"].(script.Str)
		if !ok2 {
			url, ok2 = opts["path"].(script.Str)
		}
		if !ok1 || !ok2 {
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Expr: ev.Text(f, first), Reason: "route method or url is not a constant this analysis can fold"})
			return rv, true
		}
		r.Add(ms, string(url), pos)
		return rv, true
	case r.Framework == "fastify" && method == "register" && len(args) >= 1:
		child := ev.NewRouter("fastify")
		var opts script.Value
		if len(args) > 1 {
			opts = args[1]
			if o, ok := args[1].(script.Dict); ok {
				if p, has := o["prefix"]; has {
					s, ok := p.(script.Str)
					if !ok {
						child.Orphan = "plugin prefix is not a constant this analysis can fold"
					}
					child.Prefix = string(s)
				}
			}
		}
		plugin := args[0]
		if m, ok := plugin.(*script.Module); ok {
			plugin = ev.jsDefault(m)
		}
		if ext, ok := plugin.(*script.Ext); ok && (ext.Module == "@fastify/static" || ext.Module == "fastify-static") {
			prefix := "/"
			if o, ok := opts.(script.Dict); ok {
				if p, ok := o["prefix"].(script.Str); ok {
					prefix = string(p)
				}
			}
			rr := r.Add([]string{"GET"}, prefix, pos)
			rr.Static, rr.Subtree = true, true
			return rv, true
		}
		fn, ok := plugin.(*script.Func)
		if !ok {
			if _, ext := plugin.(*script.Ext); !ext {
				ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: ev.Text(f, first), Reason: "registered plugin is not a function this analysis can follow"})
			}
			return rv, true
		}
		r.Mount("", child, false)
		ev.Invoke(fn, []script.Value{script.Router{R: child}, opts})
		return rv, true
	case r.Framework == "hono" && method == "on" && len(args) >= 2:
		ms, ok := script.MethodsOf(args[0])
		if !ok {
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Expr: ev.Text(f, first), Reason: "methods are not constants this analysis can fold"})
			return rv, true
		}
		for _, p := range paths(c.Args[1], args[1], strings.Join(ms, ",")) {
			r.Add(ms, p, pos)
		}
		return rv, true
	case r.Framework == "hono" && method == "route" && len(args) == 2:
		s, ok := ev.PathArg(f, sc, c, first, routes.MethodAny)
		if !ok {
			return rv, true
		}
		if child, ok := args[1].(script.Router); ok {
			r.Mount(s, child.R, false)
		} else {
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: s + " -> " + ev.Text(f, c.Args[1]), Reason: "mounted app is not one this analysis can follow"})
		}
		return rv, true
	case r.Framework == "nestjs" && method == "setGlobalPrefix" && len(args) >= 1:
		if s, ok := ev.PathArg(f, sc, c, first, routes.MethodAny); ok {
			ev.nest.prefix = s
		}
		if len(args) > 1 {
			ev.nest.exclude = nestExclude(args[1])
		}
		return rv, true
	case r.Framework == "nestjs" && method == "enableVersioning":
		ev.nest.enableVersioning(args)
		return rv, true
	case r.Framework == "hono" && method == "basePath" && len(args) == 1:
		s, ok := ev.PathArg(f, sc, c, first, routes.MethodAny)
		if !ok {
			return nil, true
		}
		child := ev.NewRouter("hono")
		r.Mount(s, child, false)
		return script.Router{R: child}, true
	case jsSameRouter[r.Framework][method]:
		return rv, true // documented to return the instance itself
	}
	return nil, true
}

// jsSameRouter are the methods each framework documents as returning the
// router or instance they are called on (Fastify's withTypeProvider<T>(),
// Express's app.set()), so routes chained or registered on the result are
// the router's own.
var jsSameRouter = map[string]map[string]bool{
	"fastify": {"withTypeProvider": true, "addHook": true, "decorate": true, "decorateRequest": true, "decorateReply": true,
		"setErrorHandler": true, "setNotFoundHandler": true, "addSchema": true, "addContentTypeParser": true,
		"setValidatorCompiler": true, "setSerializerCompiler": true, "setReplySerializer": true, "setSchemaErrorFormatter": true},
	"express": {"set": true, "enable": true, "disable": true, "engine": true, "param": true},
	"hono":    {"use": true, "onError": true, "notFound": true},
}
