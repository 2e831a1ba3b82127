package reduce

import (
	"errors"
	"strings"
	"testing"
)

// TestReadingBudgets: a .json document is held to the node and enum budgets
// while its bytes are scanned, before a tree exists, and counts nodes as the
// tree does (every value and every member name), so a budget of exactly the
// count passes and one less fails naming the budget, its flag and its key. A
// YAML document is held to the same budgets once parsed.
func TestReadingBudgets(t *testing.T) {
	for _, tc := range []struct {
		file, text string
		nodes      int // as the tree counts them
		enum       int // members of the longest enum
	}{
		{"a.json", `{"type": "string"}`, 3, 0},
		{"b.json", `{"$defs": {"A": {"enum": [1, 2, 3]}, "B": {"items": [true, {}]}}}`, 16, 3},
		{"c.json", `[{"enum": []}, "enum", {"x": {"enum": ["a", {"enum": [1, 2]}]}}]`, 16, 2},
		{"d.yaml", "type: object\nproperties:\n  e:\n    enum: [a, b, c, d]\n", 13, 4},
	} {
		doc, err := parseTree([]byte(tc.text), tc.file, treeBudgets{})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if _, err := checkTree(tc.file, doc.Root, tc.nodes, 0); err != nil {
			t.Errorf("%s: the tree has more than %d nodes: %v", tc.file, tc.nodes, err)
		}
		if strings.HasSuffix(tc.file, ".json") {
			// the scan alone finds it, before any tree
			if r := scanJSONBudgets([]byte(tc.text), jsonBudgets{depth: 100, nodes: tc.nodes - 1}); r.tooMany < 0 {
				t.Errorf("%s: the scan missed %d nodes past a budget of %d", tc.file, tc.nodes, tc.nodes-1)
			}
			if r := scanJSONBudgets([]byte(tc.text), jsonBudgets{depth: 100, enum: tc.enum - 1}); tc.enum > 0 && r.bigEnum < 0 {
				t.Errorf("%s: the scan missed an enum of %d past a budget of %d", tc.file, tc.enum, tc.enum-1)
			}
			if r := scanJSONBudgets([]byte(tc.text), jsonBudgets{depth: 100, nodes: tc.nodes, enum: max(tc.enum, 1)}); !r.ok {
				t.Errorf("%s: the scan refused it within its budgets: %+v", tc.file, r)
			}
		}
		if _, err := parseTree([]byte(tc.text), tc.file, treeBudgets{nodes: tc.nodes}); err != nil {
			t.Errorf("%s: a budget of exactly %d nodes fails: %v", tc.file, tc.nodes, err)
		}
		_, err = parseTree([]byte(tc.text), tc.file, treeBudgets{nodes: tc.nodes - 1})
		var le *LoadError
		if !errors.As(err, &le) || !strings.Contains(le.Msg, "over the nodes-per-document budget (raise it with --max-nodes or limits.max-nodes)") {
			t.Errorf("%s: a budget of %d nodes: got %v, want the nodes budget named", tc.file, tc.nodes-1, err)
		}
		if tc.enum == 0 {
			continue
		}
		if _, err := parseTree([]byte(tc.text), tc.file, treeBudgets{enum: tc.enum}); err != nil {
			t.Errorf("%s: an enum budget of exactly %d fails: %v", tc.file, tc.enum, err)
		}
		_, err = parseTree([]byte(tc.text), tc.file, treeBudgets{enum: tc.enum - 1})
		if !errors.As(err, &le) || !strings.Contains(le.Msg, "an enum of more than") || !strings.Contains(le.Msg, "(raise it with --max-enum or limits.max-enum)") || le.Line != 1 && !strings.HasSuffix(tc.file, ".yaml") {
			t.Errorf("%s: an enum budget of %d: got %v, want the enum budget named", tc.file, tc.enum-1, err)
		}
	}
}
