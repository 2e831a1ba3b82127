package golang

import (
	"go/ast"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// beegoPackage reports whether imp is beego's routing package (v2's
// server/web, v1's root package): its package-level functions register on
// one application router.
func beegoPackage(imp string) bool {
	return imp == "github.com/beego/beego/v2/server/web" || imp == "github.com/astaxie/beego"
}

// beegoVerbs are beego's registrations of a function for one method, with
// that method: web.Get("/x", f), web.CtrlPost("/x", (*C).Create), and their
// namespace options (web.NSGet).
var beegoVerbs = map[string]string{
	"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH", "Head": "HEAD", "Options": "OPTIONS",
	"Any": routes.MethodAny,
}

// beegoNSOption is what a namespace option (web.NSRouter, web.NSNamespace,
// web.NSGet...) registers, applied to the namespace it is given to.
type beegoNSOption struct {
	apply func(r *routes.Router)
}

func (*beegoNSOption) isValue() {}

// beegoApp is the application router beego's package-level functions
// register on.
func (a *goAnalysis) beegoApp() *routes.Router {
	if a.beego == nil {
		a.beego = a.newRouter("beego")
	}
	return a.beego
}

// beegoCall evaluates a call of beego's routing package: registrations on
// the application router (Router with its "get:List;post:Create" mapping,
// Get/Post/... and their Ctrl forms, Handler), namespaces (NewNamespace and
// its NS options, AddNamespace), Run; ok is false for its other functions.
// A registration whose path does not fold, and Include, AutoRouter and
// AutoPrefix (paths read from annotations and method names), are gaps.
func (a *goAnalysis) beegoCall(f *goFile, env *goEnv, c *ast.CallExpr, name string) (value, bool) {
	sel := c.Fun.(*ast.SelectorExpr).Sel
	switch name {
	case "Run", "RunWithMiddleWares":
		a.evalArgs(f, env, c)
		a.beegoApp().Listened = true
		return nil, true
	case "NewNamespace":
		args := a.evalArgs(f, env, c)
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return nil, true
		}
		ns := a.newRouter("beego")
		a.beegoApply(ns, args[1:])
		return goRouter{a.beegoPrefixed(ns, p)}, true
	case "AddNamespace":
		for _, v := range a.evalArgs(f, env, c) {
			if r, ok := routerOf(v); ok {
				a.beegoApp().Mount("", r, false)
			}
		}
		return nil, true
	}
	ns := strings.HasPrefix(name, "NS")
	base := strings.TrimPrefix(name, "NS")
	if !ns && !beegoRegistration(base) {
		return nil, false
	}
	args := a.evalArgs(f, env, c)
	at := a.pos(f, sel.Pos())
	register := func(r *routes.Router) {
		a.beegoRegister(f, c, r, base, args, sel, at)
	}
	if !ns {
		register(a.beegoApp())
		return nil, true
	}
	if base == "Namespace" {
		// NSNamespace(prefix, options...): a namespace inside the one given
		p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
		if !ok {
			return &beegoNSOption{apply: func(*routes.Router) {}}, true
		}
		opts := args[1:]
		return &beegoNSOption{apply: func(r *routes.Router) {
			child := a.newRouter("beego")
			r.Mount(p, child, false)
			a.beegoApply(child, opts)
		}}, true
	}
	if !beegoRegistration(base) {
		return &beegoNSOption{apply: func(*routes.Router) {}}, true // NSBefore, NSCond...: no route
	}
	return &beegoNSOption{apply: register}, true
}

// beegoRegistration reports a beego function that registers routes.
func beegoRegistration(name string) bool {
	name = strings.TrimPrefix(name, "Ctrl")
	_, verb := beegoVerbs[name]
	return verb || name == "Router" || name == "Handler" || name == "Include" || name == "AutoRouter" || name == "AutoPrefix"
}

// beegoApply applies namespace options to the namespace router r.
func (a *goAnalysis) beegoApply(r *routes.Router, opts []value) {
	for _, o := range opts {
		if opt, ok := o.(*beegoNSOption); ok {
			opt.apply(r)
		}
	}
}

// beegoPrefixed returns r under prefix: a router holding r mounted there.
func (a *goAnalysis) beegoPrefixed(r *routes.Router, prefix string) *routes.Router {
	outer := a.newRouter("beego")
	outer.Mount(prefix, r, false)
	return outer
}

// beegoRegister registers on r what the registration name (Router, Get,
// CtrlPost, Handler, Include...) with args adds.
func (a *goAnalysis) beegoRegister(f *goFile, c *ast.CallExpr, r *routes.Router, name string, args []value, sel *ast.Ident, at routes.Pos) {
	name = strings.TrimPrefix(name, "Ctrl")
	switch name {
	case "Include", "AutoRouter", "AutoPrefix":
		r.Gaps = append(r.Gaps, routes.Unresolved{Pos: at, Expr: a.src(c),
			Reason: "beego reads these routes from the controller's methods or its // @router comments, which this analysis does not read"})
		return
	}
	method := beegoVerbs[name]
	if name == "Router" && len(c.Args) >= 3 {
		var folded bool
		if method, folded = beegoMethods(c.Args[2]); !folded {
			p, _ := str(firstArg(args))
			r.Gaps = append(r.Gaps, routes.Unresolved{Pos: at, Expr: a.src(c), Reason: "its method mapping is not a constant this analysis can fold", Fragments: nonEmpty(p)})
			return
		}
	}
	p, ok := a.routePath(f, c, args, 0, method, sel.Pos())
	if !ok {
		return
	}
	var methods []string
	if method != "" && method != routes.MethodAny {
		methods = strings.Split(method, ",")
	}
	if name == "Handler" && len(c.Args) >= 3 {
		if id, ok := c.Args[2].(*ast.Ident); ok && id.Name == "true" {
			p = strings.TrimSuffix(p, "/") + "/*" // isPrefix: everything below
		}
	}
	r.Add(methods, p, at)
}

// beegoMethods reads a Router's method mapping ("get:List;post,put:Save")
// into a method list for a route ("GET,POST,PUT"), "" when a "*" maps every
// method; folded is false when it is not a literal of that form.
func beegoMethods(e ast.Expr) (methods string, folded bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	var list []string
	for _, part := range strings.Split(s, ";") {
		ms, _, ok := strings.Cut(part, ":")
		if !ok {
			return "", false
		}
		for _, m := range strings.Split(ms, ",") {
			switch m = strings.ToUpper(strings.TrimSpace(m)); m {
			case "*":
				return "", true
			case "":
				return "", false
			}
			list = append(list, m)
		}
	}
	return strings.Join(list, ","), true
}

// nonEmpty is []string{s}, or nil for "".
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
