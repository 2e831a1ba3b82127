package validate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// suiteDir is the copy of the JSON-Schema-Test-Suite in the repository.
const suiteDir = "../../testdata/json-schema-test-suite"

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// TestSuite runs the JSON-Schema-Test-Suite's required draft-07 and 2020-12
// tests through the validation layer: translation, the ECMA-262 pattern
// engine, the offline loader. Every case must pass.
func TestSuite(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ws := reduce.NewWorkspace(root)
	remotes, _ := filepath.Abs(filepath.Join(suiteDir, "remotes"))
	opts := Options{Mirrors: map[string]string{"http://localhost:1234/": remotes}}
	for _, draft := range []struct {
		dir     string
		dialect reduce.Dialect
	}{{"draft7", reduce.Draft07}, {"draft2020-12", reduce.Draft202012}} {
		files, err := filepath.Glob(filepath.Join(suiteDir, "tests", draft.dir, "*.json"))
		if err != nil || len(files) < 30 {
			t.Fatalf("%s: found %d test files, want the whole suite (%v)", draft.dir, len(files), err)
		}
		total := 0
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var groups []suiteGroup
			if err := json.Unmarshal(data, &groups); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for gi, g := range groups {
				name := draft.dir + "/" + strings.TrimSuffix(filepath.Base(file), ".json") + "/" + g.Description
				sv, err := decodeJSON(g.Schema)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				url := "http://testsuite.invalid/" + draft.dir + "/" + filepath.Base(file) + "/" + strconv.Itoa(gi) + "/schema.json"
				set, err := CompileValue(ws, url, sv, draft.dialect, opts)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				sch, err := set.Schema("")
				if err != nil {
					t.Errorf("%s: compile: %v", name, err)
					continue
				}
				for _, tc := range g.Tests {
					total++
					inst, err := decodeJSON(tc.Data)
					if err != nil {
						t.Fatalf("%s / %s: %v", name, tc.Description, err)
					}
					res := sch.Validate(inst)
					if res.Err != nil {
						t.Errorf("%s / %s: %v", name, tc.Description, res.Err)
					} else if res.Valid != tc.Valid {
						t.Errorf("%s / %s: valid = %v, want %v (data %s)", name, tc.Description, res.Valid, tc.Valid, bytes.TrimSpace(tc.Data))
					}
				}
			}
		}
		t.Logf("%s: %d cases", draft.dir, total)
	}
}
