package reduce

import (
	"math/big"
	"sort"
	"strconv"
)

// Schema is one schema projected onto normalised keywords: what two dialects
// spell differently compares equal here. Build schemas with a Reducer.
type Schema struct {
	// Doc is the document the schema sits in.
	Doc *Document
	// Node is the schema node as written (a mapping, or a boolean scalar).
	Node *Node
	// ptr is the schema's absolute JSON pointer once computed; parent, tok
	// and sub compute it on demand (building every pointer eagerly costs more
	// than the comparison itself on large documents).
	ptr      string
	parent   *Schema
	tok, sub string
	hasPtr   bool
	// False marks a schema that rejects every instance (false).
	False bool
	// Ref is the schema's reference ($ref, or a one-entry allOf holding only a
	// $ref), nil when it has none.
	Ref *Ref
	// Keywords holds the constraining keywords, one per normalised name.
	Keywords Keywords
	// Annotations holds title and description, sorted by name (nil when the
	// schema has neither).
	Annotations Keywords
	// Nullable is an OpenAPI 3.0 `nullable: true` as written, nil otherwise
	// (it is already folded into type when the schema has one).
	Nullable *Keyword
	// Malformed lists the normalised names of keywords written with a value
	// of the wrong kind (properties: 5): not projected, and not "absent".
	Malformed []string
	// NullableOf is set on a nullable view (see Reducer.NullableView) of a
	// $ref: the reference it makes nullable.
	NullableOf *Ref
}

// Pointer returns the schema's absolute JSON pointer in Doc.
func (s *Schema) Pointer() string {
	if !s.hasPtr {
		if s.parent != nil {
			s.ptr = JoinPointer(s.parent.Pointer(), s.tok)
			if s.sub != "" {
				s.ptr += "/" + EscapePointerToken(s.sub)
			}
		}
		s.hasPtr = true
	}
	return s.ptr
}

// EmptyAt returns the always-true schema standing where s lacks a keyword:
// same document, node and pointer, no keywords.
func EmptyAt(s *Schema) *Schema {
	return &Schema{Doc: s.Doc, Node: s.Node, ptr: s.Pointer(), hasPtr: true}
}

// Trivial reports whether s accepts every instance: no reference and no
// constraining keyword (true ≡ {}).
func (s *Schema) Trivial() bool { return s != nil && !s.False && s.Ref == nil && len(s.Keywords) == 0 }

// Ref is a schema's reference and where it lands.
type Ref struct {
	// Raw is the reference as written.
	Raw string
	// Key and Value are the $ref key and value nodes as written.
	Key, Value *Node
	// Owner is the schema the $ref is written in.
	Owner *Schema
	// Target is where it resolved; Target.Doc is nil when it did not.
	Target Target
	// Err explains why it did not resolve.
	Err error
}

// Pointer returns the absolute pointer of the $ref as written.
func (r *Ref) Pointer() string { return JoinPointer(r.Owner.Pointer(), "$ref") }

// Keyword is one normalised constraining keyword of a schema.
type Keyword struct {
	// Name is the normalised name it compares under.
	Name string
	// Source is the keyword as written (const for a normalised enum).
	Source string
	// Key is the key node as written; Value its value node.
	Key, Value *Node
	// Owner is the schema the keyword is written in.
	Owner *Schema

	// Num holds ShapeNumber values.
	Num *big.Rat
	// Bool holds ShapeBool values.
	Bool bool
	// Text holds ShapeString values.
	Text string
	// Set holds ShapeStringSet members and ShapeValueSet members as canonical
	// JSON, sorted and unique.
	Set []string
	// Schema holds ShapeSchema values.
	Schema *Schema
	// List holds ShapeSchemaList and ShapeSchemaTuple values in document order.
	List []*Schema
	// Map holds ShapeSchemaMap entries and, for dependentRequired, entries
	// whose Set is filled; in document order.
	Map []*Entry
}

