package docs

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/report"
)

// DefaultRefs are the globs a path cited in a comment must match to be
// checked when Options.Refs is nil: Markdown files under docs/.
var DefaultRefs = []string{"docs/**/*.md"}

// DefaultExclude are the globs of files not scanned when Options.Exclude is
// nil. Test fixtures hold deliberately broken links; vendored and installed
// code is not the project's to fix. Excluded files may still be link targets.
var DefaultExclude = []string{"**/testdata/**", "**/vendor/**", "**/node_modules/**"}

// Options configures Check.
type Options struct {
	// Refs are globs (relative to the checked directory) of documentation
	// paths that comments are checked for; nil = DefaultRefs, empty = none.
	Refs []string
	// Exclude are globs of files not scanned; nil = DefaultExclude.
	Exclude []string
	// Taxonomies are trees of records filed by path, each with an optional
	// index (docs/misfiled, docs/unindexed, docs/index-mismatch,
	// docs/status-mismatch); nil = none.
	Taxonomies []Taxonomy
	// Site says how root-absolute links are routed; nil = detect the site
	// generator from its configuration file.
	Site *Site
	// Discriminant is the property naming a union's branch when a values
	// marker names a union and neither the marker nor the document says
	// ("" = infer it: the one property every branch fixes to a constant).
	Discriminant string
	// Repository is the checked repository as "owner/name": links to
	// https://github.com/owner/name/blob/REF/PATH (and tree/) in Markdown
	// and comments are checked against the tree ("" = the GitHub
	// repository the git remote origin names; none = not checked).
	Repository string
	// IgnoreLinks are globs of link targets, as written, that are not
	// checked: a project's own short forms a render hook expands.
	IgnoreLinks []string
	// FS confines what is read (required: the project's root): a file whose
	// symlinks leave it or enter .git, or that is not a regular file, is not
	// read.
	FS *fsroot.Root
	// Display names a file in messages, given its absolute path (nil = as
	// scanned: root joined with the path below it). Locations keep the
	// scanned form; the caller relativizes them with every other family's.
	Display func(abs string) string
	// MaxFiles is the docs budget of files scanned (Markdown and source
	// files); MaxLinks that of links and cited paths resolved. A tree over
	// either is an error naming the budget before the work it bounds;
	// 0 = limits.DefaultDocsFiles, limits.DefaultDocsLinks.
	MaxFiles, MaxLinks int
	// Limits are the reading budgets of the documents values markers name
	// (file size, nodes, depth, enum members; zero fields = the defaults).
	Limits limits.Limits
}

