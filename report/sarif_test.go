package report

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// printerRule is the catalogue of the printer tests in this package; the
// binary never sees it.
var printerRule = Rule{
	ID:       "test/max-length",
	Severity: SeverityError,
	Title:    "maxLength differs between canonical and mirror",
	Why:      "clients generated from the mirror accept strings the server rejects",
	Bad:      "maxLength: 64   # canonical\nmaxLength: 128  # mirror",
	Good:     "maxLength: 64   # both",
}

// testOptions passes printerRule as the catalogue.
var testOptions = Options{Version: "v1.2.3", Rules: []Rule{printerRule}}

// sampleFindings covers what printers must handle: two documents, a missing
// line, every severity, an unregistered rule, characters that need escaping in
// each format, and paths with spaces and colons.
func sampleFindings() []Finding {
	fs := []Finding{
		{
			Rule:       "test/max-length",
			Severity:   SeverityError,
			Message:    "maxLength is 64 in frame_wire.json but 128 in openapi.yaml [set both to 64]",
			Definition: "Frame",
			Pointer:    "/properties/id",
			Locations: []Location{
				{File: "schema/frame_wire.json", Line: 12, Column: 7, Pointer: "/$defs/Frame/properties/id"},
				{File: "api/open api.yaml", Line: 40, Column: 9, Pointer: "/components/schemas/Frame/properties/id"},
			},
			Fields: map[string]any{"keyword": "maxLength", "canonical": 64, "mirror": 128},
		},
		{
			Rule:     "test/unregistered",
			Severity: SeverityWarning,
			Message:  "50% of values, a: b, c\nsecond line",
			Locations: []Location{
				{File: "a:b/odd.yaml", Line: 3, Column: 1, Pointer: "/x"},
			},
		},
		{
			Rule:      "test/max-length",
			Severity:  SeverityInfo,
			Message:   "the document as a whole",
			Locations: []Location{{File: "docs/<guide>&.md"}},
		},
	}
	return Finalize(fs)
}

func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("../testdata/sarif/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read-only
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(sarifSchema, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(sarifSchema)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestSARIFValidatesAgainstSchema pins that the output is a valid SARIF 2.1.0
// log, with findings and without.
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	sch := compileSARIFSchema(t)
	for name, fs := range map[string][]Finding{"findings": sampleFindings(), "empty": nil, "fixes": withFixes()} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, "sarif", fs, testOptions); err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				t.Fatalf("SARIF output does not validate:\n%v\n%s", err, buf.String())
			}
		})
	}
}

// TestSARIFSchemaRejectsBrokenLog proves the validation above can fail: a log
// missing its required version is rejected.
func TestSARIFSchemaRejectsBrokenLog(t *testing.T) {
	sch := compileSARIFSchema(t)
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sampleFindings(), Options{Version: "v1"}); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "version")
	b, _ := json.Marshal(m)
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err := sch.Validate(inst); err == nil {
		t.Fatal("a SARIF log without version validated")
	}
}

// TestSARIFContent pins the parts code scanning reads: one run, a rule entry
// per rule used with its help, related locations with ids, the other
// document's position as an embedded link, and line-free fingerprints.
func TestSARIFContent(t *testing.T) {
	fs := sampleFindings()
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, fs, testOptions); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
	}
	if got := strings.Join(ids, ","); got != "test/max-length,test/unregistered" {
		t.Errorf("rules = %s, want each rule used once, sorted", got)
	}
	known := run.Tool.Driver.Rules[0]
	if known.Help == nil || !strings.Contains(known.Help.Text, printerRule.Why) || !strings.Contains(known.Help.Markdown, printerRule.Bad) {
		t.Errorf("rule help = %+v, want the registered why and examples", known.Help)
	}
	if known.ShortDescription == nil || known.ShortDescription.Text != printerRule.Title {
		t.Errorf("shortDescription = %+v, want the title", known.ShortDescription)
	}
	if len(run.Results) != len(fs) {
		t.Fatalf("%d results, want %d", len(run.Results), len(fs))
	}
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has ruleIndex %d naming %s", r.RuleID, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
	}
	var two sarifResult
	for _, r := range run.Results {
		if len(r.RelatedLocations) > 0 {
			two = r
		}
	}
	if two.RuleID == "" {
		t.Fatal("no result carries relatedLocations")
	}
	rel := two.RelatedLocations[0]
	if rel.ID == nil || *rel.ID != 1 || rel.PhysicalLocation.ArtifactLocation.URI != "api/open%20api.yaml" || rel.PhysicalLocation.Region.StartLine != 40 {
		t.Errorf("related location = %+v, want id 1 at api/open%%20api.yaml:40", rel)
	}
	wantLink := "(also at [api/open api.yaml:40:9 /components/schemas/Frame/properties/id](1))"
	if !strings.HasSuffix(two.Message.Text, wantLink) {
		t.Errorf("message = %q, want it to end with the link %q", two.Message.Text, wantLink)
	}
	if !strings.Contains(two.Message.Text, `\[set both to 64\]`) {
		t.Errorf("message = %q, want literal brackets escaped beside a link", two.Message.Text)
	}
	if two.PartialFingerprints[sarifFingerprintKey] == "" {
		t.Errorf("no %s partial fingerprint", sarifFingerprintKey)
	}
	for _, r := range run.Results {
		if r.Level == "note" && r.Locations[0].PhysicalLocation.Region != nil {
			t.Errorf("a location without a line got a region: %+v", r.Locations[0].PhysicalLocation.Region)
		}
		if r.RuleID == "test/unregistered" && r.Locations[0].PhysicalLocation.ArtifactLocation.URI != "./a:b/odd.yaml" {
			t.Errorf("uri = %q, want a colon in the first segment kept from reading as a scheme", r.Locations[0].PhysicalLocation.ArtifactLocation.URI)
		}
	}
}

// withFixes is the sample findings, the first carrying a fix that inserts,
// replaces and deletes, as wirelint fix computes them.
func withFixes() []Finding {
	fs := sampleFindings()
	fs[0].Fixes = []Fix{{Description: "set maxLength", Edits: []Edit{
		{File: "api/open api.yaml", Offset: 10, Length: 3, Text: " 64"},
		{File: "api/open api.yaml", Offset: 40, Length: 0, Text: "maxItems: 3\n"},
		{File: "schema/frame_wire.json", Offset: 7, Length: 12},
	}}}
	return fs
}
