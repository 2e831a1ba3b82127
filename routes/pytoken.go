package routes

import (
	"strings"
	"unicode/utf8"
)

var pyOps = []string{"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}

// tokenizePython splits Python source into tokens: comments dropped, strings
// (with every prefix, triple-quoted, f-strings split into parts) decoded,
// newlines inside brackets joined, and INDENT/DEDENT marking blocks.
func tokenizePython(src, file string) ([]stok, error) { return tokenizePythonAt(src, file, 0) }

func tokenizePythonAt(src, file string, nesting int) ([]stok, error) {
	l := &lexer{src: src, line: 1, col: 1, file: file, depth: nesting}
	depth := 0
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
					l.emit(stok{kind: tkIndent, line: l.line, col: l.col})
				}
				for width < indents[len(indents)-1] {
					indents = indents[:len(indents)-1]
					l.emit(stok{kind: tkDedent, line: l.line, col: l.col})
				}
				atLineStart = false
			}
		}
		c := l.src[l.i]
		switch {
		case c == '\n':
			if depth == 0 && !atLineStart {
				l.emit(stok{kind: tkNewline, line: l.line, col: l.col})
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
			l.emit(stok{kind: tkNumber, text: l.number(), line: line, col: col})
		default:
			r, size := utf8.DecodeRuneInString(l.src[l.i:])
			line, col := l.line, l.col
			if isNameStart(r) && r != '$' {
				l.emit(stok{kind: tkName, text: l.name(), line: line, col: col})
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
			l.emit(stok{kind: tkOp, text: o, line: line, col: col})
		}
	}
	if !atLineStart {
		l.emit(stok{kind: tkNewline, line: l.line, col: l.col})
	}
	for len(indents) > 1 {
		indents = indents[:len(indents)-1]
		l.emit(stok{kind: tkDedent, line: l.line, col: l.col})
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
			if !strings.ContainsRune("rbuf", c) {
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
	n := isPyStrPrefix(l.src[l.i:])
	prefix := strings.ToLower(l.src[l.i : l.i+n])
	l.advance(n)
	q := l.src[l.i : l.i+1]
	if strings.HasPrefix(l.src[l.i:], q+q+q) {
		q = q + q + q
	}
	l.advance(len(q))
	start := l.i
	for {
		if l.i >= len(l.src) {
			return l.errf(line, col, "unterminated string")
		}
		c := l.src[l.i]
		if c == '\\' {
			l.advance(2)
			continue
		}
		if len(q) == 1 && c == '\n' {
			return l.errf(line, col, "unterminated string")
		}
		if strings.HasPrefix(l.src[l.i:], q) {
			break
		}
		l.advance(1)
	}
	body := l.src[start:l.i]
	l.advance(len(q))
	raw := strings.ContainsRune(prefix, 'r')
	t := stok{kind: tkString, line: line, col: col}
	if strings.ContainsRune(prefix, 'f') {
		t.parts = pyFParts(body, raw, l.file, line, l.depth)
	} else if raw {
		t.str = body
	} else {
		t.str = unescape(body)
	}
	l.emit(t)
	return nil
}

// pyFParts splits an f-string body into literal text and {expression} parts;
// {{ and }} are literal braces, and a format spec or conversion is dropped.
func pyFParts(body string, raw bool, file string, line, depth int) []tplPart {
	var parts []tplPart
	var lit strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '{' && i+1 < len(body) && body[i+1] == '{', c == '}' && i+1 < len(body) && body[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '{':
			end := closing(body, i, '{', '}', true)
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
			parts = append(parts, tplPart{lit: s})
			lit.Reset()
			var toks []stok
			var err error
			if depth < maxNesting {
				toks, err = tokenizePythonAt(expr, file, depth+1)
			}
			for len(toks) > 0 && toks[len(toks)-1].kind == tkNewline {
				toks = toks[:len(toks)-1]
			}
			if err != nil || len(toks) == 0 {
				toks = []stok{{kind: tkOp, text: "?", line: line, match: -1}}
			}
			for k := range toks {
				toks[k].line = line
			}
			parts = append(parts, tplPart{expr: toks})
			i = end
		default:
			lit.WriteByte(c)
		}
	}
	s := lit.String()
	if !raw {
		s = unescape(s)
	}
	return append(parts, tplPart{lit: s})
}
