package docs

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// markedTable is a values marker and the table after it.
type markedTable struct {
	file         string // the Markdown file, root-relative
	line, column int    // the marker's position
	ref          string // schema path#pointer as written
	options      map[string]string
	header       []cell
	rows         [][]cell
	noTable      bool // nothing table-like follows the marker
}

// cell is one table cell's text and position.
type cell struct {
	text         string
	line, column int
}

var (
	markerRE     = lazyre.New(`^\s*<!--\s*wirelint:\s*values\s+(\S+)((?:\s+[A-Za-z_]+\s*[=:]\s*[^\s=:]+)*)\s*-->\s*$`)
	markerOption = lazyre.New(`([A-Za-z_]+)\s*[=:]\s*([^\s=:]+)`)
	delimiterRow = lazyre.New(`^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$`)
)

// markerPrefix is what a file must contain for it to be scanned for tables.
var markerPrefix = []byte("wirelint: values")

// scanTables finds the values markers of a Markdown file and the tables after
// them. Markers in code blocks are examples, not markers.
func scanTables(file string, src []byte) []markedTable {
	if !bytes.Contains(src, markerPrefix) {
		return nil
	}
	lines := strings.Split(string(src), "\n")
	var out []markedTable
	var fenceChar byte
	var fenceLen int
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r")
		t := strings.TrimLeft(line, " \t")
		if fenceChar != 0 {
			if fenceClose([]byte(t), fenceChar, fenceLen) {
				fenceChar = 0
			}
			continue
		}
		if c, n := fenceOpen([]byte(t)); n > 0 {
			fenceChar, fenceLen = c, n
			continue
		}
		m := markerRE().FindStringSubmatch(line)
		if m == nil {
			continue
		}
		mt := markedTable{file: file, line: i + 1, column: strings.Index(line, m[1]) + 1, ref: m[1], options: map[string]string{}}
		mt.column = len([]rune(line[:mt.column-1])) + 1
		for _, o := range markerOption().FindAllStringSubmatch(m[2], -1) {
			mt.options[strings.ToLower(o[1])] = o[2]
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j+1 >= len(lines) || !strings.Contains(lines[j], "|") || !delimiterRow().MatchString(strings.TrimSpace(strings.TrimRight(lines[j+1], "\r"))) {
			mt.noTable = true
			out = append(out, mt)
			continue
		}
		mt.header = splitRow(strings.TrimRight(lines[j], "\r"), j+1)
		for j += 2; j < len(lines); j++ {
			row := strings.TrimRight(lines[j], "\r")
			if strings.TrimSpace(row) == "" || !strings.Contains(row, "|") {
				break
			}
			mt.rows = append(mt.rows, splitRow(row, j+1))
		}
		i = j - 1
		out = append(out, mt)
	}
	return out
}

// splitRow splits a table row at the pipes outside code spans and escapes.
func splitRow(row string, line int) []cell {
	var cells []cell
	start := 0
	inCode := false
	flush := func(end int) {
		raw := row[start:end]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		cells = append(cells, cell{text: cellText(raw), line: line, column: len([]rune(row[:start+lead])) + 1})
	}
	trimmed := strings.TrimLeft(row, " \t")
	if strings.HasPrefix(trimmed, "|") {
		start = len(row) - len(trimmed) + 1
	}
	for i := start; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '`':
			inCode = !inCode
		case '|':
			if !inCode {
				flush(i)
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(row[start:]) != "" {
		flush(len(row))
	}
	return cells
}

// linkText keeps a Markdown link's text.
var linkText = lazyre.New(`\[([^\]]*)\]\([^)]*\)`)

// cellText is what a cell says: without emphasis, code ticks, link syntax or
// surrounding quotes.
func cellText(raw string) string {
	s := strings.TrimSpace(raw)
	s = linkText().ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, `\|`, "|")
	for _, w := range []string{"**", "__", "`", "*", "_"} {
		if len(s) > 2*len(w) && strings.HasPrefix(s, w) && strings.HasSuffix(s, w) {
			s = strings.TrimSpace(s[len(w) : len(s)-len(w)])
		}
	}
	return unquote(s)
}

// contractValue is one member of a contract's closed set.
type contractValue struct {
	text  string
	at    report.Location
	title string // the branch's title, shown beside the value ("" = none)
}

// shown is the value as messages name it: 6 (PREMIUM).
func (v contractValue) shown() string {
	if v.title != "" && v.title != v.text {
		return fmt.Sprintf("%s (%s)", v.text, v.title)
	}
	return v.text
}

