// Package golang extracts the routes a Go server registers (net/http
// ServeMux, chi, gin, echo, Fiber, gorilla/mux) without building or running
// it: it parses every file with go/parser, follows calls between the module's
// packages, and folds constants, pure helpers, path.Join, url.JoinPath,
// fmt.Sprintf and + on strings. A path it cannot fold is a
// routes.Unresolved naming the expression and why.
package golang
