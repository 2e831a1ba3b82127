//go:build ignore

package main

import (
	"expvar"
	"io"
	"net/http"
)

// apiPrefix is the version prefix of every public route.
const apiPrefix = "/v1"

// framesPath is the collection every frame route hangs off.
const framesPath = apiPrefix + "/frames"

// newMux returns every route the server answers, using Go 1.22 method
// patterns.
func newMux(store *frameStore) *http.ServeMux {
	mux := http.NewServeMux()
	mountFrames(mux, store)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok")
	})
	// Operator endpoint: expvar counters such as frames_opened.
	mux.Handle("GET /debug/vars", expvar.Handler())
	return mux
}

// mountFrames registers the frame routes.
//
// The event stream that docs/streaming.md#connecting describes is not served
// yet; it will be registered here once the renderer can push events:
//
//	mux.HandleFunc("GET "+framesPath+"/{frame_id}/events", store.streamEvents)
func mountFrames(mux *http.ServeMux, store *frameStore) {
	mux.HandleFunc("POST "+framesPath, store.create)
	mux.HandleFunc("GET "+framesPath+"/{frame_id}", store.get)
}
