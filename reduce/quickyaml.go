package reduce

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// quickYAML reads the plain block YAML most API descriptions are written in
// (block mappings and sequences, one-line plain and quoted scalars, literal
// and folded block scalars, one-line flow collections) straight into the
// tree go-yaml builds, several times faster: a tree of 1,500 $ref'd files is
// read once per revision, and go-yaml's tokens and events were a third of a
// comparison's CPU. It gives up (ok false) on everything else — comments,
// anchors, aliases, tags, documents markers, directives, multi-line plain or
// quoted scalars, multi-line flow collections, complex keys, indentation
// indicators, tabs, carriage returns and every character go-yaml treats
// specially or refuses — and the caller parses the file with go-yaml, so
// what it gives up on is read exactly as before. What it reads, it reads as
// go-yaml does, node for node: kind, tag, style, value, line and column
// (FuzzQuickYAML holds it to that, and TestQuickYAMLCorpus on the real
// trees in testdata).
func quickYAML(data []byte) (top *Node, ok bool) {
	if !quickBytes(data) {
		return nil, false
	}
	p := &quickReader{src: string(data), line: 1}
	ind, st := p.seek()
	if st != quickContent {
		return nil, false
	}
	top = p.block(ind)
	if p.bad || top == nil {
		return nil, false
	}
	if _, st := p.seek(); st != quickEnd {
		return nil, false
	}
	return top, true
}

// quickBytes reports whether data holds only characters quickYAML reads as
// go-yaml does: printable ASCII, line feeds, and the non-ASCII characters
// go-yaml reads as ordinary text (no NEL, line or paragraph separator, byte
// order mark, or noncharacter), and no line starting a document marker or
// directive.
func quickBytes(data []byte) bool {
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\n':
			if i+1 < len(data) && startsMarker(data[i+1:]) {
				return false
			}
			i++
		case c >= 0x20 && c < 0x7f:
			i++
		case c < 0x80:
			return false
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r < 0xa0 || r == 0x2028 || r == 0x2029 || r == 0xfeff || (r >= 0xd800 && r < 0xe000) || r == 0xfffe || r == 0xffff || r == utf8.RuneError {
				return false
			}
			i += size
		}
	}
	return len(data) == 0 || !startsMarker(data)
}

// startsMarker reports whether a line starting at b opens with a directive
// (%) or a document marker (--- or ...).
func startsMarker(b []byte) bool {
	if len(b) > 0 && b[0] == '%' {
		return true
	}
	return len(b) >= 3 && (string(b[:3]) == "---" || string(b[:3]) == "...")
}

// quickReader is quickYAML's state: src is read line by line, pos is the
// offset of the current line's first byte and line its 1-based number.
type quickReader struct {
	src  string
	pos  int
	line int
	// depth counts the collections being read (bounded: maxQuickDepth).
	depth int
	// bad is set when the reader gives up.
	bad bool
	// slab hands out nodes in blocks, one allocation per 64 nodes.
	slab []Node
}

// maxQuickDepth bounds the nesting quickYAML reads; deeper documents go to
// go-yaml and the depth budget.
const maxQuickDepth = 256

// lineState is what seek found.
type lineState int

const (
	quickContent lineState = iota // a line with content
	quickEnd                      // the end of the input
	quickComment                  // a comment line: given up
)

// seek moves to the next line holding anything but spaces and returns its
// indentation.
func (p *quickReader) seek() (indent int, st lineState) {
	for {
		i := p.pos
		for i < len(p.src) && p.src[i] == ' ' {
			i++
		}
		switch {
		case i == len(p.src):
			p.pos = i
			return 0, quickEnd
		case p.src[i] == '\n':
			p.pos, p.line = i+1, p.line+1
		case p.src[i] == '#':
			return 0, quickComment
		default:
			return i - p.pos, quickContent
		}
	}
}

// fail records that the reader gives up and returns nil.
func (p *quickReader) fail() *Node {
	p.bad = true
	return nil
}

