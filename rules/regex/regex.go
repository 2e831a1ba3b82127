package regex

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Options configure Check.
type Options struct {
	// Dialects are the targets the contract's clients use; nil = DefaultDialects.
	Dialects []ecmaregex.Dialect
	// Severity overrides a rule's default severity by rule id (regex/divergent
	// is the one meant to be tuned); missing ids keep their default.
	Severity map[string]report.Severity
	// MaxPatternLength is the pattern budget in bytes: a longer pattern is
	// regex/unchecked and not parsed; 0 = validate.DefaultMaxPatternLength.
	MaxPatternLength int
}

// DefaultDialects are the targets when none are configured: Go and Rust.
var DefaultDialects = []ecmaregex.Dialect{{Name: ecmaregex.NameGo}, {Name: ecmaregex.NameRust}}

// ParseDialects reads a comma-separated list such as "go,rust,python3.11".
func ParseDialects(s string) ([]ecmaregex.Dialect, error) {
	var out []ecmaregex.Dialect
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		d, err := ecmaregex.ParseDialect(part)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no dialect in %q", s)
	}
	return out, nil
}

// Site is one regular expression in a document.
type Site struct {
	// Pattern is the expression's text.
	Pattern string
	// Node is where it is written: the pattern's value, or the
	// patternProperties key itself.
	Node *reduce.Node
	// Pointer is the absolute JSON pointer of that value or key.
	Pointer string
	// Definition encloses it (nil outside any named definition) and RelPointer
	// is Pointer relative to it (equal to Pointer without one).
	Definition *reduce.Definition
	RelPointer string
}

// Sites lists every pattern, patternProperties key and propertyNames pattern
// of doc, in document order.
func Sites(doc *reduce.Document) []Site {
	var out []Site
	doc.WalkSchemas(func(s reduce.SchemaSite) {
		if !s.Patterns || !reduce.IsMap(s.Node) {
			return
		}
		site := func(text string, n *reduce.Node, tokens ...string) {
			ptr := reduce.JoinPointer(s.Pointer, tokens...)
			rel := ptr
			if s.Definition != nil {
				rel = reduce.JoinPointer(s.RelPointer, tokens...)
			}
			out = append(out, Site{Pattern: text, Node: n, Pointer: ptr, Definition: s.Definition, RelPointer: rel})
		}
		if v := reduce.Value(s.Node, "pattern"); v != nil && reduce.IsString(v) {
			site(v.Value, v, "pattern")
		}
		if pp := reduce.Value(s.Node, "patternProperties"); reduce.IsMap(pp) {
			reduce.Pairs(pp, func(k, _ *reduce.Node) bool {
				site(k.Value, k, "patternProperties", k.Value)
				return true
			})
		}
	})
	return out
}

// Check reports every regex/* finding of doc.
func Check(doc *reduce.Document, opts Options) []report.Finding {
	var out []report.Finding
	for _, s := range Sites(doc) {
		out = append(out, CheckPattern(s.Pattern, opts, func(f *report.Finding) {
			f.Pointer = s.RelPointer
			if s.Definition != nil {
				f.Definition = s.Definition.Name
			}
			f.Locations = []report.Location{{File: doc.Path, Line: s.Node.Line, Column: s.Node.Column, Pointer: s.Pointer}}
		})...)
	}
	return out
}

