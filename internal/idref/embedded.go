package idref

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// A reference written inside a schema resource embedded with its own $id (a
// bundle's entry, a meta-schema copied into a document) is relative to that
// resource, in JSON Schema 2019-09 and 2020-12 as in draft-06/07 ($id) and
// draft-04 (id): "#" is the embedded resource itself, "#/definitions/x" a
// place in it, "#name" an anchor it declares. Reading the file on disk does
// not change that, so way (a) resolves such references in the resource too:
// the disk and $id resolutions reach the same schema, not a mismatch.
//
// For a reference with a path, way (a) follows the embedded $ids on disk: a
// relative $id ("v2/frame.json") moves the base to the file it names beside
// the document, and the path resolves from there. Under an absolute $id the
// resource has no place on disk: the path reaches a resource the document
// itself embeds under that URI (a bundle's sibling entry), else it is read
// relative to the file, as at the document's root.

// ScopeAt returns the pointer of the schema resource whose base is in force
// at pointer p: the nearest enclosing schema that declares an $id, "" for the
// document itself.
func (ix *Index) ScopeAt(p string) string {
	for {
		if _, ok := ix.bases[p]; ok {
			return p
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return ""
		}
		p = p[:i]
	}
}

// siteScope returns the pointer of the schema resource s resolves against:
// the nearest enclosing $id scope whose base is the site's (in draft-07 and
// earlier a $ref's sibling $id does not move the reference's own base).
func (ix *Index) siteScope(s *Site) string {
	if _, root := ix.bases[""]; len(ix.bases) == 0 || len(ix.bases) == 1 && root {
		return "" // no embedded resource: the common case, kept cheap
	}
	p := s.Object
	for {
		if b, ok := ix.bases[p]; ok && b == s.Base {
			return p
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return ""
		}
		p = p[:i]
	}
}

// diskBase returns the base URI on disk of the resource at scope: the
// document's file URI with the $ids of the embedded resources from the root
// down to scope applied in turn (the root's own $id is not: on disk the root
// is the file).
func (ix *Index) diskBase(scope string) *url.URL {
	base := ix.Retrieval
	for _, res := range ix.Resources { // document order: enclosing ones first
		if res.ID == nil || res.Pointer == "" || scope != res.Pointer && !strings.HasPrefix(scope, res.Pointer+"/") {
			continue
		}
		u, err := url.Parse(res.ID.Value)
		if err != nil {
			continue
		}
		base = base.ResolveReference(u)
		base.Fragment, base.RawFragment = "", ""
	}
	return base
}

// inResource resolves a fragment (percent-decoded) in the resource at scope:
// a JSON pointer relative to it, or an anchor it declares.
func (ix *Index) inResource(scope, frag, ref string) (reduce.Target, error) {
	if frag == "" || strings.HasPrefix(frag, "/") {
		n := ix.Doc.Lookup(scope + frag)
		if n == nil {
			return reduce.Target{}, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("%s: %s has nothing at %s (in the schema at %s, which declares its own $id)", ref, ix.Doc.Path, frag, scope)}
		}
		return reduce.Target{Doc: ix.Doc, Pointer: scope + frag, Node: n}, nil
	}
	uri := Key(ix.bases[scope])
	for _, a := range ix.Anchors {
		if a.Name == frag && a.Resource == uri && (a.Pointer == scope || strings.HasPrefix(a.Pointer, scope+"/")) {
			return reduce.Target{Doc: ix.Doc, Pointer: a.Pointer, Node: a.Node}, nil
		}
	}
	return reduce.Target{}, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("%s: the schema at %s of %s declares no anchor %q", ref, scope, ix.Doc.Path, frag)}
}

// onDiskIn is way (a) for a reference written inside the schema resource at
// scope ("" = the document's root, read relative to the file): see above.
// When the resource holds nothing there but the file read from its root
// does (an OpenAPI 3.1 component with an $id writing
// "#/components/schemas/Tag"), that is what tools reading the file reach,
// and the $id way tells the two apart.
func (r *Resolver) onDiskIn(ix *Index, scope, ref string) (reduce.Target, func() string, error) {
	if scope == "" || hasScheme(ref) {
		return r.onDisk(ix.Doc, ref)
	}
	t, tried, err := r.inEmbedded(ix, scope, ref)
	if Kind(err) == reduce.RefUnresolved {
		if ft, ftried, ferr := r.onDisk(ix.Doc, ref); ferr == nil {
			return ft, ftried, nil
		}
	}
	return t, tried, err
}

// inEmbedded reads ref inside the resource at scope (see onDiskIn).
func (r *Resolver) inEmbedded(ix *Index, scope, ref string) (reduce.Target, func() string, error) {
	p, frag, err := reduce.SplitRef(ref)
	if err != nil {
		return reduce.Target{}, nil, &reduce.RefError{Kind: reduce.RefBadPath, Msg: err.Error()}
	}
	if p == "" {
		t, err := ix.inResource(scope, frag, ref)
		tried := ix.Doc.Path + "#" + frag
		if frag == "" || strings.HasPrefix(frag, "/") {
			tried = ix.Doc.Path + "#" + scope + frag
		}
		return t, func() string { return tried }, err
	}
	pathPart, _, _ := strings.Cut(ref, "#")
	u, err := url.Parse(pathPart)
	if err != nil || strings.Contains(pathPart, `\`) {
		return r.onDisk(ix.Doc, ref)
	}
	abs := ix.diskBase(scope).ResolveReference(u)
	if abs.Scheme == "file" {
		local := (&url.URL{Path: abs.Path}).EscapedPath()
		if strings.Contains(ref, "#") {
			_, rawFrag, _ := strings.Cut(ref, "#")
			local += "#" + rawFrag
		}
		return r.onDisk(ix.Doc, local)
	}
	key := Key(abs)
	for _, res := range ix.Resources {
		if res.URI == key && res.Pointer != "" {
			t, err := ix.inResource(res.Pointer, frag, ref)
			tried := ix.Doc.Path + "#" + res.Pointer + frag
			return t, func() string { return tried }, err
		}
	}
	return r.onDisk(ix.Doc, ref)
}
