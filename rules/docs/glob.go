package docs

import (
	"fmt"
	"path"
	"strings"
)

// Glob is a slash-separated path pattern: path.Match syntax within a segment,
// plus "**" as a whole segment matching zero or more segments. Patterns match
// paths relative to the checked directory ("docs/**/*.md" matches docs/a.md
// and docs/x/y/a.md).
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

// String returns the pattern as written.
func (g Glob) String() string { return g.pattern }

// Match reports whether the slash-separated relative path name matches.
func (g Glob) Match(name string) bool {
	return matchParts(g.parts, strings.Split(name, "/"))
}

func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for k := 0; k <= len(name); k++ {
				if matchParts(pat[1:], name[k:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
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