// tableChecker loads each schema once per run.
type tableChecker struct {
	c            *checker
	discriminant string
	docs         map[string]*reduce.Document
	errs         map[string]error
}

// checkTables compares every marked table with the set its marker names.
func (c *checker) checkTables(results []scanned, discriminant string) ([]report.Finding, error) {
	tc := &tableChecker{c: c, discriminant: discriminant, docs: map[string]*reduce.Document{}, errs: map[string]error{}}
	var out []report.Finding
	for _, r := range results {
		for _, mt := range r.tables {
			out = append(out, tc.check(mt)...)
		}
	}
	return out, nil
}

func (tc *tableChecker) markerAt(mt markedTable) report.Location {
	return report.Location{File: tc.c.display(mt.file), Line: mt.line, Column: mt.column}
}

// brokenMarker reports a marker that names nothing usable.
func (tc *tableChecker) brokenMarker(mt markedTable, msg string, second ...report.Location) []report.Finding {
	return []report.Finding{report.Finding{
		Rule: RuleBrokenRef, Severity: brokenRefRule.Severity,
		Message:   fmt.Sprintf("values marker %s: %s", mt.ref, msg),
		Locations: append([]report.Location{tc.markerAt(mt)}, second...),
		Fields:    map[string]any{"target": mt.ref},
	}}
}

// load reads a schema or OpenAPI document named by a root-relative path.
func (tc *tableChecker) load(rel string) (*reduce.Document, error) {
	if d, ok := tc.docs[rel]; ok {
		return d, tc.errs[rel]
	}
	d, err := reduce.LoadFile(tc.c.fs, tc.c.limits, filepath.Join(tc.c.root, filepath.FromSlash(rel)), tc.c.display(rel))
	tc.docs[rel], tc.errs[rel] = d, err
	return d, err
}

func (tc *tableChecker) check(mt markedTable) []report.Finding {
	if mt.noTable {
		return []report.Finding{report.Finding{
			Rule: RuleTableDrift, Severity: tableDriftRule.Severity,
			Message:   fmt.Sprintf("no table follows the values marker %s: put the table right after the marker", mt.ref),
			Locations: []report.Location{tc.markerAt(mt)},
			Fields:    map[string]any{"target": mt.ref},
		}}
	}
	file, pointer, _ := strings.Cut(mt.ref, "#")
	if u, err := urlUnescape(pointer); err == nil {
		pointer = u
	}
	if external(file) {
		return tc.brokenMarker(mt, "names a remote document, which is never fetched: name a file in the repository")
	}
	rel := path.Clean(strings.TrimLeft(file, "/"))
	if strings.HasPrefix(file, "./") || strings.HasPrefix(file, "../") || !tc.c.exists(rel) {
		if alt := path.Join(path.Dir(mt.file), file); tc.c.exists(alt) || strings.HasPrefix(file, ".") {
			rel = alt
		}
	}
	if escapes(rel) {
		return tc.brokenMarker(mt, "names a file outside the checked folder")
	}
	if !tc.c.exists(rel) {
		msg := fmt.Sprintf("%s does not exist", tc.c.shown(rel))
		if s := closestFile(rel, mt.file, tc.c.includedNear(rel)); s != "" {
			msg += ": did you mean " + s
		} else {
			msg += ": fix the marker"
		}
		return tc.brokenMarker(mt, msg)
	}
	doc, err := tc.load(rel)
	if err != nil {
		var le *reduce.LoadError
		if errors.As(err, &le) {
			return tc.brokenMarker(mt, le.Msg+": name a JSON Schema or OpenAPI document")
		}
		return tc.brokenMarker(mt, err.Error())
	}
	node := doc.Lookup(pointer)
	if node == nil {
		msg := fmt.Sprintf("%s has nothing at #%s", tc.c.name(doc.Path), pointer)
		if alt := otherDefinitionsKeyword(pointer); alt != "" && doc.Lookup(alt) != nil {
			// A draft-07 schema keeps definitions under definitions, a
			// 2019-09 or later one under $defs: the marker used the other.
			msg += ": the schema keeps its definitions under " + strings.Split(alt, "/")[1] + ": did you mean #" + alt
		} else if d := closestDefinition(doc, pointer); d != nil {
			msg += ": did you mean #" + d.Pointer
		} else {
			msg += ": fix the pointer"
		}
		return tc.brokenMarker(mt, msg)
	}
	set, problem := tc.values(doc, node, pointer, mt.options["discriminant"])
	if problem != "" {
		return tc.brokenMarker(mt, problem, locationOf(doc, node, pointer))
	}
	col, problem := columnOf(mt)
	if problem != "" {
		return []report.Finding{report.Finding{
			Rule: RuleTableDrift, Severity: tableDriftRule.Severity,
			Message: "values marker " + mt.ref + ": " + problem, Locations: []report.Location{tc.markerAt(mt)},
			Fields: map[string]any{"target": mt.ref},
		}}
	}
	return tc.compare(mt, doc, pointer, node, set, col)
}

