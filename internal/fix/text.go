package fix

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/wirelint/wirelint/reduce"
)

// source is one file being edited: its bytes, its node tree and where its
// lines start. Nodes carry 1-based line and column (in characters); offsets
// are bytes.
type source struct {
	path   string
	data   []byte
	doc    *reduce.Document
	starts []int
}

func newSource(path string, data []byte) (*source, error) {
	doc, err := reduce.Parse(data, path)
	if err != nil {
		return nil, err
	}
	return &source{path: path, data: data, doc: doc, starts: lineStarts(string(data))}, nil
}

// textSource is a file edited as text alone (Markdown, source code): no
// node tree.
func textSource(path string, data []byte) *source {
	return &source{path: path, data: data, starts: lineStarts(string(data))}
}

// json reports whether the file is JSON (every node flow style).
func (s *source) json() bool { return s.doc.Format == "json" }

// offset is the byte offset of 1-based line and character column.
func (s *source) offset(line, col int) int {
	if line < 1 || line > len(s.starts) {
		return len(s.data)
	}
	off := s.starts[line-1]
	for c := 1; c < col && off < len(s.data) && s.data[off] != '\n'; c++ {
		_, size := utf8.DecodeRune(s.data[off:])
		off += size
	}
	return off
}

// nodeStart is the byte offset where n begins.
func (s *source) nodeStart(n *reduce.Node) int { return s.offset(n.Line, n.Column) }

// lineStart is the offset of the start of the line holding off.
func (s *source) lineStart(off int) int { return s.starts[lineOf(s.starts, off)] }

