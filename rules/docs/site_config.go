package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/pb33f/go-yaml"
	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/report"
)

// hugoConfig is what wirelint reads from a Hugo site's configuration: where
// its content is mounted, its languages, and how goldmark names headings.
type hugoConfig struct {
	mounts      []hugoMount
	contentDirs []hugoMount // languages.*.contentDir, each with its language
	languages   []string    // language keys, sorted
	defaultLang string      // defaultContentLanguage, lower-cased ("en" when unset)
	slug        func(string) string
	termIDs     bool // markup.goldmark.parser.autoDefinitionTermID
	// taxonomies are the plural names of the site's taxonomies, whose term
	// pages are /PLURAL/TERM/ (tags and categories unless taxonomies is set)
	taxonomies []string
}

// hugoMount is one module.mounts entry: its languages are lang: or the
// sites: matrix: languages: list of newer Hugo (none = the default
// language's).
type hugoMount struct {
	source, target string
	langs          []string
}

// configFile is one configuration file's name and contents.
type configFile struct {
	name string
	src  []byte
}

// hugoConfigDir reads every configuration file of a Hugo config/_default
// folder: hugo.yaml beside module.yaml, params.toml and the like, each a
// top-level key of the whole configuration.
func (c *checker) hugoConfigDir(dir string) []configFile {
	var names []string
	for f := range c.files {
		if path.Dir(f) == dir && hugoConfigName().MatchString(path.Base(f)) {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	var out []configFile
	for _, n := range names {
		if src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(n)), 0); err == nil {
			out = append(out, configFile{n, src})
		}
	}
	return out
}

var hugoConfigName = lazyre.New(`\.(toml|ya?ml|json)$`)

// decodeConfig decodes a YAML, TOML or JSON configuration file into plain
// maps; nil when it does not decode.
func decodeConfig(name string, src []byte) map[string]any {
	var out map[string]any
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".toml":
		_, err = toml.Decode(string(src), &out)
	case ".json":
		err = json.Unmarshal(src, &out)
	default:
		err = yaml.Unmarshal(src, &out)
	}
	if err != nil {
		return nil
	}
	return out
}

// readHugoConfig reads a Hugo configuration from its files. A file named
// module*.EXT or markup.EXT in a config folder holds that key's value.
func readHugoConfig(files []configFile) hugoConfig {
	hc := hugoConfig{slug: goldmarkSlug, defaultLang: "en"}
	langs := map[string]bool{}
	taxonomySet := false
	for _, f := range files {
		top := decodeConfig(f.name, f.src)
		if top == nil {
			continue
		}
		base := strings.TrimSuffix(path.Base(f.name), path.Ext(f.name))
		if d, ok := field(top, "defaultContentLanguage").(string); ok && d != "" {
			hc.defaultLang = strings.ToLower(d)
		}
		module, markup, languages := field(top, "module"), field(top, "markup"), field(top, "languages")
		switch {
		case strings.HasPrefix(base, "module"):
			module = top
		case base == "markup":
			markup = top
		case base == "languages":
			languages = top
		}
		if m, ok := module.(map[string]any); ok {
			if list, ok := m["mounts"].([]any); ok {
				for _, e := range list {
					source, _ := field(e, "source").(string)
					target, _ := field(e, "target").(string)
					if source != "" && target != "" {
						hc.mounts = append(hc.mounts, hugoMount{path.Clean(source), path.Clean(target), mountLanguages(e)})
					}
				}
			}
		}
		if l, ok := languages.(map[string]any); ok {
			for k, v := range l {
				langs[strings.ToLower(k)] = true
				if d, ok := field(v, "contentDir").(string); ok && d != "" {
					hc.contentDirs = append(hc.contentDirs, hugoMount{source: path.Clean(d), langs: []string{strings.ToLower(k)}})
				}
			}
		}
		parser := field(field(markup, "goldmark"), "parser")
		switch field(parser, "autoHeadingIDType") {
		case "github-ascii":
			hc.slug = goldmarkASCIISlug
		case "blackfriday":
			hc.slug = blackfridaySlug
		}
		if b, ok := field(parser, "autoDefinitionTermID").(bool); ok {
			hc.termIDs = b
		}
		taxonomies := field(top, "taxonomies")
		if base == "taxonomies" {
			taxonomies = top
		}
		if t, ok := taxonomies.(map[string]any); ok {
			taxonomySet = true
			for _, v := range t {
				if plural, ok := v.(string); ok && plural != "" && !strings.ContainsAny(plural, "/\\") {
					hc.taxonomies = append(hc.taxonomies, plural)
				}
			}
		}
	}
	if !taxonomySet {
		hc.taxonomies = []string{"categories", "tags"}
	}
	sort.Strings(hc.taxonomies)
	for l := range langs {
		hc.languages = append(hc.languages, l)
	}
	sort.Strings(hc.languages)
	for i := range hc.mounts {
		hc.mounts[i].langs = expandLanguages(hc.mounts[i].langs, hc.languages)
	}
	sort.Slice(hc.contentDirs, func(i, j int) bool { return hc.contentDirs[i].source < hc.contentDirs[j].source })
	return hc
}

