package python

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// Django's URLconfs are modules with a urlpatterns list of path(), re_path()
// (or the old url()) entries; include() mounts another URLconf, a list of
// entries or a Django REST framework router under a prefix. Each URLconf
// becomes one router of framework "django"; the one settings.ROOT_URLCONF
// names is the root.

// djangoExt reads the names of django.urls, the REST framework and the
// packages beside it (djangoCall).
func djangoExt(call *pyCall, ext *script.Ext) (script.Value, bool) {
	return call.ev.djangoCall(call.f, call.sc, call.c, ext, call.args)
}

// drfMethod reads a method call on a REST framework router: register adds
// a viewset's routes; the router's own helpers register nothing; any other
// method (one a project's subclass adds) is noted, its routes unknown.
func drfMethod(call *pyCall, method string) {
	switch method {
	case "register":
		call.ev.drfRegister(call.f, call.sc, call.c, call.r)
	case "get_urls", "get_routes", "get_api_root_view", "get_default_basename", "get_lookup_regex", "get_method_map":
	default:
		var frags []string
		if len(call.args) > 0 {
			if s, ok := call.args[0].(script.Str); ok && s != "" {
				frags = []string{string(s)}
			}
		}
		call.unresolved(routes.Unresolved{Pos: call.pos, Expr: call.text(call.c),
			Reason: "method " + method + " of a REST framework router subclass is not one this analysis reads, so the routes it adds are not known", Fragments: frags})
	}
}

// djangoCall evaluates a call of django.urls (or django.conf.urls) and
// rest_framework's routers and decorators; handled is false for any other
// name.
func (ev *pyEval) djangoCall(f *script.File, sc *script.Scope, c *script.Expr, ext *script.Ext, args []script.Value) (v script.Value, handled bool) {
	module, name := splitExt(ext)
	switch module {
	case "django.urls", "django.conf.urls":
		switch name {
		case "path", "re_path", "url":
			return ev.djangoPath(f, sc, c, args, name != "path"), true
		case "include":
			return ev.djangoInclude(f, sc, c, args), true
		}
	case "django.conf.urls.static", "django.contrib.staticfiles.urls", "debug_toolbar.toolbar":
		switch name {
		case "static", "staticfiles_urlpatterns", "debug_toolbar_urls":
			// urlpatterns + static(settings.MEDIA_URL, ...), the static
			// files' and the debug toolbar's patterns: served while DEBUG
			// is on, an empty list otherwise, which is what a deployment
			// serves
			return script.List{}, true
		}
	case "rest_framework.routers", "rest_framework_nested.routers":
		switch name {
		case "DefaultRouter", "SimpleRouter", "NestedSimpleRouter", "NestedDefaultRouter":
			r := ev.NewRouter("django")
			r.Orphan = "REST framework router no URLconf includes"
			if name == "DefaultRouter" || name == "NestedDefaultRouter" {
				// the browsable API root DefaultRouter adds
				rr := r.Add([]string{"GET"}, "", ev.Pos(f, c.X.Line, c.X.Col))
				rr.Hidden = true
			}
			ev.drfRouters[r] = true
			// trailing_slash, by keyword or first; a nested router
			// takes it by keyword only, else its parent's (drfNested)
			slash := script.KeywordArg(c, "trailing_slash")
			if slash == nil && len(c.Args) > 0 && !strings.HasPrefix(name, "Nested") {
				slash = c.Args[0]
			}
			if slash != nil {
				ev.drfSlash[r] = ev.drfTrailingSlash(f, sc, slash)
			}
			if strings.HasPrefix(name, "Nested") {
				ev.drfNested(f, sc, c, args, r, slash == nil)
			}
			return script.Router{R: r}, true
		}
	case "rest_framework.documentation":
		if name == "include_docs_urls" {
			// the REST framework's own documentation pages and schema
			r := ev.NewRouter("django")
			rr := r.Add([]string{"GET"}, "", ev.Pos(f, c.X.Line, c.X.Col))
			rr.Subtree, rr.Asset = true, docsAsset
			return script.Router{R: r}, true
		}
	}
	if name == "get_schema_view" || strings.Contains(module, schemaView) {
		// drf-yasg's and the REST framework's schema view, and what its
		// with_ui(), without_ui() and as_view() return: a view serving
		// the schema or a documentation UI
		return &script.Ext{Module: module, Name: schemaView}, true
	}
	return nil, false
}

// schemaView names the view a get_schema_view(...) call returns.
const schemaView = "get_schema_view()"

// docsAsset is why a schema or documentation view's route is no API
// operation (the reason the routes family's asset rule gives).
const docsAsset = "a documentation UI or spec file"

// docViews are the schema and documentation UI views of drf-spectacular.
var docViews = map[string]bool{
	"SpectacularAPIView": true, "SpectacularJSONAPIView": true, "SpectacularYAMLAPIView": true,
	"SpectacularSwaggerView": true, "SpectacularSwaggerSplitView": true, "SpectacularRedocView": true,
}

// isDocView reports whether v, a view from outside the server, serves a
// schema or a documentation UI.
func isDocView(v script.Value) bool {
	ext, ok := v.(*script.Ext)
	if !ok {
		return false
	}
	module, name := splitExt(ext)
	return name == schemaView || strings.Contains(module, schemaView) || docViews[name] ||
		name == "as_view" && docViews[module[strings.LastIndexByte(module, '.')+1:]]
}

