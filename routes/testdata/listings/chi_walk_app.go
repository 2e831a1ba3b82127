// A small app of ours, printed with the walkFunc of chi's
// _examples/router-walk (its README's Walk example).
package main

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
)

func h(w http.ResponseWriter, r *http.Request) {}

func main() {
	r := chi.NewRouter()
	r.Get("/articles/{id:[0-9]+}", h)
	r.Route("/articles", func(r chi.Router) {
		r.Post("/", h)
		r.Delete("/{slug}/comments/{commentID}", h)
	})
	admin := chi.NewRouter()
	admin.Get("/users", h)
	admin.Handle("/metrics", http.HandlerFunc(h))
	r.Mount("/admin", admin)
	r.Get("/files/*", h)
	r.Method("PATCH", "/orders/{orderID}", http.HandlerFunc(h))

	walkFunc := func(method string, route string, handler http.Handler, middlewares ...func(http.Handler) http.Handler) error {
		route = strings.ReplaceAll(route, "/*/", "/")
		fmt.Printf("%s %s\n", method, route)
		return nil
	}
	if err := chi.Walk(r, walkFunc); err != nil {
		fmt.Printf("Logging err: %s\n", err.Error())
	}
}
