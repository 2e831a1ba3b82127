package reduce

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// disjointPair parses a and b (JSON Schema 2020-12 texts) as two definitions
// of one document and returns them projected, with their reducer.
func disjointPair(t *testing.T, a, b string) (*Reducer, *Schema, *Schema) {
	t.Helper()
	doc, err := Parse([]byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": `+a+`, "B": `+b+`}}`), "d.json")
	if err != nil {
		t.Fatal(err)
	}
	red := NewReducer(nil)
	schema := func(name string) *Schema {
		def := doc.Definition(name)
		return red.Schema(doc, def.Node, def.Pointer)
	}
	return red, schema("A"), schema("B")
}

// TestDisjointByProperty pins when a property both branches require, with
// values apart, proves them disjoint: only when every value both let through
// by type is an object (a string or null satisfies properties and required).
func TestDisjointByProperty(t *testing.T) {
	kind := func(typ, value string) string {
		s := `{"properties": {"kind": {"const": "` + value + `"}}, "required": ["kind"]`
		if typ != "" {
			s += `, "type": ` + typ
		}
		return s + "}"
	}
	for _, c := range []struct {
		name   string
		a, b   string
		proven bool
	}{
		{"both objects", kind(`"object"`, "a"), kind(`"object"`, "b"), true},
		{"one object, one untyped", kind(`"object"`, "a"), kind("", "b"), true},
		{"both untyped", kind("", "a"), kind("", "b"), false},
		{"both nullable objects", kind(`["object", "null"]`, "a"), kind(`["object", "null"]`, "b"), false},
		{"nullable and plain object", kind(`["object", "null"]`, "a"), kind(`"object"`, "b"), true},
		{"object or string against object or integer", kind(`["object", "string"]`, "a"), kind(`["integer", "object"]`, "b"), true},
		{"object or integer against object or number", kind(`["integer", "object"]`, "a"), kind(`["number", "object"]`, "b"), false},
		{"same value", kind(`"object"`, "a"), kind(`"object"`, "a"), false},
	} {
		red, a, b := disjointPair(t, c.a, c.b)
		if got := red.Disjoint(a, b); got != c.proven {
			t.Errorf("%s: Disjoint = %v, want %v", c.name, got, c.proven)
		}
		if got := red.Disjoint(b, a); got != c.proven {
			t.Errorf("%s, swapped: Disjoint = %v, want %v", c.name, got, c.proven)
		}
	}
}

// TestDisjointIsSound generates pairs of schemas from the keywords Disjoint
// reads (type, enum, a required property with a const or an enum) and checks
// every pair it calls disjoint against the JSON Schema library: no value of
// a universe holding each JSON type and objects of each property value
// passes both. It also checks that the generator reaches both answers.
func TestDisjointIsSound(t *testing.T) {
	universe := []string{`null`, `true`, `0`, `1.5`, `"a"`, `"b"`, `[]`, `{}`,
		`{"kind": "a"}`, `{"kind": "b"}`, `{"kind": "c"}`, `{"kind": 0}`, `{"kind": null}`}
	types := []string{"object", "string", "null", "integer", "number", "array"}
	values := []string{`"a"`, `"b"`, `"c"`, `0`, `null`}
	rng := rand.New(rand.NewPCG(27, 44))
	subset := func(from []string, max int) []string {
		out := slices.Clone(from)
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out[:1+rng.IntN(max)]
	}
	gen := func() string {
		var parts []string
		if rng.IntN(3) > 0 {
			ts := subset(types, 3)
			raw, _ := json.Marshal(ts)
			parts = append(parts, `"type": `+string(raw))
		}
		if rng.IntN(5) == 0 {
			parts = append(parts, `"enum": [`+strings.Join(subset(universe, 4), ", ")+`]`)
		}
		if rng.IntN(4) > 0 {
			parts = append(parts, `"properties": {"kind": {"enum": [`+strings.Join(subset(values, 2), ", ")+`]}}`, `"required": ["kind"]`)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	compile := func(text string) *jsonschema.Schema {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("s.json", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("s.json")
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return s
	}
	instances := make([]any, len(universe))
	for i, v := range universe {
		x, err := jsonschema.UnmarshalJSON(strings.NewReader(v))
		if err != nil {
			t.Fatal(err)
		}
		instances[i] = x
	}
	proven, shared := 0, 0
	for range 1500 {
		ta, tb := gen(), gen()
		red, a, b := disjointPair(t, ta, tb)
		if !red.Disjoint(a, b) {
			continue
		}
		proven++
		sa, sb := compile(ta), compile(tb)
		for i, x := range instances {
			if sa.Validate(x) == nil && sb.Validate(x) == nil {
				shared++
				t.Errorf("Disjoint(%s, %s) is true, but %s satisfies both", ta, tb, universe[i])
			}
		}
	}
	if proven < 100 {
		t.Errorf("only %d of 1500 generated pairs proven disjoint: the generator no longer exercises the proof", proven)
	}
	t.Logf("%d pairs proven disjoint, %d shared values", proven, shared)
}
