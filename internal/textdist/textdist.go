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
