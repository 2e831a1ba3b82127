package parity

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// views compares a pair whose two sides spell the same thing in different
// shapes, through an equivalent view of one side, and reports whether it did:
//
//   - a union of X and null (or 3.0 nullable beside an allOf $ref) against a
//     side without that union is X made nullable (reduce.NullableView);
//   - a union against a single schema pairs the schema with its closest
//     branch, each other branch reported once (siblings of the union merged
//     into every branch first);
//   - an allOf against a flat schema is its parts merged (reduce.Merge);
//     when the merge is not exact, the pair is compared as written and its
//     findings say why.
func (c *comparer) views(cs, ms *reduce.Schema, rel string, viaC, viaM *reduce.Schema) bool {
	rc, rm := c.red.Resolved(cs), c.red.Resolved(ms)
	if rc == nil || rm == nil {
		return false
	}
	// 1. X or null ≡ X nullable.
	vc, vm := c.nullableView(cs, rm), c.nullableView(ms, rc)
	if vc != nil || vm != nil {
		nc, nm := firstOf(vc, cs), firstOf(vm, ms)
		if nc.NullableOf != nil && nm.NullableOf != nil {
			if n := c.refName(nc.NullableOf, false); n != "" && n == c.refName(nm.NullableOf, true) {
				c.record(cs, ms, rel, viaC, viaM)
				return true // both make the same definition nullable
			}
		}
		if vc != nil {
			viaC = firstOf(viaC, cs)
		}
		if vm != nil {
			viaM = firstOf(viaM, ms)
		}
		c.next(nc, nm, rel, viaC, viaM)
		return true
	}
	// 2. A union against a single schema.
	for _, u := range []string{"anyOf", "oneOf"} {
		if c.unionOnlyAbsent(cs, ms, rc, rm, u, rel, viaC, viaM) {
			return true
		}
		switch {
		case cs.Ref == nil && cs.Keywords.Get(u) != nil && single(rm):
			if branches := c.red.Distribute(cs, u); branches != nil {
				c.record(cs, ms, rel, viaC, viaM)
				c.unionVsSingle(cs, ms, cs.Keywords.Get(u), branches, ms, rel, true)
				return true
			}
		case ms.Ref == nil && ms.Keywords.Get(u) != nil && single(rc):
			if branches := c.red.Distribute(ms, u); branches != nil {
				c.record(cs, ms, rel, viaC, viaM)
				c.unionVsSingle(cs, ms, ms.Keywords.Get(u), branches, cs, rel, false)
				return true
			}
		}
	}
	// 3. allOf against a flat schema.
	switch {
	case reduce.Mergeable(cs) && !reduce.Mergeable(ms) && !reduce.Mergeable(rm):
		if m, why := c.red.Merge(cs); m != nil {
			c.next(m, ms, rel, firstOf(viaC, cs), viaM)
			return true
		} else if m, ref := c.mergeSeen(cs, why); m != nil {
			c.partly(ref, "canonical", func() { c.next(m, ms, rel, firstOf(viaC, cs), viaM) })
			return true
		} else if m, apart := c.mergeSplit(cs, ms, true); m != nil {
			c.next(m, ms, rel, firstOf(viaC, cs), viaM)
			c.conjuncts(apart, ms, rel, true)
			return true
		} else {
			c.noteMerge(why)
		}
	case reduce.Mergeable(ms) && !reduce.Mergeable(cs) && !reduce.Mergeable(rc):
		if m, why := c.red.Merge(ms); m != nil {
			c.next(cs, m, rel, viaC, firstOf(viaM, ms))
			return true
		} else if m, ref := c.mergeSeen(ms, why); m != nil {
			c.partly(ref, "mirror", func() { c.next(cs, m, rel, viaC, firstOf(viaM, ms)) })
			return true
		} else if m, apart := c.mergeSplit(ms, cs, false); m != nil {
			c.next(cs, m, rel, viaC, firstOf(viaM, ms))
			c.conjuncts(apart, cs, rel, false)
			return true
		} else {
			c.noteMerge(why)
		}
	}
	return false
}

// mergeSeen merges the parts of s's allOf that resolve when the one reason
// Merge gave up is a part whose $ref does not: the merged parts and the first
// such reference, or nil.
func (c *comparer) mergeSeen(s *reduce.Schema, why string) (*reduce.Schema, string) {
	if !strings.HasPrefix(why, reduce.UnresolvedPart) {
		return nil, ""
	}
	m, why, ref := c.red.MergeSeen(s)
	if why != "" || ref == "" {
		return nil, ""
	}
	return m, ref
}

