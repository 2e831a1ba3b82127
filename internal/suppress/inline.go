package suppress

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Inline ignores are written on the schema node a finding concerns, or on
// any node above it:
//
//	Frame:
//	  x-wirelint-ignore: [parity/keyword]
//	  x-wirelint-reason: the mirror accepts longer ids until v3
//
// Both keys are extensions, so no validator or generator reads them.
const (
	// IgnoreKey lists the rule ids (or family/*) silenced at and under the node.
	IgnoreKey = "x-wirelint-ignore"
	// ReasonKey says why; an ignore without one silences nothing.
	ReasonKey = "x-wirelint-reason"
)

// RuleInvalidIgnore is reported for an inline ignore that cannot apply.
const RuleInvalidIgnore = "suppress/invalid-ignore"

// invalidIgnoreRule is the rule this file's findings come from; they take its severity.
var invalidIgnoreRule = report.Rule{
	ID:       RuleInvalidIgnore,
	Severity: report.SeverityError,
	Title:    "an inline x-wirelint-ignore is malformed, names no rule, or gives no reason",
	Why: "An ignore silences a finding for every reader of the contract. One without an x-wirelint-reason hides why the " +
		"drift is acceptable, and one naming a rule that does not exist (a typo) silences nothing while looking as if it does. " +
		"Such an ignore is not applied.",
	Bad:  "Frame:\n  x-wirelint-ignore: [parity/keywrd]\n  maxLength: 128",
	Good: "Frame:\n  x-wirelint-ignore: [parity/keyword]\n  x-wirelint-reason: the mirror accepts longer ids until v3\n  maxLength: 128",
}

// Inline indexes the inline ignores of a run's documents.
type Inline struct {
	// byFile maps a document's display path to its ignores by node pointer.
	byFile map[string]map[string]inlineIgnore
}

type inlineIgnore struct {
	rules  []string
	reason string
	at     string // file:line of the x-wirelint-ignore key
}

// containerKey reports the keys holding maps whose keys are names, not
// keywords: a property called x-wirelint-ignore is a property, not an
// annotation. (A switch, not a map: the scan asks it of every key.)
func containerKey(key string) bool {
	switch key {
	case "properties", "patternProperties", "$defs", "definitions",
		"dependentSchemas", "schemas", "paths", "responses", "parameters":
		return true
	}
	return false
}

// dataKey reports the keys holding instance values, not schemas.
func dataKey(key string) bool {
	switch key {
	case "enum", "const", "default", "examples", "example":
		return true
	}
	return false
}

// ScanInline indexes the inline ignores of docs. known reports whether a rule
// reference names a rule; an ignore that names none, is malformed or has no
// reason is reported as a suppress/invalid-ignore finding and not applied.
func ScanInline(docs []*reduce.Document, known func(ref string) bool) (*Inline, []report.Finding) {
	in := &Inline{byFile: map[string]map[string]inlineIgnore{}}
	var fs []report.Finding
	for _, doc := range docs {
		if !doc.MayHoldKey(IgnoreKey) {
			continue // no mapping to find it in: skip the walk
		}
		walkMappings(doc.Root, nil, "", 0, func(n *reduce.Node, path []string) {
			k, v := reduce.Get(n, IgnoreKey)
			if k == nil {
				return
			}
			ptr := reduce.JoinPointer("", path...)
			bad := func(at *reduce.Node, atPtr, msg string) {
				fs = append(fs, invalidIgnore(doc, at, atPtr, msg))
			}
			keyPtr := reduce.JoinPointer(ptr, IgnoreKey)
			var rules []string
			for _, e := range reduce.Items(v) {
				if !reduce.IsString(e) {
					bad(e, keyPtr, fmt.Sprintf("%s holds %s, not a rule id: list rule ids such as parity/keyword", IgnoreKey, reduce.Short(e, 40)))
					return
				}
				if !known(e.Value) {
					bad(e, keyPtr, fmt.Sprintf("%s names %q, which is no rule: run 'wirelint rules' for the ids", IgnoreKey, e.Value))
					return
				}
				rules = append(rules, e.Value)
			}
			if !reduce.IsSeq(v) || len(rules) == 0 {
				bad(k, keyPtr, fmt.Sprintf("%s must be a non-empty list of rule ids, not %s", IgnoreKey, reduce.Short(v, 40)))
				return
			}
			rk, rv := reduce.Get(n, ReasonKey)
			reason := ""
			if rv != nil && reduce.IsString(rv) {
				reason = strings.TrimSpace(rv.Value)
			}
			if reason == "" {
				at := k
				if rk != nil {
					at = rk
				}
				bad(at, keyPtr, fmt.Sprintf("%s without %s: add %s saying why the finding is acceptable", IgnoreKey, ReasonKey, ReasonKey))
				return
			}
			m := in.byFile[doc.Path]
			if m == nil {
				m = map[string]inlineIgnore{}
				in.byFile[doc.Path] = m
			}
			m[ptr] = inlineIgnore{rules: rules, reason: reason, at: fmt.Sprintf("%s:%d", doc.Path, k.Line)}
		})
	}
	return in, fs
}

