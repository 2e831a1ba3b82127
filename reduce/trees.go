package reduce

import (
	"bytes"
	"hash/maphash"
	"path/filepath"
	"strings"
	"sync"
)

// Trees shares parsed trees between workspaces: a file whose bytes another
// workspace already parsed (the same file in the base and head revisions of
// a comparison, most files of a large tree between two commits) is parsed
// once, and both documents hold the one tree. A tree is never shared within
// one workspace: two files of one revision are two documents whose $refs
// resolve from their own folders, and caches keyed by node (a Reducer's)
// must not meet the one tree from both. Trees are read-only once loaded.
// A Trees is safe for concurrent use; its zero value is not usable (NewTrees).
type Trees struct {
	seed maphash.Seed
	mu   sync.Mutex
	m    map[treeKey][]*sharedTree
	// parsed counts the trees parsed and shared the trees handed out again.
	parsed, shared int
}

// treeKey is what a parse depends on besides the bytes: the budgets and
// whether the file is named .json (which holds it to strict JSON).
type treeKey struct {
	sum  uint64
	json bool
	b    treeBudgets
}

type sharedTree struct {
	data   []byte
	root   *Node
	format string
	// users are the workspaces holding the tree.
	users map[*Workspace]bool
}

// NewTrees returns an empty set of shared trees.
func NewTrees() *Trees {
	return &Trees{seed: maphash.MakeSeed(), m: map[treeKey][]*sharedTree{}}
}

// Counts returns how many trees were parsed and how many times one was
// handed to a second workspace instead of parsing again.
func (t *Trees) Counts() (parsed, shared int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.parsed, t.shared
}

// parse returns the tree of data for w: one another workspace parsed from
// the same bytes, or a new one (remembered for the next workspace). file
// names the file in errors.
func (t *Trees) parse(w *Workspace, data []byte, file string, b treeBudgets) (*Document, error) {
	k := treeKey{sum: maphash.Bytes(t.seed, data), json: strings.EqualFold(filepath.Ext(file), ".json"), b: b}
	t.mu.Lock()
	for _, s := range t.m[k] {
		if !s.users[w] && bytes.Equal(s.data, data) {
			s.users[w] = true
			t.shared++
			t.mu.Unlock()
			return &Document{Path: file, Root: s.root, Format: s.format, source: s.data}, nil
		}
	}
	t.mu.Unlock()
	doc, err := parseTree(data, file, b)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.m[k] = append(t.m[k], &sharedTree{data: data, root: doc.Root, format: doc.Format, users: map[*Workspace]bool{w: true}})
	t.parsed++
	t.mu.Unlock()
	return doc, nil
}
