package reduce

import (
	"slices"
	"sort"
	"strings"
)

// dropConstrainNothing removes the keywords whose value constrains nothing, so
// they compare equal to their absence: an empty properties, patternProperties,
// dependentRequired or dependentSchemas map (and entries of the last two that
// require nothing), an empty required list, minContains 1, an empty pattern
// and a type listing every JSON type. has says which of them s may hold
// (see normalisationSteps); the others are not looked up.
func dropConstrainNothing(s *Schema, has int) {
	for _, name := range []string{"properties", "patternProperties", "dependentSchemas", "dependentRequired"} {
		if has&hasMap == 0 {
			break
		}
		kw := s.Keywords.Get(name)
		if kw == nil {
			continue
		}
		if name == "dependentSchemas" || name == "dependentRequired" {
			kept := kw.Map[:0]
			for _, e := range kw.Map {
				if e.Schema != nil && !e.Schema.Trivial() || e.Schema == nil && len(e.Set) > 0 {
					kept = append(kept, e)
				}
			}
			kw.Map = kept
		}
		if len(kw.Map) == 0 {
			s.Keywords.Delete(name)
		}
	}
	if has&hasRequired != 0 {
		if kw := s.Keywords.Get("required"); kw != nil && len(kw.Set) == 0 {
			s.Keywords.Delete("required")
		}
	}
	if has&hasMinContains != 0 {
		if kw := s.Keywords.Get("minContains"); kw != nil && kw.Num != nil && kw.Num.IsInt() && kw.Num.Num().Int64() == 1 {
			s.Keywords.Delete("minContains")
		}
	}
	if has&hasPattern != 0 {
		if kw := s.Keywords.Get("pattern"); kw != nil && kw.Text == "" {
			s.Keywords.Delete("pattern")
		}
	}
	if has&hasType != 0 {
		if kw := s.Keywords.Get("type"); kw != nil && everyType(kw.Set) {
			s.Keywords.Delete("type")
		}
	}
}

// everyType reports whether a type set admits every JSON value.
func everyType(set []string) bool {
	for _, t := range []string{"array", "boolean", "null", "number", "object", "string"} {
		if i := sort.SearchStrings(set, t); i == len(set) || set[i] != t {
			return false
		}
	}
	return true
}

// Resolved follows s while it is only a reference (a $ref with no keyword that
// applies beside it) and returns the schema it lands on: s itself when it is
// not a reference, nil when a reference does not resolve or loops.
func (r *Reducer) Resolved(s *Schema) *Schema {
	for range 32 {
		if s == nil || s.Ref == nil || len(s.Keywords) > 0 || s.False {
			return s
		}
		s = r.Target(s.Ref)
	}
	return nil
}

// Simplify returns the branch of a one-branch anyOf or oneOf that is its
// schema's only constraining keyword (a one-branch union is its branch), and
// the pointer from s to it ("/anyOf/0"); s and "" otherwise.
func Simplify(s *Schema) (*Schema, string) {
	path := ""
	for range 32 {
		if s == nil || s.Ref != nil || len(s.Keywords) != 1 {
			break
		}
		kw := s.Keywords.Get("anyOf")
		if kw == nil {
			kw = s.Keywords.Get("oneOf")
		}
		if kw == nil || len(kw.List) != 1 {
			break
		}
		s, path = kw.List[0], path+"/"+kw.Source+"/0"
	}
	return s, path
}

// typeSpecificOnly reports whether every keyword of s applies to one JSON type
// only (so it accepts null when its type allows null, and when it has no type
// at all), enum aside.
func typeSpecificOnly(s *Schema) bool {
	if s.Ref != nil {
		return false
	}
	for _, kw := range s.Keywords {
		switch kw.Name {
		case "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$dynamicRef", "$recursiveRef":
			return false
		}
	}
	return true
}

// nullOnly reports whether s accepts null and nothing else, as {type: null}
// or {enum: [null]} do.
func nullOnly(s *Schema) bool {
	if s == nil || s.Ref != nil || s.False || len(s.Keywords) != 1 {
		return false
	}
	if t := s.Keywords.Get("type"); t != nil {
		return len(t.Set) == 1 && t.Set[0] == "null"
	}
	e := s.Keywords.Get("enum")
	return e != nil && len(e.Set) == 1 && e.Set[0] == "null"
}

