// Package idref resolves JSON Schema references the way a JSON Schema 2020-12
// implementation does: against the base URI that the nearest enclosing $id sets
// (nested scopes included), with every local document registered under its
// retrieval URI and under each $id it declares, and fragments read as JSON
// pointers relative to the schema resource or as $anchor names.
//
// It indexes documents read by reduce and knows nothing of findings. Index scans
// one document for its $ref sites, schema resources and anchors; Registry maps
// URIs to them.
package idref

import (
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Site is one reference found in a document: a $ref, or a $dynamicRef, which
// resolves like a $ref to its initial target (the dynamic scope may move it
// at validation time, never to a place the static target does not name).
type Site struct {
	// Pointer is the absolute JSON pointer of the reference member
	// (".../$ref" or ".../$dynamicRef").
	Pointer string
	// Object is the absolute pointer of the object holding the $ref.
	Object string
	// Holder is the object holding the $ref.
	Holder *reduce.Node
	// Bare says Holder is a mapping with no other key: the object is the
	// reference and nothing else (a link in a chain of $refs).
	Bare bool
	// Key and Value are the reference's key and value nodes; Value may be a
	// non-string.
	Key, Value *reduce.Node
	// Base is the base URI the reference resolves against.
	Base *url.URL
	// str says Value is a string and raw is that string, read once when the
	// scan finds the site and has the node at hand (every resolution asks;
	// by then the node is no longer in the processor's cache).
	str bool
	raw string
}

// IsString reports whether the reference's value is a string.
func (s *Site) IsString() bool { return s.str }

// Keyword returns the reference's keyword: "$ref" or "$dynamicRef".
func (s *Site) Keyword() string {
	if s.Key != nil && s.Key.Value == "$dynamicRef" {
		return "$dynamicRef"
	}
	return "$ref"
}

// Ref returns the reference as written, or "" when the value is not a string.
func (s *Site) Ref() string {
	return s.raw
}

// Resource is a node that a URI names: a document's root, or a schema that
// declares $id.
type Resource struct {
	// URI is the absolute URI without fragment.
	URI string
	// Doc is the document holding the resource.
	Doc *reduce.Document
	// Pointer is the resource's absolute JSON pointer in Doc.
	Pointer string
	// Node is the resource's node.
	Node *reduce.Node
	// ID is the $id value node that named it; nil for a retrieval URI.
	ID *reduce.Node
}

// Anchor is a plain-name fragment a resource declares ($anchor,
// $dynamicAnchor, or a draft-04..07 "#name" id).
type Anchor struct {
	// Resource is the URI of the resource declaring it.
	Resource string
	// Name is the anchor without "#".
	Name string
	// Pointer is the absolute JSON pointer of the anchored schema.
	Pointer string
	// Node is the anchored schema.
	Node *reduce.Node
}

// Index is what one document contributes to resolution.
type Index struct {
	// Doc is the indexed document.
	Doc *reduce.Document
	// Retrieval is the document's file:// URI.
	Retrieval *url.URL
	// Sites lists every $ref, sorted by Pointer.
	Sites []*Site
	// Resources lists the document root (under its retrieval URI, and under its
	// $id when it declares one) and every embedded resource, in document order.
	Resources []*Resource
	// Anchors lists every plain-name anchor in document order.
	Anchors []*Anchor

	bases map[string]*url.URL // object pointer -> base URI set there by $id
}

// FileURI returns the file:// URI of an absolute path.
func FileURI(abs string) *url.URL {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return &url.URL{Scheme: "file", Path: p}
}

// Key returns u without its fragment, as registry keys are spelled.
func Key(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// nameMap reports the keys whose value maps names to objects: a member
// called "$ref" or "$id" in them is a name, not a keyword. (A switch, not a
// map: the scan asks it of every key of a document.)
func nameMap(key string) bool {
	switch key {
	case "properties", "patternProperties", "$defs", "definitions",
		"dependentSchemas", "dependencies", "paths", "webhooks",
		"responses", "headers", "content", "callbacks", "links",
		"encoding", "securitySchemes", "variables", "schemas",
		"requestBodies", "pathItems", "mediaTypes":
		return true
	}
	return false
}

// dataKey reports the keys whose value is an instance, never walked for
// keywords: schema enum/const/default and example values, and the value of
// an OpenAPI Example object (GitHub's spec has example SCIM payloads whose
// "$ref" members are URLs, not references).
func dataKey(key string) bool {
	switch key {
	case "enum", "const", "default", "example", "value":
		return true
	}
	return false
}

// NewIndex scans doc: every $ref outside data values (enum, const, default,
// example, examples) and name positions, each with its base URI; every $id
// scope; every anchor. References inside x- extensions count, as bundlers
// resolve them too (x-codeSamples: [{$ref: examples/curl/list.yml}]).
func NewIndex(doc *reduce.Document) *Index {
	ix := &Index{Doc: doc, Retrieval: FileURI(doc.Abs), bases: map[string]*url.URL{}}
	ix.Resources = append(ix.Resources, &Resource{URI: Key(ix.Retrieval), Doc: doc, Node: doc.Root})
	base := ix.Retrieval
	if self := reduce.Value(doc.Root, "$self"); self != nil && reduce.IsString(self) && doc.Dialect.IsOpenAPI() {
		if u, err := url.Parse(self.Value); err == nil {
			base = ix.Retrieval.ResolveReference(u)
			base.Fragment, base.RawFragment = "", ""
			ix.bases[""] = base
			ix.Resources = append(ix.Resources, &Resource{URI: Key(base), Doc: doc, Node: doc.Root, ID: self})
		}
	}
	w := &scanner{ix: ix, idKey: IDKeyword(doc.Dialect), seen: map[*reduce.Node]bool{}}
	w.object(doc.Root, base, 0)
	slices.SortFunc(ix.Sites, func(a, b *Site) int { return strings.Compare(a.Pointer, b.Pointer) })
	return ix
}

// indexKey keys the index in reduce.Document.Memo.
type indexKey struct{}

// IndexOf returns doc's index, built once per document whoever asks (the
// refs family and the resolver parity, diffcheck and compat share).
// An Index is not changed once built.
func IndexOf(doc *reduce.Document) *Index {
	return doc.Memo(indexKey{}, func() any { return NewIndex(doc) }).(*Index)
}

// IDKeyword returns the keyword that sets a base URI in dialect d, "" for none.
func IDKeyword(d reduce.Dialect) string {
	switch d {
	case reduce.Draft04:
		return "id"
	case reduce.Swagger20, reduce.OpenAPI30:
		return ""
	}
	return "$id"
}

// dynamicRefs reports whether $dynamicRef is a keyword in dialect d (2020-12
// and OpenAPI 3.1; a document not yet classified counts as 2020-12).
func dynamicRefs(d reduce.Dialect) bool {
	return d == reduce.Draft202012 || d == reduce.OpenAPI31 || d == ""
}

// legacyAnchors reports whether "#name" ids are anchors (drafts before 2019-09).
func legacyAnchors(d reduce.Dialect) bool {
	return d == reduce.Draft04 || d == reduce.Draft06 || d == reduce.Draft07
}

type scanner struct {
	ix    *Index
	idKey string
	seen  map[*reduce.Node]bool // YAML alias targets already walked
	// path is the JSON pointer of the node being scanned, escaped; it grows
	// and shrinks in place, and becomes a string only where something is
	// recorded
	path []byte
	// block is what is left of the block sites are carved from
	block []Site
}

const maxDepth = 2000

// ptr returns the JSON pointer of the node being scanned. Pointers are built
// only where something is recorded: building one per node costs more than the
// scan itself on large documents.
func (w *scanner) ptr(extra ...string) string {
	mark := len(w.path)
	for _, t := range extra {
		w.push(t)
	}
	s := string(w.path)
	w.pop(mark)
	return s
}

// push appends tok, escaped, to the pointer being scanned and returns the
// mark pop takes back to.
func (w *scanner) push(tok string) int {
	mark := len(w.path)
	w.path = append(w.path, '/')
	if strings.IndexByte(tok, '~') < 0 && strings.IndexByte(tok, '/') < 0 {
		// most keys need no escape: copied whole, not byte by byte
		w.path = append(w.path, tok...)
		return mark
	}
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '~':
			w.path = append(w.path, "~0"...)
		case '/':
			w.path = append(w.path, "~1"...)
		default:
			w.path = append(w.path, tok[i])
		}
	}
	return mark
}

