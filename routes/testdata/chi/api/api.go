// Package api builds a sub-router in another package, with a registration
// function taking the router and a path that is not a constant.
package api

import (
	"fmt"
	"net/http"
	"os"

	"github.com/go-chi/chi/v5"
)

// Prefix is where the API is mounted.
const Prefix = "/v2"

// Routes returns the v2 router.
func Routes() chi.Router {
	r := chi.NewRouter()
	registerItems(r)
	r.Get(fmt.Sprintf("/dyn/%s", os.Getenv("X")), nop)
	r.Get("/files/*", nop)
	return r
}

func registerItems(r chi.Router) {
	r.Get("/items/{itemID}", nop)
	r.Post("/items", nop)
}

func nop(w http.ResponseWriter, r *http.Request) {}
