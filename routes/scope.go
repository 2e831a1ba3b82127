package routes

import (
	"fmt"
	"path"
	"strings"

	"github.com/wirelint/wirelint/internal/pathglob"
)

// Scope limits a comparison to the API the spec describes: routes under one
// of its base paths, matching an Include glob when there is one and no
// Exclude glob. A glob is a slash-separated path in which * matches within
// one segment and ** matches any number of segments; it is matched against
// the normalised path ({name} parameters).
type Scope struct {
	// BasePaths are the spec's base paths; none, or one of "" and "/",
	// admits every path.
	BasePaths []string
	// Include and Exclude are path globs ("/api/**", "/debug/*").
	Include, Exclude []string
}

// ValidGlob reports a glob Scope cannot use, or nil.
func ValidGlob(g string) error {
	if !strings.HasPrefix(g, "/") {
		return fmt.Errorf("path glob %q must start with /", g)
	}
	if strings.Count(g, "**") > 4 {
		return fmt.Errorf("path glob %q: more than 4 ** segments", g)
	}
	for _, seg := range strings.Split(g, "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("path glob %q: malformed segment %q", g, seg)
		}
	}
	return nil
}

// UnderBase reports whether t sits under one of the base paths.
func (s Scope) UnderBase(t Template) bool {
	if len(s.BasePaths) == 0 {
		return true
	}
	for _, b := range s.BasePaths {
		base, err := ParseTemplate(b, SyntaxOpenAPI)
		if err != nil || len(base.Segments) == 0 {
			return true
		}
		if len(t.Segments) < len(base.Segments) {
			continue
		}
		prefix := Template{Segments: t.Segments[:len(base.Segments)]}
		if prefix.Key() == base.Key() {
			return true
		}
	}
	return false
}

// Selected reports whether t passes the Include and Exclude globs.
func (s Scope) Selected(t Template) bool {
	p := t.String()
	for _, g := range s.Exclude {
		if MatchGlob(g, p) {
			return false
		}
	}
	if len(s.Include) == 0 {
		return true
	}
	for _, g := range s.Include {
		if MatchGlob(g, p) {
			return true
		}
	}
	return false
}

// MatchGlob matches a path glob against a slash-separated path, with the
// glob rules of ignore entries.
func MatchGlob(glob, p string) bool {
	return pathglob.Match(strings.TrimPrefix(glob, "/"), strings.TrimPrefix(p, "/"))
}