// drfNested reads drf-nested-routers' NestedSimpleRouter(parent, prefix,
// lookup=name): r's routes sit below the parent's prefix and the detail
// parameter of the viewset registered there, named name_ and that
// viewset's lookup kwarg (domains/<domain_pk>/). Without a trailing_slash
// keyword (inherit) r ends its routes as the parent does. When the parent,
// its prefix or the lookup cannot be followed, the path r's routes sit
// below is not known: every viewset registered on r is a gap (drfRegister),
// r itself mounted as any router is, its routes not guessed at its mount.
func (ev *pyEval) drfNested(f *script.File, sc *script.Scope, c *script.Expr, args []script.Value, r *routes.Router, inherit bool) {
	unknown := func(e *script.Expr, why string) {
		ev.drfNestGap[r] = drfNestUnknown{expr: routes.Shorten(ev.Text(f, e)), why: why}
	}
	parent, ok := args[0].(script.Router)
	if len(args) < 2 || !ok || !ev.drfRouters[parent.R] {
		unknown(c, "parent of a nested REST framework router is not one this analysis can follow")
		return
	}
	if t, ok := ev.drfSlash[parent.R]; ok && inherit {
		ev.drfSlash[r] = t
	}
	if gap, ok := ev.drfNestGap[parent.R]; ok {
		// nested in a nested router whose own path is not known
		ev.drfNestGap[r] = gap
		return
	}
	prefix, ok := args[1].(script.Str)
	if !ok {
		unknown(c.Args[1], "parent prefix of a nested REST framework router is not a constant this analysis can fold")
		return
	}
	lookup := fmt.Sprintf("nested_%d", strings.Count(ev.drfNest[parent.R], "/<")+1)
	if l := script.KeywordArg(c, "lookup"); l != nil {
		s, ok := ev.Eval(f, sc, l).(script.Str)
		if !ok {
			unknown(l, "lookup of a nested REST framework router is not a constant this analysis can fold")
			return
		}
		lookup = string(s)
	}
	for _, reg := range ev.drfRegistry[parent.R] {
		if reg.prefix == string(prefix) {
			ev.drfNest[r] = ev.drfNest[parent.R] + strings.Trim(reg.prefix, "/") + "/<" + lookup + "_" + ev.lookupKwarg(reg.viewset) + ">/"
			return
		}
	}
	unknown(c.Args[1], "parent prefix "+string(prefix)+" of a nested REST framework router is registered on no router this analysis read")
}

// drfNestUnknown is why the path a nested REST framework router's routes
// sit below is not known: the expression that does not fold and the reason.
type drfNestUnknown struct {
	expr, why string
}

// drfTrailing is how a REST framework router ends its routes when its
// trailing_slash is not the default (True: a slash).
type drfTrailing struct {
	none     bool   // trailing_slash is false: no slash
	unfolded string // the trailing_slash expression that does not fold ("" = it folds)
}

// drfTrailingSlash folds a router's trailing_slash argument e as the REST
// framework reads it, by its truth (routers.py sets self.trailing_slash to
// "/" if trailing_slash else to the empty string, in every release to 3.18):
// True or a non-empty string is a slash; False, None or "" none; any other
// expression is unfolded.
func (ev *pyEval) drfTrailingSlash(f *script.File, sc *script.Scope, e *script.Expr) drfTrailing {
	switch {
	case script.IsTrue(e):
		return drfTrailing{}
	case script.IsFalse(e) || e.Kind == script.ExprName && e.Name == "None":
		return drfTrailing{none: true}
	}
	if s, ok := ev.Eval(f, sc, e).(script.Str); ok {
		return drfTrailing{none: s == ""}
	}
	return drfTrailing{unfolded: routes.Shorten(ev.Text(f, e))}
}

// splitExt returns the module and the last name of an imported name:
// routers.DefaultRouter imported from rest_framework is
// ("rest_framework.routers", "DefaultRouter").
func splitExt(ext *script.Ext) (module, name string) {
	full := ext.Module
	if ext.Name != "" {
		full += "." + ext.Name
	}
	i := strings.LastIndexByte(full, '.')
	if i < 0 {
		return "", full
	}
	return full[:i], full[i+1:]
}

// djangoPath reads path(route, view) or re_path(regex, view): a route, or a
// mount when view is include(...).
func (ev *pyEval) djangoPath(f *script.File, sc *script.Scope, c *script.Expr, args []script.Value, regex bool) script.Value {
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	if len(c.Args) < 2 {
		return nil
	}
	var raw string
	var assumed []routes.Assumption
	if a, ok := args[0].(script.Assumed); ok {
		// path(f"{settings.API_PREFIX}/", ...): under the setting's value
		raw, assumed = string(a.Value), []routes.Assumption{a.As}
	} else if raw, ok = ev.PathArg(f, sc, c, c.Args[0], ""); !ok {
		return nil
	}
	mount := false
	switch t := args[1].(type) {
	case script.Router:
		mount = true
	case *script.Ext:
		// a URLconf outside the server: admin.site.urls, include("x.urls")
		mount = strings.HasSuffix(t.Name, "urls") || t.Name == ""
	}
	if list, ok := args[1].(script.List); ok {
		child := ev.NewRouter("django")
		ev.djangoAttach(child, list)
		args[1], mount = script.Router{R: child}, true
	}
	p := raw
	if regex {
		var why string
		if p, why = djangoRegex(raw, mount); why != "" {
			ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Expr: ev.Text(f, c.Args[0]), Reason: why, Fragments: regexFragments(raw)})
			return nil
		}
	}
	if mount {
		return &script.RouteDef{Mount: true, Path: p, Pos: pos, Target: args[1], Assumed: assumed}
	}
	if isDocView(args[1]) || isDocView(ev.Eval(f, sc, c.Args[1].X)) {
		return &script.RouteDef{Path: p, Pos: pos, Methods: []string{"GET"}, Asset: docsAsset, Assumed: assumed}
	}
	view := viewValue(ev, f, sc, c.Args[1], args[1])
	var methods, hidden []string
	var every bool
	if cls, ok := view.(*script.Class); ok {
		if actions := ev.viewsetMapping(f, sc, c.Args[1]); actions != nil {
			if methods, hidden, every = ev.mappedMethods(cls, actions); len(methods) == 0 {
				return nil // every method the mapping names answers 405
			}
		}
	}
	if methods == nil {
		methods = viewMethods(view)
		hidden, every = ev.hiddenMethods(view, methods)
	}
	return &script.RouteDef{Path: p, Pos: pos, Methods: methods, Assumed: assumed, HiddenMethods: hidden, Hidden: every}
}

