package suppress

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

func finding(rule, def, ptr string, locs ...report.Location) report.Finding {
	return report.Finding{Rule: rule, Severity: report.SeverityError, Message: rule + " at " + ptr, Definition: def, Pointer: ptr, Locations: locs}
}

func loc(file string, line int, ptr string) report.Location {
	return report.Location{File: file, Line: line, Column: 3, Pointer: ptr}
}

func rules(fs []report.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+"@"+f.Severity.String())
	}
	return strings.Join(out, " ")
}

// TestApplyConfig pins severity overrides (most specific wins, off drops)
// and config ignores, where every field set must match.
func TestApplyConfig(t *testing.T) {
	cfg := &config.Config{
		File: ".wirelint.yaml",
		Severities: []config.Severity{
			{Rule: "parity/max-length", Severity: report.SeverityInfo},
			{Rule: "parity/*", Severity: report.SeverityWarning},
			{Rule: "regex/divergent", Severity: report.SeverityOff},
		},
		Ignores: []config.Ignore{
			{Pos: config.Pos{Line: 7}, Rule: "routes/*", Path: "server/**/*.go", Reason: "generated handlers"},
			{Pos: config.Pos{Line: 9}, Rule: "parity/*", Definition: "Legacy*", Pointer: "/properties/*", Reason: "frozen"},
		},
	}
	fs := []report.Finding{
		finding("parity/max-length", "Frame", "/properties/id", loc("a.json", 3, "/$defs/Frame/properties/id")),
		finding("parity/enum", "Frame", "/properties/kind", loc("a.json", 9, "/$defs/Frame/properties/kind")),
		finding("regex/divergent", "", "/pattern", loc("a.json", 4, "/pattern")),
		finding("routes/undocumented", "", "", loc("server/api/v1/h.go", 10, "")),
		finding("routes/undocumented", "", "", loc("cmd/main.go", 10, "")),
		finding("parity/enum", "LegacyFrame", "/properties/kind", loc("a.json", 20, "/$defs/LegacyFrame/properties/kind")),
		finding("parity/enum", "LegacyFrame", "", loc("a.json", 19, "/$defs/LegacyFrame")),
	}
	kept, silenced := Apply(fs, Options{Config: cfg})
	if got, want := rules(kept), "parity/max-length@info parity/enum@warning routes/undocumented@error parity/enum@warning"; got != want {
		t.Errorf("kept %s\nwant %s", got, want)
	}
	if len(silenced) != 2 || silenced[0].By != ".wirelint.yaml:7" || silenced[1].Reason != "frozen" || silenced[1].Kind != ByConfig {
		t.Errorf("silenced = %+v", silenced)
	}
	if got := Summary(silenced); got != "2 suppressed (2 by config ignores)" {
		t.Errorf("summary %q", got)
	}
}

// TestMatch pins the glob forms ignores use.
func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		kind, pattern, name string
		want                bool
	}{
		{"path", "api/**", "api/v1/openapi.yaml", true},
		{"path", "api/**", "api", true},
		{"path", "**/*.yaml", "openapi.yaml", true},
		{"path", "api/*.yaml", "api/v1/openapi.yaml", false},
		{"path", "api/**/openapi.yaml", "api/a/b/openapi.yaml", true},
		{"path", "api/**/openapi.yaml", "apix/openapi.yaml", false},
		{"pointer", "/properties/id", "/properties/id/maxLength", true},
		{"pointer", "/properties/id", "/properties/identity", false},
		{"pointer", "/properties/*/pattern", "/properties/a~1b/pattern", true},
		{"pointer", "/properties/id", "/properties", false},
		{"rule", "parity/*", "parity/max-length", true},
		{"rule", "parity/*", "paritylike/x", false},
		{"rule", "*", "regex/invalid", true},
		{"rule", "parity/enum", "parity/enum-order", false},
	} {
		var got bool
		switch tc.kind {
		case "path":
			got = MatchPath(tc.pattern, tc.name)
		case "pointer":
			got = MatchPointer(tc.pattern, tc.name)
		case "rule":
			got = MatchRule(tc.pattern, tc.name)
		}
		if got != tc.want {
			t.Errorf("%s %q against %q = %v, want %v", tc.kind, tc.pattern, tc.name, got, tc.want)
		}
	}
}

