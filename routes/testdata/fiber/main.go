// Command songs is a Fiber v2 server: nested groups, Route with a function,
// Add, All, optional and greedy parameters, a constraint, Static, a mounted
// app and a group handed to a registration function.
package main

import (
	"github.com/gofiber/fiber/v2"

	"example.com/songs/api"
)

const apiPrefix = "/api"

func main() {
	app := fiber.New()
	app.Get("/healthz", ok)
	v1 := app.Group(apiPrefix + "/v1")
	v1.Get("/songs", ok)
	v1.Post("/songs", ok)
	v1.Get("/songs/:id<int>", ok)
	v1.Delete("/songs/:id", ok)
	v1.Get("/lyrics/:id/:verse?", ok)
	v1.Route("/artists", func(r fiber.Router) {
		r.Get("/", ok)
		r.Put("/:artistId", ok)
	}, "artists.")
	v1.Add(fiber.MethodPatch, "/songs/:id", ok)
	api.Register(v1.Group("/albums"))
	app.All("/echo", ok)
	app.Get("/files/+", ok)
	app.Static("/", "./public")
	app.Mount("/admin", admin())
	// app.Get("/commented", ok)
	_ = "app.Get(\"/in-a-string\", ok)"
	app.Listen(":3000")
}

func admin() *fiber.App {
	a := fiber.New()
	a.Get("/stats", ok)
	return a
}

func ok(c *fiber.Ctx) error { return nil }
