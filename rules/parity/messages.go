package parity

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// falseDiff reports a place that is false (rejects everything) on one side
// and a schema on the other: "additionalProperties is false in X but a
// schema in Y".
func (c *comparer) falseDiff(cs, ms *reduce.Schema, rel string) {
	if c.counting {
		c.count++
		return
	}
	what := placeName(rel, c.def)
	falseDoc, schemaDoc := cs.Doc, ms.Doc
	if ms.False {
		falseDoc, schemaDoc = ms.Doc, cs.Doc
	}
	msg := fmt.Sprintf("%s is false in %s but a schema in %s", what, Name(falseDoc, schemaDoc), Name(schemaDoc, falseDoc))
	if ms.False {
		msg = fmt.Sprintf("%s is a schema in %s but false in %s", what, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	}
	keyword := what
	if toks := reduce.SplitPointer(rel); len(toks) > 0 {
		keyword = toks[len(toks)-1]
	}
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    rel,
		Locations:  []report.Location{schemaLocation(cs), schemaLocation(ms)},
		Fields:     map[string]any{"keyword": keyword, "canonical": schemaValue(cs), "mirror": schemaValue(ms)},
	})
}

// placeName names the place rel points at in a message: the keyword, the
// property or the union branch; the definition itself when rel is "".
func placeName(rel, def string) string {
	toks := reduce.SplitPointer(rel)
	if len(toks) == 0 {
		return def
	}
	last := toks[len(toks)-1]
	if len(toks) >= 2 {
		switch parent := toks[len(toks)-2]; parent {
		case "properties":
			return fmt.Sprintf("property %q", last)
		case "patternProperties":
			return fmt.Sprintf("pattern property %q", last)
		case "dependentSchemas", "dependencies":
			return fmt.Sprintf("dependency %q", last)
		case "allOf", "anyOf", "oneOf", "prefixItems", "items":
			if last != "" && strings.Trim(last, "0123456789") == "" {
				return parent + "/" + last
			}
		}
	}
	return last
}

func schemaValue(s *reduce.Schema) any {
	if s.False {
		return false
	}
	if s.Node == nil {
		return map[string]any{}
	}
	return reduce.ToValue(s.Node)
}

// setDiff reports two sets (type, required, enum) that differ. When they
// share members it says only the delta — what the mirror adds and lacks —
// and the sizes, never both full lists.
func (c *comparer) setDiff(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, rel string) {
	adds, lacks := minus(mk.Set, ck.Set), minus(ck.Set, mk.Set)
	if len(adds) == len(mk.Set) && len(lacks) == len(ck.Set) {
		c.diff(cs, ms, ck, mk, ck.Name, rel, render(ck), render(mk))
		return
	}
	if c.counting {
		c.count++
		return
	}
	list := jsonList
	unit := "names"
	switch ck.Name {
	case "enum":
		list = func(ss []string) string { return "[" + strings.Join(ss, ",") + "]" }
		unit = "values"
	case "type":
		unit = "types"
	}
	var parts []string
	if len(adds) > 0 {
		parts = append(parts, "adds "+list(adds))
	}
	if len(lacks) > 0 {
		parts = append(parts, "lacks "+list(lacks))
	}
	msg := fmt.Sprintf("%s: %s %s (%d %s in %s, %d in %s)", mk.Source, Name(ms.Doc, cs.Doc), strings.Join(parts, ", "),
		len(ck.Set), unit, Name(cs.Doc, ms.Doc), len(mk.Set), Name(ms.Doc, cs.Doc))
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    rel + "/" + reduce.EscapePointerToken(ck.Source),
		Locations:  []report.Location{Location(ck.Owner.Doc, ck.Key, ck.Pointer()), Location(mk.Owner.Doc, mk.Key, mk.Pointer())},
		Fields:     map[string]any{"keyword": ck.Source, "canonical": value(ck), "mirror": value(mk), "adds": orEmpty(adds), "lacks": orEmpty(lacks)},
	})
}

func orEmpty(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

// minus returns the members of sorted set a not in sorted set b.
func minus(a, b []string) []string {
	var out []string
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// dedupe keeps one finding per cause: findings with the same rule and
// message at the same canonical and mirror positions (a pair of definitions
// compared on its own and again through a $ref of another definition) are
// one, kept at the definition that owns the mirror position. Distinct
// canonical places that reach one mirror definition (labels and annotations
// both referring to one string map) stay distinct findings.
func (c *comparer) dedupe(fs []report.Finding) []report.Finding {
	type key struct{ rule, msg, cfile, cptr, mfile, mptr string }
	first := map[key]int{}
	out := fs[:0:0]
	for _, f := range fs {
		if len(f.Locations) != 2 {
			out = append(out, f)
			continue
		}
		k := key{f.Rule, f.Message, f.Locations[0].File, f.Locations[0].Pointer, f.Locations[1].File, f.Locations[1].Pointer}
		i, dup := first[k]
		if !dup {
			first[k] = len(out)
			out = append(out, f)
			continue
		}
		if !c.ownsMirror(out[i]) && c.ownsMirror(f) {
			out[i] = f
		}
	}
	return out
}

// ownsMirror reports whether f's mirror position lies in the mirror
// definition paired with f's definition.
func (c *comparer) ownsMirror(f report.Finding) bool {
	md := c.mdefs.byName[c.mirrorName(f.Definition)]
	if md == nil {
		return false
	}
	p := f.Locations[1].Pointer
	return f.Locations[1].File == md.doc.Path && (p == md.def.Pointer || strings.HasPrefix(p, md.def.Pointer+"/"))
}
