package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzPrinters is the round trip of every printer: whatever a finding holds
// (any bytes in its message, names, paths, pointer and fields, invalid UTF-8
// and control characters included), JSON and SARIF print valid JSON, JUnit
// well-formed XML, and no line of text, github or markdown output starts a
// workflow command that did not come from wirelint itself.
func FuzzPrinters(f *testing.F) {
	f.Add("parity/keyword", "maxLength is 64 in a.json but 128 in b.yaml", "A", "/maxLength", "a.json", 3, 7, "64")
	f.Add("x/y", "line\n::error file=README.md::forged\r\n::stop-commands::t", "B\n::warning::", "/$defs/~1", "dir/\x1b[31mred.json", 1, 1, "\xff\xfe")
	f.Add("", "]]>&<'\"%0A%25\x00\x07\x1b]8;;http://evil\x07", "", "", "", 0, 0, "\u2028\u202e")
	f.Add("regex/divergent", strings.Repeat("é", 300)+"\\", "Ünï", "/properties/a b", "ä.yaml", 99999, 3, "{\"a\":1}")
	f.Fuzz(func(t *testing.T, rule, msg, def, ptr, file string, line, col int, field string) {
		fs := Finalize([]Finding{{
			Rule: rule, Severity: SeverityError, Message: msg, Definition: def, Pointer: ptr,
			Locations: []Location{{File: file, Line: line, Column: col, Pointer: ptr}, {File: def + file, Line: col, Column: line, Pointer: def}},
			Fields:    map[string]any{"pattern": field, "payload": json.RawMessage(`{"k":1}`), field: msg},
			Detail:    msg + "\n" + field,
		}})
		opt := Options{Version: "fuzz", FailOn: SeverityWarning, Rules: []Rule{{ID: rule, Severity: SeverityError, Title: msg}}}
		for _, format := range Formats() {
			var b bytes.Buffer
			if err := Write(&b, format, fs, opt); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			out := b.Bytes()
			switch format {
			case "json", "sarif":
				if !json.Valid(out) {
					t.Fatalf("%s output is not valid JSON:\n%q", format, out)
				}
			case "junit":
				dec := xml.NewDecoder(bytes.NewReader(out))
				for {
					_, err := dec.Token()
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						t.Fatalf("junit output is not well-formed XML: %v\n%q", err, out)
					}
				}
			}
			for _, l := range strings.Split(string(out), "\n") {
				l = strings.TrimLeft(l, " \t")
				if !strings.HasPrefix(l, "::") {
					continue
				}
				if format != "github" || !(strings.HasPrefix(l, "::error ") || strings.HasPrefix(l, "::warning ") || strings.HasPrefix(l, "::notice ")) {
					t.Fatalf("%s output has a line starting a workflow command: %q", format, l)
				}
			}
			if bytes.IndexByte(out, 0x1b) >= 0 && format != "json" && format != "sarif" {
				t.Fatalf("%s output carries a raw ESC", format)
			}
		}
	})
}
