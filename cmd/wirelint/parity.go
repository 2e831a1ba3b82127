package main

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/regex"
	"github.com/wirelint/wirelint/runner"
)

func newParityCmd(e *env, code *int) *cobra.Command {
	var renames, include, exclude listFlag
	var dialects string
	c, out, in := findingsCommand("parity CANONICAL... MIRROR", "compare every definition of a canonical JSON Schema with its OpenAPI (or JSON Schema) mirror", true)
	c.Long = "parity compares every definition of CANONICAL with its counterpart in MIRROR keyword by keyword, after\n" +
		"dialect normalisation, with their descriptions, and checks the $refs and patterns of both documents.\n" +
		"Every argument but the last is canonical: files, or folders whose JSON and YAML schema files are each a\n" +
		"definition named by their file stem (with their own $defs)."
	c.Flags().Var(&renames, "rename", "pair a renamed definition: `CANONICAL_NAME=MIRROR_NAME` (repeatable)")
	c.Flags().Var(&include, "include", "compare only canonical definitions matching this glob (repeatable)")
	c.Flags().Var(&exclude, "exclude", "skip canonical definitions matching this glob (repeatable)")
	c.Flags().StringVar(&dialects, "dialects", "go,rust", "regex target dialects, comma-separated (go, rust, python; a version may follow: go1.21)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) < 2 {
			return usageErrorf("want CANONICAL (files or folders) and MIRROR; got %s", arguments(len(pos)))
		}
		rn, err := parseRenames(renames)
		if err != nil {
			return err
		}
		ds, err := regex.ParseDialects(dialects)
		if err != nil {
			return usageErrorf("--dialects: %v", err)
		}
		mirror := pos[len(pos)-1]
		var canonicals []string
		optional := map[string]bool{}
		for _, arg := range pos[:len(pos)-1] {
			// typed here: read wherever it is, its folder's files confined
			files, isDir, err := reduce.SchemaFiles(fsroot.New(fsroot.ProjectDir(".")).ForArgument(arg), arg)
			if err != nil {
				return err
			}
			for _, f := range files {
				if isDir && sameFile(f, mirror) {
					continue // the mirror kept beside the schemas
				}
				optional[f] = isDir
				canonicals = append(canonicals, f)
			}
		}
		if len(canonicals) == 0 {
			return fmt.Errorf("%s: no .json, .yaml or .yml file to use as the canonical schema", strings.Join(pos[:len(pos)-1], ", "))
		}
		p := runner.Parity{Canonical: canonicals[0], Mirror: mirror, Renames: rn, Include: include, Exclude: exclude}
		if len(canonicals) > 1 {
			p.Canonicals = canonicals
		}
		return out.runAndEmit(e, code, runner.Config{
			Arguments: pos,
			Parity:    []runner.Parity{p},
			Refs:      &runner.Refs{},
			Regex:     &runner.Regex{Dialects: ds},
			Optional:  optional,
		}, in)
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

func sameFile(a, b string) bool {
	aa, errA := filepath.Abs(a)
	bb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && aa == bb
}
