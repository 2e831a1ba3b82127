package script

import (
	"strings"
	"unicode/utf8"

	"github.com/wirelint/wirelint/routes"
)

var jsOps = []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>"}

// jsRegexAfter are the keywords after which a slash starts a regex literal.
var jsRegexAfter = map[string]bool{"return": true, "typeof": true, "case": true, "do": true, "else": true, "in": true, "of": true, "new": true, "delete": true, "void": true, "throw": true, "yield": true, "await": true, "instanceof": true}

// TokenizeJS splits JavaScript or TypeScript source into tokens: comments
// dropped, strings decoded, template literals split into literal text and
// ${expression} parts (tokenized in turn), and regex literals told from
// division by the token before them.
func TokenizeJS(src, file string) ([]Token, error) {
	l := &lexer{src: src, line: 1, col: 1, file: file}
	if err := l.js(false); err != nil {
		return nil, err
	}
	matchBrackets(l.toks)
	return l.toks, nil
}

// js tokenizes until the end of input or, inside a template expression, the
// brace that closes it.
func (l *lexer) js(inTemplate bool) error {
	depth := 0
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f':
			l.advance(1)
		case c == '/' && l.peek(1) == '/':
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.advance(1)
			}
		case c == '/' && l.peek(1) == '*':
			line, col := l.line, l.col
			end := strings.Index(l.src[l.i+2:], "*/")
			if end < 0 {
				return l.errf(line, col, "unterminated comment")
			}
			l.advance(end + 4)
		case c == '\'' || c == '"':
			line, col := l.line, l.col
			l.advance(1)
			start := l.i
			for {
				if l.i >= len(l.src) || l.src[l.i] == '\n' {
					return l.errf(line, col, "unterminated string")
				}
				if l.src[l.i] == '\\' {
					l.advance(2)
					continue
				}
				if l.src[l.i] == c {
					break
				}
				l.advance(1)
			}
			l.emit(Token{Kind: TokString, Str: unescape(l.src[start:l.i]), Line: line, Col: col})
			l.advance(1)
		case c == '`':
			if err := l.jsTemplate(); err != nil {
				return err
			}
		case c == '/' && l.regexAllowed():
			line, col := l.line, l.col
			start := l.i
			l.advance(1)
			class := false
			for {
				if l.i >= len(l.src) || l.src[l.i] == '\n' {
					return l.errf(line, col, "unterminated regular expression")
				}
				ch := l.src[l.i]
				if ch == '\\' {
					l.advance(2)
					continue
				}
				if ch == '[' {
					class = true
				} else if ch == ']' {
					class = false
				} else if ch == '/' && !class {
					break
				}
				l.advance(1)
			}
			l.advance(1)
			for l.i < len(l.src) && routes.IsIdent(l.src[l.i]) {
				l.advance(1)
			}
			l.emit(Token{Kind: TokRegex, Text: l.src[start:l.i], Line: line, Col: col})
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			line, col := l.line, l.col
			l.emit(Token{Kind: TokNumber, Text: l.number(), Line: line, Col: col})
		default:
			r, size := utf8.DecodeRuneInString(l.src[l.i:])
			line, col := l.line, l.col
			if isNameStart(r) {
				l.emit(Token{Kind: TokName, Text: l.name(), Line: line, Col: col})
				continue
			}
			if r == utf8.RuneError && size <= 1 || c == '#' || c == '@' || c == '\\' {
				l.advance(max(size, 1))
				continue
			}
			if inTemplate && c == '}' && depth == 0 {
				return nil
			}
			o := l.op(jsOps)
			switch o {
			case "{":
				depth++
			case "}":
				depth--
			}
			l.emit(Token{Kind: TokOp, Text: o, Line: line, Col: col})
		}
	}
	if inTemplate {
		return l.errf(l.line, l.col, "unterminated template literal")
	}
	return nil
}

// regexAllowed reports whether a slash here starts a regex literal: at the
// start, after an operator other than a closing bracket, or after a keyword
// such as return.
func (l *lexer) regexAllowed() bool {
	if len(l.toks) == 0 {
		return true
	}
	p := l.toks[len(l.toks)-1]
	switch p.Kind {
	case TokOp:
		return p.Text != ")" && p.Text != "]" && p.Text != "}" && p.Text != "++" && p.Text != "--"
	case TokName:
		return jsRegexAfter[p.Text]
	}
	return false
}

// jsTemplate reads a template literal at l.i into literal and expression parts.
func (l *lexer) jsTemplate() error {
	line, col := l.line, l.col
	l.advance(1)
	var parts []TemplatePart
	var lit strings.Builder
	for {
		if l.i >= len(l.src) {
			return l.errf(line, col, "unterminated template literal")
		}
		c := l.src[l.i]
		switch {
		case c == '\\':
			lit.WriteString(l.src[l.i:min(l.i+2, len(l.src))])
			l.advance(2)
		case c == '`':
			l.advance(1)
			parts = append(parts, TemplatePart{lit: unescape(lit.String())})
			l.emit(Token{Kind: TokString, parts: parts, Line: line, Col: col})
			return nil
		case c == '$' && l.peek(1) == '{':
			parts = append(parts, TemplatePart{lit: unescape(lit.String())})
			lit.Reset()
			l.advance(2)
			if l.depth >= maxNesting {
				return l.errf(line, col, "template literals nested too deeply")
			}
			sub := &lexer{src: l.src, i: l.i, line: l.line, col: l.col, file: l.file, depth: l.depth + 1}
			if err := sub.js(true); err != nil {
				return err
			}
			l.advance(sub.i - l.i + 1)
			matchBrackets(sub.toks)
			if len(sub.toks) == 0 {
				sub.toks = []Token{{Kind: TokOp, Text: "?", Line: l.line, Match: -1}}
			}
			parts = append(parts, TemplatePart{expr: sub.toks})
		default:
			lit.WriteByte(c)
			l.advance(1)
		}
	}
}
