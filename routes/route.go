package routes

import (
	"fmt"
	"sort"
	"strings"
)

// MethodAny is the method of a route served for every method (gin's Any, a
// method-less ServeMux pattern, chi's Handle).
const MethodAny = "ANY"

// Frameworks lists the values extract.ServerOptions.Framework (--framework) accepts.
var Frameworks = []string{"auto", "go", "fastapi", "flask", "starlette", "django", "express", "fastify", "hono", "nestjs", "list", "openapi"}

// Pos is a place in a source or spec file.
type Pos struct {
	// File is the path as shown to the user, slash-separated.
	File string
	// Line is 1-based; 0 = unknown.
	Line int
	// Column is 1-based; 0 = unknown.
	Column int
}

// Route is one method and path, from the spec or from the server.
type Route struct {
	// Method is upper case, or MethodAny.
	Method string
	// Template is the parsed path, prefixes joined.
	Template Template
	// Raw is the path as written, prefixes joined, before normalisation.
	Raw string
	// Framework names where the route came from: "openapi", "chi", "fastapi"...
	Framework string
	// Pos is where the route is registered (server) or its method key (spec).
	Pos Pos
	// Pointer is the spec operation's JSON pointer; "" on the server side.
	Pointer string
	// PathPos is the spec path key's position; zero on the server side.
	PathPos Pos
	// PathPointer is the spec path item's JSON pointer; "" on the server side.
	PathPointer string
	// Implicit marks a route the framework adds by itself (HEAD for GET,
	// OPTIONS): it may satisfy the spec but is never undocumented.
	Implicit bool
	// Hidden marks a route its author excluded from the schema
	// (include_in_schema=False): never undocumented.
	Hidden bool
	// Static marks a static-file mount (gin Static, express.static,
	// http.FileServer...): a catch-all that serves files, never operations.
	Static bool
	// Opaque marks a mount, at a constant prefix, of an app or router this
	// analysis cannot read (a third-party blueprint): a catch-all that may
	// serve anything below its prefix. A spec operation beneath it is
	// possibly served; with none beneath it, it is undocumented.
	Opaque bool
	// Tooling marks a route a library registers for profiling or metrics
	// (echo-contrib's pprof.Register): served, and not an API operation.
	Tooling bool
	// Asset says why a route a library registers is a page or file, not an
	// operation of the API ("the Django admin site", "a documentation UI
	// or spec file"); "" = not known to be one.
	Asset string
	// Root numbers the root router (listener) the route hangs from, 1-based
	// in the order routers are created; 0 on the spec side.
	Root int
	// Listened marks a route whose root router the source hands to a
	// listener of its own (http.ListenAndServe, gin Run, echo Start).
	Listened bool
	// Sub numbers the whole-path mount below its root that the route hangs
	// from (a grpc-gateway ServeMux: see Mount.Whole), 1-based in the order
	// the graph is walked; 0 for none.
	Sub int
	// Assumed are the values read at run time (a prefix from a config
	// file) this route's path was built from: findings that depend on it
	// are at most warnings and say so.
	Assumed []Assumption
	// AnySlash marks a route served with and without a trailing slash
	// (Fiber unless StrictRouting is set): a spec path that differs from it
	// only in that slash is served, not a trailing-slash drift.
	AnySlash bool
	// Tagged are the custom build tags without which the route is not
	// served (Go's //go:build feature files): it is served only when the
	// server is built with them, so it is neither undocumented nor the
	// server of an operation in the build compared. nil = every build.
	Tagged []string
	// Programs are, when one module builds several programs (Go main
	// packages) and none was named, the programs whose code registers the
	// route, by folder; nil = the one program there is.
	Programs []string
}

// Assumption is a value the server reads at run time that the analysis took
// from where it is set in the repository (a config file, a tag default).
type Assumption struct {
	// Expr is the source expression read at run time (s.cfg.Http.Prefix).
	Expr string
	// Value is the value assumed.
	Value string
	// At is where the value is set.
	At Pos
	// Reassigned, when set, is where the code assigns another value at
	// run time to a variable declared with Value (a flag, an env var).
	Reassigned Pos
}

// String says the assumption for messages: `assuming X = "v" (file:l:c;
// read at run time)`, or for a declared value reassigned `assuming X = "v"
// (declared at file:l:c; reassigned at run time at file:l)`.
func (a Assumption) String() string {
	if a.Reassigned.File != "" {
		return fmt.Sprintf("assuming %s = %q (declared at %s:%d:%d; reassigned at run time at %s:%d)", a.Expr, a.Value, a.At.File, a.At.Line, a.At.Column, a.Reassigned.File, a.Reassigned.Line)
	}
	return fmt.Sprintf("assuming %s = %q (%s:%d:%d; read at run time)", a.Expr, a.Value, a.At.File, a.At.Line, a.At.Column)
}

// Path returns the normalised template, parameters spelled {name}.
func (r Route) Path() string { return r.Template.String() }

