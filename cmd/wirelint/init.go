package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/reduce"
)

func init() {
	register(&command{
		name:    "init",
		usage:   "init [DIR]",
		summary: "write a starter .wirelint.yaml from the schemas, OpenAPI documents and server found in DIR",
		run:     runInit,
	})
}

// initMaxFileSize bounds the files init parses while looking for documents.
const initMaxFileSize = 16 << 20

// skipDirs are folders init never looks in: dependencies, build output and
// test fixtures that hold deliberately broken documents.
var skipDirs = map[string]bool{"node_modules": true, "vendor": true, "testdata": true, "dist": true, "build": true, "target": true, "__pycache__": true}

func runInit(e *env, args []string) int {
	flags := flag.NewFlagSet("init", flag.ContinueOnError)
	pos, err := parseFlags(flags, args)
	if err != nil {
		return fail(e, "init", err)
	}
	if len(pos) > 1 {
		return fail(e, "init", fmt.Errorf("%w: want at most one folder, got %d arguments", errUsage, len(pos)))
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fail(e, "init", fmt.Errorf("%s is not a folder", dir))
	}
	target := filepath.Join(dir, config.FileName)
	if _, err := os.Lstat(target); err == nil {
		return fail(e, "init", fmt.Errorf("%s already exists; edit it, or remove it to start over", filepath.ToSlash(target)))
	}
	found, err := discover(dir)
	if err != nil {
		return fail(e, "init", err)
	}
	text := withTaxonomy(found.render(), dir)
	// What init writes must be what check accepts.
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fail(e, "init", err)
	}
	if _, err := config.Parse([]byte(text), filepath.ToSlash(target), abs); err != nil {
		return fail(e, "init", fmt.Errorf("internal error: the starter configuration does not validate: %v", err))
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fail(e, "init", fmt.Errorf("%s already exists; edit it, or remove it to start over", filepath.ToSlash(target)))
		}
		return fail(e, "init", fmt.Errorf("write %s: %v", filepath.ToSlash(target), err))
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return fail(e, "init", fmt.Errorf("write %s: %v", filepath.ToSlash(target), err))
	}
	if err := f.Close(); err != nil {
		return fail(e, "init", fmt.Errorf("write %s: %v", filepath.ToSlash(target), err))
	}
	fmt.Fprintf(e.stdout, "wrote %s: %s\n", filepath.ToSlash(target), found.summary())
	return exitClean
}

// discovery is what init found in a project.
type discovery struct {
	schemas []*reduce.Document // JSON Schema documents with named definitions
	specs   []*reduce.Document // OpenAPI and Swagger documents
	pairs   []initPair
	server  *serverGuess
	docs    bool // a docs/ folder with Markdown
}

type initPair struct {
	canonical, mirror *reduce.Document
	shared            int // definition names both hold
}

type serverGuess struct {
	dir       string           // slash-separated, relative to the project
	framework string           // a routes framework name
	language  string           // go, python or javascript
	spec      *reduce.Document // the spec documenting it (nil = none); see pairRoutes
}

// discover walks dir for documents, a server and docs. Paths in the result
// are relative to dir.
func discover(dir string) (*discovery, error) {
	var candidates []string
	var sources []string
	d := &discovery{}
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // unreadable entries are not the project's documents
		}
		name := de.Name()
		if de.IsDir() {
			if p != dir && (strings.HasPrefix(name, ".") || skipDirs[name]) {
				return filepath.SkipDir
			}
			return nil
		}
		if !de.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch strings.ToLower(filepath.Ext(name)) {
		case ".json", ".yaml", ".yml":
			if name != config.FileName {
				candidates = append(candidates, rel)
			}
		case ".go", ".py", ".js", ".ts", ".mjs":
			if !strings.HasSuffix(name, "_test.go") {
				sources = append(sources, rel)
			}
		case ".md":
			if strings.HasPrefix(rel, "docs/") {
				d.docs = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %v", dir, err)
	}
	docs := make([]*reduce.Document, len(candidates))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, rel := range candidates {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if st, err := os.Stat(p); err != nil || st.Size() > initMaxFileSize {
				return
			}
			if doc, err := reduce.LoadFile(p, rel); err == nil {
				docs[i] = doc
			}
		}()
	}
	wg.Wait()
	for _, doc := range docs {
		switch {
		case doc == nil:
		case doc.Dialect.IsOpenAPI():
			d.specs = append(d.specs, doc)
		case len(doc.Definitions) > 0 && !isMetaSchema(doc):
			d.schemas = append(d.schemas, doc)
		}
	}
	d.pair()
	d.server = pairRoutes(dir, guessServer(dir, sources), d.specs)
	return d, nil
}

