package reduce

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Workspaces sharing a Shared load one large file each (a thousand schemas
// referring to one definitions file, each a group of its own): it is parsed
// twice — once to learn it is shared, once to keep — and every later
// workspace takes the kept tree. One workspace loading two files with the
// same bytes gets two trees, and a file parsed once is never kept.
func TestTreeCacheSharesTreesBetweenWorkspaces(t *testing.T) {
	dir := t.TempDir()
	defs := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string"}}}`
	for name, body := range map[string]string{"defs.json": defs, "copy.json": defs, "once.json": `{"type": "object"}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shared := NewShared()
	shared.ShareTrees(TreeCacheBudget)
	load := func(ws *Workspace, name string) *Document {
		t.Helper()
		d, err := ws.Load(filepath.Join(dir, name), "")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	var roots []*Node
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range 20 {
		ws := NewWorkspace(dir)
		ws.Shared = shared
		d := load(ws, "defs.json")
		c := load(ws, "copy.json")
		if c.Root == d.Root {
			t.Fatal("one workspace holds one tree for two files with the same bytes")
		}
		mu.Lock()
		roots = append(roots, d.Root)
		mu.Unlock()
		wg.Go(func() {
			// workspaces of a run load at once
			ws := NewWorkspace(dir)
			ws.Shared = shared
			d := load(ws, "defs.json")
			mu.Lock()
			roots = append(roots, d.Root)
			mu.Unlock()
		})
	}
	wg.Wait()
	ws := NewWorkspace(dir)
	ws.Shared = shared
	load(ws, "once.json")
	distinct := map[*Node]bool{}
	for _, r := range roots {
		distinct[r] = true
	}
	// the first parse of the bytes is not kept, the second is; a workspace
	// already holding the kept tree parses its second copy
	if len(distinct) > 25 {
		t.Errorf("%d trees for 40 loads of one file's bytes in 40 workspaces: the cache kept none", len(distinct))
	}
	if n := len(shared.trees.kept); n != 1 {
		t.Errorf("the cache keeps %d trees, want 1: the shared file's, not once.json's", n)
	}
	parsed, reused := shared.TreeCounts()
	if reused < 30 || parsed+reused != 61 {
		t.Errorf("parsed %d, reused %d of 61 loads; want most reused", parsed, reused)
	}
}

// The cache keeps at most its budget of source bytes, the least recently
// used tree dropped first, and keeps nothing larger than its budget.
func TestTreeCacheStaysWithinBudget(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 8 {
		name := filepath.Join(dir, strings.Repeat("f", i+1)+".json")
		body := `{"type": "string", "description": "` + strings.Repeat("x", 100*(i+1)) + `"}`
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	c := newTreeCache(1000)
	for range 3 {
		// the smallest file between every other: it stays the most
		// recently used, and kept
		for _, name := range slices.Concat(names, names[:1]) {
			ws := NewWorkspace(dir)
			ws.Shared = &Shared{trees: c}
			if _, err := ws.Load(name, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := ws.Load(names[0], ""); err != nil {
				t.Fatal(err)
			}
			if c.size > c.budget {
				t.Fatalf("the cache holds %d bytes, over its budget of %d", c.size, c.budget)
			}
			for e := c.order.Front(); e != nil; e = e.Next() {
				if int64(len(e.Value.(*cachedTree).data)) > c.budget {
					t.Fatal("the cache kept a file larger than its budget")
				}
			}
		}
	}
	if _, reused := c.counts(); reused == 0 {
		t.Error("nothing reused: the cache kept no tree")
	}
}
