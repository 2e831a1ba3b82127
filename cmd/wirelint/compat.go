package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitrev"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/compat"
	"github.com/wirelint/wirelint/runner"
)

func newCompatCmd(e *env, code *int) *cobra.Command {
	var against, role, configPath, baselinePath string
	c := &cobra.Command{
		Use:   "compat OLD NEW | compat --against REV [FILE...]",
		Short: "report breaking changes between two revisions of a contract: two files or folders, or each file against a git revision",
	}
	out := addOutputFlags(c.Flags())
	in := addInputFlags(c.Flags(), true)
	c.Flags().StringVar(&against, "against", "", "git revision (branch, tag, commit) to compare each FILE with, read from git objects")
	c.Flags().StringVar(&role, "role", "", "side standalone JSON Schema definitions are used on: produced|consumed|both (default: the config's, else both)")
	c.Flags().StringVar(&configPath, "config", "", "configuration: default files, role, ignores and baseline (default: .wirelint.yaml here or above, when there is one)")
	c.Flags().StringVar(&baselinePath, "baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if err := out.validate(); err != nil {
			return err
		}
		var cfg *config.Config
		if configPath != "" || against != "" && len(pos) == 0 {
			var err error
			if cfg, err = loadConfig(configPath, in); err != nil {
				return err
			}
		} else if found, err := config.Find("."); err == nil {
			if cfg, err = loadConfig(found, in); err != nil {
				return err
			}
		}
		if role == "" && cfg != nil && cfg.Compat != nil {
			role = cfg.Compat.Role
		}
		side, err := parseRole(role)
		if err != nil {
			return err
		}
		var findings []report.Finding
		var heads []*reduce.Document
		switch {
		case against != "":
			files := pos
			if len(files) == 0 {
				for _, p := range cfg.Documents() {
					files = append(files, cfg.Path(p))
				}
			}
			ws := in.apply(workspaceFor(files...))
			docs, err := loadConcurrently(ws, files...)
			if err != nil {
				return err
			}
			heads = docs
			if findings, err = compareAgainst(ws, docs, against, side); err != nil {
				return err
			}
		case len(pos) == 2:
			if findings, heads, err = comparePaths(pos[0], pos[1], side); err != nil {
				return err
			}
		default:
			return usageErrorf("want OLD and NEW (files or folders), or --against REV; got %d arguments", len(pos))
		}
		inline, invalid := suppress.ScanInline(heads, runner.KnownRule)
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
				return err
			}
			fresh, accepted := b.Filter(report.Finalize(kept))
			kept = fresh
			silenced = append(silenced, accepted...)
		}
		if s := suppress.Summary(silenced); s != "" {
			fmt.Fprintf(e.stderr, "wirelint compat: %s\n", s)
		}
		*code, err = out.emit(e, kept)
		return err
	}
	return c
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
	return 0, usageErrorf("--role %q: want produced, consumed or both", s)
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
		return nil, nil, usageErrorf("OLD and NEW must both be files or both folders")
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

// compatTask is the check run's compat hook: every group's documents
// compared with their version at the configured revision.
func compatTask(cfg *config.Config) (func(ws *reduce.Workspace, docs []*reduce.Document) ([]report.Finding, error), error) {
	if cfg.Compat == nil || cfg.Compat.Against == "" {
		return nil, nil
	}
	role, err := parseRole(cfg.Compat.Role)
	if err != nil {
		return nil, err
	}
	return func(ws *reduce.Workspace, docs []*reduce.Document) ([]report.Finding, error) {
		return compareAgainst(ws, docs, cfg.Compat.Against, role)
	}, nil
}

// loadConcurrently loads the named files in parallel through ws; the first
// error (in argument order) is returned.
func loadConcurrently(ws *reduce.Workspace, paths ...string) ([]*reduce.Document, error) {
	docs := make([]*reduce.Document, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			docs[i], errs[i] = ws.Load(p, "")
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return docs, nil
}

// workspaceFor returns the workspace for documents named on the command line.
// Its root is the project holding the first of them: the git work tree it is
// in; outside git, the working directory when the file is under it, else the
// file's own folder. Where the file is written decides the project, not where
// its symlinks lead.
func workspaceFor(paths ...string) *reduce.Workspace {
	ws := reduce.NewWorkspace("")
	if len(paths) == 0 {
		return ws
	}
	abs, err := filepath.Abs(paths[0])
	if err != nil || fsroot.Within(ws.Root, abs) {
		return ws
	}
	return reduce.NewWorkspace(reduce.ProjectRoot(filepath.Dir(abs)))
}
