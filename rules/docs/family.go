package docs

import (
	"os"
	"path/filepath"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/rules/family"
)

// Section is the family's configuration section.
type Section struct {
	// Root is the folder scanned ("" = the configuration's folder).
	Root string
	// Options are the family's options (taxonomies, site, cited globs); FS
	// and Display are set by the pass.
	Options Options
}

// Family is the docs family: links and cited paths in Markdown files and
// source comments under a folder. It reads no configured document, so it
// runs outside every group.
var Family = &family.Family{
	Name:  "docs",
	Doc:   "documentation links, cited paths and records that do not resolve",
	Rules: Rules,
	Scope: family.Standalone,
	Entries: func(section any) []family.Entry {
		if s, _ := section.(*Section); s != nil {
			return []family.Entry{{Name: "docs", Value: s}}
		}
		return nil
	},
	Run: run,
}

// run scans the section's root. Files are named by the scanned root joined
// with the path below it: relative when the pass's folder is the working
// directory, absolute (then named from the repository root) otherwise.
func run(p *family.Pass) (family.Output, error) {
	s := p.Entries[0].Value.(*Section)
	root := "."
	if s.Root != "" {
		root = filepath.FromSlash(s.Root)
	}
	if wd, err := os.Getwd(); err != nil || filepath.Clean(wd) != filepath.Clean(p.Dir) {
		root = p.Path(root)
	}
	opts := s.Options
	opts.FS = p.FS
	opts.Display = p.FromRepo
	opts.MaxFiles, opts.MaxLinks = int(p.Limits.DocsFiles), int(p.Limits.DocsLinks)
	opts.Limits = p.Limits
	fs, err := Check(root, opts)
	return family.Output{Findings: fs}, err
}

// SectionOf turns a configuration's docs section into the family's, paths
// below the scanned root (nil = no docs section).
func SectionOf(cfg *config.Config) *Section {
	if cfg.Docs == nil {
		return nil
	}
	return &Section{Root: cfg.Docs.Root, Options: OptionsOf(cfg)}
}

// OptionsOf turns a configuration's docs section into the family's
// options, paths below the scanned root.
func OptionsOf(cfg *config.Config) Options {
	opts := Options{}
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
		tax := Taxonomy{Root: below(t.Root), Exclude: t.Exclude, Records: t.Records}
		if t.Index != "" {
			tax.Index = below(t.Index)
		}
		for _, l := range t.Levels {
			tax.Levels = append(tax.Levels, Level{Name: l.Name, Values: l.Values, Status: l.Status, From: l.From, Column: l.Column})
		}
		opts.Taxonomies = append(opts.Taxonomies, tax)
	}
	opts.Repository, opts.IgnoreLinks = dc.Repository, dc.IgnoreLinks
	if dc.Site != nil {
		site := &Site{Generator: dc.Site.Generator}
		if site.Generator == "github" {
			site.Generator = ""
		}
		for _, m := range dc.Site.Content {
			site.Content = append(site.Content, Mount{Dir: below(m.Dir), Route: m.Route})
		}
		for _, m := range dc.Site.Static {
			site.Static = append(site.Static, Mount{Dir: below(m.Dir), Route: m.Route})
		}
		opts.Site = site
	}
	opts.Discriminant = dc.Discriminant
	return opts
}
