package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/pipeline"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/rules/differential"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/rules/fixture"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
	routerules "github.com/wirelint/wirelint/rules/routes"
)

func init() {
	register(&command{
		name:    "check",
		usage:   "check [--config FILE] [--baseline FILE] [--since REV] [--compat-against REV] [--format text|json|sarif|github|junit] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "run everything .wirelint.yaml configures and print one report",
		run:     runCheck,
	})
}

func runCheck(e *env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	out := addOutputFlags(fs)
	in := addInputFlags(fs)
	configPath := fs.String("config", config.FileName, "configuration file; paths in it are relative to its folder")
	baselinePath := fs.String("baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	since := fs.String("since", "", "report only findings in definitions and routes changed since this git revision")
	compatAgainst := fs.String("compat-against", "", "git revision compat compares with, overriding compat.against (only when the configuration has a compat section)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "check", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "check", err)
	}
	if len(pos) > 0 {
		return fail(e, "check", fmt.Errorf("%w: unexpected argument %q (check reads what to do from --config)", errUsage, pos[0]))
	}
	cfg, err := loadCheckConfig(*configPath, in)
	if err != nil {
		return fail(e, "check", err)
	}
	if *compatAgainst != "" && cfg.Compat != nil {
		cfg.Compat.Against = *compatAgainst
	}
	run, err := collect(cfg)
	if err != nil {
		return fail(e, "check", err)
	}
	findings := run.findings
	if *since != "" {
		ch, err := suppress.GitChanges(cfg.Dir, *since)
		if err != nil {
			return fail(e, "check", err)
		}
		byPath := map[string]*reduce.Document{}
		for _, d := range run.ws.Documents() {
			byPath[d.Path] = d
		}
		findings = suppress.Touched(findings, ch, byPath)
	}
	silenced := run.silenced
	bpath, bdisplay := *baselinePath, *baselinePath
	if bpath == "" && cfg.Baseline != "" {
		bpath, bdisplay = cfg.Path(cfg.Baseline), cfg.Baseline
	}
	if bpath != "" {
		b, err := suppress.ReadBaseline(cfg.FS(), bpath, bdisplay)
		if err != nil {
			return fail(e, "check", err)
		}
		fresh, accepted := b.Filter(findings)
		if stale := b.Stale(findings); stale > 0 && *since == "" {
			fmt.Fprintf(e.stderr, "wirelint check: %d baseline %s no longer %s a finding (fixed drift): run 'wirelint baseline' to drop %s\n",
				stale, plural(stale, "entry", "entries"), plural(stale, "matches", "match"), plural(stale, "it", "them"))
		}
		findings = fresh
		silenced = append(silenced, accepted...)
	}
	if s := suppress.Summary(silenced); s != "" {
		fmt.Fprintf(e.stderr, "wirelint check: %s\n", s)
	}
	return out.emit(e, findings)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// loadCheckConfig reads the configuration and checks its rule ids against
// the rules this binary has.
func loadCheckConfig(path string, in *input) (*config.Config, error) {
	cfg, err := config.Load(path, filepath.ToSlash(path), in.absRoots()...)
	if err != nil {
		return nil, err
	}
	cfg.MaxFileSize = int64(in.maxFileSize)
	if err := cfg.CheckRules(report.Rules()); err != nil {
		return nil, err
	}
	return cfg, nil
}

// checkRun is the outcome of running a configuration once.
type checkRun struct {
	ws *reduce.Workspace
	// findings are finalized, with severities and ignores applied.
	findings []report.Finding
	// silenced are the findings ignores removed.
	silenced []suppress.Suppressed
}

// checkTask is one independent part of a configured run.
type checkTask struct {
	name string
	run  func() ([]report.Finding, error)
}

// collect runs every configured family, each document parsed once through
// one workspace, then applies severities, ignores and inline ignores. Paths
// in findings are relative to the configuration's folder, so fingerprints
// and baselines do not depend on where wirelint runs.
func collect(cfg *config.Config) (*checkRun, error) {
	ws := reduce.NewWorkspace(reduce.ProjectRoot(cfg.Dir))
	ws.Cwd = cfg.Dir
	ws.FS, ws.MaxFileSize = cfg.FS(), cfg.MaxFileSize
	docPaths := cfg.Documents()
	abs := make([]string, len(docPaths))
	for i, p := range docPaths {
		abs[i] = cfg.Path(p)
	}
	loaded, err := loadConcurrently(ws, abs...)
	if err != nil {
		return nil, err
	}
	doc := map[string]*reduce.Document{}
	for i, p := range docPaths {
		doc[p] = loaded[i]
	}
	tasks := planTasks(cfg, ws, doc, loaded)
	all, err := runTasks(tasks)
	if err != nil {
		return nil, err
	}
	all = dedupeMirrorOnly(all)
	// Patterns are checked once the first phase has loaded every document
	// the configured ones reach.
	more, err := runTasks(regexTasks(cfg, ws, doc))
	if err != nil {
		return nil, err
	}
	all = append(all, more...)
	relativize(all, cfg.Dir)
	inline, invalid := suppress.ScanInline(ws.Documents(), knownRule)
	all = append(all, invalid...)
	kept, silenced := suppress.Apply(all, suppress.Options{Config: cfg, Inline: inline})
	return &checkRun{ws: ws, findings: report.Finalize(kept), silenced: silenced}, nil
}

// runTasks runs independent tasks in parallel and returns their findings in
// task order, or the first task's error. A panic in a task is an error.
func runTasks(tasks []checkTask) ([]report.Finding, error) {
	results := make([][]report.Finding, len(tasks))
	errs := make([]error, len(tasks))
	var wg sync.WaitGroup
	for i, t := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					errs[i] = fmt.Errorf("internal error: %v (please report this with the input that caused it)", r)
				}
			}()
			results[i], errs[i] = t.run()
		}()
	}
	wg.Wait()
	var all []report.Finding
	for i, t := range tasks {
		if errs[i] != nil {
			return nil, fmt.Errorf("%s: %w", t.name, errs[i])
		}
		all = append(all, results[i]...)
	}
	return all, nil
}

