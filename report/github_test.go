package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestGitHub pins the workflow-command lines: level per severity, the primary
// position as properties, the other documents in the message, and escaping of
// "%", newlines, ":" and "," so no finding splits or ends a command early. A
// line break inside a message came from input and is shown as \n.
func TestGitHub(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "github", sampleFindings(), Options{}); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		`::warning file=a%3Ab/odd.yaml,line=3,col=1,title=test/unregistered::50%25 of values, a: b, c\nsecond line`,
		`::notice file=docs/<guide>&.md,title=test/max-length::the document as a whole`,
		`::error file=schema/frame_wire.json,line=12,col=7,title=test/max-length in Frame::maxLength is 64 in frame_wire.json but 128 in openapi.yaml [set both to 64] (also at api/open api.yaml:40:9 /components/schemas/Frame/properties/id)`,
		`wirelint: 1 error(s), 1 warning(s), 1 info`,
		``,
	}, "\n")
	if got := buf.String(); got != want {
		t.Errorf("github output:\n%s\nwant:\n%s", got, want)
	}
}

// TestGitHubPropertyEscaping pins that "," and ":" in a property (here the
// title, from a definition name) cannot end the value early.
func TestGitHubPropertyEscaping(t *testing.T) {
	var buf bytes.Buffer
	fs := []Finding{{Rule: "test/max-length", Severity: SeverityError, Message: "m", Definition: "Map,Set:Key",
		Locations: []Location{{File: "a,b.yaml", Line: 1, Column: 2}}}}
	if err := WriteGitHub(&buf, fs); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a%2Cb.yaml,line=1,col=2,title=test/max-length in Map%2CSet%3AKey::m\n"
	if got := strings.SplitAfter(buf.String(), "\n")[0]; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestGitHubEmpty pins the clean run: no commands, one plain line.
func TestGitHubEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, nil); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "wirelint: no findings\n" {
		t.Errorf("got %q", got)
	}
}
