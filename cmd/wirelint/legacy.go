package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// command is a command written against the standard flag package: data plus
// one function that parses its own arguments and returns the exit code.
// register wraps it into the cobra tree, so a command can move to cobra on
// its own schedule; init is one.
type command struct {
	name    string
	usage   string // the synopsis after "wirelint "
	summary string // one line for the command list
	run     func(e *env, args []string) int
}

// legacy holds the registered flag-package commands by name.
var legacy = map[string]*command{}

func register(c *command) {
	if _, dup := legacy[c.name]; dup {
		panic("wirelint: command " + c.name + " registered twice")
	}
	legacy[c.name] = c
}

// legacyCmd wraps c: cobra finds it and prints it in help; c parses its
// own flags.
func legacyCmd(e *env, code *int, c *command) *cobra.Command {
	return &cobra.Command{
		Use:                c.usage,
		Short:              c.summary,
		DisableFlagParsing: true,
		RunE: func(_ *cobra.Command, args []string) error {
			*code = c.run(e, args)
			return nil
		},
	}
}

// errUsage marks an error as the user's invocation being wrong.
var errUsage = errors.New("usage")

// parseFlags parses args with fs, allowing flags after positional arguments
// ("wirelint init DIR --force"). It returns the positionals.
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

// fail prints err as one line and returns the exit code for it.
func fail(e *env, cmd string, err error) int {
	c := legacy[cmd]
	if errors.Is(err, flag.ErrHelp) {
		if c != nil {
			_, _ = fmt.Fprintf(e.stdout, "Usage:\n  wirelint %s\n\n%s\n", c.usage, c.summary) // help text: a reader that went away needs none
		}
		return exitClean
	}
	msg := err.Error()
	if errors.Is(err, errUsage) {
		msg = strings.TrimPrefix(msg, errUsage.Error()+": ")
		if c != nil {
			msg += " (usage: wirelint " + c.usage + ")"
		}
	}
	_, _ = fmt.Fprintf(e.stderr, "wirelint %s: %s\n", cmd, msg) // stderr: nowhere left to report to; the exit code says it
	return exitError
}
