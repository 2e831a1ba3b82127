package ecmaregex

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Dialect is a regex language a pattern may be read in, optionally pinned to
// a version ("go1.21", "rust@1.7"); an empty Version means the dialect's
// default: the newest the tables know, except for Python, whose default is
// the oldest CPython still supported (DefaultPythonVersion).
type Dialect struct {
	Name    string
	Version string
}

// DefaultPythonVersion is the CPython whose re an unpinned python dialect
// means: the oldest release its developers still support (3.10 reached its
// end of life in October 2026).
const DefaultPythonVersion = "3.11"

// String renders the dialect as it is written on the command line: the
// Rust crate's version after an @ (rust@1.7), the others' run on (go1.21).
func (d Dialect) String() string {
	if d.Name == NameRust && d.Version != "" {
		return d.Name + "@" + d.Version
	}
	return d.Name + d.Version
}

// version is the version the tables read d as: its own, else the default.
func (d Dialect) version() string {
	if d.Version == "" && d.Name == NamePython {
		return DefaultPythonVersion
	}
	return d.Version
}

// Dialect names.
const (
	NameECMAUnicode = "ecma-u"      // ECMA-262 with the u flag, what JSON Schema asks for
	NameECMALegacy  = "ecma-legacy" // ECMA-262 without flags, Annex B
	NameGo          = "go"          // Go's regexp (RE2 syntax)
	NameRust        = "rust"        // Rust's regex crate, 1.x; rust@1.7 pins the crate version
	NamePython      = "python"      // Python's re module, 3.x; python3.12 pins the CPython version
)

// DialectNames lists the known dialects.
var DialectNames = []string{NameECMAUnicode, NameECMALegacy, NameGo, NameRust, NamePython}

// ParseDialect reads "go", "go1.21", "rust", "rust@1.7", "python3.11", "ecma-u"...
func ParseDialect(s string) (Dialect, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, n := range DialectNames {
		if s == n {
			return Dialect{Name: n}, nil
		}
		if strings.HasPrefix(s, n) && (n == NameGo || n == NamePython || n == NameRust) {
			v := strings.TrimPrefix(s[len(n):], "@")
			if validVersion(v) {
				return Dialect{Name: n, Version: v}, nil
			}
		}
	}
	return Dialect{}, fmt.Errorf("unknown regex dialect %q (want one of %s, optionally with a version such as go1.21 or rust@1.7)", s, strings.Join(DialectNames, ", "))
}

func validVersion(v string) bool {
	if v == "" {
		return false
	}
	for _, part := range strings.Split(v, ".") {
		if _, err := strconv.Atoi(part); err != nil {
			return false
		}
	}
	return true
}

// atLeast compares dotted versions; an unpinned dialect is its default.
func (d Dialect) atLeast(since string) bool {
	v := d.version()
	if v == "" || since == "" {
		return true
	}
	a, b := strings.Split(v, "."), strings.Split(since, ".")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y int
		if i < len(a) {
			x, _ = strconv.Atoi(a[i])
		}
		if i < len(b) {
			y, _ = strconv.Atoi(b[i])
		}
		if x != y {
			return x > y
		}
	}
	return true
}

// Support is a dialect's verdict on one construct.
type Support uint8

// Verdicts, in increasing order of trouble. Translated and Rejected make a
// pattern non-portable: a client using it verbatim cannot compile it.
const (
	// Supported: the dialect reads the construct verbatim, with the same meaning.
	Supported Support = iota
	// Divergent: the dialect compiles it verbatim but matches differently;
	// Translate spells it so that it matches the same.
	Divergent
	// Translated: the dialect rejects it as written; Translate spells it so
	// that it compiles and matches the same.
	Translated
	// Rejected: the dialect cannot compile it and no mechanical translation exists.
	Rejected
)

// String names the verdict.
func (s Support) String() string {
	return [...]string{"supported", "divergent", "translated", "rejected"}[s]
}

