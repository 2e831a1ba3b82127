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

// junitCasesOf returns a rule's cases (its suite's), and checks the counts on the way.
func junitCasesOf(t *testing.T, doc junitTestSuites, rule string) []junitTestCase {
	t.Helper()
	tests, failures := 0, 0
	var found []junitTestCase
	for i := range doc.Suites {
		s := &doc.Suites[i]
		fails := 0
		for _, c := range s.Cases {
			if c.Failure != nil {
				fails++
			}
			if c.Classname != s.Name {
				t.Errorf("case %q of suite %s has classname %q", c.Name, s.Name, c.Classname)
			}
		}
		if s.Name == rule {
			found = s.Cases
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
		t.Fatalf("no suite for %s", rule)
	}
	return found
}

// TestJUnit pins the shape CI importers read: well-formed XML whatever the
// message holds, a suite per rule, one case per finding with the rule as
// classname and the finding's file and line, failing only at or above
// --fail-on, and a finding below it visible as a passing case.
func TestJUnit(t *testing.T) {
	fs := sampleFindings()
	fs = append(fs, Finding{Rule: "test/max-length", Severity: SeverityError, Message: "control \x01 and markup <a href=\"x\">&amp;</a>",
		Locations: []Location{{File: "schema/frame_wire.json", Line: 30, Column: 3, Pointer: "/$defs/Other"}}})
	fs = Finalize(fs)

	doc := writeJUnit(t, fs, SeverityError)
	cases := junitCasesOf(t, doc, "test/max-length")
	var failing []junitTestCase
	var info *junitTestCase
	for i, c := range cases {
		if c.Failure != nil {
			failing = append(failing, c)
		} else if strings.Contains(c.SystemOut, "the document as a whole") {
			info = &cases[i]
		}
	}
	if len(failing) != 2 {
		t.Fatalf("%d failing cases, want one per error finding (2): %+v", len(failing), cases)
	}
	c := failing[0]
	if c.File != "schema/frame_wire.json" || c.Line != 12 || c.Failure.Type != "error" || !strings.HasPrefix(c.Failure.Message, "maxLength is 64") ||
		!strings.HasPrefix(c.Name, "schema/frame_wire.json:12:") {
		t.Errorf("case = %+v, want the first error's file, line and message", c)
	}
	if !strings.Contains(c.Failure.Text, "at api/open api.yaml:40:9") || !strings.Contains(failing[1].Failure.Message, "control \uFFFD and markup <a href=\"x\">&amp;</a>") {
		t.Errorf("failure lacks the mirror's position or the second message:\n%+v", failing)
	}
	if info == nil || !strings.HasPrefix(info.Name, "info: ") {
		t.Errorf("the info finding below --fail-on is not a passing case named by its severity: %+v", cases)
	}
	if w := junitCasesOf(t, doc, "test/unregistered"); len(w) != 1 || w[0].Failure != nil || !strings.Contains(w[0].SystemOut, "50% of values") || !strings.HasPrefix(w[0].Name, "warning: ") {
		t.Errorf("a warning fails at --fail-on error, or is not visible: %+v", w)
	}

	doc = writeJUnit(t, fs, SeverityWarning)
	if w := junitCasesOf(t, doc, "test/unregistered"); w[0].Failure == nil || w[0].Failure.Type != "warning" {
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
	c := junitCasesOf(t, doc, "junittest/clean")
	if len(c) != 1 || c[0].Failure != nil || c[0].File != "" || c[0].Name != "junittest/clean" || doc.Failures != 0 {
		t.Errorf("clean run: cases %+v, %d failures", c, doc.Failures)
	}
}
