package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/regex"
	"github.com/wirelint/wirelint/runner"
)

func newRegexCmd(e *env, code *int) *cobra.Command {
	var dialects, divergent, translate string
	c, out, in := findingsCommand("regex FILE... | regex --translate DIALECT PATTERN", "check every pattern, patternProperties key and propertyNames pattern for ECMA-262 validity and portability to Go, Rust and Python", true)
	c.Flags().StringVar(&dialects, "dialects", "go,rust", "target dialects, comma-separated: "+strings.Join(ecmaregex.DialectNames, ", ")+" (a version may follow: go1.21, python3.11)")
	c.Flags().StringVar(&divergent, "divergent", "warning", "severity of regex/divergent: error|warning|info|off")
	c.Flags().StringVar(&translate, "translate", "", "print PATTERN spelled for this dialect instead of checking files")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if translate != "" {
			return runTranslate(e, code, translate, pos)
		}
		opts := &runner.Regex{Documents: pos, Severity: map[string]report.Severity{}}
		var err error
		if opts.Dialects, err = regex.ParseDialects(dialects); err != nil {
			return usageErrorf("--dialects: %v", err)
		}
		s, err := report.ParseSeverity(divergent)
		if err != nil {
			return usageErrorf("--divergent: %v", err)
		}
		opts.Severity[regex.RuleDivergent] = s
		if len(pos) == 0 {
			return usageErrorf("want at least one file")
		}
		return out.runAndEmit(e, code, runner.Config{Regex: opts, Arguments: pos}, in)
	}
	return c
}

// runTranslate prints one pattern spelled for a dialect: exit 0 with the
// translation, 1 when a construct has none, 2 for an invalid pattern.
func runTranslate(e *env, code *int, dialect string, pos []string) error {
	d, err := ecmaregex.ParseDialect(dialect)
	if err != nil {
		return usageErrorf("--translate: %v", err)
	}
	if len(pos) != 1 {
		return usageErrorf("--translate takes exactly one PATTERN, got %s", arguments(len(pos)))
	}
	tree, err := ecmaregex.Parse(pos[0], ecmaregex.Unicode)
	if err != nil {
		return fmt.Errorf("pattern is not valid ECMA-262 in u mode: %v", err)
	}
	s, err := ecmaregex.Translate(tree, d)
	if err != nil {
		var is []string
		for _, i := range ecmaregex.Judge(tree, d) {
			if i.Support == ecmaregex.Rejected {
				is = append(is, fmt.Sprintf("%s %q at offset %d", i.Construct.Title, i.Node.Text(pos[0]), len([]rune(pos[0][:i.Span.Start]))))
			}
		}
		if len(is) > 0 {
			err = errors.New(strings.Join(is, ", ") + " cannot be spelled in " + d.String())
		}
		fmt.Fprintf(e.stderr, "wirelint regex: %v\n", err)
		*code = exitFindings
		return nil
	}
	fmt.Fprintln(e.stdout, s)
	*code = exitClean
	return nil
}
