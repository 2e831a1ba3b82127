package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/regex"
)

func init() {
	register(&command{
		name:    "regex",
		usage:   "regex FILE... [--dialects go,rust,python] [--divergent error|warning|info|off] [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never] | regex --translate DIALECT PATTERN",
		summary: "check every pattern, patternProperties key and propertyNames pattern for ECMA-262 validity and portability to Go, Rust and Python",
		run:     runRegex,
	})
}

func runRegex(e *env, args []string) int {
	fs := flag.NewFlagSet("regex", flag.ContinueOnError)
	out := addOutputFlags(fs)
	in := addInputFlags(fs)
	dialects := fs.String("dialects", "go,rust", "target dialects, comma-separated: "+strings.Join(ecmaregex.DialectNames, ", ")+" (a version may follow: go1.21, python3.11)")
	divergent := fs.String("divergent", "", "severity of regex/divergent: error|warning|info|off (default warning)")
	translate := fs.String("translate", "", "print PATTERN spelled for this dialect instead of checking files")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "regex", err)
	}
	if *translate != "" {
		return runTranslate(e, *translate, pos)
	}
	if err := out.validate(); err != nil {
		return fail(e, "regex", err)
	}
	opts := regex.Options{Severity: map[string]report.Severity{}}
	if opts.Dialects, err = regex.ParseDialects(*dialects); err != nil {
		return fail(e, "regex", fmt.Errorf("%w: --dialects: %v", errUsage, err))
	}
	if *divergent != "" {
		s, err := report.ParseSeverity(*divergent)
		if err != nil {
			return fail(e, "regex", fmt.Errorf("%w: --divergent: %v", errUsage, err))
		}
		opts.Severity[regex.RuleDivergent] = s
	}
	if len(pos) == 0 {
		return fail(e, "regex", fmt.Errorf("%w: want at least one file", errUsage))
	}
	docs, err := loadConcurrently(in.apply(workspaceFor(pos...)), pos...)
	if err != nil {
		return fail(e, "regex", err)
	}
	var findings []report.Finding
	for _, doc := range docs {
		findings = append(findings, regex.Check(doc, opts)...)
	}
	return out.emit(e, findings)
}

// runTranslate prints one pattern spelled for a dialect: exit 0 with the
// translation, 1 when a construct has none, 2 for an invalid pattern.
func runTranslate(e *env, dialect string, pos []string) int {
	d, err := ecmaregex.ParseDialect(dialect)
	if err != nil {
		return fail(e, "regex", fmt.Errorf("%w: --translate: %v", errUsage, err))
	}
	if len(pos) != 1 {
		return fail(e, "regex", fmt.Errorf("%w: --translate takes exactly one PATTERN, got %d", errUsage, len(pos)))
	}
	tree, err := ecmaregex.Parse(pos[0], ecmaregex.Unicode)
	if err != nil {
		return fail(e, "regex", fmt.Errorf("pattern is not valid ECMA-262 in u mode: %v", err))
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
		return exitFindings
	}
	fmt.Fprintln(e.stdout, s)
	return exitClean
}