// viewsetMapping returns the actions mapping of a viewset's as_view(...)
// that e calls: its dict of methods to actions, first or as actions=
// ({"get": "list", "post": "create"}); nil when e is no such call or the
// mapping does not fold to a dict that names a method.
func (ev *pyEval) viewsetMapping(f *script.File, sc *script.Scope, e *script.Expr) script.Dict {
	if e == nil || e.Kind != script.ExprCall || e.X.Kind != script.ExprAttr || e.X.Name != "as_view" {
		return nil
	}
	arg := script.KeywordArg(e, "actions")
	if arg == nil && len(e.Args) > 0 {
		arg = e.Args[0]
	}
	if arg == nil {
		return nil
	}
	d, ok := ev.Eval(f, sc, arg).(script.Dict)
	if !ok || len(d) == 0 {
		return nil
	}
	return d
}

// mappedMethods returns the methods a viewset's view built by
// as_view(actions) serves: the mapping's keys, upper case and sorted, that
// the viewset's http_method_names lets through (the REST framework answers
// the others with 405); hidden are those whose action drf-spectacular
// excludes, every whether it excludes them all.
func (ev *pyEval) mappedMethods(cls *script.Class, actions script.Dict) (methods, hidden []string, every bool) {
	allowed := ev.httpMethodNames(cls, 0)
	names := ev.hiddenNames(cls)
	for key, action := range actions {
		m := strings.ToUpper(key)
		if !allowed.has(m) {
			continue
		}
		methods = append(methods, m)
		if a, ok := action.(script.Str); names["*"] || ok && names[string(a)] {
			hidden = append(hidden, m)
		}
	}
	slices.Sort(methods)
	slices.Sort(hidden)
	return methods, hidden, len(methods) > 0 && len(hidden) == len(methods)
}

// djangoInclude reads include(module), include((module, app_name)),
// include of a module imported, include(list) and include(router.urls):
// the router to mount, or nil.
func (ev *pyEval) djangoInclude(f *script.File, sc *script.Scope, c *script.Expr, args []script.Value) script.Value {
	if len(args) == 0 {
		return nil
	}
	target := args[0]
	if pair, ok := target.(script.List); ok && len(pair) > 0 {
		// include(("x.urls", "app")) or include((patterns, "app")): the
		// URLconf or its patterns, with an application namespace
		switch pair[0].(type) {
		case script.Str, script.List:
			target = pair[0]
		}
	}
	switch t := target.(type) {
	case script.Str:
		m := ev.pyModule(f, string(t), 0)
		if m == nil || m.File == nil {
			if conf, ok := packageURLconfs[string(t)]; ok {
				return script.Router{R: ev.packageConf(f, c, conf)}
			}
			return &script.Ext{Module: string(t)} // a package's URLconf
		}
		return script.Router{R: ev.djangoConf(m.File)}
	case *script.Ext:
		// a URLconf imported by name from a package (from
		// ansible_base.urls import api_version_urls): opaque, whatever
		// its name
		return &script.Ext{Module: t.Module + "." + t.Name}
	case *script.Module:
		// include(urls) of a module imported (from api import urls)
		if t.File != nil {
			return script.Router{R: ev.djangoConf(t.File)}
		}
	case script.List:
		r := ev.NewRouter("django")
		ev.djangoAttach(r, t)
		return script.Router{R: r}
	case script.Router:
		return t
	}
	return nil
}

// packageConf is a URLconf a package ships, which projects include by
// name: the routes it lists and why they are pages, not API operations.
type packageConf struct {
	asset  string
	routes []packageRoute
}

// packageRoute is one entry of a package's URLconf, in path() syntax.
type packageRoute struct {
	path    string
	methods []string // nil = every method
}

// packageURLconfs are the package URLconfs whose routes are known, as the
// packages list them (rest_framework/urls.py, django/contrib/auth/urls.py,
// django/conf/urls/i18n.py, django_prometheus/urls.py); their views are form
// pages answering GET and POST, or GET alone.
var packageURLconfs = map[string]packageConf{
	"rest_framework.urls": {asset: "a login or logout page of the REST framework's browsable API", routes: []packageRoute{
		{"login/", []string{"GET", "POST"}}, {"logout/", []string{"GET", "POST"}},
	}},
	"django.contrib.auth.urls": {asset: "a page of Django's authentication views", routes: []packageRoute{
		{"login/", []string{"GET", "POST"}}, {"logout/", []string{"GET", "POST"}},
		{"password_change/", []string{"GET", "POST"}}, {"password_change/done/", []string{"GET"}},
		{"password_reset/", []string{"GET", "POST"}}, {"password_reset/done/", []string{"GET"}},
		{"reset/<uidb64>/<token>/", []string{"GET", "POST"}}, {"reset/done/", []string{"GET"}},
	}},
	// set_language sets the language on POST and redirects on any other
	"django.conf.urls.i18n":  {asset: "Django's language switch view", routes: []packageRoute{{"setlang/", nil}}},
	"django_prometheus.urls": {asset: "a profiling or metrics endpoint a library registers", routes: []packageRoute{{"metrics", []string{"GET"}}}},
}

