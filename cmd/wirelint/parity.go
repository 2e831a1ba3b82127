package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/pipeline"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/regex"
)

func init() {
	register(&command{
		name:    "parity",
		usage:   "parity CANONICAL... MIRROR [--rename CANON=MIRROR]... [--include GLOB]... [--exclude GLOB]... [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
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
	in := addInputFlags(fs)
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
	if len(pos) < 2 {
		return fail(e, "parity", fmt.Errorf("%w: want CANONICAL (files or folders) and MIRROR; got %d arguments", errUsage, len(pos)))
	}
	rn, err := parseRenames(renames)
	if err != nil {
		return fail(e, "parity", err)
	}
	opts := parity.Options{Include: include, Exclude: exclude, Renames: rn}
	ds, err := regex.ParseDialects(*dialects)
	if err != nil {
		return fail(e, "parity", fmt.Errorf("%w: --dialects: %v", errUsage, err))
	}
	ws := in.apply(workspaceFor(pos...))
	findings, err := pipeline.ParityAll(ws, pos[:len(pos)-1], pos[len(pos)-1], opts, regex.Options{Dialects: ds})
	if err != nil {
		return fail(e, "parity", err)
	}
	return out.emit(e, findings)
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

// workspaceFor returns the workspace for documents named on the command line.
// Its root is the project holding the first of them: the git work tree it is
// in; outside git, the working directory when the file is under it, else the
// file's own folder. So running wirelint on another project's files does not
// turn every cross-file $ref into one that "leaves the project".
func workspaceFor(paths ...string) *reduce.Workspace {
	ws := reduce.NewWorkspace("")
	if len(paths) == 0 {
		return ws
	}
	// where the file is written decides the project, not where its symlinks
	// lead: a symlinked folder must not move the root to its target
	abs, err := filepath.Abs(paths[0])
	if err != nil || fsroot.Within(ws.Root, abs) {
		return ws
	}
	return reduce.NewWorkspace(reduce.ProjectRoot(filepath.Dir(abs)))
}
