package ecmaregex

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Options configure Parse.
type Options struct {
	// Mode is the grammar: Unicode (the default) or Legacy.
	Mode Mode
	// Foreign makes constructs of other dialects — (?i), (?#…), (?>…),
	// (?P<n>…), (?P=n), possessive quantifiers — KindForeign nodes instead of
	// errors, so their verdict in those dialects can be judged. The result is
	// not an ECMA-262 pattern.
	Foreign bool
}

// maxDepth bounds group nesting so hostile input cannot exhaust the stack.
const maxDepth = 1000

// Parse reads src as an ECMA-262 pattern in the given mode.
func Parse(src string, mode Mode) (*Node, error) {
	return ParseOptions(src, Options{Mode: mode})
}

// ParseOptions reads src as an ECMA-262 pattern with opts.
func ParseOptions(src string, opts Options) (*Node, error) {
	p := &parser{src: src, mode: opts.Mode, foreign: opts.Foreign}
	p.prescan()
	n, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) { // only ')' stops a top-level disjunction
		return nil, p.errAt(ErrUnmatchedParen, p.pos, p.pos+1, "")
	}
	return n, nil
}

type parser struct {
	src     string
	pos     int
	mode    Mode
	foreign bool
	depth   int
	// from the prescan: capture group count and names
	ngroups  int
	names    map[string]bool
	hasNames bool
	// while parsing
	groupIndex int
	seen       map[string]bool
}

func (p *parser) u() bool { return p.mode == Unicode }

func (p *parser) more() bool { return p.pos < len(p.src) }

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) peekAt(i int) byte {
	if p.pos+i < len(p.src) {
		return p.src[p.pos+i]
	}
	return 0
}

func (p *parser) has(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// next decodes the character at pos; invalid UTF-8 reads as U+FFFD, width 1.
func (p *parser) next() (rune, int) {
	r, w := utf8.DecodeRuneInString(p.src[p.pos:])
	if w == 0 {
		return 0, 0
	}
	return r, w
}

func (p *parser) errAt(code Code, start, end int, detail string) *Error {
	if end > len(p.src) {
		end = len(p.src)
	}
	if start > end {
		start = end
	}
	return &Error{Code: code, Span: Span{start, end}, Offset: utf8.RuneCountInString(p.src[:start]), Text: p.src[start:end], Detail: detail}
}

// prescan counts capturing groups and collects group names, which decide
// what \1 and \k mean before the group is reached.
func (p *parser) prescan() {
	s := p.src
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(':
			rest := s[i+1:]
			switch {
			case !strings.HasPrefix(rest, "?"):
				p.ngroups++
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"),
				p.foreign && strings.HasPrefix(rest, "?P<"):
				p.ngroups++
				start := strings.IndexByte(rest, '<') + 1
				if end := strings.IndexByte(rest[start:], '>'); end >= 0 {
					if p.names == nil {
						p.names = map[string]bool{}
					}
					p.names[decodeName(rest[start:start+end])] = true
				}
				p.hasNames = true
			}
		}
	}
}

// decodeName resolves \u escapes in a group name for the prescan.
func decodeName(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	q := &parser{src: s}
	if name, ok := q.groupNameBody(); ok {
		return name
	}
	return s
}

func (p *parser) disjunction() (*Node, error) {
	start := p.pos
	var alts []*Node
	// ES2025: a group name may repeat in different alternatives, so each
	// alternative starts from the names seen before the disjunction.
	base := p.seen
	merged := base
	for {
		if p.hasNames {
			p.seen = copySet(base)
		}
		a, err := p.alternative()
		if err != nil {
			return nil, err
		}
		if p.hasNames {
			if len(merged) == len(base) {
				merged = copySet(base)
			}
			for k := range p.seen {
				merged[k] = true
			}
		}
		alts = append(alts, a)
		if p.peek() != '|' {
			break
		}
		p.pos++
	}
	if p.hasNames {
		p.seen = merged
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &Node{Kind: KindAlternate, Span: Span{start, p.pos}, Sub: alts}, nil
}

func (p *parser) alternative() (*Node, error) {
	start := p.pos
	var terms []*Node
	for p.more() && p.peek() != '|' && p.peek() != ')' {
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t...)
	}
	switch len(terms) {
	case 0:
		return &Node{Kind: KindEmpty, Span: Span{start, start}}, nil
	case 1:
		return terms[0], nil
	}
	return &Node{Kind: KindConcat, Span: Span{start, p.pos}, Sub: terms}, nil
}

