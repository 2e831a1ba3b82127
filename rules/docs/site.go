package docs

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
)

// Site says how a documentation site routes its files: pages under the
// content folders, files under the static folders.
type Site struct {
	// Generator names the site generator: hugo, docusaurus, mkdocs,
	// vitepress, redocly ("" = generic: a page's route is its path below
	// its content folder without the extension).
	Generator string
	// Content are the folders whose Markdown pages the site serves.
	Content []Mount
	// Static are the folders whose files the site serves as they are.
	Static []Mount
	// BaseURL is a prefix every route may carry ("/" or "" = none).
	BaseURL string
}

// Mount is a folder served at a route.
type Mount struct {
	// Dir is the folder, slash-separated, relative to the checked directory.
	Dir string
	// Route is the URL path the folder is served at ("" = "/").
	Route string
}

// site is one site's resolved routing: which files it covers and the routes
// it serves, built on first use.
type site struct {
	Site
	where  string            // the site's configuration file ("" = configured)
	routes map[string]string // normalized route → page ("" = a static file)
	fold   bool              // routes are compared lower-cased (Hugo)
}

func within(file, dir string) bool {
	return dir == "." || dir == "" || strings.HasPrefix(file, dir+"/")
}

// siteConfigs are the configuration files that name a generator.
var siteConfigs = []struct {
	re        *regexp.Regexp
	generator string
}{
	{regexp.MustCompile(`(^|/)hugo\.(toml|yaml|yml|json)$`), "hugo"},
	{regexp.MustCompile(`(^|/)config\.(toml|yaml|yml)$`), "hugo"}, // with content/ beside it
	{regexp.MustCompile(`(^|/)docusaurus\.config\.(js|cjs|mjs|ts)$`), "docusaurus"},
	{regexp.MustCompile(`(^|/)mkdocs\.ya?ml$`), "mkdocs"},
	{regexp.MustCompile(`(^|/)\.vitepress/config\.(js|cjs|mjs|ts|mts)$`), "vitepress"},
	{regexp.MustCompile(`(^|/)redocly\.ya?ml$`), "redocly"},
}

// detectSite returns the configured site, or the sites whose generator
// configuration files are in the checked tree.
func (c *checker) detectSite(configured *Site) ([]*site, error) {
	if configured != nil {
		s := &site{Site: *configured}
		for _, m := range append(append([]Mount(nil), s.Content...), s.Static...) {
			if escapes(path.Clean(m.Dir)) {
				return nil, fmt.Errorf("site: %s is outside the checked folder", m.Dir)
			}
		}
		s.fold = s.Generator == "hugo"
		return []*site{s}, nil
	}
	var out []*site
	for f := range c.files {
		for _, sc := range siteConfigs {
			if !sc.re.MatchString(f) {
				continue
			}
			if s := c.siteFrom(f, sc.generator); s != nil {
				out = append(out, s)
			}
			break
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].where < out[j].where })
	return out, nil
}

var (
	jsStringOption = func(key string) *regexp.Regexp {
		return regexp.MustCompile(key + `\s*:\s*['"` + "`" + `]([^'"` + "`" + `]*)['"` + "`" + `]`)
	}
	docusaurusRouteBase = jsStringOption(`routeBasePath`)
	docusaurusBaseURL   = jsStringOption(`baseUrl`)
	docusaurusDocsPath  = jsStringOption(`\bpath`)
	vitepressSrcDir     = jsStringOption(`srcDir`)
	vitepressBase       = jsStringOption(`\bbase`)
	yamlOption          = func(key string) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^` + key + `\s*[:=]\s*['"]?([^'"#\s]+)`)
	}
	mkdocsDocsDir  = yamlOption(`docs_dir`)
	hugoContentDir = yamlOption(`contentDir`)
	hugoStaticDir  = yamlOption(`staticDir`)
)

