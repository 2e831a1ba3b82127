package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitrev"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/compat"
)

func init() {
	register(&command{
		name:    "compat",
		usage:   "compat OLD NEW | compat --against REV [FILE...] [--role produced|consumed|both] [--config FILE] [--baseline FILE] [--format text|json|sarif|github|junit] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "report breaking changes between two revisions of a contract: two files or folders, or each file against a git revision",
		run:     runCompat,
	})
}

func runCompat(e *env, args []string) int {
	flags := flag.NewFlagSet("compat", flag.ContinueOnError)
	out := addOutputFlags(flags)
	in := addInputFlags(flags)
	against := flags.String("against", "", "git revision (branch, tag, commit) to compare each FILE with, read from git objects")
	role := flags.String("role", "", "side standalone JSON Schema definitions are used on: produced|consumed|both (default: the config's, else both)")
	configPath := flags.String("config", config.FileName, "configuration: default files, role, ignores and baseline (used when it exists)")
	baselinePath := flags.String("baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	pos, err := parseFlags(flags, args)
	if err != nil {
		return fail(e, "compat", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "compat", err)
	}
	var cfg *config.Config
	if _, err := os.Stat(*configPath); err == nil || *configPath != config.FileName {
		if cfg, err = loadCheckConfig(*configPath, in); err != nil {
			return fail(e, "compat", err)
		}
	}
	if *role == "" && cfg != nil && cfg.Compat != nil {
		*role = cfg.Compat.Role
	}
	side, err := parseRole(*role)
	if err != nil {
		return fail(e, "compat", err)
	}
	var findings []report.Finding
	var heads []*reduce.Document
	switch {
	case *against != "":
		files := pos
		if len(files) == 0 {
			if cfg == nil {
				return fail(e, "compat", fmt.Errorf("%w: name the files to compare, or write a %s", errUsage, config.FileName))
			}
			for _, p := range cfg.Documents() {
				files = append(files, cfg.Path(p))
			}
		}
		ws := in.apply(workspaceFor(files...))
		docs, err := loadConcurrently(ws, files...)
		if err != nil {
			return fail(e, "compat", err)
		}
		heads = docs
		if findings, err = compareAgainst(ws, docs, *against, side); err != nil {
			return fail(e, "compat", err)
		}
	case len(pos) == 2:
		if findings, heads, err = comparePaths(pos[0], pos[1], side); err != nil {
			return fail(e, "compat", err)
		}
	default:
		return fail(e, "compat", fmt.Errorf("%w: want OLD and NEW (files or folders), or --against REV; got %d arguments", errUsage, len(pos)))
	}
	return emitCompat(e, out, cfg, heads, findings, *baselinePath)
}

// emitCompat applies the configuration's severities and ignores, inline
// ignores in the new revision and the baseline, then prints.
func emitCompat(e *env, out *output, cfg *config.Config, heads []*reduce.Document, findings []report.Finding, baselinePath string) int {
	inline, invalid := suppress.ScanInline(heads, knownRule)
	findings = append(findings, invalid...)
	kept, silenced := suppress.Apply(findings, suppress.Options{Config: cfg, Inline: inline})
	bpath := baselinePath
	if bpath == "" && cfg != nil && cfg.Baseline != "" {
		bpath = cfg.Path(cfg.Baseline)
	}
	if bpath != "" {
		root := fsroot.New(fsroot.ProjectDir(filepath.Dir(bpath)))
		if cfg != nil {
			root = cfg.FS()
		}
		b, err := suppress.ReadBaseline(root, bpath, bpath)
		if err != nil {
			return fail(e, "compat", err)
		}
		fresh, accepted := b.Filter(report.Finalize(kept))
		kept = fresh
		silenced = append(silenced, accepted...)
	}
	if s := suppress.Summary(silenced); s != "" {
		fmt.Fprintf(e.stderr, "wirelint compat: %s\n", s)
	}
	return out.emit(e, kept)
}

func parseRole(s string) (compat.Side, error) {
	switch s {
	case "produced":
		return compat.Produced, nil
	case "consumed":
		return compat.Consumed, nil
	case "both", "":
		return compat.Both, nil
	}
	return 0, fmt.Errorf("%w: --role %q: want produced, consumed or both", errUsage, s)
}

// compareAgainst compares each loaded document with its version at git
// revision rev, read from the repository's objects into a temporary folder
// mirroring the repository (with the files its $refs reach), so cross-file
// references resolve inside that revision. A document the revision lacks is
// new: nothing in it can break.
func compareAgainst(headWS *reduce.Workspace, docs []*reduce.Document, rev string, role compat.Side) ([]report.Finding, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	r, err := gitrev.Open(filepath.Dir(docs[0].Abs), rev)
	if err != nil {
		return nil, err
	}
	rels := make([]string, len(docs))
	for i, d := range docs {
		rel, ok := r.Rel(d.Abs)
		if !ok {
			return nil, fmt.Errorf("%s is outside the repository at %s", d.Path, r.Top)
		}
		rels[i] = rel
	}
	tmp, err := os.MkdirTemp("", "wirelint-compat-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if _, err := r.Extract(tmp, rels); err != nil {
		return nil, err
	}
	baseWS := reduce.NewWorkspace(tmp)
	if rel, ok := r.Rel(headWS.Cwd); ok {
		baseWS.Cwd = filepath.Join(tmp, filepath.FromSlash(rel))
	}
	var findings []report.Finding
	for i, head := range docs {
		if !r.Has(rels[i]) {
			continue
		}
		base, err := baseWS.Load(filepath.Join(tmp, filepath.FromSlash(rels[i])), "")
		if err != nil {
			return nil, fmt.Errorf("%s at %s: %w", head.Path, rev, err)
		}
		findings = append(findings, compat.Check(baseWS, headWS, base, head, compat.Options{Role: role, BaseLabel: rev + ":"})...)
	}
	return findings, nil
}

// comparePaths compares two files, or every document of folder NEW with the
// file at the same place in folder OLD.
func comparePaths(oldPath, newPath string, role compat.Side) ([]report.Finding, []*reduce.Document, error) {
	oldInfo, err := os.Stat(oldPath)
	if err != nil {
		return nil, nil, &reduce.LoadError{File: filepath.ToSlash(oldPath), Msg: "no such file or folder"}
	}
	newInfo, err := os.Stat(newPath)
	if err != nil {
		return nil, nil, &reduce.LoadError{File: filepath.ToSlash(newPath), Msg: "no such file or folder"}
	}
	if oldInfo.IsDir() != newInfo.IsDir() {
		return nil, nil, fmt.Errorf("%w: OLD and NEW must both be files or both folders", errUsage)
	}
	baseWS, headWS := workspaceFor(oldPath), workspaceFor(newPath)
	if !oldInfo.IsDir() {
		// the two revisions parse in parallel
		var base *reduce.Document
		var baseErr error
		done := make(chan struct{})
		go func() {
			defer close(done)
			base, baseErr = baseWS.Load(oldPath, "")
		}()
		head, err := headWS.Load(newPath, "")
		<-done
		if baseErr != nil {
			return nil, nil, baseErr
		}
		if err != nil {
			return nil, nil, err
		}
		return compat.Check(baseWS, headWS, base, head, compat.Options{Role: role}), []*reduce.Document{head}, nil
	}
	rels, err := documentFiles(newPath)
	if err != nil {
		return nil, nil, err
	}
	oldRels, err := documentFiles(oldPath)
	if err != nil {
		return nil, nil, err
	}
	var findings []report.Finding
	var heads []*reduce.Document
	for _, rel := range oldRels {
		if _, err := os.Stat(filepath.Join(newPath, rel)); err == nil {
			continue
		}
		// a document NEW no longer has
		base, err := baseWS.Load(filepath.Join(oldPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		findings = append(findings, compat.Removed(base, headWS.Display(filepath.Join(newPath, rel)), compat.Options{Role: role})...)
	}
	for _, rel := range rels {
		oldFile := filepath.Join(oldPath, rel)
		if _, err := os.Stat(oldFile); err != nil {
			continue // a new file
		}
		head, err := headWS.Load(filepath.Join(newPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue // a piece of a document, compared where it is referenced
		}
		if err != nil {
			return nil, nil, err
		}
		base, err := baseWS.Load(oldFile, "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		heads = append(heads, head)
		findings = append(findings, compat.Check(baseWS, headWS, base, head, compat.Options{Role: role})...)
	}
	return findings, heads, nil
}

// documentFiles lists the JSON and YAML files under dir (hidden folders
// skipped), relative to it and sorted.
func documentFiles(dir string) ([]string, error) {
	var rels []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != dir {
			return filepath.SkipDir
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
			rel, _ := filepath.Rel(dir, p)
			rels = append(rels, rel)
		}
		return nil
	})
	sort.Strings(rels)
	return rels, err
}

// compatTasks compares every configured document with its version at the
// revision the configuration's compat section names (planTasks appends it).
func compatTasks(cfg *config.Config, ws *reduce.Workspace, loaded []*reduce.Document) []checkTask {
	if cfg.Compat == nil || cfg.Compat.Against == "" {
		return nil
	}
	role, err := parseRole(cfg.Compat.Role)
	return []checkTask{{name: "compat", run: func() ([]report.Finding, error) {
		if err != nil {
			return nil, err
		}
		return compareAgainst(ws, loaded, cfg.Compat.Against, role)
	}}}
}
