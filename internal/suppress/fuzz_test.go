package suppress

import (
	"strings"
	"testing"
)

// FuzzParseBaseline pins that no baseline file panics the reader, and that
// every error names the file.
func FuzzParseBaseline(f *testing.F) {
	f.Add([]byte(`{"version": 1, "findings": [{"rule": "parity/keyword", "fingerprint": "0123456789abcdef"}]}`))
	f.Add([]byte(`{"version": 1, "findings": [,]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBaseline(data, "b.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "b.json") {
				t.Errorf("error does not name the file: %q", err)
			}
			return
		}
		b.Filter(nil)
	})
}
