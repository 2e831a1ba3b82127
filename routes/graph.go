package routes

import (
	"slices"
	"strings"
)

// Router is one router, group or sub-application found in source: the routes
// registered on it, relative to it, and the routers mounted under it. The
// graph is flattened once every file is read, so the order in which source
// registers routes and mounts routers does not matter.
type Router struct {
	Framework string
	routes    []*Registration
	Mounts    []Mount
	// Parents counts the mounts of this router; roots have none.
	Parents int
	// orphan, when set, says why this router's mount point is unknown; its
	// routes are reported as Unresolved.
	Orphan string
	// Methods restricts every route below (gorilla's Methods().Subrouter()).
	Methods []string
	// Prefix is the router's own prefix (FastAPI's APIRouter(prefix=...),
	// Flask's Blueprint(url_prefix=...)), applied below any mount prefix.
	Prefix string
	// Hidden marks every route below as excluded from the schema.
	Hidden bool
	// Listened marks a router the source hands to a listener
	// (http.ListenAndServe, http.Server{Handler}, gin Run, echo Start).
	Listened bool
	// Sub marks a router that serves nothing until mounted (Express
	// Router(), FastAPI APIRouter, Flask Blueprint, Starlette Router): one
	// nothing mounts is not served at "/".
	Sub bool
	// Assumed are run-time values this router's prefix was built from
	// (see Route.Assumed).
	Assumed []Assumption
	// StrictSlash marks a router that tells /x/ from /x where its
	// framework by default does not (Fiber's StrictRouting), and every
	// router below it.
	StrictSlash bool
	// HandedTo, on a Sub router, is a call this analysis does not follow
	// that was given it ("" = none): should nothing it reads mount the
	// router, the call may have, somewhere not known, so its routes may
	// serve any path ending as theirs do rather than none.
	HandedTo string
	// Gaps are registrations on this router the analysis could not
	// resolve; Flatten scopes each to the router's prefix, so it is
	// possibly serving only paths below it.
	Gaps []Unresolved
}

// unmounted is why the routes of a sub-router nothing mounts are not compared.
const unmounted = "router is never mounted: no use, include_router or register_blueprint of it was found"

// unmountedMux is unmounted for a grpc-gateway mux, which a Go program
// hands to a server, a router or a handler.
const unmountedMux = "grpc-gateway mux is never handed to a server, a router or a handler where this analysis reads"

// isUnmounted reports whether why says a router nothing mounts.
func isUnmounted(why string) bool { return why == unmounted || why == unmountedMux }

// Registration is one registration on a router.
type Registration struct {
	Methods []string // upper case; empty = every method
	Path    string   // as written, relative to the router
	Pos     Pos
	Subtree bool // matches everything below path (gorilla PathPrefix, a ServeMux "/x/")
	Dead    bool // gorilla: no handler attached (yet)
	Hidden  bool // excluded from the schema by its author
	Static  bool // serves files from a folder (a static mount)
	Opaque  bool // mounts an app this analysis cannot read (see Route.Opaque)
	Tooling bool // registered by a library for profiling or metrics (see Route.Tooling)
	// Asset says why a library's route is a page or file rather than an
	// API operation (see Route.Asset); "" = not known to be one.
	Asset string
	// Assumed are run-time values the path was built from (see Route.Assumed).
	Assumed []Assumption
	// Tags are the custom build tags the registration needs (see Route.Tagged).
	Tags []string
	// Refused are implicit methods the handler answers with 405 (a REST
	// framework view whose http_method_names leaves out head): not served
	Refused []string
	// AnySlash: whether the path ends in a slash is chosen at run time (a
	// REST framework router's trailing_slash that does not fold), so it is
	// compared with and without one (see Route.AnySlash)
	AnySlash bool
}

// Mount is a router mounted under another at Prefix.
type Mount struct {
	Prefix string
	Child  *Router
	Hidden bool
	// Override replaces the child's own prefix (Flask's
	// register_blueprint(url_prefix=...)).
	Override bool
	// Whole marks a child that matches the whole request path rather than
	// what follows Prefix (a grpc-gateway ServeMux mounted by chi, which
	// leaves the URL's path as it came, or handed a subtree by a handler or
	// a catch-all registration): its routes are not joined to the prefix,
	// only those under it are reached, and they are numbered by the mount
	// (Route.Sub).
	Whole bool
}

