package reduce

import "sync"

// memoTable keeps values built once per key, however many callers ask,
// concurrently or not.
type memoTable struct {
	mu sync.Mutex
	m  map[any]*memoEntry
}

type memoEntry struct {
	once sync.Once
	v    any
}

// get returns the value kept under key, building it first if need be.
func (t *memoTable) get(key any, build func() any) any {
	t.mu.Lock()
	if t.m == nil {
		t.m = map[any]*memoEntry{}
	}
	e := t.m[key]
	if e == nil {
		e = &memoEntry{}
		t.m[key] = e
	}
	t.mu.Unlock()
	e.once.Do(func() { e.v = build() })
	return e.v
}

// Memo returns what build returns for the document, building it once per
// key however many callers ask, concurrently or not: an index several
// families need (the $ref index of internal/idref) is built once per
// document and run. build must depend on the document alone; key is a
// comparable value of a type private to the caller.
func (d *Document) Memo(key any, build func() any) any { return d.memo.get(key, build) }

// Shared holds what every workspace of one run may share: values that
// depend on the project's files alone, not on the documents a workspace
// loaded (idref's list of the $ids the project's files write, which each
// group of a run would otherwise read the whole project for). Each value is
// built once, by whoever asks first. Once ShareTrees is called it also keeps
// the parsed trees of files several of its workspaces load (see treeCache).
// Safe for concurrent use; a nil Shared builds every time.
type Shared struct {
	memo  memoTable
	trees *treeCache
}

// NewShared returns an empty Shared, sharing no trees.
func NewShared() *Shared { return &Shared{} }

// ShareTrees makes the workspaces sharing s share the parsed trees of the
// files they load more than once, keeping at most budget bytes of source.
// Call it before any of them loads a file.
func (s *Shared) ShareTrees(budget int64) { s.trees = newTreeCache(budget) }

// TreeCounts returns how many files the workspaces sharing s parsed and how
// many times one of them took a tree another had parsed instead, since
// ShareTrees.
func (s *Shared) TreeCounts() (parsed, reused int) {
	if s.trees == nil {
		return 0, 0
	}
	return s.trees.counts()
}

// Memo returns the value kept under key, building it first if need be.
func (s *Shared) Memo(key any, build func() any) any {
	if s == nil {
		return build()
	}
	return s.memo.get(key, build)
}
