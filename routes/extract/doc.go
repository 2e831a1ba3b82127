// Package extract reads the routes of a --server path with the reader its
// language or framework needs (routes/golang, routes/python, routes/js, a
// route list or a server-generated OpenAPI document) and merges the
// languages a folder holds.
package extract
