// Package fix turns findings into text edits that mend them: a mirror's
// keyword made equal to the canonical's, a description copied across. An
// edit replaces a byte range of one file and keeps everything around it as
// written (indentation, quoting, key order, comments), so a fixed file differs
// from the original only in the lines that had to change. A finding whose
// mend cannot be done safely gets no fix and a reason instead.
package fix

import (
	"fmt"
	"sort"
	"strings"
)

// Edit replaces the bytes [Start, End) of File with Text.
type Edit struct {
	// File is the path, from the repository root, slash-separated.
	File string `json:"file"`
	// Start and End are byte offsets into the file as read; End ≥ Start.
	Start int `json:"start"`
	End   int `json:"end"`
	// Text is what the range becomes ("" deletes it).
	Text string `json:"text"`
}

// Apply returns data with edits applied (all of one file). Edits that
// overlap another are an error: two fixes disagree on the same bytes.
func Apply(data []byte, edits []Edit) ([]byte, error) {
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	var b strings.Builder
	last := 0
	for i, e := range sorted {
		if i > 0 && e == sorted[i-1] {
			continue // two findings mended by the same edit (one $id several refs miss)
		}
		if e.Start < last || e.End < e.Start || e.End > len(data) {
			if i > 0 && e.Start < last {
				return nil, fmt.Errorf("%s: two fixes edit bytes %d-%d", e.File, e.Start, last)
			}
			return nil, fmt.Errorf("%s: edit %d-%d outside the file's %d bytes", e.File, e.Start, e.End, len(data))
		}
		b.Write(data[last:e.Start])
		b.WriteString(e.Text)
		last = e.End
	}
	b.Write(data[last:])
	return []byte(b.String()), nil
}

// Diff renders the change from before to after, one file's, as a unified
// diff with three lines of context, naming the file a/NAME and b/NAME as git
// does. The changed lines are found from the edits that made after, so the
// diff is exact and linear in the file's size.
func Diff(name string, before []byte, edits []Edit) (string, error) {
	after, err := Apply(before, edits)
	if err != nil {
		return "", err
	}
	if string(after) == string(before) {
		return "", nil
	}
	oldLines := splitLines(string(before))
	// Each edit touches old lines [first, last]; after the edit they are the
	// new text between the same line boundaries.
	type span struct{ first, last int }
	var spans []span
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	starts := lineStarts(string(before))
	for _, e := range sorted {
		first := lineOf(starts, e.Start)
		last := lineOf(starts, max(e.End-1, e.Start))
		if e.End > e.Start && e.End < len(before) && before[e.End-1] == '\n' {
			last = lineOf(starts, e.End-1)
		}
		if n := len(spans); n > 0 && first <= spans[n-1].last+6 {
			spans[n-1].last = max(spans[n-1].last, last)
			continue
		}
		spans = append(spans, span{first, last})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	shift := 0 // new line number minus old line number before the hunk
	for _, s := range spans {
		// The new text of old lines [s.first, s.last]: the bytes from the
		// start of line s.first to the end of line s.last, edited.
		startByte := starts[s.first]
		endByte := len(before)
		if s.last+1 < len(starts) {
			endByte = starts[s.last+1]
		}
		var inside []Edit
		for _, e := range sorted {
			if e.Start >= startByte && e.End <= endByte {
				inside = append(inside, Edit{Start: e.Start - startByte, End: e.End - startByte, Text: e.Text})
			}
		}
		region, err := Apply(before[startByte:endByte], inside)
		if err != nil {
			return "", err
		}
		newLines := splitLines(string(region))
		ops := lineDiff(oldLines[s.first:s.last+1], newLines)
		from, to := max(s.first-3, 0), min(s.last+3, len(oldLines)-1)
		oldCount, newCount := (s.first-from)+(to-s.last), (s.first-from)+(to-s.last)
		for _, op := range ops {
			if op[0] != '+' {
				oldCount++
			}
			if op[0] != '-' {
				newCount++
			}
		}
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(from, oldCount), hunkRange(from+shift, newCount))
		for _, l := range oldLines[from:s.first] {
			b.WriteString(" " + l)
		}
		for _, op := range ops {
			b.WriteString(op)
		}
		for _, l := range oldLines[s.last+1 : to+1] {
			b.WriteString(" " + l)
		}
		shift += len(newLines) - (s.last - s.first + 1)
	}
	return b.String(), nil
}

// hunkRange is a unified diff range: 1-based start and count ("0,0" style
// for an empty range starts one line before).
func hunkRange(start0, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start0)
	}
	return fmt.Sprintf("%d,%d", start0+1, count)
}

// splitLines splits s after each newline; a last line without one gets
// "\n\\ No newline at end of file\n" as diff prints it.
func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s+"\n\\ No newline at end of file\n")
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// lineStarts lists the byte offset of each line's start.
func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && i+1 < len(s) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf is the 0-based line holding byte offset off.
func lineOf(starts []int, off int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
}

// lineDiff is the shortest edit turning old into new, as diff lines (" ",
// "-" or "+" before each line), from their longest common subsequence. The
// regions it compares are the few lines around one fix, so quadratic is fine.
func lineDiff(old, new []string) []string {
	n, m := len(old), len(new)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if old[i] == new[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && old[i] == new[j]:
			ops = append(ops, " "+old[i])
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, "-"+old[i])
			i++
		default:
			ops = append(ops, "+"+new[j])
			j++
		}
	}
	return ops
}
