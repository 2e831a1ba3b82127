package config

import (
	"strings"
	"testing"
)

// FuzzParse pins that no configuration text panics the parser, and that
// every error is one line naming the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(full))
	f.Add([]byte("parity:\n  - canonical: [\n"))
	f.Add([]byte("rules:\n  '*': off\nignore:\n  - rule: a/*\n    reason: r\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("refs: {map: {'https://x/': {}}}\n"))
	f.Add([]byte("parity:\n  - renames: {\"a\\nb\": x, \"a\\nb\": y}\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse(data, ".wirelint.yaml", dir)
		if err != nil && (!strings.HasPrefix(err.Error(), ".wirelint.yaml") || strings.Contains(err.Error(), "\n")) {
			t.Errorf("error is not one line naming the file: %q", err)
		}
	})
}
