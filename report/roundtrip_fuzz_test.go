package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// fuzzLinkBase prefixes every link the markdown printer writes in
// FuzzPrinterRoundTrip, so a link that came from input stands out.
const fuzzLinkBase = "https://base.invalid/"

// fuzzFindings builds findings from fuzzed values: a first finding with one
// or two locations, a second with another rule and no location, and a third
// repeating the first's rule in another file, so grouping, counting and the
// empty-location paths all run.
func fuzzFindings(rule, message, definition, pointer, file, file2, detail, key, value string, line, col int, sev uint8) []Finding {
	first := Finding{
		Rule: rule, Severity: Severity(1 + sev%3), Message: message, Definition: definition, Pointer: pointer, Detail: detail,
		Locations: []Location{{File: file, Line: line, Column: col, Pointer: pointer}},
	}
	if file2 != "" {
		first.Locations = append(first.Locations, Location{File: file2, Line: col, Column: line, Pointer: definition})
	}
	if key != "" {
		first.Fields = map[string]any{key: value}
	}
	second := Finding{Rule: rule + "/" + key, Severity: Severity(1 + (sev/3)%3), Message: value, Pointer: detail}
	third := Finding{
		Rule: rule, Severity: Severity(1 + (sev/9)%3), Message: detail, Definition: value,
		Locations: []Location{{File: file2, Line: line + 1, Column: 0, Pointer: message}},
		Fields:    map[string]any{"path": message, "method": key},
	}
	return Finalize([]Finding{first, second, third})
}

// FuzzPrinterRoundTrip: whatever a finding holds — any rule id, message, path,
// pointer, position, severity and bytes, control characters and invalid
// UTF-8 included — every printer writes a document its reader accepts. JSON
// decodes back to the same findings (invalid UTF-8 read as U+FFFD, as JSON
// must); SARIF is JSON of the 2.1.0 shape with one result per finding; JUnit
// is well-formed XML with one case per finding and per quiet rule; text and github lines carry no
// control character and none starts with a workflow command wirelint did not
// write; markdown renders with no HTML, link, image or emphasis that came
// from input.
func FuzzPrinterRoundTrip(f *testing.F) {
	evil := "x\n::error file=f.go,line=1::forged\r\n::stop-commands::t\x1b[31m\x1b]8;;http://evil\x07\xff\u2028"
	f.Add("parity/keyword", "maxLength is 64 in a.json but 128 in b.yaml", "Frame", "/properties/id", "schemas/a.json", "api/b.yaml", "- 64\n+ 128\n", "keyword", "maxLength", 12, 7, uint8(0))
	f.Add("routes/missing", "description is "+evil, "Def"+evil, "/p"+evil, "::error::a"+evil+".json", "b c:d,e%.yaml", "line\n::error::d"+evil, "path", "/frames/{id}", 1, 1, uint8(4))
	f.Add("a", "<img src=x onerror=alert(1)> [l](javascript:x) ![i](y) *e* _u_ ~~s~~ `c` $x$ @team #1 www.example.com", "`a``", "~~~", "C:/x/y.json", "/abs/p.yaml", "~~~~\n```", "RULE", "|", 0, 0, uint8(26))
	f.Add("", "", "", "", "", "", "", "", "", -1, -1, uint8(255))
	f.Add("r|x", "a|b\\", "\\`", "%SRCROOT%", "../a b/(c).json", "a\x00b", "\r", "message", "\xc3", 1<<30, 2, uint8(13))
	f.Fuzz(func(t *testing.T, rule, message, definition, pointer, file, file2, detail, key, value string, line, col int, sev uint8) {
		fs := fuzzFindings(rule, message, definition, pointer, file, file2, detail, key, value, line, col, sev)
		print := func(format string, opt Options) []byte {
			var buf bytes.Buffer
			if err := Write(&buf, format, fs, opt); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			return buf.Bytes()
		}
		checkJSONRoundTrip(t, fs, print("json", Options{}))
		// The catalogue describes the first rule with fuzzed text (SARIF
		// help, JUnit cases for rules without findings).
		catalogue := []Rule{{ID: rule, Severity: SeverityWarning, Title: message, Why: detail, Bad: value, Good: key}, {ID: value + "/silent"}}
		checkSARIF(t, fs, print("sarif", Options{Version: "fuzz", Rules: catalogue}))
		checkJUnit(t, fs, print("junit", Options{FailOn: SeverityWarning, Rules: catalogue}), catalogue)
		checkText(t, fs, string(print("text", Options{})), false)
		checkText(t, fs, string(print("text", Options{Color: true})), true)
		checkGitHub(t, fs, string(print("github", Options{})))
		checkMarkdown(t, fs, print("markdown", Options{LinkBase: fuzzLinkBase}))
	})
}

