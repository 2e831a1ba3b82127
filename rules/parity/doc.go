// Package parity compares every definition of a canonical JSON Schema with its
// mirror (OpenAPI components/schemas, Swagger definitions, or another JSON
// Schema document) keyword by keyword, after dialect normalisation, and reports
// each difference with its position in both documents.
package parity
