package reduce

import (
	"strconv"
	"strings"
)

// SchemaSite is one schema object found in a document.
type SchemaSite struct {
	// Node is the schema: a mapping, or a boolean scalar.
	Node *Node
	// Pointer is the schema's absolute JSON pointer in its document.
	Pointer string
	// Definition is the enclosing named definition, nil outside any.
	Definition *Definition
	// RelPointer is Pointer relative to Definition ("" at the definition
	// itself), or equal to Pointer when Definition is nil.
	RelPointer string
	// Loose marks a Swagger 2.0 parameter, header or items object: schema
	// keywords mixed with keys of its own (name, in, collectionFormat...).
	Loose bool
	// Plain marks a schema object whose every key is a PlainKeyword of the
	// document's dialect: the checks of keys have nothing to look at in it.
	// False for a boolean schema.
	Plain bool
	// Patterns marks a schema object with a pattern or patternProperties
	// key: the only ones holding regular expressions.
	Patterns bool
	// Ref is the value of the object's first $ref key when that value is a
	// string, nil otherwise.
	Ref *Node
}

// WalkSchemas calls fn for every schema object of d once, in document order:
// the root of a JSON Schema document and all its subschemas; in an OpenAPI
// document the named definitions and every schema under paths, webhooks and
// components (parameters, headers, request bodies, responses, callbacks).
// Values of enum, const, default and examples are data, never walked.
//
// The sites are found once per document and kept, so every rule walking the
// same document pays for one walk.
func (d *Document) WalkSchemas(fn func(s SchemaSite)) {
	d.sitesOnce.Do(func() {
		// chunks, each twice the last, so no site is copied as they grow
		var chunk []SchemaSite
		d.walk(func(s SchemaSite) {
			if len(chunk) == cap(chunk) {
				if len(chunk) > 0 {
					d.sites = append(d.sites, chunk)
				}
				chunk = make([]SchemaSite, 0, max(2*cap(chunk), 64))
			}
			chunk = append(chunk, s)
		})
		if len(chunk) > 0 {
			d.sites = append(d.sites, chunk)
		}
	})
	for _, chunk := range d.sites {
		for _, s := range chunk {
			fn(s)
		}
	}
}

// WalkSchemasAt calls fn for the schema at absolute pointer ptr of d and each
// of its subschemas, in document order: the part of a file that is a schema
// when the file as a whole is not (an AsyncAPI trait reached by a $ref).
func (d *Document) WalkSchemasAt(ptr string, fn func(s SchemaSite)) {
	w := newWalker(d, fn)
	w.schema(d.Lookup(ptr), ptr, false)
}

func (d *Document) walk(fn func(s SchemaSite)) {
	w := newWalker(d, fn)
	if !d.Dialect.IsOpenAPI() {
		w.schema(d.Root, "", false)
		return
	}
	for _, def := range d.Definitions {
		w.schema(def.Node, def.Pointer, false)
	}
	if d.Dialect == Swagger20 {
		w.swaggerParameters(Value(d.Root, "parameters"), "/parameters")
		w.swaggerResponses(Value(d.Root, "responses"), "/responses")
	} else {
		comps := Value(d.Root, "components")
		Pairs(Value(comps, "parameters"), func(k, v *Node) bool {
			w.parameter(v, JoinPointer("/components/parameters", k.Value))
			return true
		})
		Pairs(Value(comps, "headers"), func(k, v *Node) bool {
			w.parameter(v, JoinPointer("/components/headers", k.Value))
			return true
		})
		Pairs(Value(comps, "requestBodies"), func(k, v *Node) bool {
			w.content(Value(v, "content"), JoinPointer("/components/requestBodies", k.Value, "content"))
			return true
		})
		Pairs(Value(comps, "responses"), func(k, v *Node) bool {
			w.response(v, JoinPointer("/components/responses", k.Value))
			return true
		})
		Pairs(Value(comps, "callbacks"), func(k, v *Node) bool {
			w.paths(v, JoinPointer("/components/callbacks", k.Value))
			return true
		})
		Pairs(Value(comps, "pathItems"), func(k, v *Node) bool {
			w.pathItem(v, JoinPointer("/components/pathItems", k.Value))
			return true
		})
		w.paths(Value(d.Root, "webhooks"), "/webhooks")
	}
	w.paths(Value(d.Root, "paths"), "/paths")
}

type walker struct {
	doc  *Document
	fn   func(SchemaSite)
	seen map[*Node]bool // alias targets already walked
	// notIn is the keywords the document's dialect does not define
	// (notInDialect's entry, looked up once per walk)
	notIn map[string]bool
	// last is the definition definitionFor found last: sites come in
	// document order, so the next one is most often inside it too
	last *Definition
}

