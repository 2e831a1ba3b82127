package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/differential"
	"github.com/wirelint/wirelint/rules/fixture"
)

func init() {
	register(&command{
		name:    "diffcheck",
		usage:   "diffcheck CANONICAL MIRROR [--fixtures DIR] [--rename CANON=MIRROR]... [--budget DURATION] [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "validate generated probe payloads (and golden fixtures) against both documents and report where they disagree",
		run:     runDiffcheck,
	})
}

func runDiffcheck(e *env, args []string) int {
	fs := flag.NewFlagSet("diffcheck", flag.ContinueOnError)
	out := addOutputFlags(fs)
	in := addInputFlags(fs)
	var renames listFlag
	fs.Var(&renames, "rename", "pair a renamed definition: CANONICAL_NAME=MIRROR_NAME (repeatable)")
	fixtures := fs.String("fixtures", "", "folder of golden and negative payloads (docs/fixtures.md): used as probes and checked against both documents")
	budget := fs.Duration("budget", differential.DefaultBudget, "time bound for probing one definition")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "diffcheck", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "diffcheck", err)
	}
	if len(pos) != 2 {
		return fail(e, "diffcheck", fmt.Errorf("%w: want 2 files, CANONICAL and MIRROR; got %d", errUsage, len(pos)))
	}
	if *budget <= 0 {
		return fail(e, "diffcheck", fmt.Errorf("%w: --budget %s: want a positive duration", errUsage, *budget))
	}
	rn, err := parseRenames(renames)
	if err != nil {
		return fail(e, "diffcheck", err)
	}
	ws := in.apply(workspaceFor(pos...))
	docs, err := loadConcurrently(ws, pos...)
	if err != nil {
		return fail(e, "diffcheck", err)
	}
	findings, err := runDiffcheckFamily(ws, docs[0], docs[1], *fixtures, rn, *budget)
	if err != nil {
		return fail(e, "diffcheck", err)
	}
	return out.emit(e, findings)
}

// runDiffcheckFamily runs the differential on a pair and, with a fixtures
// folder, the fixture rules against both documents. The folder's payloads
// are probes of the differential too.
func runDiffcheckFamily(ws *reduce.Workspace, canonical, mirror *reduce.Document, fixturesDir string, renames map[string]string, budget time.Duration) ([]report.Finding, error) {
	var payloads []*fixture.Payload
	if fixturesDir != "" {
		var err error
		if payloads, err = fixture.Load(ws.FS, fixturesDir, ws.Display); err != nil {
			return nil, err
		}
	}
	findings := differential.Check(ws, canonical, mirror, differential.Options{Renames: renames, Fixtures: payloads, Budget: budget})
	if fixturesDir != "" {
		findings = append(findings, fixture.Check(ws, []*reduce.Document{canonical, mirror}, payloads, fixture.Options{Renames: renames})...)
	}
	return findings, nil
}

// parseRenames reads repeated CANONICAL=MIRROR flags.
func parseRenames(rs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range rs {
		c, m, ok := strings.Cut(r, "=")
		if !ok || c == "" || m == "" {
			return nil, fmt.Errorf("%w: --rename %q: want CANONICAL=MIRROR", errUsage, r)
		}
		out[c] = m
	}
	return out, nil
}

// diffcheckTasks turns each configured parity pair into a differential check
// task (with the pair's renames). planTasks appends them (in check.go).
func diffcheckTasks(cfg *config.Config, ws *reduce.Workspace, doc map[string]*reduce.Document) []checkTask {
	var tasks []checkTask
	for i, p := range cfg.Parity {
		canonical, mirror, renames := doc[p.Canonical], doc[p.Mirror], p.Renames
		tasks = append(tasks, checkTask{name: fmt.Sprintf("differential[%d]", i), run: func() ([]report.Finding, error) {
			return differential.Check(ws, canonical, mirror, differential.Options{Renames: renames}), nil
		}})
	}
	return tasks
}