// NullableView returns X made nullable when s is exactly the union of X and
// null — anyOf or oneOf of X and {type: null}, or OpenAPI 3.0 `nullable: true`
// beside a one-entry allOf holding a $ref to X — and X (followed through its
// references) can say so itself: "null" added to its type (and enum), or X
// unchanged when it has no type and so accepts null already. It returns nil
// when s is not such a union or X cannot be made nullable exactly. The view's
// added "null" is located at the null branch (or the nullable keyword).
func (r *Reducer) NullableView(s *Schema) *Schema {
	if v, ok := r.nullViews[s]; ok {
		return v
	}
	v := r.nullableView(s)
	if r.nullViews == nil {
		r.nullViews = map[*Schema]*Schema{}
	}
	r.nullViews[s] = v
	return v
}

func (r *Reducer) nullableView(s *Schema) *Schema {
	if s == nil || s.False {
		return nil
	}
	var x *Schema
	var nullAt *Keyword // where the added null is written
	oneOf := false
	switch {
	case s.Nullable != nil && s.Ref != nil && s.Ref.Owner != s && len(s.Keywords) == 0:
		x = &Schema{Ref: s.Ref}
		nullAt = s.Nullable
	case s.Ref == nil && len(s.Keywords) == 1:
		kw := s.Keywords.Get("anyOf")
		if kw == nil {
			kw, oneOf = s.Keywords.Get("oneOf"), true
		}
		if kw == nil || len(kw.List) != 2 {
			return nil
		}
		for _, b := range kw.List {
			switch {
			case nullOnly(b) && nullAt == nil:
				nullAt = b.Keywords.Get("type")
				if nullAt == nil {
					nullAt = b.Keywords.Get("enum")
				}
			case x == nil:
				x = b
			default:
				return nil
			}
		}
		if x == nil || nullAt == nil {
			return nil
		}
	default:
		return nil
	}
	target := r.Resolved(x)
	if target == nil || target.False || !typeSpecificOnly(target) {
		return nil
	}
	t := target.Keywords.Get("type")
	if t == nil {
		if target.Keywords.Get("enum") != nil || oneOf {
			return nil // enum without null rejects null; oneOf then accepts it twice
		}
		return target
	}
	if i := sort.SearchStrings(t.Set, "null"); i < len(t.Set) && t.Set[i] == "null" {
		if oneOf {
			return nil
		}
		return target
	}
	v := clone(target)
	v.NullableOf = x.Ref
	nt := *t
	nt.Set = addToSet(append([]string(nil), t.Set...), "null")
	nt.Key, nt.Value, nt.Owner, nt.Source = nullAt.Key, nullAt.Value, nullAt.Owner, nullAt.Source
	v.Keywords.Set(&nt)
	if e := target.Keywords.Get("enum"); e != nil {
		ne := *e
		ne.Set = addToSet(append([]string(nil), e.Set...), "null")
		v.Keywords.Set(&ne)
	}
	return v
}

// Without returns a copy of s without its keyword name, at the same place:
// a union's siblings, to ask whether the other side is they alone.
func Without(s *Schema, name string) *Schema {
	v := clone(s)
	v.Keywords.Delete(name)
	return v
}

// WithBranchProperties returns s (a union's siblings, see Without) with the
// properties every branch of branches declares added to its own, each once
// (the first branch's schema for a name several declare), as a copy that
// adds nothing when no branch declares any: the shape a mirror takes that
// folds a union's alternatives into one object of optional members.
func WithBranchProperties(s *Schema, branches []*Schema) *Schema {
	v := clone(s)
	var kw *Keyword
	if own := v.Keywords.Get("properties"); own != nil {
		k := *own
		k.Map = append([]*Entry(nil), own.Map...)
		kw = &k
	}
	for _, b := range branches {
		bk := b.Keywords.Get("properties")
		if bk == nil {
			continue
		}
		if kw == nil {
			k := *bk
			k.Map = nil
			kw = &k
		}
		for _, e := range bk.Map {
			if kw.Lookup(e.Name) == nil {
				kw.Map = append(kw.Map, e)
			}
		}
	}
	if kw != nil {
		v.Keywords.Set(kw)
	}
	return v
}

