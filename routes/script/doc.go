// Package script is the tokenizer and small interpreter route extraction
// runs Python and JavaScript/TypeScript source with: Interp evaluates
// expressions (Expr, parsed by Parser from Tokens) to strings, lists, dicts,
// routers and the named values of scripteval.go, and calls back into the
// language through its hooks (Tokenize, Scan, FrameCall, ExtCall, Require,
// Submodule). It never runs the program: only what folds statically is
// known.
package script
