//go:build ignore

// Package client is a Go client of the frame protocol. Its structs mirror
// schemas/frame_wire.json; wirelint types checks them field by field.
package client

// FinishReason says why a frame ended.
type FinishReason string

const (
	FinishDone          FinishReason = "done"
	FinishLength        FinishReason = "length"
	FinishToolUse       FinishReason = "tool_use"
	FinishStopSequence  FinishReason = "stop_sequence"
	FinishContentFilter FinishReason = "content_filter"
	FinishCancelled     FinishReason = "cancelled"
)

// Citation is a source a block quotes.
type Citation struct {
	SourceURL  string `json:"source_url"`
	Title      string `json:"title,omitempty"`
	StartIndex int    `json:"start_index"`
	EndIndex   int    `json:"end_index"`
}

// ToolCall is a call the model asks the client to run.
type ToolCall struct {
	ID        string         `json:"id"`
	Name      string         `json:"name,omitempty"`
	Arguments map[string]any `json:"arguments"`
}

// wirelint:mirror schemas/frame_wire.json#/$defs/DoneEvent
type Done struct {
	Type         string       `json:"type"`
	FrameID      string       `json:"frame_id"`
	FinishReason FinishReason `json:"finish_reason"`
}