// clone returns a copy of s with its own keyword and annotation maps, at the
// same document, node and pointer.
func clone(s *Schema) *Schema {
	v := &Schema{Doc: s.Doc, Node: s.Node, ptr: s.Pointer(), hasPtr: true, False: s.False, Ref: s.Ref, Malformed: s.Malformed,
		Keywords: s.Keywords.Clone(), Annotations: s.Annotations.Clone()}
	return v
}

// Mergeable reports whether s is a conjunction Merge may flatten: it has an
// allOf, or a $ref with keywords that apply beside it.
func Mergeable(s *Schema) bool {
	return s != nil && (s.Keywords.Get("allOf") != nil || s.Ref != nil && len(s.Keywords) > 0)
}

// Merge flattens the conjunction s — its allOf parts (followed through their
// references, nested allOfs flattened), a $ref with keywords beside it, and
// its own other keywords — into one schema, when that is exactly expressible:
// properties and patternProperties unite without two parts constraining the
// same name differently, required and dependentRequired unite, type and enum
// intersect, bounds take the tightest value, and any other keyword is set in
// one part or equal in all. Each merged keyword keeps the part that holds it
// as its position. When the conjunction is not exactly expressible it returns
// nil and says why.
func (r *Reducer) Merge(s *Schema) (*Schema, string) {
	if m, ok := r.merged[s]; ok {
		return m.schema, m.why
	}
	m, why := r.merge(s)
	if r.merged == nil {
		r.merged = map[*Schema]mergeResult{}
	}
	r.merged[s] = mergeResult{m, why}
	return m, why
}

type mergeResult struct {
	schema *Schema
	why    string
}

func (r *Reducer) merge(s *Schema) (*Schema, string) {
	m, why, _ := r.mergeParts(s, false, nil)
	return m, why
}

// SplitGroup returns the keywords kept together with name when two allOf
// parts set it differently and MergeSplit holds one part's apart, or nil
// when name cannot be held apart from the keywords beside it (items reads
// prefixItems, additionalProperties reads properties, unevaluated* read
// everything). then and else read the if beside them; minContains and
// maxContains the contains.
func SplitGroup(name string) []string {
	switch name {
	case "if", "then", "else":
		return []string{"else", "if", "then"}
	case "contains", "minContains", "maxContains":
		return []string{"contains", "maxContains", "minContains"}
	case "not", "pattern", "format", "multipleOf", "propertyNames", "dependentSchemas":
		return []string{name}
	}
	return nil
}

// MergeSplit is Merge for a conjunction two of whose parts set a keyword
// group of SplitGroup differently (two if/then/else rules, two patterns):
// the merged schema keeps one part's group, and each other part's group is
// returned as a conjunct apart, a schema at its part holding only that
// group. The conjunction is exactly the merged schema and every conjunct.
// keep, given the group the merged schema holds and another part's, says
// whether to hold the other part's instead (the caller pairs the group
// closest to what it compares with). nil, nil and why when the parts do not
// merge even so.
func (r *Reducer) MergeSplit(s *Schema, keep func(held, other *Schema) bool) (*Schema, []*Schema, string) {
	var apart []*Schema
	m, why, _ := r.mergeParts(s, false, func(m, p *Schema, group []string) {
		held, other := groupOf(m, group), groupOf(p, group)
		if keep != nil && keep(held, other) {
			for _, name := range group {
				m.Keywords.Delete(name)
				if kw := p.Keywords.Get(name); kw != nil {
					m.Keywords.Set(kw)
				}
			}
			held, other = other, held
		}
		apart = append(apart, other)
	})
	if why != "" || m == nil {
		return nil, nil, why
	}
	return m, apart, ""
}

// Group returns a schema at s holding s's keywords of the group like holds
// (the keyword group one of MergeSplit's groups is), empty when s has none.
func Group(s, like *Schema) *Schema {
	var group []string
	if len(like.Keywords) > 0 {
		group = SplitGroup(like.Keywords[0].Name)
	}
	return groupOf(s, group)
}