// Check scans the Markdown files and source-file comments under root and
// returns a finding for every relative link (docs/broken-link) and every
// documentation path cited in a comment (docs/broken-ref) whose target file
// or #anchor does not exist. Files git ignores are skipped. Paths in findings
// are root joined with the path below it. An error means root (or a file in
// it) could not be read, or a glob is malformed.
func Check(root string, opts Options) ([]report.Finding, error) {
	confine := opts.FS
	info, err := confine.Stat(root)
	if os.IsNotExist(err) {
		return nil, fmt.Errorf("%s does not exist", root)
	}
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	refs, err := parseGlobs(opts.Refs, DefaultRefs)
	if err != nil {
		return nil, fmt.Errorf("refs: %w", err)
	}
	exclude, err := parseGlobs(opts.Exclude, DefaultExclude)
	if err != nil {
		return nil, fmt.Errorf("exclude: %w", err)
	}
	ignore, err := parseGlobs(opts.IgnoreLinks, []string{})
	if err != nil {
		return nil, fmt.Errorf("ignore-links: %w", err)
	}
	files, err := listFiles(confine, root)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", root, err)
	}
	c := &checker{
		fs:       confine,
		limits:   opts.Limits,
		root:     root,
		refs:     refs,
		files:    map[string]bool{},
		dirs:     map[string]bool{},
		docs:     map[string]*Markdown{},
		stat:     map[string]bool{},
		verdicts: map[verdictKey]verdict{},
		named:    opts.Display,
		ignore:   ignore,
		repo:     strings.Trim(opts.Repository, "/"),
	}
	c.repoDir, c.repo, c.repoUnknown = ownRepository(confine, root, c.repo)
	var scan []string
	for _, f := range files {
		c.files[f] = true
		for d := path.Dir(f); d != "." && !c.dirs[d]; d = path.Dir(d) {
			c.dirs[d] = true
		}
		if anyMatch(exclude, f) {
			continue
		}
		c.included = append(c.included, f)
		if _, ok := LanguageOf(f); ok || isPage(f) {
			scan = append(scan, f)
		}
	}
	maxFiles, maxLinks := cmp.Or(opts.MaxFiles, limits.DefaultDocsFiles), cmp.Or(opts.MaxLinks, limits.DefaultDocsLinks)
	if len(scan) > maxFiles {
		return nil, fmt.Errorf("%s holds %d Markdown and source files to scan, over the %d-file docs budget (exclude some with --exclude or exclude:, or %s)",
			root, len(scan), maxFiles, limits.Hint("max-docs-files"))
	}
	c.site, err = c.detectSite(opts.Site)
	if err != nil {
		return nil, err
	}
	c.readSubmodules()
	results, err := c.scanAll(scan)
	if err != nil {
		return nil, err
	}
	links := 0
	for _, r := range results {
		links += len(r.citations)
	}
	if links > maxLinks {
		return nil, fmt.Errorf("%s holds %d links and cited paths to resolve, over the %d-link docs budget (exclude some files with --exclude or exclude:, or %s)",
			root, links, maxLinks, limits.Hint("max-docs-links"))
	}
	for i, r := range results {
		if r.doc != nil {
			c.docs[scan[i]] = r.doc
		}
	}
	tax, err := c.checkTaxonomies(opts.Taxonomies)
	if err != nil {
		return nil, err
	}
	out := tax.findings
	c.ignoredTargets(results, tax.explained)
	c.served = map[string][]citation{}
	for _, r := range results {
		for _, ct := range r.citations {
			if ct.kind != "" && c.siteFor(ct.file) != nil {
				c.served[ct.target] = append(c.served[ct.target], ct)
			}
		}
	}
	var generated []*generatedGroup
	byDir := map[string]*generatedGroup{}
	for _, r := range results {
		var commits, emoji []citation
		for _, ct := range r.citations {
			if tax.explained[ct] {
				continue
			}
			if c.commitLink(ct) {
				commits = append(commits, ct)
				continue
			}
			if c.contributorAnchor(r.doc, ct) {
				emoji = append(emoji, ct)
				continue
			}
			f, ok := c.resolve(ct)
			if !ok {
				continue
			}
			if f.Rule == ct.rule.ID {
				if where := c.generatedBy(ct.file); where != "" {
					key := ct.rule.ID + "\x00" + path.Dir(ct.file)
					g := byDir[key]
					if g == nil {
						g = &generatedGroup{rule: ct.rule, dir: path.Dir(ct.file), where: where, first: ct, files: map[string]bool{}}
						byDir[key] = g
						generated = append(generated, g)
					}
					g.findings = append(g.findings, f)
					g.files[ct.file] = true
					continue
				}
			}
			out = append(out, f)
		}
		if len(commits) > 0 {
			out = append(out, c.commitLinks(commits))
		}
		if len(emoji) > 0 {
			out = append(out, c.contributorAnchors(emoji))
		}
	}
	out = append(out, c.generatedFindings(generated)...)
	if f, ok := c.ownURLsUnchecked(results); ok {
		out = append(out, f)
	}
	tables, err := c.checkTables(results, opts.Discriminant)
	if err != nil {
		return nil, err
	}
	return append(out, tables...), nil
}

func parseGlobs(given, def []string) ([]Glob, error) {
	if given == nil {
		given = def
	}
	gs := make([]Glob, 0, len(given))
	for _, p := range given {
		g, err := ParseGlob(p)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return gs, nil
}

func isMarkdown(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown":
		return true
	}
	return false
}

// citation is one reference to a file (and maybe a heading) found in a file.
type citation struct {
	rule   report.Rule // brokenLinkRule or brokenRefRule
	kind   LinkKind    // for links; "" for comment refs
	file   string      // citing file, relative to the root
	line   int         // 1-based
	col    int         // 1-based, characters
	target string      // as written
	// foreign lists, newline-separated, the folders the citing file names
	// that hold a bare citation's first folder below another path
	// ("tmp/semconv" for tmp/semconv/docs/): the tree the comment may mean
	// ("" = none).
	foreign string
}

// scanned is what one file yields.
type scanned struct {
	citations []citation
	doc       *Markdown // for Markdown files
	tables    []markedTable
}

// checker holds one Check run's file index and caches; resolve runs on one
// goroutine, so the maps need no lock.
type checker struct {
	fs       *fsroot.Root
	limits   limits.Limits // the budgets documents are read with
	root     string
	refs     []Glob
	included []string             // listed files not excluded, sorted: suggestions come from these
	files    map[string]bool      // listed files
	dirs     map[string]bool      // directories holding listed files
	docs     map[string]*Markdown // parsed Markdown by path; nil = unreadable
	stat     map[string]bool      // existence of unlisted paths, cached
	refDocs  []string             // included files a comment could cite; nil = not computed yet
	verdicts map[verdictKey]verdict
	// attributes are the linguist-generated lines of the listed
	// .gitattributes files, shallowest first (nil = not read yet; see
	// generatedBy)
	attributes []attrFile
	generated  map[string]string // generatedBy's answers by file
	// generatorFiles are the files each .openapi-generator/FILES read lists,
	// with their lines
	generatorFiles map[string]map[string]int
	// ignored are the missing targets a .gitignore of the repository
	// excludes, with the rule (FILE:LINE): a build makes them
	ignored map[string]string
	// ignoredRoutes are the missing routes of a site whose page file a
	// .gitignore excludes, by routeKey, with why (see pageSources)
	ignoredRoutes map[string]string
	site          []*site // documentation sites root-absolute links are routed through
	// served holds, by target as written, the links of the pages a site
	// serves (see publishedCopy)
	served map[string][]citation
	named  func(abs string) string
	ignore []Glob // link targets not checked
	repo   string // owner/name; "" = own URLs not checked
	// repoUnknown says repo is "" for want of a checkout or a remote origin
	repoUnknown bool
	// repoDir is root's folder below the repository's top, slash-separated
	// ("" = root is the top, or the top is not known): an own URL's path
	// is below the top.
	repoDir string
	// submodules are the paths .gitmodules names: their files are another
	// repository's, absent from this tree.
	submodules []string
	// suggestionWork counts the candidate files broken links were compared
	// with, up to maxSuggestionWork
	suggestionWork int
	// includedIndex and refDocsIndex find suggestions among included and
	// refDocs (nil = not built yet).
	includedIndex, refDocsIndex *fileIndex
}