// partly runs compare with the comparison known to be partial: a part of a
// conjunction on side, reached by ref, could not be seen, and what the seen
// parts say differently from the other side may be what the unseen part
// says, so the keyword findings under it are warnings naming the reference,
// but for a keyword the seen parts set and the other side lacks (see diff).
func (c *comparer) partly(ref, side string, compare func()) {
	outer, outerSide := c.partial, c.partialSide
	if outer == "" {
		c.partial, c.partialSide = ref, side
	}
	compare()
	c.partial, c.partialSide = outer, outerSide
}

// mergeSplit merges the allOf of s, on one side, when its parts set an
// if/then/else rule (or another keyword group reduce.SplitGroup names)
// differently: the merged schema keeps the group closest to the other
// side's, and the other parts' groups come back apart, to be reported as
// conjuncts the other side lacks. nil when the parts do not merge even so.
func (c *comparer) mergeSplit(s, other *reduce.Schema, canonicalSide bool) (*reduce.Schema, []*reduce.Schema) {
	closer := func(held, cand *reduce.Schema) bool {
		o := reduce.Group(other, held)
		if len(o.Keywords) == 0 {
			return false
		}
		if canonicalSide {
			return c.distance(cand, o) < c.distance(held, o)
		}
		return c.distance(o, cand) < c.distance(o, held)
	}
	m, apart, why := c.red.MergeSplit(s, closer)
	if why != "" || m == nil || len(apart) == 0 {
		return nil, nil
	}
	// a group the other side does not have at all pairs with nothing: the
	// rule the merged schema holds is one more the other side lacks, said
	// the same way as the rest (m is this call's own, not shared)
	var held []*reduce.Schema
	done := map[string]bool{}
	for _, g := range apart {
		group := reduce.SplitGroup(g.Keywords[0].Name)
		if done[group[0]] || len(reduce.Group(other, g).Keywords) > 0 {
			continue
		}
		done[group[0]] = true
		if h := reduce.Group(m, g); len(h.Keywords) > 0 {
			held = append(held, h)
			for _, name := range group {
				m.Keywords.Delete(name)
			}
		}
	}
	return m, append(held, apart...)
}

// conjuncts reports each group one side's allOf holds apart (see
// mergeSplit): a rule the instance must also meet, which the other side,
// one, does not have.
func (c *comparer) conjuncts(apart []*reduce.Schema, one *reduce.Schema, rel string, canonicalSide bool) {
	if c.counting {
		c.count += len(apart)
		return
	}
	for _, g := range apart {
		names := make([]string, 0, len(g.Keywords))
		for _, kw := range g.Keywords {
			names = append(names, kw.Source)
		}
		first := g.Keywords[0]
		if k := g.Keywords.Get("if"); k != nil {
			first = k
		}
		label := conjunctLabel(g, first)
		gl, ol := Location(first.Owner.Doc, first.Key, first.Pointer()), schemaLocation(one)
		side, otherDoc := g.Doc, one.Doc
		locs := []report.Location{gl, ol}
		if !canonicalSide {
			locs = []report.Location{ol, gl}
		}
		ptr := rel // the canonical side lacks the rule: the object that does
		if canonicalSide {
			ptr = c.literalRel(first.Owner, rel) + "/" + reduce.EscapePointerToken(first.Source)
		}
		c.emit(report.Finding{
			Rule:     RuleKeyword,
			Severity: keywordRule.Severity,
			Message: fmt.Sprintf("an allOf part in %s also requires %s, which %s has no counterpart of",
				Name(side, otherDoc), label, Name(otherDoc, side)),
			Definition: c.def,
			Pointer:    ptr,
			Locations:  locs,
			Fields:     map[string]any{"keyword": "allOf", "conjunct": names, "canonical": canonicalSide, "mirror": !canonicalSide},
		})
	}
}

