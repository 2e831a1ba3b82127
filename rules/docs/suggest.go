package docs

import (
	"path"
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