// term reads an assertion or a possibly quantified atom. It returns more
// than one node only in Legacy mode, where an astral character is two code
// units and a quantifier binds to the second.
func (p *parser) term() ([]*Node, error) {
	start := p.pos
	quantifiable := true
	var atoms []*Node
	switch {
	case p.peek() == '^':
		p.pos++
		atoms = []*Node{{Kind: KindStart, Span: Span{start, p.pos}}}
		quantifiable = false
	case p.peek() == '$':
		p.pos++
		atoms = []*Node{{Kind: KindEnd, Span: Span{start, p.pos}}}
		quantifiable = false
	case p.has(`\b`), p.has(`\B`):
		k := KindWordBoundary
		if p.peekAt(1) == 'B' {
			k = KindNotWordBoundary
		}
		p.pos += 2
		atoms = []*Node{{Kind: k, Span: Span{start, p.pos}}}
		quantifiable = false
	case p.has("(?="), p.has("(?!"), p.has("(?<="), p.has("(?<!"):
		behind := p.has("(?<")
		neg := p.peekAt(len("(?")) == '!' || behind && p.peekAt(3) == '!'
		if behind {
			p.pos += 4
		} else {
			p.pos += 3
		}
		body, err := p.groupBody(start)
		if err != nil {
			return nil, err
		}
		k := KindLookahead
		if behind {
			k = KindLookbehind
		}
		atoms = []*Node{{Kind: k, Span: Span{start, p.pos}, Sub: []*Node{body}, Negate: neg}}
		// Annex B lets a lookahead be quantified; nothing else may be.
		quantifiable = !p.u() && !behind
	default:
		var err error
		atoms, err = p.atom()
		if err != nil {
			return nil, err
		}
	}
	qstart := p.pos
	min, max, ok, err := p.quantifier()
	if err != nil {
		return nil, err
	}
	if !ok {
		return atoms, nil
	}
	if !quantifiable {
		return nil, p.errAt(ErrNothingToRepeat, qstart, p.pos, "an assertion cannot be quantified")
	}
	rep := &Node{Kind: KindRepeat, Min: min, Max: max}
	if p.peek() == '?' {
		p.pos++
		rep.Lazy = true
	}
	if p.peek() == '+' && !rep.Lazy {
		if !p.foreign {
			return nil, p.errAt(ErrPossessive, qstart, p.pos+1, "ECMA-262 has no possessive quantifiers")
		}
		p.pos++
		rep.Possessive = true
	}
	last := atoms[len(atoms)-1]
	rep.Span = Span{last.Span.Start, p.pos}
	if len(atoms) > 1 {
		rep.Span.Start = qstart // the low surrogate has no source of its own
	}
	rep.Sub = []*Node{last}
	atoms[len(atoms)-1] = rep
	return atoms, nil
}

// quantifier reads * + ? {n} {n,} {n,m}. In Legacy mode a '{' that does not
// start a valid quantifier is no quantifier (and is read as a literal next).
func (p *parser) quantifier() (min, max int, ok bool, err error) {
	switch p.peek() {
	case '*':
		p.pos++
		return 0, -1, true, nil
	case '+':
		p.pos++
		return 1, -1, true, nil
	case '?':
		p.pos++
		return 0, 1, true, nil
	case '{':
		start := p.pos
		min, max, end, valid := scanBraces(p.src, p.pos)
		if !valid {
			if p.u() {
				return 0, 0, false, p.errAt(ErrIncompleteQuant, start, start+1, "write \\{ for a literal brace")
			}
			return 0, 0, false, nil
		}
		p.pos = end
		if max >= 0 && min > max {
			return 0, 0, false, p.errAt(ErrRepeatOrder, start, end, "")
		}
		return min, max, true, nil
	}
	return 0, 0, false, nil
}

// scanBraces reads {n}, {n,} or {n,m} at i and returns the bounds and the end.
func scanBraces(s string, i int) (min, max, end int, ok bool) {
	j := i + 1
	min, j, ok = scanInt(s, j)
	if !ok {
		return 0, 0, 0, false
	}
	max = min
	if j < len(s) && s[j] == ',' {
		j++
		if j < len(s) && s[j] == '}' {
			max = -1
		} else {
			max, j, ok = scanInt(s, j)
			if !ok {
				return 0, 0, 0, false
			}
		}
	}
	if j >= len(s) || s[j] != '}' {
		return 0, 0, 0, false
	}
	return min, max, j + 1, true
}