// Keywords is a schema's constraining keywords, at most one per normalised
// name (Keyword.Name), sorted by name. A schema has a handful, so a sorted
// slice looked up by a scan is cheaper to build, keep and read than a map.
type Keywords []*Keyword

// Get returns the keyword called name, or nil.
func (ks Keywords) Get(name string) *Keyword {
	for _, kw := range ks {
		if kw.Name == name {
			return kw
		}
	}
	return nil
}

// Set puts kw in ks under kw.Name, replacing the keyword of that name.
func (ks *Keywords) Set(kw *Keyword) {
	s := *ks
	i := 0
	for i < len(s) && s[i].Name < kw.Name {
		i++
	}
	if i < len(s) && s[i].Name == kw.Name {
		s[i] = kw
		return
	}
	s = append(s, nil)
	copy(s[i+1:], s[i:])
	s[i] = kw
	*ks = s
}

// Delete removes the keyword called name from ks.
func (ks *Keywords) Delete(name string) {
	s := *ks
	for i, kw := range s {
		if kw.Name == name {
			copy(s[i:], s[i+1:])
			s[len(s)-1] = nil
			*ks = s[:len(s)-1]
			return
		}
	}
}

// Clone returns a copy of ks that shares no storage with it.
func (ks Keywords) Clone() Keywords {
	return append(Keywords(make([]*Keyword, 0, len(ks))), ks...)
}

// Pointer returns the absolute pointer of the keyword as written.
func (k *Keyword) Pointer() string { return JoinPointer(k.Owner.Pointer(), k.Source) }

// Entry is one named member of a map-shaped keyword.
type Entry struct {
	// Name is the member's key.
	Name string
	// Key is its key node.
	Key *Node
	// Schema is its schema (schema maps).
	Schema *Schema
	// Set is its string set (dependentRequired).
	Set []string
	// Keyword is the map-shaped keyword holding the entry.
	Keyword *Keyword
}

// Pointer returns the absolute pointer of the member's value.
func (e *Entry) Pointer() string { return JoinPointer(e.Keyword.Pointer(), e.Name) }

