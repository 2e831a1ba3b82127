package compat

import (
	"sync"

	"github.com/wirelint/wirelint/reduce"
)

// memoResolver remembers what each reference written in a document
// resolves to. A revision's operations, usage marking and reducer resolve
// the same references many times (every response of a large API names the
// same few error components), and each resolution asks the file system
// whether the target is inside the project.
type memoResolver struct {
	res reduce.Resolver
	mu  sync.Mutex
	// m holds, by referring document, what each reference written in it
	// resolved to: a map per document stays small, so growing it never
	// hashes again the references of every other file.
	m map[*reduce.Document]map[string]memoResult
}

type memoResult struct {
	target reduce.Target
	err    error
}

func newMemoResolver(res reduce.Resolver) *memoResolver {
	return &memoResolver{res: res, m: map[*reduce.Document]map[string]memoResult{}}
}

// Resolve implements reduce.Resolver.
func (m *memoResolver) Resolve(from *reduce.Document, ref string) (reduce.Target, error) {
	m.mu.Lock()
	r, ok := m.m[from][ref]
	m.mu.Unlock()
	if ok {
		return r.target, r.err
	}
	t, err := m.res.Resolve(from, ref)
	m.mu.Lock()
	refs := m.m[from]
	if refs == nil {
		refs = map[string]memoResult{}
		m.m[from] = refs
	}
	refs[ref] = memoResult{t, err}
	m.mu.Unlock()
	return t, err
}
