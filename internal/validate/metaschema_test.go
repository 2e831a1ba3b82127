package validate

import "testing"

// The meta-schemas the validator holds are built in, by http or https, with
// or without an empty fragment; a pointer into one is found or not; any
// other URL, a draft the library does not hold or another host, is not.
func TestBuiltIn(t *testing.T) {
	for _, c := range []struct {
		uri            string
		builtIn, found bool
	}{
		{"http://json-schema.org/draft-07/schema#", true, true},
		{"http://json-schema.org/draft-07/schema", true, true},
		{"https://json-schema.org/draft-07/schema#", true, true},
		{"http://json-schema.org/draft-04/schema#", true, true},
		{"http://json-schema.org/draft-06/schema#", true, true},
		{"https://json-schema.org/draft/2019-09/schema", true, true},
		{"https://json-schema.org/draft/2020-12/schema", true, true},
		{"https://json-schema.org/draft/2020-12/meta/applicator", true, true},
		{"http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger", true, true},
		{"http://json-schema.org/draft-07/schema#/definitions/nope", true, false},
		{"https://json-schema.org/draft/2020-12/schema#/$defs/nope", true, false},
		{"http://json-schema.org/draft-03/schema#", false, false},
		{"https://json-schema.org/draft/2020-12/meta/nope", false, false},
		{"https://example.com/draft-07/schema", false, false},
		{"urn:x:draft-07", false, false},
	} {
		builtIn, found := BuiltIn(c.uri)
		if builtIn != c.builtIn || found != c.found {
			t.Errorf("%s: built in %v, found %v; want %v, %v", c.uri, builtIn, found, c.builtIn, c.found)
		}
	}
}
