package golang

import (
	"go/ast"
	"go/token"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// goStdFold folds a call of a standard-library string function whose
// arguments are folded strings: path.Join, url.JoinPath, fmt.Sprintf with
// %s, %d and %v, and the strings trims and case changes. ok is false when
// imp.name is not one of them; a call that is one but cannot be folded
// gives nil, or goDynamic when an argument is dynamic or the result exceeds
// budget.FoldedBytes; one folded on assumed values gives goAssumed.
func goStdFold(imp, name string, c *ast.CallExpr, args []value, budget routes.Budget) (v value, ok bool) {
	plain := slices.Clone(args)
	if as := unwrapAssumed(plain); as != nil {
		// folded on the assumed values, the result carries the assumptions
		v, ok := goStdFold(imp, name, c, plain, budget)
		if s, isString := str(v); isString {
			return goAssumed{value: s, as: as}, ok
		}
		return v, ok
	}
	switch imp + "." + name {
	case "path.Join", "net/url.JoinPath", "fmt.Sprintf",
		"strings.TrimSuffix", "strings.TrimPrefix", "strings.TrimRight", "strings.TrimLeft",
		"strings.ToLower", "strings.ToUpper", "strings.Repeat":
	default:
		return nil, false
	}
	strs := make([]string, len(args))
	unknown := make([]bool, len(args)) // Sprintf arguments that did not fold
	total := 0
	for i, v := range args {
		switch v := v.(type) {
		case goDynamic:
			return v, true
		case goString:
			strs[i] = string(v)
		default:
			if lit, isLit := c.Args[i].(*ast.BasicLit); isLit && lit.Kind == token.INT && name == "Sprintf" {
				strs[i] = lit.Value
				continue
			}
			if name == "Sprintf" && i > 0 {
				unknown[i] = true
				continue
			}
			return nil, true
		}
		total += len(strs[i])
	}
	if c.Ellipsis.IsValid() || len(strs) == 0 || total > budget.FoldedBytes {
		return nil, true
	}
	var out string
	switch name {
	case "Join":
		out = path.Join(strs...)
	case "JoinPath":
		u, err := url.JoinPath(strs[0], strs[1:]...)
		if err != nil {
			return nil, true
		}
		out = u
	case "Sprintf":
		if unknown[0] {
			return nil, true
		}
		s, folded := sprintf(strs[0], strs[1:], unknown[1:], budget.FoldedBytes)
		if !folded {
			return nil, true
		}
		out = s
	case "TrimSuffix", "TrimPrefix", "TrimRight", "TrimLeft":
		if len(strs) != 2 {
			return nil, true
		}
		trim := map[string]func(string, string) string{"TrimSuffix": strings.TrimSuffix, "TrimPrefix": strings.TrimPrefix,
			"TrimRight": strings.TrimRight, "TrimLeft": strings.TrimLeft}[name]
		out = trim(strs[0], strs[1])
	case "ToLower":
		out = strings.ToLower(strs[0])
	case "ToUpper":
		out = strings.ToUpper(strs[0])
	case "Repeat":
		return goDynamic{why: "strings.Repeat is not folded"}, true
	}
	if len(out) > budget.FoldedBytes {
		return goDynamic{why: budget.OverFolded()}, true
	}
	return goString(out), true
}

// sprintf applies the verbs %s, %d, %v and %% of format to args, each used
// as written; false for any other verb, a count mismatch or a result past
// max bytes. An argument that did not fold (unknown) is allowed only as a
// parameter's pattern, {name:%s} as gorilla/mux and chi write it: the
// parameter is kept without its pattern, compared as unconstrained.
func sprintf(format string, args []string, unknown []bool, max int) (string, bool) {
	var b strings.Builder
	n := 0
	skip := false // inside a parameter's pattern that did not fold
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			if skip && format[i] != '}' {
				continue
			}
			skip = false
			b.WriteByte(format[i])
			continue
		}
		i++
		if i >= len(format) {
			return "", false
		}
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'd', 'v':
			if n >= len(args) {
				return "", false
			}
			if unknown[n] {
				out := b.String()
				open := strings.LastIndexByte(out, '{')
				colon := strings.LastIndexByte(out, ':')
				if open < 0 || colon < open || strings.IndexByte(out[open:], '}') >= 0 {
					return "", false
				}
				b.Reset()
				b.WriteString(out[:colon])
				skip = true
			} else if !skip {
				b.WriteString(args[n])
			}
			n++
		default:
			return "", false
		}
		if b.Len() > max {
			return "", false
		}
	}
	return b.String(), n == len(args)
}
