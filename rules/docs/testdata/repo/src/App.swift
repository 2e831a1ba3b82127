// Swift, see docs/design.md#usage.
let raw = #"// "docs/missing-in-raw.md"#
let multi = """
// docs/missing-in-multiline.md
"""
/* docs/swift-missing.md */
