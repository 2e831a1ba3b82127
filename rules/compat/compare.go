package compat

import (
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Side says who reads a schema position: the server (a request body or
// parameter: it consumes), its clients (a response: the server produces), or
// both. A change is judged against each side the position is used on.
type Side uint8

// Sides of a schema position.
const (
	// Consumed positions are read by the server: narrowing them breaks
	// clients that send what used to be valid.
	Consumed Side = 1 << iota
	// Produced positions are written by the server: widening them breaks
	// clients that read them.
	Produced
	// Both is a position used either way (an event or message contract).
	Both = Consumed | Produced
)

// String names the sides as they appear in messages.
func (s Side) String() string {
	switch s {
	case Consumed:
		return "request"
	case Produced:
		return "response"
	case Both:
		return "request and response"
	}
	return "unused"
}

// change is one difference found between base and head at one keyword.
type change struct {
	// keyword is the keyword as named in messages (normalised spelling).
	keyword string
	effect  Effect
	sides   Side
	// base and head are the schema objects the keyword sits in (or lacks).
	base, head *reduce.Schema
	// baseKeyword and headKeyword are nil where the keyword is absent.
	baseKeyword, headKeyword *reduce.Keyword
	// baseValue and headValue render the two values ("absent" for none).
	baseValue, headValue string
	// renderKeywords says baseValue and headValue are the rendering of
	// baseKeyword and headKeyword, made when the change is kept (most
	// keyword pairs compared change nothing).
	renderKeywords bool
	// root is the definition or operation position compared.
	root *root
	// path is the instance path from the root's instance, when pathKnown.
	path      []string
	pathKnown bool
	// candidates proposes instance values at path that the accepting side
	// (base when acceptBase) should accept and the other reject.
	candidates func(w *witnessBuilder, acceptBase bool) []any
	// undeclared marks a property declared on one side only, of an object
	// whose additionalProperties is absent on the other: only clients that
	// sent or read undocumented properties notice, so it is a changelog line.
	undeclared bool
	// dropped marks a property base declares, constraining its value, and
	// head (open) no longer declares on a side clients read: they relied on
	// the documented property, so it widens when a payload that differs
	// from one head accepts only in that property's value proves it, and is
	// a changelog line naming the gap otherwise.
	dropped bool
	// summary replaces "from base to head" in messages when both values are
	// long sets ("adds "konbini"; removes "fpx"").
	summary string
	// separators are, for a pattern change, the shortest string only base
	// accepts and the shortest only head accepts (where there is one).
	separators [2]separator
	// gap names what wirelint could not read to judge the change (a $ref
	// it cannot follow); "" when it read everything.
	gap string
	// branches are the union branches the change sits in, outermost
	// first: a payload built from the root alone can take another branch
	// and never meet the changed keyword.
	branches []branchStep
}

// branchStep is one anyOf/oneOf branch pair a comparison went into: the
// union sits at the first at tokens of the change's instance path.
type branchStep struct {
	at         int
	base, head *reduce.Schema
}

// setSummary describes the members one set adds and removes, when both
// are present and long enough that the whole sets would drown the change.
func setSummary(b, h *reduce.Keyword) string {
	if b == nil || h == nil || len(b.Set)+len(h.Set) <= 6 {
		return ""
	}
	var parts []string
	if added := minus(h.Set, b.Set); len(added) > 0 {
		parts = append(parts, "adds "+strings.Join(added, ", "))
	}
	if removed := minus(b.Set, h.Set); len(removed) > 0 {
		parts = append(parts, "removes "+strings.Join(removed, ", "))
	}
	return strings.Join(parts, " and ")
}

// minus lists the members of sorted set a not in sorted set b.
func minus(a, b []string) []string {
	var out []string
	for _, v := range a {
		if i := sort.SearchStrings(b, v); i >= len(b) || b[i] != v {
			out = append(out, v)
		}
	}
	return out
}

// root is one schema position compared as a whole: a definition, or a
// schema written inline in an operation.
type root struct {
	// definition is the definition's name, "" for an inline position.
	definition string
	// label names an inline position in messages (GET /pets 200 body).
	label      string
	base, head *reduce.Schema
	sides      Side
	// used marks a definition some operation reaches (its sides are the
	// operations'): its payloads are re-validated where they use it.
	used bool
}

// name is the definition's name, or the inline position's label.
func (r *root) name() string {
	if r.definition != "" {
		return r.definition
	}
	return r.label
}

// context is what a comparison inherits from where it happens.
type context struct {
	root  *root
	sides Side
	// flip is set under an odd number of not keywords.
	flip bool
	// baseBlind and headBlind are set under a keyword that judges one JSON
	// type (properties, items...) where base (or head) refuses every
	// instance of that type: no instance it accepts reaches the keyword, so
	// a narrowing there refuses nothing base accepted (and a widening
	// admits nothing into head). A not clears them.
	baseBlind, headBlind bool
	// condition is set inside if: every effect is incomparable.
	condition bool
	path      []string
	known     bool // path is a real instance path
	// via is the keyword holding the schema compared ("" at a root), which
	// names a change of the schema as a whole (true becoming false).
	via string
	// branches are the union branches entered on the way (see change).
	branches []branchStep
}

func (x context) at(tokens ...string) context {
	p := make([]string, len(x.path), len(x.path)+len(tokens))
	copy(p, x.path)
	x.path = append(p, tokens...)
	return x
}

func (x context) unknownPath() context { x.known = false; return x }

// inBranch is x inside the branch pair base, head of an anyOf or oneOf at
// x's path (an allOf's parts all apply: no step).
func (x context) inBranch(union string, base, head *reduce.Schema) context {
	if union == "allOf" || !x.known {
		return x
	}
	steps := make([]branchStep, len(x.branches), len(x.branches)+1)
	copy(steps, x.branches)
	x.branches = append(steps, branchStep{at: len(x.path), base: base, head: head})
	return x
}

// comparer walks base and head schemas in step and collects changes.
type comparer struct {
	baseReducer, headReducer *reduce.Reducer
	changes                  []*change
	seen                     map[pairKey]bool
	// roots holds the two documents compared, whose definitions are
	// compared on their own; definitions in other files are compared where
	// they are referenced.
	roots map[*reduce.Document]bool
	// paired maps the absolute path of every other file the run compares
	// on its own, in either revision, to the key both revisions share.
	paired map[string]string
	canon  map[*reduce.Node]string
	// origin names the definition a merged view stands for (see stands).
	origin map[*reduce.Schema]string
	// shared remembers which nodes both revisions share unchanged
	// (unchanged).
	shared map[sharedKey]bool
}

type pairKey struct {
	base, head           *reduce.Node
	sides                Side
	flip, cond           bool
	baseBlind, headBlind bool
}

func newComparer(baseReducer, headReducer *reduce.Reducer) *comparer {
	return &comparer{baseReducer: baseReducer, headReducer: headReducer, seen: map[pairKey]bool{}, roots: map[*reduce.Document]bool{}, canon: map[*reduce.Node]string{},
		origin: map[*reduce.Schema]string{},
		shared: map[sharedKey]bool{}}
}

// add records a change with the effect seen through the context.
func (c *comparer) add(x context, ch *change, effect Effect) {
	if effect == None {
		return
	}
	if ch.renderKeywords {
		ch.baseValue, ch.headValue = render(ch.baseKeyword), render(ch.headKeyword)
	}
	switch {
	case x.baseBlind && x.headBlind,
		x.baseBlind && effect == Narrows, x.headBlind && effect == Widens:
		return
	case x.baseBlind && effect == Incomparable:
		effect = Widens
	case x.headBlind && effect == Incomparable:
		effect = Narrows
	}
	if x.flip {
		effect = effect.Converse()
	}
	if x.condition && effect != Unknown {
		effect = Incomparable
	}
	if ch.candidates == nil {
		withCandidates(ch, ownerCandidates)
	}
	ch.effect, ch.sides, ch.root = effect, x.sides, x.root
	ch.path, ch.pathKnown = x.path, x.known
	ch.branches = x.branches
	c.changes = append(c.changes, ch)
}

// standalone returns a key naming the definition a reference reaches when
// that definition is compared on its own (a definition of the two documents
// compared, or of another pair of files the run compares, or such a file's
// root), the same key in both revisions; "" otherwise.
func (c *comparer) standalone(r *reduce.Ref) string {
	t := r.Target
	if t.Doc == nil {
		return ""
	}
	file := c.paired[t.Doc.Abs]
	if c.roots[t.Doc] {
		file = "\x00compared"
	}
	if file == "" {
		return ""
	}
	if d := t.Definition(); d != nil {
		return file + "#" + d.Name
	}
	if t.Pointer == "" && t.Doc.RootDefinition() != nil {
		return file + "#"
	}
	return ""
}

// definitionName is the name of the definition a reference reaches, or "".
func definitionName(r *reduce.Ref) string {
	if r == nil {
		return ""
	}
	if d := r.Target.Definition(); d != nil {
		return d.Name
	}
	return ""
}

// schema compares a base schema with a head schema.
func (c *comparer) schema(base, head *reduce.Schema, x context) {
	if base == nil || head == nil {
		return
	}
	key := pairKey{base.Node, head.Node, x.sides, x.flip, x.condition, x.baseBlind, x.headBlind}
	if base.Node != nil && head.Node != nil {
		if c.seen[key] {
			return
		}
		c.seen[key] = true
		if base.Node == head.Node && c.unchanged(base.Doc, head.Doc, base.Node) {
			return // a schema of a file neither revision changed, nor what it reaches
		}
	}
	base, head = c.views(base, head)
	if c.lifted(base, head, x) {
		return
	}
	if base.Ref != nil || head.Ref != nil {
		if c.references(base, head, x) {
			return
		}
	}
	if base.False || head.False {
		name := x.via
		if name == "" {
			name = "schema"
		}
		switch {
		case base.False && !head.False:
			c.add(x, withCandidates(&change{keyword: name, base: base, head: head, baseValue: "false", headValue: "a schema"}, ownerCandidates), Widens)
		case head.False && !base.False:
			c.add(x, withCandidates(&change{keyword: name, base: base, head: head, baseValue: "a schema", headValue: "false"}, ownerCandidates), Narrows)
		}
		return
	}
	c.keywords(base, head, x)
}

// views rewrites a pair into the shapes parity compares (reduce's
// normalisation, shared with parity): a one-branch union is its branch; a
// union of X and null (or 3.0 nullable beside an allOf $ref) against a side
// without that union is X made nullable; an allOf (or a $ref with keywords
// beside it) against a flat schema is its parts merged, when the merge is
// exact. Each view accepts what the written schema does, so a refactor
// between these spellings changes nothing.
func (c *comparer) views(base, head *reduce.Schema) (*reduce.Schema, *reduce.Schema) {
	if b, _ := reduce.Simplify(base); b != nil {
		base = b
	}
	if h, _ := reduce.Simplify(head); h != nil {
		head = h
	}
	rb, rh := c.baseReducer.Resolved(base), c.headReducer.Resolved(head)
	if rb == nil || rh == nil {
		return base, head
	}
	// a bare $ref against a conjunction is compared where it lands when
	// that is a conjunction too: {allOf: [X], required: [...]} moved into a
	// file the response now names compares with what it was, not as a
	// $ref that lost its siblings
	switch {
	case isBareRef(head) && reduce.Mergeable(base) && reduce.Mergeable(rh):
		head = rh
	case isBareRef(base) && reduce.Mergeable(head) && reduce.Mergeable(rb):
		base = rb
	}
	if v := nullableView(c.baseReducer, base, rh); v != nil {
		base = v
	}
	if v := nullableView(c.headReducer, head, rb); v != nil {
		head = v
	}
	switch {
	case reduce.Mergeable(base) && reduce.Mergeable(head) && !sameParts(base, head):
		// two conjunctions of different parts: compared by what they say
		mb, _ := c.baseReducer.Merge(base)
		mh, _ := c.headReducer.Merge(head)
		if mb != nil && mh != nil {
			base, head = c.merged(base, mb), c.merged(head, mh)
		}
	case reduce.Mergeable(base) && !reduce.Mergeable(head) && !reduce.Mergeable(rh):
		if m, _ := c.baseReducer.Merge(base); m != nil {
			base = c.merged(base, m)
		}
	case reduce.Mergeable(head) && !reduce.Mergeable(base) && !reduce.Mergeable(rb):
		if m, _ := c.headReducer.Merge(head); m != nil {
			head = c.merged(head, m)
		}
	}
	return base, head
}

// merged returns m, the merge of s, remembering the definition s stands
// for: a merged view has no $ref, and a union's branches are paired by the
// definitions they stand for.
func (c *comparer) merged(s, m *reduce.Schema) *reduce.Schema {
	if n := c.stands(s); n != "" {
		c.origin[m] = n
	}
	return m
}

// stands returns the definition a schema stands for: the one its $ref
// names (reduce reads allOf: [{$ref: File}, {description: …}] as one), the
// one a merged view was made from ({$ref: File, required: […]} merged), or
// the one whose schema it is (a $ref followed, a definition's own allOf
// merged: Box's File is allOf: [{$ref: FileBase}, {…}]); "" for none.
func (c *comparer) stands(s *reduce.Schema) string {
	if n := definitionName(s.Ref); n != "" {
		return n
	}
	if n, ok := c.origin[s]; ok {
		return n
	}
	if s.Doc != nil {
		// a definition followed (and merged) where a branch named it
		if d := s.Doc.DefinitionAt(s.Pointer()); d != nil {
			return d.Name
		}
	}
	return ""
}

// isBareRef reports whether s is a $ref with no keyword beside it.
func isBareRef(s *reduce.Schema) bool { return s.Ref != nil && len(s.Keywords) == 0 }

// sameParts reports whether two conjunctions have parts that pair one to
// one: as many allOf parts, the same definitions named by their $refs, and
// the same $ref beside them. Their parts are then compared part by part.
func sameParts(base, head *reduce.Schema) bool {
	names := func(s *reduce.Schema) []string {
		var out []string
		if s.Ref != nil {
			out = append(out, "$ref "+definitionName(s.Ref))
		}
		if a := s.Keywords.Get("allOf"); a != nil {
			for _, p := range a.List {
				out = append(out, definitionName(p.Ref))
			}
		}
		sort.Strings(out)
		return out
	}
	return slices.Equal(names(base), names(head))
}

// nullableView returns s as X made nullable when s is a union of X and null
// and other (references followed) is not the same kind of union; nil
// otherwise.
func nullableView(r *reduce.Reducer, s, other *reduce.Schema) *reduce.Schema {
	switch {
	case s.Keywords.Get("anyOf") != nil && other.Keywords.Get("anyOf") == nil && other.Keywords.Get("oneOf") == nil,
		s.Keywords.Get("oneOf") != nil && other.Keywords.Get("oneOf") == nil && other.Keywords.Get("anyOf") == nil,
		s.Nullable != nil && s.Ref != nil && other.Nullable == nil:
		return r.NullableView(s)
	}
	return nil
}

// impliedType reports whether s's type is implied by its union or
// conjunction: every anyOf/oneOf branch, or one allOf part, allows only
// types s's type allows (type: object beside a oneOf of objects says
// nothing more).
func impliedType(r *reduce.Reducer, s *reduce.Schema) bool {
	t := s.Keywords.Get("type")
	if t == nil || s.Ref != nil {
		return false
	}
	within := func(b *reduce.Schema) bool {
		b = r.Resolved(b)
		if b == nil {
			return false
		}
		if b.False {
			return true
		}
		bt := b.Keywords.Get("type")
		return bt != nil && subset("type", bt.Set, t.Set)
	}
	for _, name := range []string{"anyOf", "oneOf"} {
		if u := s.Keywords.Get(name); u != nil && len(u.List) > 0 {
			all := true
			for _, b := range u.List {
				all = all && within(b)
			}
			if all {
				return true
			}
		}
	}
	if a := s.Keywords.Get("allOf"); a != nil {
		for _, b := range a.List {
			if within(b) {
				return true
			}
		}
	}
	return false
}

// references handles schemas with a $ref on either side. Two references to
// the same definition are not followed (the definition is compared on its
// own); otherwise the reference is followed, so moving an inline schema into
// a definition, or renaming one, changes nothing. It reports whether the
// keywords beside the references are done.
func (c *comparer) references(base, head *reduce.Schema, x context) bool {
	if base.Ref != nil && head.Ref != nil {
		if bk := c.standalone(base.Ref); bk != "" && bk == c.standalone(head.Ref) {
			return false // compared as a definition of its own; siblings (3.1) still compare
		}
	}
	if base.Ref != nil && head.Ref != nil && base.Ref.Raw == head.Ref.Raw && c.baseReducer.Target(base.Ref) == nil && c.headReducer.Target(head.Ref) == nil {
		return false // the same reference neither revision can follow: unchanged
	}
	bt, ht := base, head
	if base.Ref != nil {
		if bt = c.baseReducer.Target(base.Ref); bt == nil {
			return c.unresolved(base, head, x, base.Ref)
		}
	}
	if head.Ref != nil {
		if ht = c.headReducer.Target(head.Ref); ht == nil {
			return c.unresolved(base, head, x, head.Ref)
		}
	}
	c.schema(bt, ht, x)
	if base.Ref != nil && head.Ref != nil {
		return false
	}
	// one side inline: its keywords were compared with the target's
	return true
}

func (c *comparer) unresolved(base, head *reduce.Schema, x context, r *reduce.Ref) bool {
	reducer, s := c.headReducer, head
	if r == base.Ref {
		reducer, s = c.baseReducer, base
	}
	gap := "the schema it names is not read"
	if _, err := reducer.Resolve(s.Doc, r.Raw); err != nil {
		gap = err.Error()
	}
	c.add(x, &change{keyword: "$ref", base: base, head: head, baseValue: refText(base.Ref), headValue: refText(head.Ref),
		gap: gap + ", so what it accepts is not known"}, Unknown)
	return true
}

func refText(r *reduce.Ref) string {
	if r == nil {
		return "absent"
	}
	return r.Raw
}

// keywords compares every constraining keyword either side has.
func (c *comparer) keywords(base, head *reduce.Schema, x context) {
	bk, hk := unionView(base), unionView(head)
	names := map[string]bool{}
	for n := range bk {
		names[n] = true
	}
	for n := range hk {
		names[n] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	c.exclusivity(base, head, x)
	bounds := false
	for _, name := range sorted {
		b, h := bk[name], hk[name]
		if vacuous(name, bk, hk) {
			continue
		}
		switch name {
		case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum":
			if !bounds {
				bounds = true
				c.numericBounds(base, head, x)
			}
			continue
		}
		kind, ok := KindOf(name)
		if !ok {
			continue
		}
		ch := &change{keyword: name, base: base, head: head, baseKeyword: b, headKeyword: h, renderKeywords: true}
		switch kind {
		case KindUpper, KindLower:
			c.add(x, withCandidates(ch, boundCandidates), boundEffect(kind, b, h))
		case KindMultiple:
			c.add(x, withCandidates(ch, multipleCandidates), multipleEffect(b, h))
		case KindAllowed:
			if name == "type" {
				// a type the union beside it implies constrains nothing
				if b != nil && impliedType(c.baseReducer, base) {
					b = nil
				}
				if h != nil && impliedType(c.headReducer, head) {
					h = nil
				}
				ch.baseKeyword, ch.headKeyword = b, h
			}
			ch.summary = setSummary(b, h)
			c.add(x, withCandidates(ch, allowedCandidates), allowedEffect(name, b, h))
		case KindRequired:
			c.required(name, base, head, b, h, x)
		case KindFlag:
			if (b != nil && b.Bool) != (h != nil && h.Bool) {
				c.add(x, withCandidates(ch, duplicateCandidates), pick(h != nil && h.Bool, Narrows, Widens))
			}
		case KindOpaque:
			c.add(x, withCandidates(ch, opaqueCandidates), presence(b, h, func() Effect {
				if b.Text == h.Text {
					return None
				}
				if name != "pattern" {
					return Incomparable
				}
				// the languages decide: sha256 → sha256|sha512 widens
				effect, onlyBase, onlyHead, _ := patternLanguages(b.Text, h.Text)
				ch.separators = [2]separator{onlyBase, onlyHead}
				return effect
			}))
		case KindAssertion:
			if c.text(b) != c.text(h) && !(name == "format" && (integerFormatsHold(base, head, b, h) || formatsOutOfType(base, head, b, h))) {
				c.add(x, ch, Unknown)
			}
		case KindAll:
			c.branches(name, base, head, b, h, x, Narrows)
		case KindAny:
			c.branches(name, base, head, b, h, x, Widens)
		case KindNot:
			c.sub(ch, b, h, x, func(bs, hs *reduce.Schema) {
				y := x
				y.flip, y.via = !y.flip, "not"
				y.baseBlind, y.headBlind = false, false
				c.schema(bs, hs, y)
			})
		case KindCondition:
			if c.text(b) != c.text(h) {
				c.add(x, ch, Incomparable)
			}
		case KindSub:
			c.subschema(name, base, head, b, h, x)
		case KindProperties:
			c.properties(name, base, head, b, h, x)
		case KindTuple:
			c.tuple(base, head, b, h, x)
		case KindReference:
			if c.text(b) != c.text(h) {
				c.add(x, ch, Unknown)
			}
		}
	}
}

// exclusivity compares what a union asks of the branches a value matches:
// anyOf becoming oneOf refuses a value two branches accept (narrows),
// oneOf becoming anyOf admits it (widens). Branches that provably accept
// no value in common (a discriminator's values, types apart) change
// nothing; otherwise a value matching two branches is the witness, and
// without one the change is unproven, not silent.
func (c *comparer) exclusivity(base, head *reduce.Schema, x context) {
	ba, bo := base.Keywords.Get("anyOf"), base.Keywords.Get("oneOf")
	ha, ho := head.Keywords.Get("anyOf"), head.Keywords.Get("oneOf")
	var ch *change // built only for the pairs that switch (most do not)
	var effect Effect
	var one, anyKw *reduce.Keyword
	var r, other *reduce.Reducer
	switch {
	case ba != nil && bo == nil && ho != nil && ha == nil:
		effect, one, anyKw, r, other = Narrows, ho, ba, c.headReducer, c.baseReducer
		ch = &change{keyword: "oneOf", base: base, head: head, baseKeyword: ba, headKeyword: ho, baseValue: "anyOf", headValue: "oneOf"}
	case bo != nil && ba == nil && ha != nil && ho == nil:
		effect, one, anyKw, r, other = Widens, bo, ha, c.baseReducer, c.headReducer
		ch = &change{keyword: "oneOf", base: base, head: head, baseKeyword: bo, headKeyword: ha, baseValue: "oneOf", headValue: "anyOf"}
	default:
		return
	}
	if len(one.List) < 2 || c.disjointBranches(r, one.List) {
		return
	}
	ch.candidates = func(w *witnessBuilder, _ bool) []any {
		var out []any
		for _, b := range one.List {
			out = append(out, w.sample(b, r, 1))
		}
		for _, b := range anyKw.List {
			out = append(out, w.sample(b, other, 1))
		}
		// a value that is no object passes properties and required: null
		// matches two nullable branches a discriminator keeps apart
		return append(out, everyTypeSample()...)
	}
	c.add(x, ch, effect)
}

// disjointBranches reports whether no two branches can accept one value,
// as reduce's Disjoint tells it of each pair once merged: no type in
// common, values listed apart, or a property both require whose values
// are listed apart.
func (c *comparer) disjointBranches(r *reduce.Reducer, list []*reduce.Schema) bool {
	flat := make([]*reduce.Schema, len(list))
	for i, b := range list {
		b = r.Resolved(b)
		if b != nil && reduce.Mergeable(b) {
			if m, _ := r.Merge(b); m != nil {
				b = m
			}
		}
		if b == nil {
			return false
		}
		flat[i] = b
	}
	for i := range flat {
		for j := i + 1; j < len(flat); j++ {
			if !r.Disjoint(flat[i], flat[j]) {
				return false
			}
		}
	}
	return true
}

// unionView returns a schema's keywords with oneOf read as anyOf (what the
// switch itself changes is exclusivity's), so branches pair across the two.
func unionView(s *reduce.Schema) map[string]*reduce.Keyword {
	rename := s.Keywords.Get("oneOf") != nil && s.Keywords.Get("anyOf") == nil
	out := make(map[string]*reduce.Keyword, len(s.Keywords))
	for _, v := range s.Keywords {
		k := v.Name
		if rename && k == "oneOf" {
			k = "anyOf"
		}
		out[k] = v
	}
	return out
}

func withCandidates(ch *change, f func(ch *change, w *witnessBuilder, acceptBase bool) []any) *change {
	ch.candidates = func(w *witnessBuilder, acceptBase bool) []any { return f(ch, w, acceptBase) }
	return ch
}

func pick(cond bool, yes, no Effect) Effect {
	if cond {
		return yes
	}
	return no
}

// presence gives the effect of a keyword added (narrows) or removed (widens),
// and otherwise what both decides.
func presence(b, h *reduce.Keyword, both func() Effect) Effect {
	switch {
	case b == nil && h == nil:
		return None
	case b == nil:
		return Narrows
	case h == nil:
		return Widens
	}
	return both()
}

// render shows a keyword's value compactly for messages.
func render(k *reduce.Keyword) string {
	if k == nil {
		return "absent"
	}
	switch {
	case k.Num != nil:
		return ratString(k.Num)
	case len(k.Set) > 12:
		// a long set: its first members and its size
		return "[" + strings.Join(k.Set[:6], ", ") + ", … (" + strconv.Itoa(len(k.Set)) + " values)]"
	case k.Set != nil:
		return "[" + strings.Join(k.Set, ", ") + "]"
	}
	if k.Value != nil {
		return reduce.Short(k.Value, 60)
	}
	return k.Name
}

// ratString renders r exactly (1e+400 stays 1e+400, never +Inf or 0).
func ratString(r *big.Rat) string { return reduce.FormatNumber(r) }

// boundEffect applies the law to an upper or lower bound.
func boundEffect(kind Kind, b, h *reduce.Keyword) Effect {
	return presence(b, h, func() Effect {
		cmp := h.Num.Cmp(b.Num)
		if kind == KindLower {
			cmp = -cmp
		}
		switch {
		case cmp < 0:
			return Narrows
		case cmp > 0:
			return Widens
		}
		return None
	})
}

// bound is a numeric limit: its value and whether it is exclusive.
type bound struct {
	keyword   *reduce.Keyword
	exclusive bool
}

// effectiveBound returns the tighter of a schema's inclusive and exclusive
// bound on one side (upper or lower).
func effectiveBound(s *reduce.Schema, upper bool) *bound {
	inc, exc := s.Keywords.Get("minimum"), s.Keywords.Get("exclusiveMinimum")
	if upper {
		inc, exc = s.Keywords.Get("maximum"), s.Keywords.Get("exclusiveMaximum")
	}
	switch {
	case inc == nil && exc == nil:
		return nil
	case inc == nil || inc.Num == nil:
		return &bound{exc, true}
	case exc == nil || exc.Num == nil:
		return &bound{inc, false}
	}
	cmp := exc.Num.Cmp(inc.Num)
	if !upper {
		cmp = -cmp
	}
	if cmp <= 0 {
		return &bound{exc, true}
	}
	return &bound{inc, false}
}

// numericBounds compares minimum/exclusiveMinimum and maximum/
// exclusiveMaximum as one bound each, so maximum: 10 rewritten as
// exclusiveMaximum: 10 is one narrowing, not a removal and an addition.
func (c *comparer) numericBounds(base, head *reduce.Schema, x context) {
	for _, upper := range []bool{false, true} {
		b, h := effectiveBound(base, upper), effectiveBound(head, upper)
		var bk, hk *reduce.Keyword
		if b != nil {
			bk = b.keyword
		}
		if h != nil {
			hk = h.keyword
		}
		name := "minimum"
		if upper {
			name = "maximum"
		}
		ch := &change{keyword: name, base: base, head: head, baseKeyword: bk, headKeyword: hk, baseValue: boundText(b), headValue: boundText(h)}
		if bk != nil && hk != nil {
			ch.keyword = hk.Source
		} else if bk != nil {
			ch.keyword = bk.Source
		} else if hk != nil {
			ch.keyword = hk.Source
		}
		effect := presence(bk, hk, func() Effect {
			cmp := h.keyword.Num.Cmp(b.keyword.Num)
			if !upper {
				cmp = -cmp
			}
			if cmp == 0 && h.exclusive != b.exclusive {
				return pick(h.exclusive, Narrows, Widens)
			}
			return pick(cmp < 0, Narrows, pick(cmp > 0, Widens, None))
		})
		c.add(x, withCandidates(ch, boundCandidates), effect)
	}
}

func boundText(b *bound) string {
	switch {
	case b == nil:
		return "absent"
	case b.exclusive:
		return "exclusive " + render(b.keyword)
	}
	return render(b.keyword)
}

// multipleEffect applies the law to multipleOf.
func multipleEffect(b, h *reduce.Keyword) Effect {
	return presence(b, h, func() Effect {
		if b.Num.Sign() == 0 || h.Num.Sign() == 0 {
			return pick(b.Num.Cmp(h.Num) == 0, None, Incomparable)
		}
		if b.Num.Cmp(h.Num) == 0 {
			return None
		}
		if new(big.Rat).Quo(h.Num, b.Num).IsInt() {
			return Narrows
		}
		if new(big.Rat).Quo(b.Num, h.Num).IsInt() {
			return Widens
		}
		return Incomparable
	})
}

// allowedEffect applies the law to a set of allowed values. For type,
// integer is a part of number.
func allowedEffect(name string, b, h *reduce.Keyword) Effect {
	return presence(b, h, func() Effect {
		sub := subset(name, h.Set, b.Set)
		sup := subset(name, b.Set, h.Set)
		switch {
		case sub && sup:
			return None
		case sub:
			return Narrows
		case sup:
			return Widens
		}
		return Incomparable
	})
}

// subset reports whether every value allowed by set a is allowed by set b.
func subset(name string, a, b []string) bool {
	in := func(set []string, v string) bool {
		i := sort.SearchStrings(set, v)
		return i < len(set) && set[i] == v
	}
	for _, v := range a {
		if in(b, v) || (name == "type" && v == "integer" && in(b, "number")) {
			continue
		}
		return false
	}
	return true
}

// required compares required names one by one (a name added narrows, one
// removed widens), so a readOnly property's name does not count on the
// request side, nor a writeOnly one's on the response side. dependentRequired
// compares per entry.
func (c *comparer) required(name string, base, head *reduce.Schema, b, h *reduce.Keyword, x context) {
	if name == "dependentRequired" {
		var effect Effect
		entries := map[string]bool{}
		for _, k := range []*reduce.Keyword{b, h} {
			if k != nil {
				for _, e := range k.Map {
					entries[e.Name] = true
				}
			}
		}
		for n := range entries {
			var bs, hs []string
			if b != nil {
				if e := b.Lookup(n); e != nil {
					bs = e.Set
				}
			}
			if h != nil {
				if e := h.Lookup(n); e != nil {
					hs = e.Set
				}
			}
			effect = join(effect, pick(subset("", bs, hs), pick(subset("", hs, bs), None, Narrows), pick(subset("", hs, bs), Widens, Incomparable)))
		}
		c.add(x, &change{keyword: name, base: base, head: head, baseKeyword: b, headKeyword: h, baseValue: render(b), headValue: render(h)}, effect)
		return
	}
	var bs, hs []string
	if b != nil {
		bs = b.Set
	}
	if h != nil {
		hs = h.Set
	}
	diff := func(a, z []string) []string {
		var out []string
		for _, v := range a {
			if !subset("", []string{v}, z) {
				out = append(out, v)
			}
		}
		return out
	}
	for _, n := range diff(hs, bs) {
		y := x
		y.sides = propertySides(x.sides, base, head, n)
		ch := &change{keyword: "required", base: base, head: head, baseKeyword: b, headKeyword: h, baseValue: "optional " + strconv.Quote(n), headValue: "required " + strconv.Quote(n)}
		c.add(y, withCandidates(ch, requiredCandidates(n)), Narrows)
	}
	for _, n := range diff(bs, hs) {
		y := x
		y.sides = propertySides(x.sides, base, head, n)
		ch := &change{keyword: "required", base: base, head: head, baseKeyword: b, headKeyword: h, baseValue: "required " + strconv.Quote(n), headValue: "optional " + strconv.Quote(n)}
		c.add(y, withCandidates(ch, requiredCandidates(n)), Widens)
	}
}

// join combines the effects of two parts of one change.
func join(a, b Effect) Effect {
	switch {
	case a == None:
		return b
	case b == None || a == b:
		return a
	case a == Unknown || b == Unknown:
		return Unknown
	}
	return Incomparable
}

// propertySides removes the request side under a readOnly property and the
// response side under a writeOnly one (as either revision marks it).
func propertySides(sides Side, base, head *reduce.Schema, name string) Side {
	for _, s := range []*reduce.Schema{base, head} {
		if p := s.Keywords.Get("properties"); p != nil {
			if e := p.Lookup(name); e != nil {
				sides = markedSides(sides, e.Schema.Node)
			}
		}
	}
	return sides
}

// markedSides is sides without the request side under readOnly: true and
// without the response side under writeOnly: true (the first of each key
// counts, as reduce.Value reads it), read in one pass over the mapping: it
// runs on every schema object the operations reach.
func markedSides(sides Side, n *reduce.Node) Side {
	n = reduce.Deref(n)
	if n == nil || n.Kind != reduce.MappingNode {
		return sides
	}
	var readOnly, writeOnly bool
	for i := 0; i+1 < len(n.Content) && !(readOnly && writeOnly); i += 2 {
		var drop Side
		switch n.Content[i].Value {
		case "readOnly":
			if readOnly {
				continue
			}
			readOnly, drop = true, Consumed
		case "writeOnly":
			if writeOnly {
				continue
			}
			writeOnly, drop = true, Produced
		default:
			continue
		}
		if v, ok := reduce.Bool(reduce.Deref(n.Content[i+1])); ok && v {
			sides &^= drop
		}
	}
	return sides
}

// branches compares allOf (added: narrows) or anyOf/oneOf (added: widens)
// branch by branch: paired by the definition they stand for, then by equal
// content, then in order.
func (c *comparer) branches(name string, base, head *reduce.Schema, b, h *reduce.Keyword, x context, added Effect) {
	ch := &change{keyword: name, base: base, head: head, baseKeyword: b, headKeyword: h, baseValue: render(b), headValue: render(h)}
	if b == nil || h == nil {
		if b == nil && h == nil {
			return
		}
		c.add(x, withCandidates(ch, ownerCandidates), presence(b, h, nil))
		return
	}
	c.pairBranches(name, base, head, b, h, b.List, h.List, x, added)
}

// unionOnly returns the anyOf (or oneOf) keyword of a schema that is only a
// union: no reference and no other constraining keyword.
func unionOnly(s *reduce.Schema) *reduce.Keyword {
	if s.Ref != nil || s.False || len(s.Keywords) != 1 {
		return nil
	}
	return unionAnyOf(s)
}

// unionAnyOf is unionView(s)["anyOf"] without building the view: the anyOf
// keyword, else the oneOf one.
func unionAnyOf(s *reduce.Schema) *reduce.Keyword {
	if a := s.Keywords.Get("anyOf"); a != nil {
		return a
	}
	return s.Keywords.Get("oneOf")
}

// lifted compares a schema that became a union (or stopped being one) as
// a union of one branch: X → anyOf[X, Y] is the branch Y added, not a
// type removed. It reports whether it did.
func (c *comparer) lifted(base, head *reduce.Schema, x context) bool {
	if c.refToUnion(c.baseReducer, base) || c.refToUnion(c.headReducer, head) {
		return false // compared where the reference lands
	}
	bu, hu := unionOnly(base), unionOnly(head)
	if (bu == nil) == (hu == nil) {
		return false
	}
	if bu == nil && unionAnyOf(base) == nil {
		c.pairBranches("anyOf", base, head, nil, hu, []*reduce.Schema{base}, hu.List, x, Widens)
		return true
	}
	if hu == nil && unionAnyOf(head) == nil {
		c.pairBranches("anyOf", base, head, bu, nil, bu.List, []*reduce.Schema{head}, x, Widens)
		return true
	}
	return false
}

// refToUnion reports whether s is only a reference to a schema with a
// union: lifting it as one branch would hide the union's own branches.
func (c *comparer) refToUnion(r *reduce.Reducer, s *reduce.Schema) bool {
	if s.Ref == nil || len(s.Keywords) > 0 {
		return false
	}
	t := r.Resolved(s)
	return t != nil && (t.Keywords.Get("anyOf") != nil || t.Keywords.Get("oneOf") != nil)
}

func (c *comparer) pairBranches(name string, base, head *reduce.Schema, b, h *reduce.Keyword, bl, hl []*reduce.Schema, x context, added Effect) {
	x.via = name
	pairedHead := make([]bool, len(hl))
	var unpairedBase []int
	for i, bs := range bl {
		j := c.pairBranch(bs, hl, pairedHead)
		if j < 0 {
			unpairedBase = append(unpairedBase, i)
			continue
		}
		pairedHead[j] = true
		c.schema(bs, hl[j], x.inBranch(name, bs, hl[j]))
	}
	var unpairedHead []int
	for j := range hl {
		if !pairedHead[j] {
			unpairedHead = append(unpairedHead, j)
		}
	}
	// leftovers pair in order: a changed branch
	for len(unpairedBase) > 0 && len(unpairedHead) > 0 {
		c.schema(bl[unpairedBase[0]], hl[unpairedHead[0]], x.inBranch(name, bl[unpairedBase[0]], hl[unpairedHead[0]]))
		unpairedBase, unpairedHead = unpairedBase[1:], unpairedHead[1:]
	}
	for _, j := range unpairedHead {
		branch := hl[j]
		if c.pairBranch(branch, bl, make([]bool, len(bl))) >= 0 {
			continue // a repeat of a branch base has
		}
		c.add(x, &change{keyword: name, base: base, head: branch, baseKeyword: b, headKeyword: h, baseValue: "absent", headValue: "branch " + branchName(branch),
			candidates: branchCandidates(branch, base, false)}, added)
	}
	for _, i := range unpairedBase {
		branch := bl[i]
		if c.pairBranch(branch, hl, make([]bool, len(hl))) >= 0 {
			continue
		}
		c.add(x, &change{keyword: name, base: branch, head: head, baseKeyword: b, headKeyword: h, baseValue: "branch " + branchName(branch), headValue: "absent",
			candidates: branchCandidates(branch, head, true)}, added.Converse())
	}
}

func branchName(s *reduce.Schema) string {
	if n := definitionName(s.Ref); n != "" {
		return n
	}
	return reduce.Short(s.Node, 40)
}

// canonical returns the canonical JSON of a node compared as a branch,
// once per node: unions of large inline schemas are compared many times.
func (c *comparer) canonical(n *reduce.Node) string {
	if s, ok := c.canon[n]; ok {
		return s
	}
	s := reduce.Canonical(n)
	c.canon[n] = s
	return s
}

// text is what a keyword says, for keywords compared as a whole: its
// string, or the canonical JSON of its value.
func (c *comparer) text(k *reduce.Keyword) string {
	switch {
	case k == nil:
		return "\x00absent"
	case k.Value != nil && k.Value.Kind == reduce.ScalarNode:
		return k.Value.Value
	case k.Value != nil:
		return c.canonical(k.Value)
	}
	return k.Text
}

func (c *comparer) pairBranch(bs *reduce.Schema, hl []*reduce.Schema, taken []bool) int {
	if n := c.stands(bs); n != "" {
		for j, hs := range hl {
			if !taken[j] && c.stands(hs) == n {
				return j
			}
		}
	}
	canon := c.canonical(bs.Node)
	for j, hs := range hl {
		if !taken[j] && c.canonical(hs.Node) == canon {
			return j
		}
	}
	return -1
}

// sub compares a keyword holding one subschema that must be present on
// both sides to recurse: added narrows, removed widens.
func (c *comparer) sub(ch *change, b, h *reduce.Keyword, x context, both func(bs, hs *reduce.Schema)) {
	if b == nil || h == nil {
		c.add(x, ch, presence(b, h, nil))
		return
	}
	both(b.Schema, h.Schema)
}

// subschema compares a keyword holding a subschema; absent is {} (for
// contains, absent constrains nothing and present does).
func (c *comparer) subschema(name string, base, head *reduce.Schema, b, h *reduce.Keyword, x context) {
	x = blind(x, name, base, head)
	y := x
	switch name {
	case "additionalProperties", "unevaluatedProperties":
		y = x.at(extraProperty)
	case "items", "unevaluatedItems", "additionalItems":
		y = x.at(strconv.Itoa(max(tupleLength(base), tupleLength(head))))
	case "contains":
		y = x.at("0")
		if b == nil || h == nil {
			ch := &change{keyword: name, base: base, head: head, baseKeyword: b, headKeyword: h, baseValue: render(b), headValue: render(h)}
			c.add(x, ch, presence(b, h, nil))
			return
		}
	case "propertyNames":
		y = x.unknownPath()
	}
	y.via = name
	c.schema(keywordSchema(base, b), keywordSchema(head, h), y)
}

// blind marks the sides whose type refuses every instance keyword name
// judges (see context.baseBlind).
func blind(x context, name string, base, head *reduce.Schema) context {
	applies, ok := instanceType[name]
	if !ok {
		return x
	}
	refuses := func(s *reduce.Schema) bool {
		t := s.Keywords.Get("type")
		return t != nil && !subset("type", []string{applies}, t.Set) && !(applies == "number" && subset("type", []string{"integer"}, t.Set))
	}
	x.baseBlind = x.baseBlind || refuses(base)
	x.headBlind = x.headBlind || refuses(head)
	return x
}

// extraProperty is the property name a witness uses for a name no
// properties entry declares.
const extraProperty = "wirelint_extra"

func tupleLength(s *reduce.Schema) int {
	if k := s.Keywords.Get("prefixItems"); k != nil {
		return len(k.List)
	}
	return 0
}

// keywordSchema is the subschema a keyword holds, or {} standing at s when
// the keyword is absent.
func keywordSchema(s *reduce.Schema, k *reduce.Keyword) *reduce.Schema {
	if k == nil || k.Schema == nil {
		return reduce.EmptyAt(s)
	}
	return k.Schema
}

// governing returns the schema that applied to property name in s where s
// has no properties entry for it: additionalProperties, or {}.
func governing(s *reduce.Schema, name string) *reduce.Schema {
	return keywordSchema(s, s.Keywords.Get("additionalProperties"))
}

// properties compares each member with its counterpart, or with what
// governed that name on the other side.
func (c *comparer) properties(name string, base, head *reduce.Schema, b, h *reduce.Keyword, x context) {
	x = blind(x, name, base, head)
	members := map[string]bool{}
	var order []string
	for _, k := range []*reduce.Keyword{b, h} {
		if k == nil {
			continue
		}
		for _, e := range k.Map {
			if !members[e.Name] {
				members[e.Name] = true
				order = append(order, e.Name)
			}
		}
	}
	sort.Strings(order)
	for _, n := range order {
		var be, he *reduce.Entry
		if b != nil {
			be = b.Lookup(n)
		}
		if h != nil {
			he = h.Lookup(n)
		}
		y := x
		y.via = name
		switch name {
		case "properties":
			y = y.at(n)
		case "patternProperties":
			y = y.unknownPath()
		}
		bs, hs := entrySchema(be), entrySchema(he)
		if name == "properties" && (bs == nil && base.Keywords.Get("additionalProperties") == nil || hs == nil && head.Keywords.Get("additionalProperties") == nil) {
			ch := &change{keyword: "properties", base: base, head: head, baseKeyword: b, headKeyword: h, undeclared: true,
				baseValue: "undeclared " + strconv.Quote(n), headValue: "declared " + strconv.Quote(n), summary: "declares property " + strconv.Quote(n)}
			effect := Narrows
			if hs == nil {
				ch.baseValue, ch.headValue, effect = ch.headValue, ch.baseValue, Widens
				ch.summary = "no longer declares property " + strconv.Quote(n)
				if markedSides(y.sides, bs.Node)&Produced != 0 && constrains(c.baseReducer, bs) {
					ch.undeclared, ch.dropped = false, true
					ch.candidates = func(*witnessBuilder, bool) []any { return droppedCandidates() }
				}
			}
			c.add(y, ch, effect)
			continue
		}
		if name == "properties" {
			if bs == nil {
				bs = governing(base, n)
			}
			if hs == nil {
				hs = governing(head, n)
			}
			y.sides = markedSides(markedSides(y.sides, bs.Node), hs.Node)
		} else {
			if bs == nil {
				bs = reduce.EmptyAt(base)
			}
			if hs == nil {
				hs = reduce.EmptyAt(head)
			}
		}
		c.schema(bs, hs, y)
	}
}

// constrains reports whether s (its references followed) may refuse a
// value: false, a constraining keyword, or a reference not followed.
func constrains(r *reduce.Reducer, s *reduce.Schema) bool {
	t := r.Resolved(s)
	return t == nil || t.False || len(t.Keywords) > 0 || t.Ref != nil
}

func entrySchema(e *reduce.Entry) *reduce.Schema {
	if e == nil {
		return nil
	}
	return e.Schema
}

// tuple compares prefixItems position by position; a position one side
// lacks is governed there by items (or {}).
func (c *comparer) tuple(base, head *reduce.Schema, b, h *reduce.Keyword, x context) {
	x = blind(x, "prefixItems", base, head)
	var bl, hl []*reduce.Schema
	if b != nil {
		bl = b.List
	}
	if h != nil {
		hl = h.List
	}
	for i := 0; i < max(len(bl), len(hl)); i++ {
		var bs, hs *reduce.Schema
		if i < len(bl) {
			bs = bl[i]
		} else {
			bs = keywordSchema(base, base.Keywords.Get("items"))
		}
		if i < len(hl) {
			hs = hl[i]
		} else {
			hs = keywordSchema(head, head.Keywords.Get("items"))
		}
		y := x.at(strconv.Itoa(i))
		y.via = "prefixItems"
		c.schema(bs, hs, y)
	}
}

// knownFormats are the formats of JSON Schema and the OpenAPI registry.
// Each applies to strings or numbers only: a validator that asserts one
// passes an instance of any other type.
var knownFormats = map[string]bool{
	"date-time": true, "date": true, "time": true, "duration": true, "email": true, "idn-email": true,
	"hostname": true, "idn-hostname": true, "ipv4": true, "ipv6": true, "uri": true, "uri-reference": true,
	"iri": true, "iri-reference": true, "uuid": true, "uri-template": true, "json-pointer": true,
	"relative-json-pointer": true, "regex": true, "byte": true, "binary": true, "password": true,
	"url": true, "int32": true, "int64": true, "float": true, "double": true,
}

// formatsOutOfType reports whether a format added, removed or changed
// judges no instance that the types of both revisions allow: both formats
// are known ones, each taken to judge strings, integers and numbers (the
// types a known format may apply to; an unknown one could judge any type,
// so it is never out of type), and no such type is allowed on both sides. An instance of a type
// one side refuses is refused there whatever the format says, so whether
// base and head differ on it is the type's change, reported on its own
// ({type: integer, format: int64} → {type: string} is the type's break,
// not a question of the validator); a type neither allows is refused by
// both.
func formatsOutOfType(base, head *reduce.Schema, b, h *reduce.Keyword) bool {
	for _, k := range []*reduce.Keyword{b, h} {
		if k != nil && !knownFormats[k.Text] {
			return false
		}
	}
	allows := func(s *reduce.Schema, t string) bool {
		k := s.Keywords.Get("type")
		return k == nil || subset("type", []string{t}, k.Set)
	}
	for _, t := range []string{"string", "integer", "number"} {
		if allows(base, t) && allows(head, t) {
			return false
		}
	}
	return true
}

// integerRanges are the values OpenAPI's integer formats allow.
var integerRanges = map[string][2]*big.Rat{
	"int32": {big.NewRat(-1<<31, 1), big.NewRat(1<<31-1, 1)},
	"int64": {new(big.Rat).SetInt(new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 63))), new(big.Rat).SetInt(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 63), big.NewInt(1)))},
}

// integerFormatsHold reports whether an OpenAPI integer format (int32,
// int64) added, removed or swapped changes nothing: both revisions accept
// integers only, bounded on both sides within the range of every format
// either names, so even a validator that asserts the format refuses
// nothing more (format: int64 beside minimum: 1, maximum: 1000).
func integerFormatsHold(base, head *reduce.Schema, b, h *reduce.Keyword) bool {
	var ranges [][2]*big.Rat
	for _, k := range []*reduce.Keyword{b, h} {
		if k == nil {
			continue
		}
		r, ok := integerRanges[k.Text]
		if !ok {
			return false
		}
		ranges = append(ranges, r)
	}
	for _, s := range []*reduce.Schema{base, head} {
		t := s.Keywords.Get("type")
		if t == nil || len(t.Set) != 1 || t.Set[0] != "integer" {
			return false
		}
		lo, hi := effectiveBound(s, false), effectiveBound(s, true)
		if lo == nil || hi == nil || lo.keyword.Num == nil || hi.keyword.Num == nil {
			return false
		}
		for _, r := range ranges {
			if lo.keyword.Num.Cmp(r[0]) < 0 || hi.keyword.Num.Cmp(r[1]) > 0 {
				return false
			}
		}
	}
	return true
}
