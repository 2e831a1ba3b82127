package runner

import (
	"errors"
	"fmt"
	"github.com/wirelint/wirelint/internal/idref"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitx"
	"github.com/wirelint/wirelint/internal/guard"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/differential"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/rules/fixture"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
	routerules "github.com/wirelint/wirelint/rules/routes"
)

// Result is the outcome of one run.
type Result struct {
	// Findings are finalized: severities and ignores applied, sorted, every
	// file named relative to the repository root.
	Findings []report.Finding
	// Silenced are the findings ignores removed.
	Silenced []suppress.Suppressed
}

// Run does what c says and returns the findings. An error is the input's
// (a document that cannot be loaded, a folder that cannot be read) or an
// internal one naming the task that failed; findings are then not reported.
//
// The documents are split into groups that no configured piece of work
// spans (a mirror shared by two canonical documents joins them into one
// group); a group's documents are loaded when it starts and released when
// it ends, and at most GOMAXPROCS groups and GOMAXPROCS tasks run at a time,
// so peak memory follows the documents in flight, not how many are
// configured.
func Run(c Config) (*Result, error) {
	if c.Dir == "" {
		c.Dir = workingDir()
	}
	var changes suppress.Changes
	if c.Since != "" {
		// the repository is the project's, found from its root; never one
		// a folder inside the tree looks like
		repo, err := gitx.Find(reduce.ProjectRoot(c.Dir))
		if err != nil {
			return nil, fmt.Errorf("--since %s: %w", c.Since, err)
		}
		if changes, err = suppress.GitChanges(repo, c.Dir, c.Since); err != nil {
			return nil, err
		}
	}
	groups := c.groups()
	r := &run{cfg: &c, root: c.Root, limits: c.Limits.WithDefaults(), tasks: make(chan struct{}, runtime.GOMAXPROCS(0))}
	if r.root == "" {
		docs := c.documents()
		for _, t := range c.Types {
			docs = append(docs, t.Canonical)
		}
		r.root = projectRoot(c.Dir, docs)
	}
	project := fsroot.New(r.root, c.Widen...)
	for _, a := range c.Arguments {
		if p := c.path(a); project.ForArgument(p) != project {
			c.Widen = append(c.Widen, filepath.Dir(p))
		}
	}
	r.changes = changes

	results := make([]groupResult, len(groups)+2+len(c.Types)) // the groups, docs, compat Old and New, types
	inFlight := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, g := range groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inFlight <- struct{}{}
			defer func() { <-inFlight }()
			results[i] = r.group(g)
		}()
	}
	if c.Docs != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fs, err := r.task("docs", r.docs)
			results[len(groups)] = r.finish(fs, err, nil, nil)
		}()
	}
	for i, t := range c.Types {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fs, err := r.task(fmt.Sprintf("types[%d]", i), func() ([]report.Finding, error) { return r.checkTypes(t) })
			results[len(groups)+2+i] = r.finish(fs, err, nil, nil)
		}()
	}
	if c.Compat != nil && c.Compat.New != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[len(groups)+1] = r.comparePaths()
		}()
	}
	wg.Wait()

	out := &Result{}
	var all []report.Finding
	for _, g := range results {
		if g.err != nil {
			return nil, g.err
		}
		all = append(all, g.findings...)
		out.Silenced = append(out.Silenced, g.silenced...)
	}
	label := ""
	if c.Compat != nil && c.Compat.Against != "" {
		label = c.Compat.Against + ":" // REV:PATH is named from the repository's top already
	}
	rebase(all, c.Dir, reduce.ProjectRoot(c.Dir), label)
	out.Findings = report.Finalize(all)
	return out, nil
}

// run is the state one Run shares between its groups.
type run struct {
	cfg *Config
	// root is the project folder no $ref may leave.
	root string
	// limits are the configuration's budgets with the defaults filled in.
	limits limits.Limits
	// tasks holds a token per running task: at most GOMAXPROCS at a time.
	tasks   chan struct{}
	changes suppress.Changes
}

// groupResult is what one group, or the docs task, produced.
type groupResult struct {
	findings []report.Finding
	silenced []suppress.Suppressed
	err      error
}

// group is a set of documents and the work that reads them.
type group struct {
	// docs are the configured documents, in order of first mention.
	docs []string
	// parity, routes and fixtures index the configuration's entries.
	parity, routes, fixtures []int
}

