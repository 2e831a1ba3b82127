package script

import (
	"strings"
	"unicode/utf8"

	"github.com/wirelint/wirelint/routes"
)

var pyOps = []string{"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}

// TokenizePython splits Python source into tokens: comments dropped, strings
// (with every prefix, triple-quoted, f-strings split into parts) decoded,
// newlines inside brackets joined, and INDENT/DEDENT marking blocks.
func TokenizePython(src, file string) ([]Token, error) { return tokenizePythonAt(src, file, 0) }

func tokenizePythonAt(src, file string, nesting int) ([]Token, error) {
	l := &lexer{src: src, line: 1, col: 1, file: file, depth: nesting}
	depth := 0
	if nesting > 0 {
		// an f-string field's expression sits inside its braces: a line
		// break or an indent in it is no statement (PEP 701)
		depth = 1
	}
	indents := []int{0}
	atLineStart := true
	for l.i < len(l.src) {
		if atLineStart && depth == 0 {
			// measure indentation; blank and comment-only lines do not count
			width := 0
			j := l.i
			for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
				if l.src[j] == '\t' {
					width += 8 - width%8
				} else {
					width++
				}
				j++
			}
			if j < len(l.src) && l.src[j] != '\n' && l.src[j] != '#' && l.src[j] != '\r' && !(l.src[j] == '\\' && j+1 < len(l.src) && l.src[j+1] == '\n') {
				l.advance(j - l.i)
				if width > indents[len(indents)-1] {
					indents = append(indents, width)
					l.emit(Token{Kind: TokIndent, Line: l.line, Col: l.col})
				}
				for width < indents[len(indents)-1] {
					indents = indents[:len(indents)-1]
					l.emit(Token{Kind: TokDedent, Line: l.line, Col: l.col})
				}
				atLineStart = false
			}
		}
		c := l.src[l.i]
		switch {
		case c == '\n':
			if depth == 0 && !atLineStart {
				l.emit(Token{Kind: TokNewline, Line: l.line, Col: l.col})
			}
			l.advance(1)
			if depth == 0 {
				atLineStart = true
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			l.advance(1)
		case c == '#':
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.advance(1)
			}
		case c == '\\' && l.peek(1) == '\n':
			l.advance(2)
		case c == '\\' && l.peek(1) == '\r' && l.peek(2) == '\n':
			l.advance(3)
		case c == '"' || c == '\'' || (isPyStrPrefix(l.src[l.i:]) > 0):
			if err := l.pyString(); err != nil {
				return nil, err
			}
			atLineStart = false
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			line, col := l.line, l.col
			l.emit(Token{Kind: TokNumber, Text: l.number(), Line: line, Col: col})
		default:
			r, size := utf8.DecodeRuneInString(l.src[l.i:])
			line, col := l.line, l.col
			if isNameStart(r) && r != '$' {
				l.emit(Token{Kind: TokName, Text: l.name(), Line: line, Col: col})
				continue
			}
			if r == utf8.RuneError && size <= 1 {
				l.advance(1)
				continue
			}
			o := l.op(pyOps)
			switch o {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth > 0 {
					depth--
				}
			}
			l.emit(Token{Kind: TokOp, Text: o, Line: line, Col: col})
		}
	}
	if !atLineStart {
		l.emit(Token{Kind: TokNewline, Line: l.line, Col: l.col})
	}
	for len(indents) > 1 {
		indents = indents[:len(indents)-1]
		l.emit(Token{Kind: TokDedent, Line: l.line, Col: l.col})
	}
	matchBrackets(l.toks)
	return l.toks, nil
}

// isPyStrPrefix returns the length of a string prefix (r, b, u, f, rb, fr...)
// directly followed by a quote at the start of s, or 0.
func isPyStrPrefix(s string) int {
	for n := 1; n <= 2 && n < len(s); n++ {
		if s[n] != '\'' && s[n] != '"' {
			continue
		}
		ok := true
		for _, c := range strings.ToLower(s[:n]) {
			if !strings.ContainsRune("rbuft", c) { // t: a 3.14 template string
				ok = false
			}
		}
		if ok {
			return n
		}
		return 0
	}
	return 0
}

// pyString reads one string literal with its prefix.
func (l *lexer) pyString() error {
	line, col := l.line, l.col
	lit, err := l.scanPyString(line, col)
	if err != nil {
		return err
	}
	body := l.src[lit.start:lit.end]
	raw := strings.ContainsRune(lit.prefix, 'r')
	t := Token{Kind: TokString, Line: line, Col: col}
	if lit.templated() {
		t.Text = "f" // rendered f"…{x}…" in messages (tokText)
		t.parts = pyFParts(body, raw, l.file, lit.bodyLine, lit.bodyCol, l.depth)
	} else if raw {
		t.Str = body
	} else {
		t.Str = unescape(body)
	}
	l.emit(t)
	return nil
}

// pyLit is where a string literal scanPyString moved past lies: its prefix
// (lower case), its quote, and its body, src[start:end], which starts at
// bodyLine and bodyCol.
type pyLit struct {
	prefix, q         string
	start, end        int
	bodyLine, bodyCol int
}

// templated reports an f-string or a t-string: a body with fields.
func (lit pyLit) templated() bool { return strings.ContainsAny(lit.prefix, "ft") }

