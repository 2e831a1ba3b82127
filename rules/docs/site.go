package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
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
	// lang is the language a Hugo mount serves ("" = the site's).
	lang string
}

// site is one site's resolved routing: which files it covers and the routes
// it serves, built on first use.
type site struct {
	Site
	where  string            // the site's configuration file ("" = configured)
	routes map[string]string // normalized route → page ("" = a static file)
	pages  map[string]string // page → its first normalized route
	fold   bool              // routes are compared lower-cased (Hugo)
	flavor *flavor           // how the generator reads Markdown and links
	langs  []string          // language route prefixes (Hugo: /fr/)
	// defaultLang is Hugo's defaultContentLanguage ("en" when unset).
	defaultLang string
	// spaces are each language's own routes, by language ("" = the
	// default), when the site mounts the default language's content as
	// other languages' fallback: Hugo builds one site per language. Nil =
	// the languages fold into one route space.
	spaces map[string]*langSpace
	// absent are routes whose source is not in the tree (a Hugo mount of a
	// folder fetched when the site builds): what lies below is unverified.
	absent    []Mount
	redirects []redirect
	// trailingSlash: every page is served as a folder (Docusaurus'
	// trailingSlash: true), so its relative URLs are read from below it.
	trailingSlash bool
	// getPage: the site's link render hook resolves a destination with
	// GetPage (a Hugo layouts/_markup/render-link.html calling it), so a
	// relative link is a logical path to a page (see judgeGetPage).
	getPage bool
	// added are routes made from what wirelint does not read, by prefix: a
	// plugin's addRoute (the prefix its path literal spells), a Hugo
	// taxonomy's term pages. What lies below is unverified.
	added []addedRoutes
	// unfolded says why a route the site does not seem to serve may exist
	// anyway: routing the configuration changes in a way wirelint does not
	// evaluate ("" = none).
	unfolded string
	// alternates are every page serving a route (Hugo: each language's);
	// an anchor any of them offers is the route's.
	alternates map[string][]string
	byParent   map[string][]string // routes by folder, for suggestions
	byName     map[string][]string // routes by last segment, for suggestions
	// aliases are import aliases a link may start with, prefix → folder
	// ("@assets/" → "src/assets/": an Astro site's tsconfig.json paths,
	// which its Markdown images resolve through Vite).
	aliases map[string]string
	// labels are a Sphinx site's cross-reference labels, lower-cased,
	// read on first use (see sphinxLabels)
	labels map[string]bool
}

// redirect is a route the site sends elsewhere: From exactly, or every route
// below it when prefix is set (Mintlify's /old/:slug*).
type redirect struct {
	from, to string
	prefix   bool
}

func within(file, dir string) bool {
	return dir == "." || dir == "" || len(file) > len(dir) && file[len(dir)] == '/' && strings.HasPrefix(file, dir)
}

// clientRedirectsAddRoutes matches the options of Docusaurus'
// plugin-client-redirects that make a route of their own (redirects,
// createRedirects); with only fromExtensions and toExtensions it adds .html
// spellings of routes the site has, and a missing route stays missing (jest's
// website: 3 broken links in 6 places were "not checked").
var clientRedirectsAddRoutes = lazyre.New(`\bcreateRedirects\b|["']?\bredirects["']?\s*:`)

// siteConfigs are the names of the configuration files that name a
// generator (a Hugo config.toml only with content/ beside it); a VitePress
// configuration is config.js (cjs, mjs, ts, mts) in a .vitepress folder.
var siteConfigs = map[string]string{
	"hugo.toml": "hugo", "hugo.yaml": "hugo", "hugo.yml": "hugo", "hugo.json": "hugo",
	"config.toml": "hugo", "config.yaml": "hugo", "config.yml": "hugo",
	"docusaurus.config.js": "docusaurus", "docusaurus.config.cjs": "docusaurus",
	"docusaurus.config.mjs": "docusaurus", "docusaurus.config.ts": "docusaurus",
	"mkdocs.yml": "mkdocs", "mkdocs.yaml": "mkdocs",
	// ProperDocs, the MkDocs 1.6 fork (argo-workflows builds with it), reads
	// the same configuration under its own name
	"properdocs.yml": "mkdocs", "properdocs.yaml": "mkdocs",
	"redocly.yaml": "redocly", "redocly.yml": "redocly",
	"docs.json": "mintlify", "mint.json": "mintlify",
	// a Sphinx site is read when MyST reads its Markdown pages
	"conf.py": "sphinx",
	// an Astro site is read when its configuration uses Starlight
	"astro.config.mjs": "starlight", "astro.config.js": "starlight", "astro.config.cjs": "starlight",
	"astro.config.ts": "starlight", "astro.config.mts": "starlight",
}