// groupOf returns a schema at s holding s's keywords of group.
func groupOf(s *Schema, group []string) *Schema {
	g := &Schema{Doc: s.Doc, Node: s.Node, ptr: s.Pointer(), hasPtr: true}
	for _, name := range group {
		if kw := s.Keywords.Get(name); kw != nil {
			g.Keywords.Set(kw)
		}
	}
	if len(g.Keywords) > 0 && g.Keywords[0].Owner != nil {
		// located where the part that holds the group is
		g.Node, g.ptr = g.Keywords[0].Owner.Node, g.Keywords[0].Owner.Pointer()
	}
	return g
}

// sameGroup reports whether a and b hold the same keywords of group with the
// same values.
func sameGroup(a, b *Schema, group []string) bool {
	for _, name := range group {
		x, y := a.Keywords.Get(name), b.Keywords.Get(name)
		switch {
		case x == nil && y == nil:
		case x == nil || y == nil || x.Value == nil || y.Value == nil:
			return false
		case Canonical(x.Value) != Canonical(y.Value):
			return false
		}
	}
	return true
}

// MergeSeen is Merge for a conjunction some of whose parts are a $ref that
// does not resolve: it merges the parts it can see and returns the first
// such reference as written ("" when every part resolves). The result says
// less than the conjunction does, never more: the parts it could not see
// may only constrain further.
func (r *Reducer) MergeSeen(s *Schema) (*Schema, string, string) {
	return r.mergeParts(s, true, nil)
}

// mergeParts merges s's parts. With skipUnresolved it leaves out the parts
// whose $ref does not resolve (returning the first); with split, a part
// setting a SplitGroup differently from the parts before it is handed to
// split with that group instead of failing the merge (split holds one of
// the two apart; the merged schema keeps the other).
func (r *Reducer) mergeParts(s *Schema, skipUnresolved bool, split func(m, p *Schema, group []string)) (*Schema, string, string) {
	var parts []*Schema
	unresolved := ""
	seen := map[*Schema]bool{}
	var collect func(p *Schema, depth int) string
	collect = func(p *Schema, depth int) string {
		if depth > 16 || seen[p] {
			return "its allOf parts refer to each other"
		}
		seen[p] = true
		own := p
		if p.Ref != nil {
			t := r.Target(p.Ref)
			switch {
			case t == nil && !skipUnresolved:
				return UnresolvedPart + " (" + p.Ref.Raw + ")"
			case t == nil:
				if unresolved == "" {
					unresolved = p.Ref.Raw
				}
			default:
				if why := collect(t, depth+1); why != "" {
					return why
				}
			}
		}
		if all := p.Keywords.Get("allOf"); all != nil {
			for _, e := range all.List {
				if why := collect(e, depth+1); why != "" {
					return why
				}
			}
			own = clone(p)
			own.Keywords.Delete("allOf")
		}
		if own.False || len(own.Keywords) > 0 {
			parts = append(parts, own)
		}
		return ""
	}
	if why := collect(s, 0); why != "" {
		return nil, why, unresolved
	}
	m := &Schema{Doc: s.Doc, Node: s.Node, ptr: s.Pointer(), hasPtr: true, Annotations: s.Annotations}
	for _, p := range parts {
		if p.False {
			m.False = true
			return m, "", unresolved
		}
		var held map[string]bool // names of groups handed to split
		if split != nil {
			for _, kw := range p.Keywords {
				group := SplitGroup(kw.Name)
				if group == nil || held[kw.Name] || !hasAny(m, group) || sameGroup(m, p, group) {
					continue
				}
				if held == nil {
					held = map[string]bool{}
				}
				for _, name := range group {
					held[name] = true
				}
				split(m, p, group)
			}
		}
		for _, kw := range p.Keywords { // sorted by name
			if held[kw.Name] {
				continue
			}
			prev := m.Keywords.Get(kw.Name)
			if prev == nil {
				m.Keywords.Set(kw)
				continue
			}
			merged, why := r.mergeKeyword(prev, kw)
			if why != "" {
				return nil, why, unresolved
			}
			m.Keywords.Set(merged)
		}
	}
	// additionalProperties (or items) in one part judges the properties (or
	// prefixItems) of that part only: not expressible once flattened.
	if conflictAcrossParts(parts, []string{"additionalProperties", "unevaluatedProperties"}, []string{"properties", "patternProperties"}) {
		return nil, "additionalProperties in one part would judge properties declared in another", unresolved
	}
	if conflictAcrossParts(parts, []string{"items", "unevaluatedItems"}, []string{"prefixItems"}) {
		return nil, "items in one part would judge prefixItems declared in another", unresolved
	}
	if t := m.Keywords.Get("type"); t != nil && len(t.Set) == 0 {
		return nil, "its parts allow no common type", unresolved
	}
	return m, "", unresolved
}