// packageConf returns a router holding the routes of a package's URLconf,
// placed at the include() that names it.
func (ev *pyEval) packageConf(f *script.File, c *script.Expr, conf packageConf) *routes.Router {
	r := ev.NewRouter("django")
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	for _, pr := range conf.routes {
		r.Add(pr.methods, pr.path, pos).Asset = conf.asset
	}
	return r
}

// adminAsset is why the routes of admin.site.urls are not API operations.
const adminAsset = "the Django admin site"

// isAdminSite reports whether ext is Django's admin.site.urls.
func isAdminSite(ext *script.Ext) bool {
	module, name := splitExt(ext)
	return name == "urls" && strings.HasSuffix(module, "admin.site") && strings.HasPrefix(module, "django.contrib")
}

// djangoConf returns the router of the URLconf in file f, built once from
// its urlpatterns.
func (ev *pyEval) djangoConf(f *script.File) *routes.Router {
	if r, ok := ev.confs[f]; ok {
		return r
	}
	ev.Run(f)
	r := ev.NewRouter("django")
	ev.confs[f] = r
	if list, ok := f.Scope().Vars["urlpatterns"].(script.List); ok {
		ev.djangoAttach(r, list)
	}
	return r
}

// djangoAttach adds urlpatterns entries to router r: routes, mounts, and
// routers (a REST framework router's urls added to the list).
func (ev *pyEval) djangoAttach(r *routes.Router, list script.List) {
	for _, x := range list {
		switch x := x.(type) {
		case *script.RouteDef:
			if !x.Mount {
				for _, rr := range addSplit(r, x.Methods, x.HiddenMethods, x.Hidden, x.Path, x.Pos) {
					rr.Asset, rr.Assumed = x.Asset, x.Assumed
				}
				continue
			}
			if child, ok := x.Target.(script.Router); ok {
				r.Mount(x.Path, child.R, false)
				child.R.Assumed = append(child.R.Assumed, x.Assumed...)
				ev.claim(child.R)
				continue
			}
			rr := r.Add(nil, x.Path, x.Pos)
			rr.Subtree, rr.Assumed = true, x.Assumed
			if ext, ok := x.Target.(*script.Ext); ok && isAdminSite(ext) {
				rr.Asset = adminAsset
			} else {
				// a package's URLconf this analysis cannot read: it may
				// serve anything below its prefix, and only there
				rr.Opaque = true
			}
		case script.Router:
			r.Mount("", x.R, false)
			ev.claim(x.R)
		case script.List:
			// both branches of path(...) if c else path(...)
			ev.djangoAttach(r, x)
		case script.Unread:
			// urlpatterns + a list this analysis does not read: it may
			// serve anything
			r.Gaps = append(r.Gaps, routes.Unresolved{Pos: x.Pos, Method: routes.MethodAny, Expr: x.Expr,
				Reason: "the URL patterns are joined with a list this analysis cannot read, so the routes it adds are not known"})
		}
	}
}

// claim marks a router as mounted by a URLconf: a REST framework router
// stops being an orphan.
func (ev *pyEval) claim(r *routes.Router) {
	if ev.drfRouters[r] {
		r.Orphan = ""
	}
}

// djangoSettle builds the router of every module with a urlpatterns list.
// When a settings module names ROOT_URLCONF, a URLconf neither it nor any
// URLconf it includes reaches is reported as unresolved, not served.
func (ev *pyEval) djangoSettle() {
	var root *script.File
	rootName := ""
	var confs []*script.File
	for _, f := range ev.Sources() {
		sc := f.Scope()
		if sc == nil {
			continue
		}
		if s, ok := sc.Vars["ROOT_URLCONF"].(script.Str); ok && root == nil {
			if m := ev.pyModule(f, string(s), 0); m != nil && m.File != nil {
				root, rootName = m.File, string(s)
				ev.djangoConf(root)
			}
		}
		if _, ok := sc.Vars["urlpatterns"].(script.List); ok {
			confs = append(confs, f)
		}
	}
	for _, f := range confs {
		if r := ev.djangoConf(f); root != nil && f != root && r.Parents == 0 {
			r.Orphan = "URLconf that ROOT_URLCONF " + rootName + " does not include"
		}
	}
}

// pyMember reads a member of a value the interpreter does not: a REST
// framework router's urls, a settings object's field.
func (ev *pyEval) pyMember(recv script.Value, name string) script.Value {
	switch recv := recv.(type) {
	case *script.Class:
		return ev.classField(recv, name)
	case *script.Ext:
		if recv.Module == "django.conf" && recv.Name == "settings" {
			return ev.djangoSetting(name)
		}
		return nil
	}
	return ev.drfMember(recv, name)
}

// djangoSetting reads settings.NAME of django.conf: the string the
// project's settings assign NAME at the top level of a module, assumed
// at that value (an environment's settings module, or code run at start,
// may set another). The settings are the modules that name ROOT_URLCONF
// and the other modules of a settings package (a folder named settings);
// nil when none assigns NAME a string, or two assign it different ones.
func (ev *pyEval) djangoSetting(name string) script.Value {
	var found *script.Assumed
	for _, f := range ev.Sources() {
		dir := filepath.Base(filepath.Dir(f.Path))
		if dir != "settings" && !definesTop(f, "ROOT_URLCONF") || !definesTop(f, name) {
			continue
		}
		ev.Run(f)
		sc := f.Scope()
		if sc == nil || f.State != 2 {
			continue // still running: the settings read themselves
		}
		s, ok := sc.Vars[name].(script.Str)
		if !ok {
			continue
		}
		if found != nil && found.Value != s {
			return nil // settings disagree
		}
		if found == nil {
			at := topAssignment(f, name)
			found = &script.Assumed{Value: s, As: routes.Assumption{Expr: "settings." + name, Value: string(s), At: ev.Pos(f, at.Line, at.Col)}}
		}
	}
	if found == nil {
		return nil
	}
	return *found
}

