package reduce

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A schema with more subschema keywords than the walk notes in passing is
// walked whole, its subschemas in key order, as one with a few.
func TestWalkManySubschemaKeywords(t *testing.T) {
	keys := []string{"properties", "items", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
		"additionalProperties", "patternProperties", "dependentSchemas", "propertyNames", "contains",
		"prefixItems", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "$defs"}
	for _, n := range []int{1, 15, 16, 17, len(keys)} {
		var members, want []string
		want = append(want, "")
		for _, k := range keys[:n] {
			switch k {
			case "properties", "patternProperties", "dependentSchemas", "$defs":
				members = append(members, fmt.Sprintf("%q: {\"a\": {\"type\": \"string\"}}", k))
				want = append(want, "/"+k+"/a")
			case "allOf", "anyOf", "oneOf", "prefixItems":
				members = append(members, fmt.Sprintf("%q: [{\"type\": \"string\"}]", k))
				want = append(want, "/"+k+"/0")
			default:
				members = append(members, fmt.Sprintf("%q: {\"type\": \"string\"}", k))
				want = append(want, "/"+k)
			}
		}
		doc, err := Parse([]byte("{"+strings.Join(members, ", ")+"}"), "schema.json")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		doc.WalkSchemas(func(s SchemaSite) { got = append(got, s.Pointer) })
		if !slices.Equal(got, want) {
			t.Errorf("%d keywords: sites %q, want %q", n, got, want)
		}
	}
}
