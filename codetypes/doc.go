// Package codetypes is the model of the types a client or server declares in
// its own language — Go structs, TypeScript declarations, Python models, Rust
// serde types — as they travel on the wire: each declaration's fields under
// their wire names, whether each may be absent or null, and a type expression
// from a closed set (Prim, Named, Array, Tuple, Map, Nullable, Literals, Any,
// Union, Inline, Param, Unknown). The readers live one folder per language
// (codetypes/golang, codetypes/typescript, codetypes/python, codetypes/rust)
// and codetypes/read picks one for a path. The package knows nothing of
// schemas or findings: rules/types compares this model with the schema.
package codetypes