// asJSON is s as it reads back from JSON: each byte of invalid UTF-8
// replaced by U+FFFD, as encoding/json writes it.
func asJSON(s string) string { return string([]rune(s)) }

func checkJSONRoundTrip(t *testing.T, fs []Finding, out []byte) {
	t.Helper()
	var doc Document
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("json: does not decode: %v\n%s", err, out)
	}
	if len(doc.Findings) != len(fs) {
		t.Fatalf("json: %d findings read back, %d written", len(doc.Findings), len(fs))
	}
	for i, want := range fs {
		want.Rule, want.Message, want.Definition, want.Pointer = asJSON(want.Rule), asJSON(want.Message), asJSON(want.Definition), asJSON(want.Pointer)
		want.Detail = ""
		locs := make([]Location, len(want.Locations))
		for j, l := range want.Locations {
			locs[j] = Location{File: asJSON(l.File), Line: l.Line, Column: l.Column, Pointer: asJSON(l.Pointer)}
		}
		want.Locations = locs
		fields := map[string]any{}
		for k, v := range want.Fields {
			if coreMember(k) {
				continue
			}
			fields[asJSON(k)] = asJSON(v.(string))
		}
		want.Fields = fields
		got := doc.Findings[i]
		if got.Fields == nil {
			got.Fields = map[string]any{}
		}
		if got.Locations == nil && len(want.Locations) == 0 {
			got.Locations = want.Locations
		}
		wb, _ := json.Marshal(want)
		gb, _ := json.Marshal(got)
		if !bytes.Equal(wb, gb) || fmt.Sprint(want.Fields) != fmt.Sprint(got.Fields) {
			t.Fatalf("json: finding %d does not read back:\n got %s %v\nwant %s %v", i, gb, got.Fields, wb, want.Fields)
		}
	}
}

func checkSARIF(t *testing.T, fs []Finding, out []byte) {
	t.Helper()
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text *string `json:"text"`
				} `json:"message"`
				Locations        []sarifLocation `json:"locations"`
				RelatedLocations []sarifLocation `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("sarif: not JSON of the SARIF shape: %v\n%s", err, out)
	}
	if log.Version != sarifVersion || log.Schema != sarifSchema || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "wirelint" {
		t.Fatalf("sarif: wrong envelope:\n%s", out)
	}
	run := log.Runs[0]
	if len(run.Results) != len(fs) {
		t.Fatalf("sarif: %d results for %d findings", len(run.Results), len(fs))
	}
	for i, r := range run.Results {
		f := fs[i]
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID || r.RuleID != asJSON(f.Rule) {
			t.Fatalf("sarif: result %d names rule %q at index %d, want %q", i, r.RuleID, r.RuleIndex, f.Rule)
		}
		if r.Level != sarifLevel(f.Severity) || r.Message.Text == nil {
			t.Fatalf("sarif: result %d has level %q and message %v", i, r.Level, r.Message.Text)
		}
		if r.Locations == nil || len(r.Locations) != min(1, len(f.Locations)) || len(r.RelatedLocations) != max(0, len(f.Locations)-1) {
			t.Fatalf("sarif: result %d has %d locations and %d related, finding has %d", i, len(r.Locations), len(r.RelatedLocations), len(f.Locations))
		}
		for j, l := range append(r.Locations, r.RelatedLocations...) {
			if _, err := url.Parse(l.PhysicalLocation.ArtifactLocation.URI); err != nil {
				t.Fatalf("sarif: result %d location %d: uri %q: %v", i, j, l.PhysicalLocation.ArtifactLocation.URI, err)
			}
			if reg := l.PhysicalLocation.Region; reg != nil && (reg.StartLine < 1 || reg.StartLine != f.Locations[j].Line) {
				t.Fatalf("sarif: result %d location %d: region %+v for line %d", i, j, *reg, f.Locations[j].Line)
			}
		}
	}
}

func checkJUnit(t *testing.T, fs []Finding, out []byte, catalogue []Rule) {
	t.Helper()
	var doc junitTestSuites
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("junit: not well-formed XML: %v\n%q", err, out)
	}
	// A case per finding, and one for each rule of the catalogue that has
	// none; a failure per finding at or above --fail-on (warning here).
	quiet, failing := map[string]bool{}, 0
	for _, r := range catalogue {
		quiet[r.ID] = true
	}
	for _, f := range fs {
		delete(quiet, f.Rule)
		if f.Severity >= SeverityWarning {
			failing++
		}
	}
	want := len(fs) + len(quiet)
	cases := 0
	for _, s := range doc.Suites {
		cases += len(s.Cases)
	}
	if doc.Tests != want || cases != want || doc.Failures != failing {
		t.Fatalf("junit: %d tests (%d cases), %d failures; want %d cases (%d findings, %d quiet rules), %d failing:\n%s", doc.Tests, cases, doc.Failures, want, len(fs), len(quiet), failing, out)
	}
}

// sgr matches the colour sequences the text printer writes itself.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// checkInert fails when out holds invalid UTF-8, or a control character
// other than the line feed that ends each line, or a line that the runner
// would read as a workflow command (unless wirelint wrote it: commands).
func checkInert(t *testing.T, format, out string, commands int) []string {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%s: invalid UTF-8:\n%q", format, out)
	}
	for _, r := range out {
		if r != '\n' && (unicode.IsControl(r) || hidden(r)) {
			t.Fatalf("%s: control character %U reached the output:\n%q", format, r, out)
		}
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("%s: output does not end a line:\n%q", format, out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "::") {
			n++
		}
	}
	if n != commands {
		t.Fatalf("%s: %d lines read as workflow commands, want %d:\n%s", format, n, commands, out)
	}
	return lines
}

func checkText(t *testing.T, fs []Finding, out string, color bool) {
	t.Helper()
	if color {
		out = sgr.ReplaceAllString(out, "")
	}
	lines := checkInert(t, "text", out, 0)
	want := 1 // the summary
	if len(fs) > 0 {
		want = 2
	}
	for _, f := range fs {
		want += max(1, len(f.Locations))
		if f.Detail != "" {
			want += len(strings.Split(strings.TrimRight(f.Detail, "\n"), "\n"))
		}
	}
	if len(lines) != want {
		t.Fatalf("text: %d lines, want %d (input broke a line):\n%s", len(lines), want, out)
	}
}

// githubLine is a workflow command as the runner parses it (its properties
// cannot hold ":" or ",", which end them).
var githubLine = regexp.MustCompile(`^::(error|warning|notice) ((file|line|col|title)=[^:,]*)(,(file|line|col|title)=[^:,]*)*::`)

func checkGitHub(t *testing.T, fs []Finding, out string) {
	t.Helper()
	lines := checkInert(t, "github", out, len(fs))
	if len(lines) != len(fs)+1 || !strings.HasPrefix(lines[len(fs)], "wirelint: ") {
		t.Fatalf("github: %d lines for %d findings:\n%s", len(lines), len(fs), out)
	}
	for i, f := range fs {
		m := githubLine.FindStringSubmatch(lines[i])
		if m == nil || m[1] != githubCommand(f.Severity) {
			t.Fatalf("github: line %d is not the %s command it should be:\n%s", i+1, githubCommand(f.Severity), lines[i])
		}
	}
}

// mdTag matches an HTML tag in rendered Markdown; mdAllowedTags are those the
// printer and the renderer write themselves.
var (
	mdTag         = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>`)
	mdAllowedTags = map[string]bool{
		"h2": true, "h3": true, "h4": true, "p": true, "strong": true, "code": true, "br": true, "span": true,
		"ul": true, "li": true, "a": true, "details": true, "summary": true, "pre": true,
		"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
	}
)

