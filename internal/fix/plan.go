package fix

import (
	"fmt"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Towards says which document a fix edits: the mirror, made equal to the
// canonical (the default), or the canonical, made equal to the mirror.
type Towards int

const (
	// TowardsCanonical edits the mirror.
	TowardsCanonical Towards = iota
	// TowardsMirror edits the canonical document.
	TowardsMirror
)

// Fix is the mend of one finding: edits in one file.
type Fix struct {
	// Finding is the finding it mends.
	Finding report.Finding `json:"-"`
	// Description says what the edits do, for people.
	Description string `json:"description"`
	// Edits change one file; never empty.
	Edits []Edit `json:"edits"`
}

// Skipped is a finding of a fixable rule that gets no fix, and why.
type Skipped struct {
	Finding report.Finding
	Reason  string
}

// Read returns a file's bytes by its path from the repository root.
type Read func(path string) ([]byte, error)

// Fixable lists the rules Plan can mend.
var Fixable = []string{"parity/keyword", "parity/missing-definition", "description/drift", "description/cosmetic", "ref/id-mismatch", "docs/broken-link", "docs/broken-ref"}

// keywords are the parity keywords whose value means the same in every
// dialect wirelint reads, so copying it across is safe: scalars and lists of
// scalars. type, nullable, const, exclusive bounds, $ref and the keywords
// holding schemas are spelt per dialect and are not copied.
var keywords = map[string]bool{
	"additionalProperties": true, "unevaluatedProperties": true, "maxLength": true, "minLength": true,
	"maxItems": true, "minItems": true, "maxProperties": true, "minProperties": true, "pattern": true,
	"format": true, "enum": true, "required": true, "uniqueItems": true, "multipleOf": true,
	"minimum": true, "maximum": true, "readOnly": true, "writeOnly": true, "deprecated": true,
	"minContains": true, "maxContains": true, "contentEncoding": true, "contentMediaType": true,
}

// Plan computes the fixes for findings, reading files through read. Fixes
// are sorted by file and offset; findings of rules it does not mend are
// ignored, and those it cannot mend safely are listed in skipped.
func Plan(findings []report.Finding, read Read, towards Towards) (fixes []Fix, skipped []Skipped) {
	sources := map[string]*source{}
	texts := map[string]*source{}
	openText := func(path string) (*source, error) {
		if s, ok := texts[path]; ok {
			return s, nil
		}
		data, err := read(path)
		if err != nil {
			return nil, err
		}
		texts[path] = textSource(path, data)
		return texts[path], nil
	}
	open := func(path string) (*source, error) {
		if s, ok := sources[path]; ok {
			return s, nil
		}
		data, err := read(path)
		if err != nil {
			return nil, err
		}
		s, err := newSource(path, data)
		if err != nil {
			return nil, err
		}
		sources[path] = s
		return s, nil
	}
	for _, f := range findings {
		var fx *Fix
		var err error
		switch f.Rule {
		case "parity/keyword":
			fx, err = keyword(f, open, towards)
		case "parity/missing-definition":
			fx, err = definition(f, open, towards)
		case "description/drift", "description/cosmetic":
			fx, err = description(f, open, towards)
		case "ref/id-mismatch":
			fx, err = idMismatch(f, open)
		case "docs/broken-link", "docs/broken-ref":
			fx, err = link(f, openText)
		default:
			continue
		}
		if err != nil {
			skipped = append(skipped, Skipped{Finding: f, Reason: err.Error()})
			continue
		}
		fixes = append(fixes, *fx)
	}
	sort.SliceStable(fixes, func(i, j int) bool {
		a, b := fixes[i].Edits[0], fixes[j].Edits[0]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Start < b.Start
	})
	return fixes, skipped
}

// sides returns the location read from and the one edited.
func sides(f report.Finding, towards Towards) (from, to report.Location, err error) {
	if len(f.Locations) != 2 {
		return from, to, fmt.Errorf("the finding has %d locations, not one in each document", len(f.Locations))
	}
	from, to = f.Locations[0], f.Locations[1]
	if towards == TowardsMirror {
		from, to = to, from
	}
	return from, to, nil
}

// openSides opens the file read from and the file edited, with the
// finding's location in each.
func openSides(f report.Finding, open func(string) (*source, error), towards Towards) (from, to *source, fromLoc, toLoc report.Location, err error) {
	fromLoc, toLoc, err = sides(f, towards)
	if err != nil {
		return nil, nil, fromLoc, toLoc, err
	}
	if from, err = open(fromLoc.File); err != nil {
		return nil, nil, fromLoc, toLoc, err
	}
	if to, err = open(toLoc.File); err != nil {
		return nil, nil, fromLoc, toLoc, err
	}
	return from, to, fromLoc, toLoc, nil
}

// lastToken is the last token of pointer p.
func lastToken(p string) string {
	tokens := reduce.SplitPointer(p)
	if len(tokens) == 0 {
		return ""
	}
	return tokens[len(tokens)-1]
}

// keyword mends a parity/keyword finding: the edited side's keyword takes
// the other side's value, is added, or is removed.
func keyword(f report.Finding, open func(string) (*source, error), towards Towards) (*Fix, error) {
	kw := lastToken(f.Pointer)
	if !keywords[kw] {
		return nil, fmt.Errorf("%s is spelt per dialect or holds schemas; edit it by hand", kw)
	}
	if parent := reduce.SplitPointer(f.Pointer); len(parent) >= 2 && (parent[len(parent)-2] == "properties" || parent[len(parent)-2] == "patternProperties") {
		return nil, fmt.Errorf("%q is a property name here, not the keyword", kw)
	}
	from, to, fromLoc, toLoc, err := openSides(f, open, towards)
	if err != nil {
		return nil, err
	}
	fromHas, toHas := lastToken(fromLoc.Pointer) == kw, lastToken(toLoc.Pointer) == kw
	var edit Edit
	var what string
	switch {
	case fromHas && toHas:
		src, ok := from.lookupMember(fromLoc.Pointer)
		dst, ok2 := to.lookupMember(toLoc.Pointer)
		if !ok || !ok2 {
			return nil, fmt.Errorf("%s is not where the finding says", kw)
		}
		if kw == "additionalProperties" && src.value.Kind != reduce.ScalarNode {
			return nil, fmt.Errorf("additionalProperties holds a schema; edit it by hand")
		}
		edit, err = to.set(dst, src.value)
		what = "set " + kw
	case fromHas:
		src, ok := from.lookupMember(fromLoc.Pointer)
		if !ok {
			return nil, fmt.Errorf("%s is not where the finding says", kw)
		}
		if kw == "additionalProperties" && src.value.Kind != reduce.ScalarNode {
			return nil, fmt.Errorf("additionalProperties holds a schema; edit it by hand")
		}
		edit, err = to.insert(reduce.Lookup(to.doc.Root, toLoc.Pointer), kw, src.value)
		what = "add " + kw
	case toHas:
		dst, ok := to.lookupMember(toLoc.Pointer)
		if !ok {
			return nil, fmt.Errorf("%s is not where the finding says", kw)
		}
		edit, err = to.remove(dst)
		what = "remove " + kw
	default:
		return nil, fmt.Errorf("neither location holds %s", kw)
	}
	if err != nil {
		return nil, fmt.Errorf("%s in %s: %v", kw, toLoc.File, err)
	}
	return &Fix{Finding: f, Description: fmt.Sprintf("%s at %s#%s", what, toLoc.File, toLoc.Pointer), Edits: []Edit{edit}}, nil
}

// description mends a description finding: the edited side takes the other
// side's text.
func description(f report.Finding, open func(string) (*source, error), towards Towards) (*Fix, error) {
	from, to, fromLoc, toLoc, err := openSides(f, open, towards)
	if err != nil {
		return nil, err
	}
	src, ok := from.lookupMember(fromLoc.Pointer)
	dst, ok2 := to.lookupMember(toLoc.Pointer)
	if !ok || !ok2 || src.value == nil || src.value.Kind != reduce.ScalarNode || dst.value == nil || dst.value.Kind != reduce.ScalarNode {
		return nil, fmt.Errorf("the descriptions are not where the finding says")
	}
	keyOff := to.nodeStart(dst.key)
	end, err := to.valueEnd(dst.value, keyOff)
	if err != nil {
		return nil, err
	}
	start := to.nodeStart(dst.value)
	text := quote(src.value.Value)
	if !to.json() && (to.data[start] == '|' || to.data[start] == '>') {
		text = literalBlock(src.value.Value, to.indentOf(keyOff)+2)
	} else if !to.json() && plainSafe(src.value.Value) && to.data[start] != '"' && to.data[start] != '\'' {
		text = src.value.Value
	}
	return &Fix{Finding: f, Description: fmt.Sprintf("copy the description to %s#%s", toLoc.File, toLoc.Pointer),
		Edits: []Edit{{File: to.path, Start: start, End: end, Text: text}}}, nil
}

// literalBlock writes v as a YAML literal block scalar indented by indent
// spaces, with the chomping indicator that keeps its final newlines as they
// are.
func literalBlock(v string, indent int) string {
	chomp := "-"
	body := strings.TrimSuffix(v, "\n")
	switch {
	case strings.HasSuffix(v, "\n\n"):
		chomp = "+"
		body = v[:len(v)-1]
	case strings.HasSuffix(v, "\n"):
		chomp = ""
	}
	head := "|" + chomp
	if strings.HasPrefix(body, " ") {
		head = fmt.Sprintf("|%d%s", indent, chomp)
	}
	pad := strings.Repeat(" ", indent)
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return head + "\n" + strings.Join(lines, "\n")
}

// Report is the fix as a finding carries it for the JSON and SARIF printers.
func (f Fix) Report() report.Fix {
	r := report.Fix{Description: f.Description}
	for _, e := range f.Edits {
		r.Edits = append(r.Edits, report.Edit{File: e.File, Offset: e.Start, Length: e.End - e.Start, Text: e.Text})
	}
	return r
}

// Attach sets each finding's Fixes to the fixes Plan finds for it (towards
// the canonical document), matched by fingerprint; findings it cannot mend
// keep none.
func Attach(findings []report.Finding, read Read) {
	fixes, _ := Plan(findings, read, TowardsCanonical)
	byPrint := map[string][]report.Fix{}
	for _, fx := range fixes {
		byPrint[fx.Finding.Fingerprint] = append(byPrint[fx.Finding.Fingerprint], fx.Report())
	}
	for i := range findings {
		if fs, ok := byPrint[findings[i].Fingerprint]; ok && findings[i].Fingerprint != "" {
			findings[i].Fixes = fs
		}
	}
}

// field is a string detail of a finding ("" = absent).
func field(f report.Finding, key string) string {
	s, _ := f.Fields[key].(string)
	return s
}

// link mends docs/broken-link and docs/broken-ref: the target as written is
// replaced, where the finding locates it, by the one the docs family
// suggests (a file keeps the link's anchor; an anchor keeps its file).
func link(f report.Finding, open func(string) (*source, error)) (*Fix, error) {
	target, suggestion := field(f, "target"), field(f, "suggestion")
	if target == "" || suggestion == "" || len(f.Locations) == 0 {
		return nil, fmt.Errorf("no single suggestion to apply")
	}
	replacement := suggestion
	path, anchor, hasAnchor := strings.Cut(target, "#")
	switch {
	case strings.HasPrefix(suggestion, "#"):
		replacement = path + suggestion
	case hasAnchor && !strings.Contains(suggestion, "#"):
		replacement = suggestion + "#" + anchor
	}
	at := f.Locations[0]
	data, err := open(at.File)
	if err != nil {
		return nil, err
	}
	if at.Line < 1 || at.Line > len(data.starts) {
		return nil, fmt.Errorf("the link is not where the finding says")
	}
	lineStart := data.starts[at.Line-1]
	line := data.data[lineStart:data.lineEnd(lineStart)]
	from := data.offset(at.Line, at.Column) - lineStart
	i := strings.Index(string(line[min(max(from, 0), len(line)):]), target)
	if i < 0 {
		if i = strings.Index(string(line), target); i < 0 || strings.Count(string(line), target) != 1 {
			return nil, fmt.Errorf("the link target is not on its line")
		}
	} else {
		i += min(max(from, 0), len(line))
	}
	start := lineStart + i
	return &Fix{Finding: f, Description: fmt.Sprintf("link %s instead of %s in %s", replacement, target, at.File),
		Edits: []Edit{{File: at.File, Start: start, End: start + len(target), Text: replacement}}}, nil
}

// idMismatch mends ref/id-mismatch: the $id the reference was written
// against is given to the file that declares a different one (the .json
// suffix a $id lost), when the finding locates that $id.
func idMismatch(f report.Finding, open func(string) (*source, error)) (*Fix, error) {
	want, _, _ := strings.Cut(field(f, "id"), "#")
	declared := field(f, "declared")
	if want == "" || declared == "" || want == declared || len(f.Locations) < 2 || lastToken(f.Locations[1].Pointer) != "$id" {
		return nil, fmt.Errorf("no single $id to set")
	}
	at := f.Locations[1]
	s, err := open(at.File)
	if err != nil {
		return nil, err
	}
	m, ok := s.lookupMember(at.Pointer)
	if !ok || m.value == nil || m.value.Value != declared {
		return nil, fmt.Errorf("the $id is not where the finding says")
	}
	e, err := s.set(m, &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!str", Value: want})
	if err != nil {
		return nil, err
	}
	return &Fix{Finding: f, Description: fmt.Sprintf("set $id to %s in %s", want, at.File), Edits: []Edit{e}}, nil
}