// groups splits the configuration into groups of documents no entry spans,
// in order of first mention.
func (c *Config) groups() []*group {
	docs := c.documents()
	parent := map[string]string{}
	var find func(string) string
	find = func(p string) string {
		if parent[p] == "" || parent[p] == p {
			parent[p] = p
			return p
		}
		parent[p] = find(parent[p])
		return parent[p]
	}
	union := func(ps ...string) {
		for _, p := range ps[1:] {
			if a, b := find(ps[0]), find(p); a != b {
				parent[b] = a
			}
		}
	}
	for _, p := range c.Parity {
		union(append(p.CanonicalFiles(), p.Mirror)...)
	}
	for _, f := range c.Fixtures {
		if len(f.Documents) > 0 {
			union(f.Documents...)
		}
	}
	byRoot := map[string]*group{}
	var out []*group
	for _, d := range docs {
		root := find(d)
		g := byRoot[root]
		if g == nil {
			g = &group{}
			byRoot[root] = g
			out = append(out, g)
		}
		g.docs = append(g.docs, d)
	}
	for i, p := range c.Parity {
		g := byRoot[find(p.Canonical)]
		g.parity = append(g.parity, i)
	}
	for i, r := range c.Routes {
		g := byRoot[find(r.Spec)]
		g.routes = append(g.routes, i)
	}
	for i, f := range c.Fixtures {
		if len(f.Documents) > 0 {
			g := byRoot[find(f.Documents[0])]
			g.fixtures = append(g.fixtures, i)
		}
	}
	return out
}

// projectRoot is the folder no $ref may leave: the project holding dir when
// a document lies inside it, else the one holding the first document, so
// running wirelint on another project's files does not turn every
// cross-file $ref into one that leaves the project. (A typed document
// outside the root is read where it is: see Config.Arguments.)
func projectRoot(dir string, docs []string) string {
	root := reduce.ProjectRoot(dir)
	if len(docs) == 0 {
		return root
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			return filepath.Join(dir, filepath.FromSlash(p))
		}
		return p
	}
	for _, d := range docs {
		if fsroot.Within(root, abs(d)) {
			return root
		}
	}
	return reduce.ProjectRoot(filepath.Dir(abs(docs[0])))
}

// task runs fn while holding a task token and turns a panic in it into an
// error naming the task: the one place a run recovers.
func (r *run) task(name string, fn func() ([]report.Finding, error)) (fs []report.Finding, err error) {
	r.tasks <- struct{}{}
	defer func() { <-r.tasks }()
	return Protect(name, fn)
}

// Protect calls fn and turns a panic in it into an error naming what was
// running, so the user sees one line, never a stack trace.
func Protect(name string, fn func() ([]report.Finding, error)) (fs []report.Finding, err error) {
	defer guard.Recover(&err, name)
	return fn()
}

// parallel runs the named tasks at once (each holding a token) and returns
// their findings in task order, or the first task's error.
func (r *run) parallel(names []string, fns []func() ([]report.Finding, error)) ([]report.Finding, error) {
	results := make([][]report.Finding, len(fns))
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for i := range fns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = r.task(names[i], fns[i])
		}()
	}
	wg.Wait()
	var all []report.Finding
	for i := range fns {
		if errs[i] != nil {
			return nil, errs[i]
		}
		all = append(all, results[i]...)
	}
	return all, nil
}

// workspace returns a workspace rooted at root, widened and bounded as the
// run is, naming files from the configuration's folder.
func (r *run) workspace(root string) *reduce.Workspace {
	ws := reduce.NewWorkspace(root, r.cfg.Widen...)
	ws.Cwd = r.cfg.Dir
	ws.MaxFileSize, ws.MaxNodes, ws.MaxDepth, ws.MaxEnum = r.limits.FileSize, int(r.limits.Nodes), int(r.limits.Depth), int(r.limits.Enum)
	return ws
}