func checkMarkdown(t *testing.T, fs []Finding, out []byte) {
	t.Helper()
	checkInert(t, "markdown", string(out), 0)
	html := renderGFM(t, string(out))
	links := 0
	for _, m := range mdTag.FindAllStringSubmatch(html, -1) {
		name, attrs := strings.ToLower(m[2]), m[3]
		if !mdAllowedTags[name] {
			t.Fatalf("markdown: input made a <%s> tag:\n%s\n--- rendered:\n%s", name, out, html)
		}
		switch {
		case m[1] == "/":
		case name == "a":
			if !strings.HasPrefix(attrs, ` href="`+fuzzLinkBase) {
				t.Fatalf("markdown: input made a link %s:\n%s\n--- rendered:\n%s", m[0], out, html)
			}
			links++
		case name == "th" || name == "td":
			if attrs != "" && !regexp.MustCompile(`^ style="text-align:right"$`).MatchString(attrs) {
				t.Fatalf("markdown: table cell %s:\n%s", m[0], out)
			}
		case attrs != "" && attrs != " /":
			t.Fatalf("markdown: input gave attributes to %s:\n%s\n--- rendered:\n%s", m[0], out, html)
		}
	}
	want := 0
	for _, f := range fs {
		want += len(f.Locations)
	}
	if links != want && !bytes.Contains(out, []byte("not listed, to keep this report")) {
		t.Fatalf("markdown: %d links, want one per location (%d):\n%s\n--- rendered:\n%s", links, want, out, html)
	}
	for _, cells := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(html, -1) {
		if n := strings.Count(cells[1], "<td") + strings.Count(cells[1], "<th"); n != 3 {
			t.Fatalf("markdown: a table row has %d cells, want 3:\n%s\n--- rendered:\n%s", n, out, html)
		}
	}
}
