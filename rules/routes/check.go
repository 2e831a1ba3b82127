package routes

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/textdist"
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
	// Server names the server input as given ("" = none), for messages.
	Server string
	// Include and Exclude are path globs limiting both sides (empty =
	// everything under the spec's base paths).
	Include, Exclude []string
}

// Check compares the spec's routes with the server's and returns the
// findings, unsorted; report.Finalize sorts them. Only server routes under
// the spec's base paths (and within the globs) are compared; when the server
// builds several root routers (an API listener beside a metrics one), those
// serving no documented operation are listed, not compared.
func Check(in Input) []report.Finding {
	c := &checker{in: in, scope: route.Scope{BasePaths: in.Canonical.BasePaths, Include: in.Include, Exclude: in.Exclude}}
	c.run()
	return c.out
}

type checker struct {
	in    Input
	scope route.Scope
	out   []report.Finding
	// spec and mirror are the routes compared, after scoping.
	spec, mirror []route.Route
	matched      []bool // per mirror route
}

func (c *checker) run() {
	for _, s := range c.in.Canonical.Routes {
		if c.scope.Selected(s.Template) {
			c.spec = append(c.spec, s)
		}
	}
	var outside []route.Route
	for _, m := range c.program() {
		if c.scope.UnderBase(m.Template) && c.scope.Selected(m.Template) {
			c.mirror = append(c.mirror, m)
		} else if !m.Implicit {
			outside = append(outside, m)
		}
	}
	c.matched = make([]bool, len(c.mirror))
	mirror := c.mirror
	byKey := map[string][]int{} // path key -> mirror route indexes
	for i, r := range mirror {
		k := r.Template.Key()
		byKey[k] = append(byKey[k], i)
	}
	anyHits := map[int][]string{}        // mirror ANY route -> spec methods it matched
	catchHits := map[int][]route.Route{} // mirror catch-all -> spec operations beneath it
	rootHits := map[int]bool{}           // roots serving a documented operation
	paramSeen := map[string]bool{}       // spec pointer + mirror position, reported once
	var missing []route.Route            // spec operations nothing serves
	generatedOps := c.generatedOps()
	for _, s := range c.spec {
		key := s.Template.Key()
		hit := c.twin(s, byKey[key])
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
		if i := c.anySlashTwin(s, byKey); hit < 0 && i >= 0 {
			// served with and without the slash: as exact as a twin, so
			// before any catch-all (Fastify's '/' beside '/*')
			c.matched[i] = true
			rootHits[mirror[i].Root] = true
			continue
		}
		if hit < 0 {
			// the most specific catch-all covering s serves it, as the
			// routers themselves decide (/a/{id}/b/{*} before /a/{*})
			best := -1
			for i, m := range mirror {
				if (m.Method == s.Method || m.Method == route.MethodAny) && coversCatchAll(m, s.Template) &&
					(best < 0 || m.Template.CatchAll() > mirror[best].Template.CatchAll()) {
					best = i
				}
			}
			if best >= 0 {
				m := mirror[best]
				c.matched[best] = true
				if m.Opaque {
					// every app mounted at that same place may be the
					// one serving it (three package URLconfs included
					// under v1/)
					for i, o := range mirror {
						if o.Opaque && o.Method == m.Method && o.Template.Key() == m.Template.Key() {
							c.matched[i] = true
						}
					}
					c.opaqueMount(s, m)
				} else {
					catchHits[best] = append(catchHits[best], s)
					rootHits[m.Root] = true
					// a catch-all of s's method at the same place serves it
					// as well as the one of every method (harbor registers
					// both for /api/v2.0/*): it is not undocumented
					for i, o := range mirror {
						if i != best && !o.Opaque && o.Template.Key() == m.Template.Key() && (o.Method == s.Method || o.Method == route.MethodAny) {
							c.matched[i] = true
						}
					}
				}
				continue
			}
		}
		if hit >= 0 {
			m := mirror[hit]
			rootHits[m.Root] = true
			if len(m.Tagged) > 0 {
				c.servedWhenTagged(m, &s)
				continue
			}
			id := s.Pointer + "\x00" + fmt.Sprint(m.Pos)
			if !m.Implicit && !paramSeen[id] {
				paramSeen[id] = true
				c.paramMismatch(s, m)
			}
			continue
		}
		if i, all := c.constrainedTwin(s); i >= 0 {
			// a parameter route serves the spec's literal segment
			if all {
				c.matched[i] = true
			}
			rootHits[mirror[i].Root] = true
			continue
		}
		if i := c.slashTwin(s, byKey); i >= 0 {
			c.matched[i] = true
			rootHits[mirror[i].Root] = true
			if !mirror[i].AnySlash {
				c.trailingSlash(s, mirror[i])
			}
			continue
		}
		if generatedOps[s.Method+" "+key] {
			continue // the generated server serves it (its stubs are reported by generated)
		}
		missing = append(missing, s)
	}
	// several root routers, each handed to a listener: those serving no
	// documented operation are other listeners (metrics, pprof, admin),
	// listed and not compared; so is a root no listener was seen to
	// serve (a generated Handler() nothing calls builds one) beside a
	// listened root serving the documented API, or beside a generated
	// server, which serves it by construction
	generated := c.in.Mirror.Generated != nil && !c.in.Mirror.Generated.Routed
	roots := map[int]bool{}
	listenedHit := generated
	for _, m := range mirror {
		if !m.Implicit && m.Listened {
			roots[m.Root] = true
			listenedHit = listenedHit || rootHits[m.Root]
		}
	}
	// a whole-path mount in the server (a grpc-gateway mux, which serves
	// the gRPC services registered on it) that serves no documented
	// operation, beside one that does, serves another spec's services:
	// listed, not compared; when none does, the spec documents none of the
	// gateway and its routes are compared as any
	subHits := map[int]bool{}
	for i, m := range mirror {
		if c.matched[i] && m.Sub > 0 {
			subHits[m.Sub] = true
		}
	}
	otherRoot := func(m route.Route) bool {
		return !rootHits[m.Root] && (len(roots) > 1 && (len(rootHits) > 0 || generated) && m.Listened || listenedHit && !m.Listened)
	}
	others := map[int][]route.Route{}
	otherSubs := map[int][]route.Route{}
	var undocumented []route.Route
	for i, m := range mirror {
		if c.matched[i] || m.Implicit || m.Hidden {
			continue
		}
		if otherRoot(m) {
			others[m.Root] = append(others[m.Root], m)
			continue
		}
		if m.Sub > 0 && !subHits[m.Sub] && len(subHits) > 0 {
			otherSubs[m.Sub] = append(otherSubs[m.Sub], m)
			continue
		}
		undocumented = append(undocumented, m)
	}
	if len(mirror)+len(outside) == 0 && len(c.in.Mirror.Unresolved) == 0 && len(c.spec) > 0 && c.in.Mirror.Generated == nil {
		c.noRoutes()
		missing = nil
	}
	// a route outside the scope on a root not compared is that root's,
	// listed with it: out of scope are only the compared roots' routes
	// (lakeFS's generated Handler(), which nothing calls, builds a router
	// of the spec's paths without their base path)
	compared := outside[:0]
	for _, m := range outside {
		switch {
		case !otherRoot(m):
			compared = append(compared, m)
		case !m.Hidden:
			others[m.Root] = append(others[m.Root], m)
		}
	}
	outside = compared
	var assets []route.Route
	kept := undocumented[:0]
	for _, m := range undocumented {
		if why := c.assetReason(m); why != "" {
			m.Raw = why
			assets = append(assets, m)
			continue
		}
		kept = append(kept, m)
	}
	undocumented = kept
	nearSpec, nearServer := nearMisses(missing, undocumented)
	// an operation a gap scoped to its path could serve is possibly
	// served; the others are unserved by every resolved router
	var unserved []route.Route
	for _, s := range missing {
		if u, ok := c.possiblyServed(s, true); ok {
			c.possibly(s, u)
			continue
		}
		unserved = append(unserved, s)
	}
	if gaps := c.gaps(); len(gaps) > 0 && len(unserved)*2 > len(c.spec) {
		// most of the spec unserved while parts of the server were not
		// followed: one finding about the extraction, not one per operation
		c.extractionIncomplete(unserved, gaps)
		for _, s := range unserved {
			c.notCompared(s)
		}
		unserved = nil
	}
	for _, s := range unserved {
		if u, ok := c.possiblyServed(s, false); ok {
			c.possibly(s, u) // a gap that could serve any path
			continue
		}
		c.unimplemented(s, byKey[s.Template.Key()], nearSpec[s.Pointer])
	}
	for _, m := range undocumented {
		if len(m.Tagged) > 0 {
			c.servedWhenTagged(m, nil)
			continue
		}
		c.undocumented(m, nearServer[m.Pos])
	}
	for _, m := range assets {
		c.asset(m)
	}
	for _, i := range sortedKeys(anyHits) {
		c.anyMethod(mirror[i], anyHits[i])
	}
	for _, i := range sortedKeys(catchHits) {
		c.catchAll(mirror[i], catchHits[i])
	}
	for _, root := range sortedKeys(others) {
		c.otherRouter(others[root])
	}
	for _, sub := range sortedKeys(otherSubs) {
		c.otherRouter(otherSubs[sub])
	}
	if len(outside) > 0 {
		c.outOfScope(outside)
	}
	c.generated()
	for _, u := range c.in.Canonical.Unresolved {
		c.unresolved(u, true)
	}
	for _, u := range c.in.Mirror.Unresolved {
		c.unresolved(u, false)
	}
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// twin returns the mirror route of s's method among same (routes of s's
// path shape) that serves s, or -1: one whose parameter names match s's
// first, then a registered one before an implicit one. It marks the twin,
// and every route with its exact path and method, matched; a same-shape
// route with other names stays unmatched (it is a route of its own).
func (c *checker) twin(s route.Route, same []int) int {
	best, bestScore := -1, -1
	for _, i := range same {
		m := c.mirror[i]
		if m.Method != s.Method {
			continue
		}
		score := 0
		if !m.Implicit {
			score++
		}
		if m.Template.String() == s.Template.String() {
			score += 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return -1
	}
	path := c.mirror[best].Template.String()
	for _, i := range same {
		if m := c.mirror[i]; m.Method == s.Method && m.Template.String() == path {
			c.matched[i] = true
		}
	}
	return best
}

// coversCatchAll reports whether server route m ends in a catch-all that
// serves spec template s: a catch-all after at least one literal segment (a
// root catch-all is a fallback page, not an API), not a static-file mount,
// the same segments before it, and at least one more segment in s, or the
// prefix itself with a trailing slash (the empty rest).
func coversCatchAll(m route.Route, s route.Template) bool {
	ci := m.Template.CatchAll()
	if m.Static || ci < 1 || ci != len(m.Template.Segments)-1 || len(s.Segments) < ci || len(s.Segments) == ci && !s.TrailingSlash {
		// /x/{*} serves /x/ (an empty rest) and every path below it
		return false
	}
	prefix := route.Template{Segments: m.Template.Segments[:ci]}
	return prefix.Key() == (route.Template{Segments: s.Segments[:ci]}).Key()
}

// slashTwin returns an unmatched mirror route with s's method (or any) whose
// path differs from s's only in a trailing slash, or -1.
func (c *checker) slashTwin(s route.Route, byKey map[string][]int) int {
	return c.slashToggled(s, byKey, func(m route.Route) bool { return !m.Implicit })
}

// anySlashTwin returns the index of a server route of s's method (or ANY)
// served with and without a trailing slash whose path differs from s's only
// in that slash, implicit ones too (the HEAD Fastify adds beside a GET
// answers on both spellings, as the GET does), or -1.
func (c *checker) anySlashTwin(s route.Route, byKey map[string][]int) int {
	return c.slashToggled(s, byKey, func(m route.Route) bool { return m.AnySlash })
}

// slashToggled returns the first mirror route that keep accepts, with s's method
// (or any), whose path is s's with the trailing slash toggled, or -1.
func (c *checker) slashToggled(s route.Route, byKey map[string][]int, keep func(route.Route) bool) int {
	t := s.Template
	if t.TrailingSlash {
		t = t.WithoutTrailingSlash()
	} else if len(t.Segments) > 0 {
		t.TrailingSlash = true
	} else {
		return -1
	}
	for _, i := range byKey[t.Key()] {
		if m := c.mirror[i]; keep(m) && (m.Method == s.Method || m.Method == route.MethodAny) {
			return i
		}
	}
	return -1
}

// nearMisses links each unimplemented operation with an undocumented route of
// the same method whose path differs only by leading prefix segments or by one
// edited literal segment (/currency and /currencies): the likely same
// endpoint, spelled differently. It returns the text each side's message
// names, by spec pointer and by server position.
func nearMisses(missing, undocumented []route.Route) (map[string]string, map[route.Pos]string) {
	bySpec, byServer := map[string]string{}, map[route.Pos]string{}
	for _, s := range missing {
		for _, m := range undocumented {
			if m.Method != s.Method && m.Method != route.MethodAny {
				continue
			}
			if _, taken := byServer[m.Pos]; taken || !nearMiss(s.Template, m.Template) {
				continue
			}
			bySpec[s.Pointer] = fmt.Sprintf("the server registers %s %s (%s:%d)", m.Method, m.Path(), m.Pos.File, m.Pos.Line)
			byServer[m.Pos] = fmt.Sprintf("the spec documents %s %s", s.Method, s.Path())
			break
		}
	}
	return bySpec, byServer
}

func nearMiss(a, b route.Template) bool {
	if a.Key() == b.Key() {
		return false
	}
	short, long := a, b
	if len(short.Segments) > len(long.Segments) {
		short, long = long, short
	}
	if n := len(long.Segments) - len(short.Segments); n > 0 {
		// a prefix segment or two in front
		if len(short.Segments) == 0 || n > 2 {
			return false
		}
		tail := route.Template{Segments: long.Segments[n:], TrailingSlash: long.TrailingSlash}
		return tail.Key() == short.Key()
	}
	edited := 0
	for i := range a.Segments {
		x := (route.Template{Segments: a.Segments[i : i+1]}).Key()
		y := (route.Template{Segments: b.Segments[i : i+1]}).Key()
		if x == y {
			continue
		}
		edited++
		if strings.Contains(x+y, "{") || edited > 1 {
			return false
		}
		if d := textdist.Levenshtein(x, y); d > 3 || d*3 > max(len(x), len(y)) {
			return false
		}
	}
	return edited == 1
}

// possiblyServed returns an unresolved server registration that could serve
// s, were its path known: among those scoped to known path fragments, or
// among those that could serve any path.
func (c *checker) possiblyServed(s route.Route, scoped bool) (route.Unresolved, bool) {
	for _, u := range c.in.Mirror.Unresolved {
		if (len(u.Fragments) > 0) == scoped && u.CouldServe(s.Method, s.Template) {
			return u, true
		}
	}
	return route.Unresolved{}, false
}

func specLoc(s route.Route) report.Location {
	return report.Location{File: s.Pos.File, Line: s.Pos.Line, Column: s.Pos.Column, Pointer: s.Pointer}
}

func serverLoc(m route.Route) report.Location {
	return report.Location{File: m.Pos.File, Line: m.Pos.Line, Column: m.Pos.Column}
}

// add adds f as a finding of rule r, at r's severity.
func (c *checker) add(r report.Rule, f report.Finding) {
	f.Rule, f.Severity = r.ID, r.Severity
	c.out = append(c.out, f)
}

// addAssuming adds f, which depends on values the server reads at run time
// that the extraction assumed: at most a warning, its message saying each
// assumption, the place each value is set a secondary location.
func (c *checker) addAssuming(r report.Rule, f report.Finding, as []route.Assumption) {
	seen := map[route.Assumption]bool{}
	for _, a := range as {
		if seen[a] {
			continue
		}
		seen[a] = true
		f.Message += "; " + a.String()
		f.Locations = append(f.Locations, report.Location{File: a.At.File, Line: a.At.Line, Column: a.At.Column})
	}
	if len(seen) > 0 {
		r.Severity = min(r.Severity, report.SeverityWarning)
	}
	c.add(r, f)
}

// assumedFit returns the assumptions of the routes that could serve s were
// their assumed values different: same method (or any), the path's other
// parts fitting s's in order.
func (c *checker) assumedFit(s route.Route) []route.Assumption {
	var out []route.Assumption
	for _, m := range c.mirror {
		if len(m.Assumed) == 0 || m.Implicit || (m.Method != s.Method && m.Method != route.MethodAny) {
			continue
		}
		parts := []string{m.Raw}
		for _, a := range m.Assumed {
			var next []string
			for _, p := range parts {
				next = append(next, strings.Split(p, a.Value)...)
			}
			parts = next
		}
		var frags []string
		for _, p := range parts {
			if p != "" {
				frags = append(frags, p)
			}
		}
		if (route.Unresolved{Method: m.Method, Fragments: frags}).CouldServe(s.Method, s.Template) {
			out = append(out, m.Assumed...)
		}
	}
	return out
}

func (c *checker) unimplemented(s route.Route, samePath []int, near string) {
	locs := []report.Location{specLoc(s)}
	where := ""
	for _, i := range samePath {
		m := c.mirror[i]
		if !m.Implicit {
			locs = append(locs, serverLoc(m))
			where = fmt.Sprintf(" (%s serves %s %s)", m.Pos.File, m.Method, m.Path())
			break
		}
	}
	if len(locs) == 1 {
		// literals compare case-sensitively; name a near miss
		for _, m := range c.mirror {
			if !m.Implicit && m.Method == s.Method && strings.EqualFold(m.Template.Key(), s.Template.Key()) {
				locs = append(locs, serverLoc(m))
				where = fmt.Sprintf(" (%s serves %s, which differs in letter case)", m.Pos.File, m.Path())
				break
			}
		}
	}
	if near != "" && len(locs) == 1 {
		where += "; " + near
	}
	c.addAssuming(unimplementedRule, report.Finding{
		Message:   fmt.Sprintf("%s %s is in the spec but no handler serves it%s; register a route or remove the operation", s.Method, s.Path(), where),
		Pointer:   s.Pointer,
		Locations: locs,
		Fields:    map[string]any{"method": s.Method, "path": s.Path()},
	}, c.assumedFit(s))
}

func (c *checker) possibly(s route.Route, u route.Unresolved) {
	c.add(possiblyServedRule, report.Finding{
		Message: fmt.Sprintf("%s %s is in the spec and possibly served by %s:%d (unresolved: %s); make that path foldable to have it checked",
			s.Method, s.Path(), u.Pos.File, u.Pos.Line, u.Reason),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), {File: u.Pos.File, Line: u.Pos.Line, Column: u.Pos.Column}},
		Fields:    map[string]any{"method": s.Method, "path": s.Path()},
	})
}

