package routes

import (
	"regexp"
	"strings"
)

// Verdict is what a parameter's constraint says of one literal value.
type Verdict int

// The verdicts of ConstraintAccepts.
const (
	// Unconstrained is a parameter without a constraint: any value.
	Unconstrained Verdict = iota
	// Accepts is a constraint the value satisfies.
	Accepts
	// Rejects is a constraint the value does not satisfy.
	Rejects
	// Unknown is a constraint this analysis cannot evaluate: the value may
	// or may not be served.
	Unknown
)

// converters are the named constraints of Flask (Werkzeug), Fiber, Django's
// path converters and Starlette, as the regular expressions they stand for.
var converters = map[string]string{
	"int": `[0-9]+`, "float": `[0-9]+(\.[0-9]+)?`, "uuid": `[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}`,
	"string": `[^/]+`, "str": `[^/]+`, "slug": `[-a-zA-Z0-9_]+`, "alpha": `[a-zA-Z]+`, "bool": `(true|false)`,
	"path": `.+`, "default": `[^/]+`,
}

// ConstraintAccepts says whether a parameter constrained by c (a regular
// expression as chi, gorilla/mux, Express and Django's re_path write it, or a
// converter as Flask, Fiber and Django's path write it: int, any(a, b)) serves
// the literal segment lit.
func ConstraintAccepts(c, lit string) Verdict {
	c = strings.TrimSpace(c)
	if c == "" {
		return Unconstrained
	}
	if rest, ok := strings.CutPrefix(c, "any("); ok && strings.HasSuffix(rest, ")") {
		for _, alt := range strings.Split(strings.TrimSuffix(rest, ")"), ",") {
			if strings.Trim(strings.TrimSpace(alt), `'"`) == lit {
				return Accepts
			}
		}
		return Rejects
	}
	expr, named := converters[c]
	if !named {
		if strings.ContainsAny(c, "()") && !strings.ContainsAny(c, `\[]|^$*+?.{}`) {
			return Unknown // a converter with arguments this analysis does not know
		}
		if !strings.ContainsAny(c, `\[]|^$*+?.(){}`) && regexp.MustCompile(`^[A-Za-z_]+$`).MatchString(c) {
			return Unknown // an unknown named converter
		}
		expr = strings.ReplaceAll(c, `\\`, `\`) // a JS or Python source string's escapes
	}
	re, err := regexp.Compile(`^(?:` + expr + `)$`)
	if err != nil {
		return Unknown
	}
	if re.MatchString(lit) {
		return Accepts
	}
	return Rejects
}
