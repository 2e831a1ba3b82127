package compat

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// operation is one method on one path of an OpenAPI document.
type operation struct {
	// key pairs operations across revisions: method and path with its
	// parameter names blanked ("get /pets/{}").
	key          string
	method, path string
	// label names the operation in messages ("GET /pets", or for a
	// callback "POST /pets callback adopted: POST {$request.body#/url}").
	label string
	// doc holds the operation: the document, or the file a path item's or
	// an operation's $ref reaches.
	doc     *reduce.Document
	node    *reduce.Node
	pointer string
	// item is the path item (its parameters apply to the operation), in
	// itemDoc.
	item        *reduce.Node
	itemDoc     *reduce.Document
	itemPointer string
	// reversed marks webhooks and callbacks: the server sends the request
	// and reads the response.
	reversed bool
}

var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

// operations lists a document's operations by key, paths first, then
// webhooks and callbacks. Path items, operations and callbacks written as a
// $ref (to a component or another file) are followed with res.
func operations(res reduce.Resolver, doc *reduce.Document) (map[string]*operation, []string) {
	byKey := map[string]*operation{}
	var keys []string
	var walk func(pdoc *reduce.Document, paths *reduce.Node, ptr, prefix, labelPrefix string, reversed bool, depth int)
	walk = func(pdoc *reduce.Document, paths *reduce.Node, ptr, prefix, labelPrefix string, reversed bool, depth int) {
		reduce.Pairs(paths, func(k, item *reduce.Node) bool {
			idoc, item, itemPtr := resolved(res, pdoc, item, reduce.JoinPointer(ptr, k.Value))
			if item == nil {
				return true
			}
			for _, m := range methods {
				opKey, op := reduce.Get(item, m)
				if opKey == nil {
					continue
				}
				odoc, op, opPtr := resolved(res, idoc, op, reduce.JoinPointer(itemPtr, m))
				if !reduce.IsMap(op) {
					continue
				}
				o := &operation{method: m, path: k.Value, doc: odoc, node: op, pointer: opPtr,
					item: item, itemDoc: idoc, itemPointer: itemPtr, reversed: reversed}
				o.key = prefix + m + " " + blankParams(k.Value)
				o.label = labelPrefix + strings.ToUpper(m) + " " + k.Value
				if _, dup := byKey[o.key]; !dup {
					byKey[o.key] = o
					keys = append(keys, o.key)
				}
				if depth < 2 {
					reduce.Pairs(reduce.Value(op, "callbacks"), func(ck, cb *reduce.Node) bool {
						cdoc, cb, cptr := resolved(res, odoc, cb, reduce.JoinPointer(opPtr, "callbacks", ck.Value))
						walk(cdoc, cb, cptr, o.key+" callback "+ck.Value+" ", o.label+" callback "+ck.Value+": ", !reversed, depth+1)
						return true
					})
				}
			}
			return true
		})
	}
	// paths (or webhooks) kept in a file of their own are read there
	pdoc, paths, pptr := resolved(res, doc, reduce.Value(doc.Root, "paths"), "/paths")
	walk(pdoc, paths, pptr, "", "", false, 0)
	wdoc, hooks, wptr := resolved(res, doc, reduce.Value(doc.Root, "webhooks"), "/webhooks")
	walk(wdoc, hooks, wptr, "webhook ", "webhook ", true, 0)
	return byKey, keys
}

// blankParams replaces each {name} of a path template with {}.
func blankParams(p string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(p, '{')
		j := strings.IndexByte(p[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(p)
			return strings.TrimSuffix(b.String(), "/")
		}
		b.WriteString(p[:i+1])
		b.WriteByte('}')
		p = p[i+j+1:]
	}
}

