package compat

import "testing"

// TestPatternLanguages pins the effect of a pattern change decided by the
// languages the two patterns accept (searched anywhere in the string), and
// the string each side alone accepts.
func TestPatternLanguages(t *testing.T) {
	for _, c := range []struct {
		base, head string
		want       Effect
		decided    bool
	}{
		{"^sha256$", "^(sha256|sha512)$", Widens, true},
		{"sha256", "sha256|sha512", Widens, true},
		{"^(sha256|sha512)$", "^sha256$", Narrows, true},
		{"^[a-z]+$", "^[a-z][a-z]*$", None, true},
		{"^[a-z]+$", "^[0-9]+$", Incomparable, true},
		{"^[a-z]{1,64}$", "^[a-z]{1,32}$", Narrows, true},
		{"^a", "a", Widens, true},
		{"^[a-zA-Z0-9_-]+$", "^[\\w-]+$", None, true},
		{"^\\d{4}-\\d{2}$", "^[0-9]{4}-[0-9]{2}$", None, true},
		{"^(?=a)", "^a", Incomparable, false},
		{"^a.b$", "^a.c$", Incomparable, false},
		{"^a\\sb$", "^a b$", Incomparable, false},
		{"^[\\p{L}\\p{N}]{1,64}$", "^[\\p{L}]{1,64}$", Incomparable, false}, // past the step budget: not decided
		{"^[\\p{L}]{1,3}$", "^[\\p{L}\\p{N}]{1,3}$", Widens, true},
	} {
		effect, onlyBase, onlyHead, decided := patternLanguages(c.base, c.head)
		if effect != c.want || decided != c.decided {
			t.Errorf("%q → %q: %v (decided %v), want %v (decided %v)", c.base, c.head, effect, decided, c.want, c.decided)
		}
		if onlyBase.ok != (effect == Narrows || effect == Incomparable && decided) || onlyHead.ok != (effect == Widens || effect == Incomparable && decided) {
			t.Errorf("%q → %q: separators %+v %+v do not match %v", c.base, c.head, onlyBase, onlyHead, effect)
		}
	}
	_, _, onlyHead, _ := patternLanguages("^sha256$", "^(sha256|sha512)$")
	if onlyHead.text != "sha512" {
		t.Errorf("only head accepts %q, want sha512", onlyHead.text)
	}
}
