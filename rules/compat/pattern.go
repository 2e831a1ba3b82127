package compat

import (
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of the pattern comparison: past them the languages are not
// compared and the change stays incomparable.
const (
	maxPatternInsts  = 4000
	maxPatternStates = 20000
	// maxPatternSteps bounds the runes tried over all states (a class such
	// as \p{L} tells hundreds of intervals apart).
	maxPatternSteps = 50_000
)

// patternLanguages compares the languages of two ECMA-262 patterns as JSON
// Schema applies them (a string is valid when the pattern matches anywhere
// in it). It returns the effect of going from base to head, and one string
// only base accepts and one only head accepts ("" with ok false when the
// difference is empty that way). decided is false when a pattern uses a
// construct whose meaning this comparison does not model exactly (a
// lookaround, a backreference, \s, \b, a case-insensitive flag) or the
// comparison would grow past its limits.
func patternLanguages(base, head string) (effect Effect, onlyBase, onlyHead separator, decided bool) {
	bp, ok := patternProg(base)
	if !ok {
		return Incomparable, separator{}, separator{}, false
	}
	hp, ok := patternProg(head)
	if !ok {
		return Incomparable, separator{}, separator{}, false
	}
	onlyBase, onlyHead, decided = separate(bp, hp)
	if !decided {
		return Incomparable, separator{}, separator{}, false
	}
	switch {
	case onlyBase.ok && onlyHead.ok:
		effect = Incomparable
	case onlyBase.ok:
		effect = Narrows
	case onlyHead.ok:
		effect = Widens
	default:
		effect = None
	}
	return effect, onlyBase, onlyHead, true
}

// separator is a string one language holds and the other does not.
type separator struct {
	text string
	ok   bool
}

// patternProg compiles an ECMA-262 pattern, searched anywhere in the string,
// to a Go program, when Go's syntax means the same: the constructs whose
// meaning differs between the two (\s, \S, \b, \B, ., flags, lookarounds,
// backreferences) are refused, and so are patterns Go does not parse.
func patternProg(src string) (*syntax.Prog, bool) {
	if len(src) > 1024 {
		return nil, false
	}
	inClass := false
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\\':
			if i+1 < len(src) {
				switch src[i+1] {
				case 's', 'S', 'b', 'B', 'c', 'k', 'u', 'x', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
					return nil, false
				}
			}
			i++
		case '.':
			if !inClass {
				return nil, false
			} // ECMA's . also refuses \r, U+2028 and U+2029
		case '(':
			if !inClass && i+1 < len(src) && src[i+1] == '?' && !(i+2 < len(src) && src[i+2] == ':') {
				return nil, false
			}
		}
	}
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, false
	}
	anything := &syntax.Regexp{Op: syntax.OpStar, Sub: []*syntax.Regexp{{Op: syntax.OpAnyChar}}}
	search := &syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{anything, re, anything}}
	prog, err := syntax.Compile(search.Simplify())
	if err != nil || len(prog.Inst) > maxPatternInsts {
		return nil, false
	}
	for _, in := range prog.Inst {
		switch in.Op {
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil, false
			}
		case syntax.InstRune:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return nil, false
			}
		}
	}
	return prog, true
}

// closure returns the instructions reachable from pcs without reading a
// rune, at the start and/or end of the string.
func closure(p *syntax.Prog, pcs []uint32, atStart, atEnd bool) []uint32 {
	seen := map[uint32]bool{}
	var out []uint32
	var visit func(pc uint32)
	visit = func(pc uint32) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		in := &p.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			visit(in.Out)
			visit(in.Arg)
		case syntax.InstCapture, syntax.InstNop:
			visit(in.Out)
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			if (op&syntax.EmptyBeginText == 0 || atStart) && (op&syntax.EmptyEndText == 0 || atEnd) {
				visit(in.Out)
			}
		case syntax.InstFail:
		default:
			out = append(out, pc)
		}
	}
	for _, pc := range pcs {
		visit(pc)
	}
	return out
}

