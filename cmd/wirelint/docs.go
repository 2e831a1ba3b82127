package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/rules/docs"
)

// docsOptions turns the configuration's docs section into the docs checker's
// options. Paths in the configuration are relative to its folder; the
// checker's are relative to the checked folder (docs.root).
func docsOptions(cfg *config.Config) docs.Options {
	opts := docs.Options{}
	dc := cfg.Docs
	if dc == nil {
		return opts
	}
	if len(dc.Cited) > 0 {
		opts.Refs = dc.Cited
	}
	root := cfg.Path(".")
	if dc.Root != "" {
		root = cfg.Path(dc.Root)
	}
	below := func(p string) string {
		rel, err := filepath.Rel(root, cfg.Path(p))
		if err != nil {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(rel)
	}
	for _, t := range dc.Taxonomy {
		tax := docs.Taxonomy{Root: below(t.Root), Exclude: t.Exclude}
		if t.Index != "" {
			tax.Index = below(t.Index)
		}
		for _, l := range t.Levels {
			tax.Levels = append(tax.Levels, docs.Level{Name: l.Name, Values: l.Values, Status: l.Status})
		}
		opts.Taxonomies = append(opts.Taxonomies, tax)
	}
	if dc.Site != nil {
		site := &docs.Site{}
		for _, m := range dc.Site.Content {
			site.Content = append(site.Content, docs.Mount{Dir: below(m.Dir), Route: m.Route})
		}
		for _, m := range dc.Site.Static {
			site.Static = append(site.Static, docs.Mount{Dir: below(m.Dir), Route: m.Route})
		}
		opts.Site = site
	}
	opts.Discriminant = dc.Discriminant
	return opts
}

// globList is a comma-separated list of globs; set records whether the flag
// was given, so an explicit empty list differs from the default.
type globList struct {
	globs []string
	set   bool
}

func (g *globList) String() string { return strings.Join(g.globs, ",") }

func (g *globList) Set(s string) error {
	g.set = true
	g.globs = []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			if _, err := docs.ParseGlob(p); err != nil {
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

func init() {
	register(&command{
		name:    "docs",
		usage:   "docs [DIR] [--config FILE] [--refs GLOBS] [--exclude GLOBS] [--format FORMAT] [--fail-on SEVERITY]",
		summary: "check that Markdown links, documentation paths cited in code comments, filed records and tables of contract values agree with the tree",
		run: func(e *env, args []string) int {
			const name = "docs"
			fs := flag.NewFlagSet(name, flag.ContinueOnError)
			out := addOutputFlags(fs)
			refs := &globList{globs: docs.DefaultRefs}
			exclude := &globList{globs: docs.DefaultExclude}
			fs.Var(refs, "refs", "comma-separated globs of documentation paths checked in comments (\"\" = none)")
			fs.Var(exclude, "exclude", "comma-separated globs of files not scanned")
			configPath := fs.String("config", "", "configuration whose docs section (taxonomy, site, discriminant) applies (default: DIR/.wirelint.yaml when present)")
			pos, err := parseFlags(fs, args)
			if err != nil {
				return fail(e, name, err)
			}
			if err := out.validate(); err != nil {
				return fail(e, name, err)
			}
			dir := "."
			switch len(pos) {
			case 0:
			case 1:
				dir = pos[0]
			default:
				return fail(e, name, fmt.Errorf("%w: want at most one directory, got %d arguments", errUsage, len(pos)))
			}
			opts := docs.Options{}
			path := *configPath
			if path == "" {
				if _, err := os.Stat(filepath.Join(dir, config.FileName)); err == nil {
					path = filepath.Join(dir, config.FileName)
				}
			}
			if path != "" {
				cfg, err := config.Load(path, filepath.ToSlash(path))
				if err != nil {
					return fail(e, name, err)
				}
				if cfg.Docs != nil && cfg.Docs.Root == "" {
					// The configuration's paths are read from its folder;
					// the checked folder is DIR.
					cfg.Docs.Root, _ = filepath.Rel(cfg.Dir, mustAbs(dir))
				}
				opts = docsOptions(cfg)
			}
			if refs.set || opts.Refs == nil {
				opts.Refs = refs.value()
			}
			opts.Exclude = exclude.value()
			findings, err := docs.Check(dir, opts)
			if err != nil {
				return fail(e, name, err)
			}
			return out.emit(e, findings)
		},
	})
}

// mustAbs is filepath.Abs, keeping p when the working directory is gone.
func mustAbs(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
