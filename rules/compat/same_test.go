package compat

import "testing"

// TestSameNodes pins when identical text may skip the comparison: never
// across dialects (nullable means something in 3.0 only), never through a
// $ref that names anything but a definition (its target may have changed).
func TestSameNodes(t *testing.T) {
	cases := []struct {
		name                     string
		baseDialect, headDialect string
		base, head               string
		want                     bool
	}{
		{"identical", "", "", `{"type": "string", "maxLength": 3}`, `{"type": "string", "maxLength": 3}`, true},
		{"a value differs", "", "", `{"type": "string", "maxLength": 3}`, `{"type": "string", "maxLength": 4}`, false},
		{"a number spelt otherwise", "", "", `{"maximum": 1}`, `{"maximum": "1"}`, false},
		{"a ref to a definition", "", "", `{"$ref": "#/$defs/A"}`, `{"$ref": "#/$defs/A"}`, true},
		{"a ref into a definition", "", "", `{"$ref": "#/$defs/A/maxLength"}`, `{"$ref": "#/$defs/A/maxLength"}`, false},
		{"another dialect", "3.0", "3.1", `{"type": "string", "nullable": true}`, `{"type": "string", "nullable": true}`, false},
		{"reordered keys", "", "", `{"type": "string", "maxLength": 3}`, `{"maxLength": 3, "type": "string"}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, b, h := documents(t, tc.baseDialect, tc.headDialect, tc.base, tc.head)
			bd, hd := b.Definition("S"), h.Definition("S")
			if got := sameNodes(b, h, bd.Node, hd.Node); got != tc.want {
				t.Errorf("sameNodes = %v, want %v", got, tc.want)
			}
		})
	}
}
