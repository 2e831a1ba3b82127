package reduce

import "sync"

type memoEntry struct {
	once sync.Once
	v    any
}

// Memo returns what build returns for the document, building it once per
// key however many callers ask, concurrently or not: an index several
// families need (the $ref index of internal/idref) is built once per
// document and run. build must depend on the document alone; key is a
// comparable value of a type private to the caller.
func (d *Document) Memo(key any, build func() any) any {
	d.memoMu.Lock()
	if d.memo == nil {
		d.memo = map[any]*memoEntry{}
	}
	e := d.memo[key]
	if e == nil {
		e = &memoEntry{}
		d.memo[key] = e
	}
	d.memoMu.Unlock()
	e.once.Do(func() { e.v = build() })
	return e.v
}