// Lookup returns the entry called name, or nil.
func (k *Keyword) Lookup(name string) *Entry {
	for _, e := range k.Map {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Resolver resolves a $ref written in a document.
type Resolver interface {
	Resolve(from *Document, ref string) (Target, error)
}

// ScopedResolver is a Resolver that also knows the base URI an $id sets
// below a document's root: ResolveAt resolves ref as written at absolute
// pointer ptr, and HasIDScopes says whether doc has such $ids at all (when it
// has none, Resolve gives the same answer without computing pointers).
type ScopedResolver interface {
	Resolver
	ResolveAt(from *Document, ptr, ref string) (Target, error)
	HasIDScopes(doc *Document) bool
}

// Reducer projects schemas, once per node: recursive schemas and YAML aliases
// share their projection, so reduction never loops.
type Reducer struct {
	resolver Resolver
	scoped   ScopedResolver     // resolver, when it knows $id scopes
	inScope  map[*Document]bool // documents with $ids below the root
	cache    map[*Node]*Schema
	// views built on demand, kept so a recursive schema meets the same view
	// again (see NullableView, Merge, Distribute)
	nullViews   map[*Schema]*Schema
	merged      map[*Schema]mergeResult
	distributed map[*Schema][]*Schema
	// memberMerges counts the member merges in progress (see mergeMember)
	memberMerges int
	// schemas and keywords are what is left of the blocks projections are
	// carved from (see newSchema and newKeyword): one allocation per block
	// rather than one per schema and one slab per schema sized by all its
	// keys, annotations and extensions included
	schemas  []Schema
	keywords []Keyword
	// slots is what is left of the block schemas' keyword lists are carved
	// from, each sized by its schema's keys
	slots []*Keyword
	// singles is what is left of the block one-member sets (type: string)
	// are carved from
	singles []string
}

// projectionBlock is how many schemas or keywords one block holds.
const projectionBlock = 256

// newSchema returns a zero Schema from the current block.
func (r *Reducer) newSchema() *Schema {
	if len(r.schemas) == 0 {
		r.schemas = make([]Schema, projectionBlock)
	}
	s := &r.schemas[0]
	r.schemas = r.schemas[1:]
	return s
}

// newKeyword returns a copy of k from the current block.
func (r *Reducer) newKeyword(k Keyword) *Keyword {
	if len(r.keywords) == 0 {
		r.keywords = make([]Keyword, projectionBlock)
	}
	kw := &r.keywords[0]
	r.keywords = r.keywords[1:]
	*kw = k
	return kw
}

// newKeywords returns an empty keyword list with room for n keywords, from
// the current block.
func (r *Reducer) newKeywords(n int) Keywords {
	if len(r.slots) < n {
		r.slots = make([]*Keyword, max(n, 4*projectionBlock))
	}
	ks := r.slots[:0:n]
	r.slots = r.slots[n:]
	return ks
}

// single returns the set {v}, carved from the current block with no room to
// grow in place (adding a member copies it).
func (r *Reducer) single(v string) []string {
	if len(r.singles) == 0 {
		r.singles = make([]string, 4*projectionBlock)
	}
	set := r.singles[:1:1]
	r.singles = r.singles[1:]
	set[0] = v
	return set
}

// NewReducer returns a Reducer resolving references with r (nil = none resolve).
func NewReducer(r Resolver) *Reducer {
	red := &Reducer{resolver: r, cache: map[*Node]*Schema{}}
	if sr, ok := r.(ScopedResolver); ok {
		red.scoped, red.inScope = sr, map[*Document]bool{}
	}
	return red
}

// Schema projects the schema node n found at absolute pointer ptr in doc.
func (r *Reducer) Schema(doc *Document, n *Node, ptr string) *Schema {
	return r.schema(doc, n, func(s *Schema) { s.ptr, s.hasPtr = ptr, true })
}

// child projects a subschema of parent written under keyword tok (and member
// or index sub, when not ""); its pointer is computed only when asked for.
func (r *Reducer) child(parent *Schema, n *Node, tok, sub string) *Schema {
	return r.schema(parent.Doc, n, func(s *Schema) { s.parent, s.tok, s.sub = parent, tok, sub })
}

func (r *Reducer) schema(doc *Document, n *Node, locate func(*Schema)) *Schema {
	n = Deref(n)
	if n == nil {
		s := &Schema{Doc: doc}
		locate(s)
		return s
	}
	if s, ok := r.cache[n]; ok {
		return s
	}
	s := r.newSchema()
	s.Doc, s.Node = doc, n
	locate(s)
	r.cache[n] = s
	if n.Kind == ScalarNode {
		if b, ok := Bool(n); ok && !b {
			s.False = true
		}
		return s
	}
	if n.Kind != MappingNode {
		return s
	}
	r.project(s)
	return s
}

// Resolve resolves a reference from doc with the reducer's resolver.
func (r *Reducer) Resolve(doc *Document, raw string) (Target, error) {
	if r.resolver == nil {
		return Target{}, &RefError{Kind: RefUnresolved, Msg: "no resolver"}
	}
	return r.resolver.Resolve(doc, raw)
}

// Target projects the schema a reference lands on, or nil.
func (r *Reducer) Target(ref *Ref) *Schema {
	if ref == nil || ref.Target.Doc == nil {
		return nil
	}
	return r.Schema(ref.Target.Doc, ref.Target.Node, ref.Target.Pointer)
}

func (r *Reducer) project(s *Schema) {
	d := s.Doc.Dialect
	n := s.Node
	var nullable bool
	s.Keywords = r.newKeywords(len(n.Content) / 2)
	exclusive := map[string]*Keyword{} // boolean exclusiveMinimum/Maximum
	newKeyword := r.newKeyword
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], Deref(n.Content[i+1])
		if v == nil {
			continue
		}
		name := k.Value
		info, ok := LookupKeyword(name)
		if !ok {
			continue // parity/unknown-keyword reports it
		}
		switch info.Class {
		case Annotation:
			if name == "title" || name == "description" {
				s.Annotations.Set(newKeyword(Keyword{Name: name, Source: name, Key: k, Value: v, Owner: s, Text: v.Value}))
			}
			continue
		case Reference:
			if name == "$ref" && IsString(v) {
				s.Ref = r.ref(s, k, v)
			} else if name != "$ref" {
				// $dynamicRef / $recursiveRef compare by what they say.
				s.Keywords.Set(newKeyword(Keyword{Name: name, Source: name, Key: k, Value: v, Owner: s, Text: v.Value}))
			}
			continue
		case Constraining:
		default:
			continue
		}
		kw := newKeyword(Keyword{Name: info.Normal, Source: name, Key: k, Value: v, Owner: s})
		switch name {
		case "nullable":
			// only OpenAPI 3.0 defines it; elsewhere validators ignore it
			// (parity/unsupported-keyword says so)
			nullable, _ = Bool(v)
			nullable = nullable && d == OpenAPI30
			if nullable {
				s.Nullable = kw
			}
			continue
		case "exclusiveMinimum", "exclusiveMaximum":
			if b, ok := Bool(v); ok {
				if b {
					exclusive[name] = kw
				}
				continue
			}
		case "items":
			if IsSeq(v) && d.ArrayItemsIsTuple() {
				kw.Name = "prefixItems"
				kw.List = r.list(s, v, name)
				s.Keywords.Set(kw)
				continue
			}
		case "additionalItems":
			// meaningful only beside a tuple-form items; handled after the loop
			continue
		case "dependencies":
			r.dependencies(s, k, v)
			continue
		}
		if !r.fill(s, kw, info.Shape, v) {
			s.Malformed = append(s.Malformed, kw.Name)
			continue
		}
		if prev := s.Keywords.Get(kw.Name); prev != nil && prev.Name == "enum" && kw.Name == "enum" {
			kw.Set = intersect(prev.Set, kw.Set)
		}
		s.Keywords.Set(kw)
	}

	has := normalisationSteps(s.Keywords)
	// additionalItems counts only beside a tuple.
	if has&hasPrefixItems != 0 {
		if k, v := Get(n, "additionalItems"); k != nil && s.Keywords.Get("prefixItems") != nil && s.Keywords.Get("prefixItems").Source == "items" {
			kw := &Keyword{Name: "items", Source: "additionalItems", Key: k, Value: v, Owner: s}
			if r.fill(s, kw, ShapeSchema, v) {
				s.Keywords.Set(kw)
				has |= hasSubschema
			}
		}
	}
	// Boolean exclusive bounds fold into numeric ones.
	for name, kw := range exclusive {
		bound := "minimum"
		if name == "exclusiveMaximum" {
			bound = "maximum"
		}
		if b := s.Keywords.Get(bound); b != nil {
			kw.Num = b.Num
			kw.Value = b.Value
			s.Keywords.Delete(bound)
			s.Keywords.Set(kw)
		}
	}
	// OpenAPI 3.0 nullable adds "null" to the type (nullable without a type
	// constrains nothing).
	if nullable && has&hasType != 0 {
		if t := s.Keywords.Get("type"); t != nil {
			t.Set = addToSet(t.Set, "null")
		}
	}
	// Defaults that constrain nothing are dropped.
	if has&hasDefault != 0 {
		for _, name := range []string{"minLength", "minItems", "minProperties"} {
			if kw := s.Keywords.Get(name); kw != nil && kw.Num != nil && kw.Num.Sign() == 0 {
				s.Keywords.Delete(name)
			}
		}
	}
	if has&hasUniqueItems != 0 {
		if kw := s.Keywords.Get("uniqueItems"); kw != nil && !kw.Bool {
			s.Keywords.Delete("uniqueItems")
		}
	}
	dropConstrainNothing(s, has)
	if has&hasSubschema != 0 {
		for _, name := range []string{"additionalProperties", "items", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "then", "else"} {
			if kw := s.Keywords.Get(name); kw != nil && kw.Schema != nil && kw.Schema.Trivial() {
				s.Keywords.Delete(name)
			}
		}
	}
	// allOf: drop trivially-true entries; a one-entry allOf holding only a $ref
	// is that $ref.
	if has&hasAllOf != 0 {
		if kw := s.Keywords.Get("allOf"); kw != nil {
			kept := kw.List[:0:0]
			for _, e := range kw.List {
				if !e.Trivial() {
					kept = append(kept, e)
				}
			}
			kw.List = kept
			switch {
			case len(kept) == 0:
				s.Keywords.Delete("allOf")
			case len(kept) == 1 && s.Ref == nil && kept[0].Ref != nil && len(kept[0].Keywords) == 0 && !kept[0].False:
				s.Ref = kept[0].Ref
				s.Keywords.Delete("allOf")
			}
		}
	}

	// Siblings of $ref are ignored in Swagger 2.0, OpenAPI 3.0 and drafts ≤ 07.
	if s.Ref != nil && d.RefSiblingsIgnored() && s.Ref.Owner == s {
		s.Keywords = nil
	}
}