// definesTop reports whether f assigns name at the top level: a statement
// starting at column 1 with name followed by = or a type annotation.
func definesTop(f *script.File, name string) bool {
	return topAssignment(f, name).Line > 0
}

// topAssignment returns the token of name where f's top level assigns it
// (NAME = ..., NAME: str = ...), or a zero token.
func topAssignment(f *script.File, name string) script.Token {
	for i, t := range f.Toks {
		if t.Col == 1 && t.Text == name {
			if _, ok := assigned(f.Toks, i, len(f.Toks), name); ok {
				return t
			}
		}
	}
	return script.Token{}
}

// assigned reports whether toks[i] is name starting a statement that
// assigns it (NAME = ..., NAME: T = ...), before end, and returns the
// index of the value's first token.
func assigned(toks []script.Token, i, end int, name string) (int, bool) {
	t := toks[i]
	if t.Kind != script.TokName || t.Text != name {
		return 0, false
	}
	if i > 0 {
		if k := toks[i-1].Kind; k != script.TokNewline && k != script.TokIndent && k != script.TokDedent {
			return 0, false
		}
	}
	j := i + 1
	if j < end && toks[j].Kind == script.TokOp && toks[j].Text == ":" { // an annotation
		for j < end && toks[j].Kind != script.TokNewline && !(toks[j].Kind == script.TokOp && toks[j].Text == "=") {
			j++
		}
	}
	if j+1 >= end || toks[j].Kind != script.TokOp || toks[j].Text != "=" {
		return 0, false
	}
	return j + 1, true
}

// assignedString returns the string literal name is assigned, alone on its
// statement, by the statement starting at toks[i] (see assigned).
func assignedString(toks []script.Token, i, end int, name string) (script.Str, bool) {
	v, ok := assigned(toks, i, end, name)
	if !ok || toks[v].Kind != script.TokString || v+1 < len(toks) && toks[v+1].Kind != script.TokNewline {
		return "", false
	}
	return script.Str(toks[v].Str), true
}

// classField reads field name of a class the source defines (or of its
// first base of the source): the string its body assigns (`PREFIX = "/x"`,
// `API_V1_STR: str = "/api/v1"`). On a pydantic settings class (a
// BaseSettings) the environment may override it at run time, so the value
// is Assumed at its default, the declaration's position kept.
func (ev *pyEval) classField(cls *script.Class, name string) script.Value {
	settings := false
	if base := cls.ExtBase(); base != nil {
		_, baseName := splitExt(base)
		settings = baseName == "BaseSettings"
	}
	for depth := 0; cls != nil && depth < 8; depth++ {
		if span, ok := ev.classSpans[cls]; ok {
			toks := span.file.Toks
			for i := span.from; i+2 < span.to && i+2 < len(toks); i++ {
				value, ok := assignedString(toks, i, span.to, name)
				if !ok {
					continue
				}
				t := toks[i]
				if !settings {
					return value
				}
				return script.Assumed{Value: value, As: routes.Assumption{Expr: cls.Name + "." + name, Value: string(value), At: ev.Pos(span.file, t.Line, t.Col)}}
			}
		}
		cls = firstClassBase(cls)
	}
	return nil
}

// drfMember reads router.urls of a REST framework router: the router.
func (ev *pyEval) drfMember(recv script.Value, name string) script.Value {
	if r, ok := recv.(script.Router); ok && name == "urls" && ev.drfRouters[r.R] {
		return r
	}
	return nil
}

