package reduce

import "bytes"

// yamlScan is what scanYAMLBudgets found: the byte offset where the node
// count passed the nodes budget and where an enum passed the enum budget,
// each -1 when it held (or when the scan stopped before it could tell).
type yamlScan struct {
	tooMany int
	bigEnum int
}

// scanYAMLBudgets holds a YAML document to the node and enum budgets by a
// pass over its bytes, before the YAML parser builds a tree, so a document
// far over them costs no memory. It counts a lower bound of the nodes the
// tree will hold, as checkTree counts them (the root, every mapping key and
// value, every sequence item, aliases not counted) and, exactly, the members
// of each enum written as a block or flow sequence: so it never refuses a
// document the count of the tree would accept. What it cannot read for sure
// it does not count: the lines of block scalars, of multi-line plain and
// quoted scalars, everything after a construct it does not model (explicit
// keys, alias keys, a second document), and the tree's count then decides.
// b.depth bounds the flow nesting it follows; past it the scan stops.
func scanYAMLBudgets(data []byte, b jsonBudgets) yamlScan {
	y := yamlCounter{data: data, maxNodes: b.nodes, maxEnum: b.enum, maxDepth: b.depth, tooMany: -1, bigEnum: -1, enumKey: -1}
	y.scan()
	return yamlScan{tooMany: y.tooMany, bigEnum: y.bigEnum}
}

// yamlCounter is the state of scanYAMLBudgets. Columns are 0-based.
type yamlCounter struct {
	data     []byte
	maxNodes int // 0 = no bound
	maxEnum  int // 0 = no bound
	maxDepth int // 0 = no bound
	nodes    int
	tooMany  int
	bigEnum  int

	// enumKey is the column of the key of the block-sequence enum being
	// counted (-1 = none), enumSeq that of its items' dashes (-1 = not yet
	// seen), members how many it has so far.
	enumKey, enumSeq, members int
}

// noParent marks that no key or dash holds the next line's value.
const noParent = -2

// add counts n nodes found at offset at, false once past the budget.
func (y *yamlCounter) add(n, at int) bool {
	y.nodes += n
	if y.maxNodes > 0 && y.nodes > y.maxNodes {
		y.tooMany = at
		return false
	}
	return true
}

// member counts one enum member found at offset at, false once past the
// budget.
func (y *yamlCounter) member(count *int, at int) bool {
	*count++
	if y.maxEnum > 0 && *count > y.maxEnum {
		y.bigEnum = at
		return false
	}
	return true
}

// scan reads the document line by line in block context, and a flow
// collection or multi-line quoted scalar to its end wherever it starts.
func (y *yamlCounter) scan() {
	data := y.data
	skip := noParent // lines indented more than skip are no structure (block scalar or plain continuation); -1 = every line
	open := noParent // column of the key or dash whose value starts on a later line
	pending := false // that value is not counted yet (an alias counts nothing)
	started := false // the root was counted
	for i := 0; i < len(data); {
		start := i
		end := lineEnd(data, i)
		p := i
		for p < end && data[p] == ' ' {
			p++
		}
		indent := p - start
		for p < end && (data[p] == ' ' || data[p] == '\t' || data[p] == '\r') {
			p++
		}
		if p == end || data[p] == '#' || skip != noParent && indent > skip {
			i = end + 1
			continue
		}
		skip = noParent
		if indent == 0 && (marker(data, p, "---") || marker(data, p, "...")) {
			if started || blankTo(data, p+3, end) < end {
				return // a second document, or a node on the marker's line
			}
			i = end + 1
			continue
		}
		if !started && data[p] == '%' {
			i = end + 1 // a directive
			continue
		}
		parent := open
		if !started {
			started, parent = true, -1 // the root, whose plain scalar continues at any column
			if !y.add(1, p) {
				return
			}
		}
		if pending {
			pending = false
			if data[p] != '*' && !y.add(1, p) {
				return
			}
		}
		if y.enumKey >= 0 {
			dash := data[p] == '-' && sep(data, p+1)
			if y.enumSeq < 0 && dash && indent >= y.enumKey {
				y.enumSeq = indent
			}
			switch {
			case y.enumSeq < 0 || indent < y.enumSeq || indent == y.enumSeq && !dash:
				y.enumKey = -1
			case indent == y.enumSeq && !y.member(&y.members, blankTo(data, p+1, end)):
				return
			}
		}
		open = noParent
		next, ok := y.line(start, p, end, parent, &skip, &open, &pending)
		if !ok {
			return
		}
		i = next
	}
}

