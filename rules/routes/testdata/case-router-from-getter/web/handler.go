package web

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
)

type Handler struct {
	mux *chi.Mux
}

func NewHandler(store any) (*Handler, error) {
	if store == nil {
		return nil, errors.New("no store")
	}
	h := &Handler{mux: chi.NewRouter()}
	h.mount()
	return h, nil
}

func (h *Handler) Mux() *chi.Mux { return h.mux }

func (h *Handler) mount() {
	h.mux.Post("/orders", h.create)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {}
