package report

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

func writeJUnit(t *testing.T, fs []Finding, failOn Severity, rules ...Rule) junitTestSuites {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, "junit", fs, Options{FailOn: failOn, Rules: rules}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", buf.String())
	}
	var doc junitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("output is not well-formed XML: %v\n%s", err, buf.String())
	}
	return doc
}

// junitCaseOf finds a rule's case, and checks the counts on the way.
func junitCaseOf(t *testing.T, doc junitTestSuites, rule string) *junitTestCase {
	t.Helper()
	tests, failures := 0, 0
	var found *junitTestCase
	for i := range doc.Suites {
		s := &doc.Suites[i]
		fails := 0
		for j := range s.Cases {
			c := &s.Cases[j]
			if c.Failure != nil {
				fails++
			}
			if c.Name == rule {
				found = c
			}
		}
		if s.Tests != len(s.Cases) || s.Failures != fails {
			t.Errorf("suite %s counts %d/%d for %d cases, %d failing", s.Name, s.Tests, s.Failures, len(s.Cases), fails)
		}
		tests += len(s.Cases)
		failures += fails
	}
	if doc.Tests != tests || doc.Failures != failures {
		t.Errorf("testsuites counts %d/%d for %d cases, %d failing", doc.Tests, doc.Failures, tests, failures)
	}
	if found == nil {
		t.Fatalf("no test case for %s", rule)
	}
	return found
}

// TestJUnit pins the shape CI importers read: well-formed XML whatever the
// message holds, a suite per family, one case per rule with the rule as
// classname and the first finding's file, failing only at or above --fail-on.
func TestJUnit(t *testing.T) {
	fs := sampleFindings()
	fs = append(fs, Finding{Rule: "test/max-length", Severity: SeverityError, Message: "control \x01 and markup <a href=\"x\">&amp;</a>",
		Locations: []Location{{File: "schema/frame_wire.json", Line: 30, Column: 3, Pointer: "/$defs/Other"}}})
	fs = Finalize(fs)

	doc := writeJUnit(t, fs, SeverityError)
	c := junitCaseOf(t, doc, "test/max-length")
	if c.Classname != "test/max-length" || c.File != "schema/frame_wire.json" || c.Line != 12 {
		t.Errorf("case = %+v, want classname the rule and the first finding's file and line", c)
	}
	if c.Failure == nil || c.Failure.Type != "error" || !strings.HasPrefix(c.Failure.Message, "2 findings; the first: maxLength is 64") {
		t.Fatalf("failure = %+v, want the two errors", c.Failure)
	}
	if !strings.Contains(c.Failure.Text, "at api/open api.yaml:40:9") || !strings.Contains(c.Failure.Text, "control \uFFFD and markup <a href=\"x\">&amp;</a>") {
		t.Errorf("failure text lacks the mirror's position or the second message:\n%s", c.Failure.Text)
	}
	if !strings.Contains(c.SystemOut, "the document as a whole") {
		t.Errorf("the info finding below --fail-on is not in system-out: %q", c.SystemOut)
	}
	if w := junitCaseOf(t, doc, "test/unregistered"); w.Failure != nil || !strings.Contains(w.SystemOut, "50% of values") {
		t.Errorf("a warning fails at --fail-on error: %+v", w)
	}
	if len(doc.Suites) != 1 || doc.Suites[0].Name != "test" {
		t.Errorf("suites = %+v, want one for the test family", doc.Suites)
	}

	doc = writeJUnit(t, fs, SeverityWarning)
	if w := junitCaseOf(t, doc, "test/unregistered"); w.Failure == nil || w.Failure.Type != "warning" {
		t.Errorf("a warning passes at --fail-on warning: %+v", w)
	}
	doc = writeJUnit(t, fs, SeverityOff)
	if doc.Failures != 0 {
		t.Errorf("--fail-on off: %d failures, want none", doc.Failures)
	}
}

// TestJUnitRegisteredRulesPass pins that a clean run lists every catalogue
// rule as a passing case, so the CI test view shows what was checked.
func TestJUnitRegisteredRulesPass(t *testing.T) {
	doc := writeJUnit(t, nil, SeverityError, Rule{ID: "junittest/clean", Severity: SeverityError, Title: "a rule of the catalogue"})
	c := junitCaseOf(t, doc, "junittest/clean")
	if c.Failure != nil || c.File != "" || doc.Failures != 0 {
		t.Errorf("clean run: case %+v, %d failures", c, doc.Failures)
	}
}
