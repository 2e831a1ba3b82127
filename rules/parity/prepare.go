package parity

import (
	"strings"
	"sync/atomic"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// prepared is a lone canonical file's share of a comparison, computed while
// the mirror was still loading (see prepare): its definition index, its
// definitions projected by the reducers of the shards they will be compared
// in, and its keyword findings.
type prepared struct {
	doc      *reduce.Document
	cdefs    *defIndex
	reducers []*reduce.Reducer
	keywords []report.Finding
	// local answered the resolutions the preparation asked; open hands every
	// later one to the run's resolver
	local *localResolver
}

// prepare is the family's Prepare: for a JSON document that is the only
// canonical file of one of the pass's entries (not its mirror too), it does
// what CompareAll and CheckAll would begin with on that document, before
// the mirror has loaded. It gives up (nil) unless every reference it meets
// is a fragment of the document itself that the document holds: answered
// by the workspace alone, such a reference resolves the same whatever else
// has loaded, while any other may resolve by $id against documents loaded
// later, or load a file itself.
func prepare(p *family.Pass, path string, doc *reduce.Document) any {
	lone := false
	for _, en := range p.Entries {
		e := en.Value.(Entry)
		if files := e.CanonicalFiles(); len(files) == 1 && files[0] == path && e.Mirror != path {
			lone = true
		}
	}
	if !lone || doc.Format != "json" || !localOnly(doc) {
		return nil
	}
	local := &localResolver{doc: doc, ws: p.Workspace, run: p.Resolver}
	red := reduce.NewReducer(local)
	cdefs := definitionIndex(red, []*reduce.Document{doc})
	// the shards of a JSON pair; a YAML mirror keeps one run, and the first
	// reducer is still its (the others' projections go unused)
	parts := shards(cdefs.order, []*reduce.Document{doc})
	reducers := make([]*reduce.Reducer, len(parts))
	for i, names := range parts {
		reducers[i] = red
		if i > 0 {
			reducers[i] = reduce.NewReducer(local)
		}
		for _, name := range names {
			cd := cdefs.byName[name]
			reducers[i].Schema(cd.doc, cd.def.Node, cd.def.Pointer)
		}
	}
	if local.failed.Load() || len(cdefs.docs) > 0 || len(cdefs.partial) > 0 {
		return nil
	}
	return &prepared{doc: doc, cdefs: cdefs, reducers: reducers, keywords: KeywordFindings(doc), local: local}
}

// localOnly reports whether doc can be prepared at all: no keyword that sets
// a base URI ($id, draft-04's id, OpenAPI's $self), no dynamic or recursive
// reference, and every $ref of a schema a fragment.
func localOnly(doc *reduce.Document) bool {
	for _, k := range []string{idref.IDKeyword(doc.Dialect), "$self", "$dynamicRef", "$recursiveRef"} {
		if k != "" && doc.MayHoldKey(k) {
			return false
		}
	}
	ok := true
	doc.WalkSchemas(func(s reduce.SchemaSite) {
		if s.Ref != nil && !strings.HasPrefix(s.Ref.Value, "#") {
			ok = false
		}
	})
	return ok
}

// localResolver answers the preparation's resolutions from the workspace
// alone while it runs: a fragment of the prepared document that the
// document holds resolves there, as the run's resolver would resolve it
// first; anything else marks the preparation failed. Once opened, it hands
// every resolution to the run's resolver, for the comparison the prepared
// reducers go on with.
type localResolver struct {
	doc    *reduce.Document
	ws     *reduce.Workspace
	run    reduce.Resolver
	opened atomic.Bool // set before the comparison's goroutines start
	failed atomic.Bool
}

func (l *localResolver) open() { l.opened.Store(true) }

// Resolve implements reduce.Resolver.
func (l *localResolver) Resolve(from *reduce.Document, ref string) (reduce.Target, error) {
	if l.opened.Load() {
		return l.run.Resolve(from, ref)
	}
	if from == l.doc && strings.HasPrefix(ref, "#") {
		if t, err := l.ws.ResolveOnDisk(from, ref); err == nil {
			return t, nil
		}
	}
	l.failed.Store(true)
	return reduce.Target{}, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: "not prepared"}
}

// ResolveAt implements reduce.ScopedResolver: the prepared document has no
// $id scopes, so while preparing it is never asked.
func (l *localResolver) ResolveAt(from *reduce.Document, ptr, ref string) (reduce.Target, error) {
	if l.opened.Load() {
		if sr, ok := l.run.(reduce.ScopedResolver); ok {
			return sr.ResolveAt(from, ptr, ref)
		}
		return l.run.Resolve(from, ref)
	}
	l.failed.Store(true)
	return reduce.Target{}, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: "not prepared"}
}

// HasIDScopes implements reduce.ScopedResolver: the prepared document
// declares no $id (localOnly), so it has none.
func (l *localResolver) HasIDScopes(doc *reduce.Document) bool {
	if l.opened.Load() {
		if sr, ok := l.run.(reduce.ScopedResolver); ok {
			return sr.HasIDScopes(doc)
		}
		return false
	}
	if doc != l.doc {
		l.failed.Store(true)
	}
	return false
}
