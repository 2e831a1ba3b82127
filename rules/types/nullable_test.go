package types

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/wirelint/wirelint/reduce"
)

// TestNullableReadingAgreesWithValidation generates anyOf and oneOf lists of
// branches (a type or enum, with or without null; null alone) and holds the
// family's reading of a property as nullable to the JSON Schema library's
// verdict on null: read nullable only where null validates, and, for a list
// holding a null-only branch (the shape both readings claim), nullable
// wherever null validates.
func TestNullableReadingAgreesWithValidation(t *testing.T) {
	types := []string{"string", "integer", "number", "boolean", "object", "array", "null"}
	values := []string{`"a"`, `"b"`, `0`, `true`, `null`}
	rng := rand.New(rand.NewPCG(44, 27))
	subset := func(from []string, max int) []string {
		out := slices.Clone(from)
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out[:1+rng.IntN(max)]
	}
	branch := func() string {
		switch rng.IntN(4) {
		case 0:
			return []string{`{"type": "null"}`, `{"enum": [null]}`}[rng.IntN(2)]
		case 1:
			return `{"enum": [` + strings.Join(subset(values, 3), ", ") + `]}`
		default:
			raw, _ := json.Marshal(subset(types, 2))
			return `{"type": ` + string(raw) + `}`
		}
	}
	null, err := jsonschema.UnmarshalJSON(strings.NewReader("null"))
	if err != nil {
		t.Fatal(err)
	}
	nullable, claimed := 0, 0
	for range 2000 {
		branches := make([]string, 2+rng.IntN(3))
		for i := range branches {
			branches[i] = branch()
		}
		text := `{"` + []string{"anyOf", "oneOf"}[rng.IntN(2)] + `": [` + strings.Join(branches, ", ") + `]}`
		doc, err := reduce.Parse([]byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"P": `+text+`}}`), "p.json")
		if err != nil {
			t.Fatal(err)
		}
		c := &checker{red: reduce.NewReducer(nil)}
		def := doc.Definition("P")
		read := c.read(c.red.Schema(doc, def.Node, def.Pointer)).nullable

		compiler := jsonschema.NewCompiler()
		raw, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if err := compiler.AddResource("p.json", raw); err != nil {
			t.Fatal(err)
		}
		s, err := compiler.Compile("p.json")
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		accepts := s.Validate(null) == nil
		withNullOnly := strings.Contains(text, `{"type": "null"}`) || strings.Contains(text, `{"enum": [null]}`)
		switch {
		case read && !accepts:
			t.Errorf("%s is read nullable, but null does not validate", text)
		case !read && accepts && withNullOnly:
			t.Errorf("%s is not read nullable, but null validates", text)
		}
		if read {
			nullable++
		}
		if withNullOnly {
			claimed++
		}
	}
	if nullable < 200 || claimed < 500 {
		t.Errorf("%d nullable readings, %d lists with a null-only branch: the generator no longer exercises the readings", nullable, claimed)
	}
	t.Logf("%d nullable readings, %d lists with a null-only branch", nullable, claimed)
}