// maxSuggestionWork bounds the comparisons of broken links with candidate
// files in one run (each a Levenshtein distance of two names). The file
// index hands a link only the files whose names are near its own, so this
// is a backstop for trees where thousands of files share a name.
// Resolution is sequential, so which links get a suggestion is the same on
// every run.
const maxSuggestionWork = 5_000_000

// scanAll reads and scans files in parallel; results keep the files' order.
func (c *checker) scanAll(files []string) ([]scanned, error) {
	results := make([]scanned, len(files))
	errs := make([]error, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{matched: map[string]bool{}}
			for i := range next {
				results[i], errs[i] = c.scanSafely(files[i], w)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// scanSafely is scan with a panic turned into an error naming the file: the
// command's recover cannot see a scanner goroutine's panic.
func (c *checker) scanSafely(name string, w *worker) (s scanned, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error scanning %s: %v (please report this with the file)", c.shown(name), r)
		}
	}()
	return c.scan(name, w)
}

// worker is one scanning goroutine's reusable state. Nothing scanned keeps a
// reference to the read buffer: links, anchors and citations copy their text.
type worker struct {
	buf     bytes.Buffer
	matched map[string]bool // citesDoc results for bare tokens
}

// read returns the contents of file in the worker's buffer, valid until the
// next read.
func (w *worker) read(confine *fsroot.Root, file string) ([]byte, error) {
	f, err := confine.Open(file)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read-only: closing cannot lose data
	w.buf.Reset()
	if _, err := w.buf.ReadFrom(f); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

func (c *checker) scan(name string, w *worker) (scanned, error) {
	src, err := w.read(c.fs, filepath.Join(c.root, filepath.FromSlash(name)))
	if err != nil {
		if os.IsNotExist(err) || errors.Is(err, fsroot.ErrOutside) || errors.Is(err, fsroot.ErrNotRegular) {
			return scanned{}, nil // removed while we ran; a symlink leaving the project; a FIFO
		}
		return scanned{}, fmt.Errorf("read %s: %w", c.shown(name), err)
	}
	if isPage(name) {
		doc := c.parse(name, src)
		var cts []citation
		for _, l := range doc.Links {
			cts = append(cts, citation{rule: brokenLinkRule, kind: l.Kind, file: name, line: l.Line, col: l.Column, target: l.Target})
		}
		return scanned{citations: cts, doc: doc, tables: scanTables(name, src)}, nil
	}
	lang, _ := LanguageOf(name)
	comments := Comments(lang, src)
	return scanned{citations: append(citedPaths(name, src, comments, c.refs, w.matched), ownURLs(name, src, comments, c.repo)...)}, nil
}

// display is the path of a root-relative name as locations print it.
func (c *checker) display(name string) string {
	return path.Join(filepath.ToSlash(c.root), name)
}

// shown is the path of a root-relative name as messages print it.
func (c *checker) shown(name string) string { return c.name(c.display(name)) }

// name maps a path in the displayed form (relative to the working directory
// or absolute) to the form messages print, through Options.Display.
func (c *checker) name(displayed string) string {
	if c.named == nil {
		return displayed
	}
	abs, err := filepath.Abs(filepath.FromSlash(displayed))
	if err != nil {
		return displayed
	}
	return c.named(abs)
}

// exists reports whether the root-relative path names a file or directory.
func (c *checker) exists(name string) bool {
	if name == "." || c.files[name] || c.dirs[name] {
		return true
	}
	if ok, seen := c.stat[name]; seen {
		return ok
	}
	if parent := path.Dir(name); parent != "." && !c.dirs[parent] && !c.exists(parent) {
		c.stat[name] = false // nothing is below a folder that is not there
		return false
	}
	_, err := c.fs.Stat(filepath.Join(c.root, filepath.FromSlash(name)))
	c.stat[name] = err == nil
	return err == nil
}

// doc returns the parsed Markdown file name, parsing it on first use when it
// was not scanned (excluded, or ignored by git). Nil when unreadable.
func (c *checker) doc(name string) *Markdown {
	if d, ok := c.docs[name]; ok {
		return d
	}
	var d *Markdown
	if src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(name)), 0); err == nil {
		d = c.parse(name, src)
	}
	c.docs[name] = d
	return d
}

