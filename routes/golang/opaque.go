package golang

import (
	"bytes"
	"go/parser"
	"go/token"
	"strconv"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// Generated code that registers no route is most of a large server's
// Go source (ent's ORM is 19 of openmeter's 31 MB) and registers no route
// itself: importing no router package, it cannot name a router, and
// importing net/http it registers nothing on a mux without calling Handle
// or HandleFunc (a generated HTTP client). It may still be on
// the way to code that does (wire's injectors call the server's
// constructors), so its functions are not dropped: such a file is parsed
// with its function bodies blanked (its declarations, constants and types
// read as any file's), each body set aside as bodies.go sets them aside,
// and parsed again only when a function the analysis runs calls it. What
// changes is that these functions are not run as roots of their own, and
// that the facts readFacts takes of bodies are not taken of theirs: none
// of them registers, stores a router or writes a route's path.

// generatedLine is the line that marks a Go file as generated
// (https://go.dev/s/generatedcode), which must come before its package
// clause.
var generatedLine = lazyre.New(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// opaqueGenerated reports whether src, the source of the file at path, is
// generated code that registers no route (see above), whose bodies can be
// blanked: not when a line directive maps its
// positions elsewhere (funcBody parses a body again at its own offsets).
func opaqueGenerated(path string, src []byte) bool {
	if !bytes.Contains(src, []byte(" DO NOT EDIT.")) || bytes.Contains(src, []byte("//line ")) || bytes.Contains(src, []byte("/*line ")) {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil || !f.Package.IsValid() {
		return false // the full parse reports the error
	}
	if !generatedLine().Match(src[:f.Package-1]) {
		return false
	}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		switch fw := frameworkOf(p); {
		case fw == &netHTTPFramework:
			// a generated HTTP client, or a handler built to be
			// mounted by its caller: registering on a mux takes
			// Handle or HandleFunc
			if bytes.Contains(src, []byte("Handle")) {
				return false
			}
		case fw != nil:
			return false
		}
	}
	return true
}

// blankBodies returns a copy of src in which the text between the braces
// of each top-level function declaration's body is blanked: every byte but
// a newline becomes a space, so that every offset, line and column of the
// file stays where it was. A func keyword starts a declaration where it
// opens a line outside any bracket after a line that ended a statement;
// its body is the first brace after it
// at that level not opening a struct or interface type, before the
// declaration ends at a line break (a function declared without a body).
// The copy is written to dst's array when it is large enough (parse
// reuses one: the parser keeps no reference to the text it reads); src
// itself is returned when a brace is left unclosed.
func blankBodies(dst, src []byte) []byte {
	out := append(dst[:0], src...)
	depth := 0        // open ( [ { outside function bodies
	header := false   // after a declaration's func keyword, before its body
	typeKw := false   // the last token is struct or interface
	ends := true      // the last token ends a statement at a line break (or there is none)
	lineStart := true // no token yet on this line
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			if header && depth == 0 && ends {
				header = false // a declaration without a body
			}
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end := skipComment(src, i)
			if src[i+1] == '*' && bytes.IndexByte(src[i:end], '\n') >= 0 {
				if header && depth == 0 && ends {
					header = false
				}
				lineStart = true
			}
			i = end
			continue
		case c == '"' || c == '`' || c == '\'':
			i = skipQuoted(src, i)
			typeKw, ends, lineStart = false, true, false
			continue
		case isWordByte(c):
			j := i
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			w := string(src[i:j])
			if w == "func" && depth == 0 && lineStart && ends {
				header = true
			}
			typeKw = w == "struct" || w == "interface"
			ends = w != "func" && w != "struct" && w != "interface" && w != "map" && w != "chan"
			lineStart = false
			i = j
			continue
		case c == '{' && header && depth == 0 && !typeKw:
			end := matchBrace(src, i)
			if end < 0 {
				return src
			}
			for k := i + 1; k < end; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
			header = false
			i = end + 1
			typeKw, ends, lineStart = false, true, false
			continue
		case c == ';' && depth == 0:
			header = false // a declaration without a body, ended on its line
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		}
		typeKw, lineStart = false, false
		ends = c == ')' || c == ']' || c == '}'
		i++
	}
	return out
}

// isWordByte reports whether c can be part of an identifier, a keyword or
// a number (its dot too, so a selector x.y reads as one word: only func,
// struct and interface matter); every byte of a multi-byte character
// counts.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || c == '.'
}

// skipComment returns the offset after the comment starting at src[i]: a
// line comment ends before its line break.
func skipComment(src []byte, i int) int {
	if src[i+1] == '/' {
		if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
			return i + k
		}
		return len(src)
	}
	if k := bytes.Index(src[i+2:], []byte("*/")); k >= 0 {
		return i + 2 + k + 2
	}
	return len(src)
}

// skipQuoted returns the offset after the string, raw string or rune
// literal starting at src[i]; an interpreted one ends at a line break too.
func skipQuoted(src []byte, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case q:
			return j + 1
		case '\\':
			if q != '`' {
				j++
			}
		case '\n':
			if q != '`' {
				return j
			}
		}
	}
	return len(src)
}

// matchBrace returns the offset of the brace closing the one at src[i], or
// -1 when none does.
func matchBrace(src []byte, i int) int {
	depth := 0
	for j := i; j < len(src); {
		switch c := src[j]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return j
			}
		case c == '/' && j+1 < len(src) && (src[j+1] == '/' || src[j+1] == '*'):
			j = skipComment(src, j)
			continue
		case c == '"' || c == '`' || c == '\'':
			j = skipQuoted(src, j)
			continue
		}
		j++
	}
	return -1
}
