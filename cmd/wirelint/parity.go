package main

import (
	"flag"
	"fmt"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
)

func init() {
	register(&command{
		name:    "parity",
		usage:   "parity CANONICAL MIRROR [--rename CANON=MIRROR]... [--include GLOB]... [--exclude GLOB]... [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "compare every definition of a canonical JSON Schema with its OpenAPI (or JSON Schema) mirror",
		run:     runParity,
	})
}

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func runParity(e *env, args []string) int {
	fs := flag.NewFlagSet("parity", flag.ContinueOnError)
	out := addOutputFlags(fs)
	var renames, include, exclude listFlag
	fs.Var(&renames, "rename", "pair a renamed definition: CANONICAL_NAME=MIRROR_NAME (repeatable)")
	fs.Var(&include, "include", "compare only canonical definitions matching this glob (repeatable)")
	fs.Var(&exclude, "exclude", "skip canonical definitions matching this glob (repeatable)")
	dialects := fs.String("dialects", "go,rust", "regex target dialects, comma-separated (go, rust, python)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "parity", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "parity", err)
	}
	if len(pos) != 2 {
		return fail(e, "parity", fmt.Errorf("%w: want 2 files, CANONICAL and MIRROR; got %d", errUsage, len(pos)))
	}
	opts := parity.Options{Include: include, Exclude: exclude, Renames: map[string]string{}}
	for _, r := range renames {
		c, m, ok := strings.Cut(r, "=")
		if !ok || c == "" || m == "" {
			return fail(e, "parity", fmt.Errorf("%w: --rename %q: want CANONICAL=MIRROR", errUsage, r))
		}
		opts.Renames[c] = m
	}
	ds, err := regex.ParseDialects(*dialects)
	if err != nil {
		return fail(e, "parity", fmt.Errorf("%w: --dialects: %v", errUsage, err))
	}
	ws := reduce.NewWorkspace("")
	docs, err := loadConcurrently(ws, pos...)
	if err != nil {
		return fail(e, "parity", err)
	}
	return out.emit(e, runParityCommand(ws, docs[0], docs[1], opts, regex.Options{Dialects: ds}))
}

// runParityCommand runs what `wirelint parity` reports: keyword parity and
// descriptions, and the ref and regex rules on both documents (and on the
// files the canonical side reaches through $refs). The families share only
// read-only documents, so they run in parallel.
func runParityCommand(ws *reduce.Workspace, canonical, mirror *reduce.Document, opts parity.Options, ropts regex.Options) []report.Finding {
	var wg sync.WaitGroup
	var refFindings []report.Finding
	wg.Add(1)
	go func() {
		defer wg.Done()
		refFindings = ref.Check(ws, []*reduce.Document{canonical, mirror}, ref.Options{})
	}()
	res := runParityFamily(ws, canonical, mirror, opts)
	regexFindings := make([][]report.Finding, len(res.documents))
	for i, d := range res.documents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			regexFindings[i] = regex.Check(d, ropts)
		}()
	}
	wg.Wait()
	findings := append(res.findings, refFindings...)
	for _, fs := range regexFindings {
		findings = append(findings, fs...)
	}
	return findings
}

// parityRun is what runParityFamily found and which documents it compared.
type parityRun struct {
	findings  []report.Finding
	documents []*reduce.Document // each once: canonical, mirror, files reached by $ref
}

// runParityFamily runs keyword parity and the description rules on a pair.
func runParityFamily(ws *reduce.Workspace, canonical, mirror *reduce.Document, opts parity.Options) parityRun {
	res := parity.Check(ws, canonical, mirror, opts)
	run := parityRun{findings: append(res.Findings, description.Check(res.Pairs)...)}
	seen := map[*reduce.Document]bool{}
	for _, d := range res.Documents {
		if !seen[d] {
			seen[d] = true
			run.documents = append(run.documents, d)
		}
	}
	return run
}

// loadConcurrently loads the named files in parallel through ws; the first
// error (in argument order) is returned.
func loadConcurrently(ws *reduce.Workspace, paths ...string) ([]*reduce.Document, error) {
	docs := make([]*reduce.Document, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			docs[i], errs[i] = ws.Load(p, "")
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return docs, nil
}
