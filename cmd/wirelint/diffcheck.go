package main

import (
	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/runner"
)

func newDiffcheckCmd(e *env, code *int) *cobra.Command {
	var renames listFlag
	var fixtures string
	f := runner.Fixtures{Differential: true}
	c, out, in := findingsCommand("diffcheck CANONICAL MIRROR", "validate generated probe payloads (and golden fixtures) against both documents and report where they disagree", true)
	c.Flags().Var(&renames, "rename", "pair a renamed definition: `CANONICAL_NAME=MIRROR_NAME` (repeatable)")
	c.Flags().StringVar(&fixtures, "fixtures", "", "folder of golden and negative payloads (docs/fixtures.md): used as probes and checked against both documents")
	in.alias(c.Flags(), "budget", "probe-budget")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) != 2 {
			return usageErrorf("want 2 files, CANONICAL and MIRROR; got %s", arguments(len(pos)))
		}
		var err error
		if f.Renames, err = parseRenames(renames); err != nil {
			return err
		}
		f.Documents = pos
		if fixtures != "" {
			f.Folders = []string{fixtures}
		}
		return out.runAndEmit(e, code, runner.Config{Fixtures: []runner.Fixtures{f}, Arguments: pos}, in)
	}
	return c
}
