package compat

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/wirelint/wirelint/reduce"
)

// A component is judged on its own, but clients meet it where an operation
// uses it: a property of a response, a branch of a union, an item of a
// list. A payload that separates the component's revisions may not
// separate the operation's (another branch of an anyOf around the
// component already accepted it), so an error on a component an operation
// reaches is kept only when the payload, placed where the component sits
// in one such operation position, re-validates there. This file finds
// those positions (a reference graph of the accepting revision, walked up
// from the component) and re-validates the payload at them.

// usePosition is one schema position of an operation, in both revisions:
// a request body, a response or a parameter schema, paired by operation
// and key.
type usePosition struct {
	label              string
	baseDoc, headDoc   *reduce.Document
	baseNode, headNode *reduce.Node
	basePtr, headPtr   string
	sides              Side
}

// useEdge says a schema (the key it is stored under) is used inside a
// holder at an instance path.
type useEdge struct {
	// holder is the key of the holding schema (document path # pointer);
	// "" when site says which operation position holds it.
	holder string
	site   int
	path   []string
	// known is false where no single instance path leads (not, if,
	// patternProperties...).
	known bool
	// polymorphic marks a subtype used where its parent (allOf with a
	// discriminator, a discriminator mapping) is: a payload of the parent's
	// type may be one of it, by the discriminator, which no validator
	// models, so the subtype itself is the position clients meet.
	polymorphic bool
}

// useGraph holds, by the key of each schema a reference reaches, where it
// is used.
type useGraph struct {
	usedIn map[string][]useEdge
}

// Bounds of the graph walk and of the search up it.
const (
	maxUseNodes     = 1 << 20
	maxUseHops      = 20000
	maxUsePositions = 8
)

// useGraph builds (once per revision) the reference graph of the base
// revision (baseSide) or of head: every operation position and every
// definition of the compared document, walked with the instance path down
// to each $ref.
func (c *checker) useGraph(baseSide bool) *useGraph {
	if g := c.graphs[baseSide]; g != nil {
		return g
	}
	doc, res := c.head, reduce.Resolver(c.headResolver)
	if baseSide {
		doc, res = c.base, c.baseResolver
	}
	g := &useGraph{usedIn: map[string][]useEdge{}}
	b := &graphBuilder{g: g, res: res, walked: map[string]bool{}}
	for i, p := range c.positions {
		d, n := p.headDoc, p.headNode
		if baseSide {
			d, n = p.baseDoc, p.baseNode
		}
		b.walk(useEdge{site: i, known: true}, d, n, 0)
	}
	for _, def := range doc.Definitions {
		key := defKey(doc, def.Pointer)
		b.holder(key, doc, def.Node)
		// a subtype is used where its polymorphic parent is
		for _, part := range reduce.Items(reduce.Value(def.Node, "allOf")) {
			ref := reduce.Value(part, "$ref")
			if ref == nil || !reduce.IsString(ref) {
				continue
			}
			t, err := res.Resolve(doc, ref.Value)
			if err != nil || t.Doc == nil || t.Definition() == nil || reduce.Value(t.Node, "discriminator") == nil {
				continue
			}
			g.usedIn[key] = append(g.usedIn[key], useEdge{holder: defKey(t.Doc, t.Pointer), site: -1, known: true, polymorphic: true})
		}
	}
	for len(b.queue) > 0 && b.nodes < maxUseNodes {
		h := b.queue[0]
		b.queue = b.queue[1:]
		b.walk(useEdge{holder: h.key, site: -1, known: true}, h.doc, h.node, 0)
	}
	if c.graphs == nil {
		c.graphs = map[bool]*useGraph{}
	}
	c.graphs[baseSide] = g
	return g
}

type graphBuilder struct {
	g      *useGraph
	res    reduce.Resolver
	walked map[string]bool
	queue  []graphHolder
	nodes  int
}

type graphHolder struct {
	key  string
	doc  *reduce.Document
	node *reduce.Node
}

// holder queues a schema reached by a $ref (or a definition) to be walked
// once.
func (b *graphBuilder) holder(key string, doc *reduce.Document, n *reduce.Node) {
	if b.walked[key] {
		return
	}
	b.walked[key] = true
	b.queue = append(b.queue, graphHolder{key, doc, n})
}

