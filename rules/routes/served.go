package routes

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
)

// ServedOperations reads the routes the server source at path registers
// (framework as in Entry; basePath, when set, replaces the spec's as
// Entry.BasePath does) and returns how many of spec's operations one of
// them serves by method and path — parameter names and a trailing slash
// aside, a route of every method serving any — and how many spec documents.
// It is no check: catch-alls, mounts of apps not read and assumptions count
// for nothing. `wirelint init` tells candidate servers apart by it.
func ServedOperations(spec *reduce.Document, basePath, path, framework string, fs *fsroot.Root, lim limits.Limits) (served, ops int, err error) {
	canonical, err := routes.FromSpec(spec, routes.SpecOptions{BasePath: basePath, Override: basePath != ""})
	if err != nil {
		return 0, 0, err
	}
	mirror, err := extract.FromServer(path, extract.ServerOptions{Framework: framework, FS: fs, Limits: lim})
	if err != nil {
		return 0, len(canonical.Routes), err
	}
	methods := map[string]map[string]bool{} // path key, no trailing slash -> methods served
	for _, r := range mirror.Routes {
		k := r.Template.WithoutTrailingSlash().Key()
		if methods[k] == nil {
			methods[k] = map[string]bool{}
		}
		methods[k][r.Method] = true
	}
	for _, s := range canonical.Routes {
		if m := methods[s.Template.WithoutTrailingSlash().Key()]; m[s.Method] || m[routes.MethodAny] {
			served++
		}
	}
	return served, len(canonical.Routes), nil
}
