package docs

import (
	"bytes"
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// LinkKind says which Markdown construct a link came from.
type LinkKind string

// The constructs a Markdown link can come from.
const (
	KindLink      LinkKind = "link"      // [text](target)
	KindImage     LinkKind = "image"     // ![alt](target)
	KindReference LinkKind = "reference" // [label]: target
	KindHTML      LinkKind = "html"      // <a href="target">, <img src="target">
)

// Link is one link destination in a Markdown document, as written.
type Link struct {
	// Target is the destination as written, angle brackets removed and
	// backslash escapes resolved, not percent-decoded.
	Target string
	// Kind is the construct the link came from.
	Kind LinkKind
	// Line is 1-based; Column is 1-based, in characters, of Target's first
	// character.
	Line, Column int
}

// Anchor is a fragment a document offers: a heading's slug or an HTML id.
type Anchor struct {
	// Name is the fragment without '#'.
	Name string
	// Heading is the heading's rendered text ("" for an HTML id or name).
	Heading string
	// Line and Column (1-based, characters) locate the heading or the tag.
	Line, Column int
	// Level is the heading's level, 1 to 6; 0 for an HTML id or name.
	Level int
}

// Markdown is what the scanner extracts from one document.
type Markdown struct {
	// Links lists every link destination in document order.
	Links []Link
	// Anchors lists every heading slug (deduplicated as GitHub does) and every
	// HTML id or <a name>, in document order.
	Anchors []Anchor

	folded    map[string]bool   // anchor names, lower-cased unless exact, built by ParseMarkdown
	exact     bool              // fragments match in their own case (a generator's built site)
	front     map[string]string // front matter keys that move a page (see readFrontMatter)
	generated generator         // what may render headings into the page
	// contributors are the line ranges (first, last) of the all-contributors
	// table the all-contributors bot writes between its START and END
	// comments
	contributors [][2]int
}

// inContributors reports whether line lies in an all-contributors table.
func (m *Markdown) inContributors(line int) bool {
	for _, r := range m.contributors {
		if line > r[0] && line < r[1] {
			return true
		}
	}
	return false
}

// HasAnchor reports whether name (already percent-decoded) is a fragment the
// document offers. Matching ignores case, as GitHub's fragment navigation does,
// unless the document is read as a generator's page, whose ids the browser
// matches exactly.
func (m *Markdown) HasAnchor(name string) bool {
	if m.folded != nil {
		if m.exact {
			return m.folded[name]
		}
		return m.folded[strings.ToLower(name)]
	}
	for _, a := range m.Anchors {
		if a.Name == name || !m.exact && strings.EqualFold(a.Name, name) {
			return true
		}
	}
	return false
}

// ParseMarkdown scans src for link destinations and anchors. It follows
// CommonMark's block structure closely enough that fenced and indented code
// blocks, inline code spans, HTML comments and YAML front matter never yield
// links or headings. It never fails: malformed input yields fewer links.
func ParseMarkdown(src []byte) *Markdown { return parseMarkdown(src, github, false) }

// parseMarkdown scans src as the generator fl reads it; mdx reads it as MDX:
// import and export lines, {expressions} and {/* comments */} are not
// Markdown, and href, to and src props of any tag or component are links.
func parseMarkdown(src []byte, fl *flavor, mdx bool) *Markdown {
	p := &mdParser{md: &Markdown{}, flavor: fl, mdx: mdx, theme: map[string]bool{}}
	p.slugger.flavor = fl
	p.splitLines(src)
	p.blocks()
	p.numberFootnotes()
	p.md.front = readFrontMatter(src)
	p.md.generated = generatedBy(src, p.components)
	p.md.exact = fl.exactIDs
	p.md.folded = make(map[string]bool, len(p.md.Anchors))
	for _, a := range p.md.Anchors {
		if p.md.exact {
			p.md.folded[a.Name] = true
		} else {
			p.md.folded[strings.ToLower(a.Name)] = true
		}
	}
	return p.md
}

// mdLine is one source line without its line terminator.
type mdLine struct {
	text []byte
	no   int // 1-based
}

// segment maps a run of an inline buffer back to its source line.
type segment struct {
	buf  int    // offset in the buffer where the run starts
	line mdLine // the source line
	off  int    // byte offset in line.text where the run starts
}

type mdParser struct {
	md         *Markdown
	flavor     *flavor
	mdx        bool
	components bool // an MDX page imports or renders components
	// theme are the Docusaurus theme components the page imports that
	// render no heading (headinglessImport)
	theme   map[string]bool
	lines   []mdLine
	slugger Slugger
	para    []segment // the open paragraph's lines
	paraBuf []byte
	// footnoteDefs and footnoteRefs are the footnotes defined (label →
	// where) and referenced (labels in order, repeats included), for a
	// flavor that numbers them.
	footnoteDefs map[string]Anchor
	footnoteRefs []string
}

func (p *mdParser) splitLines(src []byte) {
	p.lines = make([]mdLine, 0, bytes.Count(src, []byte("\n"))+1)
	no := 1
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		var l []byte
		if i < 0 {
			l, src = src, nil
		} else {
			l, src = src[:i], src[i+1:]
		}
		p.lines = append(p.lines, mdLine{text: bytes.TrimSuffix(l, []byte("\r")), no: no})
		no++
	}
}