// CheckPattern judges one pattern; locate fills each finding's position.
func CheckPattern(pattern string, opts Options, locate func(*report.Finding)) []report.Finding {
	targets := opts.Dialects
	if len(targets) == 0 {
		targets = DefaultDialects
	}
	var out []report.Finding
	emit := func(r report.Rule, f report.Finding) {
		f.Rule, f.Severity = r.ID, r.Severity
		if s, ok := opts.Severity[r.ID]; ok {
			f.Severity = s
		}
		if f.Fields == nil {
			f.Fields = map[string]any{}
		}
		f.Fields["pattern"] = pattern
		locate(&f)
		out = append(out, f)
	}
	if pe := validate.OverPatternBudget(pattern, opts.MaxPatternLength); pe != nil {
		emit(uncheckedRule, report.Finding{
			Message: fmt.Sprintf("%s; it is not checked", pe.Error()),
			Fields:  map[string]any{"budget": "max-pattern-length", "length": len(pattern)},
		})
		out[len(out)-1].Fields["pattern"] = strings.ToValidUTF8(pattern[:min(len(pattern), 200)], "") // the start, not a megabyte
		return out
	}
	tree, err := ecmaregex.Parse(pattern, ecmaregex.Unicode)
	if err != nil {
		e := err.(*ecmaregex.Error)
		legacy := "legacy (non-u) mode rejects it too"
		if _, lerr := ecmaregex.Parse(pattern, ecmaregex.Legacy); lerr == nil {
			legacy = "legacy (non-u) mode accepts it, but JSON Schema reads patterns in u mode"
		}
		what := string(e.Code)
		if e.Text != "" {
			what += " " + quote(short(e.Text))
		}
		hint := ""
		if e.Detail != "" {
			hint = ": " + e.Detail
		}
		emit(invalidRule, report.Finding{
			Message: fmt.Sprintf("pattern %s is not valid ECMA-262 in u mode: %s at offset %d%s; %s", quote(short(pattern)), what, e.Offset, hint, legacy),
			Fields:  map[string]any{"error_code": string(e.Code), "offset": e.Offset, "legacy": !strings.Contains(legacy, "rejects")},
			Detail:  caret(pattern, e.Span),
		})
		return out
	}
	// gather each target's issues: what a target cannot compile as written
	// by the construct's span, what it reads differently by construct
	type group struct {
		use      ecmaregex.Use
		dialects []string
		notes    []string
		// untranslatable is set when some dialect has no spelling for it
		untranslatable bool
	}
	type site struct {
		span      ecmaregex.Span
		construct string
	}
	rejected := map[site]*group{}
	divergent := map[string]*group{}
	idle := inert(tree)
	var rejectedOrder []site
	var divergentOrder []string
	for _, d := range targets {
		seenDiv := map[string]bool{}
		for _, is := range ecmaregex.Judge(tree, d) {
			switch is.Support {
			case ecmaregex.Rejected, ecmaregex.Translated:
				at := site{is.Span, is.Construct.ID}
				g := rejected[at]
				if g == nil {
					g = &group{use: is.Use}
					rejected[at] = g
					rejectedOrder = append(rejectedOrder, at)
				}
				g.untranslatable = g.untranslatable || is.Support == ecmaregex.Rejected
				if !contains(g.dialects, d.String()) {
					g.dialects = append(g.dialects, d.String())
					g.notes = append(g.notes, d.String()+": "+is.Note)
				}
			case ecmaregex.Divergent:
				id := is.Construct.ID
				if within(is.Span, idle) {
					continue // it cannot change whether the pattern matches
				}
				if !seenDiv[id] {
					seenDiv[id] = true
					g := divergent[id]
					if g == nil {
						g = &group{use: is.Use}
						divergent[id] = g
						divergentOrder = append(divergentOrder, id)
					}
					g.dialects = append(g.dialects, d.String())
					g.notes = append(g.notes, d.String()+": "+is.Note)
				}
			}
		}
	}
	if len(rejected) > 0 {
		sort.SliceStable(rejectedOrder, func(i, j int) bool { return rejectedOrder[i].span.Start < rejectedOrder[j].span.Start })
		suggestion := Suggest(tree, targets)
		for _, at := range rejectedOrder {
			g := rejected[at]
			sp := at.span
			text := g.use.Node.Text(pattern)
			off := runeOffset(pattern, sp.Start)
			todo := "rewrite the pattern without it, or move the rule into the schema (not, allOf, minLength)"
			f := report.Finding{
				Message: fmt.Sprintf("%s %s at offset %d cannot be compiled by %s and has no mechanical translation; %s", g.use.Construct.Title, quote(text), off, strings.Join(g.dialects, ", "), todo),
				Fields:  map[string]any{"construct": g.use.Construct.ID, "offset": off, "dialects": g.dialects},
				Detail:  caret(pattern, sp) + "\n" + strings.Join(g.notes, "\n"),
			}
			if !g.untranslatable {
				note := g.notes[0][strings.Index(g.notes[0], ": ")+2:]
				f.Message = fmt.Sprintf("%s %s at offset %d cannot be compiled as written by %s: %s; `wirelint regex --translate DIALECT` prints a spelling that compiles", g.use.Construct.Title, quote(text), off, strings.Join(g.dialects, ", "), note)
				f.Fields["translatable"] = true
			} else if suggestion != nil {
				b := marshal(suggestion)
				suggestion = nil // once, on the first construct without a translation
				f.Message = fmt.Sprintf("%s %s at offset %d cannot be compiled by %s and has no mechanical translation; the schema can say it instead: %s", g.use.Construct.Title, quote(text), off, strings.Join(g.dialects, ", "), b)
				f.Fields["suggestion"] = b
			}
			emit(nonPortableRule, f)
		}
		return out
	}
	for _, id := range divergentOrder {
		g := divergent[id]
		sp := g.use.Span
		off := runeOffset(pattern, sp.Start)
		more := ""
		if n := countUses(tree, id, idle); n > 1 {
			more = fmt.Sprintf(" (and %d more)", n-1)
		}
		note := g.notes[0][strings.Index(g.notes[0], ": ")+2:]
		emit(divergentRule, report.Finding{
			Message: fmt.Sprintf("%s %s at offset %d%s matches differently in %s: %s; use the spelling `wirelint regex --translate DIALECT` prints",
				g.use.Construct.Title, quote(g.use.Node.Text(pattern)), off, more, strings.Join(g.dialects, ", "), note),
			Fields: map[string]any{"construct": id, "offset": off, "dialects": g.dialects},
			Detail: caret(pattern, sp) + "\n" + strings.Join(g.notes, "\n"),
		})
	}
	return out
}

// countUses counts the uses of construct id in tree outside the idle spans.
func countUses(tree *ecmaregex.Node, id string, idle []ecmaregex.Span) int {
	n := 0
	for _, u := range ecmaregex.Uses(tree) {
		if u.Construct.ID == id && !within(u.Span, idle) {
			n++
		}
	}
	return n
}