// group loads a group's documents into a workspace of its own, runs every
// task that reads them, and applies ignores; the workspace, and with it
// every document, is dropped when it returns.
func (r *run) group(g *group) groupResult {
	c := r.cfg
	ws := r.workspace(r.root)
	doc := map[string]*reduce.Document{}
	var names []string
	var loads []func() ([]report.Finding, error)
	loaded := make([]*reduce.Document, len(g.docs))
	refsOnly := c.refsOnly()
	for i, p := range g.docs {
		names = append(names, "load "+p)
		loads = append(loads, func() ([]report.Finding, error) {
			var err error
			if refsOnly[p] {
				// only $refs are followed from it: it may be a piece of a
				// split document (a path item, a response) when it holds a
				// $ref; any other file of another kind (a compose file, a
				// workflow) is not refs' input
				loaded[i], err = ws.Load(c.path(p), "")
				if errors.Is(err, reduce.ErrNotDocument) {
					if frag, ferr := ws.LoadFragment(c.path(p), "", reduce.Draft202012); ferr == nil && holdsRef(frag.Root) {
						loaded[i], err = frag, nil
					}
				}
			} else {
				loaded[i], err = ws.Load(c.path(p), "")
				if err != nil && c.Optional[p] && errors.Is(err, reduce.ErrNotDocument) {
					err = nil // a folder argument listed it beside the schemas
				}
			}
			return nil, err
		})
	}
	if _, err := r.parallel(names, loads); err != nil {
		return groupResult{err: err}
	}
	for i, p := range g.docs {
		if loaded[i] != nil {
			doc[p] = loaded[i]
		}
	}
	loaded = slices.DeleteFunc(loaded, func(d *reduce.Document) bool { return d == nil })

	names, fns := r.plan(g, ws, doc, loaded)
	all, err := r.parallel(names, fns)
	if err != nil {
		return groupResult{err: err}
	}
	all = dedupeMirrorOnly(all)
	// Patterns are checked once the tasks above have loaded every document
	// the configured ones reach.
	if c.Regex != nil {
		names, fns = nil, nil
		for _, d := range r.regexDocs(ws, doc) {
			names = append(names, "regex "+d.Path)
			fns = append(fns, func() ([]report.Finding, error) {
				return regex.Check(d, regex.Options{Dialects: c.Regex.Dialects, Severity: c.Regex.Severity, MaxPatternLength: int(r.limits.PatternLength)}), nil
			})
		}
		more, err := r.parallel(names, fns)
		if err != nil {
			return groupResult{err: err}
		}
		all = append(all, more...)
	}
	byPath := map[string]*reduce.Document{}
	for _, d := range ws.Documents() {
		byPath[d.Path] = d
	}
	inline, invalid := suppress.ScanInline(ws.Documents(), KnownRule)
	return r.finish(append(all, invalid...), nil, inline, byPath)
}

// finish names files relative to Dir, keeps what --since asks for, applies
// severities and ignores, and attaches payloads to the drift they prove.
func (r *run) finish(fs []report.Finding, err error, inline *suppress.Inline, byPath map[string]*reduce.Document) groupResult {
	if err != nil {
		return groupResult{err: err}
	}
	relativize(fs, r.cfg.Dir)
	if r.changes != nil {
		fs = suppress.Touched(fs, r.changes, byPath)
	}
	kept, silenced := suppress.Apply(fs, suppress.Options{Config: r.cfg.Suppress, Inline: inline})
	// after ignores: a payload joins only a keyword finding that is reported
	return groupResult{findings: attachPayloads(kept), silenced: silenced}
}

