package validate

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestConjuncts: s first, then its $ref and allOf targets depth first, each
// once, a cycle followed once and a long chain cut.
func TestConjuncts(t *testing.T) {
	a, b, c, d := &jsonschema.Schema{}, &jsonschema.Schema{}, &jsonschema.Schema{}, &jsonschema.Schema{}
	a.Ref = b
	a.AllOf = []*jsonschema.Schema{c, b}
	b.AllOf = []*jsonschema.Schema{d}
	d.Ref = a // a cycle
	got := Conjuncts(a)
	want := []*jsonschema.Schema{a, b, d, c}
	if len(got) != len(want) {
		t.Fatalf("got %d schemas, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("schema %d out of order", i)
		}
	}
	chain := &jsonschema.Schema{}
	for s, i := chain, 0; i < 200; i++ {
		s.Ref = &jsonschema.Schema{}
		s = s.Ref
	}
	if n := len(Conjuncts(chain)); n != maxConjunctDepth+1 {
		t.Errorf("a chain of 201 gives %d conjuncts, want %d", n, maxConjunctDepth+1)
	}
}
