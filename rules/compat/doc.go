// Package compat reports breaking changes between two revisions of an API
// contract, decided by one law over the keyword catalogue: a change narrows
// or widens the set of instances a schema accepts (or both: incomparable;
// or it depends on the validator: unknown; or nothing: none). Narrowing what
// the server reads (request bodies, parameters) breaks clients that send it;
// widening what it writes (responses) breaks clients that read it; an
// incomparable change breaks either. readOnly cancels the request side and
// writeOnly the response side; a subtype of a polymorphic parent (allOf with
// a discriminator, a discriminator mapping) is used on its parent's sides.
// Standalone JSON Schema definitions (a file whose root is a schema is one,
// named by its stem) are judged on a configured role (default: both sides,
// an event or message contract); OpenAPI components no operation reaches are
// counted in one info unless the configuration names them.
//
// Every catalogue keyword has a Kind (effect.go) saying how its change moves
// the accepted set; a test changes each keyword both ways and requires that
// effect. Pairs are compared through reduce's normalisation, as parity
// compares them (nullable and a null type, a one-branch union, allOf and
// $ref siblings merged when exact, a type a union of that type implies), so
// a refactor between these spellings reports nothing; a pattern change is
// decided by the languages the two patterns accept (pattern.go).
//
// An error needs a witness: a payload built from the changed keyword (a
// string of the base's maxLength, the removed enum member, the object without
// the newly required name, the shortest string only one pattern accepts...)
// and validated against both revisions: accepted by the base and refused by
// head for a narrowed request, the reverse for a widened response. A
// component an operation reaches is judged where clients meet it: the
// payload, placed where the component sits in an operation's request or
// response schema (usesite.go), must still separate the revisions there.
// Without one the finding is compat/unproven, a warning that says which
// search failed. Changes of the API surface carry their own proof (the
// request the base served); security requirements compare alternative by
// alternative, with their OAuth scopes (security.go).
//
// Rules:
//
//   - compat/request-narrowed (error), compat/response-widened (error),
//     compat/incomparable (error), compat/unknown-effect (warning),
//     compat/unproven (warning), compat/compatible-change (info): a schema
//     change, by the law; compat/unreached-components (info): the changed
//     components no operation reaches, counted.
//   - compat/removed-operation, compat/removed-success-response,
//     compat/new-required-parameter, compat/parameter-moved,
//     compat/removed-definition, compat/removed-media-type,
//     compat/security-added (error): the API surface.
package compat
