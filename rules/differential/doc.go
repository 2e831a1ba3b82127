// Package differential proves drift with payloads: for every definition the
// canonical document and its mirror both define, it generates probe payloads
// — samples, examples, enum and const values, values just inside and just
// outside every bound, an unknown extra property, null, duplicate items, keys
// that break propertyNames, one instance per union branch, golden fixtures —
// validates each against both documents, and reports the smallest payload the
// two disagree on.
//
// Rules:
//
//   - differential/disagreement (error): one document accepts a payload the
//     other rejects. The finding carries the payload, which side accepts it,
//     and the rejecting keyword's position.
//   - differential/unchecked (warning): a definition, or part of one, could not
//     be compared: it does not compile (a reference that does not resolve), a
//     pattern is not valid ECMA-262 in u mode (payloads reaching it have no
//     known verdict), or the definition ran out of its time budget.
//
// A definition pair whose compiled schemas are equal keyword for keyword
// (annotations aside) cannot disagree and is not probed. Each difference is
// reported at the definition that owns it: probes do not reach inside another
// paired definition, which is checked on its own.
package differential
