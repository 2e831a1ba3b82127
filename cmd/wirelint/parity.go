package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/rules/regex"
	"github.com/wirelint/wirelint/runner"
)

func newParityCmd(e *env, code *int) *cobra.Command {
	var renames, include, exclude listFlag
	var dialects string
	c := &cobra.Command{
		Use:   "parity CANONICAL MIRROR",
		Short: "compare every definition of a canonical JSON Schema with its OpenAPI (or JSON Schema) mirror",
		Long: "parity compares every definition of CANONICAL with its counterpart in MIRROR keyword by keyword, after\n" +
			"dialect normalisation, with their descriptions, and checks the $refs and patterns of both documents.",
	}
	out := addOutputFlags(c.Flags())
	c.Flags().Var(&renames, "rename", "pair a renamed definition: `CANONICAL_NAME=MIRROR_NAME` (repeatable)")
	c.Flags().Var(&include, "include", "compare only canonical definitions matching this glob (repeatable)")
	c.Flags().Var(&exclude, "exclude", "skip canonical definitions matching this glob (repeatable)")
	c.Flags().StringVar(&dialects, "dialects", "go,rust", "regex target dialects, comma-separated (go, rust, python; a version may follow: go1.21)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if err := out.validate(); err != nil {
			return err
		}
		if len(pos) != 2 {
			return usageErrorf("want 2 files, CANONICAL and MIRROR; got %d", len(pos))
		}
		rn, err := parseRenames(renames)
		if err != nil {
			return err
		}
		ds, err := regex.ParseDialects(dialects)
		if err != nil {
			return usageErrorf("--dialects: %v", err)
		}
		return out.runAndEmit(e, code, runner.Config{
			Parity: []runner.Parity{{Canonical: pos[0], Mirror: pos[1], Renames: rn, Include: include, Exclude: exclude}},
			Refs:   &runner.Refs{},
			Regex:  &runner.Regex{Dialects: ds},
		})
	}
	return c
}

// parseRenames reads repeated CANONICAL=MIRROR flags.
func parseRenames(rs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range rs {
		c, m, ok := strings.Cut(r, "=")
		if !ok || c == "" || m == "" {
			return nil, usageErrorf("--rename %q: want CANONICAL=MIRROR", r)
		}
		out[c] = m
	}
	return out, nil
}
