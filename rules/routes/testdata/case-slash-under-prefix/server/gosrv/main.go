package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/labstack/echo/v4"
)

func main() {
	g := gin.New()
	boxes := g.Group("/boxes")
	boxes.GET("/", func(c *gin.Context) {})

	e := echo.New()
	crates := e.Group("/crates")
	crates.GET("/", func(c echo.Context) error { return nil })

	r := chi.NewRouter()
	r.Route("/racks", func(r chi.Router) {
		r.Get("/", func(w http.ResponseWriter, _ *http.Request) {})
	})
	_ = http.ListenAndServe(":8080", r)
}
