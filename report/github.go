package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// GitHub output is a stream of workflow commands that annotate the files of a
// pull request:
// https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
// ("Setting an error message", "Setting a warning message", "Setting a notice
// message"). setup-go's problem matcher only reads .go paths, so plain text
// would not annotate the YAML and JSON documents wirelint reports on.

// WriteGitHub prints one workflow command per finding:
//
//	::error file=api/openapi.yaml,line=12,col=5,title=parity/max-length::message
//
// then a plain summary line, which the runner shows as ordinary log text.
func WriteGitHub(w io.Writer, fs []Finding) error {
	var b strings.Builder
	for _, f := range fs {
		p := f.Primary()
		props := []string{}
		if p.Name() != "" {
			props = append(props, "file="+githubEscapeProperty(p.Name()))
		}
		if p.Line > 0 {
			props = append(props, "line="+strconv.Itoa(p.Line))
			if p.Column > 0 {
				props = append(props, "col="+strconv.Itoa(p.Column))
			}
		}
		props = append(props, "title="+githubEscapeProperty(githubTitle(f)))
		msg := Visible(f.Message)
		var also []string
		for _, l := range f.Locations[min(1, len(f.Locations)):] {
			also = append(also, Visible(locationLabel(l)))
		}
		if len(also) > 0 {
			msg += " (also at " + strings.Join(also, ", ") + ")"
		}
		if f.Detail != "" {
			msg += "\n" + strings.Join(VisibleLines(strings.TrimRight(f.Detail, "\n")), "\n")
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", githubCommand(f.Severity), strings.Join(props, ","), githubEscapeData(msg))
	}
	s := Summarize(fs)
	if len(fs) == 0 {
		b.WriteString("wirelint: no findings\n")
	} else {
		fmt.Fprintf(&b, "wirelint: %d error(s), %d warning(s), %d info\n", s.Error, s.Warning, s.Info)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func githubTitle(f Finding) string {
	if f.Definition != "" {
		return f.Rule + " in " + f.Definition
	}
	return f.Rule
}

// githubCommand names the annotation level: GitHub has error, warning and
// notice ("Setting a notice message").
func githubCommand(s Severity) string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	}
	return "notice"
}

// githubEscapeData escapes a command's message as the runner's toolkit does
// (actions/toolkit packages/core/src/command.ts, escapeData): "%" first, then
// carriage return and line feed, so a multi-line message stays one command.
// Callers make input Visible first, so no ESC or other control reaches the log.
func githubEscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubEscapeProperty escapes a property value (command.ts, escapeProperty):
// as data, plus ":" and "," which would end the value.
func githubEscapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(Visible(s))
}
