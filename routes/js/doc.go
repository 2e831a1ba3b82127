// Package js extracts the routes a JavaScript or TypeScript server registers
// (Express, Fastify, Hono, NestJS) by running the routes/script interpreter
// over its modules with JavaScript's statements and the frameworks' calls.
//
// js.go runs the statements (imports, exports, declarations); resolve.go
// finds the module an import names (relative files, tsconfig paths and
// baseUrl, package.json imports and exports, the server's own workspace
// packages); frame.go dispatches a call to its framework, and each framework
// has one file with its method table (express.go, fastify.go, hono.go,
// nest.go). testfiles.go keeps test scripts out. Statement-level cases live
// in testdata/cases (routes/routecase runs them).
package js
