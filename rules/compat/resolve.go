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
	m   map[memoKey]memoResult
}

type memoKey struct {
	doc *reduce.Document
	ref string
}

type memoResult struct {
	target reduce.Target
	err    error
}

func newMemoResolver(res reduce.Resolver) *memoResolver {
	return &memoResolver{res: res, m: map[memoKey]memoResult{}}
}

// Resolve implements reduce.Resolver.
func (m *memoResolver) Resolve(from *reduce.Document, ref string) (reduce.Target, error) {
	k := memoKey{from, ref}
	m.mu.Lock()
	r, ok := m.m[k]
	m.mu.Unlock()
	if ok {
		return r.target, r.err
	}
	t, err := m.res.Resolve(from, ref)
	m.mu.Lock()
	m.m[k] = memoResult{t, err}
	m.mu.Unlock()
	return t, err
}