// siteFrom reads a generator's configuration file f and returns its site, or
// nil when the file is not one (a config.toml without content/ beside it).
func (c *checker) siteFrom(f, generator string) *site {
	dir := path.Dir(f)
	if generator == "vitepress" {
		dir = path.Dir(dir)
	}
	join := func(p string) string { return path.Clean(path.Join(dir, p)) }
	src, _ := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)), 0)
	option := func(re *regexp.Regexp, def string) string {
		if m := re.FindSubmatch(src); m != nil {
			return string(m[1])
		}
		return def
	}
	s := &site{where: f, Site: Site{Generator: generator}}
	switch generator {
	case "hugo":
		content := join(option(hugoContentDir, "content"))
		if !c.dirs[content] || escapes(content) {
			return nil
		}
		s.Content = []Mount{{Dir: content, Route: "/"}}
		s.Static = []Mount{{Dir: join(option(hugoStaticDir, "static")), Route: "/"}}
		s.fold = true
	case "docusaurus":
		base := "/" + strings.Trim(option(docusaurusRouteBase, "docs"), "/")
		s.Content = []Mount{
			{Dir: join(option(docusaurusDocsPath, "docs")), Route: base},
			{Dir: join("blog"), Route: "/blog"},
			{Dir: join("src/pages"), Route: "/"},
		}
		s.Static = []Mount{{Dir: join("static"), Route: "/"}}
		s.BaseURL = option(docusaurusBaseURL, "/")
	case "mkdocs":
		docs := join(option(mkdocsDocsDir, "docs"))
		s.Content = []Mount{{Dir: docs, Route: "/"}}
		s.Static = []Mount{{Dir: docs, Route: "/"}}
	case "vitepress":
		srcDir := join(option(vitepressSrcDir, "."))
		s.Content = []Mount{{Dir: srcDir, Route: "/"}}
		s.Static = []Mount{{Dir: path.Join(srcDir, "public"), Route: "/"}, {Dir: srcDir, Route: "/"}}
		s.BaseURL = option(vitepressBase, "/")
	case "redocly":
		s.Content = []Mount{{Dir: dir, Route: "/"}}
		s.Static = []Mount{{Dir: dir, Route: "/"}, {Dir: join("static"), Route: "/"}}
	}
	for _, m := range append(append([]Mount(nil), s.Content...), s.Static...) {
		if escapes(m.Dir) {
			return nil // a configuration pointing outside the checked tree is not ours to follow
		}
	}
	return s
}

// siteFor returns the site that serves file as a page, or nil.
func (c *checker) siteFor(file string) *site {
	var best *site
	bestLen := -1
	for _, s := range c.site {
		for _, m := range s.Content {
			if within(file, m.Dir) && len(m.Dir) > bestLen {
				best, bestLen = s, len(m.Dir)
			}
		}
	}
	return best
}

// normalizeRoute drops a trailing slash, index.html and .html, so /a/, /a,
// /a/index.html and /a.html are one route.
func (s *site) normalizeRoute(r string) string {
	r = strings.TrimSuffix(r, "/index.html")
	r = strings.TrimSuffix(r, ".html")
	r = "/" + strings.Trim(r, "/")
	if s.fold {
		r = strings.ToLower(r)
	}
	return r
}

// route looks up a root-absolute path in the site's routes, first as
// written, then without the base URL. It returns the page serving it ("" for
// a static file) and whether anything does.
func (c *checker) route(s *site, p string) (string, bool) {
	if s.routes == nil {
		c.buildRoutes(s)
	}
	try := []string{p}
	if base := "/" + strings.Trim(s.BaseURL, "/"); base != "/" && strings.HasPrefix(p, base+"/") {
		try = append(try, strings.TrimPrefix(p, base))
	}
	for _, t := range try {
		if page, ok := s.routes[s.normalizeRoute(t)]; ok {
			return page, true
		}
	}
	return "", false
}

