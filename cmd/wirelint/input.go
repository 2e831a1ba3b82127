package main

import (
	"path/filepath"

	"github.com/spf13/pflag"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/runner"
)

// input holds the flags that bound what a command reads: the folders outside
// the project it may read, and a flag per budget of limits.Budgets.
type input struct {
	roots listFlag
	// limits holds the budgets given on the command line (0 = not given);
	// they win over the configuration file's limits: block.
	limits limits.Limits
}

// addInputFlags declares a flag per budget (--max-file-size, --max-nodes...,
// the same on every command) and, unless the command has a --root of its
// own (refs), the repeatable --root that widens what it reads.
func addInputFlags(fs *pflag.FlagSet, widen bool) *input {
	in := &input{}
	if widen {
		fs.Var(&in.roots, "root", "also read files under this folder outside the project (repeatable; the project is the git work tree holding the files)")
	}
	for _, b := range limits.Budgets {
		fs.Var(limitFlag{b, &in.limits}, b.Name, b.Usage+" (or limits."+b.Name+")")
	}
	return in
}

// configure widens c's confinement by --root and sets the budgets given on
// the command line over those c has.
func (in *input) configure(c *runner.Config) {
	c.Widen = append(c.Widen, in.absRoots()...)
	c.Limits = c.Limits.Over(in.limits)
}

// alias declares --name as another name of the budget called budget: a
// command's own short name for the budget it is about (diffcheck --budget).
func (in *input) alias(fs *pflag.FlagSet, name, budget string) {
	b, _ := limits.Lookup(budget)
	fs.Var(limitFlag{b, &in.limits}, name, "short for --"+budget)
}

func (in *input) absRoots() []string {
	var out []string
	for _, r := range in.roots {
		if abs, err := filepath.Abs(r); err == nil {
			out = append(out, abs)
		}
	}
	return out
}

// limitFlag is the flag of one budget; its default shows in --help.
type limitFlag struct {
	b limits.Budget
	l *limits.Limits
}

func (f limitFlag) String() string {
	if f.l == nil { // pflag's zero value, for the default shown in --help
		return ""
	}
	v := f.b.Get(f.l)
	if v == 0 {
		v = f.b.Default
	}
	return f.b.Format(v)
}

func (f limitFlag) Set(v string) error { return f.b.Set(f.l, v) }

func (f limitFlag) Type() string {
	switch f.b.Kind {
	case limits.Size:
		return "size"
	case limits.Duration:
		return "duration"
	}
	return "int"
}