// vitePressConfigs are the names of a VitePress configuration in .vitepress/.
var vitePressConfigs = map[string]bool{"config.js": true, "config.cjs": true, "config.mjs": true, "config.ts": true, "config.mts": true}

// siteGenerator returns the generator file's name says it configures ("",
// false = none). A lookup of the name, not a pattern: every file of the tree
// is asked.
func siteGenerator(file string) (string, bool) {
	base := file[strings.LastIndexByte(file, '/')+1:]
	if vitePressConfigs[base] && path.Base(path.Dir(file)) == ".vitepress" {
		return "vitepress", true
	}
	g, ok := siteConfigs[base]
	return g, ok
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
		s.flavor = flavorOf(s.Generator)
		return []*site{s}, nil
	}
	var out []*site
	for f := range c.files {
		if generator, ok := siteGenerator(f); ok {
			if s := c.siteFrom(f, generator); s != nil {
				out = append(out, s)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].where < out[j].where })
	return out, nil
}

var (
	jsStringOption = func(key string) func() *regexp.Regexp {
		return lazyre.New(key + `\s*:\s*['"` + "`" + `]([^'"` + "`" + `]*)['"` + "`" + `]`)
	}
	docusaurusRouteBase = jsStringOption(`routeBasePath`)
	docusaurusBaseURL   = jsStringOption(`baseUrl`)
	docusaurusDocsPath  = jsStringOption(`\bpath`)
	// docusaurusTrailingSlash is trailingSlash: true.
	docusaurusTrailingSlash = lazyre.New(`\btrailingSlash\s*:\s*true\b`)
	// docusaurusLastVersion is lastVersion spelled as a literal ('current',
	// '2.8'); versions[0] and other expressions leave the default.
	docusaurusLastVersion = jsStringOption(`\blastVersion`)
	vitepressSrcDir       = jsStringOption(`srcDir`)
	vitepressBase         = jsStringOption(`\bbase`)
	yamlOption            = func(key string) func() *regexp.Regexp {
		return lazyre.New(`(?m)^` + key + `\s*[:=]\s*['"]?([^'"#\s]+)`)
	}
	astroBase = jsStringOption(`\bbase`)
	// astroRedirects is Astro's redirects option, which moves routes.
	astroRedirects = lazyre.New(`\bredirects\s*:`)
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
	option := func(re func() *regexp.Regexp, def string) string {
		if m := re().FindSubmatch(src); m != nil {
			return string(m[1])
		}
		return def
	}
	s := &site{where: f, Site: Site{Generator: generator}}
	fl := *flavorOf(generator)
	s.flavor = &fl
	switch generator {
	case "hugo":
		files := []configFile{{f, src}}
		if path.Base(path.Dir(path.Dir(f))) == "config" {
			dir = path.Dir(path.Dir(dir)) // config/_default/hugo.yaml
			files = c.hugoConfigDir(path.Dir(f))
		}
		hc := readHugoConfig(files)
		for _, hook := range []string{"layouts/_markup/render-link.html", "layouts/_default/_markup/render-link.html"} {
			if src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(path.Join(dir, hook))), 1<<20); err == nil && bytes.Contains(src, []byte("GetPage")) {
				s.getPage = true
			}
		}
		for _, plural := range hc.taxonomies {
			s.added = append(s.added, addedRoutes{prefix: "/" + plural + "/",
				reason: fmt.Sprintf("the Hugo site of %s makes a page for each term of its taxonomy %s from the pages' front matter, which wirelint does not read", f, plural)})
		}
		content := join(option(hugoContentDir, "content"))
		if !c.dirs[content] || escapes(content) {
			if len(hc.mounts) == 0 {
				return nil
			}
		}
		s.Content = []Mount{{Dir: content, Route: "/"}}
		for _, m := range hc.mounts {
			if rest, ok := strings.CutPrefix(m.target, "content"); ok && (rest == "" || rest[0] == '/') {
				route := "/" + strings.Trim(rest, "/")
				if isPage(route) {
					// A file mounted as a page: content/x/_index.md is /x.
					route = strings.TrimSuffix(route, path.Ext(route))
					route = strings.TrimSuffix(strings.TrimSuffix(route, "/_index"), "/index")
				}
				mount := Mount{Dir: join(m.source), Route: route}
				if !c.exists(mount.Dir) {
					s.absent = append(s.absent, mount)
					continue
				}
				for _, lang := range languagesOr(m.langs, hc.defaultLang) {
					mount.lang = lang
					s.Content = append(s.Content, mount)
				}
			}
			if rest, ok := strings.CutPrefix(m.target, "static"); ok && (rest == "" || rest[0] == '/') {
				s.Static = append(s.Static, Mount{Dir: join(m.source), Route: "/" + strings.Trim(rest, "/")})
			}
		}
		if len(hc.mounts) > 0 {
			s.Content = s.Content[1:] // mounts replace the default content folder
		}
		for _, d := range hc.contentDirs {
			for _, lang := range languagesOr(d.langs, hc.defaultLang) {
				s.Content = append(s.Content, Mount{Dir: join(d.source), Route: "/", lang: lang})
			}
		}
		s.defaultLang = hc.defaultLang
		if fallbackMounts(s.Content) {
			s.spaces = map[string]*langSpace{}
		}
		s.Static = append(s.Static, Mount{Dir: join(option(hugoStaticDir, "static")), Route: "/"})
		s.langs = hc.languages
		s.fold = true
		s.flavor.slug = hc.slug
		s.flavor.termIDs = hc.termIDs
	case "docusaurus":
		if bytes.Contains(src, []byte("plugin-client-redirects")) && clientRedirectsAddRoutes().Match(src) {
			s.unfolded = fmt.Sprintf("%s redirects routes (plugin-client-redirects), which wirelint does not fold", f)
		} else if code, prefixes := c.routeAddingCode(dir); code != "" && prefixes == nil {
			s.unfolded = fmt.Sprintf("%s adds routes to the site of %s (a plugin's addRoute), which wirelint does not run", c.shown(code), f)
		} else if code != "" {
			for _, p := range prefixes {
				s.added = append(s.added, addedRoutes{prefix: p,
					reason: fmt.Sprintf("%s adds routes under %s to the site (a plugin's addRoute), which wirelint does not run", c.shown(code), p)})
			}
		}
		base := "/" + strings.Trim(option(docusaurusRouteBase, "docs"), "/")
		s.Content = []Mount{
			{Dir: join(option(docusaurusDocsPath, "docs")), Route: base},
			{Dir: join("blog"), Route: "/blog"},
			{Dir: join("src/pages"), Route: "/"},
		}
		// A versioned site serves the docs folder as the next version and
		// each version of versions.json from versioned_docs/, the last one
		// released (the first listed, or lastVersion) at the docs' own route.
		versions := c.docusaurusVersions(join("versions.json"))
		if len(versions) > maxDocusaurusVersions {
			s.unfolded = fmt.Sprintf("%s lists %d versions, more than the %d wirelint routes", c.shown(join("versions.json")), len(versions), maxDocusaurusVersions)
			versions = nil
		}
		if len(versions) > 0 {
			last := option(docusaurusLastVersion, versions[0])
			if last != "current" {
				s.Content[0].Route = path.Join(base, "next")
			}
			for _, v := range versions {
				route := path.Join(base, v)
				if v == last {
					route = base
				}
				s.Content = append(s.Content, Mount{Dir: join("versioned_docs/version-" + v), Route: route})
			}
		}
		s.Static = []Mount{{Dir: join("static"), Route: "/"}}
		s.BaseURL = option(docusaurusBaseURL, "/")
		s.trailingSlash = docusaurusTrailingSlash().Match(src)
	case "mkdocs":
		readMkDocsConfig(src, s.flavor)
		if bytes.Contains(src, []byte("redirect_maps")) {
			s.unfolded = fmt.Sprintf("%s redirects pages (redirect_maps), which wirelint does not fold", f)
		}
		docs := join(option(mkdocsDocsDir, "docs"))
		s.Content = []Mount{{Dir: docs, Route: "/"}}
		s.Static = []Mount{{Dir: docs, Route: "/"}}
	case "vitepress":
		if bytes.Contains(src, []byte("rewrites")) {
			s.unfolded = fmt.Sprintf("%s rewrites routes (rewrites), which wirelint does not fold", f)
		}
		srcDir := join(option(vitepressSrcDir, "."))
		s.Content = []Mount{{Dir: srcDir, Route: "/"}}
		s.Static = []Mount{{Dir: path.Join(srcDir, "public"), Route: "/"}, {Dir: srcDir, Route: "/"}}
		s.BaseURL = option(vitepressBase, "/")
	case "mintlify":
		if !bytes.Contains(src, []byte("mintlify")) {
			return nil // a docs.json of something else
		}
		s.Content = []Mount{{Dir: dir, Route: "/"}}
		s.Static = []Mount{{Dir: dir, Route: "/"}}
		s.redirects = mintlifyRedirects(src)
		dirs, undirected := mintlifyOpenAPI(src)
		for _, d := range dirs {
			s.added = append(s.added, addedRoutes{prefix: d + "/",
				reason: fmt.Sprintf("the Mintlify site of %s makes a page for each operation of an OpenAPI document under %s, at routes wirelint does not model", f, d)})
		}
		if undirected != "" {
			s.unfolded = fmt.Sprintf("the Mintlify site of %s makes a page for each operation of %s, at routes wirelint does not model", f, undirected)
		}
	case "redocly":
		s.Content = []Mount{{Dir: dir, Route: "/"}}
		s.Static = []Mount{{Dir: dir, Route: "/"}, {Dir: join("static"), Route: "/"}}
	case "sphinx":
		if !bytes.Contains(src, []byte("myst_parser")) && !bytes.Contains(src, []byte("myst_nb")) {
			return nil // Markdown that MyST does not read is GitHub's
		}
		// a root-absolute path is read from the source folder (images
		// and documents alike)
		s.Content = []Mount{{Dir: dir, Route: "/"}}
		s.Static = []Mount{{Dir: dir, Route: "/"}}
	case "starlight":
		if !bytes.Contains(src, []byte("@astrojs/starlight")) {
			return nil // an Astro site without Starlight routes its own pages
		}
		content := join("src/content/docs")
		// src/pages/ routes Astro's own pages and endpoints by file
		// (feed.xml.ts is /feed.xml); one with a [parameter] in its path
		// makes routes below its fixed part that wirelint does not list
		pages := join("src/pages")
		s.Content = []Mount{{Dir: content, Route: "/"}, {Dir: pages, Route: "/"}}
		s.Static = []Mount{{Dir: join("public"), Route: "/"}}
		for file := range c.files {
			if rel, ok := strings.CutPrefix(file, pages+"/"); ok {
				if i := strings.IndexByte(rel, '['); i >= 0 {
					s.added = append(s.added, addedRoutes{prefix: "/" + path.Dir(rel[:i]+"x"),
						reason: fmt.Sprintf("%s makes routes from its parameters, which wirelint does not enumerate", file)})
				}
			}
		}
		slices.SortFunc(s.added, func(a, b addedRoutes) int { return strings.Compare(a.reason, b.reason) })
		s.BaseURL = option(astroBase, "/")
		s.fold = true
		if astroRedirects().Match(src) {
			s.unfolded = fmt.Sprintf("%s redirects routes (redirects), which wirelint does not fold", f)
		}
		if bytes.Contains(src, []byte("locales")) {
			s.langs = c.localeFolders(content)
		}
		s.aliases = c.tsconfigAliases(join("tsconfig.json"))
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
	for _, l := range s.langs {
		if rest, ok := strings.CutPrefix(p, "/"+l+"/"); ok {
			try = append(try, "/"+rest) // a language's pages are its folder's, or the default's it falls back to
		}
	}
	for _, t := range try {
		if page, ok := s.routes[s.normalizeRoute(t)]; ok {
			return page, true
		}
	}
	for _, t := range try {
		for _, r := range s.redirects {
			n := s.normalizeRoute(t)
			switch {
			case n == r.from:
				return s.routes[s.normalizeRoute(r.to)], true
			case r.prefix && strings.HasPrefix(n, r.from+"/"):
				if page, ok := s.routes[s.normalizeRoute(r.to+strings.TrimPrefix(n, r.from))]; ok {
					return page, true
				}
			}
		}
	}
	return "", false
}