// buildRoutes lists the routes the site serves: every static file at its
// path below its static folder, and every page where the generator puts it.
func (c *checker) buildRoutes(s *site) {
	s.routes = map[string]string{}
	add := func(route, page string) {
		r := s.normalizeRoute(route)
		if _, seen := s.routes[r]; !seen || page != "" {
			s.routes[r] = page
		}
	}
	for _, r := range generatedRoutes[s.Generator] {
		add(r, "")
	}
	files := make([]string, 0, len(c.files))
	for f := range c.files {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		for _, m := range s.Static {
			if within(f, m.Dir) {
				add(path.Join(mountRoute(m), strings.TrimPrefix(f, m.Dir+"/")), "")
			}
		}
		if !isPage(f) {
			// A file beside a page (a Hugo page bundle's image) is served
			// beside it.
			for _, m := range s.Content {
				switch {
				case !within(f, m.Dir):
				case s.Generator == "hugo":
					add(path.Join(mountRoute(m), strings.TrimPrefix(f, m.Dir+"/")), "")
				case s.Generator == "docusaurus" && path.Base(m.Dir) == "pages" && jsPage.MatchString(f):
					// A React page: src/pages/about.tsx is /about.
					route := path.Join(mountRoute(m), strings.TrimSuffix(strings.TrimPrefix(f, m.Dir+"/"), path.Ext(f)))
					add(strings.TrimSuffix(route, "/index"), "")
				}
			}
			continue
		}
		for _, m := range s.Content {
			if !within(f, m.Dir) {
				continue
			}
			rel := strings.TrimPrefix(f, m.Dir+"/")
			if m.Dir == "." || m.Dir == "" {
				rel = f
			}
			for _, r := range c.pageRoutes(s, m, f, rel) {
				add(r, f)
			}
			break
		}
	}
}

func mountRoute(m Mount) string {
	if m.Route == "" {
		return "/"
	}
	return m.Route
}

// isPage reports a Markdown (or MDX) page.
func isPage(f string) bool {
	return isMarkdown(f) || strings.EqualFold(path.Ext(f), ".mdx")
}

// numberPrefix is Docusaurus's ordering prefix on file and folder names:
// 01-intro.md is served as intro.
var numberPrefix = regexp.MustCompile(`^\d+[-_.]`)

// jsPage is a Docusaurus React page's file name.
var jsPage = regexp.MustCompile(`\.(js|jsx|ts|tsx)$`)

