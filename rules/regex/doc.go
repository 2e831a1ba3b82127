// Package regex checks that the regular expressions of a contract — every
// pattern, patternProperties key and propertyNames pattern — mean the same to
// every client. JSON Schema patterns are ECMA-262 regular expressions read
// with the u flag; the clients are Go, Rust and Python. Three rules:
//
//   - regex/invalid: not a valid ECMA-262 pattern in u mode.
//   - regex/non-portable: valid, but a target dialect cannot compile it as
//     written: lookaround, backreferences, Go's repeat counts above 1000, a
//     program over the Rust regex crate's size limit, and spellings an engine
//     rejects (\u in Go, \0 and [ inside a class in Rust, (?<name>…) and
//     \p{…} in Python's re, \/ in the regex crate before 1.8). The message
//     says whether a mechanical translation exists and which version rejects it.
//   - regex/divergent: every target compiles it, but some match differently
//     (\s, ., \d and \w in Rust and Python, $ in Python).
//
// internal/ecmaregex.Translate spells a pattern for one dialect; the Rust
// and Python tables are pinned to the engines' recorded verdicts
// (internal/ecmaregex/testdata/engines).
package regex