// indentOf returns the width of leading whitespace (tabs to the next multiple
// of four) and its length in bytes.
func indentOf(b []byte) (width, n int) {
	for n < len(b) {
		switch b[n] {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		default:
			return width, n
		}
		n++
	}
	return width, n
}

// stripQuote skips blockquote markers and returns the byte offset where the
// line's content starts.
func stripQuote(b []byte) int {
	off := 0
	for {
		w, n := indentOf(b[off:])
		if w > 3 || off+n >= len(b) || b[off+n] != '>' {
			return off
		}
		off += n + 1
		if off < len(b) && (b[off] == ' ' || b[off] == '\t') {
			off++
		}
	}
}

func isBlank(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }

// fenceOpen reports a code fence opener: three or more backticks or tildes
// (a backtick fence's info string may not contain a backtick).
func fenceOpen(t []byte) (char byte, n int) {
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return 0, 0
	}
	c := t[0]
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 || (c == '`' && bytes.IndexByte(t[n:], '`') >= 0) {
		return 0, 0
	}
	return c, n
}

func fenceClose(t []byte, char byte, n int) bool {
	_, i := indentOf(t)
	t = t[i:]
	k := 0
	for k < len(t) && t[k] == char {
		k++
	}
	return k >= n && isBlank(t[k:])
}

// atxHeadingLevel returns the content of an ATX heading line ("## Title ##"),
// its byte offset in t and its level (1 to 6).
func atxHeadingLevel(t []byte) ([]byte, int, int, bool) {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(t) && t[n] != ' ' && t[n] != '\t') {
		return nil, 0, 0, false
	}
	start := n
	for start < len(t) && (t[start] == ' ' || t[start] == '\t') {
		start++
	}
	c := bytes.TrimRight(t[start:], " \t")
	// A closing sequence of #s preceded by a space (or the whole content) is
	// not part of the heading.
	k := len(c)
	for k > 0 && c[k-1] == '#' {
		k--
	}
	if k == 0 || c[k-1] == ' ' || c[k-1] == '\t' {
		c = bytes.TrimRight(c[:k], " \t")
	}
	return c, start, n, true
}

// setextUnderline reports a line of only '=' or only '-' (trailing spaces allowed).
func setextUnderline(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	if len(t) == 0 || (t[0] != '=' && t[0] != '-') {
		return false
	}
	for _, c := range t {
		if c != t[0] {
			return false
		}
	}
	return true
}

