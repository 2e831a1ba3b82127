package differential

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// A probe whose pattern match runs past the match timeout is reported as
// differential/unchecked with the reason, never dropped: with a 1 ms budget
// and a catastrophic pattern ((a+)+$ against 40 a's and a !, 2^40 steps) the
// timeout happens on every run, and every run gives the same findings.
func TestMatchTimeoutIsReported(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"canonical.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$defs": {"A": {"type": "string", "pattern": "^(a+)+$"}}}`,
		"mirror.yaml":          "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string, pattern: '^a+$'}\n",
		"fixtures/A/slow.json": `"` + strings.Repeat("a", 40) + `!"`,
	})
	run := func() []report.Finding {
		ws := reduce.NewWorkspace(dir)
		cd, err := ws.Load(filepath.Join(dir, "canonical.json"), "")
		if err != nil {
			t.Fatal(err)
		}
		md, err := ws.Load(filepath.Join(dir, "mirror.yaml"), "")
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{}
		opts.Validate.MatchTimeout = time.Millisecond
		if opts.Fixtures, err = validate.LoadPayloads(ws.FS, filepath.Join(dir, "fixtures"), ws.Display, limits.Limits{}); err != nil {
			t.Fatal(err)
		}
		return report.Finalize(Check(ws, cd, md, opts))
	}
	first := run()
	var timedOut *report.Finding
	for i, f := range first {
		if f.Rule == RuleUnchecked && f.Fields["reason"] == "match-timeout" {
			timedOut = &first[i]
		}
	}
	if timedOut == nil {
		t.Fatalf("no differential/unchecked finding for the timed-out probe; got %+v", first)
	}
	if !strings.Contains(timedOut.Message, "pattern-match timeout") || !strings.Contains(timedOut.Message, "aaaa") || timedOut.Definition != "A" {
		t.Errorf("timeout finding does not name the timeout, the probe and the definition: %+v", *timedOut)
	}
	for i := 0; i < 2; i++ {
		if again := run(); !reflect.DeepEqual(again, first) {
			t.Fatalf("run %d differs:\n%+v\nfirst:\n%+v", i+2, again, first)
		}
	}
}
