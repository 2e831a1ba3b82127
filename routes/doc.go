// Package routes extracts the routes an API documents and the routes its server
// registers, and normalises both to one form so they can be compared.
//
// The spec side reads every path and method of an OpenAPI 3.x or Swagger 2.0
// document from its position-carrying node tree, with the servers URL path or
// basePath joined in front. The server side reads source without building or
// running it: Go through go/parser and constant folding (net/http ServeMux, chi,
// gin, echo, gorilla/mux), Python through a tokenizer and a small expression
// parser (FastAPI, Flask, Starlette), JavaScript and TypeScript likewise
// (Express, Fastify, Hono), a plain route list, or a server-generated OpenAPI
// document.
//
// Every template is parsed into a Template whose parameters are {name}
// whatever the framework spells; constraints and catch-alls are kept as
// metadata. A registration whose path or router cannot be resolved statically
// is returned as Unresolved, never guessed. The package knows nothing of
// findings: rules/routes compares the two sides.
package routes
