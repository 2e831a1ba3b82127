// Package compat reports breaking changes between two revisions of an API
// contract, decided by one law over the keyword catalogue: a change narrows
// or widens the set of instances a schema accepts (or both: incomparable;
// or it depends on the validator: unknown; or nothing: none). Narrowing what
// the server reads (request bodies, parameters) breaks clients that send it;
// widening what it writes (responses) breaks clients that read it; an
// incomparable change breaks either. readOnly cancels the request side and
// writeOnly the response side. Standalone JSON Schema definitions, and
// OpenAPI components no operation reaches, are judged on a configured role
// (default: both sides, an event or message contract).
//
// Every catalogue keyword has a Kind (effect.go) saying how its change moves
// the accepted set; a test changes each keyword both ways and requires that
// effect. Equivalent spellings the reducer normalises (nullable and a null
// type, const and a one-member enum, an allOf of one $ref, a schema moved
// into a definition, oneOf and anyOf of disjoint branches) compare equal.
//
// Every error carries a witness payload built from the changed keyword
// (a string of the base's maxLength, the removed enum member, the object
// without the newly required name...) and validated against both revisions:
// accepted by the base and refused by head for a narrowed request, the
// reverse for a widened response. When none validates so, the finding says
// why.
//
// Rules:
//
//   - compat/request-narrowed (error), compat/response-widened (error),
//     compat/incomparable (error), compat/unknown-effect (warning),
//     compat/compatible-change (info): a schema change, by the law.
//   - compat/removed-operation, compat/removed-success-response,
//     compat/new-required-parameter, compat/parameter-moved,
//     compat/removed-definition, compat/removed-media-type,
//     compat/security-added (error): the API surface.
package compat
