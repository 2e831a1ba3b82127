package ecmaregex

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// Print renders n as ECMA-262 source for the given mode. Parsing the result
// in that mode gives a tree that Dumps the same as n; spellings are
// normalised (\/ becomes /, \x41 becomes A, octal escapes become \xHH).
func Print(n *Node, mode Mode) string {
	pr := &printer{target: ecmaTarget, mode: mode}
	pr.node(n)
	return pr.b.String()
}

// Translate renders n — a tree parsed in Unicode mode — in the syntax of the
// dialect d so that it matches what the ECMA-262 pattern matches: \s, ., \d,
// \w, \b and $ are spelled out where the dialect reads them differently, \u
// escapes and \p{…} become the dialect's forms. It fails, naming the
// construct, when one has no translation (lookaround in Go, for example).
func Translate(n *Node, d Dialect) (string, error) {
	var t target
	switch d.Name {
	case "go":
		t = goTarget
	case "rust":
		t = rustTarget
	case "python":
		t = pythonTarget
	case "ecma-u":
		return Print(n, Unicode), nil
	case "ecma-legacy":
		return Print(n, Legacy), nil
	default:
		return "", fmt.Errorf("no translation to %s", d)
	}
	pr := &printer{target: t, mode: Unicode}
	pr.node(n)
	if pr.err != nil {
		return "", pr.err
	}
	return pr.b.String(), nil
}

type target uint8

const (
	ecmaTarget target = iota
	goTarget
	rustTarget
	pythonTarget
)

type printer struct {
	b      strings.Builder
	target target
	mode   Mode
	err    error
	// prevBackref is set right after a numbered backreference, so a digit
	// that follows is not read as part of it.
	prevBackref bool
	// names holds the group names written, so a name ES2025 lets repeat in
	// another alternative is written once in dialects that forbid repeats.
	names map[string]bool
}

// fail records the first construct the target cannot spell.
func (pr *printer) fail(what string) {
	if pr.err == nil {
		pr.err = fmt.Errorf("%s has no translation to %s", what, pr.target.name())
	}
}

func (t target) name() string {
	switch t {
	case goTarget:
		return "go"
	case rustTarget:
		return "rust"
	case pythonTarget:
		return "python"
	}
	return "ecma"
}