// splitTarget separates a target's path and fragment, drops a query, and
// percent-decodes both (keeping the raw text where decoding fails).
func splitTarget(t string) (p, fragment string, hasFragment bool) {
	if i := strings.IndexByte(t, '#'); i >= 0 {
		t, fragment, hasFragment = t[:i], t[i+1:], true
	}
	if i := strings.IndexByte(t, '?'); i >= 0 {
		t = t[:i]
	}
	if u, err := url.PathUnescape(t); err == nil {
		t = u
	}
	if u, err := url.PathUnescape(fragment); err == nil {
		fragment = u
	}
	return t, fragment, hasFragment
}

// external reports a target with a URL scheme (https:, mailto:) or a
// protocol-relative //host prefix: those are not checked.
func external(t string) bool {
	if strings.HasPrefix(t, "//") {
		return true
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == ':':
			return i > 0
		case isAlpha(c), i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return false
}

// escapes reports a root-relative path that leaves the root.
func escapes(p string) bool { return p == ".." || strings.HasPrefix(p, "../") }

// verdictKey is what a verdict depends on; see cachedJudge.
type verdictKey struct{ rule, base, target string }

// verdict is what checking one target from one place found.
type verdict struct {
	problem  problem
	resolved string // root-relative path of the target
	fragment string // percent-decoded #anchor
	site     *site  // for problemMissingRoute
	reason   string // for problemUnverified: why the target cannot be checked
	lines    int    // for problemMissingLine: the file's length in lines
	// space is the language whose route space lacks the route, for a
	// problemMissingRoute of a Hugo site with a space per language (nil =
	// the site's routes as one); draft is the draft page hiding it ("" =
	// none).
	space *langSpace
	draft string
}

type problem int

const (
	problemNone problem = iota
	problemMissingFile
	problemMissingAnchor
	problemMissingRoute // a root-absolute link its page's site does not serve
	problemUnresolved   // a root-absolute link no known site mapping covers
	problemUnverified   // built or resolved when the site renders: see reason
	problemMissingLine  // a line fragment past the end of the file
	problemTemplatePage // a template's link to a page under its issue or pull request that GitHub does not serve
)

// resolve checks one citation and returns its finding, if any.
func (c *checker) resolve(ct citation) (report.Finding, bool) {
	v := c.cachedJudge(ct)
	if v.problem == problemMissingFile && bareRef(ct) {
		// A bare path is read from the root first, then from each directory
		// above the citing file, nearest first: a project nested in the tree
		// cites its own docs/.
		for d := path.Dir(ct.file); d != "."; d = path.Dir(d) {
			alt := ct
			alt.file, alt.target = d+"/_", "./"+ct.target
			if av := c.cachedJudge(alt); av.problem != problemMissingFile {
				v = av
				break
			}
		}
	}
	if v.problem == problemMissingFile && bareRef(ct) {
		if reason := c.foreignTree(ct); reason != "" {
			v = verdict{problem: problemUnverified, reason: reason}
		}
	}
	if v.problem != problemNone && v.problem != problemUnverified && v.problem != problemUnresolved {
		if reason := c.fragmentFile(ct.file); reason != "" {
			v = verdict{problem: problemUnverified, reason: reason}
		} else if reason := c.publishedCopy(ct); reason != "" {
			v = verdict{problem: problemUnverified, reason: reason}
		} else if reason := c.inSubmodule(v.resolved); reason != "" {
			v = verdict{problem: problemUnverified, reason: reason}
		}
	}
	if why := c.ignored[v.resolved]; v.problem == problemMissingFile && why != "" {
		v = verdict{problem: problemUnverified, reason: fmt.Sprintf("%s is ignored by git (%s): a build makes it, so whether it is there is not checked", c.shown(v.resolved), why)}
	}
	if (v.problem == problemMissingRoute || v.problem == problemUnverified) && v.site != nil {
		if why := c.ignoredRoutes[routeKey(v)]; why != "" {
			v = verdict{problem: problemUnverified, reason: why}
		}
	}
	switch v.problem {
	case problemUnverified:
		return c.unverified(ct, v.reason), true
	case problemMissingLine:
		return c.missingLine(ct, v), true
	case problemTemplatePage:
		return c.templatePageLink(ct, v), true
	case problemMissingFile:
		return c.missingFile(ct, v.resolved), true
	case problemMissingAnchor:
		return c.missingAnchor(ct, v.resolved, v.fragment, c.doc(v.resolved)), true
	case problemMissingRoute:
		if v.space != nil {
			return c.missingInLanguage(ct, v), true
		}
		return c.missingRoute(ct, v.site), true
	case problemUnresolved:
		return c.unresolvedLink(ct), true
	}
	return report.Finding{}, false
}

// ownURLsUnchecked says, once, that links to files on GitHub were not
// checked as the repository's own when its GitHub name is not known (no
// git checkout, or an origin elsewhere, and no docs.repository): on a plain
// archive of jest, 10 broken links to its own CHANGELOG anchors went unsaid.
func (c *checker) ownURLsUnchecked(results []scanned) (report.Finding, bool) {
	if c.repo != "" || !c.repoUnknown {
		return report.Finding{}, false // known, or an origin elsewhere: its links to GitHub are others'
	}
	var first citation
	n := 0
	for _, r := range results {
		for _, ct := range r.citations {
			if ct.kind == "" {
				continue
			}
			rest, ok := githubPath(ct.target)
			if !ok {
				continue
			}
			parts := strings.SplitN(rest, "/", 3)
			if len(parts) < 3 || parts[0] == "" || parts[1] == "" {
				continue
			}
			if _, ok := parseRepoPage(parts[2]); !ok {
				continue
			}
			if n == 0 {
				first = ct
			}
			n++
		}
	}
	if n == 0 {
		return report.Finding{}, false
	}
	reason := fmt.Sprintf("this repository's GitHub name is not known (no git checkout with a remote origin, no docs.repository), so none of the %d links to files on GitHub (blob and tree URLs) is checked against this tree; give the name with docs.repository to check those of its own", n)
	f := c.unverified(first, reason)
	f.Fields["links"] = n
	return f, true
}

// publishedCopy says why a link of a file no site serves is judged where
// its text is published ("" = it is not): a page a site serves writes the
// same link, and it resolves there — the file is a template or fragment a
// project tool copies into that page (argo-workflows' .features/ release
// notes gathered into docs/new-features.md, hack/docs/config.md embedded into
// docs/config.md), and judged where it sits its link would be "fixed" into
// one that breaks the published page.
func (c *checker) publishedCopy(ct citation) string {
	if ct.kind == "" || c.siteFor(ct.file) != nil {
		return ""
	}
	line := c.sourceLine(ct.file, ct.line)
	if line == "" {
		return ""
	}
	for _, o := range c.served[ct.target] {
		if o.file == ct.file {
			continue
		}
		// the whole line, not only the link: a README's guide.md is not a
		// docs page's guide.md unless the text around it was copied too
		if c.sourceLine(o.file, o.line) == line && c.cachedJudge(o).problem == problemNone {
			return fmt.Sprintf("%s is served by no documentation site, and %s, a page one serves, holds the same line (line %d), whose link resolves there: this file's text is published there, where its links are judged", c.shown(ct.file), c.shown(o.file), o.line)
		}
	}
	return ""
}

// foreignTree says why a bare comment citation naming no file of this tree
// may cite another tree's ("" = it cites this one): the citing file also
// names its first folder below a path this tree lacks, as a script working
// on a checkout of another repository (tmp/semconv/docs/) does.
func (c *checker) foreignTree(ct citation) string {
	first, _, nested := strings.Cut(ct.target, "/")
	if !nested || ct.foreign == "" {
		return ""
	}
	for _, o := range strings.Split(ct.foreign, "\n") {
		if folder := path.Join(o, first); !c.dirs[folder] && !escapes(folder) {
			return fmt.Sprintf("%s also names %s/, which is not in this tree: the comment may cite that tree's %s", c.shown(ct.file), folder, ct.target)
		}
	}
	return ""
}

// matchesBelow reports whether a glob matches name or name read from one of
// the directories above it, as a bare citation in a nested project is.
func matchesBelow(gs []Glob, name string) bool {
	for {
		if anyMatch(gs, name) {
			return true
		}
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return false
		}
		name = name[i+1:]
	}
}