// opaqueMount reports s as possibly served by m, a mount of an app this
// analysis cannot read whose prefix s lies under.
func (c *checker) opaqueMount(s, m route.Route) {
	c.add(possiblyServedRule, report.Finding{
		Message: fmt.Sprintf("%s %s is in the spec and possibly served by %s:%d, which mounts at %s an app this analysis cannot read",
			s.Method, s.Path(), m.Pos.File, m.Pos.Line, m.Raw),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), serverLoc(m)},
		Fields:    map[string]any{"method": s.Method, "path": s.Path()},
	})
}

func (c *checker) noRoutes() {
	looked := c.in.Mirror.LookedFor
	if looked == "" {
		looked = "the supported frameworks"
	}
	spec := report.Location{File: c.in.SpecPaths.File, Line: c.in.SpecPaths.Line, Column: c.in.SpecPaths.Column, Pointer: c.in.SpecPathsPointer}
	c.add(noRoutesRule, report.Finding{
		Message: fmt.Sprintf("no route was extracted from %s (%d source files read for %s), so the %d operations of the spec are not compared; point the server at the code that registers routes or name its framework",
			c.in.Server, c.in.Mirror.Files, looked, len(c.spec)),
		Pointer:   spec.Pointer,
		Locations: []report.Location{spec},
		Fields:    map[string]any{"server": c.in.Server},
	})
}