// lineEnd is the offset of the newline ending the line holding off (or the
// end of the data).
func (s *source) lineEnd(off int) int {
	if i := bytes.IndexByte(s.data[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(s.data)
}

// indentOf is the number of leading spaces of the line holding off.
func (s *source) indentOf(off int) int {
	i := s.lineStart(off)
	n := 0
	for i+n < len(s.data) && s.data[i+n] == ' ' {
		n++
	}
	return n
}

var errUnsafe = errors.New("the value's extent cannot be read safely")

// valueEnd is the byte offset just past value v (whose key starts at
// keyOff; keyOff < 0 for a sequence item or the root).
func (s *source) valueEnd(v *reduce.Node, keyOff int) (int, error) {
	start := s.nodeStart(v)
	if start >= len(s.data) {
		return 0, errUnsafe
	}
	switch s.data[start] {
	case '{', '[':
		return s.matchBracket(start)
	case '"':
		return s.quoted(start, '"')
	case '\'':
		return s.quoted(start, '\'')
	case '|', '>':
		return s.blockScalarEnd(start, keyOff)
	}
	if v.Kind == reduce.MappingNode || v.Kind == reduce.SequenceNode {
		return s.blockEnd(v, keyOff)
	}
	if v.Kind != reduce.ScalarNode || strings.Contains(v.Value, "\n") {
		return 0, errUnsafe
	}
	if !s.json() && keyOff >= 0 && !s.inFlow(start) && s.deeperLinesEnd(s.lineEnd(start), s.indentOf(keyOff), false) > s.lineEnd(start) {
		return 0, errUnsafe // a plain scalar continued on deeper lines
	}
	// A plain scalar ends at the end of its line, before a comment, or in
	// flow context (JSON, a flow collection) at , ] or }.
	end := s.lineEnd(start)
	line := s.data[start:end]
	stop := len(line)
	for i := 0; i < len(line); i++ {
		if line[i] == ',' || line[i] == ']' || line[i] == '}' {
			if s.json() || s.inFlow(start) {
				stop = i
				break
			}
		}
		if line[i] == '#' && i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
			stop = i
			break
		}
	}
	return start + len(bytes.TrimRight(line[:stop], " \t\r")), nil
}

// inFlow reports whether off sits inside a flow collection on its line: an
// unclosed [ or { before it.
func (s *source) inFlow(off int) bool {
	depth := 0
	for i := s.lineStart(off); i < off; i++ {
		switch s.data[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	return depth > 0
}

// quoted is the offset past the quoted scalar opening at start.
func (s *source) quoted(start int, q byte) (int, error) {
	for i := start + 1; i < len(s.data); i++ {
		switch {
		case q == '"' && s.data[i] == '\\':
			i++
		case s.data[i] == q:
			if q == '\'' && i+1 < len(s.data) && s.data[i+1] == '\'' {
				i++
				continue
			}
			return i + 1, nil
		}
	}
	return 0, errUnsafe
}

// matchBracket is the offset past the flow collection opening at start.
func (s *source) matchBracket(start int) (int, error) {
	depth := 0
	for i := start; i < len(s.data); i++ {
		switch s.data[i] {
		case '"', '\'':
			end, err := s.quoted(i, s.data[i])
			if err != nil {
				return 0, err
			}
			i = end - 1
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '#':
			if !s.json() && i > 0 && (s.data[i-1] == ' ' || s.data[i-1] == '\n') {
				i = s.lineEnd(i) - 1
			}
		}
	}
	return 0, errUnsafe
}

// blockScalarEnd is the offset past a literal or folded block scalar whose
// indicator is at start: its lines are those after it indented deeper than
// its key (or blank).
func (s *source) blockScalarEnd(start, keyOff int) (int, error) {
	if keyOff < 0 {
		return 0, errUnsafe
	}
	return s.deeperLinesEnd(s.lineEnd(start), s.indentOf(keyOff), false), nil
}

// blockEnd is the offset past a block mapping or sequence that is the value
// of the key at keyOff: the lines after the key's indented deeper than it,
// or for a sequence the "- " lines at the key's own indentation.
func (s *source) blockEnd(v *reduce.Node, keyOff int) (int, error) {
	if keyOff < 0 {
		return 0, errUnsafe
	}
	return s.deeperLinesEnd(s.lineEnd(keyOff), s.indentOf(keyOff), v.Kind == reduce.SequenceNode), nil
}

// deeperLinesEnd walks the lines after from (a newline offset or the end)
// while they are blank, comments, or indented more than indent (or a "- "
// item at indent when dashes is set), and returns the end of the last such
// non-blank line.
func (s *source) deeperLinesEnd(from, indent int, dashes bool) int {
	end := from
	for i := from; i < len(s.data); {
		lineStart := i + 1
		if lineStart > len(s.data) {
			break
		}
		lineEnd := s.lineEnd(min(lineStart, len(s.data)))
		line := s.data[lineStart:lineEnd]
		trimmed := bytes.TrimLeft(line, " ")
		n := len(line) - len(trimmed)
		blank := len(bytes.TrimSpace(trimmed)) == 0
		switch {
		case blank:
		case n > indent, dashes && n == indent && (bytes.HasPrefix(trimmed, []byte("- ")) || bytes.Equal(bytes.TrimSpace(trimmed), []byte("-"))):
			end = lineEnd
		default:
			return end
		}
		i = lineEnd
		if lineEnd >= len(s.data) {
			break
		}
	}
	return end
}

// render writes node n (from a document of any format) as a value in s's
// format: JSON for JSON files, YAML flow style (plain scalars where that
// reads the same) for YAML. Numbers keep their literal. Only scalars and
// sequences of scalars are rendered; anything else is unsafe to move across
// dialects here.
func (s *source) render(n *reduce.Node) (string, error) {
	n = reduce.Deref(n)
	switch {
	case n == nil:
		return "", errUnsafe
	case n.Kind == reduce.ScalarNode:
		return s.scalar(n), nil
	case n.Kind == reduce.SequenceNode:
		parts := make([]string, 0, len(n.Content))
		for _, item := range n.Content {
			item = reduce.Deref(item)
			if item == nil || item.Kind != reduce.ScalarNode {
				return "", errUnsafe
			}
			parts = append(parts, s.scalar(item))
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	}
	return "", errUnsafe
}

// scalar renders one scalar in s's format.
func (s *source) scalar(n *reduce.Node) string {
	switch n.Tag {
	case "!!int", "!!float":
		return n.Value
	case "!!bool":
		if b, ok := reduce.Bool(n); ok && b {
			return "true"
		}
		return "false"
	case "!!null":
		return "null"
	}
	if !s.json() && plainSafe(n.Value) {
		return n.Value
	}
	return quote(n.Value)
}

// quote is a JSON string literal, which YAML reads as a double-quoted scalar.
func quote(v string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// plainSafe reports whether v reads back as the same string when written as
// a YAML plain scalar in flow context: no indicator at its start, no ": "
// or " #", no flow punctuation, and not a number, boolean or null.
func plainSafe(v string) bool {
	if v == "" || strings.TrimSpace(v) != v || strings.ContainsAny(v, "\n\t,[]{}\"'`") {
		return false
	}
	if strings.ContainsAny(v[:1], "-?:!&*|>%@#") || strings.Contains(v, ": ") || strings.Contains(v, " #") || strings.HasSuffix(v, ":") {
		return false
	}
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return false
	}
	// What starts like a number may read as one (YAML 1.1 has 0x, 0o, 1_000
	// and sexagesimal forms): quote it.
	return !strings.ContainsAny(v[:1], "0123456789.+")
}
