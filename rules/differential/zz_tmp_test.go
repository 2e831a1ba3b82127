package differential

import (
	"fmt"
	"testing"
	"time"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

func TestTmpFrameWire(t *testing.T) {
	ws := reduce.NewWorkspace("../..")
	c, err := ws.Load("../../examples/frame-wire/schemas/frame_wire.json", "")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ws.Load("../../examples/frame-wire/openapi.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	fs := report.Finalize(Check(ws, c, m, Options{}))
	fmt.Print(casetest.Compact(fs))
	t.Log(len(fs), time.Since(start))
}
