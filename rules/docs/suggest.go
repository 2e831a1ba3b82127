package docs

import (
	"cmp"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/textdist"
)

// generic are file names (lower-case, without extension) that many
// directories have: a file of that name elsewhere is only a moved candidate
// when its directory has the same name too.
var generic = map[string]bool{"readme": true, "index": true, "changelog": true, "contributing": true, "license": true}

// closestFile suggests an existing file for the missing path want among
// candidates (sorted): first a file with the same name elsewhere (a moved
// file), else one whose name is a near miss in spelling (a renamed file) with
// the same extension. Ties go to the path closest to want, then the first in
// order. The citing file itself is never suggested. It returns "" when
// nothing is close.
func closestFile(want, citing string, candidates []string) string {
	base := strings.ToLower(path.Base(want))
	ext := path.Ext(base)
	if ext == "" {
		return "" // a directory or a web route: a name alone says too little
	}
	best, bestBase, bestPath := "", 0, 0
	for _, c := range candidates {
		if c == citing {
			continue
		}
		cb := strings.ToLower(path.Base(c))
		if path.Ext(cb) != ext {
			continue
		}
		if generic[strings.TrimSuffix(cb, ext)] && path.Base(path.Dir(c)) != path.Base(path.Dir(want)) {
			continue // another directory's README is not this one moved
		}
		db := textdist.Levenshtein(base, cb)
		if db > max(1, len(base)/5) {
			continue
		}
		dp := textdist.Levenshtein(want, c)
		if best == "" || db < bestBase || db == bestBase && dp < bestPath {
			best, bestBase, bestPath = c, db, dp
		}
	}
	return best
}

// maxNearMiss is the most edits the spelling index finds a renamed file's
// name at. closestFile allows len/5 edits, so a name of 15 bytes or more may
// be further off than that: such a rename is found when it added or dropped
// one word of the name (low-noise-heap-target.png, renamed
// low-noise-high-heap-target.png, is five edits away).
const maxNearMiss = 2

// fileIndex finds the candidates closestFile may suggest for a missing
// path without reading every candidate. Per extension, built when first
// asked, each distinct name (lower-cased) is filed under a hash of every
// spelling its stem takes with up to maxNearMiss bytes deleted — a missing
// name's own deletions meet its near misses there, since two names within k
// edits share a spelling with at most k bytes deleted from each (a hash
// collision only adds a candidate closestFile rejects) — and under its stem
// with each word (a run between '-', '_', '.' and ' ') left out. A lookup
// costs about len(stem)² binary searches and a few map reads, whatever the
// tree's size.
type fileIndex struct {
	candidates []string
	byExt      map[string]*extIndex
}

// extIndex is the index of the candidates with one extension.
type extIndex struct {
	files    [][]int            // per distinct name: indices in candidates, ascending
	spelling []spellingHash     // sorted by hash
	byWords  map[string][]int32 // a stem, and each stem with one word left out → names
}

// spellingHash files one spelling of a name's stem under its hash.
type spellingHash struct {
	hash uint64
	name int32 // index in extIndex.files
}

func newFileIndex(candidates []string) *fileIndex {
	return &fileIndex{candidates: candidates, byExt: map[string]*extIndex{}}
}

// near returns the candidates that may be closestFile's answer for want, in
// the candidates' order.
func (x *fileIndex) near(want string) []string {
	base := strings.ToLower(path.Base(want))
	ext := path.Ext(base)
	if ext == "" {
		return nil
	}
	e := x.byExt[ext]
	if e == nil {
		e = x.build(ext)
		x.byExt[ext] = e
	}
	seen := map[int32]bool{}
	stem := strings.TrimSuffix(base, ext)
	if max(1, len(base)/5) > maxNearMiss {
		for _, n := range e.byWords[stem] {
			seen[n] = true // a name with one more word
		}
		eachWordLeftOut(stem, func(w string) {
			for _, n := range e.byWords[w] {
				seen[n] = true // a name with one word less, or another in its place
			}
		})
	}
	spellings(strings.TrimSuffix(base, ext), min(maxNearMiss, max(1, len(base)/5)), func(h uint64) {
		for i := sort.Search(len(e.spelling), func(i int) bool { return e.spelling[i].hash >= h }); i < len(e.spelling) && e.spelling[i].hash == h; i++ {
			seen[e.spelling[i].name] = true
		}
	})
	var ids []int
	for n := range seen {
		ids = append(ids, e.files[n]...)
	}
	sort.Ints(ids)
	out := make([]string, len(ids))
	for k, i := range ids {
		out[k] = x.candidates[i]
	}
	return out
}

