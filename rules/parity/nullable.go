package parity

import (
	"encoding/json"
	"sort"

	"github.com/wirelint/wirelint/reduce"
)

// nullableCopies finds, per side, the definitions that are another
// definition of the same side plus null — a generator's nullable-X beside
// X — so a union of $ref A and null on one side and a $ref to nullable-X on
// the other name the same thing once A maps to X, instead of being compared
// by descending into the copy (which repeats every difference already
// reported at A).
type nullableCopies struct {
	byKey  [2]map[string]string // side → definition as JSON → its name
	copyOf [2]map[string]string // side → name → the definition it copies plus null ("" = none)
}

// nullableCopy returns the name of the definition the definition name of one
// side (mirrorSide) is a copy of plus null, or "".
func (c *comparer) nullableCopy(name string, mirrorSide bool) string {
	if name == "" {
		return ""
	}
	side, idx := 0, c.cdefs
	if mirrorSide {
		side, idx = 1, c.mdefs
	}
	nc := &c.nullables
	if nc.copyOf[side] == nil {
		nc.copyOf[side] = map[string]string{}
	}
	if x, ok := nc.copyOf[side][name]; ok {
		return x
	}
	x := ""
	if d := idx.byName[name]; d != nil {
		if stripped, ok := withoutNull(reduce.ToValue(d.def.Node)); ok {
			if nc.byKey[side] == nil {
				nc.byKey[side] = map[string]string{}
				for _, n := range idx.order {
					k := jsonKey(reduce.ToValue(idx.byName[n].def.Node))
					if _, dup := nc.byKey[side][k]; !dup {
						nc.byKey[side][k] = n
					}
				}
			}
			if other := nc.byKey[side][jsonKey(stripped)]; other != name {
				x = other
			}
		}
	}
	nc.copyOf[side][name] = x
	return x
}

// withoutNull returns schema v with what admits null removed — nullable:
// true, "null" in a type list, null in an enum — and whether there was any.
func withoutNull(v any) (any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]any, len(m))
	changed := false
	for k, x := range m {
		out[k] = x
	}
	if b, ok := m["nullable"].(bool); ok && b {
		delete(out, "nullable")
		changed = true
	}
	if ts, ok := m["type"].([]any); ok {
		var kept []any
		for _, t := range ts {
			if t != "null" {
				kept = append(kept, t)
			}
		}
		if len(kept) < len(ts) {
			changed = true
			if len(kept) == 1 {
				out["type"] = kept[0]
			} else {
				out["type"] = kept
			}
		}
	}
	if es, ok := m["enum"].([]any); ok {
		var kept []any
		for _, e := range es {
			if e != nil {
				kept = append(kept, e)
			}
		}
		if len(kept) < len(es) {
			changed = true
			out["enum"] = kept
		}
	}
	return out, changed
}

func jsonKey(v any) string {
	b, _ := json.Marshal(v) // maps marshal with sorted keys
	return string(b)
}

// nullableRef returns the $ref that s makes nullable — anyOf or oneOf of a
// lone $ref and {type: null} (or {enum: [null]}), or OpenAPI 3.0 nullable
// beside an allOf $ref — or nil.
func nullableRef(s *reduce.Schema) *reduce.Ref {
	if s == nil {
		return nil
	}
	if s.Nullable != nil && s.Ref != nil && len(s.Keywords) == 0 {
		return s.Ref
	}
	if s.Ref != nil || len(s.Keywords) != 1 {
		return nil
	}
	kw := s.Keywords.Get("anyOf")
	if kw == nil {
		kw = s.Keywords.Get("oneOf")
	}
	if kw == nil || len(kw.List) != 2 {
		return nil
	}
	branches := append([]*reduce.Schema(nil), kw.List...)
	sort.SliceStable(branches, func(i, j int) bool { return branches[i].Ref != nil && branches[j].Ref == nil })
	r, null := branches[0], branches[1]
	if r.Ref == nil || len(r.Keywords) != 0 || !onlyNull(null) {
		return nil
	}
	return r.Ref
}

// onlyNull reports whether s is {type: null} or {enum: [null]}.
func onlyNull(s *reduce.Schema) bool {
	if s.Ref != nil || s.False || len(s.Keywords) != 1 {
		return false
	}
	if t := s.Keywords.Get("type"); t != nil {
		return len(t.Set) == 1 && t.Set[0] == "null"
	}
	e := s.Keywords.Get("enum")
	return e != nil && len(e.Set) == 1 && e.Set[0] == "null"
}

// sameNullable reports whether one side makes a definition nullable with a
// union and the other refers to a copy of that definition plus null
// (through renames): both say "that definition, or null".
func (c *comparer) sameNullable(cs, ms *reduce.Schema) bool {
	if r := nullableRef(cs); r != nil && ms.Ref != nil && len(ms.Keywords) == 0 {
		if x := c.nullableCopy(c.ownName(ms.Ref, true), true); x != "" {
			return c.canonicalOf(x) == c.refName(r, false)
		}
	}
	if r := nullableRef(ms); r != nil && cs.Ref != nil && len(cs.Keywords) == 0 {
		if x := c.nullableCopy(c.ownName(cs.Ref, false), false); x != "" {
			return x == c.refName(r, true)
		}
	}
	return false
}

// canonicalOf maps a mirror definition name to the canonical name it pairs
// with (through renames).
func (c *comparer) canonicalOf(mirrorName string) string {
	if cn, ok := c.mirrorToCanon[mirrorName]; ok {
		return cn
	}
	return mirrorName
}
