package main

import (
	"flag"
	"fmt"

	"github.com/wirelint/wirelint/rules/compat"
)

func init() {
	register(&command{
		name:    "compat",
		usage:   "compat OLD NEW | compat --against REV [FILE...] [--role produced|consumed|both] [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "report breaking changes between two revisions of a contract (two files, or each file against a git revision)",
		run:     runCompat,
	})
}

func runCompat(e *env, args []string) int {
	fs := flag.NewFlagSet("compat", flag.ContinueOnError)
	out := addOutputFlags(fs)
	role := fs.String("role", "both", "side standalone JSON Schema definitions are used on: produced|consumed|both")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "compat", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "compat", err)
	}
	side, err := parseRole(*role)
	if err != nil {
		return fail(e, "compat", err)
	}
	if len(pos) != 2 {
		return fail(e, "compat", fmt.Errorf("%w: want 2 files, OLD and NEW; got %d", errUsage, len(pos)))
	}
	baseWS, headWS := workspaceFor(pos[0]), workspaceFor(pos[1])
	docs, err := loadConcurrently(baseWS, pos[0])
	if err != nil {
		return fail(e, "compat", err)
	}
	heads, err := loadConcurrently(headWS, pos[1])
	if err != nil {
		return fail(e, "compat", err)
	}
	findings := compat.Check(baseWS, headWS, docs[0], heads[0], compat.Options{Role: side})
	return out.emit(e, findings)
}

func parseRole(s string) (compat.Side, error) {
	switch s {
	case "produced":
		return compat.Produced, nil
	case "consumed":
		return compat.Consumed, nil
	case "both", "":
		return compat.Both, nil
	}
	return 0, fmt.Errorf("%w: --role %q: want produced, consumed or both", errUsage, s)
}
