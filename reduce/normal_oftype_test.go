package reduce

import "testing"

// TestOfType reads values as Canonical writes them, so the type test and the
// canonical format stay in step: each member of a parsed list against each
// type set it is, and is not, of.
func TestOfType(t *testing.T) {
	list := parsedTree([]byte(`["a", 1, 1.0, -7, 1.5, 12345678901234567890123456789012345678901234567890, true, null, {"k": 1}, [1]]`))
	for list.Kind == DocumentNode {
		list = list.Content[0]
	}
	want := []map[string]bool{
		{"string": true, "integer": false},
		{"integer": true, "number": true, "string": false},
		{"integer": true, "number": true},
		{"integer": true},
		{"integer": false, "number": true},
		{"integer": false, "number": true}, // written with an exponent: not known an integer
		{"boolean": true, "null": false},
		{"null": true, "object": false},
		{"object": true, "array": false},
		{"array": true, "object": false},
	}
	if len(list.Content) != len(want) {
		t.Fatalf("parsed %d members, want %d", len(list.Content), len(want))
	}
	for i, n := range list.Content {
		c := Canonical(n)
		for typ, ok := range want[i] {
			if got := OfType([]string{typ}, c); got != ok {
				t.Errorf("OfType(%s, %s) = %v, want %v", typ, c, got, ok)
			}
		}
	}
}
