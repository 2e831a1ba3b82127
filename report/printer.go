package report

import (
	"fmt"
	"io"
	"sort"
)

// Options are what printers may need beyond the findings.
type Options struct {
	// Color enables ANSI colour in text output; the caller decides it per stream.
	Color bool
	// Version is wirelint's version, written into formats that carry one.
	Version string
	// FailOn is the --fail-on threshold: formats that mark failures (JUnit)
	// mark only findings at or above it. SeverityOff marks none.
	FailOn Severity
	// LinkBase prefixes repository-relative paths in the links of formats
	// that link to files (markdown), such as
	// "https://github.com/OWNER/REPO/blob/SHA/" ("" = relative links).
	LinkBase string
	// Rules is the rule catalogue, for formats that describe each rule they
	// report (SARIF); nil describes none beyond its id.
	Rules []Rule
}

// Printer writes finalized findings in one format.
type Printer func(w io.Writer, fs []Finding, opt Options) error

// printers holds every output format, by the name --format takes. This is
// the one place a format is registered.
var printers = map[string]Printer{
	"text": func(w io.Writer, fs []Finding, opt Options) error {
		return WriteText(w, fs, TextOptions{Color: opt.Color})
	},
	"json":   func(w io.Writer, fs []Finding, _ Options) error { return WriteJSON(w, fs) },
	"sarif":  func(w io.Writer, fs []Finding, opt Options) error { return WriteSARIF(w, fs, opt) },
	"github": func(w io.Writer, fs []Finding, _ Options) error { return WriteGitHub(w, fs) },
	"junit":  func(w io.Writer, fs []Finding, opt Options) error { return WriteJUnit(w, fs, opt.Rules, opt.FailOn) },
	"markdown": func(w io.Writer, fs []Finding, opt Options) error {
		return WriteMarkdown(w, fs, MarkdownOptions{LinkBase: opt.LinkBase})
	},
}

// Formats lists the registered format names, sorted.
func Formats() []string {
	out := make([]string, 0, len(printers))
	for k := range printers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Write prints fs in the named format.
func Write(w io.Writer, format string, fs []Finding, opt Options) error {
	p, ok := printers[format]
	if !ok {
		return fmt.Errorf("unknown format %q (want one of %v)", format, Formats())
	}
	return p(w, fs, opt)
}
