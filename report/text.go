package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
)

// TextOptions controls the human-readable printer.
type TextOptions struct {
	// Color enables ANSI colour; the caller decides it per stream.
	Color bool
}

// WriteText prints one finding per block:
//
//	file:line:col: severity: message (rule)
//	    other-file:line:col: (pointer)
//	    detail lines...
//
// followed by a summary line and a line of counts per rule. Nothing is printed
// for an empty list but the summary. What came from input is made Visible, and
// no line can start with a workflow command (GuardLine).
func WriteText(w io.Writer, fs []Finding, opt TextOptions) error {
	paint := func(attr color.Attribute, s string) string {
		if !opt.Color {
			return s
		}
		c := color.New(attr)
		c.EnableColor()
		return c.Sprint(s)
	}
	sevColor := map[Severity]color.Attribute{
		SeverityError:   color.FgRed,
		SeverityWarning: color.FgYellow,
		SeverityInfo:    color.FgCyan,
	}
	var b strings.Builder
	for _, f := range fs {
		p := f.Primary()
		line := func(format string, args ...any) { b.WriteString(GuardLine(fmt.Sprintf(format, args...)) + "\n") }
		line("%s: %s: %s %s", paint(color.Bold, Visible(p.String())), paint(sevColor[f.Severity], f.Severity.String()), Visible(f.Message), paint(color.Faint, "("+Visible(f.Rule)+")"))
		for i, l := range f.Locations {
			if i == 0 {
				continue
			}
			ptr := ""
			if l.Pointer != "" {
				ptr = " " + Visible(l.Pointer)
			}
			line("    %s%s", paint(color.Faint, Visible(l.String())+":"), ptr)
		}
		if f.Detail != "" {
			for _, d := range VisibleLines(strings.TrimRight(f.Detail, "\n")) {
				line("    %s", d)
			}
		}
	}
	s := Summarize(fs)
	if len(fs) == 0 {
		fmt.Fprintln(&b, paint(color.FgGreen, "no findings"))
	} else {
		fmt.Fprintf(&b, "%d error(s), %d warning(s), %d info\n", s.Error, s.Warning, s.Info)
		fmt.Fprintf(&b, "by rule: %s\n", Visible(s.RuleCounts()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