// Unresolved is a registration whose path or mount point cannot be known
// without running the server.
type Unresolved struct {
	// Pos is the registration's position.
	Pos Pos
	// Method is the method when known ("" = unknown).
	Method string
	// Expr is the source text that could not be resolved, shortened.
	Expr string
	// Reason says why, lower-case ("path is a function parameter").
	Reason string
	// Fragments are the constant pieces of the path, in order, each
	// separated from the next by an unknown part; nil = nothing known.
	Fragments []string
	// Malformed marks an entry that is not a registration at all (a route
	// list line without a path): it can serve nothing.
	Malformed bool
	// Unmounted marks a registration on a sub-router nothing mounts: it is
	// served nowhere, so it serves no spec operation either.
	Unmounted bool
}

// Set is what one side yields.
type Set struct {
	// Routes are sorted by path key, method, then position.
	Routes []Route
	// Unresolved are sorted by position.
	Unresolved []Unresolved
	// BasePaths are the distinct base paths the spec's operations sit
	// under, sorted ("" = the root); spec side only.
	BasePaths []string
	// LookedFor names the frameworks the server's source was read for
	// ("Go net/http, chi, gin, echo, gorilla/mux"); server side only.
	LookedFor string
	// Files counts the source files read; server side only.
	Files int
	// Generated is the server a generator builds at run time from the spec
	// it embeds (go-swagger), nil = none found; server side only.
	Generated *Generated
}

// Generated is a server a generator builds at run time from a table it
// generated from the spec (go-swagger's handler cache): it serves the
// spec's operations by construction, and what is left to compare is
// which operations still run the generator's stub.
type Generated struct {
	// Generator names it ("go-swagger").
	Generator string
	// Pos is where the generated table is.
	Pos Pos
	// BasePath is the base path of the spec it embeds ("" = none).
	BasePath string
	// Operations are the table's entries, in order.
	Operations []GeneratedOperation
	// Routed marks a generator whose router registrations are read from
	// the code as routes (oapi-codegen's chi server): its table only says
	// which operations run the generator's stub, and serves nothing by
	// itself.
	Routed bool
	// StubHandler marks a program that hands the generator's stub type
	// itself to the server (ogen's NewServer(UnimplementedHandler{})):
	// every operation is a stub.
	StubHandler bool
}

// GeneratedOperation is one entry of a generated server's table.
type GeneratedOperation struct {
	// Method is upper case; Path is relative to the base path, as the
	// spec spells it.
	Method, Path string
	// Handler names the field of the API value that serves it
	// (go-swagger), or the method of the handler type (ogen,
	// oapi-codegen).
	Handler string
	// Pos is the entry's line in the table.
	Pos Pos
	// Stub marks an operation no code sets to anything but the
	// generator's NotImplemented handler, or whose method the handler
	// type leaves to the generator's embedded stub: it answers 501.
	Stub bool
	// Intercepted, for a stub, is where code outside the generated
	// package writes the operation's full path as a string (a middleware
	// answering it before the generated router); zero = nowhere.
	Intercepted Pos
}

// add appends r; finish drops a registration reached twice.
func (s *Set) add(r Route) {
	s.Routes = append(s.Routes, r)
}

// Finish sorts and de-duplicates s.
func (s *Set) Finish() {
	type keyed struct {
		key, path string
		r         Route
	}
	ks := make([]keyed, len(s.Routes))
	for i, r := range s.Routes {
		ks[i] = keyed{r.Template.Key(), r.Template.String(), r}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := ks[i].r, ks[j].r
		if ka, kb := ks[i].key, ks[j].key; ka != kb {
			return ka < kb
		}
		if a.Method != b.Method {
			return a.Method < b.Method
		}
		if a.Implicit != b.Implicit {
			return !a.Implicit
		}
		if a.Pos != b.Pos {
			return posLess(a.Pos, b.Pos)
		}
		// one registration reached on two roots (a constructor run on
		// its own and again for its caller): the one a listener serves
		// is kept
		return a.Listened && !b.Listened
	})
	out := s.Routes[:0]
	served := map[string]bool{} // method and path of every route kept
	for i, k := range ks {
		r := k.r
		id := r.Method + " " + k.path
		if i > 0 {
			p := ks[i-1]
			if p.r.Method == r.Method && p.path == k.path && p.r.Pos == r.Pos && p.r.Implicit == r.Implicit {
				continue
			}
		}
		if r.Implicit && served[id] {
			continue // the framework adds it once, whatever registers it
		}
		served[id] = true
		out = append(out, r)
	}
	s.Routes = out
	sort.SliceStable(s.Unresolved, func(i, j int) bool { return posLess(s.Unresolved[i].Pos, s.Unresolved[j].Pos) })
	u := s.Unresolved[:0]
	for i, x := range s.Unresolved {
		if i > 0 && sameUnresolved(u[len(u)-1], x) {
			continue
		}
		u = append(u, x)
	}
	s.Unresolved = u
}

func posLess(a, b Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// httpMethods are the methods a route may name, upper case.
var httpMethods = map[string]bool{
	"GET": true, "HEAD": true, "POST": true, "PUT": true, "DELETE": true, "PATCH": true,
	"OPTIONS": true, "TRACE": true, "CONNECT": true, "QUERY": true,
}

// IsMethod reports whether s is an HTTP method name (any case).
func IsMethod(s string) bool { return httpMethods[strings.ToUpper(s)] }

// Shorten cuts source text for messages to about 60 bytes on one line.
func Shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func sameUnresolved(a, b Unresolved) bool {
	return a.Pos == b.Pos && a.Method == b.Method && a.Expr == b.Expr && a.Reason == b.Reason
}
