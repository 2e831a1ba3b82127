package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/wirelint/wirelint/internal/fix"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/runner"
)

// output holds the flags every finding-producing command shares.
type output struct {
	format  string
	failOn  string
	color   string
	outputs []string // FORMAT=FILE
}

// findingsCommand starts a command that reports findings: the command, its
// output flags (checked before it runs) and its input flags (--root too
// when widen).
func findingsCommand(use, short string, widen bool) (*cobra.Command, *output, *input) {
	c := &cobra.Command{Use: use, Short: short}
	out := addOutputFlags(c.Flags())
	in := addInputFlags(c.Flags(), widen)
	c.PreRunE = func(*cobra.Command, []string) error { return out.validate() }
	return c, out, in
}

// addOutputFlags declares the output flags, the same on every command that
// prints findings.
func addOutputFlags(fs *pflag.FlagSet) *output {
	o := &output{}
	fs.StringVar(&o.format, "format", "text", "format of the report on stdout: "+strings.Join(report.Formats(), "|"))
	fs.StringVar(&o.failOn, "fail-on", "error", "lowest severity that fails the run (exit 1): error|warning|info|off")
	fs.StringVar(&o.color, "color", "auto", "colour in text output: auto (only on a terminal, never with NO_COLOR)|always|never")
	fs.StringArrayVar(&o.outputs, "output", nil, "also write the report in FORMAT to FILE, as `FORMAT=FILE` (repeatable: one run, several reports)")
	return o
}

// validate checks the output flags before any work is done.
func (o *output) validate() error {
	if _, err := report.ParseSeverity(o.failOn); err != nil {
		return usageErrorf("--fail-on: %v", err)
	}
	if !knownFormat(o.format) {
		return usageErrorf("--format %q: want one of %s", o.format, strings.Join(report.Formats(), ", "))
	}
	switch o.color {
	case "auto", "always", "never":
	default:
		return usageErrorf("--color %q: want auto, always or never", o.color)
	}
	for _, out := range o.outputs {
		format, file, ok := strings.Cut(out, "=")
		if !ok || file == "" {
			return usageErrorf("--output %q: want FORMAT=FILE", out)
		}
		if !knownFormat(format) {
			return usageErrorf("--output %q: format %q is not one of %s", out, format, strings.Join(report.Formats(), ", "))
		}
	}
	return nil
}

func knownFormat(name string) bool {
	for _, f := range report.Formats() {
		if f == name {
			return true
		}
	}
	return false
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

// emit prints the findings on stdout and into every --output file, and
// returns the exit code.
func (o *output) emit(e *env, fs []report.Finding) (int, error) {
	fs = report.Finalize(fs)
	if o.wantsFixes() {
		attachFixes(fs)
	}
	threshold, _ := report.ParseSeverity(o.failOn)
	opts := report.Options{Color: o.useColor(e, e.stdout), Version: version, Rules: runner.Rules(), FailOn: threshold, LinkBase: linkBase(e.getenv)}
	if err := report.Write(e.stdout, o.format, fs, opts); err != nil {
		return exitError, fmt.Errorf("write output: %v", err)
	}
	opts.Color = false
	for _, out := range o.outputs {
		format, file, _ := strings.Cut(out, "=")
		var buf bytes.Buffer
		if err := report.Write(&buf, format, fs, opts); err != nil {
			return exitError, fmt.Errorf("write %s: %v", file, err)
		}
		// a new file renamed into place, never through a symlink; inside the
		// project unless the typed path lies outside it
		if err := fsroot.New(fsroot.ProjectDir(".")).ForArgument(file).WriteFile(file, buf.Bytes(), 0o644); err != nil {
			return exitError, writeError(file, err)
		}
	}
	if report.AtOrAbove(fs, threshold) {
		return exitFindings, nil
	}
	return exitClean, nil
}

// writeError says why the file named display was not written, naming it
// once.
func writeError(display string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("write %s: %v", display, err)
}

// emitFiltered prints findings less those the baseline b accepts (nil = no
// baseline) and says on stderr, as "wirelint COMMAND: ...", what was
// silenced, and with warnStale how many baseline entries match nothing.
func (o *output) emitFiltered(e *env, code *int, command string, b *suppress.Baseline, findings []report.Finding, silenced []suppress.Suppressed, warnStale bool) error {
	if b != nil {
		fresh, accepted := b.Filter(findings)
		if stale := b.Stale(findings); stale > 0 && warnStale {
			_, _ = fmt.Fprintf(e.stderr, "wirelint %s: %d baseline %s no longer %s a finding (fixed drift): run 'wirelint baseline' to drop %s\n",
				command, stale, plural(stale, "entry", "entries"), plural(stale, "matches", "match"), plural(stale, "it", "them"))
		}
		findings = fresh
		silenced = append(silenced, accepted...)
	}
	if s := suppress.Summary(silenced); s != "" {
		_, _ = fmt.Fprintf(e.stderr, "wirelint %s: %s\n", command, s) // stderr notes: the findings and exit code do not depend on them
	}
	var err error
	*code, err = o.emit(e, findings)
	return err
}

// runAndEmit runs cfg and prints its findings: what every finding command
// does once its flags are read.
func (o *output) runAndEmit(e *env, code *int, cfg runner.Config, in *input) error {
	if in != nil {
		in.configure(&cfg)
	}
	res, err := runner.Run(cfg)
	if err != nil {
		return err
	}
	*code, err = o.emit(e, res.Findings)
	return err
}

// wantsFixes reports whether a format that carries fixes (json, sarif) is
// written, so the fixes are worth computing.
func (o *output) wantsFixes() bool {
	formats := []string{o.format}
	for _, out := range o.outputs {
		format, _, _ := strings.Cut(out, "=")
		formats = append(formats, format)
	}
	for _, f := range formats {
		if f == "json" || f == "sarif" {
			return true
		}
	}
	return false
}

// attachFixes gives each finding wirelint fix can mend its edits, read from
// the repository the findings' paths start at.
func attachFixes(fs []report.Finding) {
	wd, err := os.Getwd()
	if err != nil {
		return // no fixes: the findings themselves are unaffected
	}
	root := reduce.ProjectRoot(wd)
	files := fsroot.New(root)
	fix.Attach(fs, func(p string) ([]byte, error) {
		return files.ReadFile(filepath.Join(root, filepath.FromSlash(p)), 64<<20)
	})
}
