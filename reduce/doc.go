// Package reduce turns JSON Schema and OpenAPI documents into one
// position-carrying tree (JSON and YAML alike) and projects every schema onto a
// normalised set of keywords, so two dialects' spellings of the same contract
// compare equal. It knows nothing of rules or findings.
//
// The tree is the YAML node tree libopenapi parses into (github.com/pb33f/go-yaml):
// every key and value keeps its 1-based line and column, for JSON input too.
// Documents are projected from their own nodes, never from a built model, so what
// is compared is what the author wrote.
package reduce
