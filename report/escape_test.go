package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestVisible pins how control characters, separators, bidi overrides and
// invalid UTF-8 from input are shown, and that plain text is unchanged.
func TestVisible(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text, ünïcode ✓ and a \\ backslash", "plain text, ünïcode ✓ and a \\ backslash"},
		{"a\nb\r\tc", `a\nb\r\tc`},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", `\e]8;;http://x\e\link\e]8;;\e\`},
		{"\x00\x07\x7f", `\x00\x07\x7f`},
		{"\u0085\u2028\u2029", `\u0085\u2028\u2029`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"bad \xff\xfe byte", "bad \uFFFD\uFFFD byte"},
	} {
		if got := Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestGuardLine pins that a line starting (after white space and colour
// sequences) with "::" is defused and any other line left alone.
func TestGuardLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"::error::x", `\x3a:error::x`},
		{"    ::stop-commands::t", `    \x3a:stop-commands::t`},
		{"a ::error::x", "a ::error::x"},
		{": not a command", ": not a command"},
		{"\x1b[1m::error::x\x1b[0m", "\x1b[1m\\x3a:error::x\x1b[0m"},
		{"  \x1b[1;31m \x1b[2m::x", "  \x1b[1;31m \x1b[2m\\x3a:x"},
		{"\x1b[1x::error::x", "\x1b[1x::error::x"},
	} {
		if got := GuardLine(tc.in); got != tc.want {
			t.Errorf("GuardLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// hostileFinding carries, in every field that comes from input, the sequences
// an attacker would use against a CI log.
func hostileFinding() Finding {
	evil := "x\n::error file=forged.go,line=1::forged\r\n::stop-commands::t\x1b[31m\x1b]8;;http://evil\x07\xff"
	return Finding{
		Rule: "parity/keyword", Severity: SeverityError, Definition: "Def" + evil, Pointer: "/p" + evil,
		Message: "description is " + evil, Detail: "line one\n::error::detail" + evil,
		Locations: []Location{{File: "::error::a" + evil + ".json", Line: 1, Column: 1, Pointer: "/$defs/A" + evil}, {File: "b.yaml", Line: 2, Column: 3, Pointer: evil}},
	}
}

// TestPrintersKeepInputInert: in text and github output no line starts with
// a workflow command unless wirelint wrote it, no ESC or other control byte
// and no invalid UTF-8 is printed; JSON, SARIF and JUnit stay valid documents.
func TestPrintersKeepInputInert(t *testing.T) {
	fs := []Finding{hostileFinding()}
	for _, format := range Formats() {
		var buf bytes.Buffer
		if err := Write(&buf, format, fs, Options{Version: "test"}); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		out := buf.String()
		if !utf8.ValidString(out) {
			t.Errorf("%s: invalid UTF-8 in output", format)
		}
		if strings.ContainsAny(out, "\x1b\x07\r") {
			t.Errorf("%s: a control character from input reached the output:\n%q", format, out)
		}
		switch format {
		case "text", "github":
			commands := 0
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
					commands++
				}
			}
			if want := map[string]int{"text": 0, "github": 1}[format]; commands != want {
				t.Errorf("%s: %d lines start with a workflow command, want %d (wirelint's own):\n%s", format, commands, want, out)
			}
		case "json", "sarif":
			var v any
			if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
				t.Errorf("%s: not valid JSON: %v", format, err)
			}
		case "junit":
			if err := xml.Unmarshal(buf.Bytes(), new(struct{})); err != nil {
				t.Errorf("junit: not valid XML: %v", err)
			}
		}
	}
}
