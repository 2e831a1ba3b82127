package differential

import (
	"encoding/json"
	"github.com/wirelint/wirelint/internal/fsroot"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
)

// opened are the 28 definitions examples/frame-wire/README.md lists as having
// lost additionalProperties: false in the mirror.
var opened = []string{
	"FrameRequest", "FrameTurn", "Usage", "ToolDefinition", "ToolCall", "ToolResult",
	"Citation", "PatchOperation", "SamplingOptions", "Section", "RichText",
	"FrameStatusEvent", "BlockStartEvent", "BlockDeltaEvent", "BlockEndEvent", "DoneEvent",
	"ErrorEvent", "HeartbeatEvent", "TurnStartEvent", "TurnEndEvent", "ToolCallEvent",
	"ToolResultEvent", "UsageEvent", "CitationEvent", "WarningEvent", "RetryEvent",
	"CancelledEvent", "PatchEvent",
}

// TestFrameWire runs the differential on the bundled example: the SMUGGLED
// class on exactly the 28 opened definitions (accepted by the mirror, rejected
// by the canonical at its additionalProperties), plus the two dropped bounds,
// and nothing else. The golden fixtures change none of it.
func TestFrameWire(t *testing.T) {
	for _, withFixtures := range []bool{false, true} {
		ws := reduce.NewWorkspace("../..")
		c, err := ws.Load("../../examples/frame-wire/schemas/frame_wire.json", "")
		if err != nil {
			t.Fatal(err)
		}
		m, err := ws.Load("../../examples/frame-wire/openapi.yaml", "")
		if err != nil {
			t.Fatal(err)
		}
		var opts Options
		if withFixtures {
			if opts.Fixtures, err = validate.LoadPayloads(fsroot.Unconfined(), "../../examples/frame-wire/fixtures", nil, limits.Limits{}); err != nil {
				t.Fatal(err)
			}
		}
		var smuggled, other []string
		for _, f := range Check(ws, c, m, opts) {
			if f.Rule == RuleDisagreement && f.Pointer == "/additionalProperties" {
				if f.Fields["accepted_by"] != "mirror" || !strings.Contains(string(f.Fields["payload"].(json.RawMessage)), `"SMUGGLED":1`) {
					t.Errorf("%s: %s", f.Definition, f.Message)
				}
				smuggled = append(smuggled, f.Definition)
				continue
			}
			other = append(other, f.Definition+" "+f.Pointer)
		}
		sort.Strings(smuggled)
		want := append([]string(nil), opened...)
		sort.Strings(want)
		if strings.Join(smuggled, " ") != strings.Join(want, " ") {
			t.Errorf("fixtures %v: SMUGGLED on\n %v\nwant\n %v", withFixtures, smuggled, want)
		}
		sort.Strings(other)
		if got := strings.Join(other, ", "); got != "FrameRequest /properties/turns/maxItems, FrameTurn /properties/content/maxLength" {
			t.Errorf("fixtures %v: other findings: %s", withFixtures, got)
		}
	}
}