// walk records, for every $ref under n, that its target is used at
// at.path inside at's holder.
func (b *graphBuilder) walk(at useEdge, doc *reduce.Document, n *reduce.Node, depth int) {
	n = reduce.Deref(n)
	if n == nil || n.Kind != reduce.MappingNode || depth > 64 || b.nodes >= maxUseNodes {
		return
	}
	b.nodes++
	below := func(v *reduce.Node, tokens ...string) {
		y := at
		y.path = append(append([]string(nil), at.path...), tokens...)
		b.walk(y, doc, v, depth+1)
	}
	unknown := func(v *reduce.Node) {
		y := at
		y.known = false
		b.walk(y, doc, v, depth+1)
	}
	reduce.Pairs(n, func(k, v *reduce.Node) bool {
		switch k.Value {
		case "$ref":
			if reduce.IsString(v) {
				b.edge(at, doc, v.Value, false)
			}
		case "properties":
			reduce.Pairs(v, func(name, s *reduce.Node) bool {
				below(s, name.Value)
				return true
			})
		case "items":
			if reduce.IsMap(v) {
				below(v, "0")
				break
			}
			for i, s := range reduce.Items(v) {
				below(s, strconv.Itoa(i))
			}
		case "prefixItems":
			for i, s := range reduce.Items(v) {
				below(s, strconv.Itoa(i))
			}
		case "additionalProperties", "unevaluatedProperties":
			below(v, extraProperty)
		case "allOf", "anyOf", "oneOf":
			for _, s := range reduce.Items(v) {
				below(s)
			}
		case "then", "else":
			below(v)
		case "discriminator":
			reduce.Pairs(reduce.Value(v, "mapping"), func(_, target *reduce.Node) bool {
				if reduce.IsString(target) {
					b.edge(at, doc, mappingRef(target.Value), true)
				}
				return true
			})
		case "not", "if", "contains", "propertyNames", "additionalItems", "unevaluatedItems":
			unknown(v)
		case "patternProperties", "dependentSchemas":
			reduce.Pairs(v, func(_, s *reduce.Node) bool {
				unknown(s)
				return true
			})
		}
		return true
	})
}

// edge records that the schema ref (written in doc) names is used at at,
// and queues it to be walked.
func (b *graphBuilder) edge(at useEdge, doc *reduce.Document, ref string, polymorphic bool) {
	t, err := b.res.Resolve(doc, ref)
	if err != nil || t.Doc == nil || t.Node == nil {
		return
	}
	key := defKey(t.Doc, t.Pointer)
	at.polymorphic = polymorphic
	b.g.usedIn[key] = append(b.g.usedIn[key], at)
	b.holder(key, t.Doc, t.Node)
}

// usePlace is where a payload of a definition is re-validated: an
// operation position (site >= 0), or the definition named key itself when
// clients meet it as a subtype; path leads from there to the definition.
type usePlace struct {
	site int
	key  string
	path []string
}

// usePlaces walks the graph up from the definition at key to the operation
// positions used on need that hold it (and the subtypes a discriminator
// selects), nearest first; unknown counts the uses on the way that no
// single instance path leads to.
func (g *useGraph) usePlaces(key string, need Side, positions []*usePosition) (places []usePlace, unknown int) {
	type step struct {
		key  string
		path []string
	}
	queue := []step{{key: key}}
	seen := map[string]bool{key: true}
	for hops := 0; len(queue) > 0 && hops < maxUseHops && len(places) < maxUsePositions; hops++ {
		s := queue[0]
		queue = queue[1:]
		for _, e := range g.usedIn[s.key] {
			switch {
			case !e.known:
				unknown++
			case e.polymorphic:
				places = append(places, usePlace{site: -1, key: s.key, path: s.path})
			case e.site >= 0:
				if positions[e.site].sides&need != 0 {
					places = append(places, usePlace{site: e.site, path: joinPath(e.path, s.path)})
				}
			case !seen[e.holder]:
				seen[e.holder] = true
				queue = append(queue, step{key: e.holder, path: joinPath(e.path, s.path)})
			}
		}
	}
	return dedupePlaces(places), unknown
}

func joinPath(a, b []string) []string {
	return append(append(make([]string, 0, len(a)+len(b)), a...), b...)
}

