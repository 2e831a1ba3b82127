package regex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

type jstsGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string `json:"description"`
		Data        any    `json:"data"`
		Valid       bool   `json:"valid"`
	} `json:"tests"`
}

func readJSTS(t *testing.T, name string) []jstsGroup {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata/jsts", name))
	if err != nil {
		t.Fatal(err)
	}
	var gs []jstsGroup
	if err := json.Unmarshal(b, &gs); err != nil {
		t.Fatal(err)
	}
	return gs
}

// TestJSTSFormatRegex pins ECMA-262 validity to the JSON-Schema-Test-Suite's
// format "regex" cases: a string is valid exactly when the u-mode parser
// accepts it.
func TestJSTSFormatRegex(t *testing.T) {
	n := 0
	for _, file := range []string{"format-regex.json", "format-ecmascript-regex.json"} {
		for _, g := range readJSTS(t, file) {
			for _, c := range g.Tests {
				s, ok := c.Data.(string)
				if !ok {
					continue // formats ignore non-strings
				}
				n++
				v := ecmaregex.JudgePattern(s, ecmaU)
				if v.Compiles != c.Valid {
					t.Errorf("%s: %s: %q valid=%v, want %v (%v)", file, c.Description, s, v.Compiles, c.Valid, v.Err)
				}
			}
		}
	}
	if n < 14 {
		t.Fatalf("only %d string cases read", n)
	}
}

// matcher evaluates the few keywords the suite's regex cases use, with one
// pattern compiler, so translated and verbatim patterns can be compared with
// the suite's ECMA-262 answers.
type matcher struct {
	t       *testing.T
	compile func(pattern string) (*regexp.Regexp, error)
}

func (m matcher) valid(schema any, data any) (bool, error) {
	switch s := schema.(type) {
	case bool:
		return s, nil
	case map[string]any:
		for k, v := range s {
			switch k {
			case "$schema", "additionalProperties", "patternProperties":
			case "type":
				switch v {
				case "string":
					if _, ok := data.(string); !ok {
						return false, nil
					}
				case "integer":
					f, ok := data.(float64)
					if !ok || f != float64(int64(f)) {
						return false, nil
					}
				case "object":
					if _, ok := data.(map[string]any); !ok {
						return false, nil
					}
				default:
					m.t.Fatalf("type %v not handled", v)
				}
			case "pattern":
				str, ok := data.(string)
				if !ok {
					continue
				}
				re, err := m.compile(v.(string))
				if err != nil {
					return false, err
				}
				if !re.MatchString(str) {
					return false, nil
				}
			default:
				m.t.Fatalf("keyword %s not handled", k)
			}
		}
		obj, ok := data.(map[string]any)
		if !ok {
			return true, nil
		}
		pp, _ := s["patternProperties"].(map[string]any)
		for key, val := range obj {
			matched := false
			for pat, sub := range pp {
				re, err := m.compile(pat)
				if err != nil {
					return false, err
				}
				if re.MatchString(key) {
					matched = true
					ok, err := m.valid(sub, val)
					if err != nil || !ok {
						return ok, err
					}
				}
			}
			if !matched && s["additionalProperties"] == false {
				return false, nil
			}
		}
		return true, nil
	}
	m.t.Fatalf("schema %T not handled", schema)
	return false, nil
}

func patternsOf(schema any) []string {
	s, _ := schema.(map[string]any)
	var out []string
	if p, ok := s["pattern"].(string); ok {
		out = append(out, p)
	}
	pp, _ := s["patternProperties"].(map[string]any)
	for p := range pp {
		out = append(out, p)
	}
	return out
}

// TestJSTSMatching runs the suite's ECMA-262 matching cases through Go's
// regexp twice. The Go translation must give the suite's answer on every
// case; the verbatim pattern may differ only where the go verdict names a
// construct as divergent or translated.
func TestJSTSMatching(t *testing.T) {
	translate := func(p string) (*regexp.Regexp, error) {
		tree, err := ecmaregex.Parse(p, ecmaregex.Unicode)
		if err != nil {
			return nil, err
		}
		s, err := ecmaregex.Translate(tree, goDialect)
		if err != nil {
			return nil, err
		}
		return regexp.Compile(s)
	}
	cases := 0
	for _, file := range []string{"ecmascript-regex.json", "non-bmp-regex.json"} {
		for _, g := range readJSTS(t, file) {
			var schema any
			if err := json.Unmarshal(g.Schema, &schema); err != nil {
				t.Fatal(err)
			}
			flagged := false
			for _, p := range patternsOf(schema) {
				v := ecmaregex.JudgePattern(p, goDialect)
				if v.Err != nil {
					t.Fatalf("%s: %s: %q is valid ECMA-262 but the parser says %v", file, g.Description, p, v.Err)
				}
				flagged = flagged || len(v.Issues) > 0
			}
			for _, c := range g.Tests {
				cases++
				got, err := matcher{t, translate}.valid(schema, c.Data)
				if err != nil {
					t.Errorf("%s: %s: translation: %v", file, g.Description, err)
					continue
				}
				if got != c.Valid {
					t.Errorf("%s: %s / %s: translated pattern gives %v, want %v", file, g.Description, c.Description, got, c.Valid)
				}
				verbatim, err := matcher{t, regexp.Compile}.valid(schema, c.Data)
				if (err != nil || verbatim != c.Valid) && !flagged {
					t.Errorf("%s: %s / %s: Go reads the pattern verbatim differently (%v, %v) but no construct is flagged", file, g.Description, c.Description, verbatim, err)
				}
			}
		}
	}
	if cases < 60 {
		t.Fatalf("only %d cases ran", cases)
	}
}
