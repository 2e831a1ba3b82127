package reduce

import (
	"slices"
	"testing"
)

func keywordNames(ks Keywords) []string {
	var out []string
	for _, kw := range ks {
		out = append(out, kw.Name)
	}
	return out
}

// TestKeywords holds Keywords to what a map by name gave: one keyword per
// name (Set replaces), lookups by name, deletion; and to its own promise,
// sorted by name whatever the order of Set.
func TestKeywords(t *testing.T) {
	var ks Keywords
	for _, name := range []string{"type", "allOf", "minimum", "enum", "type"} {
		ks.Set(&Keyword{Name: name, Source: name + "?"})
	}
	if got, want := keywordNames(ks), []string{"allOf", "enum", "minimum", "type"}; !slices.Equal(got, want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	replaced := &Keyword{Name: "enum", Source: "const"}
	ks.Set(replaced)
	if len(ks) != 4 || ks.Get("enum") != replaced {
		t.Errorf("Set did not replace enum: %q, enum from %q", keywordNames(ks), ks.Get("enum").Source)
	}
	if ks.Get("maximum") != nil {
		t.Error("Get found a keyword never set")
	}
	clone := ks.Clone()
	ks.Delete("allOf")
	ks.Delete("maximum") // absent: nothing happens
	if got, want := keywordNames(ks), []string{"enum", "minimum", "type"}; !slices.Equal(got, want) {
		t.Errorf("after Delete: %q, want %q", got, want)
	}
	if got, want := keywordNames(clone), []string{"allOf", "enum", "minimum", "type"}; !slices.Equal(got, want) {
		t.Errorf("the clone changed with the original: %q, want %q", got, want)
	}
}

// TestProjectionBlocksDoNotShare checks that lists carved from the
// reducer's blocks grow without writing into their neighbours: a keyword
// list past the room its schema's keys gave it, and a one-member set that
// gains a member (nullable adds null to type).
func TestProjectionBlocksDoNotShare(t *testing.T) {
	r := NewReducer(nil)
	a, b := r.newKeywords(1), r.newKeywords(1)
	b.Set(&Keyword{Name: "type"})
	a.Set(&Keyword{Name: "enum"})
	a.Set(&Keyword{Name: "minimum"})
	if got := keywordNames(b); !slices.Equal(got, []string{"type"}) {
		t.Errorf("growing one keyword list changed the next: %q", got)
	}
	s1, s2 := r.single("string"), r.single("integer")
	s1 = addToSet(s1, "null")
	if !slices.Equal(s1, []string{"null", "string"}) || !slices.Equal(s2, []string{"integer"}) {
		t.Errorf("adding to one set changed the next: %q and %q", s1, s2)
	}
}
