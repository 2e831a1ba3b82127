package main

import (
	"bytes"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/reduce"
)

// jsdocSpec is a YAML or JSON file a swagger-jsdoc definition merges its
// paths from: no openapi key of its own, the version (and the API's base
// path) in the definition of the script that names it.
type jsdocSpec struct {
	doc      *reduce.Document
	version  string // as the definition gives it: 3.0.3
	basePath string // the path of the definition's first server URL ("" = none)
	script   string // the script holding the definition, relative to the project
}

// jsdocOf returns the swagger-jsdoc definition that wrote doc, or nil.
func jsdocOf(jsdoc []jsdocSpec, doc *reduce.Document) *jsdocSpec {
	for i := range jsdoc {
		if jsdoc[i].doc == doc {
			return &jsdoc[i]
		}
	}
	return nil
}

// maxJSDocScript bounds the scripts read for a swagger-jsdoc definition.
const maxJSDocScript = 256 << 10

var (
	jsdocVersion = lazyre.New(`\b(openapi|swagger)\s*:\s*['"]([0-9][0-9.]*)['"]`)
	jsdocAPIs    = lazyre.New(`\bapis\s*:\s*\[([^\]]*)\]`)
	jsdocString  = lazyre.New("['\"`]([^'\"`]*)['\"`]")
	jsdocServer  = lazyre.New(`\bservers\s*:\s*\[\s*\{[^}]*?\burl\s*:\s*['"]([^'"]+)['"]`)
	templateHead = lazyre.New(`^\$\{[^}]*\}/`)
)

// jsdocSpecs finds the swagger-jsdoc definitions among the project's
// scripts (a script that names swagger-jsdoc and gives an openapi or
// swagger version) and the YAML and JSON files their apis list names,
// read from the folder of the script's package (the nearest package.json
// above it: apis are paths from the working directory the package's
// scripts run in, ${process.cwd()}/ dropped). Each such file that reads as
// an OpenAPI document of that version is returned once, by path.
func jsdocSpecs(confine *fsroot.Root, dir string, sources, candidates []string) []jsdocSpec {
	isCandidate := map[string]bool{}
	for _, c := range candidates {
		isCandidate[c] = true
	}
	seen := map[string]bool{}
	var out []jsdocSpec
	for _, src := range sources {
		switch path.Ext(src) {
		case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		default:
			continue
		}
		text, err := confine.ReadFile(filepath.Join(dir, filepath.FromSlash(src)), maxJSDocScript)
		if err != nil || !bytes.Contains(text, []byte("swagger-jsdoc")) {
			continue
		}
		v := jsdocVersion().FindSubmatch(text)
		apis := jsdocAPIs().FindSubmatch(text)
		if v == nil || apis == nil {
			continue
		}
		version := string(v[2])
		if string(v[1]) == "swagger" {
			version = "2.0"
		}
		if version != "2.0" && !strings.HasPrefix(version, "3.0") && !strings.HasPrefix(version, "3.1") {
			continue
		}
		basePath := ""
		if s := jsdocServer().FindSubmatch(text); s != nil {
			if u, err := url.Parse(string(s[1])); err == nil && u.Path != "" && u.Path != "/" {
				basePath = "/" + strings.Trim(u.Path, "/")
			}
		}
		pkg := packageDir(path.Dir(src), isCandidate)
		for _, m := range jsdocString().FindAllSubmatch(apis[1], -1) {
			pattern := strings.TrimPrefix(templateHead().ReplaceAllString(string(m[1]), ""), "./")
			switch strings.ToLower(path.Ext(pattern)) {
			case ".yml", ".yaml", ".json":
			default:
				continue // the scripts' JSDoc comments: not read here
			}
			if strings.Contains(pattern, "$") || strings.HasPrefix(pattern, "/") {
				continue
			}
			full := path.Join(pkg, pattern)
			var matched []string
			for _, c := range candidates {
				if ok, _ := path.Match(full, c); ok && !seen[c] {
					matched = append(matched, c)
				}
			}
			sort.Strings(matched)
			for _, rel := range matched {
				seen[rel] = true
				doc := loadWithVersion(confine, dir, rel, version)
				if doc == nil || reduce.Value(doc.Root, "paths") == nil && reduce.Value(doc.Root, "components") == nil {
					continue
				}
				out = append(out, jsdocSpec{doc: doc, version: version, basePath: basePath, script: src})
			}
		}
	}
	return out
}

// packageDir is the nearest folder at or above folder whose package.json
// the walk listed ("." when none is).
func packageDir(folder string, listed map[string]bool) string {
	for f := folder; ; f = path.Dir(f) {
		if listed[path.Join(f, "package.json")] || f == "." || f == "/" {
			if f == "/" {
				return "."
			}
			return f
		}
	}
}

// loadWithVersion reads rel (relative to dir) as an OpenAPI document of
// version when it has no openapi or swagger key; nil when it does not read
// as one, or names its own version (then it was found as a spec already).
func loadWithVersion(confine *fsroot.Root, dir, rel, version string) *reduce.Document {
	ws := reduce.NewWorkspace(dir)
	ws.FS = confine
	ws.MaxFileSize = initMaxFileSize // init takes no budget flags: the defaults, and its own file size
	abs, err := filepath.Abs(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil
	}
	ws.Versions = map[string]string{abs: version}
	doc, err := ws.Load(abs, rel)
	if err != nil || doc.VersionGiven == "" || !doc.Dialect.IsOpenAPI() {
		return nil
	}
	return doc
}

// yttTemplate reports a YAML file holding ytt annotations: a line that
// starts with #@ (#@ load(...), #@data/values, #@ def), which Carvel's ytt
// evaluates to render the document the file is one input of.
func yttTemplate(confine *fsroot.Root, p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".yaml", ".yml":
	default:
		return false
	}
	text, err := confine.ReadFile(p, initMaxFileSize)
	if err != nil {
		return false
	}
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("#@")) {
			return true
		}
	}
	return false
}