// thematicBreak reports "***", "- - -", "___" and the like.
func thematicBreak(t []byte) bool {
	var char byte
	n := 0
	for _, c := range t {
		switch c {
		case ' ', '\t':
			continue
		case '*', '-', '_':
			if char != 0 && c != char {
				return false
			}
			char = c
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// listItem returns the width of a list item's marker plus its spacing, or 0.
func listItem(t []byte) int {
	n := 0
	switch {
	case len(t) > 0 && (t[0] == '-' || t[0] == '+' || t[0] == '*'):
		n = 1
	default:
		for n < len(t) && n < 9 && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(t) || (t[n] != '.' && t[n] != ')') {
			return 0
		}
		n++
	}
	if n == len(t) {
		return n + 1
	}
	if t[n] != ' ' && t[n] != '\t' {
		return 0
	}
	w, _ := indentOf(t[n:])
	if w > 4 {
		w = 1
	}
	return n + w
}

// refDefinition parses "[label]: destination" and returns the destination's
// byte offset and length in t.
func refDefinition(t []byte) (off, n int, ok bool) {
	if len(t) < 4 || t[0] != '[' || t[1] == '^' {
		return 0, 0, false
	}
	i := 1
	for i < len(t) && t[i] != ']' {
		switch t[i] {
		case '\\':
			i++
		case '[':
			return 0, 0, false
		}
		i++
	}
	if i >= len(t)-1 || i == 1 || t[i+1] != ':' {
		return 0, 0, false
	}
	i += 2
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	if i == len(t) {
		return 0, 0, false
	}
	if t[i] == '<' {
		j := bytes.IndexByte(t[i+1:], '>')
		if j < 0 {
			return 0, 0, false
		}
		return i + 1, j, true
	}
	j := i
	for j < len(t) && t[j] != ' ' && t[j] != '\t' {
		j++
	}
	return i, j - i, true
}

// blocks walks the lines, classifying each as code, heading, definition or
// paragraph text, and hands text to the inline scanner.
func (p *mdParser) blocks() {
	lines := p.lines
	start := 0
	// YAML front matter is metadata, not Markdown.
	if len(lines) > 0 && string(bytes.TrimRight(lines[0].text, " \t")) == "---" {
		for i := 1; i < len(lines); i++ {
			if t := string(bytes.TrimRight(lines[i].text, " \t")); t == "---" || t == "..." {
				start = i + 1
				break
			}
		}
	}
	var (
		fenceChar   byte
		fenceLen    int
		inComment   bool
		prevPara    bool   // the previous line was paragraph text
		listIndent  int    // content indent of the innermost open list item; 0 = none
		prevBlank   = true // the previous line was blank (or there was none)
		paraIsItem  bool   // the open paragraph started with a list marker
		paraInitial int    // content indent of the open paragraph's first line
		inESM       bool   // inside an MDX import or export statement
		// blockItem is the content indent of the list item the open fence
		// or HTML comment started in (0 = none): a line less indented, not
		// blank, ends the item and so the block, as CommonMark reads it
		blockItem int
	)
	for _, ln := range lines[start:] {
		q := stripQuote(ln.text)
		t := ln.text[q:]
		if (fenceChar != 0 || inComment) && blockItem > 0 && !isBlank(t) {
			if width, _ := indentOf(t); width < blockItem {
				fenceChar, inComment, blockItem, listIndent = 0, false, 0, 0
			}
		}
		if fenceChar != 0 {
			if fenceClose(t, fenceChar, fenceLen) {
				fenceChar = 0
			}
			continue
		}
		if inComment {
			if bytes.Contains(t, []byte("-->")) {
				inComment = false
			}
			continue
		}
		if isBlank(t) {
			inESM = false
			p.flush()
			prevPara, prevBlank = false, true
			continue
		}
		width, n := indentOf(t)
		body := t[n:]
		if listIndent > 0 && width < listIndent && prevBlank && listItem(body) == 0 {
			listIndent = 0
		}
		rel := width
		if listIndent > 0 && width >= listIndent {
			rel = width - listIndent
		}
		prevBlank = false
		if !prevPara && rel >= 4 {
			continue // indented code
		}
		blockItem = 0
		if listIndent > 0 && width >= listIndent {
			blockItem = listIndent
		}
		if c, k := fenceOpen(body); k > 0 {
			p.flush()
			fenceChar, fenceLen, prevPara = c, k, false
			continue
		}
		if bytes.HasPrefix(body, []byte("<!--")) {
			p.flush()
			switch {
			case bytes.Contains(body, []byte("ALL-CONTRIBUTORS-LIST:START")):
				p.md.contributors = append(p.md.contributors, [2]int{ln.no, 1 << 30})
			case bytes.Contains(body, []byte("ALL-CONTRIBUTORS-LIST:END")) && len(p.md.contributors) > 0:
				p.md.contributors[len(p.md.contributors)-1][1] = ln.no
			}
			inComment = !bytes.Contains(body[4:], []byte("-->"))
			prevPara = false
			continue
		}
		if content, off, level, ok := atxHeadingLevel(body); ok && rel < 4 {
			p.flush()
			base := q + n + off
			p.heading([]segment{{line: ln, off: base}}, content, level)
			prevPara = false
			continue
		}
		if prevPara && setextUnderline(body) && rel < 4 && !(paraIsItem && width < paraInitial) {
			level := 2
			if body[0] == '=' {
				level = 1
			}
			p.setext(level)
			prevPara = false
			continue
		}
		if thematicBreak(body) {
			p.flush()
			prevPara = false
			continue
		}
		if !prevPara && p.mdx && rel == 0 && (bytes.HasPrefix(body, []byte("import ")) || bytes.HasPrefix(body, []byte("export "))) {
			inESM = true // an ES module statement runs to the next blank line
			if name := headinglessImport(body); name != "" {
				p.theme[name] = true // a Docusaurus theme component that renders no heading
			} else if bytes.HasPrefix(body, []byte("import ")) {
				p.components = true
			}
			continue
		}
		if inESM {
			continue
		}
		if p.flavor.tabs && bytes.HasPrefix(body, []byte("===")) {
			if label, ok := tabLabel(body); ok {
				p.flush()
				p.tab(ln, q+n, label)
				prevPara = false
				continue
			}
		}
		if label, ok := footnoteDefinition(body); ok {
			// A definition may follow another on the next line: it
			// interrupts a paragraph.
			p.footnote(ln, q+n, label)
		}
		if p.flavor.blockAttributes || p.flavor.attributes {
			if id, ok := attributeLine(body); ok {
				p.flush()
				if id != "" {
					p.md.Anchors = append(p.md.Anchors, Anchor{Name: id, Line: ln.no, Column: column(ln.text, q+n)})
				}
				prevPara = false
				continue
			}
		}
		if p.flavor.termIDs && prevPara && !paraIsItem && len(body) > 1 && body[0] == ':' && (body[1] == ' ' || body[1] == '\t') {
			p.terms()
			p.addPara(ln, q+n+2)
			continue
		}
		if !prevPara {
			if off, k, ok := refDefinition(body); ok {
				p.addLink(ln, q+n+off, KindReference, body[off:off+k])
				continue
			}
		}
		if k := listItem(body); k > 0 {
			p.flush()
			listIndent = width + k
			paraIsItem, paraInitial = true, listIndent
			p.addPara(ln, q+n+min(k, len(body)))
			prevPara = true
			continue
		}
		if !prevPara {
			paraIsItem, paraInitial = false, width
		}
		p.addPara(ln, q+n)
		prevPara = true
	}
	p.flush()
}

func (p *mdParser) addPara(ln mdLine, off int) {
	if p.flavor.blockAttributes {
		if id := trailingAttributeID(ln.text[off:]); id != "" {
			p.md.Anchors = append(p.md.Anchors, Anchor{Name: id, Line: ln.no, Column: column(ln.text, off)})
		}
	}
	if len(p.para) > 0 {
		p.paraBuf = append(p.paraBuf, '\n')
	}
	p.para = append(p.para, segment{buf: len(p.paraBuf), line: ln, off: off})
	p.paraBuf = append(p.paraBuf, ln.text[off:]...)
}

// flush scans the open paragraph for links and closes it.
func (p *mdParser) flush() {
	if len(p.para) == 0 {
		return
	}
	p.inline(p.paraBuf, p.para)
	p.para, p.paraBuf = p.para[:0], p.paraBuf[:0] // nothing scanned keeps them
}

// setext turns the open paragraph into a heading.
func (p *mdParser) setext(level int) {
	segs, buf := p.para, p.paraBuf
	p.para, p.paraBuf = nil, nil
	p.inline(buf, segs)
	p.addHeading(segs[0], buf, level)
}

func (p *mdParser) heading(segs []segment, content []byte, level int) {
	buf := append([]byte(nil), content...)
	p.inline(buf, segs)
	p.addHeading(segs[0], buf, level)
}

func (p *mdParser) addHeading(at segment, raw []byte, level int) {
	if level == 1 && p.flavor.noH1IDs {
		// The slug is still taken: the ids are numbered before the theme
		// drops the h1's, so a later "Title" heading is title-1.
		if p.flavor.attributes {
			if open, id, ok := trailingAttributes(string(raw)); ok {
				if id == "" {
					p.slugger.Slug(plainText(string(raw[:open])))
				}
				return
			}
		}
		p.slugger.Slug(plainText(string(raw)))
		return
	}
	if p.flavor.attributes {
		// "## Title {#id .class lang=en}": the block is attributes, not
		// text; an id names the heading instead of its slug.
		if open, id, ok := trailingAttributes(string(raw)); ok {
			text := plainText(string(raw[:open]))
			a := Anchor{Heading: text, Line: at.line.no, Column: column(at.line.text, at.off), Level: level}
			if p.flavor.rawHeadings {
				// goldmark ends an id at a '#' and reads the rest as
				// another id, the last one kept: {##x} names x.
				id = id[strings.LastIndexByte(id, '#')+1:]
			}
			if id != "" {
				a.Name = id
				if p.flavor.rawHeadings {
					p.slugger.reserve(id) // goldmark's IDs.Put: a later heading's id avoids it
				}
			} else {
				a.Name = p.slugger.Slug(p.idSource(raw[:open], text))
			}
			p.md.Anchors = append(p.md.Anchors, a)
			return
		}
	}
	text := plainText(string(raw))
	a := Anchor{
		Name:    p.slugger.Slug(p.idSource(raw, text)),
		Heading: text,
		Line:    at.line.no,
		Column:  column(at.line.text, at.off),
		Level:   level,
	}
	p.md.Anchors = append(p.md.Anchors, a)
	if id := headingID(text); id != "" {
		// "## Title {#id}" (Pandoc, kramdown): GitHub ignores the
		// attribute, but the document plainly offers the anchor.
		a.Name = id
		p.md.Anchors = append(p.md.Anchors, a)
	}
}

// idSource is the text the flavor makes a heading's id from: its rendered
// text, or (rawHeadings) the Markdown of its last source line.
func (p *mdParser) idSource(raw []byte, text string) string {
	if !p.flavor.rawHeadings {
		return text
	}
	if i := bytes.LastIndexByte(raw, '\n'); i >= 0 {
		raw = raw[i+1:]
	}
	return string(raw)
}

// terms gives each line of the open paragraph, a definition list's terms,
// the anchor of its text (goldmark's autoDefinitionTermID), and scans it.
func (p *mdParser) terms() {
	for i, seg := range p.para {
		end := len(p.paraBuf)
		if i+1 < len(p.para) {
			end = p.para[i+1].buf - 1
		}
		text := plainText(string(p.paraBuf[seg.buf:end]))
		p.md.Anchors = append(p.md.Anchors, Anchor{Name: p.slugger.Slug(text), Heading: text, Line: seg.line.no, Column: column(seg.line.text, seg.off)})
	}
	p.flush()
}

// footnote records the anchors the generator gives footnote label, defined
// at ln.
func (p *mdParser) footnote(ln mdLine, off int, label string) {
	if p.flavor.numberedFootnotes {
		if p.footnoteDefs == nil {
			p.footnoteDefs = map[string]Anchor{}
		}
		if _, seen := p.footnoteDefs[label]; !seen {
			p.footnoteDefs[label] = Anchor{Line: ln.no, Column: column(ln.text, off)}
		}
		return
	}
	for _, form := range p.flavor.footnotes {
		p.md.Anchors = append(p.md.Anchors, Anchor{Name: strings.ReplaceAll(form, "%s", label), Line: ln.no, Column: column(ln.text, off)})
	}
}

// numberFootnotes gives each defined footnote its number in the order of its
// first reference and records its anchors at its definition: the note's, the
// first reference's and each repeated reference's.
func (p *mdParser) numberFootnotes() {
	if len(p.footnoteDefs) == 0 {
		return
	}
	number, repeats := map[string]int{}, map[string]int{}
	for _, label := range p.footnoteRefs {
		at, defined := p.footnoteDefs[label]
		if !defined {
			continue // not a footnote: rendered as text
		}
		n, seen := number[label]
		if !seen {
			n = len(number) + 1
			number[label] = n
			for _, form := range p.flavor.footnotes {
				at.Name = strings.ReplaceAll(form, "%s", strconv.Itoa(n))
				p.md.Anchors = append(p.md.Anchors, at)
			}
			continue
		}
		if p.flavor.repeatedRef != "" {
			repeats[label]++
			at.Name = fmt.Sprintf(p.flavor.repeatedRef, n, repeats[label])
			p.md.Anchors = append(p.md.Anchors, at)
		}
	}
}

// tab records the anchors pymdownx.tabbed gives a tab: its label's slug,
// and the heading above's slug joined to it (combine_header_slug).
func (p *mdParser) tab(ln mdLine, off int, label string) {
	slug := p.flavor.slug(plainText(label))
	at := Anchor{Name: slug, Line: ln.no, Column: column(ln.text, off)}
	p.md.Anchors = append(p.md.Anchors, at)
	for i := len(p.md.Anchors) - 2; i >= 0; i-- {
		if h := p.md.Anchors[i]; h.Level > 0 {
			at.Name = h.Name + "-" + slug
			p.md.Anchors = append(p.md.Anchors, at)
			break
		}
	}
}

// tabLabel reads a content tab's opener: === "Label" (also ===! and ===+).
func tabLabel(t []byte) (string, bool) {
	s := strings.TrimLeft(strings.TrimPrefix(string(t), "==="), "!+")
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return s[1 : len(s)-1], true
}

// footnoteDefinition reads "[^label]:" at the start of t.
func footnoteDefinition(t []byte) (string, bool) {
	if !bytes.HasPrefix(t, []byte("[^")) {
		return "", false
	}
	end := bytes.Index(t, []byte("]:"))
	if end < 3 || bytes.ContainsAny(t[2:end], " \t[]") {
		return "", false
	}
	return string(t[2:end]), true
}

// trailingAttributes finds a trailing attribute block "{#id .class k=v}"
// (or "{: #id }") in a heading's raw text: the offset of its '{' and the id
// it names ("" = none). ok is false when the text does not end in one.
func trailingAttributes(raw string) (open int, id string, ok bool) {
	t := strings.TrimRight(raw, " \t")
	if !strings.HasSuffix(t, "}") {
		return 0, "", false
	}
	open = strings.LastIndexByte(t, '{')
	if open < 0 {
		return 0, "", false
	}
	id, ok = attributeID(t[open+1 : len(t)-1])
	return open, id, ok
}

// attributeID reads the inside of an attribute block: #id, .class and
// key=value items (values quoted or bare). It returns the id and whether
// every item is well formed.
func attributeID(inner string) (string, bool) {
	inner = strings.TrimPrefix(strings.TrimSpace(inner), ":")
	id, items := "", 0
	for s := strings.TrimSpace(inner); s != ""; s = strings.TrimSpace(s) {
		items++
		switch s[0] {
		case '#', '.':
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			if end == 1 {
				return "", false
			}
			if s[0] == '#' {
				id = s[1:end]
			}
			s = s[end:]
		default:
			eq := strings.IndexByte(s, '=')
			if eq <= 0 || strings.ContainsAny(s[:eq], " \t\"'{}") {
				return "", false
			}
			key, rest := s[:eq], s[eq+1:]
			var value string
			if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
				q := strings.IndexByte(rest[1:], rest[0])
				if q < 0 {
					return "", false
				}
				value, s = rest[1:1+q], rest[2+q:]
			} else {
				end := strings.IndexAny(rest, " \t")
				if end < 0 {
					end = len(rest)
				}
				value, s = rest[:end], rest[end:]
			}
			if key == "id" {
				id = value
			}
		}
	}
	return id, items > 0
}

// attributeLine reads a line holding only an attribute block ("{: #id }",
// "{ #id }", "{#id}"): the id it names, and whether the line is one.
func attributeLine(t []byte) (string, bool) {
	t = bytes.TrimSpace(t)
	if len(t) < 3 || t[0] != '{' || t[len(t)-1] != '}' {
		return "", false
	}
	s := string(t)
	if len(s) < 3 || s[0] != '{' || s[len(s)-1] != '}' || strings.Count(s, "{") != 1 {
		return "", false
	}
	return attributeID(s[1 : len(s)-1])
}

// trailingAttributeID returns the id of an attribute block ending a
// paragraph line ("text { #id }"), or "".
func trailingAttributeID(t []byte) string {
	t = bytes.TrimRight(t, " \t")
	if len(t) == 0 || t[len(t)-1] != '}' {
		return ""
	}
	s := string(t)
	if !strings.HasSuffix(s, "}") {
		return ""
	}
	open := strings.LastIndexByte(s, '{')
	if open <= 0 {
		return ""
	}
	id, _ := attributeID(s[open+1 : len(s)-1])
	return id
}

// headingID returns the id of a trailing attribute block "{#id .class}".
func headingID(text string) string {
	if !strings.HasSuffix(text, "}") {
		return ""
	}
	open := strings.LastIndexByte(text, '{')
	if open < 0 {
		return ""
	}
	for _, f := range strings.Fields(text[open+1 : len(text)-1]) {
		if id, ok := strings.CutPrefix(f, "#"); ok && id != "" {
			return id
		}
	}
	return ""
}

func (p *mdParser) addLink(ln mdLine, off int, kind LinkKind, target []byte) {
	t := unescape(string(target))
	if t == "" {
		return
	}
	p.md.Links = append(p.md.Links, Link{Target: t, Kind: kind, Line: ln.no, Column: column(ln.text, off)})
}

// column converts a byte offset in line to a 1-based character column.
func column(line []byte, off int) int {
	if off > len(line) {
		off = len(line)
	}
	return utf8.RuneCount(line[:off]) + 1
}

// locate maps an offset in an inline buffer to its line and byte offset.
func locate(segs []segment, off int) (mdLine, int) {
	i := sort.Search(len(segs), func(i int) bool { return segs[i].buf > off }) - 1
	if i < 0 {
		i = 0
	}
	s := segs[i]
	return s.line, s.off + off - s.buf
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// mask returns a copy of buf in which code spans, HTML comments and backslash
// escapes are blanked out, so brackets inside them do not count.
func mask(buf []byte) []byte {
	m := append([]byte(nil), buf...)
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case '\\':
			if i+1 < len(m) && isASCIIPunct(m[i+1]) {
				m[i], m[i+1] = 0, 0
				i++
			}
		case '`':
			k := i
			for k < len(m) && m[k] == '`' {
				k++
			}
			run := k - i
			end := closingRun(m, k, run)
			if end < 0 {
				i = k - 1 // a lone run is literal text
				continue
			}
			for j := i; j < end+run; j++ {
				if m[j] != '\n' {
					m[j] = 0
				}
			}
			i = end + run - 1
		case '<':
			if bytes.HasPrefix(m[i:], []byte("<!--")) {
				end := bytes.Index(m[i+4:], []byte("-->"))
				if end < 0 {
					end = len(m)
				} else {
					end += i + 7
				}
				for j := i; j < end; j++ {
					if m[j] != '\n' {
						m[j] = 0
					}
				}
				i = end - 1
			}
		}
	}
	return m
}

// maskExpressions blanks MDX {expressions} (and {/* comments */}) in m:
// their brackets are JavaScript, not links.
func maskExpressions(m []byte) {
	depth, start := 0, 0
	for i, c := range m {
		switch c {
		case '{':
			if depth == 0 {
				start = i
			}
			depth++
		case '}':
			if depth == 0 {
				continue
			}
			if depth--; depth == 0 {
				for j := start; j <= i; j++ {
					if m[j] != '\n' {
						m[j] = 0
					}
				}
			}
		}
	}
}

// closingRun finds the next run of exactly n backticks at or after from.
func closingRun(m []byte, from, n int) int {
	for i := from; i < len(m); {
		if m[i] != '`' {
			i++
			continue
		}
		k := i
		for k < len(m) && m[k] == '`' {
			k++
		}
		if k-i == n {
			return i
		}
		i = k
	}
	return -1
}

// inline finds inline links, images and HTML links and anchors in buf.
func (p *mdParser) inline(buf []byte, segs []segment) {
	if bytes.IndexByte(buf, '[') < 0 && bytes.IndexByte(buf, '<') < 0 {
		return
	}
	m := mask(buf)
	if p.mdx {
		maskExpressions(m)
	}
	var opens []int
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case '[':
			opens = append(opens, i)
		case ']':
			if len(opens) == 0 {
				continue
			}
			open := opens[len(opens)-1]
			opens = opens[:len(opens)-1]
			if p.flavor.numberedFootnotes && i > open+2 && m[open+1] == '^' && (i+1 >= len(m) || m[i+1] != ':') {
				p.footnoteRefs = append(p.footnoteRefs, string(buf[open+2:i])) // [^label]
				continue
			}
			if i+1 < len(m) && m[i+1] == '[' {
				// [text][label] or [text][]: a reference link; the label's
				// brackets are not a link's text.
				if end := bytes.IndexByte(m[i+2:], ']'); end >= 0 && bytes.IndexByte(m[i+2:i+2+end], '[') < 0 {
					i += end + 2
				}
				continue
			}
			if i+1 >= len(m) || m[i+1] != '(' {
				continue
			}
			start, end, next, ok := destination(m, i+2)
			if !ok {
				continue
			}
			kind := KindLink
			if open > 0 && m[open-1] == '!' {
				kind = KindImage
			}
			ln, off := locate(segs, start)
			p.addLink(ln, off, kind, buf[start:end])
			i = next - 1
		case '<':
			i = p.htmlTag(buf, m, segs, i)
		}
	}
}