// dedupePlaces keeps the first place of each position and path.
func dedupePlaces(places []usePlace) []usePlace {
	seen := map[string]bool{}
	out := places[:0]
	for _, p := range places {
		k := fmt.Sprint(p.site, p.key, p.path)
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	if len(out) > maxUsePositions {
		out = out[:maxUsePositions]
	}
	return out
}

// atUse re-validates a payload that separates a definition's revisions
// where operations use the definition: it returns the witness placed at
// the first use position where it still separates them, with that
// position's schemas and label; or, when none does, why.
func (c *checker) atUse(ch *change, w witness) (witness, *root) {
	need, accepting := Produced, ch.root.head
	if w.acceptBase {
		need, accepting = Consumed, ch.root.base
	}
	places, unknown := c.useGraph(w.acceptBase).usePlaces(defKey(accepting.Doc, accepting.Pointer()), need, c.positions)
	text, _ := json.Marshal(w.payload)
	payload := shorten(string(text), 200)
	var first string
	checked := 0
	for _, p := range places {
		r := c.placeRoot(p)
		if r == nil {
			continue
		}
		checked++
		if p.site >= 0 && len(p.path) == 0 && c.bareRefTo(c.baseResolver, c.positions[p.site].baseDoc, c.positions[p.site].baseNode, ch.root.base) &&
			c.bareRefTo(c.headResolver, c.positions[p.site].headDoc, c.positions[p.site].headNode, ch.root.head) {
			// the position is only a $ref to the definition in both
			// revisions: it accepts what the definition does
			return w, r
		}
		got, why := c.witnesses.wrapped(r, p.path, w)
		if why == "" {
			return got, r
		}
		if first == "" {
			first = "at " + r.name() + " " + why
		}
	}
	switch {
	case checked == 0 && unknown > 0:
		w.missing = fmt.Sprintf("the payload %s separates the definition's revisions alone, but operations reach it only where no single instance path leads (not, if, patternProperties...), so it was not checked where clients meet it", payload)
	case checked == 0:
		w.missing = fmt.Sprintf("the payload %s separates the definition's revisions alone, but no %s position of an operation was traced to it, so it was not checked where clients meet it", payload, need)
	default:
		where := "the operation position that uses it"
		if checked > 1 {
			where = fmt.Sprintf("any of the %d operation positions that use it", checked)
		}
		w.missing = fmt.Sprintf("the payload %s separates the definition's revisions alone, but not at %s: %s", payload, where, first)
	}
	w.payload = nil
	return w, nil
}

// placeRoot is the pair of schemas a use place re-validates at, or nil
// when one revision lacks it or it is not a schema of its own (a Swagger
// 2.0 parameter's keywords).
func (c *checker) placeRoot(p usePlace) *root {
	if p.site >= 0 {
		pos := c.positions[p.site]
		if pos.baseDoc.Lookup(pos.basePtr) != pos.baseNode || pos.headDoc.Lookup(pos.headPtr) != pos.headNode {
			return nil
		}
		return &root{label: pos.label, sides: pos.sides,
			base: c.baseReducer.Schema(pos.baseDoc, pos.baseNode, pos.basePtr), head: c.headReducer.Schema(pos.headDoc, pos.headNode, pos.headPtr)}
	}
	var name string
	for _, doc := range []*reduce.Document{c.base, c.head} {
		for _, d := range doc.Definitions {
			if defKey(doc, d.Pointer) == p.key {
				name = d.Name
			}
		}
	}
	bd, hd := c.base.Definition(name), c.head.Definition(name)
	if name == "" || bd == nil || hd == nil {
		return nil
	}
	return &root{definition: name,
		base: c.baseReducer.Schema(c.base, bd.Node, bd.Pointer), head: c.headReducer.Schema(c.head, hd.Node, hd.Pointer)}
}

// wrapped places w's payload at path in an instance of r's accepting
// schema and keeps it when it still separates r's revisions; otherwise it
// says why not.
func (w *witnessBuilder) wrapped(r *root, path []string, wit witness) (witness, string) {
	baseSchema, err := w.compiled(r.base, true)
	if err != nil {
		return witness{}, "base does not compile: " + err.Error()
	}
	headSchema, err := w.compiled(r.head, false)
	if err != nil {
		return witness{}, "head does not compile: " + err.Error()
	}
	accepting, reducer := r.head, w.headReducer
	if wit.acceptBase {
		accepting, reducer = r.base, w.baseReducer
	}
	payload := setAt(w.sampleAlong(accepting, reducer, path, 0), path, wit.payload)
	baseOK, known1 := baseSchema.Valid(payload)
	headOK, known2 := headSchema.Valid(payload)
	acceptingOK, otherOK := headOK, baseOK
	accepts, other := "head", "base"
	if wit.acceptBase {
		acceptingOK, otherOK = baseOK, headOK
		accepts, other = "base", "head"
	}
	switch {
	case !known1 || !known2:
		return witness{}, "validation was undecided"
	case otherOK:
		return witness{}, other + " accepts it as well (a union or a constraint around the definition decides)"
	case !acceptingOK:
		return witness{}, accepts + " refuses it too: no instance around it that " + accepts + " accepts was built"
	}
	return witness{payload: payload, acceptBase: wit.acceptBase}, ""
}

// bareRefTo reports whether n (in doc) is a $ref and nothing else, naming
// the schema def is.
func (c *checker) bareRefTo(res reduce.Resolver, doc *reduce.Document, n *reduce.Node, def *reduce.Schema) bool {
	n = reduce.Deref(n)
	if n == nil || n.Kind != reduce.MappingNode || len(n.Content) != 2 {
		return false
	}
	ref := reduce.Value(n, "$ref")
	if ref == nil || !reduce.IsString(ref) {
		return false
	}
	t, err := res.Resolve(doc, ref.Value)
	return err == nil && t.Node != nil && reduce.Deref(t.Node) == reduce.Deref(def.Node)
}
