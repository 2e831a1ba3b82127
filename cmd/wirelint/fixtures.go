package main

import (
	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/runner"
)

func newFixturesCmd(e *env, code *int) *cobra.Command {
	var renames listFlag
	c, out, in := findingsCommand("fixtures DIR CANONICAL [MIRROR]...", "check golden and negative payloads against every document and that golden payloads cover every union variant", true)
	c.Flags().Var(&renames, "rename", "a fixture folder's definition is called MIRROR_NAME in the other documents: CANONICAL_NAME=MIRROR_NAME (repeatable)")
	in.alias(c.Flags(), "budget", "validation-budget")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) < 2 {
			return usageErrorf("want the fixtures folder and at least one document; got %s", arguments(len(pos)))
		}
		rn, err := parseRenames(renames)
		if err != nil {
			return err
		}
		return out.runAndEmit(e, code, runner.Config{
			Arguments: pos,
			Fixtures:  []runner.Fixtures{{Folders: pos[:1], Documents: pos[1:], Renames: rn}},
		}, in)
	}
	return c
}