// lineAnchor reports a GitHub line fragment: L12 or L12-L20.
func lineAnchor(f string) bool {
	digits := func(s string) bool {
		if len(s) < 2 || s[0] != 'L' {
			return false
		}
		for _, c := range s[1:] {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	from, to, ranged := strings.Cut(f, "-")
	return digits(from) && (!ranged || digits(to))
}

// bareRef reports a comment citation read from the root: not ./ or ../.
func bareRef(ct citation) bool {
	return ct.rule.ID == RuleBrokenRef && !strings.HasPrefix(ct.target, "./") && !strings.HasPrefix(ct.target, "../")
}

// cachedJudge memoizes judge by what the verdict depends on: the rule, the
// target, and where a relative target is read from (nothing for a bare
// comment citation, the citing file for a bare #anchor, its directory
// otherwise).
func (c *checker) cachedJudge(ct citation) verdict {
	base := path.Dir(ct.file)
	switch {
	case bareRef(ct):
		base = ""
	case strings.HasPrefix(ct.target, "#"), strings.HasPrefix(ct.target, "?"):
		base = ct.file
	case ct.rule.ID == RuleBrokenLink && c.pageURLs(ct.file):
		base = ct.file // a relative URL is read from the page's own route
	case ct.rule.ID == RuleBrokenLink && templatePage(ct.file) != "":
		base = "template:" + templatePage(ct.file) // read from the issue or pull request page
	}
	key := verdictKey{ct.rule.ID, base, ct.target}
	v, seen := c.verdicts[key]
	if !seen {
		v = c.judge(ct)
		c.verdicts[key] = v
	}
	return v
}

// judge resolves a citation's target and checks that its file and anchor
// exist.
func (c *checker) judge(ct citation) verdict {
	if anyMatch(c.ignore, ct.target) {
		return verdict{}
	}
	if external(ct.target) {
		if u, ok := parseOwnURL(ct.target, c.repo); ok {
			return c.judgeOwnURL(ct, u)
		}
		return verdict{}
	}
	if reason := builtAtRender(ct.target); reason != "" {
		return verdict{problem: problemUnverified, reason: reason}
	}
	p, fragment, hasFragment := splitTarget(ct.target)
	if page := templatePage(ct.file); page != "" && p != "" && !strings.HasPrefix(p, "/") && ct.rule.ID == RuleBrokenLink {
		return c.judgeTemplateLink(page, p, ct.target[len(p):])
	}
	if strings.HasPrefix(p, "/") && ct.rule.ID == RuleBrokenLink {
		if v, decided := c.judgeRootAbsolute(ct, p, fragment, hasFragment); decided {
			return v
		}
	}
	var resolved string
	switch {
	case p == "" && ct.rule.ID == RuleBrokenLink:
		resolved = ct.file // "#anchor": this document
	case strings.HasPrefix(p, "/"):
		resolved = path.Clean(strings.TrimLeft(p, "/"))
	case bareRef(ct):
		resolved = path.Clean(p)
	default:
		if resolved = c.aliased(ct.file, p); resolved == "" {
			resolved = path.Join(path.Dir(ct.file), p)
		}
	}
	if escapes(resolved) {
		return verdict{} // outside the checked tree: not ours to judge
	}
	if !c.exists(resolved) {
		if ct.rule.ID == RuleBrokenLink && p != "" && !strings.HasPrefix(p, "/") {
			if v, ok := c.judgeOnSite(ct, p, fragment, hasFragment); ok {
				return v
			}
			if v, ok := c.sphinxReference(ct.file, p); ok {
				return v
			}
		}
		return verdict{problem: problemMissingFile, resolved: resolved}
	}
	if strings.Contains(ct.target, "?plain=1") && lineAnchor(fragment) {
		return verdict{} // GitHub's source view of a Markdown file: #L12 or #L12-L20
	}
	return c.judgeAnchor(resolved, fragment, hasFragment)
}

// aliased returns the file a link target p names through an import alias
// of the site serving file (![x](@assets/a.png) on an Astro site whose
// tsconfig.json maps @assets/* to src/assets/*), or "".
func (c *checker) aliased(file, p string) string {
	s := c.siteFor(file)
	if s == nil {
		return ""
	}
	best := ""
	for prefix := range s.aliases {
		if strings.HasPrefix(p, prefix) && len(prefix) > len(best) {
			best = prefix // the longest alias, as TypeScript picks it
		}
	}
	if best == "" {
		return ""
	}
	return path.Join(s.aliases[best], p[len(best):])
}

// judgeAnchor checks the fragment of a link to the existing file resolved.
func (c *checker) judgeAnchor(resolved, fragment string, hasFragment bool) verdict {
	if !hasFragment || fragment == "" || strings.EqualFold(fragment, "top") || !isPage(resolved) || c.dirs[resolved] {
		return verdict{}
	}
	doc := c.doc(resolved)
	if doc == nil || doc.HasAnchor(fragment) {
		return verdict{}
	}
	if v, ok := c.sphinxAnchor(resolved, fragment); ok {
		return v
	}
	s := c.siteFor(resolved)
	if s != nil && respelledAnchor(doc, s.flavor, fragment) {
		// The fragment is a written id as the slugger would spell it: it
		// names that heading, whatever else the page renders.
		return verdict{problem: problemMissingAnchor, resolved: resolved, fragment: fragment}
	}
	if reason := c.mayGenerateHeadings(resolved); reason != "" {
		return verdict{problem: problemUnverified, reason: reason}
	}
	if s != nil && s.flavor.unknownIDs != "" {
		return verdict{problem: problemUnverified, reason: s.flavor.unknownIDs}
	}
	return verdict{problem: problemMissingAnchor, resolved: resolved, fragment: fragment}
}

// respelledAnchor reports a fragment that is the slug of an id written on
// a generator's page (matched in its own case) but not that id:
// #opentelemetryio-word-list for {#openTelemetry.io-word-list}, a
// translation keeping the original heading's slug in its own spelling.
func respelledAnchor(doc *Markdown, fl *flavor, fragment string) bool {
	if !doc.exact || fl.slug == nil {
		return false
	}
	for _, a := range doc.Anchors {
		if a.Name != fragment && fl.slug(a.Name) == fragment {
			return true
		}
	}
	return false
}

// judgeOwnURL checks a URL of the repository's own file: the path against
// the tree, a line fragment against the file's length and any other
// fragment against its headings. A URL pinned to a commit names the file as
// it was then and is not checked.
func (c *checker) judgeOwnURL(ct citation, u ownURL) verdict {
	if u.pinned || u.path == "" || escapes(path.Clean(u.path)) {
		return verdict{}
	}
	resolved := path.Clean(u.path)
	if c.repoDir != "" {
		below, ok := strings.CutPrefix(resolved, c.repoDir+"/")
		if !ok {
			return verdict{} // a file of the repository outside the checked folder
		}
		resolved = below
	}
	if !c.exists(resolved) {
		return verdict{problem: problemMissingFile, resolved: resolved}
	}
	if last, ok := lineRange(u.fragment); ok {
		if c.dirs[resolved] {
			return verdict{}
		}
		n := c.lineCount(resolved)
		if n >= 0 && last > n {
			return verdict{problem: problemMissingLine, resolved: resolved, fragment: u.fragment, lines: n}
		}
		return verdict{}
	}
	if !isPage(resolved) || u.tree {
		return verdict{}
	}
	return c.judgeAnchor(resolved, u.fragment, u.fragment != "")
}

// sourceLine returns line n (1-based) of file, blanks around it trimmed
// ("" when it cannot be read).
func (c *checker) sourceLine(file string, n int) string {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)), 0)
	if err != nil {
		return ""
	}
	for i := 1; len(src) > 0; i++ {
		l, rest, _ := bytes.Cut(src, []byte("\n"))
		if i == n {
			return strings.TrimSpace(string(l))
		}
		src = rest
	}
	return ""
}

