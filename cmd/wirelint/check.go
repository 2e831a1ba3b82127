package main

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/runner"
)

func newCheckCmd(e *env, code *int) *cobra.Command {
	var configPath, baselinePath, since string
	c, out, in := findingsCommand("check", "run everything .wirelint.yaml configures and print one report", true)
	c.Long = "check runs every rule family .wirelint.yaml configures and prints one report. Without --config it uses the\n" +
		".wirelint.yaml of the working directory or of the nearest folder above it, up to the repository root.\n" +
		"Files are named relative to the repository root in every format."
	c.Args = noArgs
	c.Flags().StringVar(&configPath, "config", "", "configuration file; paths in it are relative to its folder (default: .wirelint.yaml here or in the nearest folder above, up to the repository root)")
	c.Flags().StringVar(&baselinePath, "baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	c.Flags().StringVar(&since, "since", "", "report only findings in definitions and routes changed since this git revision (needs the history: fetch-depth 0)")
	var compatAgainst string
	c.Flags().StringVar(&compatAgainst, "compat-against", "", "git revision compat compares with, overriding compat.against (only when the configuration has a compat section)")
	c.RunE = func(_ *cobra.Command, _ []string) error {
		cfg, err := loadConfig(configPath, in)
		if err != nil {
			return err
		}
		if compatAgainst != "" && cfg.Compat != nil {
			cfg.Compat.Against = compatAgainst
		}
		rc := runner.FromFile(cfg)
		rc.Since = since
		res, err := runner.Run(rc)
		if err != nil {
			return err
		}
		b, err := readBaseline(baselinePath, cfg)
		if err != nil {
			return err
		}
		return out.emitFiltered(e, code, "check", b, res.Findings, res.Silenced, since == "")
	}
	return c
}

// readBaseline reads the baseline --baseline names (flag) or else the
// configuration's (cfg may be nil), inside the configuration's confinement
// when there is one; a file the configuration names is named in errors as it
// writes it, not by where the repository is checked out. No baseline is nil.
func readBaseline(flag string, cfg *config.Config) (*suppress.Baseline, error) {
	path, display := flag, flag
	if path == "" && cfg != nil && cfg.Baseline != "" {
		path, display = cfg.Path(cfg.Baseline), cfg.Baseline
	}
	if path == "" {
		return nil, nil
	}
	root := fsroot.New(fsroot.ProjectDir(filepath.Dir(path)))
	if cfg != nil {
		root = cfg.FS()
	}
	return suppress.ReadBaseline(root, path, display)
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
		cfg.Limits = cfg.Limits.Over(in.limits)
	}
	if err := cfg.CheckRules(runner.Rules()); err != nil {
		return nil, err
	}
	return cfg, nil
}