// NonPortable reports whether the dialect rejects the construct as written.
func (s Support) NonPortable() bool { return s >= Translated }

// Entry is one cell of a dialect table: the verdict, the version it holds
// from (Else before that), and why.
type Entry struct {
	Support Support
	Since   string  // dialect version the verdict holds from ("" = always)
	Else    Support // verdict before Since
	Note    string
}

// Construct is one row of the dialect tables.
type Construct struct {
	// ID is stable: "lookbehind", "class-escape-s".
	ID string
	// Title names it in messages: "lookbehind".
	Title string
	// Dialects holds the verdicts; a dialect missing from it supports the construct.
	Dialects map[string]Entry
}

var (
	rejectGoRust = map[string]Entry{
		NameGo:   {Support: Rejected, Note: "RE2 has no lookaround or backreferences"},
		NameRust: {Support: Rejected, Note: "the regex crate has no lookaround or backreferences"},
	}
	legacyLiteral    = Entry{Support: Divergent, Note: "without the u flag \\p and \\u{ are read as the letters p and u"}
	pythonNoProperty = Entry{Support: Translated, Note: "CPython's re (3.11 and later too) has no \\p; spelled as ranges from Unicode 15.0"}
	emptyClass       = Entry{Support: Translated, Note: "[] and [^] do not parse; spelled as an impossible or full range"}
)

