//go:build ignore

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Limits from schemas/frame_wire.json, checked before a frame is queued.
const (
	maxModelLength = 128
	maxTurns       = 256
)

// frameRequest is the subset of FrameRequest the server reads; unknown fields
// are rejected, as the schema's additionalProperties: false demands.
type frameRequest struct {
	Model    string            `json:"model"`
	Turns    []json.RawMessage `json:"turns"`
	Tools    []json.RawMessage `json:"tools,omitempty"`
	Stream   *bool             `json:"stream,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`

	ToolChoice json.RawMessage `json:"tool_choice,omitempty"`
	Sampling   json.RawMessage `json:"sampling,omitempty"`
	Stop       []string        `json:"stop,omitempty"`
}

// frameAck is the FrameAck the OpenAPI document defines.
type frameAck struct {
	FrameID   string    `json:"frame_id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
	EventsURL string    `json:"events_url"`
}

// errorDetail is ErrorDetail.
type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// frameStore keeps every frame of this process in memory.
type frameStore struct {
	mu     sync.Mutex
	next   int
	frames map[string]*frameAck
}

func newFrameStore() *frameStore {
	return &frameStore{frames: map[string]*frameAck{}}
}

// create opens a frame and acknowledges it. The frame's events are folded into
// the ack's status as they arrive; see docs/frame_wire.md#fold.
func (s *frameStore) create(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20))
	dec.DisallowUnknownFields()
	var req frameRequest
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	switch {
	case req.Model == "" || len(req.Model) > maxModelLength:
		writeError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("model must be 1 to %d characters", maxModelLength))
		return
	case len(req.Turns) == 0 || len(req.Turns) > maxTurns:
		writeError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("turns must hold 1 to %d turns", maxTurns))
		return
	}

	s.mu.Lock()
	s.next++
	id := fmt.Sprintf("f-%d", s.next)
	ack := &frameAck{
		FrameID:   id,
		Status:    "queued",
		CreatedAt: time.Now().UTC(),
		EventsURL: framesPath + "/" + id + "/events",
	}
	s.frames[id] = ack
	s.mu.Unlock()
	framesOpened.Add(1)

	writeJSON(w, http.StatusOK, ack)
}

// get returns a frame's current state.
func (s *frameStore) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("frame_id")
	s.mu.Lock()
	ack, ok := s.frames[id]
	var snapshot frameAck
	if ok {
		snapshot = *ack
	}
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "frame_not_found", fmt.Sprintf("no frame %q", id))
		return
	}
	writeJSON(w, http.StatusOK, snapshot)
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, errorDetail{Code: code, Message: message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