// planTasks turns the configuration into independent tasks: one per parity
// pair, routes pair and fixtures entry, one for refs and one for docs.
func planTasks(cfg *config.Config, ws *reduce.Workspace, doc map[string]*reduce.Document, loaded []*reduce.Document) (tasks []checkTask) {
	covered := mirrorCoverage(cfg, doc)
	for i, p := range cfg.Parity {
		opts := parity.Options{Renames: p.Renames, Include: p.Include, Exclude: p.Exclude}
		var canonicals []*reduce.Document
		for _, c := range p.CanonicalFiles() {
			canonicals = append(canonicals, doc[c])
		}
		mirror := doc[p.Mirror]
		tasks = append(tasks, checkTask{name: fmt.Sprintf("parity[%d]", i), run: func() ([]report.Finding, error) {
			fs, _ := pipeline.ParityFamilyAll(ws, canonicals, mirror, opts)
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
		}})
	}
	refDocs := loaded
	var refOpts ref.Options
	if cfg.Refs != nil {
		if len(cfg.Refs.Documents) > 0 {
			refDocs = nil
			for _, p := range cfg.Refs.Documents {
				refDocs = append(refDocs, doc[p])
			}
		}
		for _, m := range cfg.Refs.Mappings {
			refOpts.Mappings = append(refOpts.Mappings, ref.Mapping{Prefix: m.Prefix, Dir: cfg.Path(m.Dir)})
		}
	}
	if len(refDocs) > 0 {
		tasks = append(tasks, checkTask{name: "refs", run: func() ([]report.Finding, error) {
			return ref.Check(ws, refDocs, refOpts), nil
		}})
	}
	if cfg.Docs != nil {
		// docs names files (in findings and messages) by root joined with
		// the path below it: relative when the configuration sits in the
		// working directory, absolute (then relativized) otherwise.
		root := "."
		if cfg.Docs.Root != "" {
			root = filepath.FromSlash(cfg.Docs.Root)
		}
		if wd, err := os.Getwd(); err != nil || filepath.Clean(wd) != filepath.Clean(cfg.Dir) {
			root = cfg.Path(root)
		}
		opts := docsOptions(cfg)
		opts.FS = ws.FS
		tasks = append(tasks, checkTask{name: "docs", run: func() ([]report.Finding, error) {
			return docs.Check(root, opts)
		}})
	}
	for i, r := range cfg.Routes {
		spec := doc[r.Spec]
		tasks = append(tasks, checkTask{name: fmt.Sprintf("routes[%d]", i), run: func() ([]report.Finding, error) {
			return checkRoutes(cfg, spec, r)
		}})
	}
	for i, f := range cfg.Fixtures {
		canonical := doc[f.Schema]
		mirror, renames := doc[f.Mirror], map[string]string(nil)
		for _, p := range cfg.Parity {
			if p.Canonical == f.Schema && (mirror == nil || p.Mirror == f.Mirror) {
				mirror, renames = doc[p.Mirror], p.Renames
				break
			}
		}
		tasks = append(tasks, checkTask{name: fmt.Sprintf("fixtures[%d]", i), run: func() ([]report.Finding, error) {
			return checkFixtures(cfg, ws, canonical, mirror, renames, f.Folders)
		}})
	}
	return append(tasks, compatTasks(cfg, ws, loaded)...)
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

// mirrorCoverage maps each mirror document to the mirror definition names
// that some configured canonical document defines (through renames).
func mirrorCoverage(cfg *config.Config, doc map[string]*reduce.Document) map[*reduce.Document]map[string]bool {
	out := map[*reduce.Document]map[string]bool{}
	for _, p := range cfg.Parity {
		mirror := doc[p.Mirror]
		if out[mirror] == nil {
			out[mirror] = map[string]bool{}
		}
		for _, def := range doc[p.Canonical].Definitions {
			name := def.Name
			if to, ok := p.Renames[name]; ok {
				name = to
			}
			out[mirror][name] = true
		}
	}
	return out
}

// checkRoutes compares one configured spec with its server's source.
func checkRoutes(cfg *config.Config, spec *reduce.Document, r config.Routes) ([]report.Finding, error) {
	canonical, err := route.FromSpec(spec, route.SpecOptions{BasePath: r.BasePath, Override: r.BasePath != ""})
	if err != nil {
		return nil, err
	}
	display := func(p string) string {
		if rel, err := filepath.Rel(cfg.Dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(p)
	}
	mirror, err := route.FromServer(cfg.Path(r.Server), route.ServerOptions{Framework: r.Framework, Display: display})
	if err != nil {
		return nil, err
	}
	pathsPos, pathsPtr := route.SpecPathsPos(spec)
	return routerules.Check(routerules.Input{
		Canonical: canonical, Mirror: mirror,
		SpecPaths: pathsPos, SpecPathsPointer: pathsPtr, Server: r.Server,
		Include: r.Include, Exclude: r.Exclude,
	}), nil
}

// checkFixtures validates the payloads of the folders against the canonical
// document and, when there is one, its mirror, and then proves drift between
// the two with the payloads and generated probes.
func checkFixtures(cfg *config.Config, ws *reduce.Workspace, canonical, mirror *reduce.Document, renames map[string]string, folders []string) ([]report.Finding, error) {
	var payloads []*fixture.Payload
	for _, folder := range folders {
		ps, err := fixture.Load(ws.FS, cfg.Path(folder), ws.Display)
		if err != nil {
			return nil, err
		}
		payloads = append(payloads, ps...)
	}
	docs := []*reduce.Document{canonical}
	if mirror != nil {
		docs = append(docs, mirror)
	}
	fs := fixture.Check(ws, docs, payloads, fixture.Options{Renames: renames})
	if mirror != nil {
		fs = append(fs, differential.Check(ws, canonical, mirror, differential.Options{Renames: renames, Fixtures: payloads})...)
	}
	return fs, nil
}

// regexTasks checks the patterns of the configured regex documents or, by
// default, of every document the first phase loaded (the configured ones and
// the files their $refs reach).
func regexTasks(cfg *config.Config, ws *reduce.Workspace, doc map[string]*reduce.Document) []checkTask {
	docs := ws.Documents()
	var opts regex.Options
	if cfg.Regex != nil {
		if len(cfg.Regex.Documents) > 0 {
			docs = nil
			for _, p := range cfg.Regex.Documents {
				docs = append(docs, doc[p])
			}
		}
		for _, name := range cfg.Regex.Dialects {
			d, err := ecmaregex.ParseDialect(name) // validated with the configuration
			if err == nil {
				opts.Dialects = append(opts.Dialects, d)
			}
		}
	}
	var tasks []checkTask
	for _, d := range docs {
		tasks = append(tasks, checkTask{name: "regex " + d.Path, run: func() ([]report.Finding, error) {
			return regex.Check(d, opts), nil
		}})
	}
	return tasks
}

// knownRule reports whether a rule reference (id, family/* or *) names a
// registered rule.
func knownRule(refID string) bool {
	for _, r := range report.Rules() {
		if suppress.MatchRule(refID, r.ID) {
			return true
		}
	}
	return false
}

// relativize rewrites absolute location paths inside dir relative to it,
// slash-separated, as every other path in a check's output is.
func relativize(fs []report.Finding, dir string) {
	for i := range fs {
		for j := range fs[i].Locations {
			l := &fs[i].Locations[j]
			p := filepath.FromSlash(l.File)
			if !filepath.IsAbs(p) {
				continue
			}
			if rel, err := filepath.Rel(dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				l.File = filepath.ToSlash(rel)
			}
		}
	}
}