// mountLanguages reads a mount's languages: lang: en, or Hugo 0.153's
// sites: {matrix: {languages: [en, fr]}} (nil = none named).
func mountLanguages(mount any) []string {
	var out []string
	if lang, ok := field(mount, "lang").(string); ok && lang != "" {
		out = append(out, strings.ToLower(lang))
	}
	list, _ := field(field(field(mount, "sites"), "matrix"), "languages").([]any)
	for _, l := range list {
		if lang, ok := l.(string); ok && lang != "" {
			out = append(out, strings.ToLower(lang))
		}
	}
	return out
}

// expandLanguages turns a mount's language patterns into the declared
// languages they match: a sites matrix may name them by glob (**, e?) and
// exclude some with "! x". A list of plain names is kept as written.
func expandLanguages(patterns, declared []string) []string {
	glob := false
	for _, p := range patterns {
		glob = glob || strings.ContainsAny(p, "*?[{!")
	}
	if !glob {
		return patterns
	}
	out := []string{} // none matching: the mount serves no language
	for _, l := range declared {
		in := strings.HasPrefix(patterns[0], "!") // only exclusions: every other language
		for _, p := range patterns {
			negated := strings.HasPrefix(p, "!")
			p = strings.TrimSpace(strings.TrimPrefix(p, "!"))
			if ok, _ := path.Match(strings.ReplaceAll(p, "**", "*"), l); ok {
				in = !negated
			}
		}
		if in {
			out = append(out, l)
		}
	}
	return out
}

// field returns v[key] when v is a map, case-insensitively as Hugo reads
// its keys; nil otherwise.
func field(v any, key string) any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if x, ok := m[key]; ok {
		return x
	}
	for k, x := range m {
		if strings.EqualFold(k, key) {
			return x
		}
	}
	return nil
}

// readMkDocsConfig adjusts an MkDocs flavor to mkdocs.yml: use_directory_urls
// (default true), the toc extension's slugify (pymdownx.slugs.uslugify keeps
// non-ASCII letters) and attr_list (ids on headings and blocks). mkdocs.yml
// holds !!python tags, so it is read line by line, not decoded.
func readMkDocsConfig(src []byte, fl *flavor) {
	if m := mkdocsDirectoryURLs().FindSubmatch(src); m != nil && strings.EqualFold(string(m[1]), "false") {
		fl.dirURLs = false
	}
	if bytes.Contains(src, []byte("uslugify")) || bytes.Contains(src, []byte("slugify(case")) && bytes.Contains(src, []byte("percent_encode")) {
		fl.slug = tocUnicodeSlug
	}
	hasAttrList := bytes.Contains(src, []byte("attr_list"))
	fl.attributes, fl.blockAttributes = hasAttrList, hasAttrList
	fl.tabs = bytes.Contains(src, []byte("pymdownx.tabbed"))
	if mkdocsHooks().Match(src) {
		fl.unknownIDs = "mkdocs.yml runs build hooks (hooks:), which may add or change ids"
	}
}

var mkdocsHooks = lazyre.New(`(?m)^hooks\s*:`)

var mkdocsDirectoryURLs = lazyre.New(`(?m)^use_directory_urls\s*:\s*(\w+)`)