// inert returns the parts of a pattern that cannot change whether it
// matches a string. JSON Schema searches a pattern anywhere in the string,
// so a leading or trailing part of a top-level alternative that can match
// the empty string and asserts nothing — the .* of ^https?://.* — matches
// empty beside wherever the rest matches: what it would match otherwise
// decides nothing, and a construct in it that reads differently in another
// dialect (a dot, \d, \s) makes no pattern accept or reject anything there.
// None when the pattern refers back to a group: what a group matched may
// matter later.
func inert(tree *ecmaregex.Node) []ecmaregex.Span {
	if has(tree, ecmaregex.KindBackref) {
		return nil
	}
	branches := []*ecmaregex.Node{tree}
	if tree.Kind == ecmaregex.KindAlternate {
		branches = tree.Sub
	}
	var out []ecmaregex.Span
	for _, b := range branches {
		parts := []*ecmaregex.Node{b}
		if b.Kind == ecmaregex.KindConcat {
			parts = b.Sub
		}
		lead := 0
		for lead < len(parts) && emptyAnywhere(parts[lead]) {
			out = append(out, parts[lead].Span)
			lead++
		}
		for i := len(parts) - 1; i >= lead && emptyAnywhere(parts[i]); i-- {
			out = append(out, parts[i].Span)
		}
	}
	return out
}

// emptyAnywhere reports whether n can match the empty string at every
// place of every string. An assertion (^, $, \b, a lookaround) matches
// empty at some places only, so it is not, unless a quantifier lets it
// match nothing; a back-reference never reaches here (inert refuses those
// patterns), nor a foreign construct (patterns are read in u mode).
func emptyAnywhere(n *ecmaregex.Node) bool {
	switch n.Kind {
	case ecmaregex.KindEmpty:
		return true
	case ecmaregex.KindRepeat:
		return n.Min == 0 || emptyAnywhere(n.Sub[0])
	case ecmaregex.KindGroup, ecmaregex.KindNonCapture:
		return len(n.Sub) == 0 || emptyAnywhere(n.Sub[0])
	case ecmaregex.KindConcat:
		for _, c := range n.Sub {
			if !emptyAnywhere(c) {
				return false
			}
		}
		return true
	case ecmaregex.KindAlternate:
		for _, c := range n.Sub {
			if emptyAnywhere(c) {
				return true
			}
		}
	}
	return false
}

// has reports whether tree holds a node of kind k.
func has(tree *ecmaregex.Node, k ecmaregex.Kind) bool {
	found := false
	ecmaregex.Walk(tree, func(n *ecmaregex.Node) bool {
		found = found || n.Kind == k
		return !found
	})
	return found
}

// within reports whether sp lies inside one of spans.
func within(sp ecmaregex.Span, spans []ecmaregex.Span) bool {
	for _, s := range spans {
		if s.Start <= sp.Start && sp.End <= s.End {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// quote wraps s in double quotes, escaped as JSON only when it holds a quote
// or a character that would not print, so backslashes read as written.
func quote(s string) string {
	plain := !strings.ContainsRune(s, '"')
	for _, r := range s {
		plain = plain && unicode.IsPrint(r)
	}
	if plain {
		return `"` + s + `"`
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSpace(b.String())
}

func marshal(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(b.String())
}

func runeOffset(s string, byteOff int) int {
	if byteOff > len(s) {
		byteOff = len(s)
	}
	return utf8.RuneCountInString(s[:byteOff])
}

// caretWindow is how many characters of a long pattern the caret drawing shows.
const caretWindow = 100

// caret draws the pattern and a caret line under the span. Characters that
// would not print are shown as \uHHHH, and the carets follow; a long pattern
// is cut to a window around the span, marked with an ellipsis.
func caret(pattern string, sp ecmaregex.Span) string {
	var cells, marks []string
	first := -1
	for i, r := range pattern {
		w := string(r)
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			w = fmt.Sprintf(`\u%04X`, r)
		}
		mark := " "
		if i >= sp.Start && (i < sp.End || sp.End == sp.Start && i == sp.Start) {
			mark = "^"
			if first < 0 {
				first = len(cells)
			}
		}
		cells = append(cells, w)
		marks = append(marks, strings.Repeat(mark, utf8.RuneCountInString(w)))
	}
	if first < 0 {
		cells, marks, first = append(cells, ""), append(marks, "^"), len(cells)
	}
	lo, hi := 0, len(cells)
	if hi > caretWindow {
		lo = max(0, first-caretWindow/4)
		hi = min(len(cells), lo+caretWindow)
	}
	line := strings.Join(cells[lo:hi], "")
	under := strings.Join(marks[lo:hi], "")
	if lo > 0 {
		line, under = "…"+line, " "+under
	}
	if hi < len(cells) {
		line += "…"
	}
	return line + "\n" + strings.TrimRight(under, " ")
}

// short cuts a long pattern for a message.
func short(s string) string {
	const max = 80
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}
