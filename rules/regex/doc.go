// Package regex checks that the regular expressions of a contract — every
// pattern, patternProperties key and propertyNames pattern — mean the same to
// every client. JSON Schema patterns are ECMA-262 regular expressions read
// with the u flag; the clients are Go, Rust and Python. Three rules:
//
//   - regex/invalid: not a valid ECMA-262 pattern in u mode.
//   - regex/non-portable: valid, but a target dialect cannot compile it and no
//     mechanical translation exists (lookaround, backreferences, Go's repeat
//     counts above 1000).
//   - regex/divergent: every target compiles it, but some match differently
//     (\s, ., \d and \w in Rust and Python, $ in Python).
//
// Spellings that translate mechanically (\uHHHH, \/, (?<name>…), \p{Letter})
// are not findings; internal/ecmaregex.Translate spells them for a dialect.
package regex