// scanPyString moves past one string literal and its prefix at l.i, which
// starts at line and col, building nothing: pyString makes the token, and
// an f-string's field moves past the strings in it this way.
func (l *lexer) scanPyString(line, col int) (pyLit, error) {
	n := isPyStrPrefix(l.src[l.i:])
	lit := pyLit{prefix: strings.ToLower(l.src[l.i : l.i+n])}
	l.advance(n)
	lit.q = l.src[l.i : l.i+1]
	if strings.HasPrefix(l.src[l.i:], lit.q+lit.q+lit.q) {
		lit.q = lit.q + lit.q + lit.q
	}
	l.advance(len(lit.q))
	lit.start, lit.bodyLine, lit.bodyCol = l.i, l.line, l.col
	if lit.templated() {
		if err := l.pyFBody(lit.q, line, col); err != nil {
			return lit, err
		}
	} else {
		for {
			if l.i >= len(l.src) {
				return lit, l.errf(line, col, "unterminated string")
			}
			c := l.src[l.i]
			if c == '\\' {
				l.advance(2)
				continue
			}
			if len(lit.q) == 1 && c == '\n' {
				return lit, l.errf(line, col, "unterminated string")
			}
			if strings.HasPrefix(l.src[l.i:], lit.q) {
				break
			}
			l.advance(1)
		}
	}
	lit.end = l.i
	l.advance(len(lit.q))
	return lit, nil
}

// pyFBody moves past the body of an f-string (or a t-string) up to its
// closing quote q, as Python 3.12 reads one (PEP 701): a replacement field
// is an expression, so it may span lines, hold strings in any quote
// (f"{d["key"]}") and comments, until the brace that closes it; its format
// spec after a colon is text again, with fields of its own. A string that
// ends inside a field is unterminated.
func (l *lexer) pyFBody(q string, line, col int) error {
	// open holds what the scan is inside: F a field's expression, S its
	// format spec, or a bracket of the expression; empty in the text
	var open []byte
	for {
		if l.i >= len(l.src) {
			return l.errf(line, col, "unterminated string")
		}
		c := l.src[l.i]
		top := byte(0)
		if len(open) > 0 {
			top = open[len(open)-1]
		}
		switch {
		case top == 0 || top == 'S':
			switch {
			case c == '\\':
				l.advance(2)
				continue
			case strings.HasPrefix(l.src[l.i:], q):
				if top != 0 {
					return l.errf(line, col, "unterminated string")
				}
				return nil
			case len(q) == 1 && c == '\n' && top == 0:
				return l.errf(line, col, "unterminated string")
			case c == '{' && top == 0 && l.peek(1) == '{', c == '}' && top == 0 && l.peek(1) == '}':
				l.advance(2)
				continue
			case c == '{':
				open = append(open, 'F')
			case c == '}' && top == 'S':
				open = open[:len(open)-1]
			}
			l.advance(1)
		case c == '"' || c == '\'' || isPyStrPrefix(l.src[l.i:]) > 0:
			// a string inside the field's expression, moved past whole
			if l.depth >= maxNesting {
				return l.errf(line, col, "f-strings nested more than %d deep", maxNesting)
			}
			l.depth++
			_, err := l.scanPyString(l.line, l.col)
			l.depth--
			if err != nil {
				return err
			}
		case c == '#':
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.advance(1)
			}
		case c == '(' || c == '[' || c == '{':
			open = append(open, c)
			l.advance(1)
		case c == ')' || c == ']' || c == '}':
			if top != 'F' || c == '}' {
				open = open[:len(open)-1]
			}
			l.advance(1)
		case c == ':' && top == 'F' && l.peek(1) != '=':
			open[len(open)-1] = 'S'
			l.advance(1)
		default:
			l.advance(1)
		}
	}
}

// pyFParts splits an f-string body, which starts at line and col, into
// literal text and {expression} parts, each expression's tokens placed
// where they are in the file; {{ and }} are literal braces, and a format
// spec or conversion is dropped.
func pyFParts(body string, raw bool, file string, line, col, depth int) []TemplatePart {
	var parts []TemplatePart
	var lit strings.Builder
	at, atLine, atCol := 0, line, col // body[at] is at atLine, atCol
	place := func(to int) {           // moves at to body[to]
		for ; at < to && at < len(body); at++ {
			if body[at] == '\n' {
				atLine, atCol = atLine+1, 1
			} else if utf8.RuneStart(body[at]) {
				atCol++
			}
		}
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '{' && i+1 < len(body) && body[i+1] == '{', c == '}' && i+1 < len(body) && body[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '{':
			end := routes.Closing(body, i, '{', '}', true)
			if end < 0 {
				end = len(body)
			}
			expr := body[i+1 : min(end, len(body))]
			if k := strings.IndexAny(expr, "!:="); k >= 0 {
				expr = expr[:k]
			}
			s := lit.String()
			if !raw {
				s = unescape(s)
			}
			parts = append(parts, TemplatePart{lit: s})
			lit.Reset()
			var toks []Token
			var err error
			if depth < maxNesting {
				toks, err = tokenizePythonAt(expr, file, depth+1)
			}
			for len(toks) > 0 && toks[len(toks)-1].Kind == TokNewline {
				toks = toks[:len(toks)-1]
			}
			if err != nil || len(toks) == 0 {
				toks = []Token{{Kind: TokOp, Text: "?", Line: 1, Col: 1, Match: -1}}
			}
			place(i + 1)
			for k := range toks {
				if toks[k].Line == 1 {
					toks[k].Col += atCol - 1
				}
				toks[k].Line += atLine - 1
			}
			parts = append(parts, TemplatePart{expr: toks})
			i = end
		default:
			lit.WriteByte(c)
		}
	}
	s := lit.String()
	if !raw {
		s = unescape(s)
	}
	return append(parts, TemplatePart{lit: s})
}