// resolved follows a $ref (a parameter, request body, response or header
// kept under components) to the node it names: up to a few hops, inside the
// project.
func resolved(res reduce.Resolver, doc *reduce.Document, n *reduce.Node, ptr string) (*reduce.Document, *reduce.Node, string) {
	for i := 0; i < 8; i++ {
		n = reduce.Deref(n)
		ref := reduce.Value(n, "$ref")
		if ref == nil || !reduce.IsString(ref) || res == nil {
			return doc, n, ptr
		}
		t, err := res.Resolve(doc, ref.Value)
		if err != nil || t.Doc == nil {
			return doc, nil, ptr
		}
		doc, n, ptr = t.Doc, t.Node, t.Pointer
	}
	return doc, n, ptr
}

// site is one schema position of an operation, with the side it is used on.
type site struct {
	// key pairs sites across revisions ("parameter query limit",
	// "response 200 application/json").
	key   string
	doc   *reduce.Document
	node  *reduce.Node
	ptr   string
	sides Side
}

// parameter is one operation parameter, resolved.
type parameter struct {
	in, name string
	required bool
	// slot is a path parameter's place among the template's parameters
	// (-1 = not in the template).
	slot int
	doc  *reduce.Document
	node *reduce.Node
	ptr  string
}

// key pairs parameters across revisions: by location and name, and path
// parameters by their place in the template ({id} renamed {petId} is the
// same parameter).
func (p *parameter) key() string {
	if p.in == "path" && p.slot >= 0 {
		return "path #" + strconv.Itoa(p.slot)
	}
	return p.in + " " + p.name
}

// parameters lists an operation's parameters (the path item's, overridden
// by the operation's), sorted by location and name.
func parameters(res reduce.Resolver, op *operation) []*parameter {
	byKey := map[string]*parameter{}
	for _, src := range []struct {
		doc *reduce.Document
		n   *reduce.Node
		ptr string
	}{{op.itemDoc, reduce.Value(op.item, "parameters"), reduce.JoinPointer(op.itemPointer, "parameters")}, {op.doc, reduce.Value(op.node, "parameters"), reduce.JoinPointer(op.pointer, "parameters")}} {
		for i, n := range reduce.Items(src.n) {
			pdoc, pn, pptr := resolved(res, src.doc, n, reduce.JoinPointer(src.ptr, strconv.Itoa(i)))
			if pn == nil {
				continue
			}
			p := &parameter{in: scalar(pn, "in"), name: scalar(pn, "name"), doc: pdoc, node: pn, ptr: pptr}
			p.required, _ = reduce.Bool(reduce.Value(pn, "required"))
			p.slot = -1
			if p.in == "path" {
				p.required = true
				p.slot = templateSlot(op.path, p.name)
			}
			byKey[p.key()] = p
		}
	}
	out := make([]*parameter, 0, len(byKey))
	for _, p := range byKey {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key() < out[j].key() })
	return out
}

func scalar(n *reduce.Node, key string) string {
	if v := reduce.Value(n, key); v != nil && reduce.IsScalar(v) {
		return reduce.Deref(v).Value
	}
	return ""
}

// templateSlot returns the place of {name} among a path template's
// parameters, or -1.
func templateSlot(path, name string) int {
	slot := 0
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return -1
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return -1
		}
		if path[i+1:i+j] == name {
			return slot
		}
		slot++
		path = path[i+j+1:]
	}
}

// parameterSchema is a parameter's schema position: its schema (or its
// first media type's), or in Swagger 2.0 the parameter object itself
// without the keys that are not schema keywords.
func parameterSchema(p *parameter) (*reduce.Node, string) {
	if s := reduce.Value(p.node, "schema"); s != nil {
		return s, reduce.JoinPointer(p.ptr, "schema")
	}
	var found *reduce.Node
	var ptr string
	reduce.Pairs(reduce.Value(p.node, "content"), func(k, v *reduce.Node) bool {
		found, ptr = reduce.Value(v, "schema"), reduce.JoinPointer(p.ptr, "content", k.Value, "schema")
		return false
	})
	if found != nil || p.doc.Dialect != reduce.Swagger20 {
		return found, ptr
	}
	loose := &reduce.Node{Kind: reduce.MappingNode, Line: p.node.Line, Column: p.node.Column}
	reduce.Pairs(p.node, func(k, v *reduce.Node) bool {
		switch k.Value {
		case "name", "in", "required", "description", "collectionFormat", "allowEmptyValue":
		default:
			loose.Content = append(loose.Content, k, v)
		}
		return true
	})
	return loose, p.ptr
}