// isMetaSchema spots copies of the JSON Schema meta-schemas, which define
// keywords, not a contract.
func isMetaSchema(doc *reduce.Document) bool {
	id := reduce.Value(doc.Root, "$id")
	if id == nil {
		id = reduce.Value(doc.Root, "id")
	}
	return id != nil && strings.Contains(id.Value, "json-schema.org/")
}

// pair matches each JSON Schema with the OpenAPI document sharing the most
// definition names with it (at least one); ties go to the first by path.
func (d *discovery) pair() {
	for _, s := range d.schemas {
		var best initPair
		for _, spec := range d.specs {
			n := 0
			for _, def := range s.Definitions {
				if spec.Definition(def.Name) != nil {
					n++
				}
			}
			if n > best.shared {
				best = initPair{canonical: s, mirror: spec, shared: n}
			}
		}
		if best.mirror != nil {
			d.pairs = append(d.pairs, best)
		}
	}
}

// serverMarkers recognise a routing framework from one line of source.
var serverMarkers = []struct {
	ext, marker, framework, language string
}{
	{".go", `"github.com/go-chi/chi`, "go", "go"},
	{".go", `"github.com/gin-gonic/gin"`, "go", "go"},
	{".go", `"github.com/labstack/echo`, "go", "go"},
	{".go", `"github.com/gorilla/mux"`, "go", "go"},
	{".go", `.HandleFunc("`, "go", "go"},
	{".py", "from fastapi", "fastapi", "python"},
	{".py", "from flask", "flask", "python"},
	{".py", "from starlette", "starlette", "python"},
	{".js", "require('express')", "express", "javascript"},
	{".js", `require("express")`, "express", "javascript"},
	{".js", "from 'express'", "express", "javascript"},
	{".ts", "from 'express'", "express", "javascript"},
	{".ts", `from "express"`, "express", "javascript"},
	{".js", "from 'fastify'", "fastify", "javascript"},
	{".ts", "from 'fastify'", "fastify", "javascript"},
	{".ts", "from 'hono'", "hono", "javascript"},
	{".js", "from 'hono'", "hono", "javascript"},
}

// guessServer finds the shallowest folder holding a source file that
// registers routes with a framework wirelint reads.
func guessServer(dir string, sources []string) *serverGuess {
	sort.SliceStable(sources, func(i, j int) bool {
		di, dj := strings.Count(sources[i], "/"), strings.Count(sources[j], "/")
		if di != dj {
			return di < dj
		}
		return sources[i] < sources[j]
	})
	for _, rel := range sources {
		ext := strings.ToLower(filepath.Ext(rel))
		if ext == ".mjs" {
			ext = ".js"
		}
		if fw, lang := sourceFramework(filepath.Join(dir, filepath.FromSlash(rel)), ext); fw != "" {
			folder := filepath.ToSlash(filepath.Dir(filepath.FromSlash(rel)))
			return &serverGuess{dir: folder, framework: fw, language: lang}
		}
	}
	return nil
}

func sourceFramework(path, ext string) (framework, language string) {
	f, err := os.Open(path)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 0; sc.Scan() && n < 400; n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#") {
			continue
		}
		for _, m := range serverMarkers {
			if m.ext == ext && strings.Contains(line, m.marker) {
				return m.framework, m.language
			}
		}
	}
	return "", ""
}