// mintlifyRedirects reads docs.json's redirects: {source, destination}, a
// trailing /:slug* matching every route below.
func mintlifyRedirects(src []byte) []redirect {
	var cfg struct {
		Redirects []struct{ Source, Destination string }
	}
	if json.Unmarshal(src, &cfg) != nil {
		return nil
	}
	var out []redirect
	for _, r := range cfg.Redirects {
		from, fromWild := cutWildcard(r.Source)
		to, toWild := cutWildcard(r.Destination)
		if strings.ContainsAny(from, ":*") || strings.ContainsAny(to, ":*") || fromWild != toWild {
			continue // a pattern wirelint does not evaluate
		}
		out = append(out, redirect{from: "/" + strings.Trim(from, "/"), to: "/" + strings.Trim(to, "/"), prefix: fromWild != ""})
	}
	return out
}

// cutWildcard splits a redirect's trailing wildcard (/:slug*, /:path*) off
// p and returns its name ("" = none).
func cutWildcard(p string) (string, string) {
	i := strings.LastIndex(p, "/:")
	if i < 0 || !strings.HasSuffix(p, "*") {
		return p, ""
	}
	name := p[i+2 : len(p)-1]
	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return p, ""
		}
	}
	return p[:i], name
}

// mintlifyOpenAPI reads the OpenAPI sources of a Mintlify navigation
// (navigation...openapi: "spec.json", or {source, directory}): Mintlify
// makes a page for each of their operations, at routes wirelint does not
// model. It returns the folders they are made under (their directory) and
// the first source whose folder is not named.
func mintlifyOpenAPI(src []byte) (dirs []string, undirected string) {
	var cfg struct {
		Navigation any `json:"navigation"`
	}
	if json.Unmarshal(src, &cfg) != nil {
		return nil, ""
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 32 {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				if k != "openapi" {
					walk(v[k], depth+1)
					continue
				}
				switch o := v[k].(type) {
				case string:
					if undirected == "" {
						undirected = o
					}
				case map[string]any:
					if d, _ := o["directory"].(string); strings.Trim(d, "/") != "" {
						dirs = append(dirs, "/"+strings.Trim(d, "/"))
					} else if src, _ := o["source"].(string); undirected == "" {
						undirected = src
					}
				}
			}
		case []any:
			for _, e := range v {
				walk(e, depth+1)
			}
		}
	}
	walk(cfg.Navigation, 0)
	return dirs, undirected
}

// absentRoute says why a route the site does not serve may still exist: it
// lies below a mount whose folder is not in the tree ("" = it does not).
func (c *checker) absentRoute(s *site, p string) string {
	n := s.normalizeRoute(p)
	for _, m := range s.absent {
		r := s.normalizeRoute(mountRoute(m))
		if n == r || strings.HasPrefix(n, strings.TrimSuffix(r, "/")+"/") {
			return fmt.Sprintf("the site mounts %s at %s, and %s is not in the tree (it is fetched or generated when the site builds)", m.Dir, mountRoute(m), m.Dir)
		}
	}
	for _, a := range s.added {
		if r := s.normalizeRoute(a.prefix); n == r || strings.HasPrefix(n, r+"/") {
			return a.reason
		}
	}
	return ""
}

// parse scans a page as the generator serving it reads it.
func (c *checker) parse(name string, src []byte) *Markdown {
	fl := github
	if s := c.siteFor(name); s != nil {
		fl = s.flavor
	}
	return parseMarkdown(src, fl, strings.EqualFold(path.Ext(name), ".mdx") || fl.mdxPages)
}

// pageURLs reports a page whose relative links the site resolves against
// the page's route when they name no file.
func (c *checker) pageURLs(file string) bool {
	s := c.siteFor(file)
	return s != nil && s.flavor.pageURLs
}

