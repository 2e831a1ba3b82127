// Command books is a gorilla/mux server: PathPrefix().Subrouter(),
// .Methods() on routes and on a subrouter, a server struct holding its
// router, a route without methods.
package main

import (
	"net/http"

	"github.com/gorilla/mux"
)

type server struct {
	router *mux.Router
}

func newServer() *server {
	s := &server{router: mux.NewRouter()}
	s.routes()
	return s
}

func (s *server) routes() {
	api := s.router.PathPrefix("/api").Subrouter()
	api.HandleFunc("/books", s.list).Methods("GET")
	api.HandleFunc("/books/{id:[0-9]+}", s.get).Methods(http.MethodGet, http.MethodHead)
	writes := api.Methods("POST").Subrouter()
	writes.HandleFunc("/books", s.list)
	s.router.HandleFunc("/version", s.list)
	s.router.PathPrefix("/assets/").Handler(http.FileServer(http.Dir("./assets")))
}

func (s *server) list(w http.ResponseWriter, r *http.Request) {}
func (s *server) get(w http.ResponseWriter, r *http.Request)  {}

func main() {
	http.ListenAndServe(":8080", newServer().router)
}