// drfRegister reads router.register(prefix, viewset): the list and detail
// routes of the viewset's actions, with the methods its class and bases
// provide (ModelViewSet, ReadOnlyModelViewSet, the mixins, or its own list,
// create, retrieve, update, partial_update and destroy).
func (ev *pyEval) drfRegister(f *script.File, sc *script.Scope, c *script.Expr, r *routes.Router) {
	args := ev.Args(f, sc, c)
	if len(c.Args) < 2 {
		return
	}
	prefix, ok := ev.PathArg(f, sc, c, c.Args[0], routes.MethodAny)
	if !ok {
		return
	}
	pos := ev.Pos(f, c.X.Line, c.X.Col)
	cls, ok := args[1].(*script.Class)
	if !ok {
		ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: ev.Text(f, c.Args[1]), Reason: "viewset is not a class of the server", Fragments: []string{prefix}})
		return
	}
	actions := map[string]bool{}
	viewsetActions(cls, actions, 0)
	hidden := ev.hiddenNames(cls)
	// the REST framework answers 405 to a method not in the viewset's
	// http_method_names before it looks for the action
	allowed := ev.httpMethodNames(cls, 0)
	var list, listHidden, detail, detailHidden []string
	for _, a := range []struct{ action, method string }{{"list", "GET"}, {"create", "POST"}} {
		if actions[a.action] && allowed.has(a.method) {
			list = append(list, a.method)
			if hidden["*"] || hidden[a.action] {
				listHidden = append(listHidden, a.method)
			}
		}
	}
	for _, a := range []struct{ action, method string }{{"retrieve", "GET"}, {"update", "PUT"}, {"partial_update", "PATCH"}, {"destroy", "DELETE"}} {
		if actions[a.action] && allowed.has(a.method) {
			detail = append(detail, a.method)
			if hidden["*"] || hidden[a.action] {
				detailHidden = append(detailHidden, a.method)
			}
		}
	}
	ev.drfRegistry[r] = append(ev.drfRegistry[r], drfEntry{prefix: prefix, viewset: cls})
	if gap, ok := ev.drfNestGap[r]; ok {
		// the viewset's routes sit below a path not known, between the
		// router's mount and its prefix: a gap there, none guessed
		r.Gaps = append(r.Gaps, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: gap.expr,
			Reason: gap.why + ", so the path the routes of " + strings.Trim(prefix, "/") + " sit below is not known", Fragments: []string{strings.Trim(prefix, "/")}})
		return
	}
	base := ev.drfNest[r] + strings.Trim(prefix, "/")
	slash := "/"
	// mark sets what every route of the viewset shares: when the router's
	// trailing_slash does not fold, the REST framework makes it "/" or ""
	// by its truth, so each route is served with a slash or without, which
	// one not known, and is compared either way under that assumption; when
	// http_method_names leaves head out, Django's View answers HEAD with 405
	// instead of running get
	var either *routes.Assumption
	switch t := ev.drfSlash[r]; {
	case t.unfolded != "":
		either = &routes.Assumption{Expr: "trailing_slash=" + t.unfolded, Value: "a slash or none", At: pos}
	case t.none:
		slash = ""
	}
	noHead := !allowed.has("HEAD")
	mark := func(rr *routes.Registration) {
		if either != nil {
			rr.AnySlash, rr.Assumed = true, append(rr.Assumed, *either)
		}
		if noHead {
			rr.Refused = append(rr.Refused, "HEAD")
		}
	}
	kwarg := ev.lookupKwarg(cls)
	if len(list) > 0 {
		for _, rr := range addSplit(r, list, listHidden, false, base+slash, pos) {
			mark(rr)
		}
	}
	if len(detail) > 0 {
		for _, rr := range addSplit(r, detail, detailHidden, false, base+"/<"+kwarg+">"+slash, pos) {
			mark(rr)
		}
	}
	if span, ok := ev.classSpans[cls]; ok {
		for _, a := range ev.actions[span.file] {
			if a.def <= span.from || a.def >= span.to {
				continue
			}
			path := a.urlPath
			if path == "" {
				path = a.name
			} else if strings.ContainsAny(path, `()[]\^$?*+`) {
				// url_path is a regular expression's fragment, its
				// groups named: url_path="(?P<id>[^/.]+)/instances"
				p, why := djangoRegex(path, true)
				if why != "" {
					ev.Set.Unresolved = append(ev.Set.Unresolved, routes.Unresolved{Pos: pos, Method: routes.MethodAny, Expr: path, Reason: why})
					continue
				}
				path = strings.Trim(p, "/")
			}
			methods := allowed.filter(a.methods)
			if len(methods) == 0 {
				continue // every method the action names answers 405
			}
			full := base + "/" + path + slash
			if a.detail {
				full = base + "/<" + kwarg + ">/" + path + slash
			}
			rr := r.Add(methods, full, pos)
			rr.Hidden = hidden["*"] || hidden[a.name]
			mark(rr)
		}
	}
}

// methodNames is the methods a view class's http_method_names lets
// through, upper case; nil = every method (the attribute is not set, or
// not to a literal this analysis folds).
type methodNames map[string]bool

// has reports whether m lets method through.
func (m methodNames) has(method string) bool { return m == nil || m[method] }

// filter returns those of methods m lets through.
func (m methodNames) filter(methods []string) []string {
	if m == nil {
		return methods
	}
	var out []string
	for _, x := range methods {
		if m[x] {
			out = append(out, x)
		}
	}
	return out
}

// httpMethodNames reads the http_method_names a view class sets in its
// body, else the first of its bases that does (depth first, as Python's
// method resolution finds it in a tree of bases): a list or tuple of
// method names, or a package's class packageMethodNames lists; nil when
// none sets it or the value set is not a list of strings.
func (ev *pyEval) httpMethodNames(cls *script.Class, depth int) methodNames {
	if depth > 16 {
		return nil
	}
	if span, ok := ev.classSpans[cls]; ok {
		if v, ok := classLevelValue(span, "http_method_names"); ok {
			p := &script.Parser{Toks: span.file.Toks, At: v, End: span.to, Py: true, File: span.file}
			list, ok := ev.Eval(span.file, span.file.Scope(), p.Expr()).(script.List)
			if !ok {
				return nil
			}
			ms, ok := script.MethodsOf(list)
			if !ok {
				return nil
			}
			return newMethodNames(ms)
		}
	}
	for _, b := range cls.Bases {
		switch b := b.(type) {
		case *script.Class:
			if m := ev.httpMethodNames(b, depth+1); m != nil {
				return m
			}
		case *script.Ext:
			module, name := splitExt(b)
			if ms := packageMethodNames[module+"."+name]; ms != nil {
				return newMethodNames(ms)
			}
		}
	}
	return nil
}

// newMethodNames is the set of methods ms lists.
func newMethodNames(ms []string) methodNames {
	out := make(methodNames, len(ms))
	for _, m := range ms {
		out[m] = true
	}
	return out
}

// packageMethodNames are the http_method_names of packages' view classes
// that set fewer than Django's View: the Django REST framework JSON:API's
// viewsets and relationship view leave out PUT
// (rest_framework_json_api/views.py).
var packageMethodNames = map[string][]string{
	"rest_framework_json_api.views.ModelViewSet":         {"GET", "POST", "PATCH", "DELETE", "HEAD", "OPTIONS"},
	"rest_framework_json_api.views.ReadOnlyModelViewSet": {"GET", "POST", "PATCH", "DELETE", "HEAD", "OPTIONS"},
	"rest_framework_json_api.views.RelationshipView":     {"GET", "POST", "PATCH", "DELETE", "HEAD", "OPTIONS"},
}

