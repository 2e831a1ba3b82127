package report

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

// TestJUnit pins the shape CI importers read: well-formed XML whatever the
// message holds, one suite per file with matching counts, one failing case
// per finding typed by severity.
func TestJUnit(t *testing.T) {
	fs := sampleFindings()
	fs = append(fs, Finding{Rule: "test/max-length", Severity: SeverityError, Message: "control \x01 and markup <a href=\"x\">&amp;</a>",
		Locations: []Location{{File: "schema/frame_wire.json", Line: 30, Column: 3, Pointer: "/$defs/Other"}}})
	fs = Finalize(fs)
	var buf bytes.Buffer
	if err := Write(&buf, "junit", fs, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", buf.String())
	}
	var doc junitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("output is not well-formed XML: %v\n%s", err, buf.String())
	}
	if doc.Tests != 4 || doc.Failures != 4 {
		t.Errorf("testsuites tests=%d failures=%d, want 4 and 4", doc.Tests, doc.Failures)
	}
	var suites []string
	for _, s := range doc.Suites {
		suites = append(suites, s.Name)
		if s.Tests != len(s.Cases) || s.Failures != len(s.Cases) {
			t.Errorf("suite %s counts %d/%d for %d cases", s.Name, s.Tests, s.Failures, len(s.Cases))
		}
	}
	if got := strings.Join(suites, " | "); got != "a:b/odd.yaml | docs/<guide>&.md | schema/frame_wire.json" {
		t.Errorf("suites = %s, want one per file in finding order", got)
	}
	frame := doc.Suites[2]
	if len(frame.Cases) != 2 {
		t.Fatalf("schema/frame_wire.json has %d cases, want 2", len(frame.Cases))
	}
	c := frame.Cases[0]
	if c.Name != "test/max-length" || c.Classname != "schema/frame_wire.json:12:7 /$defs/Frame/properties/id" || c.Line != 12 {
		t.Errorf("case = %+v", c)
	}
	if c.Failure.Type != "error" || !strings.Contains(c.Failure.Text, "at api/open api.yaml:40:9") {
		t.Errorf("failure = %+v, want type error and the mirror's position in the text", c.Failure)
	}
	if got := frame.Cases[1].Failure.Message; got != "control \uFFFD and markup <a href=\"x\">&amp;</a>" {
		t.Errorf("message read back as %q", got)
	}
}

// TestJUnitEmpty pins the clean run: an empty, well-formed testsuites element.
func TestJUnitEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, nil); err != nil {
		t.Fatal(err)
	}
	var doc junitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil || doc.Tests != 0 || len(doc.Suites) != 0 {
		t.Errorf("empty output %q: %v", buf.String(), err)
	}
}
