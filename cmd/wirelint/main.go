// Command wirelint keeps an API's wire contract honest: it compares a canonical
// JSON Schema with its OpenAPI mirror keyword by keyword, checks $refs, regex
// portability, routes, golden payloads and documentation links, and reports
// every finding with its position in every document involved.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/wirelint/wirelint/report"
)

// Exit codes.
const (
	exitClean    = 0 // nothing at or above --fail-on
	exitFindings = 1 // findings at or above --fail-on
	exitError    = 2 // usage, input or internal error
)

// command is one subcommand: data plus one function.
type command struct {
	name    string
	usage   string // the synopsis after "wirelint "
	summary string // one line for the command list
	run     func(env *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("wirelint: command " + c.name + " registered twice")
	}
	commands[c.name] = c
}

// env is what a command reads and writes: its streams and environment.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
}

func main() {
	// A run is short and its documents stay live until the report, so
	// collecting garbage as a server would only costs time: collect only past
	// a 1 GiB soft limit. GOGC or GOMEMLIMIT set by the user still win.
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
		debug.SetGCPercent(-1)
	}
	os.Exit(run(os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
}

// run executes one wirelint invocation and returns its exit code. It recovers
// from internal panics so the user sees one line, never a stack trace.
func run(args []string, e *env) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.stderr, "wirelint: internal error: %v (please report this with the input that caused it)\n", r)
			code = exitError
		}
	}()
	if len(args) == 0 {
		usage(e.stderr)
		return exitError
	}
	name := args[0]
	switch name {
	case "-h", "--help", "-help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintf(e.stdout, "usage: wirelint %s\n\n%s\n", c.usage, c.summary)
				return exitClean
			}
		}
		usage(e.stdout)
		return exitClean
	case "-version", "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "wirelint: unknown command %q (run 'wirelint help' for the list)\n", name)
		return exitError
	}
	return c.run(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: wirelint COMMAND [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "run 'wirelint help COMMAND' for a command's flags")
}

// errUsage marks an error as the user's invocation being wrong.
var errUsage = errors.New("usage")

// parseFlags parses args with fs, allowing flags after positional arguments
// ("wirelint parity a.json b.yaml --format json"). It returns the positionals.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, flag.ErrHelp
			}
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// output holds the flags every finding-producing command shares.
type output struct {
	format string
	failOn string
	color  string
}

func addOutputFlags(fs *flag.FlagSet) *output {
	o := &output{}
	fs.StringVar(&o.format, "format", "text", "output format: "+strings.Join(report.Formats(), "|"))
	fs.StringVar(&o.failOn, "fail-on", "error", "lowest severity that fails the run: error|warning|info|off")
	fs.StringVar(&o.color, "color", "auto", "colour in text output: auto|always|never")
	return o
}

// validate checks the output flags before any work is done.
func (o *output) validate() error {
	if _, err := report.ParseSeverity(o.failOn); err != nil {
		return fmt.Errorf("%w: --fail-on: %v", errUsage, err)
	}
	found := false
	for _, f := range report.Formats() {
		found = found || f == o.format
	}
	if !found {
		return fmt.Errorf("%w: --format %q: want one of %s", errUsage, o.format, strings.Join(report.Formats(), ", "))
	}
	switch o.color {
	case "auto", "always", "never":
	default:
		return fmt.Errorf("%w: --color %q: want auto, always or never", errUsage, o.color)
	}
	return nil
}

// useColor decides colour for the stream w: never when NO_COLOR is set (and
// non-empty) or --color never; always with --color always; otherwise only when
// w is a terminal.
func (o *output) useColor(e *env, w io.Writer) bool {
	switch o.color {
	case "always":
		return true
	case "never":
		return false
	}
	if e.getenv("NO_COLOR") != "" || e.getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// emit finalizes and prints findings and returns the exit code.
func (o *output) emit(e *env, fs []report.Finding) int {
	fs = report.Finalize(fs)
	threshold, _ := report.ParseSeverity(o.failOn)
	opt := report.Options{Color: o.useColor(e, e.stdout), Version: version, FailOn: threshold, LinkBase: linkBase(e.getenv)}
	if err := report.Write(e.stdout, o.format, fs, opt); err != nil {
		fmt.Fprintf(e.stderr, "wirelint: write output: %v\n", err)
		return exitError
	}
	if report.AtOrAbove(fs, threshold) {
		return exitFindings
	}
	return exitClean
}

// fail prints err as one line and returns the exit code for it.
func fail(e *env, cmd string, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		if c, ok := commands[cmd]; ok {
			fmt.Fprintf(e.stdout, "usage: wirelint %s\n\n%s\n", c.usage, c.summary)
		}
		return exitClean
	}
	msg := report.Visible(err.Error()) // file names and quoted input stay on one inert line
	if errors.Is(err, errUsage) {
		msg = strings.TrimPrefix(msg, errUsage.Error()+": ")
		if c, ok := commands[cmd]; ok {
			msg += " (usage: wirelint " + c.usage + ")"
		}
	}
	fmt.Fprintf(e.stderr, "wirelint %s: %s\n", cmd, msg)
	return exitError
}
