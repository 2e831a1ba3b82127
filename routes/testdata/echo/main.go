// Command todo is an echo server: groups, Add, a group from a function, and
// a registration function called only through a slice (its routes' mount
// point is unknown, so they are unresolved).
package main

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func main() {
	e := echo.New()
	e.GET("/", ok)
	api := e.Group("/api")
	todos(api)
	e.Add(http.MethodPut, "/api/todos/:id", ok)
	for _, register := range extra {
		register(e)
	}
	e.Logger.Fatal(e.Start(":1323"))
}

func todos(g *echo.Group) {
	t := g.Group("/todos")
	t.GET("", ok)
	t.POST("", ok)
	t.DELETE("/:id", ok)
}

var extra = []func(*echo.Echo){registerDebug}

func registerDebug(e *echo.Echo) {
	e.GET("/debug", ok)
}

func ok(c echo.Context) error { return nil }
