package reduce

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestValidJSONAgreesWithEncodingJSON checks the fast validator against
// encoding/json on hand-picked edge cases and on generated near-JSON text:
// each valid document mutated by one byte, so both verdicts occur.
func TestValidJSONAgreesWithEncodingJSON(t *testing.T) {
	cases := []string{
		`{}`, `[]`, `0`, `-0`, `1.5e+10`, `"a\u00e9\n"`, ` {"a": [1, 2, {"b": null}]} `, `true`, `false`, `null`,
		`{"a":1,}`, `[1,]`, `{'a':1}`, `NaN`, `01`, `1.`, `.5`, `1e`, `-`, `"\x"`, `"\u12"`, `{"a" 1}`, `{"a":1 "b":2}`,
		`[1 2]`, `{"a":1}{}`, "\"tab\there\"", `tru`, `nul`, `{"a":}`, `a: 1`, `# c` + "\n{}", `{"a":1} // c`, `1e400`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	seeds := []string{`{"$defs": {"A": {"type": ["string", "null"], "maxLength": 64, "pattern": "^a\\d$"}}, "x": [1.5, -2e3, true, false, null]}`}
	for range 3000 {
		b := []byte(seeds[0])
		i := r.IntN(len(b))
		const alphabet = `{}[],:"\ 0123456789.eE+-tfnalsuxyz'`
		b[i] = alphabet[r.IntN(len(alphabet))]
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if got, want := validJSON([]byte(c), maxNesting), json.Valid([]byte(c)); got != want {
			t.Errorf("validJSON(%q) = %v, encoding/json says %v", c, got, want)
		}
	}
	deep := strings.Repeat("[", maxNesting+1) + strings.Repeat("]", maxNesting+1)
	if validJSON([]byte(deep), maxNesting) {
		t.Errorf("validJSON accepted nesting deeper than %d", maxNesting)
	}
}

// FuzzValidJSON: the fast validator and encoding/json agree on any input of
// modest nesting.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, "b", null]}`, `[1,]`, `{"a":1}{}`, `"\ud800"`, `-0.0e-0`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) && validJSON(data, maxNesting) {
			t.Fatalf("validJSON accepts %q, encoding/json does not", data)
		}
		if json.Valid(data) && !validJSON(data, maxNesting) && strings.Count(string(data), "[")+strings.Count(string(data), "{") < maxNesting {
			t.Fatalf("validJSON rejects %q, encoding/json accepts it", data)
		}
	})
}
