package docs

import (
	"bytes"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// citedPaths finds the paths matching refs in the comments of src.
// A path is a run of path characters, optionally followed by #anchor;
// trailing full stops are prose, and a path after "//" is part of a URL.
// matched memoizes citesDoc for bare tokens (nil = no memo); a scanner
// goroutine keeps one across files.
func citedPaths(file string, src []byte, comments []Span, refs []Glob, matched map[string]bool) []citation {
	if len(refs) == 0 {
		return nil
	}
	var out []citation
	lines := lineIndex{src: src}
	var foreign map[string]string // first folder → foreignFolders, per file
	for _, sp := range comments {
		text := src[sp.Start:sp.End]
		for i := 0; i < len(text); {
			r, size := utf8.DecodeRune(text[i:])
			if !isPathRune(r) {
				i += size
				continue
			}
			start := i
			pathLike := false // holds a '/' or '.'
			for i < len(text) {
				if c := text[i]; c < utf8.RuneSelf {
					if !pathBytes[c] {
						break
					}
					pathLike = pathLike || c == '/' || c == '.'
					i++
					continue
				}
				r, size = utf8.DecodeRune(text[i:])
				if !isPathRune(r) {
					break
				}
				i += size
			}
			if !pathLike {
				continue
			}
			end := i
			if i < len(text) && text[i] == '#' {
				i++
				for i < len(text) {
					r, size = utf8.DecodeRune(text[i:])
					if !isAnchorRune(r) {
						break
					}
					i += size
				}
				end = i
			}
			raw := bytes.TrimSuffix(bytes.TrimRight(text[start:end], "."), []byte("#"))
			if len(raw) == 0 || bytes.HasPrefix(raw, []byte("//")) || start > 0 && text[start-1] == '*' {
				continue // a URL's path, or a glob's tail (-path '*/docs/x.md')
			}
			var tok string
			if bare := raw[0] != '.'; bare && matched != nil {
				hit, seen := matched[string(raw)] // no allocation for the lookup
				if seen && !hit {
					continue
				}
				tok = string(raw)
				if !seen {
					hit = citesDoc(file, tok, refs)
					matched[tok] = hit
					if !hit {
						continue
					}
				}
			} else if tok = string(raw); !citesDoc(file, tok, refs) {
				continue
			}
			if besideURL(text[:start]) {
				continue // another repository's path: "https://github.com/o/r manual/x.md"
			}
			ct := citation{rule: brokenRefRule, file: file, target: tok}
			ct.line, ct.col = lines.position(sp.Start + start)
			if first, _, nested := strings.Cut(tok, "/"); nested && tok[0] != '.' {
				if foreign == nil {
					foreign = map[string]string{}
				}
				f, seen := foreign[first]
				if !seen {
					f = strings.Join(foreignFolders(src, first), "\n")
					foreign[first] = f
				}
				ct.foreign = f
			}
			out = append(out, ct)
		}
	}
	return out
}

// besideURL reports a comment's text before a path ending in a URL and a
// space: the path is that URL's repository's ("see https://x.example/r
// manual/a.md").
func besideURL(before []byte) bool {
	t := bytes.TrimRight(before, " \t")
	if len(t) == len(before) {
		return false
	}
	t = bytes.TrimRight(t, ":,")
	word := t[bytes.LastIndexAny(t, " \t(\n")+1:]
	return bytes.Contains(word, []byte("://")) || bytes.HasPrefix(bytes.ToLower(word), []byte("github.com/"))
}

// foreignFolders returns the folders src names (in code or comments, a
// regular expression's \/ read as /) that hold a folder named first below
// another path: tmp/semconv for "tmp/semconv/docs/README.md" or
// /^tmp\/semconv\/docs\//, sorted and distinct. A URL's path is not one.
func foreignFolders(src []byte, first string) []string {
	needle := "/" + first + "/"
	if !bytes.Contains(src, []byte(needle)) && !bytes.Contains(src, []byte(`\/`+first+`\/`)) {
		return nil
	}
	text := bytes.ReplaceAll(src, []byte(`\/`), []byte("/"))
	seen := map[string]bool{}
	var out []string
	for from := 0; ; {
		i := bytes.Index(text[from:], []byte(needle))
		if i < 0 {
			break
		}
		i += from
		from = i + 1
		start := i
		for start > 0 && text[start-1] < utf8.RuneSelf && pathBytes[text[start-1]] {
			start--
		}
		if bytes.HasPrefix(text[start:i], []byte("//")) || start > 0 && text[start-1] == ':' {
			continue // a URL's path: a site's, not a tree's
		}
		folder := strings.Trim(string(text[start:i]), "/")
		if folder == "" || folder == "." || folder == ".." || strings.HasSuffix(folder, "/..") || seen[folder] {
			continue
		}
		seen[folder] = true
		out = append(out, folder)
	}
	sort.Strings(out)
	return out
}

// citesDoc reports whether a token names a documentation path: its path,
// read from the root (or from the citing file when it starts with ./ or ../),
// matches one of refs.
func citesDoc(file, tok string, refs []Glob) bool {
	p := tok
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	switch {
	case strings.HasPrefix(p, "./"), strings.HasPrefix(p, "../"):
		p = path.Join(path.Dir(file), p)
	case strings.Contains(p, "//") || strings.Contains(p, "/.") || strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/"):
		p = path.Clean(strings.TrimLeft(p, "/"))
	}
	return anyMatch(refs, p)
}

// pathBytes marks the ASCII bytes a cited path may contain.
var pathBytes = func() (t [utf8.RuneSelf]bool) {
	for c := byte(0); c < utf8.RuneSelf; c++ {
		t[c] = isAlpha(c) || c >= '0' && c <= '9' || strings.IndexByte("_-./~+@%", c) >= 0
	}
	return t
}()

func isPathRune(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return pathBytes[r]
	case r == utf8.RuneError:
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

func isAnchorRune(r rune) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		return isAlpha(c) || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '%'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// lineIndex converts byte offsets of src to 1-based line and character
// columns. Offsets are asked for in increasing order, so it walks forward
// from the last one instead of indexing every line.
type lineIndex struct {
	src       []byte
	line      int // 0-based line of lineStart
	lineStart int // byte offset where that line starts
}

func (x *lineIndex) position(off int) (line, col int) {
	if off < x.lineStart { // out of order: start over
		x.line, x.lineStart = 0, 0
	}
	for {
		nl := bytes.IndexByte(x.src[x.lineStart:off], '\n')
		if nl < 0 {
			break
		}
		x.line++
		x.lineStart += nl + 1
	}
	return x.line + 1, column(x.src[x.lineStart:off], off-x.lineStart)
}
