// Package pathglob matches slash-separated paths against globs in which "*"
// stays within one segment and a "**" segment spans any number of segments:
// the glob of ignore entries and of route scopes.
package pathglob

import (
	"path"
	"strings"
)

// Match reports whether name matches pattern; a leading "./" of name is
// dropped.
func Match(pattern, name string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(strings.TrimPrefix(name, "./"), "/"))
}

func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchSegments(pat[1:], name[i:]) {
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
