// Package lazyre compiles regular expressions on first use instead of at
// start-up. wirelint links every family into one binary, and Go compiles a
// package-level regexp.MustCompile before main whichever command runs: the
// documentation, description, route and init expressions cost every run
// about 1.5 ms (GODEBUG=inittrace=1), an eighth of `wirelint version`.
//
// Every expression given to New is registered, so one test can compile them
// all (cmd/wirelint's TestRegexpsCompile): a typo fails that test rather
// than the first run that reaches the expression.
package lazyre

import (
	"regexp"
	"sync"
)

var (
	mu          sync.Mutex
	expressions []string
)

// New returns a function that compiles expr (regexp syntax) on its first
// call and returns that one *regexp.Regexp on every call, from any
// goroutine. It panics, as regexp.MustCompile does, when expr does not
// compile.
func New(expr string) func() *regexp.Regexp {
	mu.Lock()
	expressions = append(expressions, expr)
	mu.Unlock()
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// Expressions returns every expression New has been given, in the order it
// was given them.
func Expressions() []string {
	mu.Lock()
	defer mu.Unlock()
	return append([]string(nil), expressions...)
}
