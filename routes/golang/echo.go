package golang

import (
	"go/ast"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// echoFramework is labstack/echo, every major version and its subpackages.
var echoFramework = goFrameworkDef{
	name: "echo",
	imports: func(path string) bool {
		return path == "github.com/labstack/echo" || strings.HasPrefix(path, "github.com/labstack/echo/")
	},
	importName:   "echo",
	constructors: names("New", "NewWithConfig"), // NewWithConfig: v5
	routerTypes:  names("Echo", "Group"),
	rootType:     "Echo",
	methods:      map[string]string{"GET": "GET", "POST": "POST", "PUT": "PUT", "DELETE": "DELETE", "PATCH": "PATCH", "HEAD": "HEAD", "OPTIONS": "OPTIONS", "CONNECT": "CONNECT", "TRACE": "TRACE"},
	calls:        echoCalls{},
}

// echoCalls reads an echo instance's or group's calls: those it shares
// with gin (engineCall). Its Use returns nothing, so what follows it is a
// goLost like any other method's result.
type echoCalls struct{}

func (echoCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	return a.engineCall(f, env, c, r, sel, args, at)
}
