// Package docs finds documentation drift: relative links in Markdown whose
// target file or #anchor no longer exists (docs/broken-link), and paths to
// documentation files cited in source-code comments that no longer resolve
// (docs/broken-ref).
//
// The Markdown scanner honours fenced and indented code blocks, inline code
// spans, HTML comments and front matter, so a link shown as an example is not a
// link. Each documentation generator's reading of links and headings is one
// row of the flavors table (generators.go), adjusted by the site's own
// configuration; a page no site serves is read as GitHub renders it (see
// Slugger). What a site builds at render time is docs/unverified, not broken. Comments are found by
// a small lexer per language (Go, Python, TypeScript/JavaScript, Rust, Dart,
// Swift, shell, YAML) that skips string literals, so a path in a string is not a
// citation. External URLs are never fetched.
//
// Entry point: Check(root, Options) walks root (the files git does not ignore,
// or every file when git or the repository is absent) and returns findings
// located at the citing file:line:col, with the closest existing path or
// heading suggested when the target is a near miss.
package docs