// lineCount returns the number of lines of a file (-1 = unreadable); a
// final line without a newline counts.
func (c *checker) lineCount(name string) int {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(name)), 0)
	if err != nil {
		return -1
	}
	n := bytes.Count(src, []byte("\n"))
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// builtAtRender says why a destination is built when the site renders
// ("" = it is written out): a template, shortcode or MDX expression.
func builtAtRender(target string) string {
	switch {
	case strings.Contains(target, "{{"):
		return "a template or shortcode builds it when the site renders"
	case strings.Contains(target, "{%"):
		return "a template tag builds it when the site renders"
	case strings.HasPrefix(target, "{"), strings.Contains(target, "${"):
		return "an expression builds it when the page renders"
	}
	return ""
}

func (c *checker) location(ct citation) report.Location {
	return report.Location{File: c.display(ct.file), Line: ct.line, Column: ct.col}
}

// missingFile reports a target that does not exist, suggesting a moved or
// renamed file when one is close.
func (c *checker) missingFile(ct citation, resolved string) report.Finding {
	candidates := c.includedNear(resolved)
	if ct.rule.ID == RuleBrokenRef {
		if c.refDocs == nil {
			c.refDocs = []string{}
			for _, f := range c.included {
				if matchesBelow(c.refs, f) {
					c.refDocs = append(c.refDocs, f)
				}
			}
			c.refDocsIndex = newFileIndex(c.refDocs)
		}
		candidates = c.refDocsIndex.near(resolved)
	}
	f := report.Finding{
		Rule:      ct.rule.ID,
		Severity:  ct.rule.Severity,
		Locations: []report.Location{c.location(ct)},
		Fields:    map[string]any{"target": ct.target, "resolved": c.shown(resolved)},
	}
	if ct.kind != "" {
		f.Fields["kind"] = string(ct.kind)
	}
	if inner, ok := c.parenthesized(ct); ok {
		// [chat]((https://…)): CommonMark keeps a balanced pair of
		// parentheses in the destination, so the page links a relative path
		delete(f.Fields, "resolved")
		f.Fields["suggestion"] = inner
		f.Message = fmt.Sprintf("link target %s keeps the parentheses doubled around it, so it names a path relative to the page that does not exist: link %s", ct.target, inner)
		return f
	}
	// suggestions compare the target with the candidates the index finds
	// near it: past maxSuggestionWork comparisons in the run, broken links
	// get none
	suggestion := ""
	if c.suggestionWork+len(candidates) <= maxSuggestionWork {
		c.suggestionWork += len(candidates)
		suggestion = closestFile(resolved, ct.file, candidates)
	}
	if suggestion != "" {
		f.Fields["suggestion"] = spell(ct, suggestion)
		f.Locations = append(f.Locations, report.Location{File: c.display(suggestion), Line: 1, Column: 1})
	}
	written, _, _ := splitTarget(ct.target)
	shown := ""
	if path.Clean(strings.TrimLeft(written, "/")) != resolved {
		shown = c.shown(resolved)
	}
	suggestion, _ = f.Fields["suggestion"].(string)
	f.Message = missingFileMessage(ct, shown, suggestion)
	return f
}

