package golang

import (
	"fmt"
	"go/ast"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// unreadFrameworks are the routing packages of Go web frameworks this
// analysis does not read, by import path (a major version suffix /vN after
// it allowed): what a server registers with one is a gap, never nothing
// (casdoor registered its 235 operations with beego before it was read). Only the package that
// routes counts: beego's validation or ORM package registers nothing.
var unreadFrameworks = []struct{ path, name string }{
	{"github.com/kataras/iris", "Iris"},
	{"github.com/cloudwego/hertz/pkg/app/server", "Hertz"},
	{"github.com/zeromicro/go-zero/rest", "go-zero"},
	{"github.com/gogf/gf/net/ghttp", "GoFrame"},
	{"github.com/gogf/gf/v2/net/ghttp", "GoFrame"},
	{"github.com/fasthttp/router", "fasthttp/router"},
	{"github.com/go-kratos/kratos/v2/transport/http", "Kratos"},
	{"github.com/emicklei/go-restful", "go-restful"},
	{"github.com/uptrace/bunrouter", "bunrouter"},
	{"github.com/revel/revel", "Revel"},
	{"gopkg.in/macaron.v1", "Macaron"},
	{"github.com/go-martini/martini", "Martini"},
	{"goji.io", "Goji"},
	{"github.com/savsgio/atreugo", "Atreugo"},
}

// unreadFramework names the framework whose routing package this analysis
// does not read that import path imp is, or "".
func unreadFramework(imp string) string {
	for _, f := range unreadFrameworks {
		rest, ok := strings.CutPrefix(imp, f.path)
		if ok && (rest == "" || len(rest) > 2 && rest[:2] == "/v" && strings.Trim(rest[2:], "0123456789") == "") {
			return f.name
		}
	}
	return ""
}

// unreadVerbs are the calls that register a route in the unread
// frameworks, with the method each names ("" = not in the name: Handle
// takes it as an argument).
var unreadVerbs = map[string]string{
	"GET": "GET", "POST": "POST", "PUT": "PUT", "DELETE": "DELETE", "PATCH": "PATCH", "HEAD": "HEAD", "OPTIONS": "OPTIONS",
	"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH", "Head": "HEAD", "Options": "OPTIONS",
	"Any": routes.MethodAny, "ANY": routes.MethodAny, "Handle": "", "HandleFunc": "", "Handler": "",
}

// unreadGaps returns, for the files of pkgs that import a framework this
// analysis does not read, one gap per call that may register a route, with
// the method when the call names it: scoped to its path when the path is a
// string literal, one that could serve any path for the framework's own
// function given another path; and one gap at the import that could serve
// anything, since what the framework registers otherwise is unknown.
func (a *goAnalysis) unreadGaps(pkgs []*goPkg) []routes.Unresolved {
	var out []routes.Unresolved
	for _, pkg := range pkgs {
		for _, f := range pkg.files {
			if f.facts.opaque {
				continue
			}
			var names []string // the frameworks f imports
			var first *ast.ImportSpec
			for _, is := range f.ast.Imports {
				imp, _ := strconv.Unquote(is.Path.Value)
				if name := unreadFramework(imp); name != "" {
					names = append(names, name+" ("+imp+")")
					if first == nil {
						first = is
					}
				}
			}
			if first == nil {
				continue
			}
			what := strings.Join(names, ", ")
			reason := fmt.Sprintf("registered with %s, which this analysis does not read", what)
			found := false // a registration was seen
			ast.Inspect(f.ast, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || len(c.Args) == 0 {
					return true
				}
				sel, ok := c.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				method, verb := unreadVerbs[sel.Sel.Name]
				if !verb {
					return true
				}
				// the framework's own function (web.Router), or a method of
				// any value (app.Get, r.GET): the framework's, maybe
				pkgCall := false
				if x, ok := sel.X.(*ast.Ident); ok {
					if imp, isPkg := f.imports[x.Name]; isPkg {
						if unreadFramework(imp) == "" {
							return true // another package's function (http.HandleFunc), read as it is
						}
						pkgCall = true
					}
				}
				at := a.pos(f, sel.Sel.Pos())
				if lit, ok := c.Args[0].(*ast.BasicLit); ok {
					if p, err := strconv.Unquote(lit.Value); err == nil && strings.HasPrefix(p, "/") {
						found = true
						out = append(out, routes.Unresolved{Pos: at, Method: method, Expr: p, Reason: reason, Fragments: []string{p}})
						return true
					}
				}
				if pkgCall {
					// the framework's registration of a path that is not a
					// literal (or is read elsewhere) could be any path; a
					// method called so (header.Get(k), m.Delete(id)) is
					// most often not a route at all
					found = true
					out = append(out, routes.Unresolved{Pos: at, Method: method, Expr: a.src(c), Reason: reason + ", and its path is not a literal"})
				}
				return true
			})
			// what the framework registers otherwise (a controller's
			// methods, a path built at run time) is not known either, so
			// no operation is unimplemented on this evidence alone
			why := "the server imports %s, which this analysis does not read: the routes it registers are unknown"
			if found {
				why = "the server imports %s, which this analysis does not read: it may register routes beside those spelled as literals"
			}
			out = append(out, routes.Unresolved{Pos: a.pos(f, first.Pos()), Expr: what, Reason: fmt.Sprintf(why, what)})
		}
	}
	return out
}
