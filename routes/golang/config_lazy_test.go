package golang

import (
	"testing"
)

// TestConfigParsedOnNeed pins that a config file is parsed only when its
// text may hold the key looked up: one naming only other keys stays text,
// one naming the key in another case, or holding an escape that could
// spell it, is parsed and read.
func TestConfigParsedOnNeed(t *testing.T) {
	keys := []string{"http", "prefix"}
	for _, tc := range []struct {
		src    string
		parsed bool
		value  string
	}{
		{"ci:\n  image: golang\n", false, ""},
		{"HTTP:\n  Prefix: /api\n", true, "/api"},
		{"http:\n  \"pre\\x66ix\": /esc\n", true, "/esc"},
		{"http:\n  prefix: /é\n", true, "/é"},
	} {
		cf := yamlText("c.yaml", []byte(tc.src), func() ([]byte, error) { return []byte(tc.src), nil })
		may := cf.mayDefine(keys)
		if may != tc.parsed || (cf.yaml != nil) != tc.parsed {
			t.Errorf("%q: mayDefine = %v, parsed = %v; want %v", tc.src, may, cf.yaml != nil, tc.parsed)
			continue
		}
		if d, ok := cf.lookup(keys); ok != (tc.value != "") || d.value != tc.value {
			t.Errorf("%q: lookup = %q, %v; want %q", tc.src, d.value, ok, tc.value)
		}
	}
}
