package config

import (
	"strings"
	"testing"
)

// FuzzParse pins that no configuration text panics the parser, and that
// every problem is one line naming the file.
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
		if err == nil {
			return
		}
		for _, line := range strings.Split(err.Error(), "\n") {
			if !strings.HasPrefix(line, ".wirelint.yaml") {
				t.Errorf("problem does not name the file: %q", line)
			}
		}
	})
}
