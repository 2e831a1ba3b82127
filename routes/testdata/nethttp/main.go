// Command notes is a net/http ServeMux server: Go 1.22 method patterns,
// {$}, {name...}, a method-less pattern, a sub-mux behind StripPrefix built
// in another function, and the package-level DefaultServeMux.
package main

import "net/http"

const apiPrefix = "/api"

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", index)
	mux.HandleFunc("GET /notes/{id}", getNote)
	mux.HandleFunc("POST /notes/", createNote)
	mux.HandleFunc("GET /files/{path...}", getFile)
	mux.HandleFunc("/ping", ping)
	mux.Handle(apiPrefix+"/", http.StripPrefix(apiPrefix, apiMux()))
	http.HandleFunc("GET example.com/hosted", ping)
	http.ListenAndServe(":8080", mux)
}

func apiMux() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc(http.MethodGet+" /v1/status", ping)
	return m
}

func index(w http.ResponseWriter, r *http.Request)      {}
func getNote(w http.ResponseWriter, r *http.Request)    {}
func createNote(w http.ResponseWriter, r *http.Request) {}
func getFile(w http.ResponseWriter, r *http.Request)    {}
func ping(w http.ResponseWriter, r *http.Request)       {}