// classLevelValue returns the index of the value's first token where the
// class statement of span assigns name in its body, not in a method or a
// nested class (`http_method_names = ["get"]`).
func classLevelValue(span classSpan, name string) (int, bool) {
	toks, to := span.file.Toks, min(span.to, len(span.file.Toks))
	v, found := 0, false
	pyBlockWalk(toks, span.from, to, func(k, depth int) bool {
		if depth == 1 && toks[k].Kind == script.TokName {
			v, found = assigned(toks, k, to, name)
		}
		return !found
	})
	return v, found
}

// lookupKwarg returns a viewset's detail kwarg: lookup_url_kwarg, else
// lookup_field, else pk.
func (ev *pyEval) lookupKwarg(cls *script.Class) string {
	kwarg := "pk"
	for _, attr := range []string{"lookup_field", "lookup_url_kwarg"} {
		if v := ev.classAttr(cls, attr); v != "" {
			kwarg = v
		}
	}
	return kwarg
}

// drfEntry is one router.register(prefix, viewset) of a REST framework
// router, as drf-nested-routers finds a parent's.
type drfEntry struct {
	prefix  string // as registered
	viewset *script.Class
}

// drfAction is a viewset method decorated with the REST framework's
// @action: an extra route beside the list and detail ones.
type drfAction struct {
	name    string   // the method's name, the path segment by default
	def     int      // the index of its def token
	detail  bool     // under {pk}/ (detail=True) or beside the list
	methods []string // upper case; GET unless methods= says otherwise
	urlPath string   // url_path=, "" = name
}

// drfActionOf reads a decorator that is the REST framework's action(...),
// or returns nil.
func (ev *pyEval) drfActionOf(f *script.File, sc *script.Scope, e *script.Expr) *drfAction {
	if e.Kind != script.ExprCall {
		return nil
	}
	ext, ok := ev.Eval(f, sc, e.X).(*script.Ext)
	if !ok {
		return nil
	}
	if module, name := splitExt(ext); name != "action" || !strings.HasPrefix(module, "rest_framework") {
		return nil
	}
	a := &drfAction{methods: []string{"GET"}}
	if d := script.KeywordArg(e, "detail"); d != nil {
		a.detail = d.Kind == script.ExprName && d.Name == "True"
	}
	if m := script.KeywordArg(e, "methods"); m != nil {
		if ms, ok := script.MethodsOf(ev.Eval(f, sc, m)); ok {
			a.methods = ms
		}
	}
	if u := script.KeywordArg(e, "url_path"); u != nil {
		if s, ok := ev.Eval(f, sc, u).(script.Str); ok {
			a.urlPath = strings.Trim(string(s), "/")
		}
	}
	return a
}

// viewsetActions adds to out the actions a viewset class provides.
func viewsetActions(cls *script.Class, out map[string]bool, depth int) {
	if depth > 16 {
		return
	}
	for _, d := range cls.Defs {
		out[d] = true
	}
	for _, b := range cls.Bases {
		switch b := b.(type) {
		case *script.Class:
			viewsetActions(b, out, depth+1)
		case *script.Ext:
			name := b.Name[strings.LastIndexByte(b.Name, '.')+1:]
			for _, a := range drfActions[name] {
				out[a] = true
			}
		}
	}
}

// drfActions are the actions of the REST framework's viewsets and mixins.
var drfActions = map[string][]string{
	"ModelViewSet":         {"list", "create", "retrieve", "update", "partial_update", "destroy"},
	"ReadOnlyModelViewSet": {"list", "retrieve"},
	"ListModelMixin":       {"list"},
	"CreateModelMixin":     {"create"},
	"RetrieveModelMixin":   {"retrieve"},
	"UpdateModelMixin":     {"update", "partial_update"},
	"DestroyModelMixin":    {"destroy"},
}

// viewMethods returns the methods a Django view (as viewValue gives it)
// serves: a class-based view's handlers, a function view's decorators, or
// nil (any method) when neither says.
func viewMethods(view script.Value) []string {
	switch v := view.(type) {
	case *script.Class:
		return classMethods(v, 0)
	case *script.Func:
		return v.Methods
	}
	return nil
}

// viewValue returns the view a path() argument e, evaluated as v, names:
// the class of X.as_view(), else v.
func viewValue(ev *pyEval, f *script.File, sc *script.Scope, e *script.Expr, v script.Value) script.Value {
	if e != nil && e.Kind == script.ExprCall && e.X.Kind == script.ExprAttr && e.X.Name == "as_view" {
		return ev.Eval(f, sc, e.X.X)
	}
	return v
}

// classMethods returns the methods a class-based view serves: its own
// handlers, else those of its bases (classes of the server, Django's and the
// REST framework's generic views); nil = unknown, any method.
func classMethods(cls *script.Class, depth int) []string {
	if len(cls.Methods) > 0 || depth > 16 {
		return cls.Methods
	}
	for _, b := range cls.Bases {
		switch b := b.(type) {
		case *script.Class:
			if ms := classMethods(b, depth+1); ms != nil {
				return ms
			}
		case *script.Ext:
			if _, name := splitExt(b); genericViews[name] != nil {
				return genericViews[name]
			}
		}
	}
	return nil
}

