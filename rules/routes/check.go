package routes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
)

// Input is the two sides of a comparison and where to point when one side
// lacks a route.
type Input struct {
	// Canonical holds the spec's routes.
	Canonical *route.Set
	// Mirror holds the server's routes.
	Mirror *route.Set
	// SpecPaths is the position of the spec's paths object, and
	// SpecPathsPointer its pointer: where an undocumented route would go.
	SpecPaths        route.Pos
	SpecPathsPointer string
	// Server names the server input as given ("" = none); it locates a
	// route the server lacks when no route of the same path exists there.
	Server string
}

// Check compares the spec's routes with the server's and returns the
// findings, unsorted; report.Finalize sorts them.
func Check(in Input) []report.Finding {
	c := &checker{in: in, matched: make([]bool, len(in.Mirror.Routes))}
	c.run()
	return c.out
}

type checker struct {
	in      Input
	matched []bool // per mirror route
	out     []report.Finding
}

func (c *checker) run() {
	mirror := c.in.Mirror.Routes
	byKey := map[string][]int{} // path key -> mirror route indexes
	for i, r := range mirror {
		k := r.Template.Key()
		byKey[k] = append(byKey[k], i)
	}
	anyHits := map[int][]string{}  // mirror ANY route -> spec methods it matched
	paramSeen := map[string]bool{} // spec pointer + mirror position, reported once
	for _, s := range c.in.Canonical.Routes {
		key := s.Template.Key()
		hit := -1
		for _, i := range byKey[key] {
			if mirror[i].Method == s.Method {
				c.matched[i] = true
				if hit < 0 || mirror[hit].Implicit {
					hit = i
				}
			}
		}
		if hit < 0 {
			for _, i := range byKey[key] {
				if mirror[i].Method == route.MethodAny {
					c.matched[i] = true
					anyHits[i] = append(anyHits[i], s.Method)
					if hit < 0 {
						hit = i
					}
				}
			}
		}
		if hit < 0 {
			for i, m := range mirror {
				if (m.Method == s.Method || m.Method == route.MethodAny) && coversCatchAll(m.Template, s.Template) {
					c.matched[i] = true
					hit = i
					break
				}
			}
		}
		if hit >= 0 {
			m := mirror[hit]
			id := s.Pointer + "\x00" + fmt.Sprint(m.Pos)
			if !m.Implicit && !paramSeen[id] {
				paramSeen[id] = true
				c.paramMismatch(s, m)
			}
			continue
		}
		if i := c.slashTwin(s, byKey); i >= 0 {
			c.matched[i] = true
			c.trailingSlash(s, mirror[i])
			continue
		}
		c.unimplemented(s, byKey[key])
	}
	for i, m := range mirror {
		if c.matched[i] || m.Implicit || m.Hidden {
			continue
		}
		c.undocumented(m)
	}
	idx := make([]int, 0, len(anyHits))
	for i := range anyHits {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		c.anyMethod(mirror[i], anyHits[i])
	}
	for _, u := range c.in.Canonical.Unresolved {
		c.unresolved(u, true)
	}
	for _, u := range c.in.Mirror.Unresolved {
		c.unresolved(u, false)
	}
}

// coversCatchAll reports whether server template m ends in a catch-all that
// serves spec template s: the same segments before it, and exactly one more
// segment in s, a parameter (OpenAPI cannot spell a multi-segment one).
func coversCatchAll(m, s route.Template) bool {
	ci := m.CatchAll()
	if ci < 0 || ci != len(m.Segments)-1 || len(s.Segments) != ci+1 {
		return false
	}
	last := s.Segments[ci]
	if len(last) != 1 || last[0].Param == nil {
		return false
	}
	prefix := route.Template{Segments: m.Segments[:ci]}
	return prefix.Key() == (route.Template{Segments: s.Segments[:ci]}).Key()
}

// slashTwin returns an unmatched mirror route with s's method (or any) whose
// path differs from s's only in a trailing slash, or -1.
func (c *checker) slashTwin(s route.Route, byKey map[string][]int) int {
	t := s.Template
	if t.TrailingSlash {
		t = t.WithoutTrailingSlash()
	} else if len(t.Segments) > 0 {
		t.TrailingSlash = true
	} else {
		return -1
	}
	for _, i := range byKey[t.Key()] {
		m := c.in.Mirror.Routes[i]
		if !m.Implicit && (m.Method == s.Method || m.Method == route.MethodAny) {
			return i
		}
	}
	return -1
}

func specLoc(s route.Route) report.Location {
	return report.Location{File: s.Pos.File, Line: s.Pos.Line, Column: s.Pos.Column, Pointer: s.Pointer}
}

func serverLoc(m route.Route) report.Location {
	return report.Location{File: m.Pos.File, Line: m.Pos.Line, Column: m.Pos.Column}
}

func (c *checker) add(r report.Rule, f report.Finding) {
	f.Rule, f.Severity = r.ID, r.Severity
	c.out = append(c.out, f)
}

