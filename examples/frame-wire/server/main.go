//go:build ignore

// Command frame-wire-server serves the frame wire API described by
// ../openapi.yaml and ../schemas/frame_wire.json.
//
// It is example data for wirelint, not part of the wirelint module: the build
// constraint above keeps `go build ./...` and `go vet ./...` away from it. Run it
// with `go run main.go routes.go frames.go` from this directory.
package main

import (
	"expvar"
	"flag"
	"log"
	"net/http"
	"time"
)

// framesOpened counts accepted frames; operators read it from /debug/vars.
var framesOpened = expvar.NewInt("frames_opened")

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	flag.Parse()

	srv := &http.Server{
		Addr:              *addr,
		Handler:           newMux(newFrameStore()),
		ReadHeaderTimeout: 5 * time.Second,
		// No WriteTimeout: event streams stay open for as long as a frame runs.
	}
	log.Printf("frame-wire listening on %s", *addr)
	log.Fatal(srv.ListenAndServe())
}