func scanInt(s string, i int) (int, int, bool) {
	start := i
	n := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if n <= MaxCount/10 {
			n = n*10 + int(s[i]-'0')
		} else {
			n = MaxCount
		}
		if n > MaxCount {
			n = MaxCount
		}
		i++
	}
	return n, i, i > start
}

func (p *parser) atom() ([]*Node, error) {
	start := p.pos
	c := p.peek()
	switch c {
	case '.':
		p.pos++
		return []*Node{{Kind: KindDot, Span: Span{start, p.pos}}}, nil
	case '(':
		n, err := p.group()
		if err != nil {
			return nil, err
		}
		return []*Node{n}, nil
	case '[':
		n, err := p.class()
		if err != nil {
			return nil, err
		}
		return []*Node{n}, nil
	case '\\':
		return p.atomEscape()
	case '*', '+', '?':
		return nil, p.errAt(ErrNothingToRepeat, start, start+1, "")
	case '{':
		if _, _, end, ok := scanBraces(p.src, p.pos); ok {
			return nil, p.errAt(ErrNothingToRepeat, start, end, "")
		}
		if p.u() {
			return nil, p.errAt(ErrLoneBrace, start, start+1, "write \\{ for a literal brace")
		}
	case '}':
		if p.u() {
			return nil, p.errAt(ErrLoneBrace, start, start+1, "write \\} for a literal brace")
		}
	case ']':
		if p.u() {
			return nil, p.errAt(ErrLoneBracket, start, start+1, "write \\] for a literal bracket")
		}
	}
	r, w := p.next()
	p.pos += w
	return p.literal(r, FormPlain, start), nil
}

// literal makes the node(s) for character r; in Legacy mode a character
// outside the BMP is two code units.
func (p *parser) literal(r rune, form Form, start int) []*Node {
	span := Span{start, p.pos}
	if !p.u() && r > 0xFFFF {
		hi, lo := utf16.EncodeRune(r)
		return []*Node{{Kind: KindLiteral, Rune: hi, Form: form, Span: span}, {Kind: KindLiteral, Rune: lo, Form: form, Span: span}}
	}
	return []*Node{{Kind: KindLiteral, Rune: r, Form: form, Span: span}}
}

func (p *parser) group() (*Node, error) {
	start := p.pos
	p.pos++ // (
	if p.peek() != '?' {
		p.groupIndex++
		n := &Node{Kind: KindGroup, Index: p.groupIndex}
		body, err := p.groupBody(start)
		if err != nil {
			return nil, err
		}
		n.Sub, n.Span = []*Node{body}, Span{start, p.pos}
		return n, nil
	}
	p.pos++ // ?
	switch {
	case p.peek() == ':':
		p.pos++
		body, err := p.groupBody(start)
		if err != nil {
			return nil, err
		}
		return &Node{Kind: KindNonCapture, Span: Span{start, p.pos}, Sub: []*Node{body}}, nil
	case p.peek() == '<':
		p.pos++
		return p.namedGroup(start, false)
	case p.foreign && p.has("P<"):
		p.pos += 2
		return p.namedGroup(start, true)
	case p.has("P<"):
		return nil, p.errAt(ErrPythonGroup, start, start+4, "ECMA-262 spells it (?<name>...)")
	case p.has("P="):
		end := strings.IndexByte(p.src[p.pos:], ')')
		if !p.foreign || end < 0 {
			return nil, p.errAt(ErrPythonBackref, start, start+4, "ECMA-262 spells it \\k<name>")
		}
		name := p.src[p.pos+2 : p.pos+end]
		p.pos += end + 1
		return &Node{Kind: KindForeign, Name: ForeignPyBackref, Value: name, Span: Span{start, p.pos}}, nil
	case p.peek() == '#':
		end := strings.IndexByte(p.src[p.pos:], ')')
		if !p.foreign || end < 0 {
			return nil, p.errAt(ErrComment, start, start+3, "ECMA-262 has no comments")
		}
		text := p.src[p.pos+1 : p.pos+end]
		p.pos += end + 1
		return &Node{Kind: KindForeign, Name: ForeignComment, Value: text, Span: Span{start, p.pos}}, nil
	case p.peek() == '>':
		if !p.foreign {
			return nil, p.errAt(ErrAtomic, start, start+3, "ECMA-262 has no atomic groups")
		}
		p.pos++
		body, err := p.groupBody(start)
		if err != nil {
			return nil, err
		}
		return &Node{Kind: KindForeign, Name: ForeignAtomic, Span: Span{start, p.pos}, Sub: []*Node{body}}, nil
	}
	// modifiers: (?ims-ims:...) is ES2025; (?ims) alone is other dialects'
	j := p.pos
	for j < len(p.src) && (isFlagLetter(p.src[j]) || p.src[j] == '-') {
		j++
	}
	flags := p.src[p.pos:j]
	switch {
	case j < len(p.src) && p.src[j] == ':':
		if !validModifiers(flags) {
			return nil, p.errAt(ErrInvalidModifiers, start, j+1, "modifiers are i, m and s, each at most once")
		}
		p.pos = j + 1
		body, err := p.groupBody(start)
		if err != nil {
			return nil, err
		}
		return &Node{Kind: KindNonCapture, Flags: flags, Span: Span{start, p.pos}, Sub: []*Node{body}}, nil
	case j < len(p.src) && p.src[j] == ')' && flags != "":
		if !p.foreign {
			return nil, p.errAt(ErrInlineFlags, start, j+1, "ECMA-262 has no inline flags; use a modifier group (?"+flags+":...) or character classes")
		}
		p.pos = j + 1
		return &Node{Kind: KindForeign, Name: ForeignInlineFlags, Value: flags, Span: Span{start, p.pos}}, nil
	}
	return nil, p.errAt(ErrInvalidGroup, start, p.pos, "")
}

func isFlagLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func validModifiers(flags string) bool {
	add, remove, dash := flags, "", strings.IndexByte(flags, '-')
	if dash >= 0 {
		add, remove = flags[:dash], flags[dash+1:]
		if remove == "" && add == "" || strings.IndexByte(remove, '-') >= 0 {
			return false
		}
	}
	seen := map[rune]bool{}
	for _, c := range add + remove {
		if c != 'i' && c != 'm' && c != 's' || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

func (p *parser) namedGroup(start int, python bool) (*Node, error) {
	nameStart := p.pos
	name, ok := p.groupName()
	if !ok {
		end := strings.IndexByte(p.src[nameStart:], '>')
		if end < 0 {
			end = len(p.src) - nameStart
		}
		return nil, p.errAt(ErrInvalidGroupName, start, nameStart+end+1, "a name starts with a letter, $ or _")
	}
	if p.seen[name] {
		return nil, p.errAt(ErrDuplicateGroupName, start, p.pos, "a name may repeat only in different alternatives")
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	p.seen[name] = true
	p.groupIndex++
	n := &Node{Kind: KindGroup, Name: name, Index: p.groupIndex}
	if python {
		n.Kind, n.Value, n.Name = KindForeign, name, ForeignPyGroup
	}
	body, err := p.groupBody(start)
	if err != nil {
		return nil, err
	}
	n.Sub, n.Span = []*Node{body}, Span{start, p.pos}
	return n, nil
}

// groupName reads "name>" at pos.
func (p *parser) groupName() (string, bool) {
	name, ok := p.groupNameBody()
	if !ok || p.peek() != '>' {
		return "", false
	}
	p.pos++
	return name, true
}

// groupNameBody reads a RegExpIdentifierName: an identifier whose characters
// may be written as \u escapes.
func (p *parser) groupNameBody() (string, bool) {
	var b strings.Builder
	for first := true; p.more() && p.peek() != '>'; first = false {
		var r rune
		if p.peek() == '\\' {
			if p.peekAt(1) != 'u' {
				return "", false
			}
			save := p.pos
			p.pos += 2
			var ok bool
			r, ok = p.unicodeEscapeBody(true)
			if !ok {
				p.pos = save
				return "", false
			}
		} else {
			var w int
			r, w = p.next()
			p.pos += w
		}
		if first && !isIDStart(r) || !first && !isIDContinue(r) {
			return "", false
		}
		b.WriteRune(r)
	}
	return b.String(), b.Len() > 0
}

func isIDStart(r rune) bool {
	return r == '$' || r == '_' || unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) && !unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func isIDContinue(r rune) bool {
	return isIDStart(r) || r == 0x200C || r == 0x200D || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) && !unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

// groupBody reads a disjunction and its closing ')'.
func (p *parser) groupBody(start int) (*Node, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errAt(ErrTooDeep, start, start+1, "more than 1000 nested groups")
	}
	body, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if p.peek() != ')' {
		return nil, p.errAt(ErrUnterminatedGroup, start, start+1, "missing )")
	}
	p.pos++
	return body, nil
}

// foreignEscapes names escapes other dialects give a meaning, for messages.
var foreignEscapes = map[byte]string{
	'A': `\A is the start-of-input anchor of Python, Go and .NET; use ^`,
	'Z': `\Z is Python's and .NET's end-of-input anchor; use $`,
	'z': `\z is the end-of-input anchor of Go and .NET; use $`,
	'G': `\G is a .NET/PCRE anchor`,
	'a': `\a is the bell character in other dialects; use \x07`,
	'e': `\e is the escape character in other dialects; use \x1B`,
	'h': `\h is horizontal space in PCRE`,
	'Q': `\Q...\E quoting is not ECMA-262`,
	'E': `\Q...\E quoting is not ECMA-262`,
	'U': `\U is not ECMA-262; use \u{...}`,
	'N': `\N is not ECMA-262`,
	'X': `\X is not ECMA-262`,
	'R': `\R is not ECMA-262`,
}

func (p *parser) atomEscape() ([]*Node, error) {
	start := p.pos
	p.pos++ // backslash
	if !p.more() {
		return nil, p.errAt(ErrTrailingBackslash, start, p.pos, "")
	}
	c := p.peek()
	switch {
	case c >= '1' && c <= '9':
		n, end, _ := scanInt(p.src, p.pos)
		if n <= p.ngroups {
			p.pos = end
			return []*Node{{Kind: KindBackref, Index: n, Span: Span{start, p.pos}}}, nil
		}
		if p.u() {
			return nil, p.errAt(ErrInvalidBackref, start, end, "")
		}
		return p.legacyOctal(start), nil
	case c == 'k':
		if p.u() || p.hasNames {
			p.pos++
			if p.peek() != '<' {
				return nil, p.errAt(ErrInvalidNamedRef, start, p.pos, "write \\k<name>")
			}
			p.pos++
			name, ok := p.groupName()
			if !ok || !p.names[name] {
				end := strings.IndexByte(p.src[start:], '>')
				if end < 0 {
					end = p.pos - start
				} else {
					end++
				}
				return nil, p.errAt(ErrInvalidNamedRef, start, start+end, "no group has that name")
			}
			return []*Node{{Kind: KindBackref, Name: name, Span: Span{start, p.pos}}}, nil
		}
	case c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W':
		p.pos++
		return []*Node{{Kind: KindClassEscape, Esc: c, Span: Span{start, p.pos}}}, nil
	case (c == 'p' || c == 'P') && p.u():
		n, err := p.property(start)
		if err != nil {
			return nil, err
		}
		return []*Node{n}, nil
	}
	r, form, err := p.characterEscape(start, false)
	if err != nil {
		return nil, err
	}
	return p.literal(r, form, start), nil
}

// legacyOctal reads an Annex B octal escape (or \8, \9 as themselves) after
// the backslash at start.
func (p *parser) legacyOctal(start int) []*Node {
	c := p.peek()
	if c == '8' || c == '9' {
		p.pos++
		return p.literal(rune(c), FormIdentity, start)
	}
	v := 0
	for i := 0; i < 3 && p.more() && p.peek() >= '0' && p.peek() <= '7'; i++ {
		nv := v*8 + int(p.peek()-'0')
		if nv > 0377 {
			break
		}
		v = nv
		p.pos++
	}
	return p.literal(rune(v), FormOctal, start)
}

// characterEscape reads a CharacterEscape after the backslash at start
// (pos at the letter). inClass allows \- in Unicode mode.
func (p *parser) characterEscape(start int, inClass bool) (rune, Form, error) {
	c := p.peek()
	switch c {
	case 'f':
		p.pos++
		return '\f', FormControl, nil
	case 'n':
		p.pos++
		return '\n', FormControl, nil
	case 'r':
		p.pos++
		return '\r', FormControl, nil
	case 't':
		p.pos++
		return '\t', FormControl, nil
	case 'v':
		p.pos++
		return '\v', FormControl, nil
	case 'c':
		l := p.peekAt(1)
		if l >= 'a' && l <= 'z' || l >= 'A' && l <= 'Z' || !p.u() && inClass && (l >= '0' && l <= '9' || l == '_') {
			p.pos += 2
			return rune(l % 32), FormCtrlLetter, nil
		}
		if p.u() {
			return 0, 0, p.errAt(ErrInvalidControl, start, p.pos+1, "\\c takes a letter")
		}
		// Annex B: the backslash is itself; the c is read next
		return '\\', FormPlain, nil
	case '0':
		if d := p.peekAt(1); d >= '0' && d <= '9' {
			if p.u() {
				return 0, 0, p.errAt(ErrDecimalAfterZero, start, p.pos+2, "write \\x00 followed by the digit")
			}
			n := p.legacyOctal(start)
			return n[0].Rune, FormOctal, nil
		}
		p.pos++
		return 0, FormNull, nil
	case 'x':
		if isHex(p.peekAt(1)) && isHex(p.peekAt(2)) {
			v := hexVal(p.src[p.pos+1 : p.pos+3])
			p.pos += 3
			return rune(v), FormHex, nil
		}
		if p.u() {
			return 0, 0, p.errAt(ErrInvalidHex, start, p.pos+1, "\\x takes two hex digits")
		}
	case 'u':
		save := p.pos
		p.pos++
		r, ok := p.unicodeEscapeBody(p.u())
		if ok {
			form := FormUnicode
			if p.src[save+1] == '{' {
				form = FormUnicodeBrace
			}
			return r, form, nil
		}
		p.pos = save
		if p.u() {
			return 0, 0, p.errAt(ErrInvalidUnicode, start, p.pos+1, "write \\uHHHH or \\u{H...} up to 10FFFF")
		}
	}
	r, w := p.next()
	if p.u() {
		if strings.ContainsRune(`^$\.*+?()[]{}|/`, r) || inClass && r == '-' {
			p.pos += w
			return r, FormIdentity, nil
		}
		detail := foreignEscapes[c]
		code := ErrInvalidEscape
		if inClass {
			code = ErrInvalidClassEscape
		}
		if c == 'A' || c == 'Z' || c == 'z' || c == 'G' {
			code = ErrForeignAnchor
		}
		if detail == "" && r < utf8.RuneSelf && !isAlnum(byte(r)) {
			detail = "in u mode only syntax characters and / may be escaped; drop the backslash"
			if r == '-' {
				detail = "\\- is allowed only inside a character class; drop the backslash"
			}
		}
		return 0, 0, p.errAt(code, start, p.pos+w, detail)
	}
	if c == 'k' && p.hasNames {
		return 0, 0, p.errAt(ErrInvalidNamedRef, start, p.pos+1, "write \\k<name>")
	}
	p.pos += w
	return r, FormIdentity, nil
}

// unicodeEscapeBody reads HHHH (joining a \uHHHH surrogate pair in Unicode
// mode) or, when brace is set, {H...}, with pos after the u.
func (p *parser) unicodeEscapeBody(brace bool) (rune, bool) {
	if brace && p.peek() == '{' {
		j := p.pos + 1
		v := 0
		for j < len(p.src) && isHex(p.src[j]) {
			v = v*16 + hexVal(p.src[j:j+1])
			if v > unicode.MaxRune {
				return 0, false
			}
			j++
		}
		if j == p.pos+1 || j >= len(p.src) || p.src[j] != '}' {
			return 0, false
		}
		p.pos = j + 1
		return rune(v), true
	}
	if p.pos+4 > len(p.src) || !isHex(p.src[p.pos]) || !isHex(p.src[p.pos+1]) || !isHex(p.src[p.pos+2]) || !isHex(p.src[p.pos+3]) {
		return 0, false
	}
	v := rune(hexVal(p.src[p.pos : p.pos+4]))
	p.pos += 4
	if p.u() && utf16.IsSurrogate(v) && v < 0xDC00 && p.has(`\u`) && p.pos+6 <= len(p.src) {
		s := p.src[p.pos+2 : p.pos+6]
		if isHex(s[0]) && isHex(s[1]) && isHex(s[2]) && isHex(s[3]) {
			lo := rune(hexVal(s))
			if lo >= 0xDC00 && lo <= 0xDFFF {
				p.pos += 6
				return utf16.DecodeRune(v, lo), true
			}
		}
	}
	return v, true
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func hexVal(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v*16 + int(c-'a'+10)
		default:
			v = v*16 + int(c-'A'+10)
		}
	}
	return v
}

// property reads \p{...} or \P{...} at start (pos at p or P).
func (p *parser) property(start int) (*Node, error) {
	neg := p.peek() == 'P'
	p.pos++
	if p.peek() != '{' {
		return nil, p.errAt(ErrInvalidProperty, start, p.pos, "write \\p{Name}")
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return nil, p.errAt(ErrInvalidProperty, start, len(p.src), "missing }")
	}
	body := p.src[p.pos+1 : p.pos+end]
	p.pos += end + 1
	n := &Node{Kind: KindProperty, Negate: neg, Span: Span{start, p.pos}}
	if eq := strings.IndexByte(body, '='); eq >= 0 {
		n.Name, n.Value = body[:eq], body[eq+1:]
	} else {
		n.Value = body
	}
	if !ValidProperty(n.Name, n.Value) {
		return nil, p.errAt(ErrInvalidProperty, start, p.pos, "not a property ECMA-262 knows; names are case-sensitive")
	}
	return n, nil
}

func (p *parser) class() (*Node, error) {
	start := p.pos
	p.pos++ // [
	n := &Node{Kind: KindClass}
	if p.peek() == '^' {
		n.Negate = true
		p.pos++
	}
	for {
		if !p.more() {
			return nil, p.errAt(ErrUnterminatedClass, start, start+1, "missing ]")
		}
		if p.peek() == ']' {
			p.pos++
			break
		}
		lo, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		if p.peek() != '-' || p.peekAt(1) == ']' || p.peekAt(1) == 0 {
			n.Sub = append(n.Sub, lo...)
			continue
		}
		dash := p.pos
		p.pos++
		hi, err := p.classAtom()
		if err != nil {
			return nil, err
		}
		// In Legacy mode an astral end is two code units: the range joins the
		// units next to the dash.
		a, b := lo[len(lo)-1], hi[0]
		if a.Kind != KindLiteral || b.Kind != KindLiteral {
			if p.u() {
				return nil, p.errAt(ErrClassRangeEscape, a.Span.Start, b.Span.End, "write the dash as \\- or move it to the end")
			}
			n.Sub = append(n.Sub, lo...)
			n.Sub = append(n.Sub, &Node{Kind: KindLiteral, Rune: '-', Form: FormRangeDash, Span: Span{dash, dash + 1}})
			n.Sub = append(n.Sub, hi...)
			continue
		}
		if a.Rune > b.Rune {
			return nil, p.errAt(ErrRangeOrder, a.Span.Start, b.Span.End, "")
		}
		n.Sub = append(n.Sub, lo[:len(lo)-1]...)
		n.Sub = append(n.Sub, &Node{Kind: KindRange, Lo: a.Rune, Hi: b.Rune, Span: Span{a.Span.Start, b.Span.End}, Sub: []*Node{a, b}})
		n.Sub = append(n.Sub, hi[1:]...)
	}
	n.Span = Span{start, p.pos}
	return n, nil
}

func (p *parser) classAtom() ([]*Node, error) {
	start := p.pos
	if p.peek() != '\\' {
		r, w := p.next()
		p.pos += w
		return p.literal(r, FormPlain, start), nil
	}
	p.pos++
	if !p.more() {
		return nil, p.errAt(ErrUnterminatedClass, start, p.pos, "missing ]")
	}
	c := p.peek()
	switch {
	case c == 'b':
		p.pos++
		return p.literal('\b', FormBackspace, start), nil
	case c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W':
		p.pos++
		return []*Node{{Kind: KindClassEscape, Esc: c, Span: Span{start, p.pos}}}, nil
	case (c == 'p' || c == 'P') && p.u():
		n, err := p.property(start)
		if err != nil {
			return nil, err
		}
		return []*Node{n}, nil
	case c >= '1' && c <= '9':
		if p.u() {
			end := p.pos + 1
			return nil, p.errAt(ErrInvalidClassEscape, start, end, "a backreference cannot appear in a class")
		}
		return p.legacyOctal(start), nil
	case c == 'B' && p.u():
		return nil, p.errAt(ErrInvalidClassEscape, start, p.pos+1, "")
	}
	r, form, err := p.characterEscape(start, true)
	if err != nil {
		return nil, err
	}
	return p.literal(r, form, start), nil
}

func copySet(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
