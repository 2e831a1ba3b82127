package differential

import (
	"strings"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// patternSamples returns strings built to match an ECMA-262 pattern: each
// alternation, repetition and class resolved one of a few ways. Lookarounds
// and backreferences are ignored here; callers verify each string with the
// real engine.
func patternSamples(src string) []string {
	tree, err := ecmaregex.Parse(src, ecmaregex.Unicode)
	if err != nil {
		if tree, err = ecmaregex.Parse(src, ecmaregex.Legacy); err != nil {
			return nil
		}
	}
	var out []string
	for mode := 0; mode < 6; mode++ {
		var b strings.Builder
		w := patternWriter{mode: mode, b: &b}
		w.write(tree, 0)
		if b.Len() <= 1<<16 {
			out = append(out, b.String())
		}
	}
	return out
}

type patternWriter struct {
	// mode picks alternatives (even: first, odd: last), repeat counts
	// (mode/2 == 0: the minimum, 1: at least one, 2: two more than the
	// minimum) and class members.
	mode int
	b    *strings.Builder
}

// maxPatternRepeat bounds one repetition's count in a sample.
const maxPatternRepeat = 256

func (w *patternWriter) write(n *ecmaregex.Node, depth int) {
	if n == nil || depth > 200 || w.b.Len() > 1<<16 {
		return
	}
	switch n.Kind {
	case ecmaregex.KindAlternate:
		if len(n.Sub) == 0 {
			return
		}
		i := 0
		if w.mode%2 == 1 {
			i = len(n.Sub) - 1
		}
		w.write(n.Sub[i], depth+1)
	case ecmaregex.KindConcat:
		for _, s := range n.Sub {
			w.write(s, depth+1)
		}
	case ecmaregex.KindLiteral:
		w.b.WriteRune(n.Rune)
	case ecmaregex.KindDot:
		w.b.WriteByte('a')
	case ecmaregex.KindClass:
		w.b.WriteRune(w.classMember(n))
	case ecmaregex.KindClassEscape:
		w.b.WriteRune(escapeMember(n.Esc))
	case ecmaregex.KindProperty:
		if n.Negate {
			w.b.WriteByte('0')
		} else {
			w.b.WriteByte('a')
		}
	case ecmaregex.KindGroup, ecmaregex.KindNonCapture:
		if len(n.Sub) > 0 {
			w.write(n.Sub[0], depth+1)
		}
	case ecmaregex.KindRepeat:
		count := n.Min
		switch w.mode / 2 {
		case 1:
			if count < 1 {
				count = 1
			}
		case 2:
			count += 2
		}
		if n.Max >= 0 && count > n.Max {
			count = n.Max
		}
		if count > maxPatternRepeat {
			count = maxPatternRepeat
		}
		for i := 0; i < count && len(n.Sub) > 0; i++ {
			w.write(n.Sub[0], depth+1)
		}
	}
}

// classMember picks a character of a class: for [^...] one the listed
// members do not obviously include.
func (w *patternWriter) classMember(n *ecmaregex.Node) rune {
	if n.Negate {
		for _, r := range []rune{'x', 'a', '0', 'Z', '_', '-', ' ', '!'} {
			if !classHas(n, r) {
				return r
			}
		}
		return '~'
	}
	var members []rune
	for _, s := range n.Sub {
		switch s.Kind {
		case ecmaregex.KindLiteral:
			members = append(members, s.Rune)
		case ecmaregex.KindRange:
			lo, hi := s.Lo, s.Hi
			if len(s.Sub) == 2 {
				lo, hi = s.Sub[0].Rune, s.Sub[1].Rune
			}
			r := lo
			for _, pref := range []rune{'a', 'A', '1', '0'} {
				if pref >= lo && pref <= hi {
					r = pref
					break
				}
			}
			members = append(members, r)
		case ecmaregex.KindClassEscape:
			members = append(members, escapeMember(s.Esc))
		case ecmaregex.KindProperty:
			members = append(members, 'a')
		}
	}
	if len(members) == 0 {
		return 'a'
	}
	if w.mode%2 == 1 {
		return members[len(members)-1]
	}
	return members[0]
}

func classHas(n *ecmaregex.Node, r rune) bool {
	for _, s := range n.Sub {
		switch s.Kind {
		case ecmaregex.KindLiteral:
			if s.Rune == r {
				return true
			}
		case ecmaregex.KindRange:
			lo, hi := s.Lo, s.Hi
			if len(s.Sub) == 2 {
				lo, hi = s.Sub[0].Rune, s.Sub[1].Rune
			}
			if r >= lo && r <= hi {
				return true
			}
		case ecmaregex.KindClassEscape, ecmaregex.KindProperty:
			return true // unsure: assume it may include r
		}
	}
	return false
}

func escapeMember(esc byte) rune {
	switch esc {
	case 'd':
		return '0'
	case 'D', 'S', 'w':
		return 'a'
	case 's':
		return ' '
	case 'W':
		return '-'
	}
	return 'a'
}
