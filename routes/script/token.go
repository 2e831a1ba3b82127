package script

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wirelint/wirelint/routes"
)

// The Python and JavaScript readers share one token type and one tokenizer
// skeleton. A tokenizer knows strings, comments, template literals and
// f-strings, so text inside them never reads as code; it does not know the
// languages' grammars beyond what finding routes needs.

// TokenKind tells what a Token is.
type TokenKind int

const (
	TokEOF TokenKind = iota
	TokName
	TokString
	TokNumber
	TokOp
	TokRegex
	TokNewline // Python: end of a logical line
	TokIndent  // Python: a block opens
	TokDedent  // Python: a block closes
)

// Token is one token of Python or JavaScript source.
type Token struct {
	Kind TokenKind
	Text string // the source text of names, numbers and operators; "f" for a Python f-string or t-string
	// Str is a string literal's value; for an f-string or template literal
	// the parts hold literal text and embedded expressions.
	Str   string
	parts []TemplatePart
	Line  int // 1-based
	Col   int // 1-based, in runes
	// Match is the index of the matching bracket for ( [ { and their
	// closers; -1 when unbalanced.
	Match int
}

// TemplatePart is one piece of an interpolated string.
type TemplatePart struct {
	lit  string
	expr []Token // nil for a literal part
}

// SyntaxError is source the tokenizer cannot read (an unterminated string).
type SyntaxError struct {
	File         string
	Line, Column int
	Msg          string
}

// Error returns "file:line:col: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// lexer walks source text keeping a 1-based line and rune column.
type lexer struct {
	src       string
	i         int
	line, col int
	file      string
	toks      []Token
	depth     int // nesting of template literals or f-strings, bounded by maxNesting
}

func (l *lexer) peek(k int) byte {
	if l.i+k < len(l.src) {
		return l.src[l.i+k]
	}
	return 0
}

func (l *lexer) advance(n int) {
	for ; n > 0 && l.i < len(l.src); n-- {
		if l.src[l.i] == '\n' {
			l.line++
			l.col = 1
		} else if utf8.RuneStart(l.src[l.i]) {
			l.col++
		}
		l.i++
	}
}

func (l *lexer) errf(line, col int, format string, args ...any) error {
	return &SyntaxError{File: l.file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

func (l *lexer) emit(t Token) {
	if l.toks == nil && l.depth == 0 {
		// a guess at the file's tokens; a template expression's lexer
		// shares the file's source but holds a few tokens, so sizing it by
		// the source would make a file of n templates cost n times its size.
		// One token per six bytes is about what real sources hold; a token
		// is ~90 bytes, so guessing one per three bytes (as before) reserved
		// 30 times a file's size and most of it stayed unused (hatchet's
		// TypeScript frontend and SDKs: 165 MB of token slices)
		l.toks = make([]Token, 0, len(l.src)/6+8)
	}
	t.Match = -1
	l.toks = append(l.toks, t)
}

// name reads an identifier at l.i.
func (l *lexer) name() string {
	start := l.i
	for l.i < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.i:])
		if r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			l.advance(size)
			continue
		}
		break
	}
	return l.src[start:l.i]
}

func isNameStart(r rune) bool { return r == '_' || r == '$' || unicode.IsLetter(r) }

func (l *lexer) number() string {
	start := l.i
	for l.i < len(l.src) {
		c := l.src[l.i]
		if routes.IsIdent(c) || c == '.' || ((c == '+' || c == '-') && (l.src[l.i-1] == 'e' || l.src[l.i-1] == 'E') && !strings.HasPrefix(l.src[start:], "0x")) {
			l.advance(1)
			continue
		}
		break
	}
	return l.src[start:l.i]
}

// op reads the longest operator of ops at l.i, or one byte.
func (l *lexer) op(ops []string) string {
	c := l.src[l.i]
	for _, o := range ops {
		if o[0] == c && strings.HasPrefix(l.src[l.i:], o) {
			l.advance(len(o))
			return o
		}
	}
	s := l.src[l.i : l.i+1]
	l.advance(1)
	return s
}

// unescape decodes the common backslash escapes of both languages; an
// unknown escape keeps its backslash.
func unescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '\\', '\'', '"', '`', '/', '$', '{', '}':
			b.WriteByte(s[i])
		case '\n':
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// matchBrackets fills token.match for every bracket; an unbalanced bracket
// keeps -1.
func matchBrackets(toks []Token) {
	var stack []int
	for i := range toks {
		if toks[i].Kind != TokOp {
			continue
		}
		switch toks[i].Text {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			open := map[string]string{")": "(", "]": "[", "}": "{"}[toks[i].Text]
			// pop to the nearest matching opener, leaving strays unmatched
			for k := len(stack) - 1; k >= 0; k-- {
				if toks[stack[k]].Text == open {
					toks[stack[k]].Match = i
					toks[i].Match = stack[k]
					stack = stack[:k]
					break
				}
			}
		}
	}
}
