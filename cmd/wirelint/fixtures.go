package main

import (
	"time"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/rules/fixture"
	"github.com/wirelint/wirelint/runner"
)

func newFixturesCmd(e *env, code *int) *cobra.Command {
	var renames listFlag
	var budget time.Duration
	c, out, in := findingsCommand("fixtures DIR CANONICAL [MIRROR]...", "check golden and negative payloads against every document and that golden payloads cover every union variant", true)
	c.Flags().Var(&renames, "rename", "a fixture folder's definition is called MIRROR_NAME in the other documents: CANONICAL_NAME=MIRROR_NAME (repeatable)")
	c.Flags().DurationVar(&budget, "budget", fixture.DefaultBudget, "time bound for validating the whole payload set; payloads left are reported fixture/unchecked")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if budget <= 0 {
			return usageErrorf("--budget %s: want a positive duration", budget)
		}
		if len(pos) < 2 {
			return usageErrorf("want the fixtures folder and at least one document; got %d argument(s)", len(pos))
		}
		rn, err := parseRenames(renames)
		if err != nil {
			return err
		}
		return out.runAndEmit(e, code, runner.Config{
			Fixtures: []runner.Fixtures{{Folders: pos[:1], Documents: pos[1:], Renames: rn, ValidationBudget: budget}},
		}, in)
	}
	return c
}
