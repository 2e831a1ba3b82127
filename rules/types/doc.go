// Package types is the rule family that checks the types a client or server
// declares — Go structs, TypeScript declarations, Python models, Rust serde
// types, read into codetypes — against the JSON Schema or OpenAPI
// definitions they mirror: each paired type is projected onto the keywords
// the schema is reduced to (property names, required, nullable, enum, type
// and format, items, additional properties, $ref targets) and every
// difference is reported at the schema's keyword and at the field.
package types
