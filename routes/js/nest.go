package js

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// nestVerbs are NestJS's route decorators, by HTTP method ("" = all).
var nestVerbs = map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH",
	"Options": "OPTIONS", "Head": "HEAD", "All": ""}

// nestApp is what a NestJS application declares: the global prefix and
// its exclusions, URI versioning, and the routes of its controllers, joined
// once every file has run (main.ts may run after the controllers).
type nestApp struct {
	prefix  string
	exclude []string // paths setGlobalPrefix leaves unprefixed, without slashes
	// uri marks enableVersioning with the URI type (the default type);
	// header and media-type versioning leave paths alone.
	uri bool
	// versionPrefix goes before a version in the path ("v" unless set).
	versionPrefix string
	// defaultVersion applies to routes without a version of their own;
	// nil = none.
	defaultVersion []string
	routes         []*nestRoute
	// docs are the API documentation SwaggerModule.setup serves.
	docs []nestDocs
	// moduleOf is the module (@Module class) listing each controller;
	// modulePath is the path RouterModule.register gives a module.
	moduleOf   map[*script.Class]*script.Class
	modulePath map[*script.Class]string
}

// nestDocs is one SwaggerModule.setup(path, app, document, options) of
// @nestjs/swagger: the UI at path (its assets below it), the document as
// JSON at path-json and YAML at path-yaml unless jsonDocumentUrl or
// yamlDocumentUrl say otherwise; all under the global prefix when
// useGlobalPrefix is true.
type nestDocs struct {
	path, json, yaml string // json and yaml: "" = the default
	global           bool
	pos              routes.Pos
}

// nestRoute is one handler of a controller.
type nestRoute struct {
	methods []string // nil = every method (@All)
	base    string   // the controller's path
	path    string   // the handler's path
	pos     routes.Pos
	// versions are the handler's (@Version) or else its controller's;
	// "" = VERSION_NEUTRAL; nil = none declared.
	versions []string
	// controller is the controller's class (nil = unnamed).
	controller *script.Class
}

// nestDecorator is one call decorator on a class: its name and the
// parentheses of its arguments.
type nestDecorator struct {
	name        string
	open, close int
}

// nestDecorators returns the call decorators stacked directly before the
// class keyword at toks[class] (the tokenizer drops the @), nearest first:
// a controller often carries others beside @Controller, in any order
// (@Controller('api') @ApiTags('api') @UseGuards(AuthGuard)). A dotted
// decorator (@swagger.ApiTags()) is read by its last name.
func nestDecorators(f *script.File, from, class int) []nestDecorator {
	toks := f.Toks
	j := class - 1
	for j >= from && toks[j].Kind == script.TokName && (toks[j].Text == "export" || toks[j].Text == "default" || toks[j].Text == "abstract") {
		j--
	}
	var out []nestDecorator
	for j > from && toks[j].Kind == script.TokOp && toks[j].Text == ")" {
		k := j - 1
		for k > from && !(toks[k].Kind == script.TokOp && toks[k].Text == "(" && toks[k].Match == j) {
			k--
		}
		if k <= from || toks[k-1].Kind != script.TokName {
			break
		}
		out = append(out, nestDecorator{name: toks[k-1].Text, open: k, close: j})
		j = k - 2
		for j > from && toks[j].Kind == script.TokOp && toks[j].Text == "." && toks[j-1].Kind == script.TokName {
			j -= 2
		}
	}
	return out
}

// nestModule reads @Module({controllers: [...]}) on class cls: which
// module each controller belongs to, so a RouterModule path of the module
// applies to its routes.
func (ev *jsEval) nestModule(f *script.File, sc *script.Scope, open, close int, cls *script.Class) {
	list, _ := ev.nestOption(f, sc, open, close, "controllers").(script.List)
	for _, c := range list {
		if ctrl, ok := c.(*script.Class); ok && cls != nil {
			if ev.nest.moduleOf == nil {
				ev.nest.moduleOf = map[*script.Class]*script.Class{}
			}
			ev.nest.moduleOf[ctrl] = cls
		}
	}
}