// conjunctLabel names a rule held apart in a message: its part's title when
// it has one, and the rule as written (if, then and else in that order, each
// cut short), so two rules with one if read apart.
func conjunctLabel(g *reduce.Schema, first *reduce.Keyword) string {
	var parts []string
	for _, name := range []string{"if", "then", "else"} {
		if k := g.Keywords.Get(name); k != nil {
			parts = append(parts, k.Source+" "+reduce.Short(k.Value, 40))
		}
	}
	if len(parts) == 0 {
		parts = []string{first.Source + " " + reduce.Short(first.Value, 60)}
	}
	label := strings.Join(parts, " ")
	if owner := first.Owner; owner != nil {
		if t := owner.Annotations.Get("title"); t != nil && t.Value != nil && reduce.IsString(t.Value) {
			label = strconv.Quote(t.Value.Value) + ": " + label
		}
	}
	return label
}

// noteMerge records why an allOf could not be merged, for the findings of
// the pair compared as written to say. A part whose $ref does not resolve
// leaves what the conjunction requires partly unknown: those findings are
// warnings naming the reference, not errors (the reference has its own
// finding from the refs family).
func (c *comparer) noteMerge(why string) {
	if strings.HasPrefix(why, reduce.UnresolvedPart) {
		c.mergeNote = "its allOf parts were compared as written, since " + why + " and what they require together is partly unknown"
		c.mergePartial = true
		return
	}
	c.mergeNote = "its allOf parts do not merge exactly (" + why + "), so they were compared as written"
}

// unionOnlyAbsent reports, once, a union keyword one side has and the other
// lacks while agreeing with everything beside it, the branches' properties
// perhaps declared there as optional members: SARIF's region requires anyOf
// startLine, charOffset or byteOffset, and a copy without that anyOf is
// otherwise the same. One cause, one finding ("anyOf is 3 schemas in ...
// but absent in ..."), not a branch paired with the single side and the
// others each without a counterpart. The rest is compared as usual.
func (c *comparer) unionOnlyAbsent(cs, ms, rc, rm *reduce.Schema, u, rel string, viaC, viaM *reduce.Schema) bool {
	ck, mk := cs.Keywords.Get(u), ms.Keywords.Get(u)
	if (ck == nil) == (mk == nil) {
		return false
	}
	// the union's side as written; the other side as a bare $ref reads it
	// (OSV's Swagger writes items: {$ref: osvEvent})
	with, other := cs, rm
	if ck == nil {
		with, other = ms, rc
	}
	if with.Ref != nil || other == nil {
		return false
	}
	if other.Keywords.Get("anyOf") != nil || other.Keywords.Get("oneOf") != nil || other.Keywords.Get("allOf") != nil {
		return false
	}
	rest := reduce.Without(with, u)
	if rest.Trivial() {
		return false // the union is all there is: pair its branches
	}
	same := func(s *reduce.Schema) bool {
		if ck != nil {
			return c.distance(s, other) == 0
		}
		return c.distance(other, s) == 0
	}
	// the other side is the rest, or the rest with the branches'
	// properties declared as optional members (OSV's event: oneOf
	// introduced, fixed, last_affected or limit, each required alone, where
	// the generated Swagger declares all four and requires none)
	view := rest
	if !same(rest) {
		view = reduce.WithBranchProperties(rest, with.Keywords.Get(u).List)
		if !same(view) {
			return false
		}
	}
	c.record(cs, ms, rel, viaC, viaM)
	c.diff(cs, ms, ck, mk, u, rel, render(ck), render(mk))
	// the rest is compared as usual (no keyword differs, by the above), so
	// the pairs below it are recorded and their descriptions compared
	if ck != nil {
		c.next(view, other, rel, firstOf(viaC, cs), firstOf(viaM, ms))
	} else {
		c.next(other, view, rel, firstOf(viaC, cs), firstOf(viaM, ms))
	}
	return true
}

// nullableView returns s as X made nullable when s is a union of X and null
// and other (the other side, references followed) is not the same kind of
// union; nil otherwise.
func (c *comparer) nullableView(s, other *reduce.Schema) *reduce.Schema {
	switch {
	case s.Keywords.Get("anyOf") != nil && other.Keywords.Get("anyOf") == nil,
		s.Keywords.Get("oneOf") != nil && other.Keywords.Get("oneOf") == nil,
		s.Nullable != nil && s.Ref != nil && other.Nullable == nil:
		return c.red.NullableView(s)
	}
	return nil
}

// single reports whether s (references followed) is one schema that is not a
// union: no anyOf, oneOf or allOf, and not the always-true schema.
func single(s *reduce.Schema) bool {
	return !s.False && !s.Trivial() && s.Keywords.Get("anyOf") == nil && s.Keywords.Get("oneOf") == nil && s.Keywords.Get("allOf") == nil
}