// node returns a new node at offset at of the current line.
func (p *quickReader) node(kind yaml.Kind, tag, value string, at int) *Node {
	if len(p.slab) == 0 {
		p.slab = make([]Node, 64)
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.Kind, n.Tag, n.Value, n.Line, n.Column = kind, tag, value, p.line, p.column(at)
	return n
}

// column returns the 1-based column of offset at of the current line, in
// characters as go-yaml counts them.
func (p *quickReader) column(at int) int {
	line := p.src[p.pos:at]
	for i := 0; i < len(line); i++ {
		if line[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(line) + 1
		}
	}
	return len(line) + 1
}

// endOfLine returns the offset of the line feed ending the line holding
// offset i, or the input's length.
func (p *quickReader) endOfLine(i int) int {
	if j := strings.IndexByte(p.src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(p.src)
}

// nextLine moves to the line after the one holding offset i.
func (p *quickReader) nextLine(i int) {
	end := p.endOfLine(i)
	if end < len(p.src) {
		end++
	}
	p.pos, p.line = end, p.line+1
}

// restBlank reports whether the current line holds only spaces from offset
// i, and moves to the next line when it does.
func (p *quickReader) restBlank(i int) bool {
	for i < len(p.src) && p.src[i] == ' ' {
		i++
	}
	if i < len(p.src) && p.src[i] != '\n' {
		return false
	}
	p.nextLine(i)
	return true
}

// block reads the mapping or sequence whose first line is the current one,
// indented by indent spaces.
func (p *quickReader) block(indent int) *Node {
	at := p.pos + indent
	if seqEntry(p.src, at) {
		return p.sequence(indent)
	}
	if !p.keyAhead(at) {
		return p.fail()
	}
	return p.mapping(indent, at)
}

// seqEntry reports whether a block sequence entry ("-" then a space or the
// line's end) starts at offset i of src.
func seqEntry(src string, i int) bool {
	return i < len(src) && src[i] == '-' && (i+1 == len(src) || src[i+1] == ' ' || src[i+1] == '\n')
}

// mapping reads a block mapping at column col (0-based) whose first key
// starts at offset at of the current line.
func (p *quickReader) mapping(col, at int) *Node {
	if p.depth++; p.depth > maxQuickDepth {
		return p.fail()
	}
	defer func() { p.depth-- }()
	m := p.node(yaml.MappingNode, "!!map", "", at)
	for {
		key, after := p.key(at)
		if key == nil {
			return p.fail()
		}
		value := p.value(col, after, true)
		if value == nil {
			return p.fail()
		}
		m.Content = append(m.Content, key, value)
		ind, st := p.seek()
		switch {
		case st == quickEnd:
			return m
		case st == quickComment || ind > col:
			return p.fail()
		case ind < col:
			return m
		}
		at = p.pos + ind
		if seqEntry(p.src, at) {
			// an entry of a sequence where a key is due: a caller's
			// indentless sequence ends here, or it is an error
			return p.fail()
		}
	}
}

// sequence reads a block sequence whose entries start at column col
// (0-based) of the current line and those below.
func (p *quickReader) sequence(col int) *Node {
	if p.depth++; p.depth > maxQuickDepth {
		return p.fail()
	}
	defer func() { p.depth-- }()
	s := p.node(yaml.SequenceNode, "!!seq", "", p.pos+col)
	for {
		dash := p.pos + col
		i := dash + 1
		for i < len(p.src) && p.src[i] == ' ' {
			i++
		}
		var item *Node
		switch {
		case seqEntry(p.src, i):
			item = p.sequence(i - p.pos) // a sequence starting on the entry's line
		case i < len(p.src) && p.src[i] != '\n' && p.keyAhead(i):
			item = p.mapping(i-p.pos, i)
		default:
			item = p.value(col, dash+1, false)
		}
		if item == nil {
			return p.fail()
		}
		s.Content = append(s.Content, item)
		ind, st := p.seek()
		switch {
		case st == quickEnd:
			return s
		case st == quickComment || ind > col:
			return p.fail()
		case ind < col || !seqEntry(p.src, p.pos+ind):
			return s
		}
	}
}

// keyAhead reports whether the current line holds a mapping key at offset
// i: a plain or quoted scalar followed by ':' and a space or the line's end.
func (p *quickReader) keyAhead(i int) bool {
	switch c := p.src[i]; c {
	case '"', '\'':
		_, end, ok := p.quoted(i, -1)
		return ok && p.colonAt(end)
	}
	if !plainStart(p.src, i) {
		return false
	}
	for j := i; j < len(p.src) && p.src[j] != '\n'; j++ {
		if p.src[j] == ':' && p.colonAt(j) {
			return true
		}
	}
	return false
}

// colonAt reports whether a mapping value indicator (':' then a space or
// the line's end) is at offset i.
func (p *quickReader) colonAt(i int) bool {
	return i < len(p.src) && p.src[i] == ':' && (i+1 == len(p.src) || p.src[i+1] == ' ' || p.src[i+1] == '\n')
}

// plainStart reports whether a plain scalar may start at offset i in block
// context, as far as quickYAML reads them: not on an indicator, nor on '-'
// followed by a space.
func plainStart(src string, i int) bool {
	switch src[i] {
	case ' ', '\n', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	case '-':
		return i+1 < len(src) && src[i+1] != ' ' && src[i+1] != '\n'
	}
	return true
}

// key reads the mapping key at offset at of the current line and returns it
// with the offset just past its ':'.
func (p *quickReader) key(at int) (*Node, int) {
	if c := p.src[at]; c == '"' || c == '\'' {
		value, end, ok := p.quoted(at, -1)
		if !ok || !p.colonAt(end) || end-at > 1000 {
			return nil, 0
		}
		n := p.node(yaml.ScalarNode, "!!str", value, at)
		n.Style = quotedStyle(c)
		return n, end + 1
	}
	if !plainStart(p.src, at) {
		return nil, 0
	}
	for j := at; j < len(p.src) && p.src[j] != '\n'; j++ {
		switch {
		case p.src[j] == '#' && p.src[j-1] == ' ':
			return nil, 0 // a comment
		case p.colonAt(j):
			value := p.src[at:j]
			if j-at > 1000 || value[len(value)-1] == ' ' || value == "<<" {
				return nil, 0
			}
			return p.node(yaml.ScalarNode, plainTag(value), value, at), j + 1
		}
	}
	return nil, 0
}

// value reads the value after a mapping's ':' or a sequence's '-' ending at
// offset after of the current line, in the block collection at column col
// (0-based); inMapping allows a sequence at col itself (an indentless
// sequence). It leaves the reader on the line after the value.
func (p *quickReader) value(col, after int, inMapping bool) *Node {
	i := p.skipSpaces(after)
	if i < len(p.src) && p.src[i] != '\n' {
		return p.scalarAt(col, i)
	}
	empty := p.node(yaml.ScalarNode, "!!null", "", after)
	p.nextLine(i)
	ind, st := p.seek()
	switch {
	case st == quickComment:
		return p.fail()
	case st == quickContent && ind > col:
		if at := p.pos + ind; !seqEntry(p.src, at) && !p.keyAhead(at) {
			return p.scalarAt(col, at) // a scalar on the lines below
		}
		return p.block(ind)
	case st == quickContent && ind == col && inMapping && seqEntry(p.src, p.pos+ind):
		return p.sequence(ind)
	}
	return empty
}

// scalarAt reads the scalar or flow collection at offset i of the current
// line, in the block collection at column col (0-based), and leaves the
// reader on the line after it.
func (p *quickReader) scalarAt(col, i int) *Node {
	var n *Node
	end := i
	switch c := p.src[i]; c {
	case '|', '>':
		return p.blockScalar(col, i)
	case '"', '\'':
		n = p.node(yaml.ScalarNode, "!!str", "", i)
		n.Style = quotedStyle(c)
		var ok bool
		if n.Value, end, ok = p.quoted(i, col); !ok {
			return p.fail()
		}
	case '[', '{':
		n, end = p.flow(i, 0)
		if n == nil {
			return p.fail()
		}
	default:
		if !plainStart(p.src, i) {
			return p.fail()
		}
		return p.plain(col, i)
	}
	if !p.restBlank(end) {
		return p.fail()
	}
	return n
}

// plain reads the plain scalar at offset i of the current line, continued
// on the lines below indented deeper than col, folding them as go-yaml's
// scanner does (yaml_parser_scan_plain_scalar, block context), and leaves
// the reader on the line after it.
func (p *quickReader) plain(col, i int) *Node {
	n := p.node(yaml.ScalarNode, "", "", i)
	var b []byte // nil while the value is one line
	for {
		end := i
		for ; end < len(p.src) && p.src[end] != '\n'; end++ {
			if p.colonAt(end) || p.src[end] == '#' && p.src[end-1] == ' ' {
				return p.fail()
			}
		}
		text := strings.TrimRight(p.src[i:end], " ")
		p.nextLine(end)
		breaks, next := 0, 0
		for {
			next = p.skipSpaces(p.pos)
			if next == len(p.src) || p.src[next] != '\n' {
				break
			}
			breaks++
			p.pos, p.line = next+1, p.line+1
		}
		more := next < len(p.src) && next-p.pos > col
		if b == nil && !more {
			n.Value = text
			break
		}
		b = append(b, text...)
		if !more {
			n.Value = string(b)
			break
		}
		if p.src[next] == '#' {
			return p.fail() // a comment ends it
		}
		if breaks == 0 {
			b = append(b, ' ')
		}
		b = appendBreaks(b, breaks)
		i = next
	}
	n.Tag = plainTag(n.Value)
	return n
}

// quoted reads the quoted scalar opening at offset i of the current line
// and returns its value and the offset after its closing quote. With col
// >= 0 it may go on over lines indented deeper than col (folded as go-yaml's
// scanner does, yaml_parser_scan_flow_scalar), and the reader is left on the
// line of the closing quote; with col < 0 it is one line.
func (p *quickReader) quoted(i, col int) (value string, end int, ok bool) {
	q := p.src[i]
	var b []byte // nil while the value is a slice of the input
	start := i + 1
	for j := start; j < len(p.src); j++ {
		c := p.src[j]
		switch {
		case c == '\n':
			if col < 0 {
				return "", 0, false
			}
			b = append(b, strings.TrimRight(p.src[start:j], " ")...)
			p.pos, p.line = j+1, p.line+1
			breaks := 0
			for {
				next := p.skipSpaces(p.pos)
				if next == len(p.src) {
					return "", 0, false
				}
				if p.src[next] != '\n' {
					if next-p.pos <= col {
						return "", 0, false
					}
					j, start = next-1, next
					break
				}
				breaks++
				p.pos, p.line = next+1, p.line+1
			}
			if breaks == 0 {
				b = append(b, ' ')
			}
			b = appendBreaks(b, breaks)
		case c == q && q == '\'' && j+1 < len(p.src) && p.src[j+1] == '\'':
			b = append(append(b, p.src[start:j]...), '\'')
			j++
			start = j + 1
		case c == q:
			if b == nil {
				return p.src[i+1 : j], j + 1, true
			}
			return string(append(b, p.src[start:j]...)), j + 1, true
		case c == '\\' && q == '"':
			b = append(b, p.src[start:j]...)
			var n int
			if b, n = unescape(b, p.src[j+1:]); n == 0 {
				return "", 0, false
			}
			j += n
			start = j + 1
		}
	}
	return "", 0, false
}

// quotedStyle is the style of a scalar quoted by q.
func quotedStyle(q byte) yaml.Style {
	if q == '\'' {
		return yaml.SingleQuotedStyle
	}
	return yaml.DoubleQuotedStyle
}

// unescape appends the character of the double-quoted escape whose
// letters start esc (after the backslash) to b and returns how many bytes
// of esc it read, 0 for an escape quickYAML leaves to go-yaml.
func unescape(b []byte, esc string) ([]byte, int) {
	if esc == "" {
		return b, 0
	}
	switch esc[0] {
	case '"', '\\':
		return append(b, esc[0]), 1
	case 'n':
		return append(b, '\n'), 1
	case 't':
		return append(b, '\t'), 1
	case 'r':
		return append(b, '\r'), 1
	case 'b':
		return append(b, '\b'), 1
	case 'f':
		return append(b, '\f'), 1
	case 'u':
		if len(esc) < 5 {
			return b, 0
		}
		v, err := strconv.ParseUint(esc[1:5], 16, 32)
		if err != nil || esc[1] == '+' || (v >= 0xd800 && v < 0xe000) {
			return b, 0
		}
		return utf8.AppendRune(b, rune(v)), 5
	}
	return b, 0
}

// flow reads the one-line flow collection or scalar at offset i (nested
// depth deep) and returns it with the offset after it.
func (p *quickReader) flow(i, depth int) (*Node, int) {
	if depth > maxQuickDepth {
		return nil, 0
	}
	switch c := p.src[i]; c {
	case '[', '{':
		kind, tag, closing := yaml.SequenceNode, "!!seq", byte(']')
		if c == '{' {
			kind, tag, closing = yaml.MappingNode, "!!map", '}'
		}
		n := p.node(kind, tag, "", i)
		n.Style = yaml.FlowStyle
		j := p.skipSpaces(i + 1)
		if j < len(p.src) && p.src[j] == closing {
			return n, j + 1
		}
		for {
			if j == len(p.src) {
				return nil, 0
			}
			if c == '{' {
				key, e := p.flowScalar(j)
				if key == nil || e >= len(p.src) || p.src[e] != ':' || e+1 == len(p.src) || p.src[e+1] != ' ' {
					return nil, 0
				}
				n.Content = append(n.Content, key)
				j = p.skipSpaces(e + 1)
				if j == len(p.src) {
					return nil, 0
				}
			}
			item, e := p.flow(j, depth+1)
			if item == nil {
				return nil, 0
			}
			n.Content = append(n.Content, item)
			j = p.skipSpaces(e)
			switch {
			case j < len(p.src) && p.src[j] == closing:
				return n, j + 1
			case j < len(p.src) && p.src[j] == ',':
				j = p.skipSpaces(j + 1)
				if j < len(p.src) && (p.src[j] == ']' || p.src[j] == '}') {
					return nil, 0 // a trailing comma
				}
			default:
				return nil, 0
			}
		}
	}
	return p.flowScalar(i)
}

// flowScalar reads the quoted or plain scalar at offset i inside a flow
// collection and returns it with the offset after it.
func (p *quickReader) flowScalar(i int) (*Node, int) {
	switch c := p.src[i]; c {
	case '"', '\'':
		value, end, ok := p.quoted(i, -1)
		if !ok {
			return nil, 0
		}
		n := p.node(yaml.ScalarNode, "!!str", value, i)
		n.Style = quotedStyle(c)
		return n, end
	}
	if !plainStart(p.src, i) || p.src[i] == '-' {
		return nil, 0
	}
	end := i
	for ; end < len(p.src); end++ {
		c := p.src[end]
		if c == ',' || c == ']' || c == '}' || c == '\n' || p.colonAt(end) {
			break
		}
		if !flowPlain(c) {
			return nil, 0
		}
	}
	value := strings.TrimRight(p.src[i:end], " ")
	return p.node(yaml.ScalarNode, plainTag(value), value, i), end
}

// flowPlain reports whether quickYAML reads byte c inside a plain scalar
// in a flow collection: letters, digits, non-ASCII, spaces and a few
// punctuation marks no flow context gives a meaning to.
func flowPlain(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf || strings.IndexByte(" _.-+/$@()=", c) >= 0
}

// skipSpaces returns the offset of the first non-space at or after i.
func (p *quickReader) skipSpaces(i int) int {
	for i < len(p.src) && p.src[i] == ' ' {
		i++
	}
	return i
}

// blockScalar reads the literal or folded block scalar whose indicator is
// at offset h of the current line, in the block collection at column col
// (0-based), as go-yaml's scanner does (yaml_parser_scan_block_scalar).
func (p *quickReader) blockScalar(col, h int) *Node {
	literal := p.src[h] == '|'
	i, chomp := h+1, 0
	if i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
		chomp = 1
		if p.src[i] == '-' {
			chomp = -1
		}
		i++
	}
	if i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
		return p.fail() // an indentation indicator
	}
	n := p.node(yaml.ScalarNode, "!!str", "", h)
	n.Style = yaml.FoldedStyle
	if literal {
		n.Style = yaml.LiteralStyle
	}
	if !p.restBlank(i) || p.pos == len(p.src) {
		return p.fail()
	}
	// the leading blank lines, and the indentation of the first line with
	// content
	trailing, maxBlank := 0, 0
	indent := 0
	for {
		j := p.skipSpaces(p.pos)
		if j == len(p.src) {
			return p.fail()
		}
		if p.src[j] != '\n' {
			indent = j - p.pos
			break
		}
		maxBlank = max(maxBlank, j-p.pos)
		trailing++
		p.pos, p.line = j+1, p.line+1
	}
	if indent <= col || maxBlank > indent {
		return p.fail()
	}
	var s []byte
	leading := 0 // the line break ending the last line with content (0 or 1)
	leadingBlank := false
	for {
		at := p.pos + indent
		end := p.endOfLine(at)
		trailingBlank := p.src[at] == ' '
		if !literal && !leadingBlank && !trailingBlank && leading == 1 {
			if trailing == 0 {
				s = append(s, ' ')
			}
		} else {
			s = appendBreaks(s, leading)
		}
		s = appendBreaks(s, trailing)
		trailing = 0
		leadingBlank = trailingBlank
		s = append(s, p.src[at:end]...)
		leading = 0
		if end == len(p.src) {
			p.pos = end
			break
		}
		leading = 1
		p.pos, p.line = end+1, p.line+1
		// the blank lines after it, and whether the next line continues
		more := false
		for {
			j := p.pos
			for j < len(p.src) && j-p.pos < indent && p.src[j] == ' ' {
				j++
			}
			if j < len(p.src) && p.src[j] == '\n' {
				trailing++
				p.pos, p.line = j+1, p.line+1
				continue
			}
			more = j < len(p.src) && j-p.pos == indent
			break
		}
		if !more {
			break
		}
	}
	if chomp != -1 {
		s = appendBreaks(s, leading)
	}
	if chomp == 1 {
		s = appendBreaks(s, trailing)
	}
	n.Value = string(s)
	return n
}

