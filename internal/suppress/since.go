package suppress

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/gitx"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Changes is what changed in a work tree since a revision: for each file
// (slash-separated, relative to the directory asked about), its changed line
// numbers in the current version. A file mapped to nil changed as a whole
// (new or untracked).
type Changes map[string]map[int]bool

// GitChanges asks git, through the project's repository repo, for the lines
// changed in dir since rev, working tree and index included, plus untracked
// files. Paths are relative to dir, which must lie inside repo's work tree.
func GitChanges(repo *gitx.Repo, dir, rev string) (Changes, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("--since %q: a revision cannot start with '-'", rev)
	}
	rel, err := filepath.Rel(repo.Top, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("--since %s: %s is outside the repository at %s", rev, filepath.ToSlash(dir), filepath.ToSlash(repo.Top))
	}
	rel = filepath.ToSlash(rel)
	if _, err := repo.Run(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err != nil {
		return nil, repo.NoCommit("--since", rev)
	}
	relative := "--relative"
	if rel != "." {
		relative += "=" + rel + "/"
	}
	diff, err := repo.Run(nil, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", relative, rev, "--", rel)
	if err != nil {
		return nil, fmt.Errorf("--since %s: git diff: %w", rev, err)
	}
	ch, err := ParseDiff(diff)
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", rev, err)
	}
	untracked, err := repo.Run(nil, "ls-files", "-z", "--others", "--exclude-standard", "--", rel)
	if err != nil {
		return nil, fmt.Errorf("--since %s: git ls-files: %w", rev, err)
	}
	for _, f := range strings.Split(string(untracked), "\x00") {
		if f == "" {
			continue
		}
		if rel != "." {
			f = strings.TrimPrefix(f, rel+"/")
		}
		ch[f] = nil
	}
	return ch, nil
}

// ParseDiff reads a unified diff with zero context (git diff -U0) into the
// changed lines of each new-side file. A hunk that only deletes marks the
// lines on both sides of the cut, so the definition it shrank counts as touched.
func ParseDiff(diff []byte) (Changes, error) {
	ch := Changes{}
	var cur map[int]bool
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if unq, err := strconv.Unquote(name); err == nil {
				name = unq
			}
			if name == "/dev/null" {
				cur = nil
				continue
			}
			name = strings.TrimPrefix(name, "b/")
			cur = map[int]bool{}
			ch[name] = cur
		case strings.HasPrefix(line, "@@ ") && cur != nil:
			start, count, err := hunkNew(line)
			if err != nil {
				return nil, err
			}
			if count == 0 {
				cur[start] = true
				cur[start+1] = true
				continue
			}
			for i := start; i < start+count; i++ {
				cur[i] = true
			}
		}
	}
	return ch, sc.Err()
}

// hunkNew reads the new-side range of a hunk header "@@ -a,b +c,d @@".
func hunkNew(h string) (start, count int, err error) {
	fields := strings.Fields(h)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, fmt.Errorf("malformed hunk header %q", h)
	}
	s, c, hasCount := strings.Cut(fields[2][1:], ",")
	if start, err = strconv.Atoi(s); err != nil {
		return 0, 0, fmt.Errorf("malformed hunk header %q", h)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(c); err != nil {
			return 0, 0, fmt.Errorf("malformed hunk header %q", h)
		}
	}
	return start, count, nil
}

// Touched keeps the findings in a definition or route that changed: a
// location counts when a changed line falls inside the span of the unit
// holding it (the named definition, the paths entry, else the node its
// pointer names) in a loaded document, or on its own line in any other
// file. A location without a line counts when its file changed at all.
// docs maps display paths to loaded documents.
func Touched(fs []report.Finding, ch Changes, docs map[string]*reduce.Document) []report.Finding {
	var out []report.Finding
	for _, f := range fs {
		for _, l := range f.Locations {
			if touched(l, ch, docs) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func touched(l report.Location, ch Changes, docs map[string]*reduce.Document) bool {
	file := filepath.ToSlash(l.File)
	lines, ok := ch[file]
	if !ok {
		return false
	}
	if lines == nil || l.Line == 0 {
		return true
	}
	first, last := l.Line, l.Line
	if doc := docs[l.File]; doc != nil {
		if k, n := unitAt(doc, l.Pointer); n != nil {
			first, last = k.Line, lastLine(n, 0)
			if first == 0 || first > l.Line {
				first = l.Line
			}
			last = max(last, l.Line)
		}
	}
	for i := first; i <= last; i++ {
		if lines[i] {
			return true
		}
	}
	return false
}

// unitAt returns the node whose span decides whether pointer p was touched,
// and the node where that span starts (its key, when it has one).
func unitAt(doc *reduce.Document, p string) (start, n *reduce.Node) {
	var best *reduce.Definition
	for _, d := range doc.Definitions {
		if (p == d.Pointer || strings.HasPrefix(p, d.Pointer+"/")) && (best == nil || len(d.Pointer) > len(best.Pointer)) {
			best = d
		}
	}
	if best != nil {
		return best.Key, best.Node
	}
	tokens := reduce.SplitPointer(p)
	if len(tokens) >= 2 && (tokens[0] == "paths" || tokens[0] == "webhooks") {
		k, v := reduce.Get(reduce.Value(doc.Root, tokens[0]), tokens[1])
		if k != nil {
			return k, v
		}
	}
	if p == "" {
		return nil, nil // the whole document: its own line only
	}
	n = reduce.Lookup(doc.Root, p)
	return n, n
}

// lastLine is the last line n's subtree occupies (a scalar: its own line).
func lastLine(n *reduce.Node, depth int) int {
	n = reduce.Deref(n)
	if n == nil || depth > maxWalkDepth {
		return 0
	}
	last := n.Line
	if len(n.Content) > 0 {
		last = max(last, lastLine(n.Content[len(n.Content)-1], depth+1))
	}
	if n.Kind == reduce.ScalarNode {
		last += strings.Count(strings.TrimRight(n.Value, "\n"), "\n")
	}
	return last
}