const annotated = `openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Frame:
      x-wirelint-ignore: [parity/max-length, regex/*]
      x-wirelint-reason: the mirror accepts longer ids until v3
      type: object
      properties:
        x-wirelint-ignore:
          type: string
        id:
          type: string
          maxLength: 128
          default: {x-wirelint-ignore: [parity/enum]}
    NoReason:
      x-wirelint-ignore: [parity/enum]
      type: string
    Typo:
      x-wirelint-ignore: [parity/maxlength]
      x-wirelint-reason: typo
    NotAList:
      x-wirelint-ignore: parity/enum
      x-wirelint-reason: x
`

// TestInline pins inline ignores: they cover the annotated node and
// everything under it, in any document a finding names; an ignore without a
// reason, naming no rule, or not a list is reported and not applied; a
// property called x-wirelint-ignore and data under default are not ignores.
func TestInline(t *testing.T) {
	doc, err := reduce.Parse([]byte(annotated), "api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	known := func(ref string) bool {
		for _, id := range []string{"parity/max-length", "parity/enum", "regex/invalid"} {
			if MatchRule(ref, id) {
				return true
			}
		}
		return false
	}
	in, invalid := ScanInline([]*reduce.Document{doc}, known)
	var msgs []string
	for _, f := range invalid {
		p := f.Primary()
		msgs = append(msgs, f.Definition+" "+p.String()+" "+f.Message)
	}
	want := []string{
		`NoReason api/openapi.yaml:18:7 x-wirelint-ignore without x-wirelint-reason: add x-wirelint-reason saying why the finding is acceptable`,
		`Typo api/openapi.yaml:21:27 x-wirelint-ignore names "parity/maxlength", which is no rule: run 'wirelint rules' for the ids`,
		`NotAList api/openapi.yaml:24:7 x-wirelint-ignore must be a non-empty list of rule ids, not "parity/enum"`,
	}
	if got := strings.Join(msgs, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("invalid ignores:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	mirror := loc("api/openapi.yaml", 15, "/components/schemas/Frame/properties/id/maxLength")
	fs := []report.Finding{
		finding("parity/max-length", "Frame", "/properties/id", loc("schema/frame.json", 4, "/$defs/Frame/properties/id"), mirror),
		finding("regex/invalid", "Frame", "/properties/id", mirror),
		finding("parity/enum", "Frame", "/properties/id", mirror),
		finding("parity/enum", "NoReason", "", loc("api/openapi.yaml", 17, "/components/schemas/NoReason")),
		finding("parity/max-length", "", "", loc("schema/frame.json", 1, "")),
	}
	kept, silenced := Apply(fs, Options{Inline: in})
	if got, want := rules(kept), "parity/enum@error parity/enum@error parity/max-length@error"; got != want {
		t.Errorf("kept %s\nwant %s", got, want)
	}
	if len(silenced) != 2 || silenced[0].By != "api/openapi.yaml:7" || silenced[0].Reason != "the mirror accepts longer ids until v3" {
		t.Errorf("silenced = %+v", silenced)
	}
}

// TestBaselineRoundTrip pins adoption: today's findings are all accepted,
// also after edits move their lines; a new drift is not.
func TestBaselineRoundTrip(t *testing.T) {
	today := fingerprinted([]report.Finding{
		finding("parity/max-length", "Frame", "/properties/id", loc("a.json", 3, "/$defs/Frame/properties/id"), loc("b.yaml", 30, "/components/schemas/Frame/properties/id")),
		finding("parity/enum", "Frame", "/properties/kind", loc("a.json", 9, "/$defs/Frame/properties/kind")),
		finding("parity/enum", "Frame", "/properties/kind", loc("a.json", 9, "/$defs/Frame/properties/kind")),
	})
	var buf bytes.Buffer
	if err := NewBaseline(today).Write(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `"line"`) || strings.Contains(buf.String(), ":3") {
		t.Errorf("baseline records positions:\n%s", buf.String())
	}
	for _, want := range []string{`"file": "a.json"`, `"definition": "Frame"`, `"rule": "parity/max-length"`, `"message": "parity/max-length at /properties/id"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("baseline lacks %s beside the fingerprint:\n%s", want, buf.String())
		}
	}
	b, err := ParseBaseline(buf.Bytes(), ".wirelint-baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	// Tomorrow: every line moved by 5, and one new drift appeared.
	var tomorrow []report.Finding
	for _, f := range today {
		f.Fingerprint = ""
		for i := range f.Locations {
			f.Locations[i].Line += 5
		}
		tomorrow = append(tomorrow, f)
	}
	tomorrow = append(tomorrow, finding("parity/max-length", "Block", "/properties/id", loc("a.json", 50, "/$defs/Block/properties/id")))
	tomorrow = fingerprinted(tomorrow)
	fresh, accepted := b.Filter(tomorrow)
	if len(fresh) != 1 || fresh[0].Definition != "Block" || len(accepted) != 3 {
		t.Errorf("fresh %d (%v), accepted %d; want only the Block drift fresh", len(fresh), fresh, len(accepted))
	}
	// One entry accepts one finding: a second finding with the same
	// fingerprint is new drift.
	once, _ := ParseBaseline([]byte(`{"version": 1, "findings": [{"rule": "parity/enum", "fingerprint": "`+today[1].Fingerprint+`"}]}`), "b.json")
	if fresh, accepted := once.Filter(today); len(fresh) != 2 || len(accepted) != 1 {
		t.Errorf("one entry: fresh %d, accepted %d; want 2 and 1", len(fresh), len(accepted))
	}
	// Matching is by fingerprint only: what an entry says beside it may be
	// stale (a reworded message, a moved file) and still accept the finding.
	reworded, _ := ParseBaseline([]byte(`{"version": 1, "findings": [{"file": "old.json", "rule": "parity/enum", "message": "old wording", "fingerprint": "`+today[1].Fingerprint+`"}]}`), "b.json")
	if _, accepted := reworded.Filter(today); len(accepted) != 1 {
		t.Errorf("a reworded entry accepts %d findings, want 1", len(accepted))
	}
	// Lines moving does not reorder or rewrite the file.
	var moved bytes.Buffer
	if err := NewBaseline(fingerprinted(tomorrow[:3])).Write(&moved); err != nil {
		t.Fatal(err)
	}
	if moved.String() != buf.String() {
		t.Errorf("the baseline changed when only lines moved:\n%s\nwas\n%s", moved.String(), buf.String())
	}
	if n := b.Stale(tomorrow[:1]); n != 2 {
		t.Errorf("stale = %d, want 2 entries no finding used", n)
	}
}

// fingerprinted fills fingerprints and sorts, keeping repeated findings
// (report.Finalize would fold exact repeats, which the baseline must count).
func fingerprinted(fs []report.Finding) []report.Finding {
	for i := range fs {
		fs[i].ComputeFingerprint()
	}
	report.Sort(fs)
	return fs
}

// TestBaselineErrors pins one-line errors for a broken baseline file.
func TestBaselineErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"{\n  \"version\": 1,\n  \"findings\": [\n    {\"rule\": \"x\", }\n  ]\n}\n", `b.json:4: malformed JSON: '}' looking for beginning of object key string`},
		{`{"version": 1, "findings": [{"rule": "x", "fingerprint": 7}]}`, `b.json:1: findings.fingerprint must be string, not a JSON number`},
		{`{"version": 2, "findings": []}`, `b.json: baseline version 2, want 1 (rewrite it with 'wirelint baseline')`},
		{`{"version": 1, "findings": [{"rule": "x"}]}`, `b.json: findings[0] has no fingerprint`},
		{`{"version": 1, "lines": []}`, `b.json: not a wirelint baseline: unknown field "lines"`},
	} {
		_, err := ParseBaseline([]byte(tc.data), "b.json")
		if err == nil || err.Error() != tc.want {
			t.Errorf("error %v\nwant %s", err, tc.want)
		}
	}
}

// TestInlineEscapedKey pins that an ignore whose key is spelled through an
// escape sequence (JSON \u, YAML \x) is still found, while a document that
// spells the key nowhere is not walked at all.
func TestInlineEscapedKey(t *testing.T) {
	for _, c := range []struct{ file, text string }{
		{"a.json", `{"$defs": {"A": {"x-wirelint-ign\u006fre": ["parity/enum"], "x-wirelint-reason": "why", "enum": [1]}}}`},
		{"a.yaml", "$defs:\n  A:\n    \"x-wirelint-ign\\x6fre\": [parity/enum]\n    x-wirelint-reason: why\n    enum: [1]\n"},
	} {
		doc, err := reduce.Parse([]byte(c.text), c.file)
		if err != nil {
			t.Fatal(err)
		}
		in, invalid := ScanInline([]*reduce.Document{doc}, func(string) bool { return true })
		kept, _ := Apply([]report.Finding{finding("parity/enum", "A", "", loc(c.file, 1, "/$defs/A/enum"))}, Options{Inline: in})
		if len(invalid) != 0 || len(kept) != 0 {
			t.Errorf("%s: the escaped ignore was not applied: kept %v, invalid %v", c.file, kept, invalid)
		}
	}
}