// judgeOnSite reads a relative link that names no file the way the
// generator serving the page does: from the content folder's root
// (Docusaurus), then as a URL below the page's own route. It returns false
// when neither finds a page or static file.
func (c *checker) judgeOnSite(ct citation, p, fragment string, hasFragment bool) (verdict, bool) {
	s := c.siteFor(ct.file)
	if s == nil || !s.flavor.pageURLs {
		return verdict{}, false
	}
	if s.flavor.docsRoot && isPage(p) {
		for _, m := range s.Content {
			if within(ct.file, m.Dir) {
				if cand := path.Join(m.Dir, p); !escapes(cand) && c.exists(cand) {
					return c.judgeAnchor(cand, fragment, hasFragment), true
				}
			}
		}
	}
	if v, ok := c.judgeContentPath(s, p, fragment, hasFragment); ok {
		return v, true
	}
	if v, ok := c.judgeGetPage(s, ct.file, p, fragment, hasFragment); ok {
		return v, true
	}
	base := c.pageBase(s, ct.file)
	if base == "" {
		return verdict{}, false
	}
	u := path.Join(base, p)
	if v, ok := c.judgeInLanguages(s, ct.file, u, fragment, hasFragment); ok {
		return v, true
	}
	page, ok := c.route(s, u)
	if !ok {
		if reason := c.absentRoute(s, u); reason != "" {
			return verdict{problem: problemUnverified, reason: reason}, true
		}
		if s.unfolded != "" {
			return verdict{problem: problemUnverified, reason: s.unfolded}, true
		}
		return verdict{}, false
	}
	if page == "" {
		return verdict{}, true // a static file
	}
	return c.judgeRouteAnchor(s, page, fragment, hasFragment), true
}

// judgeGetPage reads a relative link as a Hugo site's link render hook
// that calls GetPage does (s.getPage): a logical path, with or without .md,
// from the page's folder, which for a bundle (index.md, _index.md) is the
// folder above it, since the bundle is the page as a file would be:
// ../introduction.md from clients/grafana/index.md is the introduction
// beside clients/, ./code-of-conduct from policies/security.md is
// policies/code-of-conduct.md. False when the site has no such hook or
// nothing is found.
func (c *checker) judgeGetPage(s *site, file, p, fragment string, hasFragment bool) (verdict, bool) {
	if !s.getPage || p == "" || strings.HasPrefix(p, "/") {
		return verdict{}, false
	}
	dir := path.Dir(file)
	if name := strings.ToLower(path.Base(file)); name == "index.md" || name == "_index.md" {
		dir = path.Dir(dir)
	}
	logical := path.Join(dir, strings.TrimSuffix(p, "/"))
	cands := []string{logical + ".md", logical + "/index.md", logical + "/_index.md"}
	if isPage(p) {
		cands = []string{logical}
	}
	for _, cand := range cands {
		if !escapes(cand) && c.exists(cand) {
			return c.judgeAnchor(cand, fragment, hasFragment), true
		}
	}
	return verdict{}, false
}

// judgeContentPath looks a link naming a content file (x.md, /guide/x.md) up
// below each content folder of a site whose generator resolves such paths
// (Hugo's GetPage); false when the site does not or nothing is found.
func (c *checker) judgeContentPath(s *site, p, fragment string, hasFragment bool) (verdict, bool) {
	if !s.flavor.contentPaths || !isPage(p) {
		return verdict{}, false
	}
	for _, m := range s.Content {
		if cand := path.Join(m.Dir, strings.TrimPrefix(path.Clean("/"+p), "/"+strings.Trim(mountRoute(m), "/"))); !escapes(cand) && c.exists(cand) {
			return c.judgeAnchor(cand, fragment, hasFragment), true
		}
	}
	return verdict{}, false
}

// judgeRouteAnchor checks a fragment on the page serving a route, or on
// any other page serving the same route (another language's).
func (c *checker) judgeRouteAnchor(s *site, page, fragment string, hasFragment bool) verdict {
	v := c.judgeAnchor(page, fragment, hasFragment)
	if v.problem != problemMissingAnchor {
		return v
	}
	for _, alt := range s.alternates[s.pages[page]] {
		if alt != page && c.judgeAnchor(alt, fragment, hasFragment).problem == problemNone {
			return verdict{}
		}
	}
	return v
}

// pageBase is the URL folder a page's relative links are read from: its
// route as a folder when the generator serves pages as folders (or the page
// is an index), its route's parent otherwise; "" when the site serves no
// route for it.
func (c *checker) pageBase(s *site, file string) string {
	if s.routes == nil {
		c.buildRoutes(s)
	}
	r, ok := s.pages[file]
	if !ok {
		return ""
	}
	name := strings.ToLower(strings.TrimSuffix(path.Base(file), path.Ext(file)))
	switch {
	case s.Generator == "docusaurus" && !s.trailingSlash:
		// served as written, /guide for guide/index.md too (trailingSlash
		// unset or false), so a relative URL is read from the parent, as
		// the browser and Docusaurus' own broken-link check read it
	case s.flavor.dirURLs || s.trailingSlash || name == "index" || name == "_index" || name == "readme":
		return strings.TrimSuffix(r, "/") + "/"
	}
	return strings.TrimSuffix(path.Dir(r), "/") + "/"
}

