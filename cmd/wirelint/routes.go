package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	route "github.com/wirelint/wirelint/routes"
	routerules "github.com/wirelint/wirelint/rules/routes"
)

func init() {
	register(&command{
		name:    "routes",
		usage:   "routes --spec FILE --server DIR|FILE [--framework " + strings.Join(route.Frameworks, "|") + "] [--base-path P] [--include GLOB] [--exclude GLOB] [--format FMT] [--fail-on SEV]",
		summary: "compare the spec's routes with the routes the server's source registers",
		run:     runRoutes,
	})
}

func runRoutes(e *env, args []string) int {
	const name = "routes"
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := addOutputFlags(fs)
	spec := fs.String("spec", "", "the OpenAPI 3.x or Swagger 2.0 document")
	server := fs.String("server", "", "the server's source directory or file, a route list, or a server-generated OpenAPI document")
	framework := fs.String("framework", "auto", "how to read --server: "+strings.Join(route.Frameworks, "|"))
	basePath := fs.String("base-path", "", "prefix of every spec path, replacing the servers URL path or basePath")
	var include, exclude routeGlobs
	fs.Var(&include, "include", "compare only routes matching this path glob (/api/**); repeatable")
	fs.Var(&exclude, "exclude", "do not compare routes matching this path glob (/debug/**); repeatable")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, name, err)
	}
	if len(pos) > 0 {
		return fail(e, name, fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0]))
	}
	if err := out.validate(); err != nil {
		return fail(e, name, err)
	}
	if *spec == "" || *server == "" {
		return fail(e, name, fmt.Errorf("%w: both --spec and --server are required", errUsage))
	}
	known := false
	for _, f := range route.Frameworks {
		known = known || f == *framework
	}
	if !known {
		return fail(e, name, fmt.Errorf("%w: --framework %q: want one of %s", errUsage, *framework, strings.Join(route.Frameworks, ", ")))
	}
	for _, g := range append(append([]string(nil), include...), exclude...) {
		if err := route.ValidGlob(g); err != nil {
			return fail(e, name, fmt.Errorf("%w: %v", errUsage, err))
		}
	}
	override := false
	fs.Visit(func(f *flag.Flag) { override = override || f.Name == "base-path" })

	doc, err := reduce.LoadFile(*spec, "")
	if err != nil {
		return fail(e, name, err)
	}
	canonical, err := route.FromSpec(doc, route.SpecOptions{BasePath: *basePath, Override: override})
	if err != nil {
		return fail(e, name, err)
	}
	root := filepath.ToSlash(*server)
	mirror, err := route.FromServer(*server, route.ServerOptions{Framework: *framework, Display: displayUnder(*server)})
	if err != nil {
		return fail(e, name, err)
	}
	pathsPos, pathsPtr := route.SpecPathsPos(doc)
	return out.emit(e, routerules.Check(routerules.Input{
		Canonical: canonical, Mirror: mirror,
		SpecPaths: pathsPos, SpecPathsPointer: pathsPtr, Server: root,
		Include: include, Exclude: exclude,
	}))
}

// routeGlobs is a repeatable, comma-separated route path-glob flag.
type routeGlobs []string

func (g *routeGlobs) String() string { return strings.Join(*g, ",") }

func (g *routeGlobs) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*g = append(*g, p)
		}
	}
	return nil
}

// displayUnder names a file found under root as root joined with its path
// below root, slash-separated, so output paths start as the user typed them.
func displayUnder(root string) func(string) string {
	return func(p string) string {
		if rel, err := filepath.Rel(root, p); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(filepath.Join(root, rel))
		}
		return filepath.ToSlash(p)
	}
}
