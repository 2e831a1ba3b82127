package runner

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitx"
	"github.com/wirelint/wirelint/internal/guard"
	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Result is the outcome of one run.
type Result struct {
	// Findings are finalized: severities and ignores applied, sorted, every
	// file named relative to the repository root.
	Findings []report.Finding
	// Silenced are the findings ignores removed.
	Silenced []suppress.Suppressed
}

// shareTrees lets the groups of a run share the parsed trees of the files
// several of them load; a test turns it off to compare.
var shareTrees = true

// prepare lets families prepare a document as soon as it loads (see
// family.Family.Prepare); a test turns it off to compare.
var prepare = true

// onPrepared, when set, is told of each preparation a family kept (tests).
var onPrepared func(family, path string)

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
	r := &run{cfg: &c, root: c.Root, limits: c.Limits.WithDefaults(), tasks: make(chan struct{}, runtime.GOMAXPROCS(0)),
		shared: reduce.NewShared()}
	r.entries = entriesOf(&c)
	groups, docs := r.groups()
	r.docs = docs
	if len(groups) > 1 && shareTrees {
		// a file several groups load is parsed once or twice, not once
		// per group; one group parses each file once anyway
		r.shared.ShareTrees(reduce.TreeCacheBudget)
	}
	if r.root == "" {
		r.root = projectRoot(c.Dir, docs)
	}
	project := fsroot.New(r.root, c.Widen...)
	for _, a := range c.Arguments {
		if p := c.path(a); project.ForArgument(p) != project {
			c.Widen = append(c.Widen, filepath.Dir(p))
		}
	}
	r.changes = changes

	standalone := r.standalone()
	results := make([]groupResult, len(groups)+len(standalone)+1) // the groups, the standalone passes, compat Old and New
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
	for i, p := range standalone {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fs, err := Protect(p.Family.Name, func() ([]report.Finding, error) {
				out, err := p.Family.Run(p)
				return out.Findings, err
			})
			if err != nil {
				results[len(groups)+i] = groupResult{err: err}
				return
			}
			results[len(groups)+i] = r.finish(fs, nil, nil)
		}()
	}
	if f := comparing(); f != nil && c.Compat != nil && c.Compat.New != "" && len(r.entries[f]) > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[len(results)-1] = r.comparePaths(f)
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
	rebase(all, c.Dir, reduce.ProjectRoot(c.Dir))
	out.Findings = report.Finalize(all, Rules()...)
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
	// entries are each registered family's entries (nil = not run).
	entries map[*family.Family][]family.Entry
	// docs are every document the entries name, in order of first mention.
	docs []string
	// shared is what every group's workspace shares (reduce.Shared)
	shared *reduce.Shared
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
	// entries are each family's entries that read the group's documents (an
	// entry naming none reads every group's).
	entries map[*family.Family][]family.Entry
	// fragments are the documents only entries marked Fragments name.
	fragments map[string]bool
}

// entriesOf splits every registered family's configuration section into
// entries; a family without a section follows the first family it requires.
func entriesOf(c *Config) map[*family.Family][]family.Entry {
	out := map[*family.Family][]family.Entry{}
	for _, reg := range registry {
		if reg.section != nil {
			out[reg.family] = reg.family.Entries(reg.section(c))
		}
	}
	return out
}