func (c *checker) undocumented(m route.Route, near string) {
	spec := report.Location{File: c.in.SpecPaths.File, Line: c.in.SpecPaths.Line, Column: c.in.SpecPaths.Column, Pointer: c.in.SpecPathsPointer}
	what := "not in the spec"
	for _, s := range c.spec {
		if s.Template.Key() == m.Template.Key() {
			spec = report.Location{File: s.PathPos.File, Line: s.PathPos.Line, Column: s.PathPos.Column, Pointer: s.PathPointer}
			what = "not in the spec, which documents " + strings.Join(specMethods(c.spec, m.Template.Key()), ", ") + " for this path"
			break
		}
	}
	if near != "" {
		what += "; " + near
	}
	kind := m.Framework
	if m.Static {
		kind += ", static files"
	}
	if m.Opaque {
		kind += ", a mounted app this analysis cannot read, with nothing beneath it documented"
	}
	c.addAssuming(undocumentedRule, report.Finding{
		Message:   fmt.Sprintf("%s %s is served (%s) but %s; document it or remove the route", m.Method, m.Path(), kind, what),
		Pointer:   spec.Pointer,
		Locations: []report.Location{serverLoc(m), spec},
		Fields:    map[string]any{"method": m.Method, "path": m.Path(), "framework": m.Framework},
	}, m.Assumed)
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
	if len(sp) != len(mp) || m.Framework == "grpc-gateway" {
		// grpc-gateway binds a path variable to its request field by its
		// place in the pattern, and the spec generators name it as they
		// please (its JSON name, the resource's singular: memos' {memo} for
		// {name=memos/*}); nothing on the wire names it
		return
	}
	var specNames, serverNames []string
	for i := range sp {
		if mp[i].Name == "" || sp[i].Name == mp[i].Name || m.Framework == "django" && mp[i].Name == "pk" {
			// REST framework's pk is the model's primary key, whatever
			// name the spec (its own generator says id) gives it
			continue
		}
		specNames = append(specNames, sp[i].Name)
		serverNames = append(serverNames, mp[i].Name)
	}
	if len(specNames) == 0 {
		return
	}
	c.addAssuming(paramMismatchRule, report.Finding{
		Message: fmt.Sprintf("%s %s names its path parameter %s in the spec but %s in the server (%s); rename one so they match",
			s.Method, s.Path(), strings.Join(specNames, ", "), strings.Join(serverNames, ", "), m.Path()),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), serverLoc(m)},
		Fields: map[string]any{"method": s.Method, "path": s.Path(), "server_path": m.Path(),
			"canonical": specNames, "mirror": serverNames},
	}, m.Assumed)
}

