package ecmaregex

import (
	"fmt"
	"strconv"
	"strings"
)

// Mode selects the grammar a pattern is read with.
type Mode uint8

const (
	// Unicode reads the pattern with the u flag, as JSON Schema asks.
	Unicode Mode = iota
	// Legacy reads it without flags, with the Annex B extensions.
	Legacy
)

// String names the mode as the dialects do: "ecma-u" or "ecma-legacy".
func (m Mode) String() string {
	if m == Legacy {
		return "ecma-legacy"
	}
	return "ecma-u"
}

// Span is a half-open byte range [Start, End) of the pattern source.
type Span struct {
	Start, End int
}

// Kind is the type of an AST node.
type Kind uint8

// Node kinds.
const (
	KindEmpty           Kind = iota // matches the empty string
	KindAlternate                   // Sub[0] | Sub[1] | ...
	KindConcat                      // Sub[0] Sub[1] ...
	KindLiteral                     // Rune; Form says how it was spelled
	KindDot                         // .
	KindClass                       // [...]; Negate; Sub are Literal, Range, ClassEscape or Property
	KindRange                       // Lo-Hi inside a class; Sub[0], Sub[1] are the two Literal ends
	KindClassEscape                 // \d \D \s \S \w \W; Esc is the letter
	KindProperty                    // \p{Name=Value} or \P{...}; Negate for \P
	KindStart                       // ^
	KindEnd                         // $
	KindWordBoundary                // \b
	KindNotWordBoundary             // \B
	KindGroup                       // capturing (...) or (?<Name>...); Index is 1-based
	KindNonCapture                  // (?:...) or a modifier group (?i-m:...); Flags
	KindLookahead                   // (?=...), or (?!...) with Negate
	KindLookbehind                  // (?<=...), or (?<!...) with Negate
	KindBackref                     // \N (Index) or \k<Name>
	KindRepeat                      // Sub[0] quantified by Min, Max (-1 = unbounded); Lazy
	KindForeign                     // a construct from another dialect, only with Options.Foreign
)

// Form records how a literal was spelled, which decides whether other
// dialects can read it verbatim.
type Form uint8

// Literal spellings.
const (
	FormPlain        Form = iota // the character itself
	FormControl                  // \f \n \r \t \v
	FormCtrlLetter               // \cX
	FormNull                     // \0
	FormHex                      // \xHH
	FormUnicode                  // \uHHHH (or a surrogate pair of them)
	FormUnicodeBrace             // \u{H...}
	FormIdentity                 // \ followed by the character itself (\/ \. \-)
	FormOctal                    // legacy octal escape \1 .. \377 (Annex B)
	FormBackspace                // [\b]
	FormRangeDash                // legacy: the dash of [\w-.], literal because a range end is a class escape
)

// Foreign constructs, recognised only when Options.Foreign is set.
const (
	ForeignInlineFlags = "inline-flags"   // (?i) applying to the rest of the pattern
	ForeignComment     = "comment"        // (?#...)
	ForeignAtomic      = "atomic-group"   // (?>...)
	ForeignPyGroup     = "python-group"   // (?P<name>...)
	ForeignPyBackref   = "python-backref" // (?P=name)
	ForeignPossessive  = "possessive"     // a++ a*+ a?+ a{n}+
)

// Node is one AST node.
type Node struct {
	Kind Kind
	// Span is where the node was read in the source.
	Span Span
	Sub  []*Node
	// Rune is a literal's character (a UTF-16 code unit in Legacy mode when the
	// source character is outside the BMP).
	Rune rune
	Form Form
	// Lo and Hi bound a KindRange.
	Lo, Hi rune
	// Min and Max bound a KindRepeat; Max -1 = unbounded. Counts above
	// MaxCount are clamped to it.
	Min, Max int
	// Lazy marks a non-greedy quantifier; Possessive a foreign a++.
	Lazy, Possessive bool
	// Negate marks [^...], \P{...}, (?!...) and (?<!...).
	Negate bool
	// Esc is a KindClassEscape letter: d D s S w W.
	Esc byte
	// Name is a group name, a \k<name> reference, a property name (for \p{L}
	// the value, with Name empty) or a foreign construct's kind.
	Name string
	// Value is a property's value in \p{Name=Value}.
	Value string
	// Index is a capture group's 1-based number or a numbered backreference.
	Index int
	// Flags holds a modifier group's "add-remove" flags, e.g. "i-m".
	Flags string
}