// render writes the starter configuration, with comments saying what each
// section does and how to go further.
func (d *discovery) render() string {
	var b strings.Builder
	q := strconv.Quote
	b.WriteString("# wirelint configuration: see docs/config.md. Paths are relative to this file.\n")
	b.WriteString("# Written by 'wirelint init'; review it, then run 'wirelint check'.\n")
	b.WriteString("version: 1\n")
	if len(d.pairs) > 0 {
		b.WriteString("\n# Each canonical JSON Schema and the OpenAPI document that mirrors it, paired by the\n")
		b.WriteString("# definition names they share. Add renames: {CanonicalName: MirrorName} for renamed ones.\n")
		b.WriteString("parity:\n")
		for _, p := range d.pairs {
			fmt.Fprintf(&b, "  - canonical: %s\n    mirror: %s  # %d shared definition%s\n", q(p.canonical.Path), q(p.mirror.Path), p.shared, plural(p.shared, "", "s"))
		}
	} else if len(d.schemas)+len(d.specs) > 0 {
		b.WriteString("\n# No JSON Schema shares definition names with an OpenAPI document; pair them by hand:\n")
		b.WriteString("# parity:\n#   - canonical: schema.json\n#     mirror: openapi.yaml\n")
	}
	mentioned := map[*reduce.Document]bool{}
	for _, p := range d.pairs {
		mentioned[p.canonical], mentioned[p.mirror] = true, true
	}
	if d.server != nil && d.server.spec != nil {
		mentioned[d.server.spec] = true
	}
	all := append(append([]*reduce.Document(nil), d.schemas...), d.specs...)
	sort.Slice(all, func(i, j int) bool { return all[i].Path < all[j].Path })
	if len(mentioned) < len(all) {
		b.WriteString("\n# The documents whose $refs are checked (by default only those named above).\n")
		b.WriteString("refs:\n  documents:\n")
		for _, doc := range all {
			fmt.Fprintf(&b, "    - %s\n", q(doc.Path))
		}
	}
	if d.server != nil && d.server.spec != nil {
		b.WriteString("\n# The spec's routes compared with the routes the server's source registers.\n")
		fmt.Fprintf(&b, "routes:\n  - spec: %s\n    server: %s\n    framework: %s\n", q(d.server.spec.Path), q(d.server.dir), d.server.framework)
	}
	// The contract's clients decide the dialects: Go and Rust by default (the
	// regex rule's own default), and Python too when the server is in Python.
	dialects := []string{"go", "rust"}
	if d.server != nil && d.server.language == "python" {
		dialects = []string{"go", "python", "rust"}
	}
	if len(d.schemas)+len(d.specs) > 0 {
		b.WriteString("\n# Every pattern must compile and match alike in these regex dialects (your clients' languages).\n")
		fmt.Fprintf(&b, "regex:\n  dialects: [%s]\n", strings.Join(dialects, ", "))
	}
	if d.docs {
		b.WriteString("\n# Relative links in Markdown, and docs/ paths cited in source comments, must resolve.\n")
		b.WriteString("docs:\n  cited: [\"docs/**/*.md\"]\n")
	}
	b.WriteString("\n# Rule severities (error, warning, info, off) by rule id or family/*:\n")
	b.WriteString("# rules:\n#   parity/mirror-only-definition: off\n")
	b.WriteString("\n# Ignores need a reason:\n")
	b.WriteString("# ignore:\n#   - rule: parity/keyword\n#     definition: LegacyFrame\n#     reason: the v1 mirror is frozen\n")
	return b.String()
}

func (d *discovery) summary() string {
	var parts []string
	parts = append(parts, fmt.Sprintf("%d parity pair%s", len(d.pairs), plural(len(d.pairs), "", "s")))
	if d.server != nil && d.server.spec != nil {
		parts = append(parts, fmt.Sprintf("routes from %s (%s)", d.server.dir, d.server.framework))
	}
	if d.docs {
		parts = append(parts, "docs")
	}
	if len(d.schemas)+len(d.specs) == 0 {
		return "no JSON Schema or OpenAPI documents found; the file lists the sections to fill in"
	}
	return strings.Join(parts, ", ")
}