// groups splits the configuration into groups of documents no entry spans,
// in order of first mention, and returns them with every document.
func (r *run) groups() ([]*group, []string) {
	var docs []string
	seen := map[string]bool{}
	plain := map[string]bool{} // named by an entry not marked Fragments
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
	add := func(e family.Entry) {
		for _, p := range e.Documents {
			if p == "" {
				continue
			}
			anchor := firstDocument(e)
			if !seen[p] {
				seen[p] = true
				docs = append(docs, p)
			}
			if !e.Fragments {
				plain[p] = true
			}
			if a, b := find(anchor), find(p); a != b {
				parent[b] = a
			}
		}
	}
	for _, reg := range registry {
		if reg.family.Scope != family.Standalone {
			for _, e := range r.entries[reg.family] {
				add(e)
			}
		}
	}
	byRoot := map[string]*group{}
	var out []*group
	for _, d := range docs {
		root := find(d)
		g := byRoot[root]
		if g == nil {
			g = &group{entries: map[*family.Family][]family.Entry{}, fragments: map[string]bool{}}
			byRoot[root] = g
			out = append(out, g)
		}
		g.docs = append(g.docs, d)
		if !plain[d] {
			g.fragments[d] = true
		}
	}
	for _, reg := range registry {
		f := reg.family
		if f.Scope == family.Standalone {
			continue
		}
		for _, e := range r.entries[f] {
			anchor := firstDocument(e)
			if anchor == "" {
				for _, g := range out {
					g.entries[f] = append(g.entries[f], e)
				}
				continue
			}
			g := byRoot[find(anchor)]
			g.entries[f] = append(g.entries[f], e)
		}
	}
	return out, docs
}

// firstDocument is the first document an entry names ("" = none: it reads
// every group's).
func firstDocument(e family.Entry) string {
	for _, p := range e.Documents {
		if p != "" {
			return p
		}
	}
	return ""
}