// destination parses an inline link's "(destination "title")" from just after
// the '('. It returns the destination's span and the offset after ')'.
func destination(m []byte, i int) (start, end, next int, ok bool) {
	skipSpace := func() {
		for i < len(m) && (m[i] == ' ' || m[i] == '\t' || m[i] == '\n') {
			i++
		}
	}
	skipSpace()
	if i < len(m) && m[i] == '<' {
		j := bytes.IndexAny(m[i+1:], ">\n")
		if j < 0 || m[i+1+j] != '>' {
			return 0, 0, 0, false
		}
		start, end = i+1, i+1+j
		i = end + 1
	} else {
		start = i
		depth := 0
	scan:
		for i < len(m) {
			switch c := m[i]; {
			case c == '(':
				depth++
			case c == ')':
				if depth == 0 {
					break scan
				}
				depth--
			case c == ' ' || c == '\t' || c == '\n' || c < ' ' && c != 0:
				break scan
			}
			i++
		}
		end = i
	}
	skipSpace()
	if i < len(m) && (m[i] == '"' || m[i] == '\'' || m[i] == '(') {
		closer := m[i]
		if closer == '(' {
			closer = ')'
		}
		j := bytes.IndexByte(m[i+1:], closer)
		if j < 0 {
			return 0, 0, 0, false
		}
		i += j + 2
		skipSpace()
	}
	if i >= len(m) || m[i] != ')' {
		return 0, 0, 0, false
	}
	return start, end, i + 1, true
}

