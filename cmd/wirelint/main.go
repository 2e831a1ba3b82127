// Command wirelint keeps an API's wire contract honest: it compares a canonical
// JSON Schema with its OpenAPI mirror keyword by keyword, checks $refs, regex
// portability, routes, golden payloads and documentation links, and reports
// every finding with its position in every document involved.
//
// The command line is built on github.com/spf13/cobra; each command parses
// its flags into a runner.Config, calls runner.Run and prints.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/wirelint/wirelint/internal/gcpolicy"
	"github.com/wirelint/wirelint/internal/guard"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
)

// Exit codes.
const (
	exitClean    = 0 // nothing at or above --fail-on
	exitFindings = 1 // findings at or above --fail-on
	exitError    = 2 // usage, input or internal error
)

// env is what a command reads and writes: its streams and environment.
type env struct {
	stdin          io.Reader // read by the language server alone
	stdout, stderr io.Writer
	getenv         func(string) string
}

func main() {
	// collect garbage as a short run should, unless GOGC or GOMEMLIMIT say otherwise
	gcpolicy.Apply(os.Getenv)
	os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
}

// commands lists the constructors of wirelint's commands; each returns the
// command and sets *code to its exit code when it succeeds.
var commands = []func(e *env, code *int) *cobra.Command{
	newCheckCmd, newBaselineCmd,
	newParityCmd, newRefsCmd, newRegexCmd, newRoutesCmd, newFixturesCmd, newDiffcheckCmd, newDocsCmd, newCompatCmd, newTypesCmd,
	newInitCmd, newFixCmd, newLSPCmd, newSchemaCmd, newRulesCmd, newExplainCmd, newVersionCmd,
}

// newRoot builds the command tree for one invocation.
func newRoot(e *env, code *int) *cobra.Command {
	root := &cobra.Command{
		Use:   "wirelint",
		Short: "keep an API's wire contract honest",
		Long: "wirelint compares a canonical JSON Schema with its OpenAPI mirror keyword by keyword, checks $refs,\n" +
			"regex portability, routes, golden payloads and documentation links, and reports every finding with its\n" +
			"file:line:col and JSON pointer in every document involved.\n\n" +
			"Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage, input or internal error.",
		Version:           version,
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
	}
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetVersionTemplate("wirelint {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	// Declared before the command is looked up, so -v is known to take no
	// value: "wirelint -v check" then finds check (where -v is no flag)
	// instead of reading "check" as the value of an unknown -v.
	root.InitDefaultVersionFlag()
	for _, newCmd := range commands {
		root.AddCommand(newCmd(e, code))
	}
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [COMMAND]",
		Short: "print help for wirelint or one of its commands",
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 || target == nil {
				return usageErrorf("unknown help topic %q%s", strings.Join(args, " "), suggestCommand(root, args[0]))
			}
			return target.Help()
		},
	})
	return root
}

// run executes one wirelint invocation and returns its exit code.
func run(args []string, e *env) (code int) {
	defer func() {
		if r := recover(); r != nil {
			_, _ = fmt.Fprintf(e.stderr, "wirelint: %v\n", guard.Error("", r)) // stderr: nowhere left to report to; the exit code says it
			code = exitError
		}
	}()
	root := newRoot(e, &code)
	if len(args) == 0 {
		root.SetOut(e.stderr)
		_ = root.Usage() // it writes to stderr; the exit code says the rest
		return exitError
	}
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err != nil {
		printError(e, root, cmd, err)
		return exitError
	}
	return code
}

// usageError marks the user's invocation as wrong: the message gets the
// command's usage line.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// printError prints err as "wirelint COMMAND: message", one line per problem,
// with the usage line after a usage error.
func printError(e *env, root, cmd *cobra.Command, err error) {
	prefix := "wirelint"
	if cmd != nil && cmd != root {
		prefix += " " + cmd.Name()
	}
	var suffix string
	var u *usageError
	if errors.As(err, &u) && cmd != nil && cmd != root {
		suffix = " (usage: wirelint " + strings.TrimPrefix(cmd.UseLine(), "wirelint ") + ")"
	}
	// Several problems (every mistake of a configuration) print one a line;
	// each line is made inert on its own, so input text cannot start a line.
	for _, line := range problemLines(root, err) {
		_, _ = fmt.Fprintf(e.stderr, "%s: %s%s\n", prefix, line, suffix) // stderr: nowhere left to report to; the exit code says it
	}
}

// problemLines is err as the lines printError writes: one per problem of an
// error that lists several (Unwrap() []error, its text their lines), else
// err's text as one inert line, with cobra's unknown-command error reworded.
func problemLines(root *cobra.Command, err error) []string {
	var multi interface{ Unwrap() []error }
	if errors.As(err, &multi) && err.Error() == multi.(error).Error() {
		var lines []string
		for _, sub := range multi.Unwrap() {
			lines = append(lines, problemLines(root, sub)...)
		}
		return lines
	}
	msg := report.Visible(err.Error()) // file names and quoted input stay on one inert line
	if strings.HasPrefix(msg, "unknown command ") {
		// cobra's own error: say it in one line with our suggestion.
		name := strings.SplitN(msg, `"`, 3)[1]
		msg = fmt.Sprintf("unknown command %q%s; run 'wirelint --help' for the list", name, suggestCommand(root, name))
	}
	return []string{msg}
}

// suggestCommand returns " (did you mean X?)" for a misspelt command name.
func suggestCommand(root *cobra.Command, name string) string {
	if s := root.SuggestionsFor(name); len(s) > 0 {
		return " (did you mean " + strings.Join(s, ", ") + "?)"
	}
	return ""
}

// flagError makes a flag parse error a usage error and suggests the flag
// the user probably meant.
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	var name string
	switch {
	case strings.HasPrefix(msg, "unknown flag: --"):
		name = strings.TrimPrefix(msg, "unknown flag: --")
	case strings.HasPrefix(msg, "unknown shorthand flag: "):
		// -format: pflag reads single letters; name the word.
		if i := strings.LastIndex(msg, " in -"); i >= 0 {
			name = msg[i+len(" in -"):]
			msg = "unknown flag: -" + name
		}
	}
	if name == "v" || name == "version" {
		return &usageError{"-v (--version) prints the version and takes no command: run 'wirelint --version' alone"}
	}
	if name != "" {
		if near := nearestFlag(c, name); near != "" {
			msg += " (did you mean --" + near + "?)"
		}
	}
	return &usageError{msg}
}

// nearestFlag returns the flag of c within two edits of name, or whose name
// name starts (a single-dash long flag), or "".
func nearestFlag(c *cobra.Command, name string) string {
	name, _, _ = strings.Cut(name, "=")
	var near []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if f.Name == name || textdist.Levenshtein(name, f.Name) <= 2 || len(name) >= 3 && strings.HasPrefix(f.Name, name) {
			near = append(near, f.Name)
		}
	})
	sort.Strings(near)
	if len(near) == 0 {
		return ""
	}
	return near[0]
}

// exactArgs, rangeArgs and noArgs validate positional arguments with a
// message saying what the command wants.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("unexpected argument %q", args[0])
	}
	return nil
}

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }
func (l *listFlag) Type() string       { return "strings" }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// arguments says how many positional arguments a command got: "1 argument",
// "3 arguments".
func arguments(n int) string {
	return fmt.Sprintf("%d argument%s", n, plural(n, "", "s"))
}
