// Package cursor is the token cursor the TypeScript and Python readers
// share: both read tokens of routes/script's tokenizer.
package cursor

import (
	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/routes/script"
)

// Cursor walks a file's tokens.
type Cursor struct {
	// Toks are the file's tokens; I is the index of the current one.
	Toks []script.Token
	I    int
	// File names the file in positions.
	File string
}

// Tok returns the token k places from the cursor (EOF past either end).
func (c *Cursor) Tok(k int) script.Token {
	if c.I+k >= 0 && c.I+k < len(c.Toks) {
		return c.Toks[c.I+k]
	}
	return script.Token{Kind: script.TokEOF}
}

// Is reports whether the token k places from the cursor is the name or
// operator text.
func (c *Cursor) Is(k int, text string) bool {
	t := c.Tok(k)
	return (t.Kind == script.TokOp || t.Kind == script.TokName) && t.Text == text
}

// Closer returns the index of the bracket closing the one at the cursor, or
// the last token when it is unbalanced: every jump moves forward.
func (c *Cursor) Closer() int {
	if m := c.Tok(0).Match; m > c.I {
		return m
	}
	return len(c.Toks) - 1
}

// Pos returns where t is written.
func (c *Cursor) Pos(t script.Token) codetypes.Pos {
	return codetypes.Pos{File: c.File, Line: t.Line, Col: t.Col}
}