func (pr *printer) node(n *Node) {
	after := pr.prevBackref
	pr.prevBackref = false
	b := &pr.b
	switch n.Kind {
	case KindEmpty:
	case KindAlternate:
		for i, s := range n.Sub {
			if i > 0 {
				b.WriteByte('|')
			}
			pr.node(s)
		}
	case KindConcat:
		for _, s := range n.Sub {
			pr.node(s)
		}
	case KindLiteral:
		if after && n.Rune >= '0' && n.Rune <= '9' {
			fmt.Fprintf(b, `\x%02X`, n.Rune)
			return
		}
		pr.literal(n.Rune, false)
	case KindDot:
		if pr.target == ecmaTarget {
			b.WriteByte('.')
		} else {
			pr.ranges(complement(dotExcluded), false)
		}
	case KindClass:
		pr.class(n)
	case KindClassEscape, KindProperty:
		if s, ok := pr.nativeEscape(n); ok {
			b.WriteString(s)
			return
		}
		rs, ok := pr.escapeRanges(n)
		if !ok {
			return
		}
		pr.ranges(rs, false)
	case KindStart:
		b.WriteByte('^')
	case KindEnd:
		if pr.target == pythonTarget {
			b.WriteString(`\Z`) // Python's $ also matches before a final newline
		} else {
			b.WriteByte('$')
		}
	case KindWordBoundary, KindNotWordBoundary:
		esc := `\b`
		if n.Kind == KindNotWordBoundary {
			esc = `\B`
		}
		switch pr.target {
		case rustTarget:
			b.WriteString("(?-u:" + esc + ")")
		case pythonTarget:
			b.WriteString("(?a:" + esc + ")")
		default:
			b.WriteString(esc)
		}
	case KindGroup:
		switch {
		case n.Name == "":
			b.WriteByte('(')
		case pr.target == ecmaTarget:
			b.WriteString("(?<" + n.Name + ">")
		case asciiWord(n.Name) && !pr.names[n.Name]:
			if pr.names == nil {
				pr.names = map[string]bool{}
			}
			pr.names[n.Name] = true
			b.WriteString("(?P<" + n.Name + ">")
		default:
			b.WriteByte('(') // the dialect cannot spell the name; the group still captures
		}
		pr.node(n.Sub[0])
		b.WriteByte(')')
	case KindNonCapture:
		b.WriteString("(?" + n.Flags + ":")
		pr.node(n.Sub[0])
		b.WriteByte(')')
	case KindLookahead, KindLookbehind:
		if pr.target == goTarget || pr.target == rustTarget {
			pr.fail("lookaround")
		}
		if pr.target == pythonTarget && n.Kind == KindLookbehind {
			if min, max := Width(n.Sub[0]); min != max {
				pr.fail("a variable-width lookbehind")
			}
		}
		b.WriteString("(?")
		if n.Kind == KindLookbehind {
			b.WriteByte('<')
		}
		if n.Negate {
			b.WriteByte('!')
		} else {
			b.WriteByte('=')
		}
		pr.node(n.Sub[0])
		b.WriteByte(')')
	case KindBackref:
		switch {
		case pr.target == goTarget || pr.target == rustTarget:
			pr.fail("a backreference")
		case n.Name != "" && pr.target == pythonTarget:
			b.WriteString("(?P=" + n.Name + ")")
		case n.Name != "":
			b.WriteString(`\k<` + n.Name + ">")
		default:
			b.WriteString(`\` + strconv.Itoa(n.Index))
			pr.prevBackref = true
		}
	case KindRepeat:
		pr.node(n.Sub[0])
		pr.prevBackref = false
		switch {
		case n.Min == 0 && n.Max == -1:
			b.WriteByte('*')
		case n.Min == 1 && n.Max == -1:
			b.WriteByte('+')
		case n.Min == 0 && n.Max == 1:
			b.WriteByte('?')
		case n.Max == -1:
			fmt.Fprintf(b, "{%d,}", n.Min)
		case n.Min == n.Max:
			fmt.Fprintf(b, "{%d}", n.Min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.Min, n.Max)
		}
		if pr.target == goTarget && (n.Min > 1000 || n.Max > 1000) {
			pr.fail("a repeat count above 1000")
		}
		if n.Lazy {
			b.WriteByte('?')
		}
		if n.Possessive {
			if pr.target == goTarget || pr.target == rustTarget {
				pr.fail("a possessive quantifier")
			}
			b.WriteByte('+')
		}
	case KindForeign:
		pr.foreign(n)
	}
}

func (pr *printer) foreign(n *Node) {
	b := &pr.b
	switch n.Name {
	case ForeignInlineFlags:
		b.WriteString("(?" + n.Value + ")")
	case ForeignComment:
		if pr.target == goTarget || pr.target == rustTarget {
			pr.fail("a comment group")
		}
		b.WriteString("(?#" + n.Value + ")")
	case ForeignPyBackref:
		if pr.target == goTarget || pr.target == rustTarget {
			pr.fail("a backreference")
		}
		b.WriteString("(?P=" + n.Value + ")")
	case ForeignAtomic:
		if pr.target == goTarget || pr.target == rustTarget {
			pr.fail("an atomic group")
		}
		b.WriteString("(?>")
		pr.node(n.Sub[0])
		b.WriteByte(')')
	case ForeignPyGroup:
		b.WriteString("(?P<" + n.Value + ">")
		pr.node(n.Sub[0])
		b.WriteByte(')')
	}
}

func asciiWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return s != "" && !(s[0] >= '0' && s[0] <= '9')
}

// ECMA-262's \s: WhiteSpace and LineTerminator.
var ecmaSpace = []runeRange{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
	{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}

// dotExcluded is what . does not match without the s flag: line terminators.
var dotExcluded = []runeRange{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}

var (
	ecmaDigit = []runeRange{{'0', '9'}}
	ecmaWord  = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
)

// escapeRangesECMA returns the code points a \d \s \w escape (or its negation)
// matches in ECMA-262.
func escapeRangesECMA(esc byte) []runeRange {
	var rs []runeRange
	switch esc | 0x20 {
	case 'd':
		rs = ecmaDigit
	case 's':
		rs = ecmaSpace
	case 'w':
		rs = ecmaWord
	}
	if esc >= 'A' && esc <= 'Z' {
		return complement(rs)
	}
	return rs
}

// nativeEscape returns the target's own spelling of a class escape or
// property when it means the same as in ECMA-262.
func (pr *printer) nativeEscape(n *Node) (string, bool) {
	if pr.target == ecmaTarget {
		if n.Kind == KindClassEscape {
			return `\` + string(n.Esc), true
		}
		return n.PropertySource(), true
	}
	if n.Kind == KindClassEscape {
		if pr.target == goTarget && (n.Esc|0x20 == 'd' || n.Esc|0x20 == 'w') {
			return `\` + string(n.Esc), true // RE2's \d and \w are ASCII, as in ECMA-262
		}
		return "", false
	}
	p := `\p`
	if n.Negate {
		p = `\P`
	}
	kind, canon := ClassifyProperty(n.Name, n.Value)
	switch pr.target {
	case rustTarget:
		return n.PropertySource(), true
	case goTarget:
		switch kind {
		case PropCategory:
			if canon != "LC" {
				return p + "{" + canon + "}", true
			}
		case PropScript:
			if unicode.Scripts[canon] != nil {
				return p + "{" + canon + "}", true
			}
		}
	}
	return "", false
}

// PropertySource renders a property node in ECMA-262 syntax.
func (n *Node) PropertySource() string {
	p := `\p`
	if n.Negate {
		p = `\P`
	}
	if n.Name != "" {
		return p + "{" + n.Name + "=" + n.Value + "}"
	}
	return p + "{" + n.Value + "}"
}

// escapeRanges returns the code points of a class escape or property, or
// records a failure when the target has no table for it.
func (pr *printer) escapeRanges(n *Node) ([]runeRange, bool) {
	if n.Kind == KindClassEscape {
		return escapeRangesECMA(n.Esc), true
	}
	kind, canon := ClassifyProperty(n.Name, n.Value)
	rs, ok := propertyRanges(kind, canon)
	if !ok {
		pr.fail("property " + n.PropertySource())
		return nil, false
	}
	if n.Negate {
		rs = complement(rs)
	}
	return rs, true
}

// ranges writes a class of rs, bare (inside an enclosing class) or bracketed.
func (pr *printer) ranges(rs []runeRange, bare bool) {
	b := &pr.b
	if !bare {
		// a set reaching both ends reads better as the negation of its gaps
		if len(rs) == 0 || rs[0].lo == 0 && rs[len(rs)-1].hi == unicode.MaxRune && len(rs) > 1 {
			gaps := complement(rs)
			if len(gaps) == 0 {
				gaps = []runeRange{{0, unicode.MaxRune}}
			}
			b.WriteString("[^")
			for _, r := range gaps {
				pr.rangeText(r)
			}
			b.WriteString("]")
			return
		}
		b.WriteByte('[')
	}
	for _, r := range rs {
		pr.rangeText(r)
	}
	if !bare {
		b.WriteByte(']')
	}
}

func (pr *printer) rangeText(r runeRange) {
	pr.literal(r.lo, true)
	if r.hi != r.lo {
		if r.hi > r.lo+1 {
			pr.b.WriteByte('-')
		}
		pr.literal(r.hi, true)
	}
}

func (pr *printer) class(n *Node) {
	b := &pr.b
	if pr.target == ecmaTarget {
		b.WriteByte('[')
		if n.Negate {
			b.WriteByte('^')
		}
		for _, s := range n.Sub {
			switch s.Kind {
			case KindRange:
				pr.literal(s.Lo, true)
				b.WriteByte('-')
				pr.literal(s.Hi, true)
			case KindLiteral:
				pr.literal(s.Rune, true)
			default:
				t, _ := pr.nativeEscape(s)
				b.WriteString(t)
			}
		}
		b.WriteByte(']')
		return
	}
	// Other dialects: natives where they mean the same, ranges otherwise; an
	// empty class has no spelling there, so it becomes an impossible range.
	var natives []string
	var rs []runeRange
	for _, s := range n.Sub {
		switch s.Kind {
		case KindRange:
			rs = append(rs, runeRange{s.Lo, s.Hi})
		case KindLiteral:
			rs = append(rs, runeRange{s.Rune, s.Rune})
		default:
			if t, ok := pr.nativeEscape(s); ok {
				natives = append(natives, t)
				continue
			}
			if more, ok := pr.escapeRanges(s); ok {
				rs = append(rs, more...)
			}
		}
	}
	rs = union(rs)
	if len(natives) == 0 {
		if n.Negate {
			rs = complement(rs)
		}
		pr.ranges(rs, false)
		return
	}
	b.WriteByte('[')
	if n.Negate {
		b.WriteByte('^')
	}
	for _, t := range natives {
		b.WriteString(t)
	}
	pr.ranges(rs, true)
	b.WriteByte(']')
}

// literal writes one character, escaped as the target and position need.
func (pr *printer) literal(r rune, inClass bool) {
	b := &pr.b
	meta := `^$\.*+?()[]{}|`
	if inClass {
		meta = `\]-^[`
		switch pr.target {
		case rustTarget:
			meta = `\]-^[&~`
		case pythonTarget:
			meta = `\]-^[&~|`
		}
	}
	switch {
	case r < utf8Self && strings.ContainsRune(meta, r):
		b.WriteByte('\\')
		b.WriteRune(r)
	case r == ' ' || r > ' ' && r != 0x7F && unicode.IsPrint(r) && !utf16.IsSurrogate(r) && (r <= 0xFFFF || pr.mode == Unicode):
		b.WriteRune(r)
	default:
		pr.escapeRune(r)
	}
}

const utf8Self = 0x80

func (pr *printer) escapeRune(r rune) {
	b := &pr.b
	if i := strings.IndexRune("\t\n\v\f\r", r); i >= 0 && r != 0 {
		b.WriteString(`\` + string("tnvfr"[i]))
		return
	}
	switch pr.target {
	case ecmaTarget:
		switch {
		case r > 0xFFFF:
			fmt.Fprintf(b, `\u{%X}`, r)
		case utf16.IsSurrogate(r) && pr.mode == Unicode:
			fmt.Fprintf(b, `\u{%X}`, r) // the brace form never pairs with a neighbour
		default:
			fmt.Fprintf(b, `\u%04X`, r)
		}
	case pythonTarget:
		switch {
		case r <= 0xFF:
			fmt.Fprintf(b, `\x%02x`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	default:
		fmt.Fprintf(b, `\x{%X}`, r)
	}
}

// Width returns the least and greatest number of characters n can match;
// max is -1 when unbounded.
func Width(n *Node) (min, max int) {
	switch n.Kind {
	case KindLiteral, KindDot, KindClass, KindClassEscape, KindProperty:
		return 1, 1
	case KindConcat:
		for _, s := range n.Sub {
			a, b := Width(s)
			min += a
			if max >= 0 {
				if b < 0 {
					max = -1
				} else {
					max += b
				}
			}
		}
		return min, max
	case KindAlternate:
		for i, s := range n.Sub {
			a, b := Width(s)
			if i == 0 || a < min {
				min = a
			}
			if i == 0 || max >= 0 && (b < 0 || b > max) {
				max = b
			}
		}
		return min, max
	case KindGroup, KindNonCapture:
		return Width(n.Sub[0])
	case KindForeign:
		if len(n.Sub) > 0 {
			return Width(n.Sub[0])
		}
	case KindRepeat:
		a, b := Width(n.Sub[0])
		min = sat(a, n.Min)
		switch {
		case n.Max < 0 && b != 0, b < 0:
			max = -1
		default:
			max = sat(b, n.Max)
		}
		return min, max
	case KindBackref:
		return 0, -1
	}
	return 0, 0
}

func sat(a, b int) int {
	if a != 0 && b > MaxCount/a {
		return MaxCount
	}
	return a * b
}