// docusaurusBlogDate is a Docusaurus blog post's date prefix: 2024-01-31-name
// is served at /blog/2024/01/31/name.
var docusaurusBlogDate = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})-(.+)$`)

// generatedRoutes are routes a generator serves without a source file: home
// pages, listings and taxonomies.
var generatedRoutes = map[string][]string{
	"hugo":       {"/", "/tags", "/categories", "/index.xml", "/sitemap.xml"},
	"docusaurus": {"/", "/blog", "/blog/archive", "/blog/tags", "/search"},
	"mkdocs":     {"/", "/search", "/sitemap.xml"},
	"vitepress":  {"/"},
	"redocly":    {"/"},
}

// pageRoutes returns the routes of one page: where its path puts it, where its
// front matter's slug or url moves it, and its aliases.
func (c *checker) pageRoutes(s *site, m Mount, file, rel string) []string {
	fm := c.frontMatter(file)
	ext := path.Ext(rel)
	dir, name := path.Dir(rel), strings.TrimSuffix(path.Base(rel), ext)
	if dir == "." {
		dir = ""
	}
	if s.Generator == "docusaurus" && mountRoute(m) != "/blog" {
		parts := strings.Split(dir, "/")
		for i, p := range parts {
			parts[i] = numberPrefix.ReplaceAllString(p, "")
		}
		dir = strings.Join(parts, "/")
		name = numberPrefix.ReplaceAllString(name, "")
		if id := fm["id"]; id != "" {
			name = id
		}
	}
	base := mountRoute(m)
	var routes []string
	blogDate := docusaurusBlogDate.FindStringSubmatch(name)
	if s.Generator == "docusaurus" && base == "/blog" && blogDate == nil && dir != "" {
		blogDate = docusaurusBlogDate.FindStringSubmatch(path.Base(dir))
		if blogDate != nil && strings.EqualFold(name, "index") {
			dir = path.Dir(dir)
			if dir == "." {
				dir = ""
			}
		}
	}
	switch lower := strings.ToLower(name); {
	case fm["url"] != "":
		routes = append(routes, fm["url"]) // Hugo: the page's whole route
	case fm["slug"] != "" && strings.HasPrefix(fm["slug"], "/") && s.Generator == "docusaurus":
		routes = append(routes, path.Join(base, fm["slug"]))
	case fm["slug"] != "" && strings.HasPrefix(fm["slug"], "/"):
		routes = append(routes, fm["slug"])
	case fm["slug"] != "":
		routes = append(routes, path.Join(base, dir, fm["slug"]))
	case blogDate != nil && s.Generator == "docusaurus" && base == "/blog":
		routes = append(routes, path.Join(base, dir, blogDate[1], blogDate[2], blogDate[3], blogDate[4]))
	case lower == "_index" || lower == "index" || lower == "readme",
		s.Generator == "docusaurus" && dir != "" && strings.EqualFold(name, path.Base(dir)):
		routes = append(routes, path.Join(base, dir))
	default:
		routes = append(routes, path.Join(base, dir, name))
		if s.Generator == "" || s.Generator == "redocly" || s.Generator == "vitepress" {
			routes = append(routes, path.Join(base, dir, name+ext)) // served with its extension too
		}
	}
	for _, a := range strings.Split(fm["aliases"], "\x00") {
		if a != "" {
			if !strings.HasPrefix(a, "/") {
				a = path.Join(base, dir, a)
			}
			routes = append(routes, a)
		}
	}
	return routes
}

// frontMatter reads the keys of a page's front matter that move it: slug,
// url, id, and aliases (joined with NUL). YAML (---) and TOML (+++) front
// matter are read line by line; nested values are ignored.
func (c *checker) frontMatter(file string) map[string]string {
	out := map[string]string{}
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)), 0)
	if err != nil {
		return out
	}
	lines := strings.Split(string(src), "\n")
	if len(lines) == 0 {
		return out
	}
	fence := strings.TrimSpace(lines[0])
	if fence != "---" && fence != "+++" {
		return out
	}
	list := "" // the key of an open block list
	for _, line := range lines[1:] {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == fence {
			break
		}
		if item, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok && list != "" {
			out[list] += unquote(item) + "\x00"
			continue
		}
		list = ""
		if strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if fence == "+++" {
			key, value, ok = strings.Cut(line, "=")
		}
		if !ok {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch key {
		case "slug", "url", "id":
			out[key] = unquote(value)
		case "aliases", "redirect_from":
			if value == "" {
				list = "aliases"
				continue
			}
			if strings.HasPrefix(value, "[") {
				for _, a := range strings.Split(strings.Trim(value, "[]"), ",") {
					if a = unquote(strings.TrimSpace(a)); a != "" {
						out["aliases"] += a + "\x00"
					}
				}
			} else {
				out["aliases"] += unquote(value) + "\x00"
			}
		}
	}
	return out
}

func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// mayGenerateHeadings reports a page whose headings the generator may
// produce from outside its Markdown (Hugo shortcodes, MDX components and
// imports): a missing anchor on it is not evidence of drift.
func (c *checker) mayGenerateHeadings(file string) bool {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)), 0)
	if err != nil {
		return true
	}
	if bytes.Contains(src, []byte("{{<")) || bytes.Contains(src, []byte("{{%")) {
		return true
	}
	return strings.EqualFold(path.Ext(file), ".mdx") || bytes.Contains(src, []byte("\nimport ")) || bytes.HasPrefix(src, []byte("import "))
}

// judgeRootAbsolute decides a root-absolute link (/docs/x/) from a Markdown
// page: a path in the repository, or a route of the site that serves the
// page. It returns the verdict and true when it decided; false leaves the
// link to the repository-path check.
func (c *checker) judgeRootAbsolute(ct citation, p, fragment string, hasFragment bool) (verdict, bool) {
	resolved := path.Clean(strings.TrimLeft(p, "/"))
	if c.exists(resolved) {
		return verdict{}, false // a repository path: checked as before
	}
	s := c.siteFor(ct.file)
	if s == nil && isMarkdown(resolved) {
		// /docs/x.md from a page no site serves is a repository path, as
		// GitHub reads it: no generator serves Markdown sources by name.
		return verdict{}, false
	}
	if s == nil {
		return verdict{problem: problemUnresolved, resolved: resolved}, true
	}
	page, ok := c.route(s, p)
	if !ok {
		return verdict{problem: problemMissingRoute, resolved: resolved, site: s}, true
	}
	if page == "" || !hasFragment || fragment == "" || c.mayGenerateHeadings(page) {
		return verdict{}, true
	}
	if doc := c.doc(page); doc == nil || doc.HasAnchor(fragment) {
		return verdict{}, true
	}
	return verdict{problem: problemMissingAnchor, resolved: page, fragment: fragment}, true
}

// unresolvedLink says a root-absolute link could not be checked.
func (c *checker) unresolvedLink(ct citation) report.Finding {
	return report.Finding{
		Rule:      RuleUnresolvedLink,
		Severity:  unresolvedLinkRule.Severity,
		Message:   fmt.Sprintf("root-absolute link %s names no file in the repository and no known site serves %s: configure docs.site to check it", ct.target, ct.file),
		Locations: []report.Location{c.location(ct)},
		Fields:    map[string]any{"target": ct.target, "kind": string(ct.kind)},
	}
}

// missingRoute reports a root-absolute link the page's site does not serve.
func (c *checker) missingRoute(ct citation, s *site) report.Finding {
	where := "the configured site"
	if s.where != "" {
		where = fmt.Sprintf("the %s site of %s", s.Generator, s.where)
	}
	f := report.Finding{
		Rule:      RuleBrokenLink,
		Severity:  brokenLinkRule.Severity,
		Message:   fmt.Sprintf("link target %s is neither a page nor a static file of %s, nor a file in the repository: fix the link or restore the page", ct.target, where),
		Locations: []report.Location{c.location(ct)},
		Fields:    map[string]any{"target": ct.target, "kind": string(ct.kind), "site": s.where},
	}
	p, _, _ := splitTarget(ct.target)
	if route, page := closestRoute(s, s.normalizeRoute(p)); route != "" {
		if strings.HasSuffix(p, "/") {
			route += "/" // spelt the way the link spells routes
		}
		f.Message = fmt.Sprintf("link target %s is neither a page nor a static file of %s, nor a file in the repository: did you mean %s", ct.target, where, route)
		f.Fields["suggestion"] = route
		if page != "" {
			f.Locations = append(f.Locations, report.Location{File: c.display(page), Line: 1, Column: 1})
		}
	}
	return f
}

// closestRoute suggests the site route nearest in spelling to a missing one
// (at most a fifth of it differs, at least 2 edits allowed), and its page.
// Ties go to the first route in order.
func closestRoute(s *site, want string) (string, string) {
	routes := make([]string, 0, len(s.routes))
	for r := range s.routes {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	best, bestDist := "", 0
	for _, r := range routes {
		if r == "/" {
			continue
		}
		d := textdist.Levenshtein(want, r)
		if best == "" || d < bestDist {
			best, bestDist = r, d
		}
	}
	if best == "" || bestDist > max(2, len(want)/5) {
		return "", ""
	}
	return best, s.routes[best]
}
