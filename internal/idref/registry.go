package idref

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Registry maps absolute URIs to the resources and anchors of the documents
// added to it. The first document to claim a URI keeps it; later claims are
// listed in Duplicates.
type Registry struct {
	resources map[string]*Resource
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
	return &Registry{resources: map[string]*Resource{}, anchors: map[string]*Anchor{}}
}

// Add registers every resource and anchor of ix.
func (r *Registry) Add(ix *Index) {
	for _, res := range ix.Resources {
		if prev, dup := r.resources[res.URI]; dup {
			if prev.Doc != res.Doc || prev.Pointer != res.Pointer {
				r.Duplicates = append(r.Duplicates, res)
			}
			continue
		}
		r.resources[res.URI] = res
	}
	for _, a := range ix.Anchors {
		k := a.Resource + "#" + a.Name
		if _, dup := r.anchors[k]; !dup {
			r.anchors[k] = a
		}
	}
}

// Resolve finds what the absolute URI u names: the resource registered under
// u without its fragment, then the fragment in it, read as a JSON pointer
// relative to the resource or as an anchor the resource declares. An error is
// a *reduce.RefError of kind RefUnresolved; a nil resource means no document
// declares the URI.
func (r *Registry) Resolve(u *url.URL, ref string) (reduce.Target, *Resource, error) {
	res := r.resources[Key(u)]
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
	if a := r.anchors[res.URI+"#"+frag]; a != nil {
		return reduce.Target{Doc: res.Doc, Pointer: a.Pointer, Node: a.Node}, res, nil
	}
	return reduce.Target{}, res, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("%s declares no anchor %q", r.show(res.URI), frag)}
}