// The normalisation steps after a schema's keywords are read, each a bit of
// what normalisationSteps returns when a keyword it looks at is there: a
// step whose keywords are all absent is skipped without looking them up.
const (
	hasPrefixItems = 1 << iota // additionalItems beside a tuple
	hasType                    // nullable, and a type admitting every value
	hasDefault                 // minLength, minItems, minProperties of 0
	hasUniqueItems             // uniqueItems: false
	hasMap                     // properties, patternProperties, dependentSchemas, dependentRequired
	hasRequired                // required: []
	hasMinContains             // minContains: 1
	hasPattern                 // pattern: ""
	hasSubschema               // a schema-valued keyword absent means {}
	hasAllOf                   // trivial allOf entries, a lone $ref entry
)

// normalisationSteps returns the steps that have keywords to look at among
// keywords.
func normalisationSteps(keywords Keywords) int {
	has := 0
	for _, kw := range keywords {
		switch kw.Name {
		case "prefixItems":
			has |= hasPrefixItems
		case "type":
			has |= hasType
		case "minLength", "minItems", "minProperties":
			has |= hasDefault
		case "uniqueItems":
			has |= hasUniqueItems
		case "properties", "patternProperties", "dependentSchemas", "dependentRequired":
			has |= hasMap
		case "required":
			has |= hasRequired
		case "minContains":
			has |= hasMinContains
		case "pattern":
			has |= hasPattern
		case "additionalProperties", "items", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "then", "else":
			has |= hasSubschema
		case "allOf":
			has |= hasAllOf
		}
	}
	return has
}

