// Package ecmaregex parses ECMA-262 regular expressions — the language JSON
// Schema's pattern and patternProperties are written in — into an AST whose
// nodes carry byte spans, prints ASTs back as ECMA-262 or as Go (RE2), Rust
// (regex 1.x) or Python (re) syntax, and judges each construct against
// versioned dialect tables: supported, compiles but matches differently,
// rejected as written but translated mechanically, or rejected. The Rust and
// Python tables are checked against the engines themselves: testdata/engines
// holds their recorded verdicts on every valid corpus pattern and the script
// that records them.
//
// Two modes are parsed: Unicode (the u flag, which JSON Schema asks for) and
// Legacy (no flag, with the web-compatibility grammar of ECMA-262 Annex B).
// The grammar followed is ES2025: named groups, lookbehind, \p{…}, \u{…} and
// modifier groups (?i:…).
package ecmaregex
