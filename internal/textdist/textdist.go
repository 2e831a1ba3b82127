// Package textdist measures how far apart two strings are, for the "did you
// mean" suggestions of several rules and of the configuration loader.
package textdist

// Levenshtein returns the edit distance between a and b counted in bytes:
// the fewest single-byte insertions, deletions and substitutions that turn a
// into b.
func Levenshtein(a, b string) int {
	if a == b {
		return 0
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			next := min(row[j]+1, row[j-1]+1, diag+cost)
			diag, row[j] = row[j], next
		}
	}
	return row[len(b)]
}

// AtMost returns Levenshtein(a, b) when it is at most k, and k+1 when it is
// more, without doing the work a larger distance would need: a common
// prefix and suffix are set aside (they cost no edit), strings whose
// lengths differ by more than k are not compared, only the cells within k
// of the table's diagonal are filled, and a row whose every cell exceeds k
// ends it. A suggestion of one or two edits among thousands of names costs
// little this way.
func AtMost(a, b string, k int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a)-len(b) > k || len(b)-len(a) > k {
		return k + 1
	}
	if len(a) == 0 || len(b) == 0 {
		return max(len(a), len(b)) // within k: checked above
	}
	// row[j] is the distance between a[:i] and b[:j], capped at k+1; only
	// the cells within k of the diagonal are computed. A cell just outside
	// the band, read as a neighbour, is a distance of at least k (a cell's
	// distance is at least |i-j|), so it cannot bring one inside below k+1
	over := k + 1
	var buf [64]int
	row := buf[:0]
	if len(b)+1 > len(buf) {
		row = make([]int, 0, len(b)+1)
	}
	for j := 0; j <= len(b); j++ {
		row = append(row, min(j, over))
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		diag, least := row[lo-1], over
		if lo == 1 {
			row[0] = min(i, over)
			least = row[0]
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			next := min(row[j]+1, row[j-1]+1, diag+cost, over)
			diag, row[j] = row[j], next
			least = min(least, next)
		}
		if least > k {
			return over
		}
	}
	return min(row[len(b)], over)
}

// OneEdit reports whether a and b differ by exactly one edit: a single-byte
// insertion, deletion or substitution, or two adjacent bytes swapped
// (maxLenght for maxLength).
func OneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) == len(b) {
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return true // substitution
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a) != len(b)+1 {
		return false
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	return a[i+1:] == b[i:]
}
