// Package main serves exactly what the spec documents, through a chi
// sub-router, a catch-all and Route with a bare "/" (read as the prefix).
package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

func main() {
	r := chi.NewRouter()
	r.Route("/api", func(r chi.Router) {
		r.Route("/items", func(r chi.Router) {
			r.Get("/", h)
			r.Post("/", h)
			r.Get("/{itemId}", h)
		})
		r.Get("/files/*", h)
	})
	http.ListenAndServe(":8080", r)
}

func h(w http.ResponseWriter, r *http.Request) {}
