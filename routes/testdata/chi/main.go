// Command shop is a chi server: nested Route, Group, With, Mount of a router
// built in another function and another package, Method, constants.
package main

import (
	"net/http"

	"example.com/shop/api"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

const v1 = "/v1"

const ordersPath = v1 + "/orders"

func main() {
	r := chi.NewRouter()
	r.Use(middleware.Logger)
	r.Get("/health", health)
	r.Route(ordersPath, func(r chi.Router) {
		r.Get("/", listOrders)
		r.Post("/", createOrder)
		r.Route("/{orderID}", func(r chi.Router) {
			r.Get("/", getOrder)
			r.With(auth).Delete("/", deleteOrder)
		})
	})
	r.Group(func(r chi.Router) {
		r.Use(auth)
		r.Method(http.MethodPut, v1+"/settings", http.HandlerFunc(putSettings))
	})
	r.Mount(v1+"/admin", adminRouter())
	r.Mount(api.Prefix, api.Routes())
	// r.Get("/commented-out", nope)
	doc := `r.Get("/in-a-string", nope)`
	_ = doc
	r.Get(
		"/multi/line",
		health,
	)
	http.ListenAndServe(":8080", r)
}

func adminRouter() http.Handler {
	r := chi.NewRouter()
	r.Get("/stats", health)
	r.Get("/users/{id:[0-9]+}", health)
	return r
}

func health(w http.ResponseWriter, r *http.Request)      {}
func listOrders(w http.ResponseWriter, r *http.Request)  {}
func createOrder(w http.ResponseWriter, r *http.Request) {}
func getOrder(w http.ResponseWriter, r *http.Request)    {}
func deleteOrder(w http.ResponseWriter, r *http.Request) {}
func putSettings(w http.ResponseWriter, r *http.Request) {}
func auth(next http.Handler) http.Handler                { return next }