func invalidIgnore(doc *reduce.Document, at *reduce.Node, ptr, msg string) report.Finding {
	f := report.Finding{
		Rule:      RuleInvalidIgnore,
		Severity:  invalidIgnoreRule.Severity,
		Message:   msg,
		Pointer:   ptr,
		Locations: []report.Location{{File: doc.Path, Line: at.Line, Column: at.Column, Pointer: ptr}},
	}
	if def, rel := definitionOf(doc, ptr); def != "" {
		f.Definition, f.Pointer = def, rel
	}
	return f
}

// definitionOf names the definition enclosing pointer ptr and ptr relative
// to it, or "" when ptr is in no definition.
func definitionOf(doc *reduce.Document, ptr string) (string, string) {
	best := (*reduce.Definition)(nil)
	for _, d := range doc.Definitions {
		if (ptr == d.Pointer || strings.HasPrefix(ptr, d.Pointer+"/")) && (best == nil || len(d.Pointer) > len(best.Pointer)) {
			best = d
		}
	}
	if best == nil {
		return "", ptr
	}
	return best.Name, strings.TrimPrefix(ptr, best.Pointer)
}

// maxWalkDepth bounds the annotation scan like reduce bounds its renderers.
const maxWalkDepth = 256

// walkMappings calls fn for every mapping under n that can carry keywords,
// with the tokens of its pointer (path's array is reused: fn must not keep
// it). parentKey is the key n sits under.
func walkMappings(n *reduce.Node, path []string, parentKey string, depth int, fn func(n *reduce.Node, path []string)) {
	w := &mappingWalker{path: path, fn: fn}
	w.walk(n, parentKey, depth)
}

// mappingWalker is walkMappings' state: one token stack for the whole walk,
// so descending a level costs no allocation.
type mappingWalker struct {
	path []string
	fn   func(n *reduce.Node, path []string)
}

func (w *mappingWalker) walk(n *reduce.Node, parentKey string, depth int) {
	n = reduce.Deref(n)
	if n == nil || depth > maxWalkDepth {
		return
	}
	switch n.Kind {
	case reduce.MappingNode:
		container := containerKey(parentKey)
		if !container {
			w.fn(n, w.path)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], reduce.Deref(n.Content[i+1])
			key := k.Value
			if !container && dataKey(key) {
				continue // instance data, never annotations
			}
			if container {
				key = "" // a name, not a keyword: its value is a schema again
			}
			w.path = append(w.path, k.Value)
			w.walk(v, key, depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	case reduce.SequenceNode:
		for i, e := range n.Content {
			w.path = append(w.path, strconv.Itoa(i))
			w.walk(e, "", depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	}
}

// match finds an inline ignore at or above any location of f that names its
// rule, nearest first.
func (in *Inline) match(f report.Finding) (by, reason string, ok bool) {
	if in == nil {
		return "", "", false
	}
	for _, l := range f.Locations {
		m := in.byFile[l.File]
		if m == nil {
			continue
		}
		tokens := reduce.SplitPointer(l.Pointer)
		for i := len(tokens); i >= 0; i-- {
			ig, found := m[reduce.JoinPointer("", tokens[:i]...)]
			if !found {
				continue
			}
			for _, r := range ig.rules {
				if MatchRule(r, f.Rule) {
					return ig.at, ig.reason, true
				}
			}
		}
	}
	return "", "", false
}

// Rules lists the rules of suppression itself.
var Rules = []report.Rule{invalidIgnoreRule}