// unionVsSingle pairs the single schema of one side with the closest branch of
// the other side's union keyword kw (its siblings merged into each branch),
// and reports every other branch once: the single side accepts only what the
// paired branch does.
func (c *comparer) unionVsSingle(cs, ms *reduce.Schema, kw *reduce.Keyword, branches []*reduce.Schema, one *reduce.Schema, rel string, canonicalUnion bool) {
	oneName := c.refName(one.Ref, canonicalUnion)
	best, bestD := -1, 0
	for i, b := range branches {
		if oneName != "" && c.refName(b.Ref, !canonicalUnion) == oneName {
			best = i
			break
		}
	}
	if best < 0 {
		for i, b := range branches {
			var d int
			if canonicalUnion {
				d = c.distance(b, one)
			} else {
				d = c.distance(one, b)
			}
			if best < 0 || d < bestD {
				best, bestD = i, d
			}
		}
	}
	krel := rel + "/" + kw.Source
	if canonicalUnion {
		c.schema(branches[best], one, krel+"/"+strconv.Itoa(best))
	} else {
		c.schema(one, branches[best], rel)
	}
	if c.counting {
		c.count += len(branches) - 1
		return
	}
	unionDoc, oneDoc := cs.Doc, ms.Doc
	if !canonicalUnion {
		unionDoc, oneDoc = ms.Doc, cs.Doc
	}
	accepts := c.branchLabel(one, canonicalUnion)
	for i := range branches {
		if i == best {
			continue
		}
		written := kw.List[i]
		label := c.branchLabel(written, !canonicalUnion)
		bl := schemaLocation(written)
		ol := schemaLocation(one)
		if one.Ref != nil {
			ol = Location(one.Ref.Owner.Doc, one.Ref.Key, one.Ref.Pointer())
		}
		locs := []report.Location{bl, ol}
		if !canonicalUnion {
			locs = []report.Location{ol, bl}
		}
		// the pointer names a canonical place: the branch when the union is
		// canonical, else the single schema that lacks it
		ptr := rel
		if canonicalUnion {
			ptr = krel + "/" + strconv.Itoa(i)
		}
		c.emit(report.Finding{
			Rule:     RuleKeyword,
			Severity: keywordRule.Severity,
			Message: fmt.Sprintf("%s branch %s (%s/%d) is in %s but has no counterpart in %s, which accepts only %s",
				kw.Source, label, kw.Source, i, Name(unionDoc, oneDoc), Name(oneDoc, unionDoc), accepts),
			Definition: c.def,
			Pointer:    ptr,
			Locations:  locs,
			Fields:     map[string]any{"keyword": kw.Source, "branch": label, "canonical": canonicalUnion, "mirror": !canonicalUnion},
		})
	}
}

// branch is one branch of a union being paired: the schema and the pointer
// (relative to the definition) findings inside it carry.
type branch struct {
	s   *reduce.Schema
	rel string
}

func branchesOf(list []*reduce.Schema, krel string) []branch {
	out := make([]branch, len(list))
	for i, s := range list {
		out[i] = branch{s, krel + "/" + strconv.Itoa(i)}
	}
	return out
}

