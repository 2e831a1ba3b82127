package report

import (
	"encoding/xml"
	"io"
	"strings"
)

// JUnit output follows the de-facto JUnit XML format CI systems import
// (Jenkins, GitLab, Azure Pipelines), as documented at
// https://github.com/testmoapp/junitxml: <testsuites> holds one <testsuite>
// per file, each finding is a <testcase> holding one <failure>. Like
// golangci-lint's junit-xml printer, the suite is the file and the case is
// the rule at a position.

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
	Name      string       `xml:"name,attr"`
	Classname string       `xml:"classname,attr"`
	File      string       `xml:"file,attr,omitempty"`
	Line      int          `xml:"line,attr,omitempty"`
	Failure   junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit prints findings as JUnit XML: a suite per primary file in the
// findings' order, a failing test case per finding whose type is its severity.
// Every finding is a failure; which ones fail the build is --fail-on's call,
// through the exit status.
func WriteJUnit(w io.Writer, fs []Finding) error {
	doc := junitTestSuites{Name: "wirelint", Tests: len(fs), Failures: len(fs)}
	index := map[string]int{}
	for _, f := range fs {
		p := f.Primary()
		i, ok := index[p.File]
		if !ok {
			i = len(doc.Suites)
			index[p.File] = i
			doc.Suites = append(doc.Suites, junitTestSuite{Name: p.File})
		}
		s := &doc.Suites[i]
		s.Tests++
		s.Failures++
		s.Cases = append(s.Cases, junitTestCase{
			Name:      f.Rule,
			Classname: locationLabel(p),
			File:      p.File,
			Line:      p.Line,
			Failure:   junitFailure{Message: f.Message, Type: f.Severity.String(), Text: junitText(f)},
		})
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

// junitText is the failure body: the text printer's view of one finding.
func junitText(f Finding) string {
	var b strings.Builder
	b.WriteString(f.Severity.String() + ": " + f.Message + " (" + f.Rule + ")\n")
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
