package regex

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// TestInertPartsDecideNothing generates patterns and holds inert to its
// claim: deleting every part it returns leaves the pattern matching (by
// search, as JSON Schema reads a pattern) exactly the strings it matched,
// on generated strings holding the characters dialects read differently.
// Deleting a nullable part in the middle, or a trailing part that must
// match once, changes the verdict on some string: the check can fail.
func TestInertPartsDecideNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 43))
	inputs := []string{"", "ba", "1a", "a\r", "a\n", "\ra", "ab1"}
	alphabet := []string{"a", "b", "1", "\n", "\r", " ", "\u2028", "٣"}
	for range 400 {
		var b strings.Builder
		for range rng.IntN(7) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		inputs = append(inputs, b.String())
	}
	agree := func(p, q string) (string, bool) {
		rp, rq := regexp.MustCompile(p), regexp.MustCompile(q)
		for _, s := range inputs {
			if rp.MatchString(s) != rq.MatchString(s) {
				return s, false
			}
		}
		return "", true
	}
	checked, trimmed := 0, 0
	for range 3000 {
		p := genPattern(rng, 0)
		tree, err := ecmaregex.Parse(p, ecmaregex.Unicode)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		spans := inert(tree)
		checked++
		if len(spans) == 0 {
			continue
		}
		trimmed++
		q := cut(p, spans)
		if s, ok := agree(p, q); !ok {
			t.Fatalf("%q without its inert parts (%q) disagrees on %q", p, q, s)
		}
	}
	if trimmed < checked/4 {
		t.Fatalf("only %d of %d generated patterns had an inert part", trimmed, checked)
	}
	// the unequal side: parts inert would not return change the verdict
	for _, c := range [][2]string{
		{`a.*b`, `ab`},    // a nullable part in the middle
		{`^a.+`, `^a`},    // a trailing part that must match once
		{`^a.*$`, `^a$`},  // a trailing part before an anchor
		{`\b.*a`, `\ba`},  // a leading part after an assertion
		{`(?:.|^)a`, `a`}, // a leading part holding an anchor
	} {
		if _, ok := agree(c[0], c[1]); ok {
			t.Errorf("deleting a part of %q (%q) changed nothing on the inputs: the check could not fail", c[0], c[1])
		}
		tree, err := ecmaregex.Parse(c[0], ecmaregex.Unicode)
		if err != nil {
			t.Fatal(err)
		}
		if q := cut(c[0], inert(tree)); q == c[1] {
			t.Errorf("inert(%q) returns the part whose deletion changes the verdict", c[0])
		}
	}
}

// cut deletes the spans from p.
func cut(p string, spans []ecmaregex.Span) string {
	keep := make([]bool, len(p))
	for i := range keep {
		keep[i] = true
	}
	for _, s := range spans {
		for i := s.Start; i < s.End; i++ {
			keep[i] = false
		}
	}
	var b strings.Builder
	for i := range p {
		if keep[i] {
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// genPattern returns a random pattern both ECMA-262 (u mode) and Go read
// alike in structure: literals, dots, classes, \d, groups, alternations,
// quantifiers and anchors.
func genPattern(rng *rand.Rand, depth int) string {
	n := 1 + rng.IntN(4)
	var parts []string
	for range n {
		parts = append(parts, genAtom(rng, depth))
	}
	p := strings.Join(parts, "")
	if depth == 0 && rng.IntN(4) == 0 {
		p += "|" + genPattern(rng, 1)
	}
	return p
}

func genAtom(rng *rand.Rand, depth int) string {
	var a string
	switch k := rng.IntN(10); {
	case k < 3:
		a = []string{"a", "b", "1"}[rng.IntN(3)]
	case k < 5:
		a = "."
	case k == 5:
		a = []string{`\d`, `[ab]`, `\s`}[rng.IntN(3)]
	case k == 6 && depth < 2:
		a = "(" + genPattern(rng, depth+1) + ")"
	case k == 7 && depth < 2:
		a = "(?:" + genPattern(rng, depth+1) + "|" + genAtom(rng, depth+1) + ")"
	case k == 8:
		return []string{"^", "$"}[rng.IntN(2)]
	default:
		a = "."
	}
	switch rng.IntN(6) {
	case 0:
		a += "*"
	case 1:
		a += "+"
	case 2:
		a += "?"
	case 3:
		a += "{0,2}"
	case 4:
		a += "*?"
	}
	return a
}
