// Package golang extracts the routes a Go server registers (net/http
// ServeMux, chi, gin, echo, Fiber, gorilla/mux, huma v2 over any of them)
// without building or running it: it parses every file with go/parser,
// follows calls between the module's packages, and folds constants, pure
// helpers, path.Join, url.JoinPath, fmt.Sprintf and + on strings, slices
// and struct literals. Its interpreter evaluates to the closed value set of
// value.go. Each router framework is a goFrameworkDef (framework.go) in
// a file of its own (nethttp.go, chi.go, gin.go, echo.go, gorilla.go,
// fiber.go): its packages, constructors, router types, verb methods and
// the reading of its other router calls. A path it cannot fold is a routes.Unresolved naming the
// expression and why; a value read at run time whose default the code
// declares (a package variable, a config file's key, a flag's default) is
// folded as an assumption the findings state.
//
// The build read is Go's default for linux/amd64 or the tags the options
// name (build.go); files only other builds compile that register routes
// are read as a second build whose extra routes are marked Tagged. With
// several main packages, each route names the programs that reach it, or
// only the named program is read. A go-swagger server is recognised from
// its generated operation table (generated.go).
package golang
