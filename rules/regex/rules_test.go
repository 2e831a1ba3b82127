package regex

import (
	"encoding/json"
	"testing"

	"github.com/wirelint/wirelint/report"
)

// TestRuleExamples checks each rule's documented examples: Bad raises that
// rule, Good raises nothing.
func TestRuleExamples(t *testing.T) {
	for _, id := range []string{RuleInvalid, RuleNonPortable, RuleDivergent} {
		r, ok := report.FindRule(Rules, id)
		if !ok {
			t.Fatalf("%s not registered", id)
		}
		for _, ex := range []struct {
			name, schema string
			fires        bool
		}{{"bad", r.Bad, true}, {"good", r.Good, false}} {
			var s struct{ Pattern string }
			if err := json.Unmarshal([]byte(ex.schema), &s); err != nil || s.Pattern == "" {
				t.Fatalf("%s %s example %s: %v", id, ex.name, ex.schema, err)
			}
			fs := CheckPattern(s.Pattern, Options{}, func(*report.Finding) {})
			switch {
			case ex.fires && (len(fs) == 0 || fs[0].Rule != id):
				t.Errorf("%s bad example %q: got %v, want a %s finding", id, s.Pattern, rules(fs), id)
			case !ex.fires && len(fs) > 0:
				t.Errorf("%s good example %q: got %v, want silence", id, s.Pattern, rules(fs))
			}
		}
	}
}

func rules(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+": "+f.Message)
	}
	return out
}