// pushIndex appends an array index to the pointer being scanned.
func (w *scanner) pushIndex(i int) int {
	mark := len(w.path)
	w.path = strconv.AppendInt(append(w.path, '/'), int64(i), 10)
	return mark
}

// pop cuts the pointer being scanned back to mark.
func (w *scanner) pop(mark int) { w.path = w.path[:mark] }

// site records the reference keyword key (valued v) of the object holder
// at pointer obj+"/"+key: the two pointers share one string.
func (w *scanner) site(holder *reduce.Node, k, v *reduce.Node, base *url.URL, tokens ...string) *Site {
	mark := len(w.path)
	for _, t := range tokens {
		w.push(t)
	}
	p := w.ptr(k.Value)
	w.pop(mark)
	bare := holder != nil && holder.Kind == reduce.MappingNode && len(holder.Content) == 2
	if len(w.block) == 0 {
		w.block = make([]Site, 256) // one allocation per block of sites
	}
	site := &w.block[0]
	w.block = w.block[1:]
	*site = Site{Pointer: p, Object: p[:len(p)-len(k.Value)-1], Holder: holder, Bare: bare, Key: k, Value: v, Base: base}
	if reduce.IsString(v) {
		site.str, site.raw = true, v.Value // the value node's own text, as Ref read it before
	}
	return site
}