func (c *checker) unimplemented(s route.Route, samePath []int) {
	locs := []report.Location{specLoc(s)}
	where := ""
	for _, i := range samePath {
		m := c.in.Mirror.Routes[i]
		if !m.Implicit {
			locs = append(locs, serverLoc(m))
			where = fmt.Sprintf(" (%s serves %s %s)", m.Pos.File, m.Method, m.Path())
			break
		}
	}
	if len(locs) == 1 {
		// literals compare case-sensitively; name a near miss
		for _, m := range c.in.Mirror.Routes {
			if !m.Implicit && m.Method == s.Method && strings.EqualFold(m.Template.Key(), s.Template.Key()) {
				locs = append(locs, serverLoc(m))
				where = fmt.Sprintf(" (%s serves %s, which differs in letter case)", m.Pos.File, m.Path())
				break
			}
		}
	}
	if len(locs) == 1 && c.in.Server != "" {
		locs = append(locs, report.Location{File: c.in.Server})
	}
	c.add(unimplementedRule, report.Finding{
		Message:   fmt.Sprintf("%s %s is in the spec but no handler serves it%s; register a route or remove the operation", s.Method, s.Path(), where),
		Pointer:   s.Pointer,
		Locations: locs,
		Fields:    map[string]any{"method": s.Method, "path": s.Path()},
	})
}

func (c *checker) undocumented(m route.Route) {
	spec := report.Location{File: c.in.SpecPaths.File, Line: c.in.SpecPaths.Line, Column: c.in.SpecPaths.Column, Pointer: c.in.SpecPathsPointer}
	what := "not in the spec"
	for _, s := range c.in.Canonical.Routes {
		if s.Template.Key() == m.Template.Key() {
			spec = report.Location{File: s.PathPos.File, Line: s.PathPos.Line, Column: s.PathPos.Column, Pointer: s.PathPointer}
			what = "not in the spec, which documents " + strings.Join(specMethods(c.in.Canonical.Routes, m.Template.Key()), ", ") + " for this path"
			break
		}
	}
	method := m.Method
	c.add(undocumentedRule, report.Finding{
		Message:   fmt.Sprintf("%s %s is served (%s) but %s; document it or remove the route", method, m.Path(), m.Framework, what),
		Pointer:   spec.Pointer,
		Locations: []report.Location{spec, serverLoc(m)},
		Fields:    map[string]any{"method": method, "path": m.Path(), "framework": m.Framework},
	})
}

func specMethods(rs []route.Route, key string) []string {
	var out []string
	for _, r := range rs {
		if r.Template.Key() == key {
			out = append(out, r.Method)
		}
	}
	return out
}

func (c *checker) paramMismatch(s, m route.Route) {
	sp, mp := s.Template.Params(), m.Template.Params()
	if len(sp) != len(mp) {
		return
	}
	var specNames, serverNames []string
	for i := range sp {
		if mp[i].Name == "" || sp[i].Name == mp[i].Name {
			continue
		}
		specNames = append(specNames, sp[i].Name)
		serverNames = append(serverNames, mp[i].Name)
	}
	if len(specNames) == 0 {
		return
	}
	c.add(paramMismatchRule, report.Finding{
		Message: fmt.Sprintf("%s %s names its path parameter %s in the spec but %s in the server (%s); rename one so they match",
			s.Method, s.Path(), strings.Join(specNames, ", "), strings.Join(serverNames, ", "), m.Path()),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), serverLoc(m)},
		Fields: map[string]any{"method": s.Method, "path": s.Path(), "server_path": m.Path(),
			"canonical": specNames, "mirror": serverNames},
	})
}

func (c *checker) trailingSlash(s, m route.Route) {
	c.add(trailingSlashRule, report.Finding{
		Message: fmt.Sprintf("%s %s in the spec is served as %s; make the trailing slashes agree",
			s.Method, s.Path(), m.Path()),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), serverLoc(m)},
		Fields:    map[string]any{"method": s.Method, "path": s.Path(), "server_path": m.Path()},
	})
}

func (c *checker) anyMethod(m route.Route, methods []string) {
	sort.Strings(methods)
	var spec report.Location
	for _, s := range c.in.Canonical.Routes {
		if s.Template.Key() == m.Template.Key() {
			spec = report.Location{File: s.PathPos.File, Line: s.PathPos.Line, Column: s.PathPos.Column, Pointer: s.PathPointer}
			break
		}
	}
	c.add(anyMethodRule, report.Finding{
		Message: fmt.Sprintf("%s is served for every method (%s) and matches %s in the spec; register only the documented methods to answer others with 405",
			m.Path(), m.Framework, strings.Join(methods, ", ")),
		Pointer:   spec.Pointer,
		Locations: []report.Location{spec, serverLoc(m)},
		Fields:    map[string]any{"method": route.MethodAny, "path": m.Path(), "methods": methods},
	})
}

func (c *checker) unresolved(u route.Unresolved, spec bool) {
	side := "server"
	if spec {
		side = "spec"
	}
	what := "a route"
	if u.Method != "" {
		what = "a " + u.Method + " route"
	}
	hint := ""
	if strings.Contains(u.Reason, "constant") {
		hint = "; spell it as a constant to have it checked"
	}
	fields := map[string]any{"expr": u.Expr, "side": side}
	if u.Method != "" {
		fields["method"] = u.Method
	}
	c.add(unresolvedRule, report.Finding{
		Message:   fmt.Sprintf("%s at %q is not compared: %s%s", what, u.Expr, u.Reason, hint),
		Locations: []report.Location{{File: u.Pos.File, Line: u.Pos.Line, Column: u.Pos.Column}},
		Fields:    fields,
	})
}