// fragmentFile says why a file's links are read in another page ("" = they
// are its own): a Hugo content file in a _-prefixed folder is a fragment a
// shortcode includes, so its links resolve from the including page.
func (c *checker) fragmentFile(file string) string {
	if strings.HasSuffix(strings.ToLower(file), ".src.md") {
		return fmt.Sprintf("%s is the source a tool renders into another Markdown file (.src.md): its links resolve where the output is written", c.shown(file))
	}
	for _, s := range c.site {
		if s.Generator != "hugo" || s.where == "" {
			continue
		}
		dir := path.Dir(s.where)
		if path.Base(path.Dir(dir)) == "config" {
			dir = path.Dir(path.Dir(dir))
		}
		for _, templates := range []string{"layouts", "archetypes", "themes"} {
			if within(file, path.Join(dir, templates)) {
				return fmt.Sprintf("%s is under the Hugo site's %s/: a template, whose links are filled in when a page is made from it", c.shown(file), templates)
			}
		}
	}
	s := c.siteFor(file)
	if s == nil || s.Generator != "hugo" && s.Generator != "starlight" {
		return ""
	}
	parts := strings.Split(path.Dir(file), "/")
	for _, p := range parts {
		if strings.HasPrefix(p, "_") {
			return fmt.Sprintf("%s is an include fragment (its folder %s starts with _): its links resolve in the page that includes it", c.shown(file), p)
		}
	}
	if s.Generator == "starlight" && strings.HasPrefix(path.Base(file), "_") {
		// Astro leaves _-prefixed files out of a collection: an MDX
		// page imports them
		return fmt.Sprintf("%s is an include fragment (its name starts with _): its links resolve in the page that includes it", c.shown(file))
	}
	return ""
}

// readSubmodules reads the paths of .gitmodules: each, and the folders
// above it, exist in the repository as GitHub shows it, though their files
// are not in this tree.
func (c *checker) readSubmodules() {
	if !c.files[".gitmodules"] {
		return
	}
	src, err := c.fs.ReadFile(filepath.Join(c.root, ".gitmodules"), 0)
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(src), "\n") {
		key, value, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || strings.TrimSpace(key) != "path" {
			continue
		}
		p := path.Clean(strings.TrimSpace(value))
		if p == "." || escapes(p) {
			continue
		}
		c.submodules = append(c.submodules, p)
		for d := p; d != "." && !c.dirs[d]; d = path.Dir(d) {
			c.dirs[d] = true
		}
	}
}

// inSubmodule says why a path cannot be checked: it lies in a git
// submodule ("" = it does not).
func (c *checker) inSubmodule(p string) string {
	for _, m := range c.submodules {
		if p == m || within(p, m) {
			return fmt.Sprintf("%s is in the git submodule %s, whose files are not in this tree", p, m)
		}
	}
	return ""
}

// unverified says that a target cannot be checked, and why.
func (c *checker) unverified(ct citation, reason string) report.Finding {
	subject := "link target " + ct.target
	if ct.rule.ID == RuleBrokenRef {
		subject = "the file a comment cites, " + ct.target + ","
	}
	return report.Finding{
		Rule:      RuleUnverified,
		Severity:  unverifiedRule.Severity,
		Message:   fmt.Sprintf("%s is not checked: %s", subject, reason),
		Locations: []report.Location{c.location(ct)},
		Fields:    map[string]any{"target": ct.target, "reason": reason},
	}
}

// missingLine reports a line fragment past the end of the file it names.
func (c *checker) missingLine(ct citation, v verdict) report.Finding {
	return report.Finding{
		Rule:     ct.rule.ID,
		Severity: ct.rule.Severity,
		Message: fmt.Sprintf("link target %s names line #%s of %s, which has %d lines: point it at the lines meant, or pin the URL to a commit",
			ct.target, v.fragment, c.shown(v.resolved), v.lines),
		Locations: []report.Location{c.location(ct), {File: c.display(v.resolved), Line: max(1, v.lines), Column: 1}},
		Fields:    map[string]any{"target": ct.target, "resolved": c.shown(v.resolved), "lines": v.lines},
	}
}