// MaxCount is the largest repeat count kept; larger counts are clamped.
const MaxCount = 1<<31 - 1

// Text returns the source text the node was read from.
func (n *Node) Text(src string) string {
	if n.Span.Start < 0 || n.Span.End > len(src) || n.Span.Start > n.Span.End {
		return ""
	}
	return src[n.Span.Start:n.Span.End]
}

// Walk calls fn for n and every node below it, parents first. fn returning
// false skips the node's children.
func Walk(n *Node, fn func(*Node) bool) {
	if n == nil || !fn(n) {
		return
	}
	for _, s := range n.Sub {
		Walk(s, fn)
	}
}

// Dump renders the tree compactly, without spans or spellings, for tests:
// two trees that Dump the same match the same strings.
func Dump(n *Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

func dump(b *strings.Builder, n *Node) {
	if n == nil {
		b.WriteString("nil")
		return
	}
	sub := func(name string) {
		b.WriteString(name)
		b.WriteByte('{')
		for i, s := range n.Sub {
			if i > 0 {
				b.WriteByte(' ')
			}
			dump(b, s)
		}
		b.WriteByte('}')
	}
	switch n.Kind {
	case KindEmpty:
		b.WriteString("empty{}")
	case KindAlternate:
		sub("alt")
	case KindConcat:
		sub("cat")
	case KindLiteral:
		fmt.Fprintf(b, "lit{%s}", runeDump(n.Rune))
	case KindDot:
		b.WriteString("dot{}")
	case KindClass:
		if n.Negate {
			sub("nclass")
		} else {
			sub("class")
		}
	case KindRange:
		fmt.Fprintf(b, "range{%s-%s}", runeDump(n.Lo), runeDump(n.Hi))
	case KindClassEscape:
		fmt.Fprintf(b, "esc{%c}", n.Esc)
	case KindProperty:
		p := "prop"
		if n.Negate {
			p = "nprop"
		}
		if n.Name != "" {
			fmt.Fprintf(b, "%s{%s=%s}", p, n.Name, n.Value)
		} else {
			fmt.Fprintf(b, "%s{%s}", p, n.Value)
		}
	case KindStart:
		b.WriteString("bol{}")
	case KindEnd:
		b.WriteString("eol{}")
	case KindWordBoundary:
		b.WriteString("wb{}")
	case KindNotWordBoundary:
		b.WriteString("nwb{}")
	case KindGroup:
		if n.Name != "" {
			sub("cap" + strconv.Itoa(n.Index) + "<" + n.Name + ">")
		} else {
			sub("cap" + strconv.Itoa(n.Index))
		}
	case KindNonCapture:
		if n.Flags != "" {
			sub("mod(" + n.Flags + ")")
		} else {
			sub("group")
		}
	case KindLookahead:
		if n.Negate {
			sub("nla")
		} else {
			sub("la")
		}
	case KindLookbehind:
		if n.Negate {
			sub("nlb")
		} else {
			sub("lb")
		}
	case KindBackref:
		if n.Name != "" {
			fmt.Fprintf(b, "bref{%s}", n.Name)
		} else {
			fmt.Fprintf(b, "bref{%d}", n.Index)
		}
	case KindRepeat:
		max := strconv.Itoa(n.Max)
		if n.Max < 0 {
			max = "inf"
		}
		name := "rep"
		if n.Lazy {
			name = "lazy"
		}
		if n.Possessive {
			name = "poss"
		}
		sub(fmt.Sprintf("%s%d,%s", name, n.Min, max))
	case KindForeign:
		if n.Name == ForeignInlineFlags || n.Name == ForeignPyBackref || n.Name == ForeignComment {
			fmt.Fprintf(b, "foreign{%s %s}", n.Name, n.Value)
		} else {
			sub("foreign(" + n.Name + ")")
		}
	default:
		fmt.Fprintf(b, "kind%d{}", n.Kind)
	}
}

func runeDump(r rune) string {
	if r > ' ' && r < 0x7f {
		return string(r)
	}
	return fmt.Sprintf("U+%04X", r)
}
