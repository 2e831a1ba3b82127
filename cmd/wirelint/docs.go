package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/rules/docs"
)

// globList is a comma-separated list of globs; set records whether the flag
// was given, so an explicit empty list differs from the default.
type globList struct {
	globs []string
	set   bool
}

func (g *globList) String() string { return strings.Join(g.globs, ",") }

func (g *globList) Set(s string) error {
	g.set = true
	g.globs = []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			if _, err := docs.ParseGlob(p); err != nil {
				return err
			}
			g.globs = append(g.globs, p)
		}
	}
	return nil
}

// value returns the globs given, or nil (the package default) when the flag
// was not.
func (g *globList) value() []string {
	if !g.set {
		return nil
	}
	return g.globs
}

func init() {
	register(&command{
		name:    "docs",
		usage:   "docs [DIR] [--refs GLOBS] [--exclude GLOBS] [--format FORMAT] [--fail-on SEVERITY]",
		summary: "check that Markdown links and documentation paths cited in code comments resolve",
		run: func(e *env, args []string) int {
			const name = "docs"
			fs := flag.NewFlagSet(name, flag.ContinueOnError)
			out := addOutputFlags(fs)
			refs := &globList{globs: docs.DefaultRefs}
			exclude := &globList{globs: docs.DefaultExclude}
			fs.Var(refs, "refs", "comma-separated globs of documentation paths checked in comments (\"\" = none)")
			fs.Var(exclude, "exclude", "comma-separated globs of files not scanned")
			pos, err := parseFlags(fs, args)
			if err != nil {
				return fail(e, name, err)
			}
			if err := out.validate(); err != nil {
				return fail(e, name, err)
			}
			dir := "."
			switch len(pos) {
			case 0:
			case 1:
				dir = pos[0]
			default:
				return fail(e, name, fmt.Errorf("%w: want at most one directory, got %d arguments", errUsage, len(pos)))
			}
			findings, err := docs.Check(dir, docs.Options{Refs: refs.value(), Exclude: exclude.value()})
			if err != nil {
				return fail(e, name, err)
			}
			return out.emit(e, findings)
		},
	})
}
