package textdist

import "testing"

// TestLevenshtein pins distances, including the empty and equal cases.
func TestLevenshtein(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "abc", 0},
		{"", "abc", 3},
		{"maxLength", "maxLenght", 2},
		{"maxLength", "maxlength", 1},
		{"kitten", "sitting", 3},
		{"parity/keyword", "parity/keywords", 1},
	} {
		if got := Levenshtein(tc.a, tc.b); got != tc.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Levenshtein(tc.b, tc.a); got != tc.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (not symmetric)", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestOneEdit pins the near misses a hint may name: one insertion, deletion,
// substitution or adjacent swap, and nothing further.
func TestOneEdit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"maxLenght", "maxLength", true}, {"maxLengthh", "maxLength", true}, {"maxLegth", "maxLength", true},
		{"maxLangth", "maxLength", true}, {"maxLength", "maxLength", false}, {"_enum", "enum", true},
		{"_enums", "enum", false}, {"minLenght", "maxLength", false}, {"ab", "ba", true}, {"abc", "cab", false},
		{"", "a", true}, {"", "ab", false},
	} {
		if got := OneEdit(c.a, c.b); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := OneEdit(c.b, c.a); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
