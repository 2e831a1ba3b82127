// Command items is a Fiber v3 server: Route chains, Add with a method list,
// an app mounted with Use and the static middleware.
package main

import (
	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/static"
)

func main() {
	app := fiber.New()
	app.Route("/v3/items").Get(ok).Post(ok).Route("/:id").Delete(ok)
	app.Add([]string{fiber.MethodGet, "PUT"}, "/v3/multi", ok)
	sub := fiber.New()
	sub.Get("/stats", ok)
	app.Use("/v3/sub", sub)
	app.Use("/assets", static.New("./public"))
	app.Listen(":3000")
}

func ok(c fiber.Ctx) error { return nil }