// plan turns a group's share of the configuration into independent tasks:
// one per parity pair, routes pair and fixtures entry, and one for refs.
func (r *run) plan(g *group, ws *reduce.Workspace, doc map[string]*reduce.Document, loaded []*reduce.Document) (names []string, fns []func() ([]report.Finding, error)) {
	c := r.cfg
	add := func(name string, fn func() ([]report.Finding, error)) {
		names = append(names, name)
		fns = append(fns, fn)
	}
	covered := mirrorCoverage(c, g, doc)
	for _, i := range g.parity {
		p := c.Parity[i]
		opts := parity.Options{Renames: p.Renames, Include: p.Include, Exclude: p.Exclude}
		var canonicals []*reduce.Document
		for _, f := range p.CanonicalFiles() {
			if d := doc[f]; d != nil {
				canonicals = append(canonicals, d)
			}
		}
		mirror := doc[p.Mirror]
		if len(canonicals) == 0 {
			add(fmt.Sprintf("parity[%d]", i), func() ([]report.Finding, error) {
				return nil, fmt.Errorf("%s: no JSON Schema or OpenAPI document to use as the canonical schema", strings.Join(p.CanonicalFiles(), ", "))
			})
			continue
		}
		add(fmt.Sprintf("parity[%d]", i), func() ([]report.Finding, error) {
			fs := ParityFamilyAll(NewResolver(ws, c), canonicals, mirror, opts)
			// A mirror shared by several canonical documents holds each one's
			// definitions: one is mirror-only only if no canonical has it.
			out := fs[:0]
			for _, f := range fs {
				if f.Rule == parity.RuleMirrorOnly && covered[mirror][f.Definition] {
					continue
				}
				out = append(out, f)
			}
			return out, nil
		})
	}
	if c.Refs != nil {
		refDocs := loaded
		if len(c.Refs.Documents) > 0 {
			refDocs = nil
			for _, p := range c.Refs.Documents {
				if d, ok := doc[p]; ok {
					refDocs = append(refDocs, d)
				}
			}
		}
		if len(refDocs) > 0 {
			add("refs", func() ([]report.Finding, error) {
				return ref.Check(ws, refDocs, ref.Options{Mappings: c.Refs.Mappings}), nil
			})
		}
	}
	for _, i := range g.routes {
		rt, spec := c.Routes[i], doc[c.Routes[i].Spec]
		add(fmt.Sprintf("routes[%d]", i), func() ([]report.Finding, error) {
			return r.checkRoutes(ws, spec, rt)
		})
	}
	for _, i := range g.fixtures {
		f := c.Fixtures[i]
		var docs []*reduce.Document
		for _, p := range f.Documents {
			docs = append(docs, doc[p])
		}
		add(fmt.Sprintf("fixtures[%d]", i), func() ([]report.Finding, error) {
			return r.checkFixtures(ws, docs, f)
		})
	}
	if c.Compat != nil && c.Compat.Against != "" && len(loaded) > 0 {
		add("compat", func() ([]report.Finding, error) {
			opts := c.Compat.options()
			// every document the run compares is compared on its own, in
			// whichever group it is: a $ref from one into another is not
			// followed
			for _, p := range c.documents() {
				if abs, err := filepath.Abs(c.path(p)); err == nil {
					opts.Paired[abs] = ""
				}
			}
			return compareAgainst(ws, loaded, c.Compat.Against, opts)
		})
	}
	return names, fns
}

// NewResolver returns the resolver parity, diffcheck and compat read $refs
// with (idref.Resolver: on disk, then by $id and anchors, the refs
// section's URL mappings applied); cfg may be nil.
func NewResolver(ws *reduce.Workspace, cfg *Config) *idref.Resolver {
	var opts idref.Options
	if cfg != nil && cfg.Refs != nil {
		opts.Mappings = cfg.Refs.Mappings
	}
	return idref.NewResolver(ws, opts)
}

// ParityFamily runs keyword parity and the description rules on a loaded pair, as
// `wirelint parity` and every parity entry of a configuration do.
func ParityFamily(res reduce.Resolver, canonical, mirror *reduce.Document, opts parity.Options) []report.Finding {
	return ParityFamilyAll(res, []*reduce.Document{canonical}, mirror, opts)
}

// ParityFamilyAll is ParityFamily with several canonical documents.
func ParityFamilyAll(res reduce.Resolver, canonicals []*reduce.Document, mirror *reduce.Document, opts parity.Options) []report.Finding {
	out := parity.CheckAll(res, canonicals, mirror, opts)
	return append(out.Findings, description.Check(out.Pairs)...)
}

// regexDocs returns the documents whose patterns the group checks: the
// configured ones, or every document it loaded (the files their $refs reach
// included).
func (r *run) regexDocs(ws *reduce.Workspace, doc map[string]*reduce.Document) []*reduce.Document {
	if len(r.cfg.Regex.Documents) == 0 {
		return ws.Documents()
	}
	var out []*reduce.Document
	for _, p := range r.cfg.Regex.Documents {
		if d, ok := doc[p]; ok {
			out = append(out, d)
		}
	}
	return out
}

