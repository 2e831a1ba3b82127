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
	// RulePossiblyServed is an operation no resolved route serves but an
	// unresolved registration could.
	RulePossiblyServed = "routes/possibly-served"
	// RuleNoRoutes is a server folder from which no route at all is extracted.
	RuleNoRoutes = "routes/no-routes"
	// RuleCatchAll is a catch-all route serving documented operations beneath it.
	RuleCatchAll = "routes/catch-all"
	// RuleOtherRouter is a root router serving no documented operation (a
	// metrics or pprof listener beside the API).
	RuleOtherRouter = "routes/other-router"
	// RuleOutOfScope counts the routes outside the spec's base path and globs.
	RuleOutOfScope = "routes/out-of-scope"
	// RuleAsset is a static, documentation-UI, web-UI or CORS route the spec
	// does not document: tooling, not an operation of the API.
	RuleAsset = "routes/asset"
	// RuleExtractionIncomplete is most of the spec served by no resolved
	// route while parts of the server were not followed.
	RuleExtractionIncomplete = "routes/extraction-incomplete"
	// RuleServedWhenTagged is a route served only when the server is built
	// with custom build tags (a Go //go:build feature file), or an
	// operation only such a route serves.
	RuleServedWhenTagged = "routes/served-when-tagged"
	// RuleGeneratedServer is a server a generator builds at run time from
	// the spec it embeds (go-swagger): it serves the spec by construction.
	RuleGeneratedServer = "routes/generated-server"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	undocumentedRule = report.Rule{
		ID: RuleUndocumented, Severity: report.SeverityError,
		Title: "a route the server serves is not in the spec",
		Why: "clients generated from the spec cannot call it, reviewers never see it, and it escapes every contract test; " +
			"often it is a debug or internal endpoint that should not be exposed. A route that is not part of the API " +
			"(an admin page, a health check beside an /api spec) is left out with include or exclude globs " +
			"(routes: [{spec, server, exclude: [\"/admin/**\"]}], or --include/--exclude), not documented",
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
	possiblyServedRule = report.Rule{
		ID: RulePossiblyServed, Severity: report.SeverityInfo,
		Title: "an operation no resolved route serves could be served by an unresolved registration",
		Why: "the registration's path is computed at run time, but its method and constant parts fit the operation; " +
			"calling it unimplemented would be a guess, so it is noted instead, and a foldable path makes it checked",
		Bad:  "spec: /v1/items: {get: ...}\nserver: r.Get(os.Getenv(\"PREFIX\")+\"/items\", list)",
		Good: "spec: /v1/items: {get: ...}\nserver: const prefix = \"/v1\"; r.Get(prefix+\"/items\", list)",
	}
	noRoutesRule = report.Rule{
		ID: RuleNoRoutes, Severity: report.SeverityWarning,
		Title: "no route is extracted from the server's source",
		Why: "the server folder holds source but no registration of a framework wirelint reads, so nothing is compared; " +
			"reporting every operation unimplemented would bury the cause, and passing silently would hide it. A warning: " +
			"what wirelint did not see is no evidence of drift (--fail-on warning fails a gate on it)",
		Bad:  "routes: [{spec: openapi.yaml, server: docs}]",
		Good: "routes: [{spec: openapi.yaml, server: cmd/api}]",
	}
	catchAllRule = report.Rule{
		ID: RuleCatchAll, Severity: report.SeverityInfo,
		Title: "a catch-all route serves documented operations beneath it",
		Why: "a catch-all (<path:rest>, {rest...}, PathPrefix, a ServeMux subtree) answers every deeper path, so the " +
			"operations beneath it are served; it is noted so that what it covers is seen",
		Bad:  "spec: /files/{id}/export: {get: ...}\nserver: r.HandleFunc(\"GET /files/\", proxy)",
		Good: "spec: /files/{id}/export: {get: ...}\nserver: r.HandleFunc(\"GET /files/{id}/export\", export)",
	}
	otherRouterRule = report.Rule{
		ID: RuleOtherRouter, Severity: report.SeverityInfo,
		Title: "a router or listener serving no documented operation is not compared",
		Why: "a program often serves metrics, pprof or an admin UI on a listener of its own; its routes are not part of " +
			"the API the spec describes, so they are listed rather than reported undocumented",
		Bad:  "api := http.NewServeMux(); dbg := http.NewServeMux(); dbg.Handle(\"/metrics\", m)",
		Good: "api := http.NewServeMux(); api.HandleFunc(\"GET /v1/items\", list)",
	}
	outOfScopeRule = report.Rule{
		ID: RuleOutOfScope, Severity: report.SeverityInfo,
		Title: "routes outside the spec's base path or the configured globs are not compared",
		Why: "HTML pages, static files and health checks beside an /api spec are not part of its contract; they are " +
			"counted once so that a base path that is too narrow is noticed. Only the compared routers' routes count: those of " +
			"another program or of a router no listener serves are listed as routes/other-router",
		Bad:  "spec: servers: [{url: /api}]\nserver: e.GET(\"/login\", page); e.GET(\"/api/items\", list)",
		Good: "routes: [{spec: openapi.yaml, server: ., include: [\"/api/**\", \"/login\"]}]",
	}
	assetRule = report.Rule{
		ID: RuleAsset, Severity: report.SeverityInfo,
		Title: "a static-file, documentation-UI, web-UI or CORS route is not in the spec",
		Why: "file servers, Swagger and ReDoc pages, a web app's index and assets, CORS preflight catch-alls and the HEAD a " +
			"router answers beside GET are served by every app and belong to no API contract; they are listed, not reported " +
			"undocumented, unless the spec documents paths under the same prefix",
		Bad:  "spec: paths: {/static/logo.png: {get: ...}}\nserver: r.Static(\"/static\", \"./public\")",
		Good: "spec: paths: {/api/items: {get: ...}}\nserver: r.Static(\"/static\", \"./public\"); r.GET(\"/api/items\", list)",
	}
	extractionIncompleteRule = report.Rule{
		ID: RuleExtractionIncomplete, Severity: report.SeverityWarning,
		Title: "most of the spec is served by no resolved route while parts of the server were not followed",
		Why: "an import wirelint could not resolve, a router passed to an unknown function or a path computed at run time " +
			"hides routes; calling every operation unimplemented would report a misconfiguration as a hundred drifts, so it " +
			"is reported once, naming what was not followed, and the operations are listed as info; a warning, since what " +
			"was not followed is no evidence of drift (--fail-on warning fails a gate on it)",
		Bad:  "server: import routes from '@app/routes' (a tsconfig path wirelint did not resolve); app.use('/api', routes)",
		Good: "server: import routes from './routes'; app.use('/api', routes)",
	}
	servedWhenTaggedRule = report.Rule{
		ID: RuleServedWhenTagged, Severity: report.SeverityInfo,
		Title: "a route is served only when the server is built with custom build tags",
		Why: "a Go feature often sits in a file built only with its tag (//go:build search) beside a stub for the " +
			"default build; which build is deployed is the builder's choice, so the routes of the other variant are " +
			"listed, not reported undocumented or unimplemented; naming the tags (--build-tags, build-tags:) compares " +
			"that build instead",
		Bad:  "ext/search.go: //go:build search\n  mux.HandleFunc(\"GET /search\", h)",
		Good: "routes: [{spec: openapi.yaml, server: ., build-tags: [search]}]",
	}
	generatedServerRule = report.Rule{
		ID: RuleGeneratedServer, Severity: report.SeverityInfo,
		Title: "the server is generated from the spec and serves it by construction",
		Why: "a generated server (go-swagger, ogen) builds its router from a table generated from the spec, so its " +
			"routes are the spec's; what can still drift is the handlers: an operation no code implements answers with the " +
			"generator's NotImplemented stub (go-swagger's NotImplemented handler, or the method ogen's UnimplementedHandler " +
			"or oapi-codegen's Unimplemented gives a handler type that embeds it), reported as routes/unimplemented",
		Bad:  "api.GetAlertsHandler left as generated: middleware.NotImplemented(\"operation alert.GetAlerts has not yet been implemented\")",
		Good: "api.GetAlertsHandler = alert.GetAlertsHandlerFunc(getAlerts)",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{undocumentedRule, unimplementedRule, paramMismatchRule, trailingSlashRule, anyMethodRule, unresolvedRule, possiblyServedRule, noRoutesRule, catchAllRule, otherRouterRule, outOfScopeRule, assetRule, extractionIncompleteRule, servedWhenTaggedRule, generatedServerRule}