func (c *checker) trailingSlash(s, m route.Route) {
	c.addAssuming(trailingSlashRule, report.Finding{
		Message: fmt.Sprintf("%s %s in the spec is served as %s; make the trailing slashes agree",
			s.Method, s.Path(), m.Path()),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s), serverLoc(m)},
		Fields:    map[string]any{"method": s.Method, "path": s.Path(), "server_path": m.Path()},
	}, m.Assumed)
}

func (c *checker) pathLoc(key string) report.Location {
	for _, s := range c.spec {
		if s.Template.Key() == key {
			return report.Location{File: s.PathPos.File, Line: s.PathPos.Line, Column: s.PathPos.Column, Pointer: s.PathPointer}
		}
	}
	return report.Location{}
}

func (c *checker) anyMethod(m route.Route, methods []string) {
	sort.Strings(methods)
	spec := c.pathLoc(m.Template.Key())
	c.add(anyMethodRule, report.Finding{
		Message: fmt.Sprintf("%s is served for every method (%s) and matches %s in the spec; register only the documented methods to answer others with 405",
			m.Path(), m.Framework, strings.Join(methods, ", ")),
		Pointer:   spec.Pointer,
		Locations: []report.Location{spec, serverLoc(m)},
		Fields:    map[string]any{"method": route.MethodAny, "path": m.Path(), "methods": methods},
	})
}