// buildRoutes lists the routes the site serves: every static file at its
// path below its static folder, and every page where the generator puts it.
func (c *checker) buildRoutes(s *site) {
	s.routes = map[string]string{}
	s.pages = map[string]string{}
	s.alternates = map[string][]string{}
	priority := map[string]int{} // route → the index of the mount serving its page
	addPage := func(route, page string, mount int) {
		r := s.normalizeRoute(route)
		old, seen := s.routes[r]
		switch {
		case !seen || old == "":
			s.routes[r], priority[r] = page, mount
			s.alternates[r] = append(s.alternates[r], page)
		case s.Content[mount].lang != s.Content[priority[r]].lang:
			// Another language's page at the same route: its anchors
			// are the route's too.
			if mount < priority[r] {
				s.routes[r], priority[r] = page, mount
			}
			s.alternates[r] = append(s.alternates[r], page)
		case mount < priority[r]:
			// The first mount in the configuration's order serves a
			// route two mounts of one language supply.
			for i, alt := range s.alternates[r] {
				if alt == old {
					s.alternates[r][i] = page
				}
			}
			s.routes[r], priority[r] = page, mount
		}
		if _, seen := s.pages[page]; !seen {
			s.pages[page] = r
		}
	}
	add := func(route, page string) {
		r := s.normalizeRoute(route)
		if _, seen := s.routes[r]; !seen {
			s.routes[r] = page
		}
	}
	for _, r := range generatedRoutes[s.Generator] {
		add(r, "")
	}
	for _, l := range s.langs {
		add("/"+l, "") // a language's home page
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
				case s.Generator == "docusaurus" && path.Base(m.Dir) == "pages" && jsPage().MatchString(f),
					s.Generator == "starlight" && path.Base(m.Dir) == "pages" && astroPage().MatchString(f):
					// A React page: src/pages/about.tsx is /about; an
					// Astro page or endpoint: about.astro is /about,
					// feed.xml.ts /feed.xml.
					route := path.Join(mountRoute(m), strings.TrimSuffix(strings.TrimPrefix(f, m.Dir+"/"), path.Ext(f)))
					add(strings.TrimSuffix(route, "/index"), "")
				}
			}
			continue
		}
		for i, m := range s.Content {
			if !within(f, m.Dir) {
				continue
			}
			rel := strings.TrimPrefix(f, m.Dir+"/")
			if m.Dir == "." || m.Dir == "" {
				rel = f
			}
			for _, r := range c.pageRoutes(s, m, f, rel) {
				addPage(r, f, i)
				if s.spaces != nil {
					s.addToSpace(r, f, i)
				}
			}
			if s.Generator != "hugo" {
				break // Hugo mounts one folder at several routes
			}
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

// redirectFrom reads the from: of a redirects item.
var redirectFrom = lazyre.New(`\bfrom:\s*('[^']*'|"[^"]*"|[^,}\s]+)`)

// numberPrefix is Docusaurus's ordering prefix on file and folder names:
// 01-intro.md is served as intro.
var numberPrefix = lazyre.New(`^\d+[-_.]`)

// jsPage is a Docusaurus React page's file name.
var jsPage = lazyre.New(`\.(js|jsx|ts|tsx)$`)

// astroPage matches the files of an Astro site's src/pages that make a
// route besides Markdown: components and endpoints.
var astroPage = lazyre.New(`\.(astro|js|ts|html)$`)

// docusaurusBlogDate is a Docusaurus blog post's date prefix: 2024-01-31-name
// is served at /blog/2024/01/31/name.
var docusaurusBlogDate = lazyre.New(`^(\d{4})-(\d{2})-(\d{2})-(.+)$`)

// generatedRoutes are routes a generator serves without a source file: home
// pages, listings and taxonomies.
var generatedRoutes = map[string][]string{
	"hugo":       {"/", "/tags", "/categories", "/index.xml", "/sitemap.xml"},
	"docusaurus": {"/", "/blog", "/blog/archive", "/blog/tags", "/search"},
	"mkdocs":     {"/", "/search", "/sitemap.xml"},
	"vitepress":  {"/"},
	"redocly":    {"/"},
	"mintlify":   {"/"},
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
			parts[i] = numberPrefix().ReplaceAllString(p, "")
		}
		dir = strings.Join(parts, "/")
		name = numberPrefix().ReplaceAllString(name, "")
		if id := fm["id"]; id != "" {
			name = id
		}
	}
	base := mountRoute(m)
	if s.Generator == "starlight" {
		return []string{starlightRoute(base, dir, name, fm["slug"])}
	}
	var routes []string
	blogDate := docusaurusBlogDate().FindStringSubmatch(name)
	if s.Generator == "docusaurus" && base == "/blog" && blogDate == nil && dir != "" {
		blogDate = docusaurusBlogDate().FindStringSubmatch(path.Base(dir))
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
	case s.Generator == "mintlify" && lower == "index":
		routes = append(routes, path.Join(base, dir), path.Join(base, dir, name))
	case lower == "_index" || lower == "index" || lower == "readme",
		s.Generator == "docusaurus" && dir != "" && strings.EqualFold(name, path.Base(dir)):
		routes = append(routes, path.Join(base, dir))
	default:
		routes = append(routes, path.Join(base, dir, name))
		if s.Generator == "" || s.Generator == "redocly" || s.Generator == "vitepress" {
			routes = append(routes, path.Join(base, dir, name+ext)) // served with its extension too
		}
		if s.Generator == "mintlify" {
			routes = append(routes, path.Join(base, dir, name+".md")) // Mintlify serves every page's Markdown too
		}
	}
	// A relative alias is read from the folder holding the page's URL, as
	// Hugo does (install/_index.md's "installation" is a sibling of
	// install/); a relative redirect's from from the page's URL itself, as
	// OpenTelemetry's layouts write it (RelPermalink + from).
	for _, a := range strings.Split(fm["redirects"], "\x00") {
		if a != "" {
			if !strings.HasPrefix(a, "/") {
				a = path.Join(routes[0], a)
			}
			routes = append(routes, a)
		}
	}
	for _, a := range strings.Split(fm["aliases"], "\x00") {
		if a != "" {
			if !strings.HasPrefix(a, "/") {
				a = path.Join(path.Dir(routes[0]), a)
			}
			routes = append(routes, a)
		}
	}
	return routes
}