// Constructs is the dialect table: every construct whose verdict differs
// somewhere. Versions: Go's named groups (?<n>…) since 1.22, long category
// names such as \p{Letter} since 1.25; the Rust regex crate's (?<n>…) and
// escaped punctuation such as \/ since 1.8; Python's atomic groups and
// possessive quantifiers since 3.11, global inline flags only at the start
// since 3.11. The Rust and Python verdicts are checked against the engines
// themselves (regex 1.7.1, CPython 3.11 re) by the recorded verdicts in
// testdata/engines.
var Constructs = []Construct{
	{ID: "lookahead", Title: "lookahead", Dialects: rejectGoRust},
	{ID: "negative-lookahead", Title: "negative lookahead", Dialects: rejectGoRust},
	{ID: "lookbehind", Title: "lookbehind", Dialects: rejectGoRust},
	{ID: "negative-lookbehind", Title: "negative lookbehind", Dialects: rejectGoRust},
	{ID: "lookbehind-variable", Title: "variable-width lookbehind", Dialects: map[string]Entry{
		NameGo: rejectGoRust[NameGo], NameRust: rejectGoRust[NameRust],
		NamePython: {Support: Rejected, Note: "Python's lookbehind must have a fixed width"},
	}},
	{ID: "backreference", Title: "backreference", Dialects: rejectGoRust},
	{ID: "named-backreference", Title: "named backreference", Dialects: map[string]Entry{
		NameGo: rejectGoRust[NameGo], NameRust: rejectGoRust[NameRust],
		NamePython: {Support: Translated, Note: "Python spells it (?P=name)"},
	}},
	{ID: "named-group", Title: "named group", Dialects: map[string]Entry{
		NameGo:     {Support: Supported, Since: "1.22", Else: Translated, Note: "Go before 1.22 accepts only (?P<name>...)"},
		NameRust:   {Support: Supported, Since: "1.8", Else: Translated, Note: "the regex crate before 1.8 accepts only (?P<name>...)"},
		NamePython: {Support: Translated, Note: "CPython's re (3.11 and later too) accepts only (?P<name>...)"},
	}},
	{ID: "named-group-name", Title: "group name outside [A-Za-z0-9_]", Dialects: map[string]Entry{
		NameGo:     {Support: Translated, Note: "the name is dropped; the group still captures"},
		NameRust:   {Support: Translated, Note: "the name is dropped; the group still captures"},
		NamePython: {Support: Translated, Note: "the name is dropped; the group still captures"},
	}},
	{ID: "duplicate-group-name", Title: "group name repeated in another alternative", Dialects: map[string]Entry{
		NameGo:     {Support: Translated, Note: "Go forbids repeated names; the repeat is written as a plain group"},
		NameRust:   {Support: Translated, Note: "Rust forbids repeated names; the repeat is written as a plain group"},
		NamePython: {Support: Translated, Note: "Python forbids repeated names; the repeat is written as a plain group"},
	}},
	{ID: "repeat-over-1000", Title: "repeat count above 1000", Dialects: map[string]Entry{
		NameGo: {Support: Rejected, Note: "RE2 allows at most 1000 repetitions, counting nested repeats multiplied"},
	}},
	{ID: "program-size", Title: "repeat too large to compile", Dialects: map[string]Entry{
		NameRust: {Support: Rejected, Note: "the regex crate refuses a pattern whose compiled program outgrows its default size limit of 10 MiB"},
	}},
	{ID: "escape-unicode", Title: `\u escape`, Dialects: map[string]Entry{
		NameGo: {Support: Translated, Note: `Go has no \u escape; write the character itself (a \uHHHH escape of the JSON string, not of the pattern)`},
	}},
	{ID: "escape-surrogate-pair", Title: `\u surrogate pair`, Dialects: map[string]Entry{
		NameGo:     {Support: Translated, Note: `Go has no \u escape; write the character itself (escaped in the JSON string, not in the pattern)`},
		NameRust:   {Support: Translated, Note: `the regex crate rejects a surrogate code point; write the character itself (escaped in the JSON string, not in the pattern)`},
		NamePython: {Support: Divergent, Note: `Python reads the pair as two surrogate code points, not one character; write the character itself (escaped in the JSON string, not in the pattern)`},
	}},
	{ID: "escape-unicode-brace", Title: `\u{...} escape`, Dialects: map[string]Entry{
		NameGo:         {Support: Translated, Note: `Go has no \u escape; write the character itself (escaped in the JSON string, not in the pattern)`},
		NamePython:     {Support: Translated, Note: `Python's re has no \u{...}; write the character itself (escaped in the JSON string, not in the pattern)`},
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "escape-control", Title: `\c control escape`, Dialects: map[string]Entry{
		NameGo:     {Support: Translated, Note: `Go has no \c escape; spelled \x{H}`},
		NameRust:   {Support: Translated, Note: `the regex crate has no \c escape; spelled \x{H}`},
		NamePython: {Support: Translated, Note: `Python's re has no \c escape; spelled \xHH`},
	}},
	{ID: "escape-backspace", Title: `[\b] backspace`, Dialects: map[string]Entry{
		NameGo:   {Support: Translated, Note: `Go has no \b inside a class; spelled \x{8}`},
		NameRust: {Support: Translated, Note: `the regex crate has no \b inside a class; spelled \x{8}`},
	}},
	{ID: "escape-null", Title: `\0 escape`, Dialects: map[string]Entry{
		NameRust: {Support: Translated, Note: `the regex crate reads \0 as a backreference, which it does not support; write \x00, which every dialect reads`},
	}},
	{ID: "escape-punctuation", Title: "escaped punctuation", Dialects: map[string]Entry{
		NameRust: {Support: Supported, Since: "1.8", Else: Translated, Note: "the regex crate before 1.8 escapes only its own metacharacters; write / unescaped, which every dialect reads"},
	}},
	{ID: "dot", Title: "dot", Dialects: map[string]Entry{
		NameGo:     {Support: Divergent, Note: "Go's . also matches \\r, U+2028 and U+2029; spell it [^\\n\\r\\x{2028}\\x{2029}]"},
		NameRust:   {Support: Divergent, Note: "Rust's . also matches \\r, U+2028 and U+2029; spell it [^\\n\\r\\x{2028}\\x{2029}]"},
		NamePython: {Support: Divergent, Note: "Python's . also matches \\r, U+2028 and U+2029; spell it [^\\n\\r\\u2028\\u2029]"},
	}},
	{ID: "class-escape-s", Title: "whitespace class", Dialects: map[string]Entry{
		NameGo:     {Support: Divergent, Note: "ECMA-262's \\s includes \\v, NBSP, U+FEFF, U+2003 and the other Unicode spaces; Go's is [\\t\\n\\f\\r ]"},
		NameRust:   {Support: Divergent, Note: "ECMA-262's \\s includes U+FEFF; Rust's is Unicode White_Space, without it"},
		NamePython: {Support: Divergent, Note: "ECMA-262's \\s includes U+FEFF; Python's excludes it and adds \\x1c-\\x1f"},
	}},
	{ID: "class-escape-d", Title: "digit class", Dialects: map[string]Entry{
		NameRust:   {Support: Divergent, Note: "Rust's \\d matches every Unicode decimal digit; ECMA-262's only 0-9; spell it [0-9]"},
		NamePython: {Support: Divergent, Note: "Python's \\d matches every Unicode decimal digit; ECMA-262's only 0-9; spell it [0-9]"},
	}},
	{ID: "class-escape-w", Title: "word-character class", Dialects: map[string]Entry{
		NameRust:   {Support: Divergent, Note: "Rust's \\w matches Unicode letters; ECMA-262's only [A-Za-z0-9_]"},
		NamePython: {Support: Divergent, Note: "Python's \\w matches Unicode letters; ECMA-262's only [A-Za-z0-9_]"},
	}},
	{ID: "word-boundary", Title: `\b word boundary`, Dialects: map[string]Entry{
		NameRust:   {Support: Divergent, Note: "Rust's \\b uses Unicode word characters; ECMA-262's ASCII ones"},
		NamePython: {Support: Divergent, Note: "Python's \\b uses Unicode word characters; ECMA-262's ASCII ones"},
	}},
	{ID: "end-anchor", Title: "end anchor", Dialects: map[string]Entry{
		NamePython: {Support: Divergent, Note: "Python's $ also matches before a final newline; spell it \\Z"},
	}},
	{ID: "property-category", Title: "Unicode category", Dialects: map[string]Entry{
		NamePython:     pythonNoProperty,
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "property-category-long", Title: "Unicode category by long name", Dialects: map[string]Entry{
		NameGo:         {Support: Supported, Since: "1.25", Else: Translated, Note: "Go before 1.25 knows only the short names"},
		NamePython:     pythonNoProperty,
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "property-script", Title: "Unicode script", Dialects: map[string]Entry{
		NameGo:         {Support: Translated, Note: "Go spells it \\p{Greek}"},
		NamePython:     pythonNoProperty,
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "property-script-extensions", Title: "Unicode Script_Extensions", Dialects: map[string]Entry{
		NameGo:         {Support: Rejected, Note: "Go has no Script_Extensions tables"},
		NamePython:     {Support: Rejected, Note: "Python's re has no \\p and no Script_Extensions tables"},
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "property-binary", Title: "Unicode binary property", Dialects: map[string]Entry{
		NameGo:         {Support: Translated, Note: "Go has no table for this property; spelled as ranges from Unicode 15.0"},
		NamePython:     pythonNoProperty,
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "property-binary-derived", Title: "derived Unicode property", Dialects: map[string]Entry{
		NameGo:         {Support: Rejected, Note: "Go has no table for this property"},
		NamePython:     {Support: Rejected, Note: "Python's re has no \\p"},
		NameECMALegacy: legacyLiteral,
	}},
	{ID: "empty-class", Title: "empty class", Dialects: map[string]Entry{
		NameGo:     emptyClass,
		NameRust:   emptyClass,
		NamePython: emptyClass,
	}},
	{ID: "class-bracket", Title: "unescaped [ inside a class", Dialects: map[string]Entry{
		NameRust: {Support: Translated, Note: "the regex crate reads [ inside a class as the start of a nested class; write \\[, which every dialect reads"},
	}},
	{ID: "class-posix", Title: "[: inside a class", Dialects: map[string]Entry{
		NameGo:   {Support: Translated, Note: "Go reads [: inside a class as the start of a POSIX class; write \\[, which every dialect reads"},
		NameRust: {Support: Translated, Note: "the regex crate reads [ inside a class as the start of a nested or POSIX class; write \\[, which every dialect reads"},
	}},
	{ID: "class-set-operator", Title: "&& or ~~ inside a class", Dialects: map[string]Entry{
		NameRust: {Support: Translated, Note: "the regex crate reads && and ~~ inside a class as set operations; escape one of the pair"},
	}},
	{ID: "lone-surrogate", Title: "lone surrogate", Dialects: map[string]Entry{
		NameGo:   {Support: Rejected, Note: "Go strings are UTF-8 and cannot hold a surrogate"},
		NameRust: {Support: Rejected, Note: "Rust strings are UTF-8 and cannot hold a surrogate"},
	}},
	{ID: "astral", Title: "character outside the BMP", Dialects: map[string]Entry{
		NameECMALegacy: {Support: Divergent, Note: "without the u flag it is two UTF-16 code units: a quantifier or class takes them apart"},
	}},
	{ID: "modifiers", Title: "modifier group", Dialects: map[string]Entry{
		NamePython: {Support: Supported, Since: "3.7", Else: Rejected, Note: "Python before 3.7 has no scoped flags"},
	}},
	// Foreign constructs: only met when judging a pattern ECMA-262 rejects.
	{ID: ForeignInlineFlags, Title: "inline flag group", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
		NamePython: {Support: Supported, Note: "Python accepts global flags only at the start"},
	}},
	{ID: ForeignComment, Title: "comment group", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
		NameGo: {Support: Rejected}, NameRust: {Support: Rejected},
	}},
	{ID: ForeignAtomic, Title: "atomic group", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
		NameGo: {Support: Rejected}, NameRust: {Support: Rejected},
		NamePython: {Support: Supported, Since: "3.11", Else: Rejected},
	}},
	{ID: ForeignPossessive, Title: "possessive quantifier", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
		NameGo: {Support: Rejected}, NameRust: {Support: Rejected},
		NamePython: {Support: Supported, Since: "3.11", Else: Rejected},
	}},
	{ID: ForeignPyGroup, Title: "Python named group", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
	}},
	{ID: ForeignPyBackref, Title: "Python named backreference", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected}, NameECMALegacy: {Support: Rejected},
		NameGo: {Support: Rejected}, NameRust: {Support: Rejected},
	}},
	{ID: "identity-escape-letter", Title: "escaped letter", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected},
		NameGo:          {Support: Rejected, Note: "Go rejects escapes it does not know"},
		NameRust:        {Support: Rejected, Note: "Rust rejects escapes it does not know"},
		NamePython:      {Support: Rejected, Note: "Python rejects escaped ASCII letters it does not know"},
	}},
	{ID: "lone-brace", Title: "unescaped { or }", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected},
		NameRust:        {Support: Rejected, Note: "Rust reads { as the start of a repeat count"},
	}},
	{ID: "legacy-octal", Title: "octal escape", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected},
		NameGo:          {Support: Rejected, Note: "Go reads \\1-\\9 as backreferences it does not support"},
		NameRust:        {Support: Rejected, Note: "Rust has no octal escapes by default"},
	}},
	{ID: "legacy-class-range", Title: "class escape as a range end", Dialects: map[string]Entry{
		NameECMAUnicode: {Support: Rejected},
		NameRust:        {Support: Rejected, Note: "Rust rejects a range whose end is a class"},
		NamePython:      {Support: Rejected, Note: "Python rejects a range whose end is a class"},
	}},
}