// object scans a node in keyword position: a schema or an OpenAPI object.
func (w *scanner) object(n *reduce.Node, base *url.URL, depth int) {
	n = w.deref(n)
	if n == nil || depth > maxDepth {
		return
	}
	switch n.Kind {
	case reduce.SequenceNode:
		for i, e := range n.Content {
			mark := w.pushIndex(i)
			w.object(e, base, depth+1)
			w.pop(mark)
		}
		return
	case reduce.MappingNode:
	default:
		return
	}
	refBase := base
	if w.idKey != "" {
		if id := reduce.Value(n, w.idKey); id != nil && reduce.IsString(id) {
			base = w.scope(n, w.ptr(), base, id)
			if !w.ix.Doc.Dialect.RefSiblingsIgnored() {
				refBase = base
			}
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case k.Value == "$anchor" || k.Value == "$dynamicAnchor":
			if a := reduce.Deref(v); reduce.IsString(a) && a.Value != "" {
				w.ix.Anchors = append(w.ix.Anchors, &Anchor{Resource: Key(base), Name: a.Value, Pointer: w.ptr(), Node: n})
			}
		case k.Value == "$ref":
			w.ix.Sites = append(w.ix.Sites, w.site(n, k, w.deref(v), refBase))
		case k.Value == "$dynamicRef" && dynamicRefs(w.ix.Doc.Dialect):
			w.ix.Sites = append(w.ix.Sites, w.site(n, k, w.deref(v), base))
		case dataKey(k.Value):
			// Bundlers substitute a whole example that is only a relative
			// $ref (DigitalOcean: example: {$ref: 'examples.yml#/x'}); any
			// other $ref inside data is data.
			if k.Value == "example" || k.Value == "value" {
				if rk, rv := reduce.Get(v, "$ref"); rk != nil && len(w.deref(v).Content) == 2 && reduce.IsString(rv) && !hasScheme(rv.Value) {
					w.ix.Sites = append(w.ix.Sites, w.site(w.deref(v), rk, rv, base, k.Value))
				}
			}
		case k.Value == "examples":
			if reduce.IsMap(v) {
				// OpenAPI: a map of Example objects, each a $ref or data
				reduce.Pairs(v, func(ek, ev *reduce.Node) bool {
					if rk, rv := reduce.Get(ev, "$ref"); rk != nil {
						w.ix.Sites = append(w.ix.Sites, w.site(ev, rk, rv, base, k.Value, ek.Value))
					}
					return true
				})
			}
		case k.Value == "components":
			mark := w.push(k.Value)
			reduce.Pairs(v, func(ck, cv *reduce.Node) bool {
				inner := w.push(ck.Value)
				w.names(cv, base, depth+1)
				w.pop(inner)
				return true
			})
			w.pop(mark)
		case nameMap(k.Value) && reduce.IsMap(v):
			mark := w.push(k.Value)
			w.names(v, base, depth+1)
			w.pop(mark)
		default:
			mark := w.push(k.Value)
			w.object(v, base, depth+1)
			w.pop(mark)
		}
	}
}

