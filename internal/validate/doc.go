// Package validate compiles the schemas of a loaded document with
// github.com/santhosh-tekuri/jsonschema/v6 and validates payloads against them.
//
// Patterns mean what their ECMA-262 authors wrote. One that Go's regexp can
// spell (internal/ecmaregex.Translate) runs there, in time linear in the
// input; lookaround, backreferences and the few others run in a backtracking
// ECMA-262 engine (github.com/dlclark/regexp2 in ECMAScript mode) under the
// match timeout, whose expiry leaves the verdict unknown. OpenAPI 3.0 and Swagger 2.0 schemas are first translated to the JSON
// Schema draft-07 meaning their dialect gives them: `nullable: true` adds "null"
// to an explicit `type`, boolean `exclusiveMinimum`/`exclusiveMaximum` become
// numeric bounds, keywords beside a `$ref` are dropped, and `type: file` accepts
// anything. References to other files are read from disk through a
// reduce.Workspace: never from the network, never from outside its root.
//
// Failures carry the instance pointer and the schema keyword's document and
// pointer, so callers can show positions in the payload and in the schema.
package validate