// conflictAcrossParts reports whether a part holds one of closers while
// another part holds one of members.
func conflictAcrossParts(parts []*Schema, closers, members []string) bool {
	for i, p := range parts {
		if !hasAny(p, closers) {
			continue
		}
		for j, q := range parts {
			if i != j && hasAny(q, members) {
				return true
			}
		}
	}
	return false
}

func hasAny(s *Schema, names []string) bool {
	for _, n := range names {
		if s.Keywords.Get(n) != nil {
			return true
		}
	}
	return false
}

var lowerBounds = map[string]bool{"minimum": true, "exclusiveMinimum": true, "minLength": true, "minItems": true, "minProperties": true, "minContains": true}
var upperBounds = map[string]bool{"maximum": true, "exclusiveMaximum": true, "maxLength": true, "maxItems": true, "maxProperties": true, "maxContains": true}

// UnresolvedPart begins the reason Merge gives when a part of the
// conjunction is a $ref that does not resolve (the reference follows in
// parentheses): what the conjunction requires is then partly unknown.
const UnresolvedPart = "a part's $ref does not resolve"

// maxPropertyMerges bounds how deep merging one property's two constraints
// may nest (a property whose parts each refer to themselves would not end).
const maxPropertyMerges = 8

// mergeKeyword returns the conjunction of one keyword written in two parts,
// or why it has none that one keyword can say.
func (r *Reducer) mergeKeyword(a, b *Keyword) (*Keyword, string) {
	name := a.Name
	switch {
	case lowerBounds[name] && a.Num != nil && b.Num != nil:
		if b.Num.Cmp(a.Num) > 0 {
			return b, ""
		}
		return a, ""
	case upperBounds[name] && a.Num != nil && b.Num != nil:
		if b.Num.Cmp(a.Num) < 0 {
			return b, ""
		}
		return a, ""
	case name == "type" || name == "enum":
		k := *a
		k.Set = intersect(a.Set, b.Set)
		return &k, ""
	case name == "required":
		k := *a
		k.Set = append([]string(nil), a.Set...)
		for _, x := range b.Set {
			k.Set = addToSet(k.Set, x)
		}
		return &k, ""
	case name == "properties" || name == "patternProperties" || name == "dependentRequired":
		k := *a
		k.Map = append([]*Entry(nil), a.Map...)
		for _, e := range b.Map {
			prev := k.Lookup(e.Name)
			switch {
			case prev == nil:
				k.Map = append(k.Map, e)
			case name == "dependentRequired":
				return nil, "two parts list dependencies of " + e.Name
			case sameSchema(prev.Schema, e.Schema) || e.Schema.Trivial():
			case prev.Schema.Trivial():
				for i := range k.Map {
					if k.Map[i] == prev {
						k.Map[i] = e
					}
				}
			default:
				// both parts constrain the member: its schema is the
				// conjunction of the two, when that merges exactly too
				// (STAC's asset and basics.json both give title
				// {type: string}, one with a title of its own)
				m := r.mergeMember(prev.Schema, e.Schema)
				if m == nil {
					return nil, "two parts constrain property " + e.Name
				}
				for i := range k.Map {
					if k.Map[i] == prev {
						k.Map[i] = &Entry{Name: prev.Name, Key: prev.Key, Schema: m, Keyword: prev.Keyword}
					}
				}
			}
		}
		return &k, ""
	case a.Value != nil && b.Value != nil && Canonical(a.Value) == Canonical(b.Value):
		return a, ""
	}
	return nil, "two parts set " + a.Source
}

