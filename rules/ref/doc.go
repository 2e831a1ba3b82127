// Package ref checks $ref resolution across files (ref/*).
//
// Every $ref reachable from the documents under check is resolved in both ways
// a consumer may: (a) relative to the referring file on disk, as bundlers and
// OpenAPI tools with a base path do, and (b) against the base URI the nearest
// enclosing $id sets, with every local document registered under its $id, as a
// JSON Schema 2020-12 implementation, a schema registry or a code generator
// does (see internal/idref). Fragments are JSON pointers (with ~0, ~1 and
// percent-encoding) or $anchor names. References in the non-schema places of
// OpenAPI documents (parameters, responses, path items, examples...) count too.
//
// Rules:
//   - ref/unresolved: the reference resolves neither way, or starts a loop of
//     objects holding nothing but $refs, which never reaches a schema.
//   - ref/id-mismatch: it resolves one way only, or the two ways reach
//     different nodes; the message says which $id to change and how.
//   - ref/remote: an http(s) reference; never fetched unless configuration
//     maps its URL prefix to a local folder. A reference to a JSON Schema
//     meta-schema (draft-04 to 2020-12 and their vocabularies, at
//     json-schema.org) is not remote: validators hold those built in, the
//     one wirelint uses included, and a pointer into one that finds nothing
//     there is ref/unresolved.
//   - ref/outside-root: a reference leaving the project directory; never read.
//   - ref/duplicate-id: two schemas among the documents the run reached
//     declare one $id; one finding per pair of files, however many $ids they
//     share (a vendored copy keeping the upstream $ids is one cause).
//
// Only what is reachable is resolved and reported: a document reached through
// a reference contributes only the subtree the reference reaches. Recursive
// schemas are legal and silent: each subtree is scanned once, never followed
// recursively.
//
// Where the issue left room, this package decides: a $ref inside x-
// extensions and OpenAPI `example` values counts (bundlers resolve them; the
// DigitalOcean spec relies on it), one inside enum, const, default or a
// schema's examples array does not; a member "$ref" of a name map (properties,
// $defs...) is a reference when its value is a string and a name when it is an
// object; a file holding a piece of a document (a path item, a response) is
// read as a fragment in the referrer's dialect; an absolute http(s) or urn:
// reference that some local document declares as its $id resolves silently;
// an http(s) reference whose URL the referrer's own $id places at a file of
// the project (the referrer at schemas/2015-01-01/x.json declaring
// https://host/schemas/2015-01-01/x.json puts https://host/schemas/common/y.json
// at schemas/common/y.json) resolves to that file when it declares the URL,
// before any other document's claim but the referrer's own — the project
// publishes it there, as Azure's resource manager schemas do — and stays
// ref/remote when it declares another $id or is absent;
// in draft-07 and earlier a $ref's sibling $id does not move its base; when
// several documents declare one $id, a reference resolves to the claim in its
// own document, else in the folder nearest its own (the referrer's folder is
// searched first), so a vendored copy resolves within itself; two ways that
// reach equal content (a copy) are not a mismatch; a reference inside a
// schema embedded with its own $id (draft-04 id) is relative to that schema
// on disk as under $id, as JSON Schema reads it: a fragment-only one ("#",
// "#/definitions/x", "#name") names a place in that schema, not in the file's
// root (a bundle's "#" inside an embedded meta-schema is that meta-schema), a
// path follows relative embedded $ids from the file's folder, and under an
// absolute embedded $id reaches the resource of that URI the document itself
// embeds, else is read from the file's folder as at the root (and a fragment
// the embedded schema lacks but the file's root holds is read from the root,
// as file tools do: ref/id-mismatch then, since $id reaches nothing); a $ref
// that is a bare name ("EntityMeta", "common#relation": no folder, no
// extension) reaching a schema that declares it as its $id is silent, as an
// absolute $id URL without a file is.
//
// Entry points: Check for the rules. The resolver itself is
// internal/idref.Resolver, shared with parity, diffcheck and compat, whose
// Resolve gives the one node a reference reaches (on disk first, then by $id).
package ref
