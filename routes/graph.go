package routes

import (
	"slices"
	"strings"
)

// router is one router, group or sub-application found in source: the routes
// registered on it, relative to it, and the routers mounted under it. The
// graph is flattened once every file is read, so the order in which source
// registers routes and mounts routers does not matter.
type router struct {
	fw     string
	routes []*regRoute
	mounts []mountEdge
	// parents counts the mounts of this router; roots have none.
	parents int
	// orphan, when set, says why this router's mount point is unknown; its
	// routes are reported as Unresolved.
	orphan string
	// methods restricts every route below (gorilla's Methods().Subrouter()).
	methods []string
	// prefix is the router's own prefix (FastAPI's APIRouter(prefix=...),
	// Flask's Blueprint(url_prefix=...)), applied below any mount prefix.
	prefix string
	// hidden marks every route below as excluded from the schema.
	hidden bool
	// listened marks a router the source hands to a listener
	// (http.ListenAndServe, http.Server{Handler}, gin Run, echo Start).
	listened bool
	// sub marks a router that serves nothing until mounted (Express
	// Router(), FastAPI APIRouter, Flask Blueprint, Starlette Router): one
	// nothing mounts is not served at "/".
	sub bool
}

// unmounted is why the routes of a sub-router nothing mounts are not compared.
const unmounted = "router is never mounted: no use, include_router or register_blueprint of it was found"

// regRoute is one registration on a router.
type regRoute struct {
	methods []string // upper case; empty = every method
	path    string   // as written, relative to the router
	pos     Pos
	subtree bool // matches everything below path (gorilla PathPrefix, a ServeMux "/x/")
	dead    bool // gorilla: no handler attached (yet)
	hidden  bool // excluded from the schema by its author
	static  bool // serves files from a folder (a static mount)
}

type mountEdge struct {
	prefix string
	child  *router
	hidden bool
	// override replaces the child's own prefix (Flask's
	// register_blueprint(url_prefix=...)).
	override bool
}

func newRouter(fw string) *router { return &router{fw: fw} }

func (r *router) mount(prefix string, child *router, hidden bool) {
	if child == nil || child == r {
		return
	}
	r.mounts = append(r.mounts, mountEdge{prefix: prefix, child: child, hidden: hidden})
	child.parents++
}

func (r *router) add(methods []string, path string, pos Pos) *regRoute {
	rr := &regRoute{methods: upper(methods), path: path, pos: pos}
	r.routes = append(r.routes, rr)
	return rr
}

func upper(ms []string) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, strings.ToUpper(m))
	}
	return out
}

// syntaxOf returns the template syntax a framework uses.
func syntaxOf(fw string) Syntax {
	switch fw {
	case "gin", "echo", "express", "fastify", "hono", "nestjs":
		return SyntaxColon
	case "flask":
		return SyntaxAngle
	}
	return SyntaxBrace
}

// implicitMethods returns the methods a framework serves by itself beside an
// explicit method: HEAD for GET (net/http, Flask, Starlette, Express,
// Fastify, Hono) and OPTIONS for any route (Flask, Express).
func implicitMethods(fw, method string) []string {
	if method == MethodAny {
		return nil
	}
	var out []string
	switch fw {
	case "nethttp", "flask", "starlette", "express", "fastify", "hono", "nestjs":
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
// FastAPI, Starlette, Flask, gin and echo concatenate: "/" under "/books" is
// /books/ (the bare prefix only redirects there); chi, Express and the others
// serve "/" under a prefix as the bare prefix (Join).
func joinRoute(fw, prefix, path string) string {
	switch fw {
	case "fastapi", "starlette", "flask", "gin", "echo":
		if path == "/" && strings.TrimRight(prefix, "/") != "" {
			return strings.TrimRight(prefix, "/") + "/"
		}
	}
	return Join(prefix, path)
}

// flatten walks the graph from every root router, joining prefixes, and adds
// the routes to set. Cycles and absurd depths are cut.
func flatten(routers []*router, set *Set) {
	type frame struct {
		r        *router
		prefix   string
		methods  []string
		hidden   bool
		orphan   string
		override bool
		root     int
		listened bool
	}
	var walk func(f frame, onPath map[*router]bool, depth int)
	walk = func(f frame, onPath map[*router]bool, depth int) {
		if onPath[f.r] || depth > 64 {
			return
		}
		onPath[f.r] = true
		defer delete(onPath, f.r)
		if f.r.orphan != "" && f.orphan == "" {
			f.orphan = f.r.orphan
		}
		if len(f.r.methods) > 0 {
			f.methods = f.r.methods
		}
		f.hidden = f.hidden || f.r.hidden
		if !f.override {
			f.prefix = Join(f.prefix, f.r.prefix)
		}
		for _, rr := range f.r.routes {
			if rr.dead {
				continue
			}
			raw := joinRoute(f.r.fw, f.prefix, rr.path)
			methods := rr.methods
			if len(methods) == 0 {
				methods = f.methods
			}
			if len(methods) == 0 {
				methods = []string{MethodAny}
			}
			if f.orphan != "" {
				for _, m := range methods {
					set.Unresolved = append(set.Unresolved, Unresolved{Pos: rr.pos, Method: m, Expr: raw, Reason: f.orphan, Fragments: []string{raw}, Unmounted: f.orphan == unmounted})
				}
				continue
			}
			tpl, err := ParseTemplate(raw, syntaxOf(f.r.fw))
			if err != nil {
				set.Unresolved = append(set.Unresolved, Unresolved{Pos: rr.pos, Expr: raw, Reason: err.Error()})
				continue
			}
			if rr.subtree && !tpl.Exact {
				tpl.TrailingSlash = false
				tpl.Segments = append(tpl.Segments, Segment{{Param: &Param{CatchAll: true}}})
			}
			for _, t := range expandOptional(tpl) {
				seen := map[string]bool{}
				for _, m := range methods {
					seen[m] = true
				}
				for _, m := range methods {
					set.add(Route{Method: m, Template: t, Raw: raw, Framework: f.r.fw, Pos: rr.pos, Hidden: rr.hidden || f.hidden, Static: rr.static, Root: f.root, Listened: f.listened})
					implicit := implicitMethods(f.r.fw, m)
					if rr.static && m == "GET" && !slices.Contains(implicit, "HEAD") {
						implicit = append(implicit, "HEAD")
					}
					for _, im := range implicit {
						if !seen[im] {
							seen[im] = true
							set.add(Route{Method: im, Template: t, Raw: raw, Framework: f.r.fw, Pos: rr.pos, Implicit: true, Static: rr.static, Root: f.root, Listened: f.listened})
						}
					}
				}
			}
		}
		for _, m := range f.r.mounts {
			walk(frame{r: m.child, prefix: Join(f.prefix, m.prefix), methods: f.methods, hidden: f.hidden || m.hidden, orphan: f.orphan, override: m.override, root: f.root, listened: f.listened}, onPath, depth+1)
		}
	}
	root := 0
	for _, r := range routers {
		if r.parents == 0 {
			root++
			f := frame{r: r, root: root, listened: r.listened}
			if r.sub && !r.listened {
				f.orphan = unmounted
			}
			walk(f, map[*router]bool{}, 0)
		}
	}
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