// otherDefinitionsKeyword spells a pointer into /$defs/ with /definitions/
// and the other way round ("" = it goes through neither).
func otherDefinitionsKeyword(pointer string) string {
	if rest, ok := strings.CutPrefix(pointer, "/$defs/"); ok {
		return "/definitions/" + rest
	}
	if rest, ok := strings.CutPrefix(pointer, "/definitions/"); ok {
		return "/$defs/" + rest
	}
	return ""
}

// renamed reports a table value that is a near miss of a schema value: a
// small edit (at most a third of the longer), or one spelling the other's
// beginning (warn for warning), case aside.
func renamed(table, schema string) (int, bool) {
	t, s := strings.ToLower(table), strings.ToLower(schema)
	d := textdist.Levenshtein(t, s)
	if d*3 <= max(len(t), len(s)) {
		return d, true
	}
	short, long := t, s
	if len(short) > len(long) {
		short, long = long, short
	}
	return d, len(short) >= 3 && strings.HasPrefix(long, short)
}

// urlUnescape percent-decodes a URI fragment (a JSON pointer).
func urlUnescape(s string) (string, error) { return url.PathUnescape(s) }

// closestDefinition suggests the definition whose pointer is nearest to a
// pointer that names nothing.
func closestDefinition(doc *reduce.Document, pointer string) *reduce.Definition {
	var best *reduce.Definition
	bestDist := 0
	for _, d := range doc.Definitions {
		dist := textdist.Levenshtein(pointer, d.Pointer)
		if best == nil || dist < bestDist {
			best, bestDist = d, dist
		}
	}
	if best == nil || bestDist > max(2, len(path.Base(pointer))/3) {
		return nil
	}
	return best
}

func locationOf(doc *reduce.Document, n *reduce.Node, pointer string) report.Location {
	return report.Location{File: doc.Path, Line: n.Line, Column: n.Column, Pointer: pointer}
}

// columnOf picks the table column the marker names: column=N (1-based) or
// column=Header; the first column by default.
func columnOf(mt markedTable) (int, string) {
	want, ok := mt.options["column"]
	if !ok {
		return 0, ""
	}
	if n, err := strconv.Atoi(want); err == nil {
		if n < 1 || n > len(mt.header) {
			return 0, fmt.Sprintf("column=%d, but the table has %d column%s: fix the marker", n, len(mt.header), plural(len(mt.header)))
		}
		return n - 1, ""
	}
	for i, h := range mt.header {
		if normalizeLabel(h.text) == normalizeLabel(want) {
			return i, ""
		}
	}
	return 0, fmt.Sprintf("column=%s names no header of the table: fix the marker", want)
}

// maxRefHops bounds $ref chains followed inside one document.
const maxRefHops = 32

// follow returns the schema a local $ref chain ends at, with its pointer.
func follow(doc *reduce.Document, n *reduce.Node, pointer string) (*reduce.Node, string) {
	for range maxRefHops {
		ref := reduce.Value(n, "$ref")
		if ref == nil || !reduce.IsString(ref) || !strings.HasPrefix(ref.Value, "#") {
			return n, pointer
		}
		p, _ := urlUnescape(strings.TrimPrefix(ref.Value, "#"))
		next := doc.Lookup(p)
		if next == nil {
			return n, pointer
		}
		n, pointer = next, p
	}
	return n, pointer
}

// scalarText renders a JSON scalar as a table shows it: a string's content,
// a number or boolean as written.
func scalarText(n *reduce.Node) (string, bool) {
	n = reduce.Deref(n)
	if n == nil || !reduce.IsScalar(n) || reduce.IsNull(n) {
		return "", false
	}
	return n.Value, true
}