// listRoutes names up to four routes, then how many more.
func listRoutes(rs []route.Route) string {
	var names []string
	for i, r := range rs {
		if i == 4 {
			names = append(names, fmt.Sprintf("and %d more", len(rs)-4))
			break
		}
		names = append(names, r.Method+" "+r.Path())
	}
	return strings.Join(names, ", ")
}

func (c *checker) catchAll(m route.Route, all []route.Route) {
	// an operation one parameter deeper is how OpenAPI spells the catch-all
	// itself: no news
	var covered []route.Route
	ci := m.Template.CatchAll()
	for _, s := range all {
		if last := s.Template.Segments[len(s.Template.Segments)-1]; len(s.Template.Segments) != ci+1 || len(last) != 1 || last[0].Param == nil {
			covered = append(covered, s)
		}
	}
	if len(covered) == 0 {
		return
	}
	spec := specLoc(covered[0])
	c.add(catchAllRule, report.Finding{
		Message: fmt.Sprintf("%s %s is a catch-all serving %d documented operation(s) beneath it (%s); it is not compared further",
			m.Method, m.Path(), len(covered), listRoutes(covered)),
		Pointer:   spec.Pointer,
		Locations: []report.Location{serverLoc(m), spec},
		Fields:    map[string]any{"method": m.Method, "path": m.Path(), "covers": len(covered)},
	})
}

func (c *checker) otherRouter(rs []route.Route) {
	c.add(otherRouterRule, report.Finding{
		Message: fmt.Sprintf("%d route(s) of another router or listener serve no documented operation and were not compared (%s); compare them with their own spec if they have one",
			len(rs), listRoutes(rs)),
		Locations: []report.Location{serverLoc(rs[0])},
		Fields:    map[string]any{"routes": len(rs)},
	})
}

func (c *checker) outOfScope(rs []route.Route) {
	// one route or several: the sentence agrees with its count
	one := len(rs) == 1
	verb := func(singular, plural string) string {
		if one {
			return singular
		}
		return plural
	}
	var scope []string
	if len(c.scope.BasePaths) > 0 && !(len(c.scope.BasePaths) == 1 && c.scope.BasePaths[0] == "") {
		scope = append(scope, verb("lies", "lie")+" outside the spec's base path "+strings.Join(c.scope.BasePaths, ", "))
	}
	if len(c.scope.Include) > 0 {
		scope = append(scope, verb("matches", "match")+" no include glob ("+strings.Join(c.scope.Include, ", ")+")")
	}
	if len(c.scope.Exclude) > 0 {
		scope = append(scope, verb("matches", "match")+" an exclude glob ("+strings.Join(c.scope.Exclude, ", ")+")")
	}
	subject := fmt.Sprintf("%d routes were not compared because they", len(rs))
	remedy := "to compare them, add their paths to include or widen the spec's base path"
	if one {
		subject = "1 route was not compared because it"
		remedy = "to compare it, add its path to include or widen the spec's base path"
	}
	c.add(outOfScopeRule, report.Finding{
		Message:   fmt.Sprintf("%s %s: %s; %s", subject, strings.Join(scope, " or "), listRoutes(rs), remedy),
		Locations: []report.Location{serverLoc(rs[0])},
		Fields:    map[string]any{"routes": len(rs)},
	})
}