// genericViews are the methods Django's and the REST framework's generic
// class-based views serve (HEAD beside GET is implicit).
var genericViews = map[string][]string{
	"TemplateView": {"GET"}, "ListView": {"GET"}, "DetailView": {"GET"}, "RedirectView": {"GET", "POST", "PUT", "PATCH", "DELETE"},
	"ArchiveIndexView": {"GET"}, "YearArchiveView": {"GET"}, "MonthArchiveView": {"GET"}, "DayArchiveView": {"GET"},
	"FormView": {"GET", "POST", "PUT"}, "CreateView": {"GET", "POST", "PUT"}, "UpdateView": {"GET", "POST", "PUT"},
	"DeleteView":  {"GET", "POST", "DELETE"},
	"ListAPIView": {"GET"}, "RetrieveAPIView": {"GET"}, "CreateAPIView": {"POST"}, "DestroyAPIView": {"DELETE"},
	"UpdateAPIView": {"PUT", "PATCH"}, "ListCreateAPIView": {"GET", "POST"}, "RetrieveUpdateAPIView": {"GET", "PUT", "PATCH"},
	"RetrieveDestroyAPIView": {"GET", "DELETE"}, "RetrieveUpdateDestroyAPIView": {"GET", "PUT", "PATCH", "DELETE"},
}

// decoratorMethods returns the methods a decorator restricts a view to:
// Django's require_http_methods([...]), require_GET, require_POST and
// require_safe, the REST framework's api_view([...]); nil for any other.
func (ev *pyEval) decoratorMethods(f *script.File, sc *script.Scope, e *script.Expr) []string {
	callee := e
	if e.Kind == script.ExprCall {
		callee = e.X
	}
	ext, ok := ev.Eval(f, sc, callee).(*script.Ext)
	if !ok {
		return nil
	}
	_, name := splitExt(ext)
	switch name {
	case "require_GET":
		return []string{"GET"}
	case "require_POST":
		return []string{"POST"}
	case "require_safe":
		return []string{"GET", "HEAD"}
	case "require_http_methods", "api_view":
		if e.Kind != script.ExprCall {
			if name == "api_view" {
				return []string{"GET"} // api_view's default
			}
			return nil
		}
		if len(e.Args) == 0 {
			if name == "api_view" {
				return []string{"GET"}
			}
			return nil
		}
		ms, ok := script.MethodsOf(ev.Eval(f, sc, e.Args[0]))
		if !ok {
			return nil
		}
		return ms
	}
	return nil
}

// djangoGroup matches a named group's opening in a regex.
var djangoGroup = lazyre.New(`^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>`)

// djangoRegex turns a re_path regex into a template with {name} for every
// named group (in Flask's angle syntax, as Django's path() spells it), or
// says why it cannot: an unnamed group, an alternation, a class or a
// quantifier outside a group. The anchors go; a mount's regex has no $.
func djangoRegex(re string, mount bool) (string, string) {
	re = strings.TrimPrefix(re, "^")
	if !mount {
		re = strings.TrimSuffix(re, "$")
		re = strings.TrimSuffix(re, "/?")
	}
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		switch c := re[i]; c {
		case '\\':
			if i+1 < len(re) && strings.IndexByte(`./-_~`, re[i+1]) >= 0 {
				b.WriteByte(re[i+1])
				i++
				continue
			}
			return "", "regular expression path with an escape this analysis cannot turn into a template"
		case '(':
			m := djangoGroup().FindStringSubmatch(re[i:])
			if m == nil {
				return "", "regular expression path with an unnamed group; name it (?P<name>...)"
			}
			end := groupEnd(re, i)
			if end < 0 {
				return "", "regular expression path with an unclosed group"
			}
			switch body := re[i+len(m[0]) : end]; {
			case body == ".*" || body == ".+":
				b.WriteString("<path:" + m[1] + ">") // matches slashes: a catch-all
			case body == "[^/]+" || body == "[^/.]+" || strings.ContainsAny(body, ":<>") || strings.HasPrefix(body, "path"):
				// any segment, or a regex the angle syntax cannot carry
				b.WriteString("<" + m[1] + ">")
			default:
				// the regex constrains the parameter: a spec's literal
				// segment is served only when it matches
				b.WriteString("<" + body + ":" + m[1] + ">")
			}
			i = end
		case '[', ']', '|', '*', '+', '?', '{', '}', ')', '^', '$':
			return "", "regular expression path this analysis cannot turn into a template"
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

// groupEnd returns the index of the parenthesis closing the group opening
// at re[open], or -1.
func groupEnd(re string, open int) int {
	depth := 0
	class := false
	for i := open; i < len(re); i++ {
		switch c := re[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// regexFragments returns the literal prefix of a regex path, the constant
// part an unresolved registration is known by.
func regexFragments(re string) []string {
	re = strings.TrimPrefix(re, "^")
	end := strings.IndexAny(re, `\()[]|*+?{}$.`)
	if end < 0 {
		end = len(re)
	}
	if end == 0 {
		return nil
	}
	return []string{re[:end]}
}

// classAttr returns the string a class body (or, failing that, its first
// base of the source) assigns to name (lookup_field = "slug"), or "".
func (ev *pyEval) classAttr(cls *script.Class, name string) string {
	for depth := 0; cls != nil && depth < 8; depth++ {
		if span, ok := ev.classSpans[cls]; ok {
			toks := span.file.Toks
			for i := span.from; i+2 < span.to && i+2 < len(toks); i++ {
				if v, ok := assignedString(toks, i, span.to, name); ok {
					return string(v)
				}
			}
		}
		cls = firstClassBase(cls)
	}
	return ""
}

// firstClassBase is the first of cls's bases that is a class the analysis
// read (the next class to look an attribute up in), or nil.
func firstClassBase(cls *script.Class) *script.Class {
	for _, b := range cls.Bases {
		if k, ok := b.(*script.Class); ok {
			return k
		}
	}
	return nil
}