var constructByID = func() map[string]*Construct {
	m := map[string]*Construct{}
	for i := range Constructs {
		m[Constructs[i].ID] = &Constructs[i]
	}
	return m
}()

// Verdict returns the dialect's verdict on a construct.
func (c *Construct) Verdict(d Dialect) Entry {
	e, ok := c.Dialects[d.Name]
	if !ok {
		return Entry{Support: Supported}
	}
	if !d.atLeast(e.Since) {
		e.Support = e.Else
	}
	return e
}

// Use is one occurrence of a construct in a pattern.
type Use struct {
	Construct *Construct
	Node      *Node
	// Span is where it is in the source; for a class member, the member.
	Span Span
}

// Issue is one construct's verdict in one dialect.
type Issue struct {
	Use
	Dialect Dialect
	Entry
}

// Uses lists every construct in a tree whose verdict differs somewhere,
// in source order.
func Uses(root *Node) []Use {
	var out []Use
	add := func(id string, n *Node, sp Span) {
		c, ok := constructByID[id]
		if !ok {
			panic("ecmaregex: construct " + id + " missing from the table")
		}
		out = append(out, Use{Construct: c, Node: n, Span: sp})
	}
	names := map[string]bool{}
	var walk func(n *Node, budget int, inClass bool)
	walk = func(n *Node, budget int, inClass bool) {
		switch n.Kind {
		case KindLookahead:
			if n.Negate {
				add("negative-lookahead", n, n.Span)
			} else {
				add("lookahead", n, n.Span)
			}
		case KindLookbehind:
			if n.Negate {
				add("negative-lookbehind", n, n.Span)
			} else {
				add("lookbehind", n, n.Span)
			}
			if min, max := Width(n.Sub[0]); min != max {
				add("lookbehind-variable", n, n.Span)
			}
		case KindBackref:
			if n.Name != "" {
				add("named-backreference", n, n.Span)
			} else {
				add("backreference", n, n.Span)
			}
		case KindGroup:
			if n.Name != "" && names[n.Name] {
				add("duplicate-group-name", n, n.Span)
			}
			if n.Name != "" {
				names[n.Name] = true
				add("named-group", n, n.Span)
				if !asciiWord(n.Name) {
					add("named-group-name", n, n.Span)
				}
			}
		case KindNonCapture:
			if n.Flags != "" {
				add("modifiers", n, n.Span)
			}
		case KindRepeat:
			m := n.Max
			if m == 0 {
				budget = 1 << 30 // RE2 skips what is repeated zero times
			} else {
				if m < 0 {
					m = n.Min
				}
				if m > budget && budget < 1<<30 || m > 1000 {
					add("repeat-over-1000", n, n.Span)
					budget = 1 << 30
				} else if m > 0 {
					budget /= m
				}
			}
			if n.Possessive {
				add(ForeignPossessive, n, n.Span)
			}
			if lit := n.Sub[0]; lit.Kind == KindLiteral && lit.Rune > 0xFFFF {
				add("astral", lit, lit.Span)
			}
		case KindLiteral:
			switch n.Form {
			case FormUnicode:
				if n.Rune > 0xFFFF {
					add("escape-surrogate-pair", n, n.Span)
				} else {
					add("escape-unicode", n, n.Span)
				}
			case FormUnicodeBrace:
				add("escape-unicode-brace", n, n.Span)
			case FormCtrlLetter:
				add("escape-control", n, n.Span)
			case FormNull:
				add("escape-null", n, n.Span)
			case FormBackspace:
				add("escape-backspace", n, n.Span)
			case FormOctal:
				add("legacy-octal", n, n.Span)
			case FormRangeDash:
				add("legacy-class-range", n, n.Span)
			case FormIdentity:
				if n.Rune < utf8Self && isAlnum(byte(n.Rune)) {
					add("identity-escape-letter", n, n.Span)
				} else if !rustMetacharacter(n.Rune) {
					add("escape-punctuation", n, n.Span)
				}
			case FormPlain:
				if !inClass && (n.Rune == '{' || n.Rune == '}') {
					add("lone-brace", n, n.Span)
				}
			}
			if n.Rune >= 0xD800 && n.Rune <= 0xDFFF {
				add("lone-surrogate", n, n.Span)
			}
			if inClass && n.Rune > 0xFFFF {
				add("astral", n, n.Span)
			}
		case KindRange:
			for _, s := range n.Sub {
				walk(s, budget, true)
			}
			return
		case KindClass:
			if len(n.Sub) == 0 {
				add("empty-class", n, n.Span)
			}
			classSetSyntax(n, add)
			for _, s := range n.Sub {
				walk(s, budget, true)
			}
			return
		case KindDot:
			add("dot", n, n.Span)
		case KindClassEscape:
			add("class-escape-"+string(n.Esc|0x20), n, n.Span)
		case KindWordBoundary, KindNotWordBoundary:
			add("word-boundary", n, n.Span)
		case KindEnd:
			add("end-anchor", n, n.Span)
		case KindProperty:
			add(propertyConstruct(n), n, n.Span)
		case KindForeign:
			add(n.Name, n, n.Span)
		}
		for _, s := range n.Sub {
			walk(s, budget, inClass)
		}
	}
	walk(root, 1000, false)
	if RustProgramSize(root) > RustSizeLimit {
		n := rustLargest(root)
		add("program-size", n, n.Span)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}

// classSetSyntax adds the class members other dialects read as syntax: an
// unescaped [ (before a colon, a POSIX class), and a doubled & or ~ (a set
// operation in Rust). Range ends count with the member they begin or end.
func classSetSyntax(class *Node, add func(string, *Node, Span)) {
	var plain []*Node // the class's unescaped literals and range ends, in order
	for _, s := range class.Sub {
		switch s.Kind {
		case KindLiteral:
			plain = append(plain, s)
		case KindRange:
			plain = append(plain, s.Sub...)
		default:
			plain = append(plain, nil)
		}
	}
	is := func(i int, r rune) bool {
		return i < len(plain) && plain[i] != nil && plain[i].Form == FormPlain && plain[i].Rune == r
	}
	for i, n := range plain {
		switch {
		case is(i, '[') && is(i+1, ':'):
			add("class-posix", n, n.Span)
		case is(i, '['):
			add("class-bracket", n, n.Span)
		case is(i, '&') && is(i+1, '&'), is(i, '~') && is(i+1, '~'):
			add("class-set-operator", n, Span{Start: n.Span.Start, End: plain[i+1].Span.End})
		}
	}
}

// rustMetacharacter reports whether the regex crate (every version) accepts
// r escaped: its own metacharacters.
func rustMetacharacter(r rune) bool {
	return strings.ContainsRune(`\.+*?()|[]{}^$#&-~`, r)
}

func propertyConstruct(n *Node) string {
	kind, canon := ClassifyProperty(n.Name, n.Value)
	switch kind {
	case PropCategory:
		if n.Name == "" && n.Value == canon {
			return "property-category"
		}
		return "property-category-long"
	case PropScript:
		return "property-script"
	case PropScriptExt:
		return "property-script-extensions"
	}
	if _, ok := propertyRanges(kind, canon); ok {
		return "property-binary"
	}
	return "property-binary-derived"
}

// Judge lists the issues a tree meets in dialect d: every use whose verdict
// there is not Supported.
func Judge(root *Node, d Dialect) []Issue {
	var out []Issue
	for _, u := range Uses(root) {
		e := u.Construct.Verdict(d)
		if u.Construct.ID == ForeignInlineFlags && d.Name == NamePython && u.Span.Start != 0 && d.atLeast("3.11") {
			e = Entry{Support: Rejected, Note: "Python 3.11 and later accept global flags only at the start"}
		}
		switch u.Construct.ID {
		case "identity-escape-letter":
			e = letterEscapeVerdict(byte(u.Node.Rune), d, e)
		case "escape-punctuation":
			e = punctuationEscapeVerdict(u.Node.Rune, d, e)
		case "program-size":
			if e.Support != Supported {
				e.Note += fmt.Sprintf(" (this one needs about %.0f MiB); bound the length with maxLength instead", RustProgramSize(root)/(1<<20))
			}
		}
		if e.Support != Supported {
			out = append(out, Issue{Use: u, Dialect: d, Entry: e})
		}
	}
	return out
}

// Worst returns the most serious verdict among issues (Supported for none).
func Worst(issues []Issue) Support {
	w := Supported
	for _, is := range issues {
		if is.Support > w {
			w = is.Support
		}
	}
	return w
}

// Escaped letters each dialect gives a meaning; legacy ECMA-262 reads an
// unknown escaped letter as the letter itself.
var letterEscapes = map[string]string{
	NameGo:     "abBdDEfnprPQrsStvwWxzA",
	NameRust:   "abBdDfnpPrsStuUvwWxzA",
	NamePython: "abBdDfnNrsStuUvwWxZA",
}

func letterEscapeVerdict(c byte, d Dialect, e Entry) Entry {
	known, ok := letterEscapes[d.Name]
	if !ok {
		return e
	}
	if strings.IndexByte(known, c) >= 0 {
		return Entry{Support: Divergent, Note: "\\" + string(c) + " has a meaning in " + d.Name + "; legacy ECMA-262 reads the letter " + string(c)}
	}
	return Entry{Support: Rejected, Note: d.Name + " rejects the unknown escape \\" + string(c)}
}

// punctuationEscapeVerdict refines escape-punctuation for the characters
// only a legacy pattern escapes: the regex crate reads \< and \> as word
// boundaries since 1.10 and rejects them before, and never escapes
// non-ASCII characters.
func punctuationEscapeVerdict(r rune, d Dialect, e Entry) Entry {
	if d.Name != NameRust {
		return e
	}
	switch {
	case r == '<' || r == '>':
		if d.atLeast("1.10") {
			return Entry{Support: Divergent, Note: "the regex crate since 1.10 reads \\" + string(r) + " as a word boundary"}
		}
		return Entry{Support: Rejected, Note: "the regex crate before 1.10 rejects \\" + string(r)}
	case r >= utf8Self:
		return Entry{Support: Rejected, Note: "the regex crate escapes only ASCII characters"}
	}
	return e
}

// Verdict is a pattern's standing in one dialect.
type Verdict struct {
	// Compiles reports whether the dialect compiles the pattern verbatim (it
	// may still match differently: see Issues).
	Compiles bool
	// Issues lists every construct whose verdict is not Supported.
	Issues []Issue
	// Tree is the parse the verdict was drawn from: Unicode mode, else Legacy
	// mode with foreign constructs; nil when neither parses.
	Tree *Node
	// Err is the Unicode-mode syntax error, nil for a valid pattern.
	Err *Error
}

// JudgePattern gives src's verdict in d. ECMA-262 dialects compile what their mode
// parses. Other dialects are judged on the Unicode-mode tree; for a pattern
// ECMA-262 rejects, on its Legacy-mode tree with foreign constructs — the
// verdict the pattern's author would meet using it verbatim there.
func JudgePattern(src string, d Dialect) Verdict {
	var v Verdict
	tree, err := Parse(src, Unicode)
	if err != nil {
		v.Err = err.(*Error)
	}
	switch d.Name {
	case NameECMAUnicode:
		v.Tree, v.Compiles = tree, err == nil
		return v
	case NameECMALegacy:
		lt, lerr := Parse(src, Legacy)
		v.Compiles = lerr == nil
		if err != nil {
			v.Tree = lt
			return v
		}
		v.Tree = tree
		v.Issues = Judge(tree, d)
		return v
	}
	if err != nil {
		tree, err = ParseOptions(src, Options{Mode: Legacy, Foreign: true})
		if err != nil {
			return v
		}
	}
	v.Tree = tree
	v.Issues = Judge(tree, d)
	v.Compiles = !Worst(v.Issues).NonPortable()
	return v
}