// line reads the block structure of the line [start, end) from p, its
// first byte of content: the dashes of sequence items, a key and its value.
// parent is the column of the key or dash whose value the line holds when it
// holds neither (noParent = none, -1 = the root). It returns where scanning
// resumes and false to stop.
func (y *yamlCounter) line(start, p, end, parent int, skip, open *int, pending *bool) (int, bool) {
	data := y.data
	for data[p] == '-' && sep(data, p+1) {
		col := p - start
		q := skipProperties(data, blankTo(data, p+1, end), end)
		switch {
		case q >= end || data[q] == '#':
			*open, *pending = col, true
			return end + 1, true
		case data[q] == '*':
			return end + 1, true // an alias item counts nothing
		}
		if !y.add(1, p) {
			return 0, false
		}
		parent, p = col, q
	}
	p = skipProperties(data, p, end)
	if p >= end || data[p] == '#' {
		if parent == noParent {
			return 0, false
		}
		*open = parent // properties alone: of the value already counted, which the next lines hold
		return end + 1, true
	}
	if (data[p] == '?' || data[p] == ':') && sep(data, p+1) {
		return 0, false // an explicit key or value
	}
	colon, key := keyOf(data, p, end)
	if colon < 0 {
		if parent == noParent {
			return 0, false
		}
		return y.value(p, end, parent, false, skip)
	}
	if data[p] == '*' {
		return 0, false // an alias key
	}
	col := p - start
	enum := string(key) == "enum"
	v := skipProperties(data, blankTo(data, colon+1, end), end)
	switch {
	case v >= end || data[v] == '#':
		if !y.add(1, p) {
			return 0, false
		}
		*open, *pending = col, true
		if enum {
			y.enumKey, y.enumSeq, y.members = col, -1, 0
		}
		return end + 1, true
	case data[v] == '*':
		return end + 1, y.add(1, p)
	}
	if !y.add(2, p) {
		return 0, false
	}
	return y.value(v, end, col, enum, skip)
}

// value reads a value starting at v on a line ending at end, already
// counted; parent is the column of its key or dash, enum whether its key is
// enum.
func (y *yamlCounter) value(v, end, parent int, enum bool, skip *int) (int, bool) {
	data := y.data
	switch data[v] {
	case '|', '>':
		*skip = parent // a block scalar's lines are indented more than its parent
	case '"', '\'':
		e := quoteEnd(data, v)
		if e < 0 {
			return 0, false
		}
		return lineEnd(data, e) + 1, true
	case '[', '{':
		e := y.flow(v, enum)
		if e < 0 {
			return 0, false
		}
		return lineEnd(data, e) + 1, true
	default:
		*skip = parent // a plain scalar continues on lines indented more than its parent
	}
	return end + 1, true
}

// flowEntry is the state of one entry of an open flow collection.
type flowEntry struct {
	mapping, enum bool
	// key and value say whether the entry (a mapping's key) and a mapping's
	// value have content; keyAlias and valueAlias whether it is an alias.
	key, keyAlias, colon, value, valueAlias bool
	// keyStart and keyEnd bound a plain or quoted key's text.
	keyStart, keyEnd int
	members          int
}

// flow counts the entries of the flow collection whose '[' or '{' is at p
// (enum: it is the value of an enum key) and returns the offset past its
// close, or -1 to stop.
func (y *yamlCounter) flow(p int, enum bool) int {
	data := y.data
	stack := []flowEntry{{mapping: data[p] == '{', enum: enum}}
	closedQuote := false // the last token was a quoted scalar or collection: ':' after it is a value indicator
	for i := p + 1; i < len(data); {
		top := &stack[len(stack)-1]
		c := data[i]
		wasQuote := closedQuote
		closedQuote = false
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '#' && (data[i-1] == ' ' || data[i-1] == '\t' || data[i-1] == '\n'):
			i = lineEnd(data, i)
		case (c == '"' || c == '\'') && !top.started():
			e := quoteEnd(data, i)
			if e < 0 {
				return -1
			}
			y.mark(top, i+1, e-1, false)
			i, closedQuote = e, true
		case c == '[' || c == '{':
			if y.maxDepth > 0 && len(stack) >= y.maxDepth {
				return -1
			}
			nested := top.mapping && top.colon && string(data[top.keyStart:top.keyEnd]) == "enum"
			y.mark(top, i, i, false)
			stack = append(stack, flowEntry{mapping: c == '{', enum: nested})
			i++
		case c == ']' || c == '}' || c == ',':
			if !y.entry(top, i) {
				return -1
			}
			if c == ',' {
				*top = flowEntry{mapping: top.mapping, enum: top.enum, members: top.members}
				i++
				continue
			}
			stack = stack[:len(stack)-1]
			i++
			if len(stack) == 0 {
				return i
			}
			closedQuote = true
		case c == ':' && (wasQuote || i+1 == len(data) || flowSep(data[i+1])):
			top.colon = true
			i++
		default:
			j := i
			for j < len(data) && !flowSep(data[j]) && !(data[j] == ':' && (j+1 == len(data) || flowSep(data[j+1]))) {
				j++
			}
			if c != '&' && c != '!' {
				y.mark(top, i, j, c == '*')
			}
			if j == i {
				j++ // a lone ':' in a sequence
			}
			i = j
		}
	}
	return -1
}