// starlightRoute is the route of a Starlight page dir/name below base: its
// front matter's slug (from the collection's root), else each segment of its
// path slugged as Astro's content collections do (github-slugger: lower case,
// spaces to hyphens, punctuation dropped), index standing for its folder.
func starlightRoute(base, dir, name, slug string) string {
	if slug != "" {
		return path.Join(base, slug)
	}
	var segs []string
	if dir != "" {
		segs = strings.Split(dir, "/")
	}
	if !strings.EqualFold(name, "index") {
		segs = append(segs, name)
	}
	for i, seg := range segs {
		segs[i] = Slug(seg)
	}
	return path.Join(append([]string{base}, segs...)...)
}

// localeFolders returns the folders of the content folder content named as a
// language tag (fr, zh-cn, pt-br): a Starlight site's locales, each falling
// back to the root locale's pages.
func (c *checker) localeFolders(content string) []string {
	var out []string
	for d := range c.dirs {
		if path.Dir(d) == content && localeTag().MatchString(path.Base(d)) {
			out = append(out, path.Base(d))
		}
	}
	sort.Strings(out)
	return out
}

// localeTag matches a folder named as a BCP 47 language tag, lower-cased as
// Starlight writes its locales' folders.
var localeTag = lazyre.New(`^[a-z]{2,3}(-[a-z0-9]{2,8})?$`)

