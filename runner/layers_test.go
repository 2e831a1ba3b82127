package runner

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/wirelint/wirelint/"

// TestLayers pins the direction of imports (docs/architecture.md): nothing
// under internal/ imports rules/, the runner or cmd/; no rule family imports
// another; routes/ and reduce/ import no rule family; nothing imports cmd/;
// the route model imports none of its extractors, and the language packages
// (routes/golang, routes/python, routes/js, routes/script) import neither
// each other nor the dispatcher routes/extract, except that Python and
// JavaScript build on the shared script interpreter.
// rules/internal, shared by families, is no family. Test files are left
// out, as go list -deps leaves them out.
func TestLayers(t *testing.T) {
	eachSource(t, func(p, pkg string) {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(path, module) {
				continue
			}
			if why := forbidden(pkg, strings.TrimPrefix(path, module)); why != "" {
				t.Errorf("%s imports %s: %s", p, path, why)
			}
		}
	})
}

// extractor reports whether p is one language's route extraction or the
// script interpreter Python and JavaScript share.
func extractor(p string) bool {
	switch p {
	case "routes/golang", "routes/python", "routes/js", "routes/script":
		return true
	}
	return false
}

// forbidden says why package from (a path below the module) may not import
// to, or "" when it may.
func forbidden(from, to string) string {
	family := func(p string) string {
		if rest, ok := strings.CutPrefix(p, "rules/"); ok {
			// rules/internal holds what families share; it is no family
			if fam, _, _ := strings.Cut(rest, "/"); fam != "internal" {
				return fam
			}
		}
		return ""
	}
	switch {
	case strings.HasPrefix(to, "cmd/"):
		return "nothing imports cmd/"
	case strings.HasPrefix(from, "internal/") && (family(to) != "" || to == "runner"):
		return "internal/ sits below rules/ and the runner"
	case family(from) != "" && family(to) != "" && family(from) != family(to):
		return "no rule family imports another"
	case (from == "routes" || strings.HasPrefix(from, "routes/") || from == "reduce" || from == "report") && (family(to) != "" || to == "runner"):
		return from + " knows nothing of rule families"
	case family(from) != "" && to == "runner":
		return "the runner sits above the families"
	case from == "routes" && strings.HasPrefix(to, "routes/"):
		return "the route model sits below the extractors"
	case (from == "routes/python" || from == "routes/js") && to == "routes/script":
		return ""
	case extractor(from) && (extractor(to) || to == "routes/extract"):
		return "each language reads on its own; routes/extract dispatches to them"
	}
	return ""
}