// newWalker returns a walker of d's schemas calling fn.
func newWalker(d *Document, fn func(SchemaSite)) *walker {
	return &walker{doc: d, fn: fn, notIn: notInDialect[d.Dialect]}
}

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

func (w *walker) paths(paths *Node, ptr string) {
	Pairs(paths, func(k, v *Node) bool {
		w.pathItem(v, JoinPointer(ptr, k.Value))
		return true
	})
}

func (w *walker) pathItem(item *Node, ptr string) {
	if !IsMap(item) || Value(item, "$ref") != nil && len(Deref(item).Content) == 2 {
		return
	}
	// a pointer is built only where something is there to walk
	if params := Value(item, "parameters"); params != nil {
		w.parameters(params, ptr+"/parameters")
	}
	for _, m := range httpMethods {
		op := Value(item, m)
		if op == nil {
			continue
		}
		optr := ptr + "/" + m
		if params := Value(op, "parameters"); params != nil {
			w.parameters(params, optr+"/parameters")
		}
		if w.doc.Dialect == Swagger20 {
			w.swaggerResponses(Value(op, "responses"), optr+"/responses")
			continue
		}
		if c := Value(Value(op, "requestBody"), "content"); c != nil {
			w.content(c, optr+"/requestBody/content")
		}
		Pairs(Value(op, "responses"), func(k, v *Node) bool {
			if headers, content := Value(v, "headers"), Value(v, "content"); headers != nil || content != nil {
				w.responseParts(headers, content, JoinPointer(optr+"/responses", k.Value))
			}
			return true
		})
		Pairs(Value(op, "callbacks"), func(k, v *Node) bool {
			w.paths(v, JoinPointer(optr+"/callbacks", k.Value))
			return true
		})
	}
}

func (w *walker) parameters(params *Node, ptr string) {
	if w.doc.Dialect == Swagger20 {
		for i, p := range Items(params) {
			w.swaggerParameter(Deref(p), ptr+"/"+strconv.Itoa(i))
		}
		return
	}
	for i, p := range Items(params) {
		p = Deref(p)
		if s, c := Value(p, "schema"), Value(p, "content"); s != nil || c != nil {
			w.parameterParts(s, c, ptr+"/"+strconv.Itoa(i))
		}
	}
}

// parameter walks an OpenAPI 3 parameter or header object.
func (w *walker) parameter(p *Node, ptr string) {
	w.parameterParts(Value(p, "schema"), Value(p, "content"), ptr)
}

// parameterParts walks a parameter's or header's schema and content; ptr is
// the parameter's pointer.
func (w *walker) parameterParts(schema, content *Node, ptr string) {
	if schema != nil {
		w.schema(schema, ptr+"/schema", false)
	}
	if content != nil {
		w.content(content, ptr+"/content")
	}
}

func (w *walker) response(r *Node, ptr string) {
	w.responseParts(Value(r, "headers"), Value(r, "content"), ptr)
}

// responseParts walks a response's headers and content; ptr is the
// response's pointer.
func (w *walker) responseParts(headers, content *Node, ptr string) {
	Pairs(headers, func(k, v *Node) bool {
		if s, c := Value(v, "schema"), Value(v, "content"); s != nil || c != nil {
			w.parameterParts(s, c, JoinPointer(ptr+"/headers", k.Value))
		}
		return true
	})
	if content != nil {
		w.content(content, ptr+"/content")
	}
}

func (w *walker) content(c *Node, ptr string) {
	Pairs(c, func(k, v *Node) bool {
		mptr := JoinPointer(ptr, k.Value)
		if s := Value(v, "schema"); s != nil {
			w.schema(s, mptr+"/schema", false)
		}
		if s := Value(v, "itemSchema"); s != nil {
			w.schema(s, mptr+"/itemSchema", false)
		}
		Pairs(Value(v, "encoding"), func(ek, ev *Node) bool {
			Pairs(Value(ev, "headers"), func(hk, hv *Node) bool {
				w.parameter(hv, JoinPointer(mptr+"/encoding", ek.Value, "headers", hk.Value))
				return true
			})
			return true
		})
		return true
	})
}

func (w *walker) swaggerParameters(params *Node, ptr string) {
	Pairs(params, func(k, v *Node) bool {
		w.swaggerParameter(v, JoinPointer(ptr, k.Value))
		return true
	})
}

// swaggerParameter walks a Swagger 2.0 parameter: a body parameter holds a
// schema; any other is itself schema-like (type, format, pattern, items...).
func (w *walker) swaggerParameter(p *Node, ptr string) {
	if !IsMap(p) || Value(p, "$ref") != nil {
		return
	}
	if s := Value(p, "schema"); s != nil {
		w.schema(s, ptr+"/schema", false)
		return
	}
	w.schema(p, ptr, true)
}