// appendBreaks appends n line feeds to s.
func appendBreaks(s []byte, n int) []byte {
	for ; n > 0; n-- {
		s = append(s, '\n')
	}
	return s
}

// plainTag returns the tag go-yaml's resolver gives a plain scalar (its
// resolve, tags only).
func plainTag(v string) string {
	if v == "" {
		return "!!null"
	}
	switch c := v[0]; {
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		if tag, ok := plainWords[v]; ok {
			return tag
		}
		if yamlTimestamp(v) {
			return "!!timestamp"
		}
		plain := strings.ReplaceAll(v, "_", "")
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return "!!int"
		}
		if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return "!!int"
		}
		if yamlStyleFloat().MatchString(plain) {
			if _, err := strconv.ParseFloat(plain, 64); err == nil {
				return "!!float"
			}
		}
	case c == '.':
		if tag, ok := plainWords[v]; ok {
			return tag
		}
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return "!!float"
		}
	case strings.IndexByte("yYnNtTfFoO~<", c) >= 0:
		if tag, ok := plainWords[v]; ok {
			return tag
		}
	}
	return "!!str"
}

// plainWords are the plain scalars go-yaml's resolver knows by name.
var plainWords = map[string]string{
	"true": "!!bool", "True": "!!bool", "TRUE": "!!bool",
	"false": "!!bool", "False": "!!bool", "FALSE": "!!bool",
	"~": "!!null", "null": "!!null", "Null": "!!null", "NULL": "!!null",
	".nan": "!!float", ".NaN": "!!float", ".NAN": "!!float",
	".inf": "!!float", ".Inf": "!!float", ".INF": "!!float",
	"+.inf": "!!float", "+.Inf": "!!float", "+.INF": "!!float",
	"-.inf": "!!float", "-.Inf": "!!float", "-.INF": "!!float",
	"-0": "!!float", "-0.0": "!!float",
	"<<": "!!merge",
}

// yamlStyleFloat is go-yaml's resolver's pattern of a float.
var yamlStyleFloat = lazyre.New(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)

// yamlTimestamp reports whether go-yaml's resolver reads the plain scalar v
// as a timestamp (its parseTimestamp).
func yamlTimestamp(v string) bool {
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i != 4 || i == len(v) || v[i] != '-' {
		return false
	}
	for _, format := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
		if _, err := time.Parse(format, v); err == nil {
			return true
		}
	}
	return false
}
