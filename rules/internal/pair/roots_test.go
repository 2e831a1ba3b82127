package pair

import (
	"maps"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestRoots pins how file roots of differently named files pair, for parity
// and diffcheck alike: a name both sides define pairs by name (no entry); a
// canonical root pairs with a mirror definition declaring its $id (a root or
// a bundle's entry), else a mirror root with its title, else one equal as
// written; explicit renames stay, and a mirror definition pairs once.
func TestRoots(t *testing.T) {
	def := func(name, ptr, text string) *reduce.Definition {
		doc, err := reduce.Parse([]byte(text), "d.json")
		if err != nil {
			t.Fatal(err)
		}
		return &reduce.Definition{Name: name, Pointer: ptr, Node: doc.Root}
	}
	tests := []struct {
		name              string
		canonical, mirror []*reduce.Definition
		renames, want     map[string]string
	}{
		{name: "same name",
			canonical: []*reduce.Definition{def("bom", "", `{"$id": "x", "type": "object"}`)},
			mirror:    []*reduce.Definition{def("bom", "", `{"$id": "x", "type": "object"}`)},
			want:      map[string]string{}},
		{name: "by $id, a bundle's entry",
			canonical: []*reduce.Definition{def("info", "", `{"$id": "http://e.example/info.json", "type": "object"}`)},
			mirror:    []*reduce.Definition{def("http://e.example/info.json", "/definitions/http:~1~1e.example~1info.json", `{"$id": "http://e.example/info.json", "type": "object"}`)},
			want:      map[string]string{"info": "http://e.example/info.json"}},
		{name: "by title, roots only",
			canonical: []*reduce.Definition{def("debugAdapterProtocol", "", `{"title": "DAP", "type": "object"}`)},
			mirror: []*reduce.Definition{def("Entry", "/definitions/Entry", `{"title": "DAP", "type": "object"}`),
				def("debugProtocol", "", `{"title": "DAP", "type": "array"}`)},
			want: map[string]string{"debugAdapterProtocol": "debugProtocol"}},
		{name: "by content",
			canonical: []*reduce.Definition{def("a", "", `{"type": "string", "maxLength": 3}`)},
			mirror: []*reduce.Definition{def("b", "", `{"type": "string"}`),
				def("c", "", `{"maxLength": 3, "type": "string"}`)},
			want: map[string]string{"a": "c"}},
		{name: "a definition below the root does not pair by content",
			canonical: []*reduce.Definition{def("a", "/$defs/a", `{"type": "string"}`)},
			mirror:    []*reduce.Definition{def("b", "", `{"type": "string"}`)},
			want:      map[string]string{}},
		{name: "explicit renames stay and take their mirror definition",
			canonical: []*reduce.Definition{def("a", "", `{"title": "T", "type": "object"}`), def("z", "", `{"title": "T", "type": "object"}`)},
			mirror:    []*reduce.Definition{def("m", "", `{"title": "T", "type": "object"}`)},
			renames:   map[string]string{"a": "m"},
			want:      map[string]string{"a": "m"}},
		{name: "a mirror root pairs once",
			canonical: []*reduce.Definition{def("a", "", `{"title": "T", "type": "object"}`), def("b", "", `{"title": "T", "type": "object"}`)},
			mirror:    []*reduce.Definition{def("m", "", `{"title": "T", "type": "object"}`)},
			want:      map[string]string{"a": "m"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Roots(tc.canonical, tc.mirror, tc.renames); !maps.Equal(got, tc.want) {
				t.Errorf("Roots = %v, want %v", got, tc.want)
			}
		})
	}
}
