package reduce

import (
	"bytes"
	"container/list"
	"hash/maphash"
	"path/filepath"
	"strings"
	"sync"
)

// TreeCacheBudget is how many bytes of source a run's TreeCache keeps, with
// their trees (about ten times as much memory): a few large shared files.
const TreeCacheBudget = 16 << 20

// treeCache keeps parsed trees across the workspaces of one run (the groups
// of a configuration): a file whose bytes some workspace parses a second
// time is kept, and the workspaces that load it later take its tree instead
// of parsing it again. A thousand schemas each a group of its own, referring
// to one large definitions file, parse it twice instead of a thousand times.
// It keeps at most budget bytes of source, dropping the least recently used
// tree first; a file parsed once costs a hash. As with Trees, a tree is
// read-only once loaded and never held twice by one workspace (two files of
// one workspace with the same bytes are two trees). Safe for concurrent use.
type treeCache struct {
	budget int64
	seed   maphash.Seed
	mu     sync.Mutex
	seen   map[treeKey]bool // parsed once and not kept
	kept   map[treeKey]*list.Element
	order  *list.List // of *cachedTree, the most recently used first
	size   int64
	// parsed counts the trees parsed through the cache and reused the
	// trees handed out again.
	parsed, reused int
}

type cachedTree struct {
	key    treeKey
	data   []byte
	root   *Node
	format string
}

func newTreeCache(budget int64) *treeCache {
	return &treeCache{budget: budget, seed: maphash.MakeSeed(), seen: map[treeKey]bool{}, kept: map[treeKey]*list.Element{}, order: list.New()}
}

// parse returns the document of data for w: a tree the cache keeps, or a
// new one (kept when these bytes were parsed before). file names the file
// in errors.
func (c *treeCache) parse(w *Workspace, data []byte, file string, b treeBudgets) (*Document, error) {
	k := treeKey{sum: maphash.Bytes(c.seed, data), json: strings.EqualFold(filepath.Ext(file), ".json"), b: b}
	c.mu.Lock()
	admit := false
	if e := c.kept[k]; e != nil {
		t := e.Value.(*cachedTree)
		if bytes.Equal(t.data, data) && w.takeTree(t) {
			c.order.MoveToFront(e)
			c.reused++
			c.mu.Unlock()
			return &Document{Path: file, Root: t.root, Format: t.format, source: t.data}, nil
		}
	} else {
		admit = c.seen[k] && int64(len(data)) <= c.budget
		c.seen[k] = true
	}
	c.parsed++
	c.mu.Unlock()
	doc, err := parseTree(data, file, b)
	if err != nil || !admit {
		return doc, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept[k] == nil {
		t := &cachedTree{key: k, data: data, root: doc.Root, format: doc.Format}
		w.takeTree(t)
		c.kept[k] = c.order.PushFront(t)
		c.size += int64(len(data))
		for c.size > c.budget {
			last := c.order.Back()
			old := c.order.Remove(last).(*cachedTree)
			delete(c.kept, old.key)
			c.size -= int64(len(old.data))
		}
	}
	return doc, nil
}

// counts returns how many trees were parsed through the cache and how many
// times a kept one was handed out instead.
func (c *treeCache) counts() (parsed, reused int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.parsed, c.reused
}

// takeTree records that w holds t and reports whether it did not already.
func (w *Workspace) takeTree(t *cachedTree) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cached[t] {
		return false
	}
	if w.cached == nil {
		w.cached = map[*cachedTree]bool{}
	}
	w.cached[t] = true
	return true
}
