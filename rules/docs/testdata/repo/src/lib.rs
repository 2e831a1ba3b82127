/// Frames, see docs/wire/frame_wire.md#folding.
fn f<'a>(s: &'a str) -> &'a str { s } // after a lifetime: docs/rust-missing.md
const RAW: &str = r#"// "docs/missing-in-raw.md"#;
/* outer /* nested docs/nested-missing.md */ still a comment: docs/design.md */