// bodySites lists the schema positions of an operation's request body and
// responses, by media type.
func bodySites(res reduce.Resolver, op *operation) []site {
	doc := op.doc
	consumed, produced := Consumed, Produced
	if op.reversed {
		consumed, produced = Produced, Consumed
	}
	var out []site
	content := func(prefix string, d *reduce.Document, n *reduce.Node, ptr string, sides Side) {
		reduce.Pairs(reduce.Value(n, "content"), func(k, v *reduce.Node) bool {
			if s := reduce.Value(v, "schema"); s != nil {
				out = append(out, site{key: prefix + " " + k.Value, doc: d, node: s, ptr: reduce.JoinPointer(ptr, "content", k.Value, "schema"), sides: sides})
			}
			return true
		})
		if s := reduce.Value(n, "schema"); s != nil && doc.Dialect == reduce.Swagger20 {
			out = append(out, site{key: prefix, doc: d, node: s, ptr: reduce.JoinPointer(ptr, "schema"), sides: sides})
		}
	}
	if rb := reduce.Value(op.node, "requestBody"); rb != nil {
		d, n, p := resolved(res, doc, rb, reduce.JoinPointer(op.pointer, "requestBody"))
		content("request body", d, n, p, consumed)
	}
	reduce.Pairs(reduce.Value(op.node, "responses"), func(k, v *reduce.Node) bool {
		d, n, p := resolved(res, doc, v, reduce.JoinPointer(op.pointer, "responses", k.Value))
		content("response "+k.Value, d, n, p, produced)
		reduce.Pairs(reduce.Value(n, "headers"), func(hk, hv *reduce.Node) bool {
			hd, hn, hp := resolved(res, d, hv, reduce.JoinPointer(p, "headers", hk.Value))
			if s := reduce.Value(hn, "schema"); s != nil {
				out = append(out, site{key: "response " + k.Value + " header " + strings.ToLower(hk.Value), doc: hd, node: s, ptr: reduce.JoinPointer(hp, "schema"), sides: produced})
			}
			return true
		})
		return true
	})
	return out
}

// usage finds, for every definition an operation reaches through $refs,
// the sides it is used on: readOnly drops the request side and writeOnly
// the response side on the way down.
type usage struct {
	res   reduce.Resolver
	sides map[string]Side // by document path # pointer
	// reached holds the definitions some operation reaches, even where
	// readOnly or writeOnly cancelled every side.
	reached map[string]bool
	// external holds the definitions another file refers to.
	external map[string]bool
	// files holds the absolute path of every file a schema reference
	// reaches.
	files map[string]bool
	seen  map[usageKey]bool
	// ops and keys are the operations markOperations walked, and
	// params and sites each one's parameters and body sites: the checker
	// compares the same lists instead of listing them again.
	ops    map[string]*operation
	keys   []string
	params map[*operation][]*parameter
	sites  map[*operation][]site
}

type usageKey struct {
	node  *reduce.Node
	sides Side
}

func newUsage(res reduce.Resolver) *usage {
	return &usage{res: res, sides: map[string]Side{}, reached: map[string]bool{}, external: map[string]bool{}, files: map[string]bool{}, seen: map[usageKey]bool{}}
}

func defKey(doc *reduce.Document, ptr string) string { return doc.Abs + "#" + ptr }

