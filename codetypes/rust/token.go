package rust

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenKind tells what a token is.
type tokenKind int

const (
	tokEOF tokenKind = iota
	tokIdent
	tokString
	tokNumber
	tokPunct
	tokLifetime
)

// token is one token of Rust source; Line and Col are 1-based (Col in runes).
type token struct {
	kind      tokenKind
	text      string // identifiers, numbers, punctuation; a string's value
	line, col int
}

// SyntaxError is Rust source the tokenizer cannot read.
type SyntaxError struct {
	File         string
	Line, Column int
	Msg          string
}

// Error returns "file:line:col: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// tokenize splits Rust source into tokens: comments (nested block comments
// too) dropped, strings (raw strings, byte strings) decoded, char literals
// and lifetimes told apart.
func tokenize(src, file string) ([]token, error) {
	var out []token
	line, col := 1, 1
	i := 0
	advance := func(n int) {
		for ; n > 0 && i < len(src); n-- {
			if src[i] == '\n' {
				line++
				col = 1
			} else if utf8.RuneStart(src[i]) {
				col++
			}
			i++
		}
	}
	errf := func(l, c int, msg string) error { return &SyntaxError{File: file, Line: l, Column: c, Msg: msg} }
	for i < len(src) {
		c := src[i]
		l0, c0 := line, col
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			advance(1)
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				advance(1)
			}
		case strings.HasPrefix(src[i:], "/*"):
			depth := 0
			for i < len(src) {
				if strings.HasPrefix(src[i:], "/*") {
					depth++
					advance(2)
					continue
				}
				if strings.HasPrefix(src[i:], "*/") {
					depth--
					advance(2)
					if depth == 0 {
						break
					}
					continue
				}
				advance(1)
			}
			if depth != 0 {
				return nil, errf(l0, c0, "unterminated block comment")
			}
		case c == 'r' && (strings.HasPrefix(src[i:], "r\"") || strings.HasPrefix(src[i:], "r#")) || strings.HasPrefix(src[i:], "br\"") || strings.HasPrefix(src[i:], "br#"):
			j := i + 1
			if c == 'b' {
				j++
			}
			hashes := 0
			for j < len(src) && src[j] == '#' {
				hashes++
				j++
			}
			if j >= len(src) || src[j] != '"' {
				// r#ident: a raw identifier
				advance(j - i)
				start := i
				for i < len(src) && isIdent(src[i]) {
					advance(1)
				}
				out = append(out, token{kind: tokIdent, text: src[start:i], line: l0, col: c0})
				continue
			}
			closer := "\"" + strings.Repeat("#", hashes)
			end := strings.Index(src[j+1:], closer)
			if end < 0 {
				return nil, errf(l0, c0, "unterminated raw string")
			}
			value := src[j+1 : j+1+end]
			advance(j + 1 + end + len(closer) - i)
			out = append(out, token{kind: tokString, text: value, line: l0, col: c0})
		case c == '"' || c == 'b' && i+1 < len(src) && src[i+1] == '"':
			if c == 'b' {
				advance(1)
			}
			advance(1)
			var b strings.Builder
			closed := false
			for i < len(src) {
				if src[i] == '\\' && i+1 < len(src) {
					switch src[i+1] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case '\n':
					default:
						b.WriteByte(src[i+1])
					}
					advance(2)
					continue
				}
				if src[i] == '"' {
					advance(1)
					closed = true
					break
				}
				b.WriteByte(src[i])
				advance(1)
			}
			if !closed {
				return nil, errf(l0, c0, "unterminated string")
			}
			out = append(out, token{kind: tokString, text: b.String(), line: l0, col: c0})
		case c == '\'':
			// a char literal 'x', '\n', or a lifetime 'a
			if i+2 < len(src) && src[i+1] == '\\' {
				end := strings.IndexByte(src[i+2:], '\'')
				if end < 0 {
					return nil, errf(l0, c0, "unterminated character literal")
				}
				advance(end + 3)
				out = append(out, token{kind: tokString, line: l0, col: c0})
				continue
			}
			r, size := utf8.DecodeRuneInString(src[i+1:])
			if i+1+size < len(src) && src[i+1+size] == '\'' {
				advance(size + 2)
				out = append(out, token{kind: tokString, text: string(r), line: l0, col: c0})
				continue
			}
			advance(1)
			start := i
			for i < len(src) && isIdent(src[i]) {
				advance(1)
			}
			out = append(out, token{kind: tokLifetime, text: src[start:i], line: l0, col: c0})
		case c >= '0' && c <= '9':
			start := i
			for i < len(src) && (isIdent(src[i]) || src[i] == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9') {
				advance(1)
			}
			out = append(out, token{kind: tokNumber, text: src[start:i], line: l0, col: c0})
		case isIdent(c) || c >= utf8.RuneSelf:
			r, _ := utf8.DecodeRuneInString(src[i:])
			if c >= utf8.RuneSelf && !unicode.IsLetter(r) {
				advance(1)
				continue
			}
			start := i
			for i < len(src) {
				r, size := utf8.DecodeRuneInString(src[i:])
				if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
					advance(size)
					continue
				}
				break
			}
			out = append(out, token{kind: tokIdent, text: src[start:i], line: l0, col: c0})
		default:
			p := src[i : i+1]
			for _, op := range []string{"::", "->", "=>"} {
				if strings.HasPrefix(src[i:], op) {
					p = op
					break
				}
			}
			advance(len(p))
			out = append(out, token{kind: tokPunct, text: p, line: l0, col: c0})
		}
	}
	return out, nil
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