// routerModule reads RouterModule.register(routes) of @nestjs/core: a tree
// of {path, module, children} entries (a child may be a module alone),
// each module's controllers served below the paths of its entry and its
// ancestors.
func (n *nestApp) routerModule(tree script.Value, parent string, depth int) {
	list, ok := tree.(script.List)
	if !ok || depth > 16 {
		return
	}
	for _, x := range list {
		switch x := x.(type) {
		case *script.Class:
			n.setModulePath(x, parent)
		case script.Dict:
			p, _ := x["path"].(script.Str)
			path := routes.Join(parent, string(p))
			if m, ok := x["module"].(*script.Class); ok {
				n.setModulePath(m, path)
			}
			n.routerModule(x["children"], path, depth+1)
		}
	}
}

// setModulePath records the RouterModule path of module m.
func (n *nestApp) setModulePath(m *script.Class, path string) {
	if n.modulePath == nil {
		n.modulePath = map[*script.Class]string{}
	}
	n.modulePath[m] = path
}

// nestNeutral stands for VERSION_NEUTRAL among versions.
const nestNeutral = ""

// enableVersioning reads app.enableVersioning({type, defaultVersion, prefix}).
func (n *nestApp) enableVersioning(args []script.Value) {
	n.uri, n.versionPrefix = true, "v"
	if len(args) == 0 {
		return
	}
	opts, ok := args[0].(script.Dict)
	if !ok {
		return
	}
	if t, set := opts["type"]; set {
		ext, ok := t.(*script.Ext)
		n.uri = ok && strings.HasSuffix(ext.Name, ".URI")
	}
	if p, set := opts["prefix"]; set {
		s, _ := p.(script.Str) // prefix: false drops it
		n.versionPrefix = string(s)
	}
	if v, set := opts["defaultVersion"]; set {
		n.defaultVersion = nestVersions(v)
	}
}

// nestVersions reads a version value: a string, a list of them, or
// VERSION_NEUTRAL; nil when none can be read.
func nestVersions(v script.Value) []string {
	switch v := v.(type) {
	case script.Str:
		return []string{string(v)}
	case *script.Ext:
		if strings.HasSuffix(v.Name, "VERSION_NEUTRAL") {
			return []string{nestNeutral}
		}
	case script.List:
		var out []string
		for _, x := range v {
			out = append(out, nestVersions(x)...)
		}
		return out
	}
	return nil
}

// nestExclude reads setGlobalPrefix's {exclude: [...]}: paths as strings or
// {path, method} objects.
func nestExclude(opts script.Value) []string {
	m, ok := opts.(script.Dict)
	if !ok {
		return nil
	}
	list, _ := m["exclude"].(script.List)
	var out []string
	for _, x := range list {
		if o, ok := x.(script.Dict); ok {
			x = o["path"]
		}
		if s, ok := x.(script.Str); ok {
			out = append(out, strings.Trim(string(s), "/"))
		}
	}
	return out
}

// nestController reads a NestJS controller: a class at toks[class] whose body
// opens at toks[open], decorated with @Controller(path) or
// @Controller({path, version}) (the tokenizer drops the @), its handlers
// decorated with @Get(path), @Post()... and @Version(...). Its routes are
// joined with the application's prefix and versions when every file has run.
func (ev *jsEval) nestController(f *script.File, sc *script.Scope, paren, j, open int, cls *script.Class) {
	toks := f.Toks
	bases, ok := ev.nestPaths(f, sc, paren, j)
	if !ok {
		return
	}
	classVersions := nestVersions(ev.nestOption(f, sc, paren, j, "version"))
	ev.nestApp()           // the application's router, made on first use
	var group []*nestRoute // the handlers of the decorators read since the last method
	var groupVersions []string
	end := toks[open].Match
	for k := open + 1; k < end; k++ {
		t := toks[k]
		if t.Kind == script.TokOp && t.Text == "{" && t.Match > k {
			for _, r := range group {
				r.versions = classVersions
				if groupVersions != nil {
					r.versions = groupVersions
				}
			}
			group, groupVersions = nil, nil
			k = t.Match // a method body
			continue
		}
		if t.Kind != script.TokName || k+1 >= end || toks[k+1].Kind != script.TokOp || toks[k+1].Text != "(" {
			continue
		}
		close := toks[k+1].Match
		if close < 0 || close+1 >= end || toks[close+1].Kind != script.TokName {
			continue // a call, not a decorator before a method
		}
		if t.Text == "Version" && close > k+2 {
			p := &script.Parser{Toks: toks, At: k + 2, End: close, File: f}
			if e := p.Expr(); e != nil {
				groupVersions = nestVersions(ev.Eval(f, sc, e))
			}
			k = close
			continue
		}
		method, verb := nestVerbs[t.Text]
		if !verb {
			continue
		}
		subs, ok := ev.nestPaths(f, sc, k+1, close)
		if !ok {
			continue
		}
		var methods []string
		if method != "" {
			methods = []string{method}
		}
		// a path array registers every path, under every controller path
		for _, base := range bases {
			for _, sub := range subs {
				r := &nestRoute{methods: methods, base: base, path: sub, pos: ev.Pos(f, t.Line, t.Col), controller: cls}
				group = append(group, r)
				ev.nest.routes = append(ev.nest.routes, r)
			}
		}
		k = close
	}
}

