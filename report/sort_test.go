package report

import (
	"slices"
	"testing"
)

// TestSortIsTotal gives Sort findings that differ only in a place after the
// first (one message about a shared definition's property against the
// fields of two types) in both orders: the output is the same either way.
func TestSortIsTotal(t *testing.T) {
	mk := func(line int) Finding {
		return Finding{Rule: "types/opaque", Message: "property user is not compared", Locations: []Location{
			{File: "api.json", Line: 7, Column: 3, Pointer: "/$defs/user"},
			{File: "src/models.rs", Line: line, Column: 5},
		}}
	}
	short := Finding{Rule: "types/opaque", Message: "property user is not compared", Locations: []Location{{File: "api.json", Line: 7, Column: 3, Pointer: "/$defs/user"}}}
	a := []Finding{mk(63), mk(23), short}
	b := []Finding{short, mk(23), mk(63)}
	Sort(a)
	Sort(b)
	if !slices.EqualFunc(a, b, func(x, y Finding) bool { return compareLocations(x.Locations, y.Locations) == 0 }) {
		t.Fatalf("Sort depends on the order given: %v against %v", a, b)
	}
	if len(a[0].Locations) != 1 || a[1].Locations[1].Line != 23 || a[2].Locations[1].Line != 63 {
		t.Errorf("order = %v; want the one-place finding, then lines 23 and 63", a)
	}
}