// attachPayloads folds a differential/disagreement into the parity/keyword
// finding of the same pair, definition and pointer: the payload proves that
// drift, so it is reported once, as the keyword finding's payload field
// (JSON) and one detail line (text), instead of as a second finding.
func attachPayloads(fs []report.Finding) []report.Finding {
	key := func(f report.Finding) string {
		k := f.Definition + "\x00" + f.Pointer
		for _, l := range f.Locations {
			k += "\x00" + l.File
		}
		return k
	}
	keyword := map[string]int{}
	for i, f := range fs {
		if f.Rule == parity.RuleKeyword {
			keyword[key(f)] = i
		}
	}
	out := fs[:0]
	for _, f := range fs {
		i, ok := keyword[key(f)]
		if f.Rule != differential.RuleDisagreement || !ok || fs[i].Fields["payload"] != nil {
			out = append(out, f)
			continue
		}
		k := &fs[i]
		if k.Fields == nil {
			k.Fields = map[string]any{}
		}
		k.Fields["payload"] = f.Fields["payload"]
		line := fmt.Sprintf("payload %v accepts and %v rejects: %s", f.Fields["accepted_by"], f.Fields["rejected_by"], strings.TrimPrefix(f.Detail, "payload: "))
		if k.Detail != "" {
			line = k.Detail + "\n" + line
		}
		k.Detail = line
	}
	return out
}

// dedupeMirrorOnly keeps one mirror-only finding per mirror definition when
// several pairs share the mirror and none of their canonicals defines it.
func dedupeMirrorOnly(fs []report.Finding) []report.Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		if f.Rule == parity.RuleMirrorOnly && len(f.Locations) > 1 {
			key := f.Locations[1].File + "\x00" + f.Definition
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		out = append(out, f)
	}
	return out
}

// mirrorCoverage maps each mirror document of the group to the mirror
// definition names that some canonical document of it defines (through
// renames).
func mirrorCoverage(c *Config, g *group, doc map[string]*reduce.Document) map[*reduce.Document]map[string]bool {
	out := map[*reduce.Document]map[string]bool{}
	for _, i := range g.parity {
		p := c.Parity[i]
		mirror := doc[p.Mirror]
		if out[mirror] == nil {
			out[mirror] = map[string]bool{}
		}
		for _, def := range canonicalDefinitions(p, doc) {
			name := def.Name
			if to, ok := p.Renames[name]; ok {
				name = to
			}
			out[mirror][name] = true
		}
	}
	return out
}

// checkRoutes compares one spec with its server's source.
func (r *run) checkRoutes(ws *reduce.Workspace, spec *reduce.Document, rt Routes) ([]report.Finding, error) {
	canonical, err := route.FromSpec(spec, route.SpecOptions{BasePath: rt.BasePath, Override: rt.Override, Resolver: ws})
	if err != nil {
		return nil, err
	}
	dir := r.cfg.Dir
	display := func(p string) string {
		if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(p)
	}
	framework := rt.Framework
	if framework == "" {
		framework = "auto"
	}
	// the server's files, go.mod and module packages are read inside the
	// project, as every document is
	confine := fsroot.New(r.root, r.cfg.Widen...)
	mirror, err := extract.FromServer(r.cfg.path(rt.Server), extract.ServerOptions{Framework: framework, Display: display, FS: confine, Limits: r.cfg.Limits})
	if err != nil {
		return nil, err
	}
	pathsPos, pathsPtr := route.SpecPathsPos(spec)
	return routerules.Check(routerules.Input{
		Canonical: canonical, Mirror: mirror,
		SpecPaths: pathsPos, SpecPathsPointer: pathsPtr, Server: filepath.ToSlash(rt.Server),
		Include: rt.Include, Exclude: rt.Exclude,
	}), nil
}

// checkFixtures validates the payloads of the folders against every
// document and, when asked, probes the canonical document and its mirror
// for payloads they disagree on, the folders' payloads among the probes.
func (r *run) checkFixtures(ws *reduce.Workspace, docs []*reduce.Document, f Fixtures) ([]report.Finding, error) {
	lim := r.limits
	valid := validate.Options{MaxPatternLength: int(lim.PatternLength), MatchTimeout: lim.MatchTimeout}
	var payloads []*validate.Payload
	for _, folder := range f.Folders {
		ps, err := validate.LoadPayloads(ws.FS, r.cfg.path(folder), ws.Display, lim)
		if err != nil {
			return nil, err
		}
		payloads = append(payloads, ps...)
	}
	var fs []report.Finding
	if f.Differential && len(docs) > 1 {
		fs = differential.Check(ws, docs[0], docs[1], differential.Options{Renames: f.Renames, Fixtures: payloads, Budget: lim.ProbeBudget, Validate: valid})
	}
	if len(f.Folders) > 0 {
		fs = append(fs, fixture.Check(ws, docs, payloads, fixture.Options{Renames: f.Renames, Budget: lim.ValidationBudget, Validate: valid})...)
	}
	return fs, nil
}

