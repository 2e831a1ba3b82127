package main

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/runner"
)

// globList is a comma-separated list of globs; set records whether the flag
// was given, so an explicit empty list differs from the default.
type globList struct {
	globs []string
	set   bool
}

func (g *globList) String() string { return strings.Join(g.globs, ",") }
func (g *globList) Type() string   { return "globs" }

func (g *globList) Set(s string) error {
	g.set = true
	g.globs = []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			if _, err := runner.ParseDocsGlob(p); err != nil {
				return err
			}
			g.globs = append(g.globs, p)
		}
	}
	return nil
}

// value returns the globs given, or nil (the package default) when the flag
// was not.
func (g *globList) value() []string {
	if !g.set {
		return nil
	}
	return g.globs
}

func newDocsCmd(e *env, code *int) *cobra.Command {
	refs := &globList{globs: runner.DefaultDocsRefs}
	exclude := &globList{globs: runner.DefaultDocsExclude}
	c, out, in := findingsCommand("docs [DIR]", "check that Markdown links and documentation paths cited in code comments resolve", true)
	c.Flags().Var(refs, "refs", "comma-separated globs of documentation paths checked in comments (\"\" = none)")
	c.Flags().Var(exclude, "exclude", "comma-separated globs of files not scanned")
	var configPath string
	c.Flags().StringVar(&configPath, "config", "", "configuration whose docs section (taxonomy, site, discriminant) applies (default: DIR/.wirelint.yaml when present)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		dir := "."
		switch len(pos) {
		case 0:
		case 1:
			dir = pos[0]
		default:
			return usageErrorf("want at most one directory, got %s", arguments(len(pos)))
		}
		d := &runner.Docs{Root: dir}
		rc := runner.Config{Docs: d, Arguments: []string{dir}}
		path := configPath
		if path == "" {
			if fsroot.New(fsroot.ProjectDir(dir)).Exists(filepath.Join(dir, config.FileName)) {
				path = filepath.Join(dir, config.FileName)
			}
		}
		if path != "" {
			cfg, err := config.Load(path, filepath.ToSlash(path))
			if err != nil {
				return err
			}
			if cfg.Docs != nil && cfg.Docs.Root == "" {
				// The configuration's paths are read from its folder; the
				// checked folder is DIR.
				cfg.Docs.Root, _ = filepath.Rel(cfg.Dir, mustAbs(dir))
			}
			d.Options = runner.DocsOptions(cfg)
			rc.Limits = cfg.Limits // the flags are laid over it by configure
		}
		if refs.set || d.Options.Refs == nil {
			d.Options.Refs = refs.value()
		}
		d.Options.Exclude = exclude.value()
		return out.runAndEmit(e, code, rc, in)
	}
	return c
}

// mustAbs is filepath.Abs, keeping p when the working directory is gone.
func mustAbs(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
