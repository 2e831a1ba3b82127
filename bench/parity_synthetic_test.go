package bench

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/report"
)

// The generated pair says the same thing twice, so parity finds nothing: the
// linearity benchmark measures a clean run, not the cost of reporting.
func TestSyntheticParityPairIsClean(t *testing.T) {
	canonical, mirror, err := SyntheticParityPair(t.TempDir(), 12)
	if err != nil {
		t.Fatal(err)
	}
	findings, err := runParity(canonical, mirror)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Errorf("%s %s%s: %s", f.Rule, f.Definition, f.Pointer, f.Message)
	}
}

// Each spelling difference the generator relies on is really compared: undoing
// one normalisation in the mirror of one definition yields exactly one
// parity/keyword finding per keyword it changes there. Without this, a clean pair could be clean only
// because nothing was compared.
func TestSyntheticParityPairIsCompared(t *testing.T) {
	for _, tc := range []struct {
		name     string
		edit     func(props map[string]any) // changes the mirror's Item0003 properties
		pointers []string                   // of the expected findings, relative to Item0003, sorted
	}{
		{"nullable dropped", func(p map[string]any) { delete(synthProp(p, "name"), "nullable") }, []string{"/properties/name/type"}},
		{"exclusive bound made inclusive", func(p map[string]any) { synthProp(p, "count")["exclusiveMinimum"] = false }, []string{"/properties/count/exclusiveMinimum", "/properties/count/minimum"}},
		{"enum value changed", func(p map[string]any) { synthProp(p, "status")["enum"] = []any{"pending", "archived", "deleted"} }, []string{"/properties/status/enum"}},
		{"ref retargeted", func(p map[string]any) { synthProp(p, "parent")["$ref"] = "#/components/schemas/Item0001" }, []string{"/properties/parent/$ref"}},
		{"bound changed", func(p map[string]any) { synthProp(p, "tags")["maxItems"] = 17 }, []string{"/properties/tags/maxItems"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			canonical, mirror, err := SyntheticParityPair(t.TempDir(), 6)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(mirror)
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			item := doc["components"].(map[string]any)["schemas"].(map[string]any)["Item0003"].(map[string]any)
			tc.edit(item["properties"].(map[string]any))
			if err := writeParityJSON(mirror, doc); err != nil {
				t.Fatal(err)
			}
			findings, err := runParity(canonical, mirror)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range findings {
				got = append(got, f.Rule+" "+f.Definition+f.Pointer)
				if len(f.Locations) != 2 || f.Severity != report.SeverityError {
					t.Errorf("%s %s%s: %d locations, severity %v; want 2 (one per document), error", f.Rule, f.Definition, f.Pointer, len(f.Locations), f.Severity)
				}
			}
			sort.Strings(got)
			var want []string
			for _, p := range tc.pointers {
				want = append(want, "parity/keyword Item0003"+p)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func synthProp(props map[string]any, name string) map[string]any { return props[name].(map[string]any) }