// MountWhole mounts child under prefix as a router matching the whole
// request path (see Mount.Whole).
func (r *Router) MountWhole(prefix string, child *Router) {
	if child == nil || child == r {
		return
	}
	r.Mounts = append(r.Mounts, Mount{Prefix: prefix, Child: child, Whole: true})
	child.Parents++
}

// NewRouter returns an empty router of framework fw ("chi", "flask"...).
func NewRouter(fw string) *Router { return &Router{Framework: fw} }

// Empty reports whether nothing is registered or mounted on r yet and no
// part of it is a gap: a new app a factory hands out for its caller to fill.
func (r *Router) Empty() bool {
	return len(r.routes) == 0 && len(r.Mounts) == 0 && len(r.Gaps) == 0
}

// Mount mounts child under prefix; a nil child or r itself is ignored.
func (r *Router) Mount(prefix string, child *Router, hidden bool) {
	if child == nil || child == r {
		return
	}
	r.Mounts = append(r.Mounts, Mount{Prefix: prefix, Child: child, Hidden: hidden})
	child.Parents++
}

// Add registers path for methods (nil = every method) at pos and returns the
// registration for the caller to mark (Subtree, Static, Hidden...).
func (r *Router) Add(methods []string, path string, pos Pos) *Registration {
	rr := &Registration{Methods: Upper(methods), Path: path, Pos: pos}
	r.routes = append(r.routes, rr)
	return rr
}

// Len returns how many registrations r holds, for AssumeSince.
func (r *Router) Len() int { return len(r.routes) }

// AssumeSince adds as to the assumptions of every registration of r from
// index from on: those a call built from values read at run time added.
func (r *Router) AssumeSince(from int, as []Assumption) {
	for _, rr := range r.routes[from:] {
		rr.Assumed = append(rr.Assumed, as...)
	}
}

// Since returns the registrations of r from index from on, for the caller
// to mark: those one call added.
func (r *Router) Since(from int) []*Registration { return r.routes[from:] }

// TagSince adds tags to the build tags of every registration of r from
// index from on: those code of a tagged file added.
func (r *Router) TagSince(from int, tags []string) {
	for _, rr := range r.routes[from:] {
		for _, t := range tags {
			if !slices.Contains(rr.Tags, t) {
				rr.Tags = append(rr.Tags, t)
			}
		}
	}
}

// Upper returns ms upper-cased, in a new slice.
func Upper(ms []string) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, strings.ToUpper(m))
	}
	return out
}

// syntaxOf returns the template syntax a framework uses.
func syntaxOf(fw string) Syntax {
	switch fw {
	case "gin", "echo", "httprouter":
		return SyntaxColonToSlash
	case "express", "fastify", "hono", "nestjs", "beego":
		return SyntaxColon
	case "fiber":
		return SyntaxFiber
	case "flask", "django":
		return SyntaxAngle
	}
	return SyntaxBrace
}

// implicitMethods returns the methods a framework serves by itself beside an
// explicit method: HEAD for GET (net/http, Flask, Starlette, Express,
// Fastify, Hono; Fiber's Get registers HEAD too) and OPTIONS for any route
// (Flask, Express).
func implicitMethods(fw, method string) []string {
	if method == MethodAny {
		return nil
	}
	var out []string
	switch fw {
	case "nethttp", "flask", "starlette", "express", "fastify", "hono", "nestjs", "django", "fiber":
		if method == "GET" {
			out = append(out, "HEAD")
		}
	}
	switch fw {
	case "flask", "express":
		if method != "OPTIONS" {
			out = append(out, "OPTIONS")
		}
	}
	return out
}

