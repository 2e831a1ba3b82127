package routes

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCouldServeFragments pins, on generated pairs, that a parameter inside
// a gap's fragment matches one segment of a path, whatever its framework's
// spelling: a spec path spelling the fragment with one parameter segment
// each is within the gap's scope (equal); one where a parameter spans two
// segments, or a literal segment differs, is not (unequal).
func TestCouldServeFragments(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	spellings := []func(string) string{
		func(n string) string { return "<" + n + ">" },
		func(n string) string { return "<int:" + n + ">" },
		func(n string) string { return "{" + n + "}" },
		func(n string) string { return ":" + n },
	}
	parse := func(s string) Template {
		t.Helper()
		x, err := ParseTemplate(s, SyntaxOpenAPI)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for n := range 500 {
		// a fragment of 3-5 segments: distinct literal words first and last
		// (a fragment is matched anywhere in the path, so only a literal
		// after a parameter can tell one segment from two), a parameter
		// second, the others either
		var frag, equal, spread, changed []string
		k := 3 + rng.IntN(3)
		for i := range k {
			if i == 1 || i > 1 && i < k-1 && rng.IntN(2) == 0 {
				name := fmt.Sprintf("p%d", i)
				frag = append(frag, spellings[rng.IntN(len(spellings))](name))
				equal = append(equal, "{"+name+"}")
				changed = append(changed, "{"+name+"}")
				spread = append(spread, "{"+name+"}")
				if i == 1 {
					spread = append(spread, "{"+name+"x}")
				}
				continue
			}
			w := fmt.Sprintf("w%d", i)
			frag = append(frag, w)
			equal, spread, changed = append(equal, w), append(spread, w), append(changed, w)
		}
		changed[k-1] = "other"
		u := Unresolved{Method: MethodAny, Fragments: []string{strings.Join(frag, "/")}}
		prefix, suffix := "/api/v1/", ""
		if rng.IntN(2) == 0 {
			suffix = "/{id}"
		}
		for _, c := range []struct {
			segs []string
			want bool
		}{{equal, true}, {spread, false}, {changed, false}} {
			path := prefix + strings.Join(c.segs, "/") + suffix
			if got := u.CouldServe("GET", parse(path)); got != c.want {
				t.Fatalf("case %d: fragment %q on %s: CouldServe = %v, want %v", n, u.Fragments[0], path, got, c.want)
			}
		}
	}
}