func (c *checker) unresolved(u route.Unresolved, spec bool) {
	side := "server"
	if spec {
		side = "spec"
	}
	what := "a route"
	switch u.Method {
	case "":
	case route.MethodAny:
		what = "a route of every method"
	default:
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

// constrainedTwin returns a mirror route of s's method (or any) that serves
// s because a parameter of its path matches a literal segment of s's (chi's
// {kind:^alpha$|^beta$} serves the spec's /items/alpha), all other segments
// alike, or -1. all is true when each such parameter carries a constraint
// the literal satisfies: the route then serves only values the spec names,
// so it is documented; an unconstrained parameter serves other values too,
// and the route stays to be compared on its own.
func (c *checker) constrainedTwin(s route.Route) (int, bool) {
	for i, m := range c.mirror {
		if m.Implicit || (m.Method != s.Method && m.Method != route.MethodAny) ||
			len(m.Template.Segments) != len(s.Template.Segments) || m.Template.TrailingSlash != s.Template.TrailingSlash {
			continue
		}
		fits, literals, constrained := true, 0, 0
		for k, seg := range m.Template.Segments {
			mk := route.Template{Segments: []route.Segment{seg}}.Key()
			sk := route.Template{Segments: []route.Segment{s.Template.Segments[k]}}.Key()
			if mk == sk {
				continue
			}
			lit := s.Template.Segments[k]
			if len(seg) != 1 || seg[0].Param == nil || seg[0].Param.CatchAll || len(lit) != 1 || lit[0].Param != nil {
				fits = false
				break
			}
			literals++
			switch route.ConstraintAccepts(seg[0].Param.Constraint, lit[0].Literal) {
			case route.Rejects:
				fits = false
			case route.Accepts:
				constrained++
			}
			if !fits {
				break
			}
		}
		if fits && literals > 0 {
			return i, constrained == literals
		}
	}
	return -1, false
}

// docUISegments are first path segments (under the base path) of the
// documentation UIs and spec files libraries serve.
var docUISegments = map[string]bool{
	"swagger": true, "swagger-ui": true, "swagger-ui.html": true, "swagger-resources": true, "docs": true, "redoc": true,
	"api-docs": true, "apidocs": true, "apidoc": true, "openapi": true, "openapi.json": true, "openapi.yaml": true,
	"openapi.yml": true, "swagger.json": true, "swagger.yaml": true, "swagger.yml": true, "rapidoc": true,
	"scalar": true, "reference": true, "api-json": true, "api-yaml": true, "apispec_1.json": true, "flasgger_static": true,
	"graphiql": true, "playground": true,
}

// docStem returns a segment without the suffix a documentation route adds
// to its UI's path (NestJS's swagger-json and swagger-yaml, api-docs.json).
func docStem(seg string) string {
	for _, suf := range []string{"-json", "-yaml", ".json", ".yaml", ".yml", ".html"} {
		if stem, ok := strings.CutSuffix(seg, suf); ok {
			return stem
		}
	}
	return seg
}

// webAssetSegments are first path segments of a web UI's pages and files.
var webAssetSegments = map[string]bool{
	"static": true, "assets": true, "public": true, "dist": true, "favicon.ico": true, "index.html": true,
	"manifest.json": true, "robots.txt": true, "service-worker.js": true, "sw.js": true, "_next": true,
	"site.webmanifest": true, "sitemap.xml": true, "opensearch.xml": true,
}

// webFileExts are the extensions of a web UI's files served at the root
// (/favicon.svg, /logo.png, /app.css).
var webFileExts = map[string]bool{
	".ico": true, ".svg": true, ".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".css": true,
	".js": true, ".map": true, ".woff": true, ".woff2": true, ".ttf": true, ".html": true, ".webmanifest": true,
}

// specFiles are last path segments naming a served OpenAPI document, at any
// depth (/api/v1/swagger.json, /v3/api-docs).
var specFiles = map[string]bool{
	"swagger.json": true, "swagger.yaml": true, "swagger.yml": true, "openapi.json": true, "openapi.yaml": true,
	"openapi.yml": true, "api-docs": true,
}

// assetReason says why server route m is an asset or tooling route rather
// than an operation of the API (static files, a documentation UI, a web UI's
// pages, a CORS preflight catch-all, the HEAD a router adds beside GET), or
// "" when it is not one, or when the spec documents paths under its prefix.
func (c *checker) assetReason(m route.Route) string {
	t := m.Template
	rel := t
	for _, b := range c.scope.BasePaths {
		bt, err := route.ParseTemplate(b, route.SyntaxOpenAPI)
		if err != nil || len(bt.Segments) == 0 || len(bt.Segments) > len(rel.Segments) {
			continue
		}
		if (route.Template{Segments: t.Segments[:len(bt.Segments)]}).Key() == bt.Key() {
			rel = route.Template{Segments: t.Segments[len(bt.Segments):], TrailingSlash: t.TrailingSlash}
		}
	}
	first, last := "", ""
	if len(rel.Segments) > 0 && len(rel.Segments[0]) == 1 && rel.Segments[0][0].Param == nil {
		first = strings.ToLower(rel.Segments[0][0].Literal)
	}
	if n := len(t.Segments); n > 0 && len(t.Segments[n-1]) == 1 && t.Segments[n-1][0].Param == nil {
		last = strings.ToLower(t.Segments[n-1][0].Literal)
	}
	switch {
	case m.Method == "HEAD" && c.serves("GET", t.Key()):
		return "the HEAD a router answers beside GET"
	case m.Method == "OPTIONS" && (t.CatchAll() == len(t.Segments)-1 || len(t.Segments) == 0):
		return "a CORS preflight catch-all"
	}
	why := ""
	switch {
	case m.Tooling:
		why = "a profiling or metrics endpoint a library registers"
	case m.Asset != "":
		why = m.Asset
	case m.Static:
		why = "static files"
	case docUISegments[first] || docUISegments[docStem(first)] || specFiles[last]:
		why = "a documentation UI or spec file"
	case webAssetSegments[first], len(t.Segments) == 0 && (m.Method == "GET" || m.Method == route.MethodAny),
		t.CatchAll() == 0 && len(t.Segments) == 1, len(rel.Segments) == 1 && webFileExts[path.Ext(first)]:
		why = "a web UI's pages or files"
	}
	if why == "" && first != "" && len(t.Segments) == 2 && t.CatchAll() == 1 && (m.Method == "GET" || m.Method == "OPTIONS") && c.webUIRoot(m.Root) {
		// /login/* beside a file server at /: a single-page app's
		// client-side route, answered with its index page
		why = "a web UI's client-side route beside its file server"
	}
	if why == "" {
		return ""
	}
	// the spec documents paths under the same prefix: compared as a route
	var prefix []route.Segment
	for _, seg := range t.Segments {
		if len(seg) != 1 || seg[0].Param != nil {
			break
		}
		prefix = append(prefix, seg)
	}
	if len(prefix) == 0 {
		return why
	}
	pk := route.Template{Segments: prefix}.Key()
	for _, s := range c.spec {
		if k := s.Template.Key(); k == pk || strings.HasPrefix(k, pk+"/") {
			return ""
		}
	}
	return why
}

// serves reports whether a server route in scope answers method on key.
func (c *checker) serves(method, key string) bool {
	for _, m := range c.mirror {
		if m.Method == method && m.Template.Key() == key {
			return true
		}
	}
	return false
}

// asset reports m, an asset or tooling route (its reason in Raw), as info.
func (c *checker) asset(m route.Route) {
	spec := report.Location{File: c.in.SpecPaths.File, Line: c.in.SpecPaths.Line, Column: c.in.SpecPaths.Column, Pointer: c.in.SpecPathsPointer}
	c.add(assetRule, report.Finding{
		Message: fmt.Sprintf("%s %s is served (%s) and not in the spec, but it is %s, not an operation of the API; exclude it, or document it if clients call it",
			m.Method, m.Path(), m.Framework, m.Raw),
		Pointer:   spec.Pointer,
		Locations: []report.Location{serverLoc(m), spec},
		Fields:    map[string]any{"method": m.Method, "path": m.Path(), "framework": m.Framework},
	})
}

// gaps are the parts of the server the extraction could not follow and that
// could serve many operations: mounts of routers, imports and apps it could
// not read, routers lost through unknown calls (an unresolved registration of
// one method serves one route at most, and is not one).
func (c *checker) gaps() []route.Unresolved {
	var out []route.Unresolved
	for _, u := range c.in.Mirror.Unresolved {
		if !u.Malformed && !u.Unmounted && (u.Method == "" || u.Method == route.MethodAny) {
			out = append(out, u)
		}
	}
	return out
}

// extractionIncomplete reports, once, that most of the spec is served by no
// resolved route while parts of the server were not followed, naming them.
func (c *checker) extractionIncomplete(missing []route.Route, gaps []route.Unresolved) {
	spec := report.Location{File: c.in.SpecPaths.File, Line: c.in.SpecPaths.Line, Column: c.in.SpecPaths.Column, Pointer: c.in.SpecPathsPointer}
	locs := []report.Location{spec}
	var named []string
	for i, u := range gaps {
		if i == 5 {
			named = append(named, fmt.Sprintf("and %d more", len(gaps)-5))
			break
		}
		named = append(named, fmt.Sprintf("%s:%d (%s: %s)", u.Pos.File, u.Pos.Line, route.Shorten(u.Expr), u.Reason))
		locs = append(locs, report.Location{File: u.Pos.File, Line: u.Pos.Line, Column: u.Pos.Column})
	}
	c.add(extractionIncompleteRule, report.Finding{
		Message: fmt.Sprintf("%d of the spec's %d operations are served by no route wirelint resolved, and parts of the server were not followed: %s; the operations are reported as info until these are resolved (point --server at the code that registers the routes, or make these registrations foldable)",
			len(missing), len(c.spec), strings.Join(named, "; ")),
		Pointer:   spec.Pointer,
		Locations: locs,
		Fields:    map[string]any{"operations": len(missing), "unresolved": len(gaps)},
	})
}

// notCompared reports s, served by no resolved route while the extraction
// is incomplete, as info.
func (c *checker) notCompared(s route.Route) {
	r := unimplementedRule
	r.Severity = report.SeverityInfo
	c.add(r, report.Finding{
		Message: fmt.Sprintf("%s %s is in the spec and served by no route wirelint resolved; not an error while the server's extraction is incomplete (see routes/extraction-incomplete)",
			s.Method, s.Path()),
		Pointer:   s.Pointer,
		Locations: []report.Location{specLoc(s)},
		Fields:    map[string]any{"method": s.Method, "path": s.Path()},
	})
}

// servedWhenTagged reports m, a route served only in a build with custom
// tags: alone when the spec does not document it, or as the server of spec
// operation s.
func (c *checker) servedWhenTagged(m route.Route, s *route.Route) {
	tags := strings.Join(m.Tagged, ", ")
	if s == nil {
		c.add(servedWhenTaggedRule, report.Finding{
			Message: fmt.Sprintf("%s %s is served only when the server is built with tags %s, and is not in the spec; "+
				"the build compared does not serve it (name the tags with --build-tags to compare that build)", m.Method, m.Path(), tags),
			Locations: []report.Location{serverLoc(m)},
			Fields:    map[string]any{"method": m.Method, "path": m.Path(), "tags": m.Tagged},
		})
		return
	}
	spec := specLoc(*s)
	c.add(servedWhenTaggedRule, report.Finding{
		Message: fmt.Sprintf("%s %s is in the spec and served by %s:%d only when the server is built with tags %s; "+
			"the build compared does not serve it (name the tags with --build-tags to compare that build)", s.Method, s.Path(), m.Pos.File, m.Pos.Line, tags),
		Pointer:   s.Pointer,
		Locations: []report.Location{spec, serverLoc(m)},
		Fields:    map[string]any{"method": s.Method, "path": s.Path(), "tags": m.Tagged},
	})
}

// program returns the server routes of the program compared. When one
// module builds several programs (Go main packages) and none was named,
// the one compared is the one whose routes serve the most spec operations;
// the others' routes are listed as routes/other-router, not compared. With
// one program, or none serving a documented operation, every route is.
func (c *checker) program() []route.Route {
	all := c.in.Mirror.Routes
	served := map[string]map[string]bool{} // program -> spec operations its routes serve
	for _, m := range all {
		for _, p := range m.Programs {
			if served[p] == nil {
				served[p] = map[string]bool{}
			}
		}
	}
	if len(served) < 2 {
		return all
	}
	for _, s := range c.spec {
		for _, m := range all {
			if m.Template.Key() == s.Template.Key() && (m.Method == s.Method || m.Method == route.MethodAny) {
				for _, p := range m.Programs {
					served[p][s.Pointer] = true
				}
			}
		}
	}
	most := 0
	for _, ops := range served {
		most = max(most, len(ops))
	}
	if most == 0 {
		return all
	}
	var best []string // the programs serving the most operations; ties are all compared
	for _, p := range sortedStrings(served) {
		if len(served[p]) == most {
			best = append(best, p)
		}
	}
	var kept []route.Route
	others := map[string][]route.Route{}
	for _, m := range all {
		if len(m.Programs) == 0 || slices.ContainsFunc(m.Programs, func(p string) bool { return slices.Contains(best, p) }) {
			kept = append(kept, m)
		} else if !m.Implicit {
			others[m.Programs[0]] = append(others[m.Programs[0]], m)
		}
	}
	for _, p := range sortedStrings(others) {
		rs := others[p]
		c.add(otherRouterRule, report.Finding{
			Message: fmt.Sprintf("%d route(s) of program %s, another main package of the module, were not compared (%s): "+
				"the spec documents program %s, whose routes serve %d of its operations; name the program with --program to compare another",
				len(rs), p, listRoutes(rs), strings.Join(best, " and "), most),
			Locations: []report.Location{serverLoc(rs[0])},
			Fields:    map[string]any{"routes": len(rs), "program": p, "compared": best},
		})
	}
	return kept
}

func sortedStrings[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// generated reports a generated server (go-swagger): one info saying it
// serves the spec by construction, and an unimplemented error for each spec
// operation whose handler no code sets to anything but the generator's
// NotImplemented stub (unless already reported unimplemented).
func (c *checker) generated() {
	g := c.in.Mirror.Generated
	if g == nil {
		return
	}
	reported := map[string]bool{}
	for _, f := range c.out {
		if f.Rule == RuleUnimplemented {
			reported[f.Pointer] = true
		}
	}
	stubs, intercepted := 0, 0
	for _, op := range g.Operations {
		if !op.Stub {
			continue
		}
		stubs++
		if op.Intercepted.File != "" {
			intercepted++ // a middleware may answer it: not evidence of a 501
			continue
		}
		keys := map[string]bool{}
		for _, base := range append([]string{g.BasePath}, c.in.Canonical.BasePaths...) {
			if t, err := route.ParseTemplate(route.Join(base, op.Path), route.SyntaxBrace); err == nil {
				keys[t.Key()] = true
			}
		}
		for _, s := range c.spec {
			if s.Method != op.Method || !keys[s.Template.Key()] || reported[s.Pointer] {
				continue
			}
			reported[s.Pointer] = true
			why := fmt.Sprintf("no code sets %s", op.Handler)
			switch {
			case g.StubHandler:
				why = "the program hands the stub itself to the server"
			case g.Generator != "go-swagger":
				why = fmt.Sprintf("no handler type embedding the stub declares %s", op.Handler)
			}
			c.add(unimplementedRule, report.Finding{
				Message: fmt.Sprintf("%s %s is in the spec but the %s server answers it with the generator's NotImplemented stub: "+
					"%s (generated at %s:%d); implement the handler or remove the operation",
					s.Method, s.Path(), g.Generator, why, op.Pos.File, op.Pos.Line),
				Pointer:   s.Pointer,
				Locations: []report.Location{specLoc(s), {File: op.Pos.File, Line: op.Pos.Line, Column: op.Pos.Column}},
				Fields:    map[string]any{"method": s.Method, "path": s.Path(), "handler": op.Handler},
			})
		}
	}
	how := "it builds its router at run time from the spec it embeds, so it serves the spec's operations by construction"
	switch {
	case g.Routed:
		how = "its routes are read from the registrations it generates"
	case g.Generator != "go-swagger":
		how = "its generated router serves the operations of this table by construction"
	}
	c.add(generatedServerRule, report.Finding{
		Message: fmt.Sprintf("the server is generated by %s (its operation table at %s:%d): %s; %d of its %d operations run the generator's NotImplemented stub%s",
			g.Generator, g.Pos.File, g.Pos.Line, how, stubs, len(g.Operations), interceptedNote(intercepted)),
		Locations: []report.Location{{File: g.Pos.File, Line: g.Pos.Line, Column: g.Pos.Column}},
		Fields:    map[string]any{"generator": g.Generator, "operations": len(g.Operations), "stubs": stubs},
	})
}

// generatedOps returns the operations of the generated server's table
// ("METHOD key", under its base path and the spec's), which it serves by
// construction beside the routes read from the code; nil without one.
func (c *checker) generatedOps() map[string]bool {
	g := c.in.Mirror.Generated
	if g == nil || g.Routed {
		return nil // a routed generator's registrations are the routes
	}
	out := map[string]bool{}
	for _, op := range g.Operations {
		for _, base := range append([]string{g.BasePath}, c.in.Canonical.BasePaths...) {
			if t, err := route.ParseTemplate(route.Join(base, op.Path), route.SyntaxBrace); err == nil {
				out[op.Method+" "+t.Key()] = true
			}
		}
	}
	return out
}

// webUIRoot reports whether root router root answers GET on a catch-all
// at its top (/{*}: a single-page app's file server or index).
func (c *checker) webUIRoot(root int) bool {
	for _, m := range c.in.Mirror.Routes {
		if m.Root == root && (m.Method == "GET" || m.Method == route.MethodAny) && len(m.Template.Segments) == 1 && m.Template.CatchAll() == 0 {
			return true
		}
	}
	return false
}

// interceptedNote says how many stubs code outside the generated package
// names by their path, for the generated-server message.
func interceptedNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d of them written as a path elsewhere in the code, where a middleware may answer them first)", n)
}
