package docs

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"
)

// Span is a half-open byte range [Start, End) of a source file holding the
// text of one comment, without its opening marker.
type Span struct{ Start, End int }

// Language names a comment syntax.
type Language string

// The languages whose comments are scanned.
const (
	LangGo         Language = "go"
	LangJavaScript Language = "javascript" // also TypeScript
	LangRust       Language = "rust"
	LangDart       Language = "dart"
	LangSwift      Language = "swift"
	LangPython     Language = "python"
	LangShell      Language = "shell"
	LangYAML       Language = "yaml"
)

// languageByExt maps a lower-case file extension to its comment syntax.
var languageByExt = map[string]Language{
	".go":    LangGo,
	".js":    LangJavaScript,
	".jsx":   LangJavaScript,
	".mjs":   LangJavaScript,
	".cjs":   LangJavaScript,
	".ts":    LangJavaScript,
	".tsx":   LangJavaScript,
	".mts":   LangJavaScript,
	".cts":   LangJavaScript,
	".rs":    LangRust,
	".dart":  LangDart,
	".swift": LangSwift,
	".py":    LangPython,
	".pyi":   LangPython,
	".sh":    LangShell,
	".bash":  LangShell,
	".zsh":   LangShell,
	".yaml":  LangYAML,
	".yml":   LangYAML,
}

// LanguageOf returns the comment syntax of a file by its name, and false when
// wirelint does not read the file's comments.
func LanguageOf(name string) (Language, bool) {
	l, ok := languageByExt[strings.ToLower(path.Ext(name))]
	return l, ok
}

// Comments returns the comments of src in lang, in order. String, character,
// template, raw-string and regular-expression literals are skipped, so text in
// them is never taken for a comment. Malformed input (an unterminated string
// or comment) ends the literal at the end of the line or file; it never fails.
func Comments(lang Language, src []byte) []Span {
	switch lang {
	case LangPython:
		return hashComments(src, pythonStrings)
	case LangShell:
		return shellComments(src)
	case LangYAML:
		return yamlComments(src)
	}
	return cComments(src, cSyntaxes[lang])
}

// cSyntax describes a language with // and /* */ comments.
type cSyntax struct {
	nested        bool // block comments nest (Rust, Dart, Swift)
	multiline     bool // "..." may span lines (Rust)
	backtick      bool // `...` is a string: raw in Go, a template in JS
	templates     bool // backslash escapes apply inside `...` (JS templates)
	singleString  bool // '...' is a string (JS, Dart); otherwise a rune or char
	rustChar      bool // ' starts a char literal or a lifetime
	noSingle      bool // ' means nothing special (Swift)
	triple        bool // """...""" (Dart, Swift; Dart also ''')
	rustRaw       bool // r"...", r#"..."#, br#"..."#
	swiftRaw      bool // #"..."#
	dartRaw       bool // r'...', r"..." without escapes
	regexLiterals bool // /.../ after an operator (JS)
}

var cSyntaxes = map[Language]cSyntax{
	LangGo:         {backtick: true},
	LangJavaScript: {backtick: true, templates: true, singleString: true, regexLiterals: true},
	LangRust:       {nested: true, multiline: true, rustChar: true, rustRaw: true},
	LangDart:       {nested: true, singleString: true, triple: true, dartRaw: true},
	LangSwift:      {nested: true, noSingle: true, triple: true, swiftRaw: true},
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf
}

// skipQuoted returns the offset after the string opened at i by the quote q
// (already consumed: scanning starts at i). Backslash escapes when escapes is
// set; an unescaped newline ends the string unless multiline.
func skipQuoted(src []byte, i int, q byte, escapes, multiline bool) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == '\\' && escapes:
			i += 2
			continue
		case c == q:
			return i + 1
		case c == '\n' && !multiline:
			return i
		}
		i++
	}
	return len(src)
}

// skipUntil returns the offset after the first occurrence of end at or after i.
func skipUntil(src []byte, i int, end string, escapes bool) int {
	for i < len(src) {
		if escapes && src[i] == '\\' {
			i += 2
			continue
		}
		if bytes.HasPrefix(src[i:], []byte(end)) {
			return i + len(end)
		}
		i++
	}
	return len(src)
}

// regexAllowed reports whether a '/' after the significant byte prev (0 = start
// of file) and the word before it starts a regular expression rather than a
// division.
func regexAllowed(prev byte, word string) bool {
	if prev == 0 {
		return true
	}
	if isIdent(prev) {
		switch word {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
			return true
		}
		return false
	}
	return prev != ')' && prev != ']' && prev != '}'
}

