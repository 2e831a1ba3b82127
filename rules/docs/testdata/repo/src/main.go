// Package main shows the comment forms docs/broken-ref reads.
package main

import "fmt"

// Fold follows docs/frame_wire.md, which has moved.
// The rule itself is in docs/wire/frame_wire.md#folding (this one resolves).
func Fold() {
	/* A block comment with a renamed heading: docs/wire/frame_wire.md#fold. */
	fmt.Println("a string literal is not a comment: // docs/missing-in-string.md")
	fmt.Println(`a raw string is not one either: docs/missing-in-raw.md // docs/also-not.md`)
	_ = '"' // a rune literal with a quote; then a path: docs/design.md#usage
	// A URL is not a repository path: https://example.com/docs/missing.md
	// A path relative to this file: ../docs/design.md#setext-heading
}
