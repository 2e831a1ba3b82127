package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestSteps pins the step estimate: each schema visit counts once per value
// it applies to, a $ref graph that doubles at every level saturates at
// max+1 instead of being walked, and so does one that doubles across
// instance levels.
func TestSteps(t *testing.T) {
	var defs []string
	for i := 0; i < 80; i++ {
		defs = append(defs, fmt.Sprintf(`"F%d": {"allOf": [{"$ref": "#/$defs/F%d"}, {"$ref": "#/$defs/F%d"}]}`, i, i+1, i+2))
		defs = append(defs, fmt.Sprintf(`"N%d": {"allOf": [{"properties": {"x": {"$ref": "#/$defs/N%d"}}}, {"properties": {"x": {"$ref": "#/$defs/N%d"}}}]}`, i, i+1, i+1))
	}
	defs = append(defs, `"F80": {"type": "string"}`, `"F81": {"type": "string"}`, `"N80": true`,
		`"Flat": {"type": "object", "properties": {"a": {"type": "string", "pattern": "^x"}, "b": {"enum": [1, 2, 3]}}}`)
	ws, doc := load(t, map[string]string{"project/s.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` + strings.Join(defs, ",") + `}}`}, "project/s.json")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	schema := func(name string) *Schema {
		s, err := set.Schema("/$defs/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Flat: the object, a (1 + 1024/256 for the pattern), b (1 + 3 members)
	if got := schema("Flat").Steps(map[string]any{"a": strings.Repeat("x", 1024), "b": 1.0}, 1000); got != 1+5+4 {
		t.Errorf("Flat: %d steps, want 10", got)
	}
	if got := schema("Flat").Steps(map[string]any{"a": "x"}, 1); got != 2 {
		t.Errorf("Flat past a 1-step budget: %d, want 2 (max+1)", got)
	}
	// F0 expands to Fibonacci(80) visits at one value
	if got := schema("F0").Steps("abc", 1_000_000); got != 1_000_001 {
		t.Errorf("F0: %d steps, want the saturated 1000001", got)
	}
	// F79 itself, its two allOf members (each a {"$ref"} object), F80 and F81
	if got := schema("F79").Steps("abc", 1000); got != 5 {
		t.Errorf("F79: %d steps, want 5", got)
	}
	// N0 doubles at each level of {"x": {"x": ...}}: 2^60 visits at depth 60
	deep := any("leaf")
	for i := 0; i < 60; i++ {
		deep = map[string]any{"x": deep}
	}
	if got := schema("N0").Steps(deep, 1_000_000); got != 1_000_001 {
		t.Errorf("N0 on a 60-deep value: %d steps, want the saturated 1000001", got)
	}
}
