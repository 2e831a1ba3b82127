package docs

import (
	"fmt"
	"path"
	"strings"
)

// Glob is a slash-separated path pattern: path.Match syntax within a segment,
// plus "**" as a whole segment matching zero or more segments. Patterns match
// paths relative to the checked directory: "docs/**/*.md" matches a Markdown
// file directly in docs and one any number of directories below it.
type Glob struct {
	pattern string
	parts   []string
}

// ParseGlob validates pattern.
func ParseGlob(pattern string) (Glob, error) {
	p := strings.Trim(path.Clean("/"+strings.TrimSpace(pattern)), "/")
	if strings.TrimSpace(pattern) == "" {
		return Glob{}, fmt.Errorf("empty glob")
	}
	parts := strings.Split(p, "/")
	for _, part := range parts {
		if part == "**" {
			continue
		}
		if _, err := path.Match(part, ""); err != nil {
			return Glob{}, fmt.Errorf("glob %q: %v", pattern, err)
		}
	}
	return Glob{pattern: pattern, parts: parts}, nil
}

// Match reports whether the slash-separated relative path name matches.
func (g Glob) Match(name string) bool {
	return matchParts(g.parts, name)
}

// matchParts matches pattern segments against name, a slash path, segment by
// segment without allocating.
func matchParts(pat []string, name string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			if matchParts(pat[1:], name) {
				return true
			}
			for i := 0; i < len(name); i++ {
				if name[i] == '/' && matchParts(pat[1:], name[i+1:]) {
					return true
				}
			}
			return len(pat) == 1 // a trailing ** matches everything left
		}
		if name == "" {
			return false
		}
		seg, rest, more := strings.Cut(name, "/")
		if ok, _ := path.Match(pat[0], seg); !ok {
			return false
		}
		if !more && len(pat) > 1 {
			return matchTail(pat[1:])
		}
		pat, name = pat[1:], rest
		if !more {
			return len(pat) == 0
		}
	}
	return name == ""
}

// matchTail reports whether the remaining pattern segments can match zero
// segments: only when they are all "**".
func matchTail(pat []string) bool {
	for _, p := range pat {
		if p != "**" {
			return false
		}
	}
	return true
}

// anyMatch reports whether any glob matches name.
func anyMatch(gs []Glob, name string) bool {
	for _, g := range gs {
		if g.Match(name) {
			return true
		}
	}
	return false
}