// nestOption reads key of a decorator's object argument between the
// parentheses at open and close ({path: 'cats', version: '1'}), or nil.
func (ev *jsEval) nestOption(f *script.File, sc *script.Scope, open, close int, key string) script.Value {
	if close == open+1 {
		return nil
	}
	p := &script.Parser{Toks: f.Toks, At: open + 1, End: close, File: f}
	e := p.Expr()
	if e == nil {
		return nil
	}
	if m, ok := ev.Eval(f, sc, e).(script.Dict); ok {
		return m[key]
	}
	return nil
}

// nestPaths folds a NestJS decorator's path argument between the
// parentheses at open and close: none, a string, an array of them (each one
// a path of the route) or {path: ...}.
func (ev *jsEval) nestPaths(f *script.File, sc *script.Scope, open, close int) ([]string, bool) {
	if close == open+1 {
		return []string{""}, true
	}
	p := &script.Parser{Toks: f.Toks, At: open + 1, End: close, File: f}
	e := p.Expr()
	if e == nil {
		return nil, false
	}
	v := ev.Eval(f, sc, e)
	if m, ok := v.(script.Dict); ok {
		v = m["path"]
		if v == nil {
			return []string{""}, true
		}
	}
	var out []string
	if list, ok := v.(script.List); ok && len(list) > 0 {
		for _, x := range list {
			s, ok := x.(script.Str)
			if !ok {
				out = nil
				break
			}
			out = append(out, string(s))
		}
	}
	if s, ok := v.(script.Str); ok {
		out = []string{string(s)}
	}
	if len(out) > 0 {
		return out, true
	}
	t := f.Toks[open+1]
	ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: ev.Pos(f, t.Line, t.Col), Expr: ev.Text(f, e),
		Reason: "decorator path is not a constant this analysis can fold", Fragments: ev.Fragments(f, sc, e, nil)})
	return nil, false
}

// nestApp returns the one NestJS application router of this server.
func (ev *jsEval) nestApp() *routes.Router {
	if ev.Nest == nil {
		ev.Nest = ev.NewRouter("nestjs")
	}
	return ev.Nest
}

// nestSettle adds every controller route to the application's router:
// global prefix (unless excluded), then the version (URI versioning), then
// the controller's and the handler's paths; then the routes of every
// SwaggerModule.setup.
func (ev *jsEval) nestSettle() {
	n := &ev.nest
	for _, r := range n.routes {
		local := routes.Join(r.base, r.path)
		if m, ok := n.moduleOf[r.controller]; ok && r.controller != nil {
			if p, ok := n.modulePath[m]; ok {
				local = routes.Join(p, local)
			}
		}
		prefix := n.prefix
		for _, x := range n.exclude {
			if x == strings.Trim(local, "/") {
				prefix = ""
			}
		}
		versions := []string{nestNeutral}
		if n.uri {
			if r.versions != nil {
				versions = r.versions
			} else if n.defaultVersion != nil {
				versions = n.defaultVersion
			}
		}
		for _, v := range versions {
			p := prefix
			if v != nestNeutral {
				p = routes.Join(p, n.versionPrefix+v)
			}
			ev.nestApp().Add(r.methods, nestStripEndSlash(routes.Join(p, local)), r.pos)
		}
	}
	for _, d := range n.docs {
		prefix := ""
		if d.global {
			prefix = n.prefix
		}
		ui := routes.Join(prefix, d.path)
		ev.nestApp().Add([]string{"GET"}, ui, d.pos).Asset = nestDocsAsset
		assets := ev.nestApp().Add([]string{"GET"}, ui, d.pos) // the UI's files
		assets.Subtree, assets.Asset = true, nestDocsAsset
		for _, doc := range []struct{ url, suffix string }{{d.json, "-json"}, {d.yaml, "-yaml"}} {
			p := strings.TrimRight(ui, "/") + doc.suffix // "/" serves /-json
			if doc.url != "" {
				p = prefix + doc.url // concatenated as written
			}
			// with a leading slash, as @nestjs/swagger's validatePath
			ev.nestApp().Add([]string{"GET"}, "/"+strings.TrimPrefix(p, "/"), d.pos).Asset = nestDocsAsset
		}
	}
}

