package validate

import (
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

func TestTmpFrameWire(t *testing.T) {
	ws := reduce.NewWorkspace("../..")
	doc, err := ws.Load("../../examples/frame-wire/schemas/frame_wire.json", "")
	if err != nil {
		t.Fatal(err)
	}
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range doc.Definitions {
		if _, err := set.Schema(d.Pointer); err != nil {
			t.Error(d.Name, err)
		}
	}
	sch, err := set.SchemaRef("./forge_block.json#/$defs/Section")
	if err != nil {
		t.Fatal(err)
	}
	res := sch.Validate(map[string]any{"SMUGGLED": 1})
	t.Logf("%+v", res)
	sch, _ = set.Schema("/$defs/DoneEvent")
	res = sch.Validate(map[string]any{"type": "done", "frame_id": "f-1", "finish_reason": "done", "SMUGGLED": 1})
	t.Logf("%+v", res)
}