// mark walks a schema node used on sides.
func (u *usage) mark(doc *reduce.Document, n *reduce.Node, sides Side, depth int) {
	n = reduce.Deref(n)
	if n == nil || depth > 256 {
		return
	}
	k := usageKey{n, sides}
	if u.seen[k] {
		return
	}
	u.seen[k] = true
	switch n.Kind {
	case reduce.SequenceNode:
		for _, e := range n.Content {
			u.mark(doc, e, sides, depth+1)
		}
	case reduce.MappingNode:
		sides = markedSides(sides, n)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, v := n.Content[i].Value, n.Content[i+1]
			switch {
			case key == "$ref" && reduce.IsString(v):
				u.markRef(doc, v.Value, sides, depth+1)
			case key == "discriminator" && reduce.IsMap(v):
				// a mapping names the subtypes a payload may be
				reduce.Pairs(reduce.Value(v, "mapping"), func(_, target *reduce.Node) bool {
					if reduce.IsString(target) {
						u.markRef(doc, mappingRef(target.Value), sides, depth+1)
					}
					return true
				})
			case key == "enum" || key == "const" || key == "default" || key == "example" || key == "examples" || strings.HasPrefix(key, "x-"):
			default:
				u.mark(doc, v, sides, depth+1)
			}
		}
	}
}

// markRef marks the definition a reference written in doc reaches, and
// walks it.
func (u *usage) markRef(doc *reduce.Document, ref string, sides Side, depth int) {
	t, err := u.res.Resolve(doc, ref)
	if err != nil || t.Doc == nil {
		return
	}
	u.files[t.Doc.Abs] = true
	if t.Definition() != nil {
		dk := defKey(t.Doc, t.Pointer)
		u.sides[dk] |= sides
		u.reached[dk] = true
		if t.Doc != doc {
			u.external[dk] = true
		}
	}
	u.mark(t.Doc, t.Node, sides, depth)
}

// mappingRef is the reference a discriminator mapping value stands for: a
// reference, or a bare component name.
func mappingRef(v string) string {
	if strings.ContainsAny(v, "#/.") {
		return v
	}
	return "#/components/schemas/" + reduce.EscapePointerToken(v)
}

// markInheritance gives each definition of doc that extends a polymorphic
// parent (allOf holding a $ref to a definition with a discriminator, in
// OpenAPI 3 or Swagger 2.0) the sides its parent is used on: a payload of
// the parent's type may be one of it. A subtype of a request-only parent is
// request-only.
func (u *usage) markInheritance(doc *reduce.Document) {
	for changed, round := true, 0; changed && round < 32; round++ {
		changed = false
		for _, def := range doc.Definitions {
			dk := defKey(doc, def.Pointer)
			var sides Side
			for _, part := range reduce.Items(reduce.Value(def.Node, "allOf")) {
				ref := reduce.Value(part, "$ref")
				if ref == nil || !reduce.IsString(ref) {
					continue
				}
				t, err := u.res.Resolve(doc, ref.Value)
				if err != nil || t.Doc == nil || t.Definition() == nil || reduce.Value(t.Node, "discriminator") == nil {
					continue
				}
				if pk := defKey(t.Doc, t.Pointer); u.reached[pk] {
					sides |= u.sides[pk]
				}
			}
			if sides == 0 || u.reached[dk] && u.sides[dk]|sides == u.sides[dk] {
				continue
			}
			u.reached[dk] = true
			u.sides[dk] |= sides
			u.mark(doc, def.Node, sides, 0)
			changed = true
		}
	}
}

// markOperations marks every definition the document's operations reach.
func (u *usage) markOperations(doc *reduce.Document) {
	u.ops, u.keys = operations(u.res, doc)
	u.params, u.sites = map[*operation][]*parameter{}, map[*operation][]site{}
	for _, key := range u.keys {
		op := u.ops[key]
		consumed := Consumed
		if op.reversed {
			consumed = Produced
		}
		u.params[op] = parameters(u.res, op)
		for _, p := range u.params[op] {
			u.mark(p.doc, p.node, consumed, 0)
		}
		u.sites[op] = bodySites(u.res, op)
		for _, s := range u.sites[op] {
			u.mark(s.doc, s.node, s.sides, 0)
		}
	}
	u.markInheritance(doc)
}
