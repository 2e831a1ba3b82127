package docs

import (
	"reflect"
	"testing"
)

// TestExpandLanguages pins how a Hugo sites matrix's language patterns
// meet the declared languages: plain names as written, globs and "! x"
// exclusions matched, nothing matching meaning no language.
func TestExpandLanguages(t *testing.T) {
	declared := []string{"en", "es", "fr", "ro"}
	for _, tc := range []struct {
		patterns, want []string
	}{
		{nil, nil},
		{[]string{"ro"}, []string{"ro"}},
		{[]string{"**"}, []string{"en", "es", "fr", "ro"}},
		{[]string{"! en"}, []string{"es", "fr", "ro"}},
		{[]string{"**", "! e*"}, []string{"fr", "ro"}},
		{[]string{"d?"}, []string{}},
	} {
		if got := expandLanguages(tc.patterns, declared); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("expandLanguages(%q) = %q, want %q", tc.patterns, got, tc.want)
		}
	}
}
