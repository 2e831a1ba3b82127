package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/runner"
)

// globList is a comma-separated list of globs; set records whether the flag
// was given, so an explicit empty list differs from the default.
type globList struct {
	globs []string
	set   bool
}

func (g *globList) String() string { return strings.Join(g.globs, ",") }
func (g *globList) Type() string   { return "globs" }

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

func newDocsCmd(e *env, code *int) *cobra.Command {
	refs := &globList{globs: docs.DefaultRefs}
	exclude := &globList{globs: docs.DefaultExclude}
	c := &cobra.Command{
		Use:   "docs [DIR]",
		Short: "check that Markdown links and documentation paths cited in code comments resolve",
	}
	out := addOutputFlags(c.Flags())
	c.Flags().Var(refs, "refs", "comma-separated globs of documentation paths checked in comments (\"\" = none)")
	c.Flags().Var(exclude, "exclude", "comma-separated globs of files not scanned")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if err := out.validate(); err != nil {
			return err
		}
		d := &runner.Docs{Refs: refs.value(), Exclude: exclude.value()}
		switch len(pos) {
		case 0:
		case 1:
			d.Root = pos[0]
		default:
			return usageErrorf("want at most one directory, got %d arguments", len(pos))
		}
		return out.runAndEmit(e, code, runner.Config{Docs: d})
	}
	return c
}
