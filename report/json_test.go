package report

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestJSONFieldCannotShadowCore: a rule-specific field whose name matches a
// core member but for case ("RULE") is written as a field and read back as
// one; it does not overwrite the rule, as encoding/json's case-insensitive
// matching did (found by FuzzPrinterRoundTrip).
func TestJSONFieldCannotShadowCore(t *testing.T) {
	in := []Finding{{Rule: "a/b", Severity: SeverityError, Message: "m", Fingerprint: "f",
		Locations: []Location{{File: "x.json"}}, Fields: map[string]any{"RULE": "forged", "Message": "forged"}}}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, in); err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Findings[0]
	if got.Rule != "a/b" || got.Message != "m" || got.Fields["RULE"] != "forged" || got.Fields["Message"] != "forged" {
		t.Errorf("read back rule %q, message %q, fields %v", got.Rule, got.Message, got.Fields)
	}
}