// nestDocsAsset says why the routes SwaggerModule.setup serves are not
// operations of the API, whatever their path (setup(”) serves /-json).
const nestDocsAsset = "a documentation UI or spec file"

// nestStripEndSlash drops the trailing slash of a handler's whole path, as
// NestJS's RoutePathFactory does (stripEndSlash): @Post('/start/') is
// served at /start.
func nestStripEndSlash(path string) string {
	if path == "/" {
		return path
	}
	return strings.TrimSuffix(path, "/")
}

// nestSwagger reads SwaggerModule.setup(path, app, document, options) of
// @nestjs/swagger; its routes are added when every file has run (the
// global prefix may be set after it). useGlobalPrefix is read from an
// object literal only.
func (ev *jsEval) nestSwagger(f *script.File, sc *script.Scope, c *script.Expr, args []script.Value) {
	if app, ok := args[1].(script.Router); !ok || app.R.Framework != "nestjs" {
		return
	}
	path, ok := ev.PathArg(f, sc, c, c.Args[0], "GET")
	if !ok {
		return
	}
	d := nestDocs{path: path, pos: ev.Pos(f, c.X.Line, c.X.Col)}
	if len(args) > 3 {
		if opts, ok := args[3].(script.Dict); ok {
			json, _ := opts["jsonDocumentUrl"].(script.Str)
			yaml, _ := opts["yamlDocumentUrl"].(script.Str)
			d.json, d.yaml = string(json), string(yaml)
		}
		d.global = script.IsTrue(c.Args[3].Field("useGlobalPrefix"))
	}
	ev.nest.docs = append(ev.nest.docs, d)
}

// nestMethods are the methods of a NestJS application this analysis reads:
// setGlobalPrefix(prefix, {exclude}), enableVersioning(options), and the
// verbs of the HTTP adapter's router it passes on (app.get(path, handler)).
var nestMethods = withVerbs(map[string]jsMethod{
	"setGlobalPrefix": func(call *jsCall) script.Value {
		if len(call.args) < 1 {
			return nil
		}
		n := &call.ev.nest
		if s, ok := call.pathArg(0, routes.MethodAny); ok {
			n.prefix = s
		}
		if len(call.args) > 1 {
			n.exclude = nestExclude(call.args[1])
		}
		return script.Router{R: call.r}
	},
	"enableVersioning": func(call *jsCall) script.Value {
		call.ev.nest.enableVersioning(call.args)
		return script.Router{R: call.r}
	},
})

// nestExt reads the names of @nestjs/core and @nestjs/swagger:
// NestFactory.create (the application), RouterModule.register (module
// paths) and SwaggerModule.setup (the documentation it serves).
func nestExt(call *jsCall, ext *script.Ext) (script.Value, bool) {
	switch mod := ext.Module; {
	case mod == "@nestjs/core" && (ext.Name == "NestFactory.create" || ext.Name == "NestFactory.createApplicationContext"):
		return script.Router{R: call.ev.nestApp()}, true
	case mod == "@nestjs/core" && ext.Name == "RouterModule.register" && len(call.args) == 1:
		call.ev.nest.routerModule(call.args[0], "", 0)
		return nil, true
	case mod == "@nestjs/swagger" && ext.Name == "SwaggerModule.setup" && len(call.args) >= 2:
		call.ev.nestSwagger(call.f, call.sc, call.c, call.args)
		return nil, true
	}
	return nil, false
}
