package validate

import "github.com/santhosh-tekuri/jsonschema/v6"

// A URL wirelint never fetches becomes, with Options.Unfetched, a schema
// holding only unfetchedKeyword: it compiles, so the rest of the file does,
// and validating an instance against it panics with unfetched, which Judge,
// Valid and Validate turn into an unknown verdict, as they do for a refused
// pattern.

// unfetchedKeyword is the placeholder's one keyword; U+FDD0 is a
// noncharacter no author writes.
const unfetchedKeyword = "\uFDD0wirelint-unfetched"

// UnfetchedError is the verdict of a payload whose validation reached a
// schema at a URL wirelint never fetches.
type UnfetchedError struct {
	// URL is the schema's.
	URL string
}

func (e *UnfetchedError) Error() string {
	return "validation reaches " + e.URL + ", which wirelint never fetches"
}

type unfetched struct{ err *UnfetchedError }

var unfetchedVocabulary = &jsonschema.Vocabulary{
	URL: "https://wirelint.invalid/vocab/unfetched",
	Compile: func(_ *jsonschema.CompilerContext, obj map[string]any) (jsonschema.SchemaExt, error) {
		u, ok := obj[unfetchedKeyword].(string)
		if !ok {
			return nil, nil
		}
		return unfetchedExt{&UnfetchedError{URL: u}}, nil
	},
}

type unfetchedExt struct{ err *UnfetchedError }

func (x unfetchedExt) Validate(*jsonschema.ValidatorContext, any) { panic(unfetched(x)) }