func (r *Reducer) ref(s *Schema, k, v *Node) *Ref {
	ref := &Ref{Raw: v.Value, Key: k, Value: v, Owner: s}
	if r.scoped != nil && r.hasScopes(s.Doc) {
		ref.Target, ref.Err = r.scoped.ResolveAt(s.Doc, s.Pointer(), v.Value)
		return ref
	}
	ref.Target, ref.Err = r.Resolve(s.Doc, v.Value)
	return ref
}

// hasScopes asks the resolver once per document whether it has $id scopes.
func (r *Reducer) hasScopes(doc *Document) bool {
	has, ok := r.inScope[doc]
	if !ok {
		has = r.scoped.HasIDScopes(doc)
		r.inScope[doc] = has
	}
	return has
}

// fill decodes v into kw by shape; it returns false when v has the wrong type
// for the keyword (the keyword is then not compared).
func (r *Reducer) fill(s *Schema, kw *Keyword, shape Shape, v *Node) bool {
	switch shape {
	case ShapeNumber:
		num, ok := Number(v)
		kw.Num = num
		return ok
	case ShapeBool:
		b, ok := Bool(v)
		kw.Bool = b
		return ok
	case ShapeString:
		kw.Text = v.Value
		return IsScalar(v)
	case ShapeStringSet:
		if IsString(v) {
			kw.Set = r.single(v.Value)
			return true
		}
		items := Items(v)
		for _, e := range items {
			if e = Deref(e); e != nil {
				if kw.Set == nil {
					kw.Set = make([]string, 0, len(items)) // one allocation, not one per member
				}
				kw.Set = addToSet(kw.Set, e.Value)
			}
		}
		return IsSeq(v)
	case ShapeValueSet:
		if kw.Source == "const" {
			kw.Set = r.single(Canonical(v))
			return true
		}
		items := Items(v)
		if len(items) > 0 {
			kw.Set = make([]string, 0, len(items))
		}
		for _, e := range items {
			kw.Set = addToSet(kw.Set, Canonical(e))
		}
		return IsSeq(v)
	case ShapeSchema, ShapeItems:
		kw.Schema = r.child(s, v, kw.Source, "")
		return true
	case ShapeSchemaList, ShapeSchemaTuple:
		kw.List = r.list(s, v, kw.Source)
		return IsSeq(v)
	case ShapeSchemaMap:
		var entries []Entry // one allocation for the members
		if m := Deref(v); m != nil && m.Kind == MappingNode && len(m.Content) > 0 {
			entries = make([]Entry, 0, len(m.Content)/2)
			kw.Map = make([]*Entry, 0, len(m.Content)/2)
		}
		Pairs(v, func(ek, ev *Node) bool {
			entries = append(entries, Entry{Name: ek.Value, Key: ek, Schema: r.child(s, ev, kw.Source, ek.Value), Keyword: kw})
			kw.Map = append(kw.Map, &entries[len(entries)-1])
			return true
		})
		return IsMap(v)
	case ShapeStringSetMap:
		Pairs(v, func(ek, ev *Node) bool {
			e := &Entry{Name: ek.Value, Key: ek, Keyword: kw}
			for _, x := range Items(ev) {
				if x = Deref(x); x != nil {
					e.Set = addToSet(e.Set, x.Value)
				}
			}
			kw.Map = append(kw.Map, e)
			return true
		})
		return IsMap(v)
	}
	return false
}

