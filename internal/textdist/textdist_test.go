package textdist

import (
	"math/rand/v2"
	"testing"
)

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

// TestAtMostAgreesWithLevenshtein: on generated pairs of strings (near and
// far, of equal and unequal lengths, some longer than AtMost's stack row,
// some sharing a prefix and suffix),
// AtMost(a, b, k) is Levenshtein(a, b) when that is at most k and k+1 when
// it is more, for k from 0 to 4.
func TestAtMostAgreesWithLevenshtein(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcde"[rng.IntN(5)]
		}
		return string(b)
	}
	near := func(s string) string {
		b := []byte(s)
		for range rng.IntN(4) {
			switch i := rng.IntN(len(b) + 1); rng.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{'x'}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = 'y'
				}
			}
		}
		return string(b)
	}
	for n := range 20000 {
		a := word(rng.IntN(12))
		if n%50 == 0 {
			a = word(60 + rng.IntN(20))
		}
		b := near(a)
		if n%3 == 0 {
			b = word(rng.IntN(12))
		}
		if n%5 == 0 { // a shared prefix and suffix, as names in one $defs have
			p, q := word(rng.IntN(6)), word(rng.IntN(6))
			a, b = p+a+q, p+b+q
		}
		full := Levenshtein(a, b)
		for k := range 5 {
			if got, want := AtMost(a, b, k), min(full, k+1); got != want {
				t.Fatalf("AtMost(%q, %q, %d) = %d, want %d (distance %d)", a, b, k, got, want, full)
			}
		}
	}
}