// values returns the closed set a marker names: an enum, a const, a set of
// const branches, or the discriminant values of a union's branches. problem
// says why node is none of these.
func (tc *tableChecker) values(doc *reduce.Document, node *reduce.Node, pointer, discriminant string) ([]contractValue, string) {
	node, pointer = follow(doc, node, pointer)
	if enum := reduce.Value(node, "enum"); enum != nil {
		var out []contractValue
		for i, e := range reduce.Items(enum) {
			if s, ok := scalarText(e); ok {
				out = append(out, contractValue{text: s, at: locationOf(doc, e, reduce.JoinPointer(pointer, "enum", strconv.Itoa(i)))})
			}
		}
		return out, ""
	}
	if k := reduce.Value(node, "const"); k != nil {
		if s, ok := scalarText(k); ok {
			return []contractValue{{text: s, at: locationOf(doc, k, reduce.JoinPointer(pointer, "const"))}}, ""
		}
	}
	keyword := ""
	for _, kw := range []string{"oneOf", "anyOf"} {
		if reduce.IsSeq(reduce.Value(node, kw)) {
			keyword = kw
			break
		}
	}
	if keyword == "" {
		return nil, fmt.Sprintf("#%s in %s is not an enum, a const or a union (oneOf/anyOf): point the marker at one", pointer, tc.c.name(doc.Path))
	}
	branches := reduce.Items(reduce.Value(node, keyword))
	// A union of constants: oneOf [{const: a}, {const: b}].
	var consts []contractValue
	for i, b := range branches {
		bn, bp := follow(doc, b, reduce.JoinPointer(pointer, keyword, strconv.Itoa(i)))
		if k := reduce.Value(bn, "const"); k != nil {
			if s, ok := scalarText(k); ok {
				title, _ := scalarText(reduce.Value(bn, "title"))
				consts = append(consts, contractValue{text: s, at: locationOf(doc, k, reduce.JoinPointer(bp, "const")), title: title})
				continue
			}
		}
		if e := reduce.Items(reduce.Value(bn, "enum")); len(e) == 1 {
			if s, ok := scalarText(e[0]); ok {
				consts = append(consts, contractValue{text: s, at: locationOf(doc, e[0], reduce.JoinPointer(bp, "enum", "0"))})
				continue
			}
		}
		consts = nil
		break
	}
	if consts != nil {
		return consts, ""
	}
	// A discriminated union.
	disc := reduce.Value(node, "discriminator")
	mapping := map[string]string{} // $ref target pointer → value
	var out []contractValue
	if disc != nil {
		if pn := reduce.Value(disc, "propertyName"); discriminant == "" && pn != nil && reduce.IsString(pn) {
			discriminant = pn.Value
		}
		reduce.Pairs(reduce.Value(disc, "mapping"), func(k, v *reduce.Node) bool {
			if reduce.IsString(v) && strings.HasPrefix(v.Value, "#") {
				p, _ := urlUnescape(strings.TrimPrefix(v.Value, "#"))
				mapping[p] = k.Value
			}
			out = append(out, contractValue{text: k.Value, at: locationOf(doc, k, reduce.JoinPointer(pointer, "discriminator", "mapping", k.Value))})
			return true
		})
	}
	fixed := make([]map[string]contractValue, len(branches))
	names := make([]string, len(branches))
	for i, b := range branches {
		bp := reduce.JoinPointer(pointer, keyword, strconv.Itoa(i))
		if ref := reduce.Value(b, "$ref"); ref != nil && reduce.IsString(ref) {
			names[i] = path.Base(ref.Value)
		}
		fixed[i] = map[string]contractValue{}
		collectFixed(doc, b, bp, fixed[i], 0)
	}
	if discriminant == "" {
		discriminant = tc.discriminant
	}
	if discriminant == "" {
		var common []string
		for name := range fixed[0] {
			all := true
			for _, f := range fixed[1:] {
				if _, ok := f[name]; !ok {
					all = false
					break
				}
			}
			if all {
				common = append(common, name)
			}
		}
		sort.Strings(common)
		switch len(common) {
		case 1:
			discriminant = common[0]
		case 0:
			return nil, fmt.Sprintf("#%s in %s is a union whose branches fix no common property to a constant: name the discriminant (discriminant=type) or point the marker at an enum", pointer, doc.Path)
		default:
			return nil, fmt.Sprintf("#%s in %s is a union whose branches all fix %s: name the discriminant in the marker (discriminant=%s)", pointer, doc.Path, strings.Join(common, " and "), common[0])
		}
	}
	seen := map[string]bool{}
	for _, v := range out {
		seen[v.text] = true
	}
	for i, b := range branches {
		if v, ok := fixed[i][discriminant]; ok {
			if !seen[v.text] {
				seen[v.text] = true
				out = append(out, v)
			}
			continue
		}
		if disc != nil && names[i] != "" {
			// OpenAPI's implicit mapping: the branch's schema name.
			_, target := follow(doc, b, "")
			if _, mapped := mapping[target]; !mapped && !seen[names[i]] {
				seen[names[i]] = true
				out = append(out, contractValue{text: names[i], at: locationOf(doc, b, reduce.JoinPointer(pointer, keyword, strconv.Itoa(i)))})
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Sprintf("no branch of the union #%s in %s fixes %s to a constant: fix the discriminant", pointer, doc.Path, discriminant)
	}
	return out, ""
}

// collectFixed records the properties a schema fixes to one constant (const,
// or an enum of one), following local $refs and allOf members.
func collectFixed(doc *reduce.Document, n *reduce.Node, pointer string, into map[string]contractValue, depth int) {
	if depth > maxRefHops {
		return
	}
	n, pointer = follow(doc, n, pointer)
	reduce.Pairs(reduce.Value(n, "properties"), func(k, v *reduce.Node) bool {
		if _, seen := into[k.Value]; seen {
			return true
		}
		pp := reduce.JoinPointer(pointer, "properties", k.Value)
		v, pp = follow(doc, v, pp)
		if c := reduce.Value(v, "const"); c != nil {
			if s, ok := scalarText(c); ok {
				into[k.Value] = contractValue{text: s, at: locationOf(doc, c, reduce.JoinPointer(pp, "const"))}
			}
		} else if e := reduce.Items(reduce.Value(v, "enum")); len(e) == 1 {
			if s, ok := scalarText(e[0]); ok {
				into[k.Value] = contractValue{text: s, at: locationOf(doc, e[0], reduce.JoinPointer(pp, "enum", "0"))}
			}
		}
		return true
	})
	for i, m := range reduce.Items(reduce.Value(n, "allOf")) {
		collectFixed(doc, m, reduce.JoinPointer(pointer, "allOf", strconv.Itoa(i)), into, depth+1)
	}
}

// compare reports the table's extra, missing and misspelt values.
func (tc *tableChecker) compare(mt markedTable, doc *reduce.Document, pointer string, node *reduce.Node, set []contractValue, col int) []report.Finding {
	inSet := map[string]contractValue{}
	for _, v := range set {
		inSet[v.text] = v
	}
	listed := map[string]bool{}
	var extra []cell
	for _, row := range mt.rows {
		if col >= len(row) || row[col].text == "" {
			continue
		}
		c := row[col]
		listed[c.text] = true
		if _, ok := inSet[c.text]; !ok {
			extra = append(extra, c)
		}
	}
	var missing []contractValue
	for _, v := range set {
		if !listed[v.text] {
			missing = append(missing, v)
		}
	}
	name := "#" + pointer + " in " + tc.c.name(doc.Path)
	var out []report.Finding
	finding := func(msg string, at report.Location, second report.Location, fields map[string]any) {
		fields["target"] = mt.ref
		out = append(out, report.Finding{
			Rule: RuleTableDrift, Severity: tableDriftRule.Severity, Message: msg,
			Pointer: pointer, Locations: []report.Location{at, second}, Fields: fields,
		})
	}
	used := map[int]bool{}
	for _, e := range extra {
		at := report.Location{File: tc.c.display(mt.file), Line: e.line, Column: e.column}
		best, bestDist := -1, 0
		for i, m := range missing {
			d, near := renamed(e.text, m.text)
			if !used[i] && near && (best < 0 || d < bestDist) {
				best, bestDist = i, d
			}
		}
		if best >= 0 {
			used[best] = true
			m := missing[best]
			finding(fmt.Sprintf("the table lists %s but %s has %s: rename %s to %s", e.text, name, m.shown(), e.text, m.text), at, m.at,
				map[string]any{"table": e.text, "schema": m.text})
			continue
		}
		finding(fmt.Sprintf("the table lists %s, which is not a value of %s: remove the row or add the value to the schema", e.text, name), at,
			locationOf(doc, node, pointer), map[string]any{"table": e.text})
	}
	for i, m := range missing {
		if used[i] {
			continue
		}
		finding(fmt.Sprintf("the table omits %s, a value of %s: add a row for it", m.shown(), name), tc.markerAt(mt), m.at,
			map[string]any{"schema": m.text})
	}
	return out
}