func (r *Reducer) list(s *Schema, v *Node, tok string) []*Schema {
	items := Items(v)
	out := make([]*Schema, 0, len(items))
	for i, e := range items {
		out = append(out, r.child(s, e, tok, strconv.Itoa(i)))
	}
	return out
}

// dependencies splits draft-04..07 dependencies into dependentRequired and
// dependentSchemas entries.
func (r *Reducer) dependencies(s *Schema, k, v *Node) {
	Pairs(v, func(ek, ev *Node) bool {
		if IsSeq(ev) {
			kw := s.Keywords.Get("dependentRequired")
			if kw == nil {
				kw = &Keyword{Name: "dependentRequired", Source: "dependencies", Key: k, Value: v, Owner: s}
				s.Keywords.Set(kw)
			}
			e := &Entry{Name: ek.Value, Key: ek, Keyword: kw}
			for _, x := range Items(ev) {
				if x = Deref(x); x != nil {
					e.Set = addToSet(e.Set, x.Value)
				}
			}
			kw.Map = append(kw.Map, e)
			return true
		}
		kw := s.Keywords.Get("dependentSchemas")
		if kw == nil {
			kw = &Keyword{Name: "dependentSchemas", Source: "dependencies", Key: k, Value: v, Owner: s}
			s.Keywords.Set(kw)
		}
		kw.Map = append(kw.Map, &Entry{Name: ek.Value, Key: ek, Schema: r.child(s, ev, "dependencies", ek.Value), Keyword: kw})
		return true
	})
}

func addToSet(set []string, v string) []string {
	i := sort.SearchStrings(set, v)
	if i < len(set) && set[i] == v {
		return set
	}
	set = append(set, "")
	copy(set[i+1:], set[i:])
	set[i] = v
	return set
}

func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		i := sort.SearchStrings(b, x)
		if i < len(b) && b[i] == x {
			out = append(out, x)
		}
	}
	return out
}
