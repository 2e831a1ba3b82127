package differential

import (
	"encoding/json"
	"strings"

	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Family is the differential family: each fixtures entry that asks for it
// probes its canonical document and first mirror with generated payloads
// and the payloads the fixture family loaded (its Result). Its Result is
// every disagreement's payload (family.Payloads), which the parity family
// folds into the keyword finding it proves.
var Family = &family.Family{
	Name:     "differential",
	Doc:      "payloads a canonical schema and its mirror disagree on",
	Rules:    Rules,
	Scope:    family.Grouped,
	Requires: []string{"fixture"},
	Entries: func(section any) []family.Entry {
		var out []family.Entry
		for i, e := range section.([]validate.Fixtures) {
			if e.Differential && len(e.Documents) > 1 {
				out = append(out, family.Entry{Name: validate.FixturesName(i), Documents: e.Documents, Value: e})
			}
		}
		return out
	},
	Run: func(p *family.Pass) (family.Output, error) {
		loaded, _ := p.ResultOf["fixture"].(map[string][]*validate.Payload)
		fs, err := p.EachEntry(func(en family.Entry) ([]report.Finding, error) {
			e := en.Value.(validate.Fixtures)
			opts := Options{Renames: e.Renames, Fixtures: loaded[en.Name], Budget: p.Limits.ProbeBudget, Validate: validate.OptionsOf(p.Limits)}
			return Check(p.Workspace, p.Doc(e.Documents[0]), p.Doc(e.Documents[1]), opts), nil
		})
		if err != nil {
			return family.Output{}, err
		}
		return family.Output{Findings: fs, Result: payloads(fs)}, nil
	},
}

// payloads lists the payload each disagreement carries.
func payloads(fs []report.Finding) family.Payloads {
	var out family.Payloads
	for _, f := range fs {
		raw, ok := f.Fields["payload"].(json.RawMessage)
		if f.Rule != RuleDisagreement || !ok {
			continue
		}
		accepted, _ := f.Fields["accepted_by"].(string)
		rejected, _ := f.Fields["rejected_by"].(string)
		out = append(out, family.Payload{Finding: f, Payload: raw, AcceptedBy: accepted, RejectedBy: rejected, Text: strings.TrimPrefix(f.Detail, "payload: ")})
	}
	return out
}
