package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/runner"
)

func newCheckCmd(e *env, code *int) *cobra.Command {
	var configPath, baselinePath, since string
	c := &cobra.Command{
		Use:   "check",
		Short: "run everything .wirelint.yaml configures and print one report",
		Long: "check runs every rule family .wirelint.yaml configures and prints one report. Without --config it uses the\n" +
			".wirelint.yaml of the working directory or of the nearest folder above it, up to the repository root.\n" +
			"Files are named relative to the repository root in every format.",
		Args: noArgs,
	}
	out := addOutputFlags(c.Flags())
	c.Flags().StringVar(&configPath, "config", "", "configuration file; paths in it are relative to its folder (default: .wirelint.yaml here or in the nearest folder above, up to the repository root)")
	c.Flags().StringVar(&baselinePath, "baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	c.Flags().StringVar(&since, "since", "", "report only findings in definitions and routes changed since this git revision (needs the history: fetch-depth 0)")
	var compatAgainst string
	c.Flags().StringVar(&compatAgainst, "compat-against", "", "git revision compat compares with, overriding compat.against (only when the configuration has a compat section)")
	in := addInputFlags(c.Flags(), true)
	c.RunE = func(_ *cobra.Command, _ []string) error {
		if err := out.validate(); err != nil {
			return err
		}
		cfg, err := loadConfig(configPath, in)
		if err != nil {
			return err
		}
		if compatAgainst != "" && cfg.Compat != nil {
			cfg.Compat.Against = compatAgainst
		}
		rc := runner.FromFile(cfg)
		rc.Since = since
		if rc.Compat, err = compatTask(cfg); err != nil {
			return err
		}
		res, err := runner.Run(rc)
		if err != nil {
			return err
		}
		findings, silenced := res.Findings, res.Silenced
		bpath, bdisplay := baselinePath, baselinePath
		if bpath == "" && cfg.Baseline != "" {
			bpath, bdisplay = cfg.Path(cfg.Baseline), cfg.Baseline
		}
		if bpath != "" {
			b, err := suppress.ReadBaseline(cfg.FS(), bpath, bdisplay)
			if err != nil {
				return err
			}
			fresh, accepted := b.Filter(findings)
			if stale := b.Stale(findings); stale > 0 && since == "" {
				fmt.Fprintf(e.stderr, "wirelint check: %d baseline %s no longer %s a finding (fixed drift): run 'wirelint baseline' to drop %s\n",
					stale, plural(stale, "entry", "entries"), plural(stale, "matches", "match"), plural(stale, "it", "them"))
			}
			findings = fresh
			silenced = append(silenced, accepted...)
		}
		if s := suppress.Summary(silenced); s != "" {
			fmt.Fprintf(e.stderr, "wirelint check: %s\n", s)
		}
		*code, err = out.emit(e, findings)
		return err
	}
	return c
}

// loadConfig reads the configuration named by --config or, when path is
// empty, the one found from the working directory up to the repository root,
// and checks its rule ids against the catalogue.
func loadConfig(path string, in *input) (*config.Config, error) {
	display := filepath.ToSlash(path)
	if path == "" {
		found, err := config.Find(".")
		if err != nil {
			return nil, err
		}
		path, display = found, found
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, found); err == nil {
				display = filepath.ToSlash(rel)
			}
		}
	}
	var widen []string
	if in != nil {
		widen = in.absRoots()
	}
	cfg, err := config.Load(path, display, widen...)
	if err != nil {
		return nil, err
	}
	if in != nil {
		cfg.MaxFileSize = int64(in.maxFileSize)
		cfg.MaxPatternLength = int(in.maxPatternLength)
		cfg.MaxNodes = in.maxNodes
	}
	if err := cfg.CheckRules(runner.Rules()); err != nil {
		return nil, err
	}
	return cfg, nil
}