// joinRoute joins a prefix and a path registered under it the way fw does.
// FastAPI, Starlette, Flask, gin, echo and gorilla/mux concatenate: "/" under "/books" is
// /books/ (the bare prefix only redirects there); chi, Express and the others
// serve "/" under a prefix as the bare prefix (Join); Django as joinFor.
func joinRoute(fw, prefix, path string) string {
	switch fw {
	case "fastapi", "starlette", "flask", "gin", "echo", "gorilla":
		if path == "/" && strings.TrimRight(prefix, "/") != "" {
			return strings.TrimRight(prefix, "/") + "/"
		}
	}
	return joinFor(fw, prefix, path)
}

// Flatten walks the graph from every root router, joining prefixes, and adds
// the routes to set. Cycles and absurd depths are cut.
func Flatten(routers []*Router, set *Set) {
	type frame struct {
		r       *Router
		prefix  string
		methods []string
		hidden  bool
		orphan  string
		// orphanAt is the prefix joined above the router that made the
		// routes an orphan's: the constant part before the unknown one
		orphanAt string
		override bool
		root     int
		listened bool
		strict   bool
		assumed  []Assumption
		// within is the prefix a route of a whole-path child must be
		// under to be reached ("" = any)
		within string
		// sub numbers the whole-path child the routes hang from (see
		// Route.Sub)
		sub int
	}
	// a whole-path mount is numbered by where it is made: one router a
	// constructor hands out to several mounts (an analysis memoizes the
	// call) serves each mount's share
	type mountAt struct {
		parent *Router
		index  int
	}
	subs := map[mountAt]int{}
	var walk func(f frame, onPath map[*Router]bool, depth int)
	walk = func(f frame, onPath map[*Router]bool, depth int) {
		if onPath[f.r] || depth > 64 {
			return
		}
		onPath[f.r] = true
		defer delete(onPath, f.r)
		if f.r.Orphan != "" && f.orphan == "" {
			f.orphan, f.orphanAt = f.r.Orphan, f.prefix
		}
		if len(f.r.Methods) > 0 {
			f.methods = f.r.Methods
		}
		f.hidden = f.hidden || f.r.Hidden
		f.assumed = append(slices.Clip(f.assumed), f.r.Assumed...)
		f.strict = f.strict || f.r.StrictSlash
		anySlash := f.r.Framework == "fiber" && !f.strict
		if !f.override {
			f.prefix = joinFor(f.r.Framework, f.prefix, f.r.Prefix)
		}
		for _, rr := range f.r.routes {
			if rr.Dead {
				continue
			}
			raw := joinRoute(f.r.Framework, f.prefix, rr.Path)
			if f.within != "" && !Under(raw, f.within) {
				continue // the mount never hands it this path
			}
			assumed := append(slices.Clip(f.assumed), rr.Assumed...)
			// Fastify registers '/' in a prefixed plugin at both /prefix
			// and /prefix/ (prefixTrailingSlash "both", its default)
			bothSlashes := anySlash || f.r.Framework == "fastify" && rr.Path == "/" && strings.Trim(f.prefix, "/") != ""
			methods := rr.Methods
			if len(methods) == 0 {
				methods = f.methods
			}
			if len(methods) == 0 {
				methods = []string{MethodAny}
			}
			if f.orphan != "" {
				// what lies above the unknown part and what lies below
				// it are two pieces: /api, then /users, with the unknown
				// prefix between (one piece, /api/users, would not be
				// found in /api/meet/users)
				fragments := []string{raw}
				if at := strings.TrimRight(f.orphanAt, "/"); at != "" && strings.HasPrefix(raw, at) && len(raw) > len(at) {
					fragments = []string{at, raw[len(at):]}
				}
				for _, m := range methods {
					set.Unresolved = append(set.Unresolved, Unresolved{Pos: rr.Pos, Method: m, Expr: raw, Reason: f.orphan, Fragments: fragments, Unmounted: isUnmounted(f.orphan)})
				}
				continue
			}
			tpl, err := ParseTemplate(raw, syntaxOf(f.r.Framework))
			if err != nil {
				set.Unresolved = append(set.Unresolved, Unresolved{Pos: rr.Pos, Expr: raw, Reason: err.Error()})
				continue
			}
			if rr.Subtree && !tpl.Exact {
				tpl.TrailingSlash = false
				tpl.Segments = append(tpl.Segments, Segment{{Param: &Param{CatchAll: true}}})
			}
			for _, t := range expandOptional(tpl) {
				seen := map[string]bool{}
				for _, m := range methods {
					seen[m] = true
				}
				// the route as registered; the implicit methods it serves
				// are copies of it, not hidden
				route := Route{Template: t, Raw: raw, Framework: f.r.Framework, Pos: rr.Pos, Static: rr.Static, Opaque: rr.Opaque, Tooling: rr.Tooling, Asset: rr.Asset, Root: f.root, Listened: f.listened, Sub: f.sub, Assumed: assumed, AnySlash: bothSlashes || rr.AnySlash, Tagged: rr.Tags}
				for _, m := range methods {
					reg := route
					reg.Method, reg.Hidden = m, rr.Hidden || f.hidden
					set.add(reg)
					implicit := implicitMethods(f.r.Framework, m)
					if rr.Static && m == "GET" && !slices.Contains(implicit, "HEAD") {
						implicit = append(implicit, "HEAD")
					}
					for _, im := range implicit {
						if !seen[im] && !slices.Contains(rr.Refused, im) {
							seen[im] = true
							imp := route
							imp.Method, imp.Implicit = im, true
							set.add(imp)
						}
					}
				}
			}
		}
		for _, g := range f.r.Gaps {
			switch {
			case isUnmounted(f.orphan):
				g.Unmounted = true
			case f.orphan == "" && strings.Trim(f.prefix, "/") != "":
				g.Fragments = append([]string{strings.TrimRight(f.prefix, "/")}, g.Fragments...)
			}
			set.Unresolved = append(set.Unresolved, g)
		}
		for mi, m := range f.r.Mounts {
			child := frame{r: m.Child, prefix: joinFor(f.r.Framework, f.prefix, m.Prefix), methods: f.methods, hidden: f.hidden || m.Hidden, orphan: f.orphan, orphanAt: f.orphanAt, override: m.Override, root: f.root, listened: f.listened, assumed: f.assumed, strict: f.strict, within: f.within, sub: f.sub}
			if m.Whole {
				child.prefix, child.within = "", child.prefix
				at := mountAt{f.r, mi}
				if subs[at] == 0 {
					subs[at] = len(subs) + 1
				}
				child.sub = subs[at]
			}
			walk(child, onPath, depth+1)
		}
	}
	root := 0
	for _, r := range routers {
		if r.Parents == 0 {
			root++
			f := frame{r: r, root: root, listened: r.Listened}
			if r.Sub && !r.Listened {
				f.orphan = unmounted
				if r.Framework == "grpc-gateway" {
					f.orphan = unmountedMux
				}
				if r.HandedTo != "" {
					f.orphan = "router is handed to " + r.HandedTo + ", which this analysis does not follow, and mounted nowhere it reads"
				}
			}
			walk(f, map[*Router]bool{}, 0)
		}
	}
}

