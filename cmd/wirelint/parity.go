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
	findings, err := runParityCommand(ws, pos[0], pos[1], opts, regex.Options{Dialects: ds})
	if err != nil {
		return fail(e, "parity", err)
	}
	return out.emit(e, findings)
}

// runParityCommand loads the two documents and runs what `wirelint parity`
// reports: keyword parity and descriptions, and the ref and regex rules on both
// documents (and on the files the canonical side reaches through $refs). Each
// document's ref and regex rules start as soon as it is loaded, while the other
// may still be parsing; parity starts when both are. The families share only
// read-only documents.
func runParityCommand(ws *reduce.Workspace, canonicalPath, mirrorPath string, opts parity.Options, ropts regex.Options) ([]report.Finding, error) {
	paths := []string{canonicalPath, mirrorPath}
	docs := make([]*reduce.Document, 2)
	errs := make([]error, 2)
	perDoc := make([][]report.Finding, 2)
	var loaded, checked sync.WaitGroup
	loaded.Add(2)
	checked.Add(2)
	for i, p := range paths {
		go func() {
			defer checked.Done()
			docs[i], errs[i] = ws.Load(p, "")
			loaded.Done()
			if errs[i] != nil {
				return
			}
			// a panic here would bypass run's recover: report it as an error
			defer func() {
				if r := recover(); r != nil {
					errs[i] = fmt.Errorf("internal error checking %s: %v (please report this with the input that caused it)", docs[i].Path, r)
				}
			}()
			perDoc[i] = append(ref.Check(ws, docs[i:i+1], ref.Options{}), regex.Check(docs[i], ropts)...)
		}()
	}
	loaded.Wait()
	for _, err := range errs {
		if err != nil {
			checked.Wait()
			return nil, err
		}
	}
	res := runParityFamily(ws, docs[0], docs[1], opts)
	checked.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	findings := append(res.findings, perDoc[0]...)
	findings = append(findings, perDoc[1]...)
	// Files the canonical side reaches through $refs get the regex rule too
	// (the ref rule followed them already).
	for _, d := range res.documents {
		if d != docs[0] && d != docs[1] {
			findings = append(findings, regex.Check(d, ropts)...)
		}
	}
	return findings, nil
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
