package oasconv

import (
	"encoding/json"
	"strings"
	"testing"
)

// Any input either converts to valid JSON or fails with one line naming the
// file; it never panics.
func FuzzConvert(f *testing.F) {
	for _, tc := range convertCases {
		f.Add([]byte(tc.spec))
	}
	f.Add([]byte("openapi: 3.0.0\ncomponents: {schemas: {A: &a {items: [*a]}}}\n"))
	f.Add([]byte(`{"swagger": "2.0", "definitions": {"A": {"items": [{"$ref": 1}], "additionalItems": false}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _, err := Convert(data, "in.json")
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "in.json") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q: want one line starting with the file name", msg)
			}
			return
		}
		if !json.Valid(out) {
			t.Fatalf("output is not valid JSON:\n%s", out)
		}
	})
}
