package routes

import "github.com/wirelint/wirelint/report"

// Rule ids of the route-drift family.
const (
	RuleUndocumented  = "routes/undocumented"
	RuleUnimplemented = "routes/unimplemented"
	RuleParamMismatch = "routes/param-mismatch"
	RuleTrailingSlash = "routes/trailing-slash"
	RuleAnyMethod     = "routes/any-method"
	RuleUnresolved    = "routes/unresolved"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	undocumentedRule = report.Rule{
		ID: RuleUndocumented, Severity: report.SeverityError,
		Title: "a route the server serves is not in the spec",
		Why: "clients generated from the spec cannot call it, reviewers never see it, and it escapes every contract test; " +
			"often it is a debug or internal endpoint that should not be exposed",
		Bad:  "spec: paths: {/users: {get: ...}}\nserver: r.Get(\"/users\", list); r.Delete(\"/users/{id}\", remove)",
		Good: "spec: paths: {/users: {get: ...}, /users/{id}: {delete: ...}}\nserver: r.Get(\"/users\", list); r.Delete(\"/users/{id}\", remove)",
	}
	unimplementedRule = report.Rule{
		ID: RuleUnimplemented, Severity: report.SeverityError,
		Title: "an operation in the spec is served by no route",
		Why:   "clients built from the spec call it and get 404 or 405: the contract promises what the server does not do",
		Bad:   "spec: paths: {/users/{id}: {get: ..., patch: ...}}\nserver: r.Get(\"/users/{id}\", show)",
		Good:  "spec: paths: {/users/{id}: {get: ..., patch: ...}}\nserver: r.Get(\"/users/{id}\", show); r.Patch(\"/users/{id}\", update)",
	}
	paramMismatchRule = report.Rule{
		ID: RuleParamMismatch, Severity: report.SeverityWarning,
		Title: "the spec and the server name a route's path parameters differently",
		Why: "the route matches, but generated clients, documentation and handlers that read the parameter by name " +
			"disagree on what it is called",
		Bad:  "spec: /users/{id}\nserver: r.Get(\"/users/{userID}\", show)",
		Good: "spec: /users/{userID}\nserver: r.Get(\"/users/{userID}\", show)",
	}
	trailingSlashRule = report.Rule{
		ID: RuleTrailingSlash, Severity: report.SeverityWarning,
		Title: "the spec and the server differ only in a trailing slash",
		Why: "most routers treat /users and /users/ as different routes, or answer one with a redirect that drops " +
			"the body of a POST; clients built from the spec get a 404 or a 301",
		Bad:  "spec: /users/\nserver: r.Post(\"/users\", create)",
		Good: "spec: /users\nserver: r.Post(\"/users\", create)",
	}
	anyMethodRule = report.Rule{
		ID: RuleAnyMethod, Severity: report.SeverityInfo,
		Title: "a route served for every method matches operations in the spec",
		Why: "a handler registered for any method (gin's Any, a method-less ServeMux pattern, chi's Handle) answers " +
			"methods the spec does not list; the match is reported so the difference is seen",
		Bad:  "spec: /health: {get: ...}\nserver: mux.HandleFunc(\"/health\", health)",
		Good: "spec: /health: {get: ...}\nserver: mux.HandleFunc(\"GET /health\", health)",
	}
	unresolvedRule = report.Rule{
		ID: RuleUnresolved, Severity: report.SeverityInfo,
		Title: "a route cannot be resolved without running the server",
		Why: "its path, method or mount point is computed at run time, so it is not compared; a constant makes it " +
			"checkable",
		Bad:  "r.Get(fmt.Sprintf(\"/%s/items\", version), list)",
		Good: "const itemsPath = \"/v1/items\"\nr.Get(itemsPath, list)",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{undocumentedRule, unimplementedRule, paramMismatchRule, trailingSlashRule, anyMethodRule, unresolvedRule}
