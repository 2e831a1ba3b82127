// Package routes holds the route model: the routes an API documents and the
// routes its server registers, normalised to one form so they can be
// compared.
//
// The spec side (FromSpec) reads every path and method of an OpenAPI 3.x or
// Swagger 2.0 document from its position-carrying node tree, with the
// servers URL path or basePath joined in front. The server side is read by
// one package per language, which build a graph of Routers that Flatten
// turns into a Set: routes/golang (go/parser and constant folding),
// routes/python and routes/js on the tokenizer and interpreter they share in
// routes/script, a plain route list (FromList) or a server-generated OpenAPI
// document; routes/extract picks the reader for a --server path.
//
// Every template is parsed into a Template whose parameters are {name}
// whatever the framework spells; constraints and catch-alls are kept as
// metadata. A registration whose path or router cannot be resolved statically
// is returned as Unresolved, never guessed. Reading is bounded by the budgets
// in source.go. The package knows nothing of findings: rules/routes compares
// the two sides.
package routes
