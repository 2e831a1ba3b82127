package js

import (
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/routes/script"
)

// Not every JavaScript file below a server is the server's. A test script
// registers routes too (a mock upstream, an identity provider a test
// starts, the app under supertest), but they are its fixtures; the files a
// server sends to browsers (collected static files, public/, minified
// bundles) are no server code at all, and reading them costs memory (a
// Django project's 15 MB of collected static files took 455 MB). Test files
// by name (x.test.ts, x.spec.js) never reach the reader
// (routes.IsTestFile); these are the ones a name does not tell.

// testFolders are folder names that hold tests, fixtures and the scripts
// tests run, in JavaScript projects' conventions.
var testFolders = map[string]bool{
	"test": true, "tests": true, "__tests__": true, "spec": true, "specs": true, "e2e": true,
	"fixtures": true, "__fixtures__": true, "__mocks__": true, "mocks": true, "cypress": true, "playwright": true,
}

// testPackages are packages only a test imports: test runners, assertion
// and mocking libraries, and the HTTP drivers that call an app in process.
var testPackages = map[string]bool{
	"supertest": true, "light-my-request": true, "jest": true, "@jest/globals": true, "vitest": true,
	"mocha": true, "chai": true, "ava": true, "tap": true, "node:test": true, "@playwright/test": true,
	"cypress": true, "@nestjs/testing": true, "sinon": true,
}

// browserFolders are folder names that hold the files a web server sends
// to browsers (a Django project's collected static files, Express's
// public/), never the server's own code.
var browserFolders = map[string]bool{"static": true, "public": true, "bower_components": true}

// toolFolders hold a JavaScript project's build and tooling scripts (the
// ones package.json's scripts run), never the server's code: a build
// script's computed require of each plugin's package.json was taken for a
// router source nobody could resolve (apache/answer), hiding three real
// drifts as possibly-served.
var toolFolders = map[string]bool{"scripts": true}

// clientFolders hold a project's API clients and SDKs: code that calls the
// API, never code that serves it. Reading them cost more than the server
// itself (openmeter's generated TypeScript client, 2 MB of zod schemas: 74 s
// of CPU).
var clientFolders = map[string]bool{"client": true, "clients": true, "sdk": true, "sdks": true}

// notServerCode reports whether path is no source of the server's routes:
// it lies in a test, browser-files, tooling or client folder below root (the folder the
// server was named by may itself be called test), or is a minified bundle.
func notServerCode(root, path string) bool {
	if strings.HasSuffix(path, ".min.js") {
		return true
	}
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if testFolders[seg] || browserFolders[seg] || toolFolders[seg] || clientFolders[seg] {
			return true
		}
	}
	return false
}

// isTestScript reports whether f imports or requires a test package: a
// script a test runner runs, whatever its name.
func isTestScript(f *script.File) bool {
	toks := f.Toks
	for i, t := range toks {
		if t.Kind != script.TokString || !testPackages[t.Str] || i == 0 {
			continue
		}
		prev := toks[i-1]
		switch {
		case prev.Kind == script.TokName && (prev.Text == "from" || prev.Text == "import"):
			return true
		case prev.Kind == script.TokOp && prev.Text == "(" && i >= 2 && toks[i-2].Kind == script.TokName &&
			(toks[i-2].Text == "require" || toks[i-2].Text == "import"):
			return true
		}
	}
	return false
}
