package compat

import (
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestMarkedSides: readOnly drops the request side and writeOnly the
// response side, each read where reduce.Value reads it (the first of a
// repeated key, through an alias), and anything but true drops nothing.
func TestMarkedSides(t *testing.T) {
	scalar := func(v, tag string) *reduce.Node {
		return &reduce.Node{Kind: reduce.ScalarNode, Value: v, Tag: tag}
	}
	yes, no, text := scalar("true", "!!bool"), scalar("false", "!!bool"), scalar("true", "!!str")
	alias := &reduce.Node{Kind: reduce.AliasNode, Alias: yes}
	mapping := func(kv ...any) *reduce.Node {
		m := &reduce.Node{Kind: reduce.MappingNode, Tag: "!!map"}
		for i := 0; i < len(kv); i += 2 {
			m.Content = append(m.Content, scalar(kv[i].(string), "!!str"), kv[i+1].(*reduce.Node))
		}
		return m
	}
	for _, c := range []struct {
		desc string
		n    *reduce.Node
		want Side
	}{
		{"neither", mapping("type", scalar("string", "!!str")), Both},
		{"readOnly", mapping("readOnly", yes), Produced},
		{"writeOnly", mapping("writeOnly", yes), Consumed},
		{"both", mapping("writeOnly", yes, "readOnly", yes), 0},
		{"false and a string", mapping("readOnly", no, "writeOnly", text), Both},
		{"first readOnly false", mapping("readOnly", no, "readOnly", yes), Both},
		{"first readOnly true", mapping("readOnly", yes, "readOnly", no), Produced},
		{"through an alias", mapping("a", yes, "writeOnly", alias), Consumed},
		{"among other keys", mapping("x", yes, "y", no, "readOnly", yes, "w", no), Produced},
		{"not a mapping", scalar("readOnly", "!!str"), Both},
		{"no schema", nil, Both},
	} {
		if got := markedSides(Both, c.n); got != c.want {
			t.Errorf("%s: sides %v, want %v", c.desc, got, c.want)
		}
	}
}

// TestUnionAnyOf holds unionAnyOf equal to the view it stands for,
// unionView(s)["anyOf"], for every schema with or without anyOf, oneOf and
// another keyword.
func TestUnionAnyOf(t *testing.T) {
	for mask := range 8 {
		s := &reduce.Schema{}
		for i, name := range []string{"anyOf", "oneOf", "type"} {
			if mask&(1<<i) != 0 {
				s.Keywords.Set(&reduce.Keyword{Name: name})
			}
		}
		if got, want := unionAnyOf(s), unionView(s)["anyOf"]; got != want {
			t.Errorf("keywords %b: unionAnyOf = %v, unionView's anyOf = %v", mask, got, want)
		}
	}
}
