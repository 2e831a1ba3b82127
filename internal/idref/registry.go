package idref

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Registry maps absolute URIs to the resources and anchors of the documents
// added to it. The first document to claim a URI keeps it for lookups from
// elsewhere; later claims are listed in Duplicates, and a lookup from a
// document that declares the URI itself, or from a folder holding a later
// claim, reaches that claim: a vendored copy that keeps the upstream $ids
// resolves within its own files.
type Registry struct {
	resources map[string]*Resource
	claims    map[string][]*Resource // every claim of a URI, first first
	bare      map[string][]*Resource // relative $id as written → its resources
	anchors   map[string]*Anchor
	// Duplicates lists resources whose URI an earlier resource had claimed.
	Duplicates []*Resource
	// Show renders a URI in messages (nil = as is); callers use it to print
	// file: URIs as paths.
	Show func(uri string) string
}

func (r *Registry) show(uri string) string {
	if r.Show == nil {
		return uri
	}
	return r.Show(uri)
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{resources: map[string]*Resource{}, claims: map[string][]*Resource{}, bare: map[string][]*Resource{}, anchors: map[string]*Anchor{}}
}

// Add registers every resource and anchor of ix.
func (r *Registry) Add(ix *Index) {
	for _, res := range ix.Resources {
		if prev, dup := r.resources[res.URI]; dup {
			if prev.Doc != res.Doc || prev.Pointer != res.Pointer {
				r.Duplicates = append(r.Duplicates, res)
				r.claims[res.URI] = append(r.claims[res.URI], res)
			}
			continue
		}
		r.resources[res.URI] = res
		r.claims[res.URI] = []*Resource{res}
	}
	for _, res := range ix.Resources {
		// a relative $id ("common") is also the name a registry that adds
		// schemas by $id alone (ajv) knows it by, wherever the file sits
		if res.ID != nil && !hasScheme(res.ID.Value) && !strings.HasPrefix(res.ID.Value, "#") {
			if p, _, _ := strings.Cut(res.ID.Value, "#"); p != "" {
				r.bare[p] = append(r.bare[p], res)
			}
		}
	}
	for _, a := range ix.Anchors {
		k := a.Resource + "#" + a.Name
		if _, dup := r.anchors[k]; !dup {
			r.anchors[k] = a
		}
		r.anchors[anchorKey(ix.Doc, k)] = a
	}
}

// anchorKey keys an anchor by the document declaring it too, so each claim
// of a shared $id keeps its own anchors.
func anchorKey(doc *reduce.Document, k string) string { return doc.Abs + "\x00" + k }

// claim returns the resource a lookup of uri from the document from reaches:
// from's own claim, else the claim in the folder nearest to from's, else the
// first claim (nil when none).
func (r *Registry) claim(uri string, from *reduce.Document) *Resource {
	cs := r.claims[uri]
	if len(cs) < 2 || from == nil {
		return r.resources[uri]
	}
	return nearest(cs, from)
}

// nearest returns the claim in from itself, else the one in the folder
// nearest to from's, else the first.
func nearest(cs []*Resource, from *reduce.Document) *Resource {
	best, bestLen := cs[0], -1
	for _, c := range cs {
		if c.Doc == from {
			return c
		}
		if n := commonDirLen(c.Doc.Abs, from.Abs); n > bestLen {
			best, bestLen = c, n
		}
	}
	return best
}

// commonDirLen returns the number of leading path elements the folders of
// two absolute paths share.
func commonDirLen(a, b string) int {
	as, bs := strings.Split(filepath.ToSlash(filepath.Dir(a)), "/"), strings.Split(filepath.ToSlash(filepath.Dir(b)), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// Resolve finds what the absolute URI u names: the resource registered under
// u without its fragment, then the fragment in it, read as a JSON pointer
// relative to the resource or as an anchor the resource declares. An error is
// a *reduce.RefError of kind RefUnresolved; a nil resource means no document
// declares the URI.
func (r *Registry) Resolve(u *url.URL, ref string) (reduce.Target, *Resource, error) {
	return r.ResolveFrom(u, ref, nil)
}

// ResolveFrom is Resolve for a reference written in from (nil = anywhere):
// when several documents declare the URI, the claim nearest to from wins (see
// Registry).
func (r *Registry) ResolveFrom(u *url.URL, ref string, from *reduce.Document) (reduce.Target, *Resource, error) {
	res := r.claim(Key(u), from)
	if res == nil {
		res = r.bareClaim(ref, from)
	}
	if res == nil {
		return reduce.Target{}, nil, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("no document declares %s", r.show(Key(u)))}
	}
	frag := u.Fragment
	if frag == "" || strings.HasPrefix(frag, "/") {
		n := res.Doc.Lookup(res.Pointer + frag)
		if n == nil {
			return reduce.Target{}, res, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("%s has nothing at %s", r.show(res.URI), frag)}
		}
		return reduce.Target{Doc: res.Doc, Pointer: res.Pointer + frag, Node: n}, res, nil
	}
	a := r.anchors[anchorKey(res.Doc, res.URI+"#"+frag)]
	if a == nil {
		a = r.anchors[res.URI+"#"+frag]
	}
	if a != nil {
		return reduce.Target{Doc: res.Doc, Pointer: a.Pointer, Node: a.Node}, res, nil
	}
	return reduce.Target{}, res, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("%s declares no anchor %q", r.show(res.URI), frag)}
}

// bareClaim finds the resource a relative reference names by a relative $id
// as written ("common#relation" for "$id": "common" in shared/common.json,
// referred to from a file in another folder), the one nearest from when
// several declare it; nil when none does.
func (r *Registry) bareClaim(ref string, from *reduce.Document) *Resource {
	p, _, _ := strings.Cut(ref, "#")
	if p == "" || hasScheme(p) {
		return nil
	}
	cs := r.bare[p]
	switch {
	case len(cs) == 0:
		return nil
	case from == nil:
		return cs[0]
	}
	return nearest(cs, from)
}