// build indexes the candidates named with extension ext.
func (x *fileIndex) build(ext string) *extIndex {
	e := &extIndex{byWords: map[string][]int32{}}
	byName := map[string]int32{}
	for i, c := range x.candidates {
		name := strings.ToLower(path.Base(c))
		if path.Ext(name) != ext {
			continue
		}
		n, seen := byName[name]
		if !seen {
			n = int32(len(e.files))
			byName[name] = n
			e.files = append(e.files, nil)
			stem := strings.TrimSuffix(name, ext)
			e.byWords[stem] = append(e.byWords[stem], n)
			eachWordLeftOut(stem, func(w string) { e.byWords[w] = append(e.byWords[w], n) })
			spellings(strings.TrimSuffix(name, ext), maxNearMiss, func(h uint64) {
				e.spelling = append(e.spelling, spellingHash{h, n})
			})
		}
		e.files[n] = append(e.files[n], i)
	}
	slices.SortFunc(e.spelling, func(a, b spellingHash) int { return cmp.Compare(a.hash, b.hash) })
	return e
}

// eachWordLeftOut calls fn with stem less each of its words and the
// separator before it (the first word: after it), when it has two or more.
func eachWordLeftOut(stem string, fn func(string)) {
	isSep := func(c byte) bool { return c == '-' || c == '_' || c == '.' || c == ' ' }
	start := 0
	for i := 0; i <= len(stem); i++ {
		if i < len(stem) && !isSep(stem[i]) {
			continue
		}
		switch {
		case start == 0 && i < len(stem):
			fn(stem[i+1:])
		case start > 0:
			fn(stem[:start-1] + stem[i:])
		}
		start = i + 1
	}
}

// spellings calls fn with a hash of s and of every string made by deleting
// one or (k = 2) two of its bytes: a polynomial hash (mod 2⁶⁴), so each
// deletion's hash is put together from s's prefix hashes in constant time.
func spellings(s string, k int, fn func(uint64)) {
	const base = 1099511628211
	m := len(s)
	prefix := make([]uint64, m+1) // prefix[i] hashes s[:i]
	power := make([]uint64, m+1)  // power[i] = base^i
	power[0] = 1
	for i := 0; i < m; i++ {
		prefix[i+1] = prefix[i]*base + uint64(s[i]) + 1
		power[i+1] = power[i] * base
	}
	span := func(from, to int) uint64 { return prefix[to] - prefix[from]*power[to-from] } // hashes s[from:to]
	fn(prefix[m])
	for i := 0; k >= 1 && i < m; i++ {
		fn(prefix[i]*power[m-i-1] + span(i+1, m))
		for j := i + 1; k >= 2 && j < m; j++ {
			fn((prefix[i]*power[j-i-1]+span(i+1, j))*power[m-j-1] + span(j+1, m))
		}
	}
}

// closestAnchor suggests the anchor of doc closest to the missing want: one
// that contains it or is contained in it, shares its first four characters
// (a reworded heading: #finish-reasons for "Finishing a frame"), or is a near
// miss in spelling. The smallest edit distance wins; nil when nothing is close.
func closestAnchor(want string, doc *Markdown) *Anchor {
	want = strings.ToLower(want)
	var best *Anchor
	bestD := 0
	for i := range doc.Anchors {
		a := &doc.Anchors[i]
		name := strings.ToLower(a.Name)
		d := textdist.Levenshtein(want, name)
		close := d <= max(2, len(want)/3) ||
			len(want) >= 3 && strings.Contains(name, want) ||
			len(name) >= 3 && strings.Contains(want, name) ||
			commonPrefix(want, name) >= 4
		if close && (best == nil || d < bestD) {
			best, bestD = a, d
		}
	}
	return best
}

// commonPrefix is the length in bytes of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// relative returns the slash path from directory dir to target, both relative
// to the same root ("." is the root).
func relative(dir, target string) string {
	split := func(p string) []string {
		if p == "." || p == "" {
			return nil
		}
		return strings.Split(p, "/")
	}
	d, t := split(dir), split(target)
	i := 0
	for i < len(d) && i < len(t) && d[i] == t[i] {
		i++
	}
	parts := make([]string, 0, len(d)-i+len(t)-i)
	for range d[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	return strings.Join(parts, "/")
}