// tsconfigAliases reads the paths of a tsconfig.json (compilerOptions.paths
// of the "@x/*": ["dir/*"] form, from its baseUrl): the import aliases an
// Astro site's Markdown images resolve through. Nil when there is none or
// the file does not parse (JSON with comments is not read).
func (c *checker) tsconfigAliases(file string) map[string]string {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)), 1<<20)
	if err != nil {
		return nil
	}
	var ts struct {
		CompilerOptions struct {
			BaseURL string              `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if json.Unmarshal(src, &ts) != nil {
		return nil
	}
	base := path.Join(path.Dir(file), ts.CompilerOptions.BaseURL)
	out := map[string]string{}
	for key, targets := range ts.CompilerOptions.Paths {
		prefix, ok := strings.CutSuffix(key, "*")
		if !ok || len(targets) == 0 || !strings.HasSuffix(prefix, "/") {
			continue
		}
		dir, ok := strings.CutSuffix(targets[0], "*")
		if !ok {
			continue
		}
		if d := path.Join(base, dir); !escapes(d) {
			out[prefix] = d + "/"
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// frontMatter reads the keys of a page's front matter that move it: slug,
// url, id, aliases and redirects' from (each list joined with NUL), and
// draft. YAML (---) and TOML (+++) front
// matter are read line by line; nested values are ignored.
func (c *checker) frontMatter(file string) map[string]string {
	if d := c.doc(file); d != nil {
		return d.front
	}
	return map[string]string{}
}

// readFrontMatter reads the front matter keys frontMatter describes.
func readFrontMatter(src []byte) map[string]string {
	out := map[string]string{}
	if !bytes.HasPrefix(src, []byte("---")) && !bytes.HasPrefix(src, []byte("+++")) {
		return out
	}
	end := len(src)
	if i := bytes.Index(src[3:], []byte("\n---")); i >= 0 && !bytes.HasPrefix(src, []byte("+++")) {
		end = min(len(src), 3+i+5)
	} else if i := bytes.Index(src[3:], []byte("\n+++")); i >= 0 {
		end = min(len(src), 3+i+5)
	}
	lines := strings.Split(string(src[:end]), "\n")
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
			if list == "redirects" {
				if m := redirectFrom().FindStringSubmatch(item); m != nil {
					out["redirects"] += unquote(m[1]) + "\x00"
				}
				continue
			}
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
		case "slug", "url", "id", "draft":
			out[key] = unquote(value)
		case "redirects":
			// - {from: old-name, to: '#section'}: a redirect the site's
			// layouts generate from the page (OpenTelemetry's Netlify file).
			list = "redirects"
			continue
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

// mayGenerateHeadings says why a page's headings may come from outside its
// Markdown (Hugo shortcodes, snippets and includes, MDX components and
// imports), so that a missing anchor on it is not evidence of drift ("" =
// its headings are all written).
func (c *checker) mayGenerateHeadings(file string) string {
	d := c.doc(file)
	if d == nil {
		return "the page could not be read"
	}
	switch d.generated {
	case generatedShortcodes:
		return fmt.Sprintf("%s uses shortcodes, which may add headings when the site renders", c.shown(file))
	case generatedIncludes:
		return fmt.Sprintf("%s includes other files, whose headings the site renders into it", c.shown(file))
	case generatedComponents:
		return fmt.Sprintf("%s imports or renders components, which may add headings", c.shown(file))
	}
	return ""
}

// generatedBy says what may add headings to a page when the site renders;
// components says an MDX page imports or renders components.
func generatedBy(src []byte, components bool) generator {
	switch {
	case bytes.Contains(src, []byte("{{<")) || bytes.Contains(src, []byte("{{%")):
		return generatedShortcodes
	case bytes.Contains(src, []byte("--8<--")) || bytes.Contains(src, []byte("{% include")):
		return generatedIncludes
	case components:
		return generatedComponents
	}
	return generatedNone
}

// generator is what renders headings into a page besides its Markdown.
type generator int

const (
	generatedNone       generator = iota
	generatedShortcodes           // Hugo {{< >}} and {{% %}}
	generatedIncludes             // pymdownx.snippets --8<--, {% include %}
	generatedComponents           // MDX imports and components
)

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
		// /guide/x.md from a page no site serves is a repository path, as
		// GitHub reads it: no generator serves Markdown sources by name.
		return verdict{}, false
	}
	if s == nil {
		return verdict{problem: problemUnresolved, resolved: resolved}, true
	}
	page, ok := c.route(s, p)
	if !ok {
		if v, ok := c.judgeContentPath(s, p, fragment, hasFragment); ok {
			return v, true
		}
		if reason := c.absentRoute(s, p); reason != "" {
			return verdict{problem: problemUnverified, reason: reason}, true
		}
		if s.unfolded != "" {
			// the route and site kept: a git-ignored page file is the
			// better reason (see ignoredTargets)
			return verdict{problem: problemUnverified, reason: s.unfolded, resolved: resolved, site: s}, true
		}
		return verdict{problem: problemMissingRoute, resolved: resolved, site: s}, true
	}
	if page == "" {
		return verdict{}, true
	}
	return c.judgeRouteAnchor(s, page, fragment, hasFragment), true
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
// Only routes in the same folder (a renamed page) or with the same last
// segment (a moved page) are compared, through an index built once per
// site, so a suggestion costs the same on a site of any size. Ties go to the
// first route in order.
func closestRoute(s *site, want string) (string, string) {
	if s.byParent == nil {
		s.byParent, s.byName = map[string][]string{}, map[string][]string{}
		routes := make([]string, 0, len(s.routes))
		for r := range s.routes {
			if r != "/" {
				routes = append(routes, r)
			}
		}
		sort.Strings(routes)
		for _, r := range routes {
			s.byParent[path.Dir(r)] = append(s.byParent[path.Dir(r)], r)
			s.byName[path.Base(r)] = append(s.byName[path.Base(r)], r)
		}
	}
	best, bestDist := "", 0
	for _, group := range [][]string{s.byParent[path.Dir(want)], s.byName[path.Base(want)]} {
		for _, r := range group {
			d := textdist.Levenshtein(want, r)
			if best == "" || d < bestDist || d == bestDist && r < best {
				best, bestDist = r, d
			}
		}
	}
	if best == "" || bestDist > max(2, len(want)/5) {
		return "", ""
	}
	return best, s.routes[best]
}

// addedRoutes are routes under prefix that something wirelint does not
// read makes (reason says what).
type addedRoutes struct{ prefix, reason string }

// addedPath is a path option spelled as a literal: what it holds before any
// ${...} substitution.
var addedPath = lazyre.New(`\bpath\s*:\s*['"` + "`" + `]([^'"` + "`" + `$]*)`)

// routeAddingCode returns the first script under dir, in walk order, that
// calls addRoute: a Docusaurus plugin or theme kept with the site (a local
// folder its configuration loads, or the configuration itself) makes pages
// no content folder holds (Woodpecker's /plugins). It returns the route
// prefixes the script's path literals spell, nil when one is not spelled
// from its start (any route may be added). "" when there is no such script
// among the first maxSiteScripts scripts of up to maxSiteScript bytes.
func (c *checker) routeAddingCode(dir string) (string, []string) {
	var prefixes []string
	found, seen, anyRoute := "", 0, false
	top := filepath.Join(c.root, filepath.FromSlash(dir))
	_ = c.fs.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		switch {
		case found != "" || seen >= maxSiteScripts:
			return fs.SkipAll
		case err != nil:
			return nil // unreadable: nothing this site's check can read either
		}
		name := d.Name()
		if d.IsDir() {
			if p != top && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "build") {
				return filepath.SkipDir
			}
			return nil
		}
		switch path.Ext(name) {
		case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		default:
			return nil
		}
		seen++
		src, err := c.fs.ReadFile(p, maxSiteScript)
		if err == nil && bytes.Contains(src, []byte("addRoute(")) {
			if rel, err := filepath.Rel(c.root, p); err == nil {
				found = filepath.ToSlash(rel)
			}
			for _, m := range addedPath().FindAllSubmatch(src, -1) {
				if !bytes.HasPrefix(m[1], []byte("/")) || len(m[1]) == 1 {
					anyRoute = true // built from something else, or "/": any route
					return fs.SkipAll
				}
				prefixes = append(prefixes, string(m[1]))
			}
		}
		return nil
	})
	if found == "" || anyRoute || len(prefixes) == 0 {
		return found, nil
	}
	return found, prefixes
}

// maxSiteScripts and maxSiteScript bound routeAddingCode's reading.
const (
	maxSiteScripts = 2000
	maxSiteScript  = 1 << 20
)

// maxDocusaurusVersions bounds the versions a site's routes are built for:
// each is a content folder every page is looked up in.
const maxDocusaurusVersions = 200

// docusaurusVersions reads a Docusaurus versions.json: the released
// versions, newest first. Nil when there is none or it is not a list of
// names that can be folders.
func (c *checker) docusaurusVersions(f string) []string {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)), 1<<20)
	if err != nil {
		return nil
	}
	var versions []string
	if json.Unmarshal(src, &versions) != nil {
		return nil
	}
	for _, v := range versions {
		if v == "" || strings.ContainsAny(v, "/\\") || v == "." || v == ".." {
			return nil
		}
	}
	return versions
}
