package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestPrepare: every document is compiled and indexed, a pattern that is not
// ECMA-262 in u mode is set aside by default, and a document that cannot be
// compiled gets Err and the unchecked finding at its root.
func TestPrepare(t *testing.T) {
	ws, good := load(t, map[string]string{
		"project/good.yaml":  "definitions:\n  Word: {type: string, pattern: '\\a'}\n  Item: {$ref: 'other.yaml#/definitions/Other'}\n",
		"project/other.yaml": "definitions:\n  Other: {type: integer}\n",
	}, "project/good.yaml")
	broken := &reduce.Document{Path: "broken.yaml", Abs: "/nowhere/broken.yaml", Root: &reduce.Node{Kind: reduce.AliasNode, Line: 1, Column: 1}}
	got := Prepare(ws, []*reduce.Document{good, broken}, Options{})
	if len(got) != 2 || got[0].Doc != good || got[1].Doc != broken {
		t.Fatalf("Prepare returned %v", got)
	}
	if got[0].Err != nil || got[0].Set == nil {
		t.Fatalf("good.yaml: %v", got[0].Err)
	}
	if strings.Join(got[0].Defs.Order, " ") != "Word Item Other" {
		t.Errorf("definitions %v, want Word Item Other", got[0].Defs.Order)
	}
	if ps := got[0].Set.Problems(); len(ps) != 1 || ps[0].Pattern == nil {
		t.Errorf("the u-mode check did not set \\a aside: %v", ps)
	}
	lax := Prepare(ws, []*reduce.Document{good}, Options{PatternCheck: func(string) error { return nil }})
	if ps := lax[0].Set.Problems(); len(ps) != 0 {
		t.Errorf("without the u-mode check \\a is still set aside: %v", ps)
	}
	if got[1].Err == nil {
		t.Fatal("a dangling alias prepared without error")
	}
	rule := report.Rule{ID: "family/unchecked", Severity: report.SeverityWarning}
	f := got[1].Unprepared(rule, "no payload is compared")
	if f.Rule != rule.ID || f.Severity != rule.Severity || !strings.HasSuffix(f.Message, "; no payload is compared") ||
		len(f.Locations) != 1 || f.Locations[0].File != "broken.yaml" || f.Locations[0].Line != 1 {
		t.Errorf("unprepared finding %+v", f)
	}
}

// TestCompileError: a definition that fails to compile is blamed on the
// keyword at fault, without the library's wrapping.
func TestCompileError(t *testing.T) {
	ws, doc := load(t, map[string]string{
		"project/spec.yaml": "definitions:\n  Bad:\n    type: object\n    properties:\n      n: {$ref: '#/definitions/Missing'}\n",
	}, "project/spec.yaml")
	p := Prepare(ws, []*reduce.Document{doc}, Options{})[0]
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	nd := p.Defs.ByName["Bad"]
	_, err := nd.Compile(p.Set)
	if err == nil {
		t.Fatal("a $ref to nothing compiled")
	}
	msg, at := nd.CompileError(err)
	if !strings.HasPrefix(msg, "reference target ") || !strings.HasSuffix(msg, "spec.yaml#/definitions/Missing does not exist") ||
		at.Line != 2 || at.Pointer != "/definitions/Bad" {
		t.Errorf("CompileError = %q at %+v", msg, at)
	}
	if msg, at := nd.CompileError(errors.New("boom")); msg != "boom" || at != nd.Location() {
		t.Errorf("a plain error: %q at %+v", msg, at)
	}
	if def := nd.Location(); def.Line != 2 || def.Pointer != "/definitions/Bad" {
		t.Errorf("definition location %+v", def)
	}
}

// TestJSONText: equal values read alike whatever their key order.
func TestJSONText(t *testing.T) {
	a, b := value(t, `{"b": 1, "a": [true, null]}`), value(t, `{"a": [true, null], "b": 1}`)
	if JSONText(a) != JSONText(b) || JSONText(a) != `{"a":[true,null],"b":1}` {
		t.Errorf("JSONText %s vs %s", JSONText(a), JSONText(b))
	}
	if !ContainsJSON([]any{"x", a}, b) || ContainsJSON([]any{"x"}, b) {
		t.Error("ContainsJSON")
	}
}
