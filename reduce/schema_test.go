package reduce

import (
	"slices"
	"testing"
)

// TestProjectNormalises pins the normalisation after a schema's keywords
// are read, including a keyword one step adds that a later step drops (a
// draft-07 additionalItems that accepts anything becomes a trivial items,
// dropped like any other), on schemas that hold nothing else those steps
// look at.
func TestProjectNormalises(t *testing.T) {
	doc, err := Parse([]byte(`{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "definitions": {
    "OpenTuple": {"items": [{"type": "string"}], "additionalItems": true},
    "ClosedTuple": {"items": [{"type": "string"}], "additionalItems": false},
    "Defaults": {"minLength": 0, "uniqueItems": false, "required": [], "pattern": ""},
    "AnyType": {"type": ["array", "boolean", "null", "number", "object", "string", "integer"]},
    "LoneRef": {"allOf": [{"$ref": "#/definitions/OpenTuple"}]}
  }
}`), "s.json")
	if err != nil {
		t.Fatal(err)
	}
	red := NewReducer(nil)
	for name, want := range map[string][]string{
		"OpenTuple":   {"prefixItems"},
		"ClosedTuple": {"items", "prefixItems"},
		"Defaults":    nil,
		"AnyType":     nil,
		"LoneRef":     nil,
	} {
		def := doc.Definition(name)
		s := red.Schema(doc, def.Node, def.Pointer)
		var got []string
		for _, kw := range s.Keywords {
			got = append(got, kw.Name)
		}
		if !slices.IsSorted(got) {
			t.Errorf("%s: keywords %q not sorted by name", name, got)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: keywords %q, want %q", name, got, want)
		}
	}
}
