// Package routes holds the route-drift rules: it compares the routes an
// OpenAPI document declares (the canonical side) with the routes a server
// registers (the mirror side), both extracted and normalised by package
// github.com/wirelint/wirelint/routes, and reports every route served but not
// documented, documented but not served, documented with other parameter
// names or another trailing slash, served for any method, or not resolvable
// from source.
package routes
