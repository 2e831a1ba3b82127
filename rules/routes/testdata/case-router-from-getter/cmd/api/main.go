package main

import (
	"expvar"
	"log"
	"net/http"

	"example.com/shop/web"
)

func main() {
	h, err := web.NewHandler(struct{}{})
	if err != nil {
		log.Fatal(err)
	}
	r := h.Mux()
	r.Get("/orders/{orderID}/receipt", func(w http.ResponseWriter, _ *http.Request) {})
	r.Handle("/debug/vars/*", expvar.Handler())
	log.Fatal(http.ListenAndServe(":8080", r))
}