// htmlTag reads an HTML tag starting at i: <a href> and <img src> yield links,
// id attributes and <a name> yield anchors. It returns the offset of the
// tag's last byte, or i when there is no tag.
func (p *mdParser) htmlTag(buf, m []byte, segs []segment, i int) int {
	j := i + 1
	for j < len(m) && (isAlpha(m[j]) || j > i+1 && m[j] >= '0' && m[j] <= '9') {
		j++
	}
	if j == i+1 || j >= len(m) || !(m[j] == ' ' || m[j] == '\t' || m[j] == '\n' || m[j] == '>' || m[j] == '/') {
		return i
	}
	tag := strings.ToLower(string(m[i+1 : j]))
	if p.mdx && isComponent(m[i+1]) && !p.theme[string(m[i+1:j])] {
		p.components = true
	}
	for j < len(m) && m[j] != '>' {
		if m[j] == ' ' || m[j] == '\t' || m[j] == '\n' || m[j] == '/' {
			j++
			continue
		}
		ns := j
		for j < len(m) && m[j] != '=' && m[j] != '>' && m[j] != ' ' && m[j] != '\t' && m[j] != '\n' {
			j++
		}
		name := strings.ToLower(string(m[ns:j]))
		if j >= len(m) || m[j] != '=' {
			continue
		}
		j++
		var vs, ve int
		if p.mdx && j < len(m) && buf[j] == '{' {
			// A JSX expression prop: built when the page renders.
			depth := 0
			for ; j < len(m); j++ {
				if buf[j] == '{' {
					depth++
				} else if buf[j] == '}' {
					if depth--; depth == 0 {
						j++
						break
					}
				}
			}
			continue
		}
		if j < len(m) && (m[j] == '"' || m[j] == '\'') {
			q := bytes.IndexByte(m[j+1:], m[j])
			if q < 0 {
				return i
			}
			vs, ve = j+1, j+1+q
			j = ve + 1
		} else {
			vs = j
			for j < len(m) && m[j] != ' ' && m[j] != '\t' && m[j] != '\n' && m[j] != '>' {
				j++
			}
			ve = j
		}
		value := html.UnescapeString(string(buf[vs:ve]))
		ln, off := locate(segs, vs)
		switch {
		case name == "href" && tag == "a", name == "src" && (tag == "img" || tag == "source"),
			p.mdx && (name == "href" || name == "to" || name == "src") && isComponent(m[i+1]):
			// a URL attribute is "a valid URL potentially surrounded by
			// spaces": the browser strips ASCII whitespace around it
			// (<a href=" https://...">)
			if raw := buf[vs:ve]; len(bytes.TrimLeft(raw, htmlSpace)) < len(raw) {
				ln, off = locate(segs, vs+len(raw)-len(bytes.TrimLeft(raw, htmlSpace)))
			}
			value = strings.Trim(value, htmlSpace)
			if value != "" {
				p.md.Links = append(p.md.Links, Link{Target: value, Kind: KindHTML, Line: ln.no, Column: column(ln.text, off)})
			}
		case name == "id", name == "name" && tag == "a":
			if value != "" {
				p.md.Anchors = append(p.md.Anchors, Anchor{Name: value, Line: ln.no, Column: column(ln.text, off)})
			}
		}
	}
	if j >= len(m) {
		return i
	}
	return j
}

