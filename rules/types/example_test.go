package types

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
)

// TestExample pins the drift planted in examples/frame-wire's four mirrors,
// as its README lists it: each at its line, nothing else.
func TestExample(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "examples", "frame-wire"))
	if err != nil {
		t.Fatal(err)
	}
	entries := []struct {
		mirror  string
		include []string
	}{
		{"web/src/protocol.ts", []string{"Role", "FrameStatus", "Usage", "ErrorDetail", "FrameTurn", "DoneEvent", "HeartbeatEvent"}},
		{"client", []string{"FinishReason", "Citation", "ToolCall", "DoneEvent"}},
		{"python", []string{"SamplingOptions", "FrameTurn", "Usage"}},
		{"rust", []string{"FrameStatus", "FrameStatusEvent", "ErrorDetail"}},
	}
	var got []string
	for _, e := range entries {
		ws := reduce.NewWorkspace(root)
		doc, err := ws.Load(filepath.Join(root, "schemas", "frame_wire.json"), "schemas/frame_wire.json")
		if err != nil {
			t.Fatal(err)
		}
		set, err := read.Files([]string{filepath.Join(root, filepath.FromSlash(e.mirror))}, read.Options{FS: fsroot.New(root), Display: func(abs string) string {
			rel, _ := filepath.Rel(root, abs)
			return filepath.ToSlash(rel)
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Check(Input{Canonical: doc, Resolver: ws, Mirror: set, Options: Options{Include: e.include}}) {
			got = append(got, fmt.Sprintf("%s:%d %s %s", f.Locations[1].File, f.Locations[1].Line, f.Rule, f.Severity))
		}
	}
	slices.Sort(got)
	want := []string{
		"client/frames.go:22 types/nullable error",
		"client/frames.go:30 types/required error",
		"python/frame_wire/models.py:12 types/type error",
		"python/frame_wire/models.py:20 types/enum error",
		"python/frame_wire/models.py:28 types/required error",
		"rust/src/types.rs:31 types/extra-field error",
		"web/src/protocol.ts:17 types/required error",
		"web/src/protocol.ts:30 types/enum warning",
		"web/src/protocol.ts:36 types/type error",
		"web/src/protocol.ts:6 types/enum error",
	}
	if !slices.Equal(got, want) {
		t.Errorf("example findings:\n%q\nwant\n%q", got, want)
	}
}
