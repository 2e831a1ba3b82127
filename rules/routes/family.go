package routes

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
	"github.com/wirelint/wirelint/rules/family"
)

// Entry is one routes entry of a configuration: a spec and the server
// source it is compared with. The family's configuration section is []Entry.
type Entry struct {
	Spec, Server string
	// Include and Exclude are path globs limiting what is compared.
	Include, Exclude []string
	// Framework is how to read Server ("" or "auto" = detect).
	Framework string
	// BasePath prefixes every spec path when Override is set.
	BasePath string
	Override bool
	// BuildTags are the Go build tags the server is built with (nil = the
	// default build); Program is the folder of the Go main package compared
	// when the module builds several ("" = the one the spec documents).
	BuildTags []string
	Program   string
}

// Family is the routes family: each spec's routes against the routes its
// server's source registers.
var Family = &family.Family{
	Name:  "routes",
	Doc:   "routes a spec and its server's source disagree on",
	Rules: Rules,
	Scope: family.Grouped,
	Entries: func(section any) []family.Entry {
		var out []family.Entry
		for i, e := range section.([]Entry) {
			out = append(out, family.Entry{Name: fmt.Sprintf("routes[%d]", i), Documents: []string{e.Spec}, Value: e})
		}
		return out
	},
	Run: func(p *family.Pass) (family.Output, error) {
		fs, err := p.EachEntry(func(en family.Entry) ([]report.Finding, error) { return checkEntry(p, en.Value.(Entry)) })
		return family.Output{Findings: fs}, err
	},
}

// checkEntry compares one spec with its server's source, read inside the
// project (the server's files, go.mod and module packages), as every
// document is.
func checkEntry(p *family.Pass, e Entry) ([]report.Finding, error) {
	spec := p.Doc(e.Spec)
	canonical, err := routes.FromSpec(spec, routes.SpecOptions{BasePath: e.BasePath, Override: e.Override, Resolver: p.Workspace})
	if err != nil {
		return nil, err
	}
	display := func(abs string) string {
		if rel, err := filepath.Rel(p.Dir, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(abs)
	}
	framework := e.Framework
	if framework == "" {
		framework = "auto"
	}
	mirror, err := extract.FromServer(p.Path(e.Server), extract.ServerOptions{Framework: framework, Display: display, FS: p.FS, Limits: p.Limits,
		BuildTags: e.BuildTags, Program: e.Program})
	if err != nil {
		return nil, err
	}
	pathsPos, pathsPtr := routes.SpecPathsPos(spec)
	return Check(Input{
		Canonical: canonical, Mirror: mirror,
		SpecPaths: pathsPos, SpecPathsPointer: pathsPtr, Server: filepath.ToSlash(e.Server),
		Include: e.Include, Exclude: e.Exclude,
	}), nil
}
