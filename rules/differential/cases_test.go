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
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs canonical.json with
// mirror.yaml (or mirror.json); the args section holds CANONICAL=MIRROR
// renames, a fixtures/ folder golden payloads used as probes.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		opts := Options{Renames: c.Renames(t)}
		if c.First("fixtures") != "" {
			var err error
			if opts.Fixtures, err = validate.LoadPayloads(c.WS.FS, "fixtures", c.WS.Display, limits.Limits{}); err != nil {
				t.Fatal(err)
			}
		}
		return Check(c.WS, c.Load(t, "canonical.json"), c.Load(t, c.First("mirror.yaml", "mirror.json")), opts)
	})
}

// A probe whose pattern match runs past the match timeout is reported as
// differential/unchecked with the reason, never dropped: with a 1 ms budget
// and a catastrophic pattern only the backtracking engine runs (a lookahead
// before (a+)+$, against 40 a's and a !: 2^40 steps) the timeout happens on
// every run, and every run gives the same findings. Without the lookahead
// the pattern runs in Go's regexp and gets an exact verdict (TestLinearVerdict).
func TestMatchTimeoutIsReported(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"canonical.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$defs": {"A": {"type": "string", "pattern": "^(?=a)(a+)+$"}}}`,
		"mirror.yaml":          "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string, pattern: '^a+$'}\n",
		"fixtures/A/slow.json": `"` + strings.Repeat("a", 40) + `!"`,
	})
	run := func() []report.Finding {
		ws, docs := casetest.Project(t, dir, "canonical.json", "mirror.yaml")
		var opts Options
		opts.Validate.MatchTimeout = time.Millisecond
		var err error
		if opts.Fixtures, err = validate.LoadPayloads(ws.FS, filepath.Join(dir, "fixtures"), ws.Display, limits.Limits{}); err != nil {
			t.Fatal(err)
		}
		return report.Finalize(Check(ws, docs[0], docs[1], opts))
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

// A catastrophic pattern Go's regexp can spell runs there, in linear time:
// ^(a+)+$ against 40 a's and a ! is judged exactly under a 1 ms match
// timeout, and since ^a+$ means the same, nothing is reported.
func TestLinearVerdict(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"canonical.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$defs": {"A": {"type": "string", "pattern": "^(a+)+$"}}}`,
		"mirror.yaml":          "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: string, pattern: '^a+$'}\n",
		"fixtures/A/slow.json": `"` + strings.Repeat("a", 40) + `!"`,
	})
	ws, docs := casetest.Project(t, dir, "canonical.json", "mirror.yaml")
	var opts Options
	opts.Validate.MatchTimeout = time.Millisecond
	var err error
	if opts.Fixtures, err = validate.LoadPayloads(ws.FS, filepath.Join(dir, "fixtures"), ws.Display, limits.Limits{}); err != nil {
		t.Fatal(err)
	}
	if got := report.Finalize(Check(ws, docs[0], docs[1], opts)); len(got) != 0 {
		t.Errorf("want no findings, got %+v", got)
	}
}