// parenthesized returns what a link's target wraps in one more pair of
// parentheses, as [text]((url)) writes it, when that is a URL or a path
// that exists: "(https://example.com/x)", "(notes.md)".
func (c *checker) parenthesized(ct citation) (string, bool) {
	if ct.rule.ID != RuleBrokenLink || !strings.HasPrefix(ct.target, "(") || !strings.HasSuffix(ct.target, ")") || len(ct.target) < 3 {
		return "", false
	}
	inner := ct.target[1 : len(ct.target)-1]
	scheme, rest, found := strings.Cut(inner, "://")
	if !found || scheme == "" || rest == "" {
		p, _, _ := splitTarget(inner)
		if p == "" || strings.HasPrefix(p, "/") || escapes(path.Join(path.Dir(ct.file), p)) || !c.exists(path.Join(path.Dir(ct.file), p)) {
			return "", false
		}
		return inner, true
	}
	for i := 0; i < len(scheme); i++ {
		if b := scheme[i]; !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || i > 0 && (b >= '0' && b <= '9' || b == '+' || b == '-' || b == '.')) {
			return "", false
		}
	}
	return inner, true
}

// includedNear returns the included files closestFile may suggest for the
// missing path want.
func (c *checker) includedNear(want string) []string {
	if c.includedIndex == nil {
		c.includedIndex = newFileIndex(c.included)
	}
	return c.includedIndex.near(want)
}