func cComments(src []byte, syn cSyntax) []Span {
	var spans []Span
	var prev byte // last significant byte of code, for regex detection
	wordStart := -1
	word := ""
	for i := 0; i < len(src); {
		c := src[i]
		if isIdent(c) {
			if wordStart < 0 {
				wordStart = i
			}
		} else if wordStart >= 0 {
			word = string(src[wordStart:i])
			wordStart = -1
		}
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			spans = append(spans, Span{i + 2, end})
			i = end
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			depth, j := 1, i+2
			for j < len(src) && depth > 0 {
				switch {
				case src[j] == '*' && j+1 < len(src) && src[j+1] == '/':
					depth--
					j += 2
				case syn.nested && src[j] == '/' && j+1 < len(src) && src[j+1] == '*':
					depth++
					j += 2
				default:
					j++
				}
			}
			end := j
			if depth == 0 {
				end = j - 2
			}
			spans = append(spans, Span{i + 2, end})
			i = j
			continue
		case c == '/' && syn.regexLiterals && regexAllowed(prev, word):
			i = skipRegex(src, i+1)
			prev = '/'
			continue
		case syn.rustRaw && (c == 'r' || c == 'b' && i+1 < len(src) && src[i+1] == 'r') && (i == 0 || !isIdent(src[i-1])):
			j := i + 1
			if c == 'b' {
				j++
			}
			hashes := 0
			for j < len(src) && src[j] == '#' {
				hashes++
				j++
			}
			if j < len(src) && src[j] == '"' {
				i = skipUntil(src, j+1, "\""+strings.Repeat("#", hashes), false)
				prev = '"'
				continue
			}
		case syn.swiftRaw && c == '#':
			j := i
			for j < len(src) && src[j] == '#' {
				j++
			}
			if j < len(src) && src[j] == '"' {
				closer := "\"" + strings.Repeat("#", j-i)
				if bytes.HasPrefix(src[j:], []byte(`"""`)) {
					closer = `"""` + strings.Repeat("#", j-i)
					j += 2
				}
				i = skipUntil(src, j+1, closer, false)
				prev = '"'
				continue
			}
		case syn.dartRaw && c == 'r' && i+1 < len(src) && (src[i+1] == '\'' || src[i+1] == '"') && (i == 0 || !isIdent(src[i-1])):
			q := src[i+1]
			if bytes.HasPrefix(src[i+1:], []byte{q, q, q}) {
				i = skipUntil(src, i+4, string([]byte{q, q, q}), false)
			} else {
				i = skipQuoted(src, i+2, q, false, false)
			}
			prev = q
			continue
		case syn.triple && (c == '"' || c == '\'' && syn.singleString) && bytes.HasPrefix(src[i:], []byte{c, c, c}):
			i = skipUntil(src, i+3, string([]byte{c, c, c}), true)
			prev = c
			continue
		case c == '"':
			i = skipQuoted(src, i+1, '"', true, syn.multiline)
			prev = c
			continue
		case c == '`' && syn.backtick:
			i = skipQuoted(src, i+1, '`', syn.templates, true)
			prev = c
			continue
		case c == '\'' && !syn.noSingle:
			if syn.rustChar {
				i = skipRustChar(src, i)
			} else {
				i = skipQuoted(src, i+1, '\'', true, false)
			}
			prev = c
			continue
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			prev = c
		}
		i++
	}
	return spans
}

// skipRegex returns the offset after a regular expression literal whose body
// starts at i; a character class may contain '/'. A newline ends it.
func skipRegex(src []byte, i int) int {
	class := false
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return i + 1
			}
		case '\n':
			return i
		}
		i++
	}
	return len(src)
}

// skipRustChar skips a char literal ('a', '\n', '\u{1F600}') or the quote of a
// lifetime ('a in fn f<'a>), which has no closing quote.
func skipRustChar(src []byte, i int) int {
	if i+1 < len(src) && src[i+1] == '\\' {
		return skipQuoted(src, i+1, '\'', true, false)
	}
	_, size := utf8.DecodeRune(src[i+1:])
	if j := i + 1 + size; j < len(src) && src[j] == '\'' {
		return j + 1
	}
	return i + 1
}

// pythonStrings skips a Python string literal at i (prefix letters are
// ordinary identifier bytes already passed), returning the offset after it,
// or i when there is none.
func pythonStrings(src []byte, i int) int {
	c := src[i]
	if c != '"' && c != '\'' {
		return i
	}
	if bytes.HasPrefix(src[i:], []byte{c, c, c}) {
		return skipUntil(src, i+3, string([]byte{c, c, c}), true)
	}
	return skipQuoted(src, i+1, c, true, false)
}

// hashComments finds # comments in a language whose strings skip reads.
func hashComments(src []byte, skip func([]byte, int) int) []Span {
	var spans []Span
	for i := 0; i < len(src); {
		if src[i] == '#' {
			end := lineEnd(src, i)
			spans = append(spans, Span{i + 1, end})
			i = end
			continue
		}
		if j := skip(src, i); j > i {
			i = j
			continue
		}
		i++
	}
	return spans
}

