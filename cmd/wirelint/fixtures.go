package main

import (
	"flag"
	"fmt"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/fixture"
)

func init() {
	register(&command{
		name:    "fixtures",
		usage:   "fixtures DIR CANONICAL [MIRROR]... [--rename CANON=MIRROR]... [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "check golden and negative payloads against every document and that golden payloads cover every union variant",
		run:     runFixtures,
	})
}

func runFixtures(e *env, args []string) int {
	fs := flag.NewFlagSet("fixtures", flag.ContinueOnError)
	out := addOutputFlags(fs)
	in := addInputFlags(fs)
	var renames listFlag
	fs.Var(&renames, "rename", "a fixture folder's definition is called MIRROR_NAME in the other documents: CANONICAL_NAME=MIRROR_NAME (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "fixtures", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "fixtures", err)
	}
	if len(pos) < 2 {
		return fail(e, "fixtures", fmt.Errorf("%w: want the fixtures folder and at least one document; got %d argument(s)", errUsage, len(pos)))
	}
	rn, err := parseRenames(renames)
	if err != nil {
		return fail(e, "fixtures", err)
	}
	ws := in.apply(workspaceFor(pos[1:]...))
	findings, err := runFixtureFamily(ws, pos[0], pos[1:], rn)
	if err != nil {
		return fail(e, "fixtures", err)
	}
	return out.emit(e, findings)
}

// runFixtureFamily loads the payloads under dir and the documents, and checks
// every payload against every document (the first is the canonical one).
func runFixtureFamily(ws *reduce.Workspace, dir string, docPaths []string, renames map[string]string) ([]report.Finding, error) {
	payloads, err := fixture.Load(ws.FS, dir, ws.Display)
	if err != nil {
		return nil, err
	}
	docs, err := loadConcurrently(ws, docPaths...)
	if err != nil {
		return nil, err
	}
	return fixture.Check(ws, docs, payloads, fixture.Options{Renames: renames}), nil
}

// fixtureCheckTasks turns the configuration's fixtures sections into check
// tasks: each folder's payloads against the schema and, when set, its
// mirror. planTasks appends them (in check.go).
func fixtureCheckTasks(cfg *config.Config, ws *reduce.Workspace, doc map[string]*reduce.Document) []checkTask {
	var tasks []checkTask
	for i, f := range cfg.Fixtures {
		docs := []*reduce.Document{doc[f.Schema]}
		if f.Mirror != "" {
			docs = append(docs, doc[f.Mirror])
		}
		folders := f.Folders
		tasks = append(tasks, checkTask{name: fmt.Sprintf("fixtures[%d]", i), run: func() ([]report.Finding, error) {
			var payloads []*fixture.Payload
			for _, folder := range folders {
				ps, err := fixture.Load(ws.FS, cfg.Path(folder), ws.Display)
				if err != nil {
					return nil, err
				}
				payloads = append(payloads, ps...)
			}
			return fixture.Check(ws, docs, payloads, fixture.Options{}), nil
		}})
	}
	return tasks
}