// htmlSpace is HTML's ASCII whitespace.
const htmlSpace = " \t\n\f\r"

// headinglessComponents are Docusaurus theme components that render no
// heading of their own: a page using only these has the headings its source
// writes (jest's pages import TOCInline, and 24 stale anchors to them were
// left unchecked).
var headinglessComponents = map[string]bool{"TOCInline": true, "Tabs": true, "TabItem": true, "CodeBlock": true}

// headinglessImport returns the component an MDX import line takes from
// Docusaurus' theme when it is one of headinglessComponents (import
// TOCInline from '@theme/TOCInline'), "" otherwise: its tags in the page add
// no heading. The same names elsewhere (Mintlify's Tabs) are not these.
func headinglessImport(line []byte) string {
	for name := range headinglessComponents {
		for _, q := range []string{"'", `"`} {
			if bytes.Contains(line, []byte("from "+q+"@theme/"+name+q)) {
				return name
			}
		}
	}
	return ""
}

// isComponent reports an MDX component's tag, by its first letter: JSX
// components are capitalized; lower-case tags are HTML.
func isComponent(c byte) bool { return c >= 'A' && c <= 'Z' }

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r >= utf8.RuneSelf
}

// unescape resolves backslash escapes of ASCII punctuation.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// plainText renders a heading's inline Markdown to the text GitHub slugs:
// code spans keep their content, links keep their text, images, HTML tags and
// emphasis markers disappear, escapes and entities are resolved.
func plainText(s string) string {
	drop := emphasisUnderscores(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			b.WriteByte(s[i+1])
			i++
		case c == '`':
			k := i
			for k < len(s) && s[k] == '`' {
				k++
			}
			end := closingRun([]byte(s), k, k-i)
			if end < 0 {
				b.WriteString(s[i:k])
				i = k - 1
				continue
			}
			code := s[k:end]
			if len(code) >= 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.TrimSpace(code) != "" {
				code = code[1 : len(code)-1]
			}
			b.WriteString(code)
			i = end + (k - i) - 1
		case c == '!' && i+1 < len(s) && s[i+1] == '[':
			if end, ok := linkEnd(s, i+1); ok {
				i = end - 1 // images have no text
				continue
			}
			b.WriteByte(c)
		case c == '[':
			close := matchBracket(s, i)
			if close < 0 {
				b.WriteByte(c)
				continue
			}
			if end, ok := linkEnd(s, i); ok {
				b.WriteString(plainText(s[i+1 : close]))
				i = end - 1
				continue
			}
			b.WriteByte(c)
		case c == '<':
			if j := strings.IndexByte(s[i:], '>'); j > 1 && (isAlpha(s[i+1]) || s[i+1] == '/' || s[i+1] == '!') {
				i += j
				continue
			}
			b.WriteByte(c)
		case c == '&':
			if j := strings.IndexByte(s[i:], ';'); j > 1 && j < 12 {
				if u := html.UnescapeString(s[i : i+j+1]); u != s[i:i+j+1] {
					b.WriteString(u)
					i += j
					continue
				}
			}
			b.WriteByte(c)
		case c == '_' && drop[i]:
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// matchBracket returns the offset of the ']' closing the '[' at i, or -1.
func matchBracket(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// linkEnd returns the offset after "[text](dest)" or "[text][ref]" starting
// at i.
func linkEnd(s string, i int) (int, bool) {
	close := matchBracket(s, i)
	if close < 0 || close+1 >= len(s) {
		return 0, false
	}
	switch s[close+1] {
	case '(':
		if _, _, next, ok := destination([]byte(s), close+2); ok {
			return next, true
		}
	case '[':
		if j := strings.IndexByte(s[close+2:], ']'); j >= 0 {
			return close + 3 + j, true
		}
	}
	return 0, false
}

// emphasisUnderscores marks the underscores that delimit emphasis (a run that
// opens at the start of a word paired with a run of the same length that closes
// at the end of one); intraword underscores, as in snake_case, stay text.
func emphasisUnderscores(s string) map[int]bool {
	if !strings.Contains(s, "_") {
		return nil
	}
	type run struct{ at, n int }
	var opens []run
	drop := map[int]bool{}
	for i := 0; i < len(s); {
		if s[i] != '_' || (i > 0 && s[i-1] == '\\') {
			i++
			continue
		}
		k := i
		for k < len(s) && s[k] == '_' {
			k++
		}
		before, after := ' ', ' '
		if i > 0 {
			before, _ = utf8.DecodeLastRuneInString(s[:i])
		}
		if k < len(s) {
			after, _ = utf8.DecodeRuneInString(s[k:])
		}
		opener, closer := !isAlnum(before) && isAlnum(after), isAlnum(before) && !isAlnum(after)
		if closer {
			for j := len(opens) - 1; j >= 0; j-- {
				if opens[j].n == k-i {
					for x := 0; x < opens[j].n; x++ {
						drop[opens[j].at+x] = true
					}
					for x := i; x < k; x++ {
						drop[x] = true
					}
					opens = opens[:j]
					break
				}
			}
		} else if opener {
			opens = append(opens, run{i, k - i})
		}
		i = k
	}
	return drop
}
