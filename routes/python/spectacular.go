package python

import (
	"slices"
	"strings"

	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// drf-spectacular, the REST framework's schema generator, leaves out of the
// schema what its decorators exclude: @extend_schema(exclude=...) on a view
// class or on a handler or action method, and
// @extend_schema_view(create=extend_schema(exclude=...), ...) on a viewset
// for the actions it names. Such a route is the author's exclusion, as
// FastAPI's include_in_schema=False is, so it is marked hidden: served,
// and never reported undocumented. An exclude the analysis cannot fold
// (exclude=not settings.ALLOW_LOCAL_RESOURCE_MANAGEMENT) counts as one:
// whether it holds is decided at run time, and reporting the route as
// drift would assert what is not known.

// schemaExclusion is what drf-spectacular decorators exclude: every route
// of what they decorate, or the named actions of a viewset.
type schemaExclusion struct {
	all     bool
	actions map[string]bool
}

// join returns x with what y excludes too.
func (x schemaExclusion) join(y schemaExclusion) schemaExclusion {
	x.all = x.all || y.all
	for a := range y.actions {
		if x.actions == nil {
			x.actions = map[string]bool{}
		}
		x.actions[a] = true
	}
	return x
}

// schemaExcluded reads decorator e: extend_schema(exclude=...) excludes
// all, extend_schema_view(action=extend_schema(exclude=...)) the actions.
func (ev *pyEval) schemaExcluded(f *script.File, sc *script.Scope, e *script.Expr) schemaExclusion {
	switch spectacularCall(ev, f, sc, e) {
	case "extend_schema":
		return schemaExclusion{all: excludes(e)}
	case "extend_schema_view":
		var out schemaExclusion
		for _, name := range script.KeywordNames(e) {
			if v := script.KeywordArg(e, name); spectacularCall(ev, f, sc, v) == "extend_schema" && excludes(v) {
				out = out.join(schemaExclusion{actions: map[string]bool{name: true}})
			}
		}
		return out
	}
	return schemaExclusion{}
}

// spectacularCall returns the name of the drf-spectacular function e
// calls, "" when it calls none.
func spectacularCall(ev *pyEval, f *script.File, sc *script.Scope, e *script.Expr) string {
	if e == nil || e.Kind != script.ExprCall {
		return ""
	}
	ext, ok := ev.Eval(f, sc, e.X).(*script.Ext)
	if !ok || topPackage(ext.Module) != "drf_spectacular" {
		return ""
	}
	return lastName(ext.Name)
}

// excludes reports whether call's exclude argument may hold: given and
// not the literal False.
func excludes(call *script.Expr) bool {
	x := script.KeywordArg(call, "exclude")
	return x != nil && !(x.Kind == script.ExprName && x.Name == "False")
}

// hiddenNames returns the actions and handler methods of cls (and of its
// bases the server defines) that drf-spectacular excludes; "*" = every one.
func (ev *pyEval) hiddenNames(cls *script.Class) map[string]bool {
	out := map[string]bool{}
	for depth := 0; cls != nil && depth < 8; depth++ {
		if x, ok := ev.hiddenViews[cls]; ok {
			if x.all {
				out["*"] = true
			}
			for a := range x.actions {
				out[a] = true
			}
		}
		if span, ok := ev.classSpans[cls]; ok {
			for j := range ev.hiddenDefs[span.file] {
				if j > span.from && j < span.to && j+1 < len(span.file.Toks) {
					out[span.file.Toks[j+1].Text] = true
				}
			}
		}
		cls = firstClassBase(cls)
	}
	return out
}

// hiddenMethods returns those of methods (upper case; nil = any) that the
// view class v excludes as handler methods (def get, def patch), and
// whether it excludes every one.
func (ev *pyEval) hiddenMethods(v script.Value, methods []string) ([]string, bool) {
	cls, ok := v.(*script.Class)
	if !ok {
		return nil, false
	}
	names := ev.hiddenNames(cls)
	if names["*"] {
		return nil, true
	}
	var out []string
	for _, m := range methods {
		if names[strings.ToLower(m)] {
			out = append(out, m)
		}
	}
	return out, len(methods) > 0 && len(out) == len(methods)
}

// addSplit adds methods at path to r, those in hidden (or all, when every
// is hidden) as routes their author excluded from the schema.
func addSplit(r *routes.Router, methods, hidden []string, every bool, path string, pos routes.Pos) []*routes.Registration {
	if every || len(hidden) == 0 {
		rr := r.Add(methods, path, pos)
		rr.Hidden = every
		return []*routes.Registration{rr}
	}
	var shown []string
	for _, m := range methods {
		if !slices.Contains(hidden, m) {
			shown = append(shown, m)
		}
	}
	out := []*routes.Registration{r.Add(hidden, path, pos)}
	out[0].Hidden = true
	if len(shown) > 0 {
		out = append(out, r.Add(shown, path, pos))
	}
	return out
}