// docs runs the documentation rules. They name files by the scanned root
// joined with the path below it: relative when Dir is the working
// directory, absolute (then relativized) otherwise.
func (r *run) docs() ([]report.Finding, error) {
	c := r.cfg
	root := "."
	if c.Docs.Root != "" {
		root = filepath.FromSlash(c.Docs.Root)
	}
	if filepath.Clean(workingDir()) != filepath.Clean(c.Dir) {
		root = c.path(root)
	}
	opts := c.Docs.Options
	opts.FS = fsroot.New(fsroot.ProjectDir(c.Dir), c.Widen...)
	opts.Display = fromRepo(reduce.ProjectRoot(c.Dir))
	opts.MaxFiles, opts.MaxLinks = int(r.limits.DocsFiles), int(r.limits.DocsLinks)
	return docs.Check(root, opts)
}

// fromRepo names a file in a message by its path from the repository root,
// as every location is named after rebase; a file outside it keeps its
// absolute path.
func fromRepo(repo string) func(abs string) string {
	return func(abs string) string {
		if rel, err := filepath.Rel(repo, abs); err == nil && fsroot.Within(repo, abs) {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(abs)
	}
}

// relativize rewrites absolute location paths inside dir relative to it,
// slash-separated, as every other path is while ignores are matched.
func relativize(fs []report.Finding, dir string) {
	for i := range fs {
		for j := range fs[i].Locations {
			l := &fs[i].Locations[j]
			p := filepath.FromSlash(l.File)
			if !filepath.IsAbs(p) {
				continue
			}
			if rel, err := filepath.Rel(dir, p); err == nil && fsroot.Within(dir, p) {
				l.File = filepath.ToSlash(rel)
			}
		}
	}
}

// rebase renames the files of fs, relative to dir, relative to root (the
// repository), so every format names a file the same way wherever the
// configuration or the working directory is (an absolute path inside root
// too); a path that leaves root stays as it is, and so does one that starts
// with label (a compat base side,
// REV:PATH, named from root already; "" = none). Fingerprints are computed
// again from the new paths.
func rebase(fs []report.Finding, dir, root, label string) {
	prefix, err := filepath.Rel(root, dir)
	if err != nil || !fsroot.Within(root, dir) {
		prefix = "" // dir is not in the repository: its names stay
	}
	prefix = filepath.ToSlash(prefix)
	for i := range fs {
		changed := false
		for j := range fs[i].Locations {
			l := &fs[i].Locations[j]
			p := filepath.FromSlash(l.File)
			switch {
			case l.File == "" || label != "" && strings.HasPrefix(l.File, label):
			case filepath.IsAbs(p):
				// a file outside dir, named absolutely: from root when inside it
				if rel, err := filepath.Rel(root, p); err == nil && fsroot.Within(root, p) {
					l.File, changed = filepath.ToSlash(rel), true
				}
			case prefix != "" && prefix != ".":
				if q := path.Join(prefix, l.File); q != ".." && !strings.HasPrefix(q, "../") {
					l.File, changed = q, true
				}
			}
		}
		if changed {
			fs[i].Fingerprint = ""
		}
	}
}

// canonicalDefinitions lists the definitions of every canonical document of
// the pair that loaded.
func canonicalDefinitions(p Parity, doc map[string]*reduce.Document) []*reduce.Definition {
	var out []*reduce.Definition
	for _, f := range p.CanonicalFiles() {
		if d := doc[f]; d != nil {
			out = append(out, d.Definitions...)
		}
	}
	return out
}

// holdsRef reports whether a $ref key sits anywhere in the tree. Aliases are
// not followed: what they name is visited where it is anchored.
func holdsRef(root *reduce.Node) bool {
	stack := []*reduce.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || n.Kind == reduce.AliasNode {
			continue
		}
		if n.Kind == reduce.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "$ref" {
					return true
				}
			}
		}
		stack = append(stack, n.Content...)
	}
	return false
}