func accepts(p *syntax.Prog, pcs []uint32, atStart bool) bool {
	for _, pc := range closure(p, pcs, atStart, true) {
		if p.Inst[pc].Op == syntax.InstMatch {
			return true
		}
	}
	return false
}

// runeBounds adds the first rune of every interval the rune instructions
// of pcs tell apart.
func runeBounds(p *syntax.Prog, pcs []uint32, bounds map[rune]bool) {
	for _, pc := range pcs {
		in := &p.Inst[pc]
		switch in.Op {
		case syntax.InstRune1:
			bounds[in.Rune[0]], bounds[in.Rune[0]+1] = true, true
		case syntax.InstRune:
			for i := 0; i+1 < len(in.Rune); i += 2 {
				bounds[in.Rune[i]], bounds[in.Rune[i+1]+1] = true, true
			}
			if len(in.Rune) == 1 {
				bounds[in.Rune[0]], bounds[in.Rune[0]+1] = true, true
			}
		case syntax.InstRuneAnyNotNL:
			bounds['\n'], bounds['\n'+1] = true, true
		}
	}
}

func step(p *syntax.Prog, pcs []uint32, r rune) []uint32 {
	var next []uint32
	for _, pc := range pcs {
		in := &p.Inst[pc]
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if in.MatchRune(r) {
				next = append(next, in.Out)
			}
		}
	}
	sort.Slice(next, func(i, j int) bool { return next[i] < next[j] })
	return compact(next)
}

func compact(s []uint32) []uint32 {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func stateKey(a, b []uint32) string {
	var sb strings.Builder
	for _, v := range a {
		sb.WriteString(strconv.FormatUint(uint64(v), 36))
		sb.WriteByte(',')
	}
	sb.WriteByte('|')
	for _, v := range b {
		sb.WriteString(strconv.FormatUint(uint64(v), 36))
		sb.WriteByte(',')
	}
	return sb.String()
}

// separate runs both programs in step over every string, breadth first (one
// rune per interval the programs tell apart), and returns the shortest
// string each accepts and the other refuses. decided is false past
// maxPatternStates.
func separate(bp, hp *syntax.Prog) (onlyBase, onlyHead separator, decided bool) {
	type state struct {
		base, head []uint32
		text       string
		start      bool
	}
	queue := []state{{base: []uint32{uint32(bp.Start)}, head: []uint32{uint32(hp.Start)}, start: true}}
	seen := map[string]bool{stateKey(queue[0].base, queue[0].head) + "^": true}
	steps := 0
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		ab, ah := accepts(bp, s.base, s.start), accepts(hp, s.head, s.start)
		if ab && !ah && !onlyBase.ok {
			onlyBase = separator{s.text, true}
		}
		if ah && !ab && !onlyHead.ok {
			onlyHead = separator{s.text, true}
		}
		if onlyBase.ok && onlyHead.ok {
			return onlyBase, onlyHead, true
		}
		cb, ch := closure(bp, s.base, s.start, false), closure(hp, s.head, s.start, false)
		bounds := map[rune]bool{0: true, 0xD800: true, 0xE000: true}
		runeBounds(bp, cb, bounds)
		runeBounds(hp, ch, bounds)
		runes := make([]rune, 0, len(bounds))
		for r := range bounds {
			if r >= 0 && r <= utf8.MaxRune && !(r >= 0xD800 && r <= 0xDFFF) {
				runes = append(runes, r)
			}
		}
		sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
		if steps += len(runes); steps > maxPatternSteps {
			return separator{}, separator{}, false
		}
		for _, r := range runes {
			nb, nh := step(bp, cb, r), step(hp, ch, r)
			if len(nb) == 0 && len(nh) == 0 {
				continue
			}
			k := stateKey(nb, nh)
			if seen[k] {
				continue
			}
			if len(seen) >= maxPatternStates {
				return separator{}, separator{}, false
			}
			seen[k] = true
			queue = append(queue, state{base: nb, head: nh, text: s.text + string(r)})
		}
	}
	return onlyBase, onlyHead, true
}
