package routes

import (
	"fmt"
	"strings"
)

// Dump renders s one route per line, for golden files and debugging:
// `METHOD /path file:line:col`, implicit and hidden routes marked, then the
// unresolved registrations.
func (s *Set) Dump() string {
	var b strings.Builder
	for _, r := range s.Routes {
		mark := ""
		if r.Implicit {
			mark += " implicit"
		}
		if r.Hidden {
			mark += " hidden"
		}
		if r.Opaque {
			mark += " opaque"
		}
		if r.Asset != "" {
			mark += " asset"
		}
		if r.AnySlash {
			mark += " anyslash"
		}
		for _, a := range r.Assumed {
			mark += fmt.Sprintf(" assumed{%s=%q %s:%d:%d}", a.Expr, a.Value, a.At.File, a.At.Line, a.At.Column)
		}
		if len(r.Programs) > 0 {
			mark += " programs{" + strings.Join(r.Programs, ",") + "}"
		}
		if len(r.Tagged) > 0 {
			mark += " tagged{" + strings.Join(r.Tagged, ",") + "}"
		}
		for _, p := range r.Template.Params() {
			if p.Constraint != "" || p.CatchAll {
				mark += fmt.Sprintf(" {%s", p.Name)
				if p.Constraint != "" {
					mark += ":" + p.Constraint
				}
				if p.CatchAll {
					mark += " catch-all"
				}
				mark += "}"
			}
		}
		fmt.Fprintf(&b, "%s %s %s:%d:%d%s\n", r.Method, r.Path(), r.Pos.File, r.Pos.Line, r.Pos.Column, mark)
	}
	for _, u := range s.Unresolved {
		fmt.Fprintf(&b, "unresolved %s:%d:%d %s %q: %s\n", u.Pos.File, u.Pos.Line, u.Pos.Column, u.Method, u.Expr, u.Reason)
	}
	return b.String()
}
