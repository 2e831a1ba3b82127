package report

import (
	"encoding/xml"
	"io"
	"sort"
	"strings"
)

// JUnit output follows the de-facto JUnit XML format CI systems import
// (Jenkins, GitLab, Azure Pipelines), as documented at
// https://github.com/testmoapp/junitxml: <testsuites> holds a <testsuite> per
// rule, whose name is the rule id, and each finding is one <testcase> (as
// golangci-lint's junit-xml printer makes one per issue), named by its
// primary position and message, with the rule id as classname and the file
// and line attributes of that position. A finding fails — its case holds a
// <failure> whose type is its severity — only at or above --fail-on, as the
// exit status does; a finding below the threshold is a passing case whose
// <system-out> holds it and whose name starts with its severity, so warnings
// stay visible in a test view that lists passed cases. A rule of the
// catalogue with no finding is one passing case named by the rule, so the
// view shows what was checked.

type junitTestSuites struct {
	XMLName  xml.Name         `xml:"testsuites"`
	Name     string           `xml:"name,attr"`
	Tests    int              `xml:"tests,attr"`
	Failures int              `xml:"failures,attr"`
	Suites   []junitTestSuite `xml:"testsuite"`
}

type junitTestSuite struct {
	Name     string          `xml:"name,attr"`
	Tests    int             `xml:"tests,attr"`
	Failures int             `xml:"failures,attr"`
	Cases    []junitTestCase `xml:"testcase"`
}

type junitTestCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitFailure `xml:"failure"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit prints a suite per rule (of the catalogue rules or reported,
// sorted by id) and in it one test case per finding, in the order given
// (Finalize's), or one passing case for a rule with no finding. A case fails
// when its finding is at or above failOn (SeverityOff: never).
func WriteJUnit(w io.Writer, fs []Finding, rules []Rule, failOn Severity) error {
	byRule := map[string][]Finding{}
	for _, r := range rules {
		byRule[r.ID] = nil
	}
	for _, f := range fs {
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}
	ids := make([]string, 0, len(byRule))
	for id := range byRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	doc := junitTestSuites{Name: "wirelint"}
	for _, id := range ids {
		s := junitTestSuite{Name: id}
		if len(byRule[id]) == 0 {
			s.Cases = []junitTestCase{{Name: id, Classname: id}}
		}
		for _, f := range byRule[id] {
			c := junitCase(f, failOn)
			if c.Failure != nil {
				s.Failures++
			}
			s.Cases = append(s.Cases, c)
		}
		s.Tests = len(s.Cases)
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Suites = append(doc.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitCase is the test case of one finding: failing at or above failOn,
// else passing with the finding in system-out and its severity leading the
// name.
func junitCase(f Finding, failOn Severity) junitTestCase {
	p := f.Primary()
	c := junitTestCase{Name: p.String() + ": " + f.Message, Classname: f.Rule, File: p.File, Line: p.Line}
	if failOn != SeverityOff && f.Severity >= failOn {
		c.Failure = &junitFailure{Message: f.Message, Type: f.Severity.String(), Text: junitText(f)}
		return c
	}
	c.Name = f.Severity.String() + ": " + c.Name
	c.SystemOut = junitText(f)
	return c
}

// junitText is one finding in the text printer's view: its primary position,
// severity, message and rule, then its other locations and detail.
func junitText(f Finding) string {
	var b strings.Builder
	b.WriteString(f.Primary().String() + ": " + f.Severity.String() + ": " + f.Message + " (" + f.Rule + ")\n")
	for _, l := range f.Locations {
		b.WriteString("  at " + locationLabel(l) + "\n")
	}
	if f.Detail != "" {
		b.WriteString(strings.TrimRight(f.Detail, "\n") + "\n")
	}
	if f.Fingerprint != "" {
		b.WriteString("  fingerprint " + f.Fingerprint + "\n")
	}
	return b.String()
}
