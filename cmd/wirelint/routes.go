package main

import (
	"strings"

	"github.com/spf13/cobra"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/runner"
)

func newRoutesCmd(e *env, code *int) *cobra.Command {
	var rt runner.Routes
	c, out, in := findingsCommand("routes --spec FILE --server DIR|FILE", "compare the spec's routes with the routes the server's source registers", true)
	c.Args = noArgs
	c.Flags().StringVar(&rt.Spec, "spec", "", "the OpenAPI 3.x or Swagger 2.0 document")
	c.Flags().StringVar(&rt.Server, "server", "", "the server's source directory or file, a route list, or a server-generated OpenAPI document")
	c.Flags().StringVar(&rt.Framework, "framework", "auto", "how to read --server: "+strings.Join(route.Frameworks, "|"))
	var routesFrom string
	c.Flags().StringVar(&routesFrom, "routes-from", "", "a route listing the framework printed (flask routes, rails routes, gin's debug log, NestJS's Mapped lines, echo Routes() or express-list-endpoints JSON, Spring actuator mappings), compared instead of reading --server")
	c.Flags().StringVar(&rt.BasePath, "base-path", "", "prefix of every spec path, replacing the servers URL path or basePath")
	c.Flags().StringSliceVar(&rt.BuildTags, "build-tags", nil, "Go build tags the server is built with, comma-separated (default: the default build)")
	c.Flags().StringVar(&rt.Program, "program", "", "folder of the Go main package compared when the module builds several (default: the one the spec documents)")
	var include, exclude listFlag
	c.Flags().Var(&include, "include", "compare only routes matching this path glob (/api/**); repeatable")
	c.Flags().Var(&exclude, "exclude", "do not compare routes matching this path glob (/debug/**); repeatable")
	c.RunE = func(_ *cobra.Command, _ []string) error {
		if routesFrom != "" {
			if rt.Server != "" {
				return usageErrorf("--routes-from and --server name two servers; give one")
			}
			rt.Server, rt.Framework = routesFrom, "list"
		}
		if rt.Spec == "" || rt.Server == "" {
			return usageErrorf("both --spec and --server are required")
		}
		known := false
		for _, f := range route.Frameworks {
			known = known || f == rt.Framework
		}
		if !known {
			return usageErrorf("--framework %q: want one of %s", rt.Framework, strings.Join(route.Frameworks, ", "))
		}
		for _, g := range append(append([]string(nil), include...), exclude...) {
			if err := route.ValidGlob(g); err != nil {
				return usageErrorf("%v", err)
			}
		}
		rt.Include, rt.Exclude = include, exclude
		rt.Override = c.Flags().Changed("base-path")
		return out.runAndEmit(e, code, runner.Config{Routes: []runner.Routes{rt}, Arguments: []string{rt.Spec, rt.Server}}, in)
	}
	return c
}
