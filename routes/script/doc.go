// Package script is the tokenizer and small interpreter route extraction
// runs Python and JavaScript/TypeScript source with: Interp evaluates
// expressions (Expr, parsed by Parser from Tokens) to a Value, a closed set
// of named types (Str, List, Dict, Router, *Func, *Ext, *Module, *Class,
// Dynamic, *Static, *RouteDef; nil is unknown), and calls back into the
// language through its hooks (Tokenize, Scan, FrameCall, ExtCall, Require,
// Submodule). It never runs the program: only what folds statically is
// known.
package script