func (w *walker) swaggerResponses(rs *Node, ptr string) {
	Pairs(rs, func(k, v *Node) bool {
		rptr := JoinPointer(ptr, k.Value)
		if s := Value(v, "schema"); s != nil {
			w.schema(s, rptr+"/schema", false)
		}
		Pairs(Value(v, "headers"), func(hk, hv *Node) bool {
			w.schema(hv, JoinPointer(rptr+"/headers", hk.Value), true)
			return true
		})
		return true
	})
}

// schema visits one schema and its subschemas.
func (w *walker) schema(n *Node, ptr string, loose bool) {
	if n == nil {
		return
	}
	if n.Kind == AliasNode {
		if w.seen == nil {
			w.seen = map[*Node]bool{}
		}
		if w.seen[n.Alias] {
			return
		}
		w.seen[n.Alias] = true
		n = Deref(n)
		if n == nil {
			return
		}
	}
	if n.Kind != MappingNode && !(n.Kind == ScalarNode && n.Tag == "!!bool") {
		return
	}
	site := SchemaSite{Node: n, Pointer: ptr, RelPointer: ptr, Loose: loose, Plain: n.Kind == MappingNode}
	if def := w.definitionFor(ptr); def != nil {
		site.Definition = def
		site.RelPointer = ptr[len(def.Pointer):]
	}
	// each key is looked up in the catalogue once: the keys holding
	// subschemas are noted, with their shape, for the descent below (in a
	// buffer on the stack; a schema with more of them grows it)
	var buf [16]subKey
	subs := buf[:0]
	seenRef := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		key := n.Content[i].Value
		if key == "pattern" || key == "patternProperties" {
			site.Patterns = true
		}
		if key == "$ref" && !seenRef {
			seenRef = true
			if v := Deref(n.Content[i+1]); IsString(v) {
				site.Ref = v
			}
		}
		info, ok := Catalogue[key]
		if ok && info.SubschemaShape() {
			subs = append(subs, subKey{i, info.Shape})
		}
		if site.Plain {
			site.Plain = plainKeyword(key, info, ok, n.Content[i+1], w.notIn)
		}
	}
	w.fn(site)
	if n.Kind != MappingNode {
		return
	}
	for _, sk := range subs {
		w.descend(n, ptr, loose, sk.index, sk.shape)
	}
}

// subKey is a key of a schema whose value holds subschemas: its index in
// the schema's Content and its shape.
type subKey struct {
	index int
	shape Shape
}

// descend walks the subschemas under the key at Content index i of schema n
// (at ptr), whose shape is shape.
func (w *walker) descend(n *Node, ptr string, loose bool, i int, shape Shape) {
	key, v := n.Content[i].Value, n.Content[i+1]
	// a member's pointer is built in one piece: the keyword's own pointer
	// only when it is a schema's
	tok := EscapePointerToken(key)
	switch shape {
	case ShapeSchema:
		w.schema(v, ptr+"/"+tok, loose && key != "not")
	case ShapeItems:
		if IsSeq(v) {
			for j, e := range Items(v) {
				w.schema(e, ptr+"/"+tok+"/"+strconv.Itoa(j), false)
			}
		} else {
			w.schema(v, ptr+"/"+tok, loose)
		}
	case ShapeSchemaList, ShapeSchemaTuple:
		for j, e := range Items(v) {
			w.schema(e, ptr+"/"+tok+"/"+strconv.Itoa(j), false)
		}
	case ShapeSchemaMap, ShapeDependencies:
		Pairs(v, func(k, e *Node) bool {
			if shape == ShapeDependencies && IsSeq(e) {
				return true
			}
			w.schema(e, ptr+"/"+tok+"/"+EscapePointerToken(k.Value), false)
			return true
		})
	}
}

// definitionFor returns the definition enclosing ptr, matching the longest
// definition pointer that is ptr or a prefix of it at a token boundary.
func (w *walker) definitionFor(ptr string) *Definition {
	if d := w.last; d != nil && strings.HasPrefix(ptr, d.Pointer) && (len(ptr) == len(d.Pointer) || ptr[len(d.Pointer)] == '/') {
		// a definition pointer is a container and one token, and at most
		// one container is a prefix of ptr: the loop below finds d again
		return d
	}
	for _, c := range w.doc.DefinitionContainers() {
		if len(ptr) <= len(c)+1 || ptr[:len(c)] != c || ptr[len(c)] != '/' {
			continue
		}
		rest := ptr[len(c)+1:]
		end := len(rest)
		for i := 0; i < len(rest); i++ {
			if rest[i] == '/' {
				end = i
				break
			}
		}
		if def := w.doc.byPointer[c+"/"+rest[:end]]; def != nil {
			if end > 0 {
				w.last = def
			}
			return def
		}
	}
	return nil
}