// mergeMember returns the conjunction of two schemas one member of a
// properties or patternProperties map has in two allOf parts, flattened and
// located where the first is, or nil when it does not merge exactly.
func (r *Reducer) mergeMember(a, b *Schema) *Schema {
	if r.memberMerges >= maxPropertyMerges {
		return nil
	}
	r.memberMerges++
	defer func() { r.memberMerges-- }()
	m, why := r.merge(allOfAt(a, a, b))
	if why != "" || m == nil {
		return nil
	}
	m.Annotations = a.Annotations
	return m
}

// allOfAt returns the conjunction of parts as a schema holding only an allOf
// of them, located at at: what merge flattens.
func allOfAt(at *Schema, parts ...*Schema) *Schema {
	return &Schema{Doc: at.Doc, Node: at.Node, ptr: at.Pointer(), hasPtr: true,
		Keywords: Keywords{{Name: "allOf", Source: "allOf", Owner: at, List: parts}}}
}

// sameSchema reports whether two projected schemas are the same schema, or
// name the same one.
func sameSchema(a, b *Schema) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Node == nil || b.Node == nil {
		return false
	}
	if a.Ref != nil && b.Ref != nil && len(a.Keywords) == 0 && len(b.Keywords) == 0 {
		return a.Ref.Target.Doc != nil && a.Ref.Target.Doc == b.Ref.Target.Doc && a.Ref.Target.Pointer == b.Ref.Target.Pointer
	}
	return a.Doc == b.Doc && Canonical(a.Node) == Canonical(b.Node)
}

// Distribute returns the branches of s's union keyword (anyOf or oneOf) each
// merged with s's other keywords — s ≡ union of (siblings ∧ branch) — when
// every merge is exact; nil otherwise. A union with no siblings returns its
// branches as they are.
func (r *Reducer) Distribute(s *Schema, union string) []*Schema {
	if out, ok := r.distributed[s]; ok {
		return out
	}
	out := r.distribute(s, union)
	if r.distributed == nil {
		r.distributed = map[*Schema][]*Schema{}
	}
	r.distributed[s] = out
	return out
}

func (r *Reducer) distribute(s *Schema, union string) []*Schema {
	kw := s.Keywords.Get(union)
	if kw == nil {
		return nil
	}
	if s.Ref == nil && len(s.Keywords) == 1 {
		return kw.List
	}
	if s.Ref != nil || s.Keywords.Get("allOf") != nil {
		return nil
	}
	siblings := clone(s)
	siblings.Keywords.Delete(union)
	out := make([]*Schema, 0, len(kw.List))
	for _, b := range kw.List {
		m, why := r.merge(allOfAt(s, siblings, b))
		if why != "" {
			return nil
		}
		out = append(out, m)
	}
	return out
}

// Flatten returns the branches of a union keyword (anyOf or oneOf) with the
// branches that are themselves only a union — inline or through a $ref —
// replaced by their own branches, when that keeps the meaning: an anyOf
// inside anything flattens, a oneOf only when its branches are pairwise
// disjoint; and the flattened list of a oneOf must be pairwise disjoint too.
// keep(i) reports whether branch i is to stay as it is (it has a counterpart
// already). It returns the branches and, for each, the index of the written
// branch it came from; ok is false when nothing was flattened.
func (r *Reducer) Flatten(kw *Keyword, keep func(i int) bool) (branches []*Schema, from []int, ok bool) {
	for i, b := range kw.List {
		if keep(i) {
			branches, from = append(branches, b), append(from, i)
			continue
		}
		leaves := r.leaves(b, 0)
		if len(leaves) > 1 {
			ok = true
		}
		for _, l := range leaves {
			branches, from = append(branches, l), append(from, i)
		}
	}
	if !ok || kw.Name == "oneOf" && !r.pairwiseDisjoint(branches) {
		return nil, nil, false
	}
	return branches, from, true
}