// names scans a mapping whose keys are names and whose values are objects.
// A member called $ref is a name when its value is an object (Kubernetes'
// JSONSchemaProps has a property "$ref"), but a JSON Reference standing for
// the whole mapping when its value is a string, as bundlers read
// `properties: {$ref: attributes.yml#/ids}`.
func (w *scanner) names(n *reduce.Node, base *url.URL, depth int) {
	n = w.deref(n)
	if n == nil || n.Kind != reduce.MappingNode {
		w.object(n, base, depth)
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Value == "$ref" && reduce.IsString(v) {
			w.ix.Sites = append(w.ix.Sites, w.site(n, k, reduce.Deref(v), base))
			continue
		}
		mark := w.push(k.Value)
		w.object(v, base, depth+1)
		w.pop(mark)
	}
}

// scope handles an $id: a "#name" legacy anchor, or a new base URI naming an
// embedded resource. It returns the base in force inside n.
func (w *scanner) scope(n *reduce.Node, ptr string, base *url.URL, id *reduce.Node) *url.URL {
	if strings.HasPrefix(id.Value, "#") {
		if legacyAnchors(w.ix.Doc.Dialect) && len(id.Value) > 1 {
			w.ix.Anchors = append(w.ix.Anchors, &Anchor{Resource: Key(base), Name: id.Value[1:], Pointer: ptr, Node: n})
		}
		return base
	}
	u, err := url.Parse(id.Value)
	if err != nil {
		return base
	}
	nb := base.ResolveReference(u)
	if legacyAnchors(w.ix.Doc.Dialect) && nb.Fragment != "" {
		w.ix.Anchors = append(w.ix.Anchors, &Anchor{Resource: Key(nb), Name: nb.Fragment, Pointer: ptr, Node: n})
	}
	nb.Fragment, nb.RawFragment = "", ""
	w.ix.bases[ptr] = nb
	w.ix.Resources = append(w.ix.Resources, &Resource{URI: Key(nb), Doc: w.ix.Doc, Pointer: ptr, Node: n, ID: id})
	return nb
}

func (w *scanner) deref(n *reduce.Node) *reduce.Node {
	if n != nil && n.Kind == reduce.AliasNode {
		if w.seen[n.Alias] {
			return nil
		}
		w.seen[n.Alias] = true
		return reduce.Deref(n)
	}
	return n
}

// SitesUnder returns the sites inside the subtree at pointer p (all of them
// for the root, ""), in pointer order.
func (ix *Index) SitesUnder(p string) []*Site {
	if p == "" {
		return ix.Sites
	}
	prefix := p + "/"
	lo := sort.Search(len(ix.Sites), func(i int) bool { return ix.Sites[i].Pointer >= prefix })
	hi := lo
	for hi < len(ix.Sites) && strings.HasPrefix(ix.Sites[hi].Pointer, prefix) {
		hi++
	}
	return ix.Sites[lo:hi]
}

// Site returns the $ref site whose object sits at pointer p, or nil.
func (ix *Index) Site(p string) *Site {
	want := reduce.JoinPointer(p, "$ref")
	i := sort.Search(len(ix.Sites), func(i int) bool { return ix.Sites[i].Pointer >= want })
	if i < len(ix.Sites) && ix.Sites[i].Pointer == want {
		return ix.Sites[i]
	}
	return nil
}

// BaseAt returns the base URI in force at pointer p: the $id of the nearest
// enclosing resource, or the document's own base.
func (ix *Index) BaseAt(p string) *url.URL {
	for {
		if b, ok := ix.bases[p]; ok {
			return b
		}
		if p == "" {
			break
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return ix.Retrieval
}

// RootID returns the $id (or $self) the document's root declares, or nil.
func (ix *Index) RootID() *Resource {
	for _, r := range ix.Resources {
		if r.Pointer == "" && r.ID != nil {
			return r
		}
	}
	return nil
}

// hasScheme reports whether ref is an absolute URI (http:, urn:...).
func hasScheme(ref string) bool {
	if !strings.Contains(ref, ":") {
		return false // a scheme ends at a colon; most references are "#/..." or paths
	}
	u, err := url.Parse(ref)
	return err == nil && len(u.Scheme) > 1
}
