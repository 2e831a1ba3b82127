package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
)

// JUnit output follows the de-facto JUnit XML format CI systems import
// (Jenkins, GitLab, Azure Pipelines), as documented at
// https://github.com/testmoapp/junitxml: <testsuites> holds a <testsuite> per
// rule family and each rule is one <testcase> whose classname is the rule id,
// so a CI test view lists every rule as passed or failed. A rule fails — one
// <failure> listing its findings — only when it has findings at or above
// --fail-on, as the exit status does; findings below the threshold go to the
// case's <system-out>, reported but passing. The file and line attributes
// name the primary location of the first failing finding (of the first
// finding when none fails).

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

// WriteJUnit prints one test case per rule, in the catalogue rules or reported, grouped
// in a suite per family and sorted by id. A case fails when the rule has a
// finding at or above failOn (SeverityOff: never); its failure's type is the
// highest severity among those findings.
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
	suite := map[string]int{}
	for _, id := range ids {
		family, _, _ := strings.Cut(id, "/")
		i, ok := suite[family]
		if !ok {
			i = len(doc.Suites)
			suite[family] = i
			doc.Suites = append(doc.Suites, junitTestSuite{Name: family})
		}
		c := junitCase(id, byRule[id], failOn)
		s := &doc.Suites[i]
		s.Cases = append(s.Cases, c)
		s.Tests++
		doc.Tests++
		if c.Failure != nil {
			s.Failures++
			doc.Failures++
		}
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

// junitCase is the test case of one rule and its findings.
func junitCase(id string, fs []Finding, failOn Severity) junitTestCase {
	c := junitTestCase{Name: id, Classname: id}
	var failing, passing []Finding
	for _, f := range fs {
		if failOn != SeverityOff && f.Severity >= failOn {
			failing = append(failing, f)
		} else {
			passing = append(passing, f)
		}
	}
	if first := failing; len(first) > 0 || len(passing) > 0 {
		if len(first) == 0 {
			first = passing
		}
		p := first[0].Primary()
		c.File, c.Line = p.Name(), p.Line
	}
	if len(failing) > 0 {
		worst := SeverityOff
		var text strings.Builder
		for _, f := range failing {
			worst = max(worst, f.Severity)
			text.WriteString(junitText(f))
		}
		msg := failing[0].Message
		if len(failing) > 1 {
			msg = fmt.Sprintf("%d findings; the first: %s", len(failing), msg)
		}
		c.Failure = &junitFailure{Message: msg, Type: worst.String(), Text: text.String()}
	}
	var out strings.Builder
	for _, f := range passing {
		out.WriteString(junitText(f))
	}
	c.SystemOut = out.String()
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
