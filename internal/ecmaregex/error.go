package ecmaregex

import "fmt"

// Code classifies a syntax error so callers can switch on it.
type Code string

// Syntax error codes. The foreign ones (inline flags, comments, atomic groups,
// Python groups, possessive quantifiers, \Z-style anchors) name constructs
// other dialects accept.
const (
	ErrTrailingBackslash  Code = "trailing backslash"
	ErrUnterminatedGroup  Code = "unterminated group"
	ErrUnmatchedParen     Code = "unmatched )"
	ErrUnterminatedClass  Code = "unterminated character class"
	ErrNothingToRepeat    Code = "nothing to repeat"
	ErrLoneBrace          Code = "lone quantifier bracket"
	ErrLoneBracket        Code = "lone ]"
	ErrIncompleteQuant    Code = "incomplete quantifier"
	ErrRepeatOrder        Code = "numbers out of order in {} quantifier"
	ErrRangeOrder         Code = "range out of order in character class"
	ErrClassRangeEscape   Code = "character class escape used as a range end"
	ErrInvalidEscape      Code = "invalid escape"
	ErrInvalidClassEscape Code = "invalid escape in character class"
	ErrInvalidControl     Code = "invalid \\c escape"
	ErrInvalidHex         Code = "invalid \\x escape"
	ErrInvalidUnicode     Code = "invalid \\u escape"
	ErrDecimalAfterZero   Code = "\\0 followed by a digit"
	ErrInvalidBackref     Code = "backreference to a group that does not exist"
	ErrInvalidNamedRef    Code = "invalid named reference"
	ErrInvalidGroupName   Code = "invalid group name"
	ErrDuplicateGroupName Code = "duplicate group name"
	ErrInvalidProperty    Code = "invalid Unicode property"
	ErrInvalidGroup       Code = "invalid group"
	ErrInvalidModifiers   Code = "invalid modifier group"
	ErrInlineFlags        Code = "inline flag group"
	ErrComment            Code = "comment group"
	ErrAtomic             Code = "atomic group"
	ErrPythonGroup        Code = "python named group"
	ErrPythonBackref      Code = "python named backreference"
	ErrPossessive         Code = "possessive quantifier"
	ErrForeignAnchor      Code = "anchor from another dialect"
	ErrTooDeep            Code = "nesting too deep"
)

// Error is a syntax error: what was wrong (Code), where (Span, a byte range
// of the source) and the offending text.
type Error struct {
	Code Code
	Span Span
	// Offset is Span.Start counted in characters (code points) from 0.
	Offset int
	// Text is the offending source text.
	Text string
	// Detail adds context to the code ("\\Z is Python's end-of-input anchor").
	Detail string
}

// Error renders the error as "CODE TEXT at offset N: DETAIL"; offsets count
// characters from 0.
func (e *Error) Error() string {
	s := string(e.Code)
	if e.Text != "" {
		s += " " + e.Text
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return fmt.Sprintf("%s at offset %d", s, e.Offset)
}