// leaves returns the branches b stands for: b's own union's branches
// (recursively) when b is only an anyOf, or only a oneOf of disjoint branches;
// b alone otherwise.
func (r *Reducer) leaves(b *Schema, depth int) []*Schema {
	t := r.Resolved(b)
	if t == nil || depth > 8 || t.Ref != nil || len(t.Keywords) != 1 {
		return []*Schema{b}
	}
	kw := t.Keywords.Get("anyOf")
	if kw == nil {
		kw = t.Keywords.Get("oneOf")
		if kw == nil || !r.pairwiseDisjoint(kw.List) {
			return []*Schema{b}
		}
	}
	var out []*Schema
	for _, e := range kw.List {
		out = append(out, r.leaves(e, depth+1)...)
	}
	return out
}

func (r *Reducer) pairwiseDisjoint(list []*Schema) bool {
	if len(list) > 64 {
		return false
	}
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			if !r.Disjoint(list[i], list[j]) {
				return false
			}
		}
	}
	return true
}

// Disjoint reports whether no instance can satisfy both a and b, as far as
// can be told cheaply: their types do not meet (integer is a number), their
// enums share no value, or one property both require has enums that share no
// value while the types they both allow are only object (properties and
// required say nothing of a string or of null, so those would satisfy both).
// false means "not proven".
func (r *Reducer) Disjoint(a, b *Schema) bool {
	a, b = r.Resolved(a), r.Resolved(b)
	if a == nil || b == nil {
		return false
	}
	if a.False || b.False {
		return true
	}
	if ta, tb := a.Keywords.Get("type"), b.Keywords.Get("type"); ta != nil && tb != nil && !TypesMeet(ta.Set, tb.Set) {
		return true
	}
	if ea, eb := a.Keywords.Get("enum"), b.Keywords.Get("enum"); ea != nil && eb != nil && len(intersect(ea.Set, eb.Set)) == 0 {
		return true
	}
	pa, pb := a.Keywords.Get("properties"), b.Keywords.Get("properties")
	ra, rb := a.Keywords.Get("required"), b.Keywords.Get("required")
	if pa == nil || pb == nil || ra == nil || rb == nil || !onlyObjectsMeet(a, b) {
		return false
	}
	for _, name := range intersect(ra.Set, rb.Set) {
		ea, eb := pa.Lookup(name), pb.Lookup(name)
		if ea == nil || eb == nil {
			continue
		}
		va, vb := r.Resolved(ea.Schema), r.Resolved(eb.Schema)
		if va == nil || vb == nil {
			continue
		}
		if xa, xb := va.Keywords.Get("enum"), vb.Keywords.Get("enum"); xa != nil && xb != nil && len(intersect(xa.Set, xb.Set)) == 0 {
			return true
		}
	}
	return false
}

// onlyObjectsMeet reports whether every value both a and b let through by
// type is an object: one of them allows objects only, or every type of one
// that meets a type of the other is object.
func onlyObjectsMeet(a, b *Schema) bool {
	ta, tb := a.Keywords.Get("type"), b.Keywords.Get("type")
	switch {
	case ta == nil && tb == nil:
		return false
	case ta == nil:
		return slices.Equal(tb.Set, []string{"object"})
	case tb == nil:
		return slices.Equal(ta.Set, []string{"object"})
	}
	for _, x := range ta.Set {
		if x != "object" && TypesMeet([]string{x}, tb.Set) {
			return false
		}
	}
	return true
}

// OfType reports whether a value, written as Canonical writes it, is of one
// of the JSON types in set. A number is an integer only when written as one
// (Canonical writes an integral number of up to 40 digits without a point or
// exponent; a longer one is not known to be one).
func OfType(set []string, canonical string) bool {
	var kind string
	switch v := canonical; {
	case v == "":
		return false
	case v == "null":
		kind = "null"
	case v == "true" || v == "false":
		kind = "boolean"
	case v[0] == '"':
		kind = "string"
	case v[0] == '{':
		kind = "object"
	case v[0] == '[':
		kind = "array"
	default:
		if slices.Contains(set, "number") {
			return true
		}
		return slices.Contains(set, "integer") && strings.TrimLeft(strings.TrimPrefix(v, "-"), "0123456789") == ""
	}
	return slices.Contains(set, kind)
}

// TypesMeet reports whether some JSON value is of a type in a and of one in
// b (an integer is a number).
func TypesMeet(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y || x == "integer" && y == "number" || x == "number" && y == "integer" {
				return true
			}
		}
	}
	return false
}
