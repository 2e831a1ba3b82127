package routes

import (
	"regexp"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// paramSpelling matches a path parameter in any framework's spelling inside
// a fragment: {name}, <conv:name>, :name, *name.
var paramSpelling = lazyre.New(`\{[^}/]*\}|<[^>/]*>|:[A-Za-z_][A-Za-z0-9_]*|\*[A-Za-z0-9_]*`)

// CouldServe reports whether u, were it resolved, could serve method on t:
// its method is unknown, any or method, and its constant fragments occur in
// t's path in order (a parameter in a fragment matches one segment's worth of
// text). A registration of which nothing is known could serve anything.
func (u Unresolved) CouldServe(method string, t Template) bool {
	if u.Malformed || u.Unmounted {
		return false
	}
	if u.Method != "" && u.Method != MethodAny {
		fit := false
		for _, m := range strings.Split(u.Method, ",") {
			fit = fit || strings.EqualFold(strings.TrimSpace(m), method)
		}
		if !fit {
			return false
		}
	}
	if len(u.Fragments) == 0 {
		return true
	}
	var b strings.Builder
	for i, f := range u.Fragments {
		if i > 0 {
			b.WriteString(".*")
		}
		last := 0
		for _, m := range paramSpelling().FindAllStringIndex(f, -1) {
			b.WriteString(regexp.QuoteMeta(f[last:m[0]]))
			b.WriteString(`[^/]*`)
			last = m[1]
		}
		b.WriteString(regexp.QuoteMeta(f[last:]))
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return true
	}
	return re.MatchString(t.Key())
}