// standalone returns a pass for each Standalone family with entries,
// confined to the project holding the configuration's folder.
func (r *run) standalone() []*family.Pass {
	c := r.cfg
	var out []*family.Pass
	for _, reg := range registry {
		f := reg.family
		if f.Scope != family.Standalone || len(r.entries[f]) == 0 {
			continue
		}
		repo := fromRepo(reduce.ProjectRoot(c.Dir))
		out = append(out, &family.Pass{
			Family: f, Entries: r.entries[f], Doc: func(string) *reduce.Document { return nil },
			Dir: c.Dir, Root: fsroot.ProjectDir(c.Dir), FS: fsroot.New(fsroot.ProjectDir(c.Dir), c.Widen...),
			Limits: r.limits, Display: repo, FromRepo: repo, Parallel: r.parallel, ResultOf: map[string]any{},
		})
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
	ws.Versions = r.cfg.Versions
	ws.Shared = r.shared
	ws.MaxFileSize, ws.MaxNodes, ws.MaxDepth, ws.MaxEnum = r.limits.FileSize, int(r.limits.Nodes), int(r.limits.Depth), int(r.limits.Enum)
	if c := r.cfg.Compat; c != nil && c.Against != "" {
		// the revision compat reads from git shares the trees of the
		// files it holds unchanged (revisionAt)
		ws.Trees = reduce.NewTrees()
	}
	return ws
}

// group loads a group's documents into a workspace of its own, runs every
// family's pass over them (a family once those it requires have run; the
// Loaded ones last, over every document the others reached), applies
// ignores and then the families' Finish; the workspace, and with it every
// document, is dropped when it returns.
func (r *run) group(g *group) groupResult {
	c := r.cfg
	ws := r.workspace(r.root)
	doc := map[string]*reduce.Document{}
	var names []string
	var loads []func() ([]report.Finding, error)
	loaded := make([]*reduce.Document, len(g.docs))
	resolver := NewResolver(ws, c)
	preparers := r.preparers(g, ws, resolver)
	prepared := map[*family.Family]map[*reduce.Document]any{}
	var preparedMu sync.Mutex
	prepareDoc := func(p string, doc *reduce.Document) error {
		for _, pp := range preparers {
			var v any
			if _, err := Protect("prepare "+pp.Family.Name+" "+p, func() ([]report.Finding, error) {
				v = pp.Family.Prepare(pp, p, doc)
				return nil, nil
			}); err != nil {
				return err
			}
			if v != nil {
				if onPrepared != nil {
					onPrepared(pp.Family.Name, p)
				}
				preparedMu.Lock()
				if prepared[pp.Family] == nil {
					prepared[pp.Family] = map[*reduce.Document]any{}
				}
				prepared[pp.Family][doc] = v
				preparedMu.Unlock()
			}
		}
		return nil
	}
	for i, p := range g.docs {
		names = append(names, "load "+p)
		loads = append(loads, func() ([]report.Finding, error) {
			var err error
			if g.fragments[p] {
				// only $refs are followed from it: it may be a piece of a
				// split document (a path item, a response) when it holds a
				// $ref; any other file of another kind (a compose file, a
				// workflow) is not refs' input
				loaded[i], err = ws.Load(c.path(p), "")
				if errors.Is(err, reduce.ErrNotDocument) {
					if frag, ferr := ws.LoadFragment(c.path(p), "", reduce.Draft202012); ferr == nil && holdsRef(frag.Root) {
						loaded[i], err = frag, nil
					} else if c.Optional[p] {
						err = nil // a glob of the configuration matched it
					}
				}
			} else {
				loaded[i], err = ws.Load(c.path(p), "")
				if err != nil && c.Optional[p] && errors.Is(err, reduce.ErrNotDocument) {
					err = nil // a folder argument listed it beside the schemas
				}
				if err == nil && loaded[i] != nil {
					err = prepareDoc(p, loaded[i])
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

	base := family.Pass{
		Workspace: ws, Resolver: resolver, Documents: loaded, Doc: func(p string) *reduce.Document { return doc[p] },
		Dir: c.Dir, Root: r.root, FS: fsroot.New(r.root, c.Widen...), Limits: r.limits,
		Display: ws.Display, FromRepo: fromRepo(reduce.ProjectRoot(c.Dir)), Parallel: r.parallel,
	}
	passes := r.passes(g, base)
	for _, p := range passes {
		p.Prepared = prepared[p.Family]
	}
	all, results, err := r.runPasses(passes, ws.Documents)
	if err != nil {
		return groupResult{err: err}
	}
	byPath := map[string]*reduce.Document{}
	for _, d := range ws.Documents() {
		byPath[d.Path] = d
	}
	inline, invalid := suppress.ScanInline(ws.Documents(), KnownRule)
	res := r.finish(append(all, invalid...), inline, byPath)
	for _, p := range passes {
		if p.Family.Finish != nil {
			// after ignores: what Finish folds in joins only reported findings
			p.ResultOf = results
			res.findings = p.Family.Finish(p, res.findings)
		}
	}
	return res
}

// preparers returns a pass for each family with a Prepare and entries in
// the group: what its Prepare sees while the group's documents load.
func (r *run) preparers(g *group, ws *reduce.Workspace, res reduce.Resolver) []*family.Pass {
	if !prepare {
		return nil
	}
	var out []*family.Pass
	for _, reg := range registry {
		f := reg.family
		if f.Prepare == nil || f.Scope != family.Grouped || len(g.entries[f]) == 0 {
			continue
		}
		out = append(out, &family.Pass{Family: f, Entries: g.entries[f], Workspace: ws, Resolver: res, Limits: r.limits})
	}
	return out
}

// passes builds the pass of each family that runs in the group, in
// registry order: one with entries of its own, or one that follows the
// family it requires there.
func (r *run) passes(g *group, base family.Pass) []*family.Pass {
	var out []*family.Pass
	for _, reg := range registry {
		f := reg.family
		if f.Scope == family.Standalone {
			continue
		}
		entries := g.entries[f]
		if reg.section == nil && len(f.Requires) > 0 {
			for _, o := range registry {
				if o.family.Name == f.Requires[0] {
					entries = g.entries[o.family]
				}
			}
		}
		if len(entries) == 0 {
			continue
		}
		p := base
		p.Family, p.Entries = f, entries
		out = append(out, &p)
	}
	return out
}

// runPasses runs the Grouped passes at once, each once the passes of the
// families it requires are done (a family that Compares with the group's
// documents at a revision read first: comparePass), then the
// Loaded passes over every document all returns (the workspace's, the
// files $refs reached included). It returns the findings in pass order and
// each family's Result by name.
func (r *run) runPasses(passes []*family.Pass, all func() []*reduce.Document) ([]report.Finding, map[string]any, error) {
	done := map[string]chan struct{}{}
	for _, p := range passes {
		done[p.Family.Name] = make(chan struct{})
	}
	// A Result is kept while a pass that requires it has yet to run, or when
	// a Finish reads it; then it is dropped, so it does not stay in memory
	// while the rest of the group runs.
	pending, keep := map[string]int{}, map[string]bool{}
	for _, p := range passes {
		for _, name := range p.Family.Requires {
			pending[name]++
		}
		for _, name := range p.Family.FinishReads {
			keep[name] = true
		}
	}
	results := map[string]any{}
	var mu sync.Mutex
	findings := make([][]report.Finding, len(passes))
	errs := make([]error, len(passes))
	runPass := func(i int, p *family.Pass) {
		defer close(done[p.Family.Name])
		p.ResultOf = map[string]any{}
		mu.Lock()
		for _, name := range p.Family.Requires {
			p.ResultOf[name] = results[name]
		}
		mu.Unlock()
		var out family.Output
		_, errs[i] = Protect(p.Family.Name, func() ([]report.Finding, error) {
			var err error
			if p.Family.Compares {
				out, err = r.comparePass(p)
			} else {
				out, err = p.Family.Run(p)
			}
			return nil, err
		})
		findings[i] = out.Findings
		p.ResultOf = nil
		mu.Lock()
		defer mu.Unlock()
		if pending[p.Family.Name] > 0 || keep[p.Family.Name] {
			results[p.Family.Name] = out.Result
		}
		for _, name := range p.Family.Requires {
			if pending[name]--; pending[name] == 0 && !keep[name] {
				delete(results, name)
			}
		}
	}
	var wg sync.WaitGroup
	for i, p := range passes {
		if p.Family.Scope != family.Grouped {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, name := range p.Family.Requires {
				if ch, ok := done[name]; ok {
					<-ch
				}
			}
			runPass(i, p)
		}()
	}
	wg.Wait()
	failed := errors.Join(errs...) != nil
	for i, p := range passes {
		if p.Family.Scope == family.Loaded && !failed {
			p.Documents = all()
			runPass(i, p)
		}
	}
	var out []report.Finding
	for i := range findings {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		out = append(out, findings[i]...)
	}
	return out, results, nil
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

// finish names files relative to Dir, keeps what --since asks for, and
// applies severities and ignores.
func (r *run) finish(fs []report.Finding, inline *suppress.Inline, byPath map[string]*reduce.Document) groupResult {
	relativize(fs, r.cfg.Dir)
	if r.changes != nil {
		fs = suppress.Touched(fs, r.changes, byPath)
	}
	kept, silenced := suppress.Apply(fs, suppress.Options{Config: r.cfg.Suppress, Inline: inline})
	return groupResult{findings: kept, silenced: silenced}
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
// too); a path that leaves root stays as it is, and so does a file read at a
// revision (named from root already). It runs before Finalize, which
// fingerprints from these names.
func rebase(fs []report.Finding, dir, root string) {
	prefix, err := filepath.Rel(root, dir)
	if err != nil || !fsroot.Within(root, dir) {
		prefix = "" // dir is not in the repository: its names stay
	}
	prefix = filepath.ToSlash(prefix)
	for i := range fs {
		for j := range fs[i].Locations {
			l := &fs[i].Locations[j]
			p := filepath.FromSlash(l.File)
			switch {
			case l.File == "" || l.Rev != "":
			case filepath.IsAbs(p):
				// a file outside dir, named absolutely: from root when inside it
				if rel, err := filepath.Rel(root, p); err == nil && fsroot.Within(root, p) {
					l.File = filepath.ToSlash(rel)
				}
			case prefix != "" && prefix != ".":
				if q := path.Join(prefix, l.File); q != ".." && !strings.HasPrefix(q, "../") {
					l.File = q
				}
			}
		}
	}
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