// spell writes the root-relative path p the way the citation would: relative
// to the citing file for Markdown links and for comments that cite ./ or ../
// paths, from the root otherwise, with a leading / kept.
func spell(ct citation, p string) string {
	switch {
	case strings.HasPrefix(ct.target, "/"):
		return "/" + p
	case ct.rule.ID == RuleBrokenLink:
		return relative(path.Dir(ct.file), p)
	case strings.HasPrefix(ct.target, "../"):
		return relative(path.Dir(ct.file), p)
	case strings.HasPrefix(ct.target, "./"):
		if r := relative(path.Dir(ct.file), p); !strings.HasPrefix(r, "../") {
			return "./" + r
		}
	}
	return p
}

// missingAnchor reports a fragment that names no heading of an existing
// Markdown file, suggesting the closest heading. The target file is the
// second location: the suggested heading, or its first line.
func (c *checker) missingAnchor(ct citation, resolved, fragment string, doc *Markdown) report.Finding {
	second := report.Location{File: c.display(resolved), Line: 1, Column: 1}
	f := report.Finding{
		Rule:     ct.rule.ID,
		Severity: ct.rule.Severity,
		Fields:   map[string]any{"target": ct.target, "resolved": c.shown(resolved), "anchor": fragment},
	}
	if ct.kind != "" {
		f.Fields["kind"] = string(ct.kind)
	}
	if s, a := c.githubAnchor(ct, resolved, fragment, doc); a != nil {
		// The link works where the file is read on GitHub and not on the
		// built site: no fix is offered, since the site's anchor would
		// break it on GitHub.
		second.Line, second.Column = a.Line, a.Column
		f.Fields["site"], f.Fields["site_anchor"] = s.where, "#"+a.Name
		f.Locations = []report.Location{c.location(ct), second}
		f.Message = fmt.Sprintf("link target %s: on the %s site of %s, %s has no heading with anchor #%s: that is the anchor GitHub gives the heading the site anchors #%s, so the link works only where the file is read on GitHub; link #%s, or give the heading an id both read",
			ct.target, s.Generator, s.where, c.shown(resolved), fragment, a.Name, a.Name)
		return f
	}
	suggestion := ""
	if a := closestAnchor(fragment, doc); a != nil {
		suggestion = a.Name
		f.Fields["suggestion"] = "#" + a.Name
		second.Line, second.Column = a.Line, a.Column
	}
	f.Locations = []report.Location{c.location(ct), second}
	f.Message = missingAnchorMessage(ct, c.shown(resolved), fragment, suggestion)
	return f
}

// githubAnchor returns, for a link written as GitHub reads it (a fragment
// of the page itself or of a relative .md file) to a page an MkDocs site
// builds, the site and the heading whose GitHub anchor fragment is: Python-
// Markdown's toc strips a heading's text before it hyphenates, so "What is
// it ?" is #what-is-it there and #what-is-it- on GitHub. nil otherwise. Only
// MkDocs is asked: its toc gives every heading an id from the same text
// GitHub slugs, so both anchors of one heading are known; a heading with an
// id of its own ({ #id }) is left out, since GitHub shows the braces as
// text.
func (c *checker) githubAnchor(ct citation, resolved, fragment string, doc *Markdown) (*site, *Anchor) {
	s := c.siteFor(resolved)
	if s == nil || s.flavor == nil || s.flavor.name != "mkdocs" || s.where == "" || ct.rule.ID != RuleBrokenLink {
		return nil, nil
	}
	if p, _, _ := splitTarget(ct.target); p != "" && (strings.HasPrefix(p, "/") || !isMarkdown(p)) {
		return nil, nil
	}
	var gh Slugger
	for i := range doc.Anchors {
		a := &doc.Anchors[i]
		if a.Level == 0 {
			continue
		}
		slug := gh.Slug(a.Heading)
		if !strings.HasPrefix(a.Name, s.flavor.slug(a.Heading)) {
			continue // an id of its own
		}
		if strings.EqualFold(slug, fragment) {
			return s, a
		}
	}
	return nil, nil
}
