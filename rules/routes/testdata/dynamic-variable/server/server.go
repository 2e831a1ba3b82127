package server

import (
	"flag"
	"net/http"

	"example.com/app/config"
)

func Routes() {
	flag.StringVar(&config.Webroot, "webroot", "/", "")
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+config.Webroot+"api/v1/info", nil)
	http.ListenAndServe(":1", mux)
}