// started reports whether the part of the entry being read (a key or item,
// or a mapping's value after its colon) has content: a quote then belongs to
// a plain scalar.
func (e *flowEntry) started() bool {
	if e.colon {
		return e.value
	}
	return e.key
}

// flowSep reports whether c ends a plain scalar in flow context.
func flowSep(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', '[', ']', '{', '}':
		return true
	}
	return false
}

// mark notes content [from, to) in the entry top: its key (or item) first,
// then a mapping's value after the colon.
func (y *yamlCounter) mark(top *flowEntry, from, to int, alias bool) {
	switch {
	case !top.colon && !top.key:
		top.key, top.keyAlias, top.keyStart, top.keyEnd = true, alias, from, to
	case top.colon && !top.value:
		top.value, top.valueAlias = true, alias
	}
}

// entry counts the entry top, which ends at offset at, false to stop.
func (y *yamlCounter) entry(top *flowEntry, at int) bool {
	if top.mapping {
		n := 0
		if top.key && !top.keyAlias {
			n++
		}
		if top.colon && top.value && !top.valueAlias {
			n++
		}
		return y.add(n, at)
	}
	if !top.key {
		return true
	}
	if top.enum && !y.member(&top.members, top.keyStart) {
		return false
	}
	if top.keyAlias {
		return true
	}
	return y.add(1, at)
}

// keyOf finds the value indicator of a block mapping entry starting at p on
// a line ending at end: the offset of its ':' and the key's text (unquoted
// when it has no escapes), or -1 when the line holds no key.
func keyOf(data []byte, p, end int) (int, []byte) {
	switch data[p] {
	case '"', '\'':
		e := quoteEnd(data, p)
		if e < 0 || e > end {
			return -1, nil
		}
		c := blankTo(data, e, end)
		if c < end && data[c] == ':' && sep(data, c+1) {
			return c, data[p+1 : e-1]
		}
		return -1, nil
	case '[', '{', '|', '>':
		return -1, nil
	}
	for j := p; j < end; j++ {
		switch data[j] {
		case ':':
			if sep(data, j+1) {
				k := j
				for k > p && (data[k-1] == ' ' || data[k-1] == '\t') {
					k--
				}
				return j, data[p:k]
			}
		case '#':
			if data[j-1] == ' ' || data[j-1] == '\t' {
				return -1, nil
			}
		}
	}
	return -1, nil
}

// quoteEnd returns the offset past the closing quote of the quoted scalar
// whose opening quote is at p, across lines, or -1 when it does not close.
func quoteEnd(data []byte, p int) int {
	q := data[p]
	for j := p + 1; j < len(data); j++ {
		switch {
		case q == '"' && data[j] == '\\':
			j++
		case data[j] == q && q == '\'' && j+1 < len(data) && data[j+1] == '\'':
			j++
		case data[j] == q:
			return j + 1
		}
	}
	return -1
}

// skipProperties skips an anchor (&name) and a tag (!tag) and the blanks
// after them.
func skipProperties(data []byte, p, end int) int {
	for p < end && (data[p] == '&' || data[p] == '!') {
		for p < end && data[p] != ' ' && data[p] != '\t' && data[p] != '\r' {
			p++
		}
		p = blankTo(data, p, end)
	}
	return p
}

// blankTo returns the first offset from p before end that is not a blank.
func blankTo(data []byte, p, end int) int {
	for p < end && (data[p] == ' ' || data[p] == '\t' || data[p] == '\r') {
		p++
	}
	return p
}

// sep reports whether offset p ends a token in block context: a blank, the
// end of the line or of the data.
func sep(data []byte, p int) bool {
	return p >= len(data) || data[p] == ' ' || data[p] == '\t' || data[p] == '\r' || data[p] == '\n'
}

// marker reports whether the line at p starts with the document marker m.
func marker(data []byte, p int, m string) bool {
	return len(data)-p >= len(m) && string(data[p:p+len(m)]) == m && sep(data, p+len(m))
}

// lineEnd returns the offset of the newline ending the line holding p, or
// len(data).
func lineEnd(data []byte, p int) int {
	if n := bytes.IndexByte(data[p:], '\n'); n >= 0 {
		return p + n
	}
	return len(data)
}