func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// shellComments finds # comments in POSIX shell: '#' starts a comment only at
// the start of a word, so $#, ${#x} and ${x#y} do not. Quotes and here
// documents are skipped.
func shellComments(src []byte) []Span {
	var spans []Span
	var heredocs []string // delimiters awaiting their bodies, in order
	var strip []bool      // <<- strips leading tabs
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			i++
			for k, delim := range heredocs {
				for i < len(src) {
					end := lineEnd(src, i)
					line := string(bytes.TrimRight(src[i:end], "\r"))
					if strip[k] {
						line = strings.TrimLeft(line, "\t")
					}
					i = end + 1
					if line == delim {
						break
					}
				}
			}
			heredocs, strip = heredocs[:0], strip[:0]
			continue
		case c == '#' && (i == 0 || strings.IndexByte(" \t\n;&|()", src[i-1]) >= 0):
			end := lineEnd(src, i)
			spans = append(spans, Span{i + 1, end})
			i = end
			continue
		case c == '\\':
			i += 2
			continue
		case c == '\'':
			i = skipQuoted(src, i+1, '\'', false, true)
			continue
		case c == '$' && i+1 < len(src) && src[i+1] == '\'':
			i = skipQuoted(src, i+2, '\'', true, true)
			continue
		case c == '"':
			i = skipQuoted(src, i+1, '"', true, true)
			continue
		case bytes.HasPrefix(src[i:], []byte("<<<")): // a here-string, not a here document
			i += 3
			continue
		case bytes.HasPrefix(src[i:], []byte("<<")):
			j := i + 2
			dash := j < len(src) && (src[j] == '-' || src[j] == '~')
			if dash {
				j++
			}
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			q := byte(0)
			if j < len(src) && (src[j] == '\'' || src[j] == '"') {
				q = src[j]
				j++
			}
			s := j
			for j < len(src) && (isIdent(src[j]) || src[j] == '-' || src[j] == '.') {
				j++
			}
			// A delimiter starts with a letter or _ (or is quoted); "1 << 2"
			// in arithmetic is a shift.
			if j > s && (q != 0 || src[s] == '_' || isAlpha(src[s])) {
				heredocs = append(heredocs, string(src[s:j]))
				strip = append(strip, dash)
				if q != 0 && j < len(src) && src[j] == q {
					j++
				}
			}
			i = j
			continue
		}
		i++
	}
	return spans
}

// yamlComments finds # comments in YAML: '#' at the start of a line or after
// whitespace, outside quoted scalars and block scalars (| and >).
func yamlComments(src []byte) []Span {
	var spans []Span
	block := -1 // indent of the line that opened a block scalar; -1 = none
	for i := 0; i < len(src); {
		end := lineEnd(src, i)
		line := src[i:end]
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		blank := len(bytes.TrimSpace(line)) == 0
		if block >= 0 {
			if blank || indent > block {
				i = end + 1
				continue
			}
			block = -1
		}
		j := indent
		prev := byte(0) // last non-blank byte before j on this line; 0 = none
		space := true   // the byte before j is blank or the line start
		for j < len(line) {
			c := line[j]
			switch {
			case c == '#' && space:
				spans = append(spans, Span{i + j + 1, end})
				j = len(line)
				continue
			case (c == '\'' || c == '"') && (prev == 0 || strings.IndexByte(":-?[{,", prev) >= 0):
				k := skipYAMLQuoted(src, i+j+1, c)
				if k > end { // the scalar spans lines: resume after it
					i = k
					end = lineEnd(src, i)
					line = src[i:end]
					j, prev, space = 0, c, false
					continue
				}
				j = k - i
				prev, space = c, false
				continue
			case c == ' ' || c == '\t' || c == '\r':
				space = true
			default:
				prev, space = c, false
			}
			j++
		}
		if isBlockIndicator(line) {
			block = indent
		}
		i = end + 1
	}
	return spans
}

// skipYAMLQuoted returns the offset after the quoted scalar whose body starts
// at i: ” escapes a single quote, backslash escapes in double quotes.
func skipYAMLQuoted(src []byte, i int, q byte) int {
	for i < len(src) {
		switch {
		case q == '\'' && src[i] == '\'' && i+1 < len(src) && src[i+1] == '\'':
			i += 2
			continue
		case q == '"' && src[i] == '\\':
			i += 2
			continue
		case src[i] == q:
			return i + 1
		}
		i++
	}
	return len(src)
}

// isBlockIndicator reports a line whose value is a block scalar header:
// "key: |", "- >-", "key: |2 # comment".
func isBlockIndicator(line []byte) bool {
	t := line
	if k := bytes.Index(t, []byte(" #")); k >= 0 {
		t = t[:k]
	}
	t = bytes.TrimRight(t, " \t\r")
	k := len(t)
	for k > 0 && (t[k-1] == '+' || t[k-1] == '-' || t[k-1] >= '0' && t[k-1] <= '9') {
		k--
	}
	if k == 0 || (t[k-1] != '|' && t[k-1] != '>') {
		return false
	}
	return k == 1 || t[k-2] == ' ' || t[k-2] == '\t'
}