// joinFor joins a prefix and a path as framework fw does: Django
// concatenates the strings of include() and path(), so include("polls/")
// with path("") serves /polls/ where the other frameworks' prefix joins
// serve /polls.
func joinFor(fw, prefix, path string) string {
	if fw == "django" && path == "" && strings.HasSuffix(prefix, "/") {
		return prefix
	}
	if fw == "echo" && prefix != "" && path != "" && path[0] != '/' {
		// echo concatenates a group's prefix and what is registered under
		// it without inserting a slash: "s" under /user serves /users
		return prefix + path
	}
	return Join(prefix, path)
}

// Under reports whether path is prefix or below it, segment by segment.
func Under(path, prefix string) bool {
	prefix = strings.TrimRight(prefix, "/")
	return prefix == "" || path == prefix || strings.HasPrefix(path, prefix+"/")
}

// expandOptional returns the templates a template with optional trailing
// parameters (Express's /users/:id?) serves: with and without each of them.
func expandOptional(t Template) []Template {
	out := []Template{t}
	for n := len(t.Segments); n > 0; n-- {
		last := t.Segments[n-1]
		if len(last) != 1 || last[0].Param == nil || !last[0].Param.Optional {
			break
		}
		out = append(out, Template{Segments: t.Segments[:n-1]})
	}
	return out
}