// union pairs allOf/anyOf/oneOf branches regardless of order: by the
// definition they name, then by equality, then by closest match (past 4,096
// pairs of branches, by the same text, then by position). A branch
// that is itself only a union (inline or through a $ref) and has no
// counterpart is replaced by its own branches where that keeps the meaning
// (see reduce.Reducer.Flatten). A changed branch is compared inside; a branch
// left over is reported.
func (c *comparer) union(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, krel string) {
	cb, mb := branchesOf(ck.List, krel), branchesOf(mk.List, krel)
	pairOf, used := c.pairByRef(cb, mb)
	if ck.Name != "allOf" && (slices.Contains(pairOf, -1) || slices.Contains(used, false)) {
		fc, fromC, okC := c.red.Flatten(ck, func(i int) bool { return pairOf[i] >= 0 })
		fm, _, okM := c.red.Flatten(mk, func(j int) bool { return used[j] })
		if okC || okM {
			if okC {
				cb = cb[:0:0]
				for k, s := range fc {
					cb = append(cb, branch{s, krel + "/" + strconv.Itoa(fromC[k])})
				}
			}
			if okM {
				mb = branchesOf(fm, krel)
			}
			pairOf, used = c.pairByRef(cb, mb)
		}
	}
	n, m := len(cb), len(mb)
	// 2. by equality, then 3. by closest match (fewest differences)
	if n*m <= 4096 {
		type cand struct{ i, j, d int }
		var cands []cand
		for i := range cb {
			if pairOf[i] >= 0 {
				continue
			}
			for j := range mb {
				if used[j] {
					continue
				}
				cands = append(cands, cand{i, j, c.distance(cb[i].s, mb[j].s)})
			}
		}
		sort.SliceStable(cands, func(a, b int) bool { return cands[a].d < cands[b].d })
		for _, cd := range cands {
			if pairOf[cd.i] >= 0 || used[cd.j] {
				continue
			}
			pairOf[cd.i], used[cd.j] = cd.j, true
		}
	} else {
		// too many to compare each with each: branches written alike pair
		// first (a union reordered), then the rest by position
		alike := map[string][]int{}
		for j := range mb {
			if !used[j] {
				k := reduce.Canonical(mb[j].s.Node)
				alike[k] = append(alike[k], j)
			}
		}
		for i := range cb {
			if pairOf[i] >= 0 {
				continue
			}
			k := reduce.Canonical(cb[i].s.Node)
			if js := alike[k]; len(js) > 0 {
				pairOf[i], used[js[0]] = js[0], true
				alike[k] = js[1:]
			}
		}
		for i := range pairOf {
			if pairOf[i] < 0 && i < m && !used[i] {
				pairOf[i], used[i] = i, true
			}
		}
	}
	for i, j := range pairOf {
		if j >= 0 {
			c.schema(cb[i].s, mb[j].s, cb[i].rel)
			continue
		}
		c.branchDiff(cs, ms, ck, mk, cb[i].s, nil, cb[i].rel)
	}
	for j, u := range used {
		if !u {
			c.branchDiff(cs, ms, ck, mk, nil, mb[j].s, krel)
		}
	}
}

// pairByRef pairs branches that name the same definition.
func (c *comparer) pairByRef(cb, mb []branch) (pairOf []int, used []bool) {
	pairOf = make([]int, len(cb))
	used = make([]bool, len(mb))
	for i := range pairOf {
		pairOf[i] = -1
	}
	for i, b := range cb {
		cn := c.refName(b.s.Ref, false)
		if cn == "" {
			continue
		}
		for j, mbr := range mb {
			if !used[j] && c.refName(mbr.s.Ref, true) == cn {
				pairOf[i], used[j] = j, true
				break
			}
		}
	}
	return pairOf, used
}

// distance counts the differences between two schemas without reporting them.
func (c *comparer) distance(cs, ms *reduce.Schema) int {
	sub := &comparer{red: c.red, opts: c.opts, renames: c.renames, mirrorToCanon: c.mirrorToCanon, cdefs: c.cdefs, mdefs: c.mdefs,
		def: c.def, seen: map[[2]*reduce.Schema]bool{}, counting: true, steps: c.steps}
	sub.schema(cs, ms, "")
	c.steps = sub.steps
	return sub.count
}

func (c *comparer) branchDiff(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, cb, mb *reduce.Schema, brel string) {
	if c.counting {
		c.count++
		return
	}
	cl := Location(ck.Owner.Doc, ck.Key, ck.Pointer())
	ml := Location(mk.Owner.Doc, mk.Key, mk.Pointer())
	var msg, label string
	if cb != nil {
		label = c.branchLabel(cb, false)
		cl = schemaLocation(cb)
		msg = fmt.Sprintf("%s branch %s is in %s but has no counterpart in %s", ck.Source, label, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	} else {
		label = c.branchLabel(mb, true)
		ml = schemaLocation(mb)
		msg = fmt.Sprintf("%s branch %s is in %s but has no counterpart in %s", mk.Source, label, Name(ms.Doc, cs.Doc), Name(cs.Doc, ms.Doc))
	}
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    brel,
		Locations:  []report.Location{cl, ml},
		Fields:     map[string]any{"keyword": ck.Source, "branch": label, "canonical": cb != nil, "mirror": mb != nil},
	})
}

// branchLabel names a branch in a message: the definition it refers to, by
// its own document's name, or the schema as written.
func (c *comparer) branchLabel(s *reduce.Schema, mirrorSide bool) string {
	if s.Ref != nil {
		return refLabel(s.Ref, c.ownName(s.Ref, mirrorSide))
	}
	if s.Node != nil {
		return reduce.Short(s.Node, 60)
	}
	return "{}"
}
