package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/runner"
)

func newCompatCmd(e *env, code *int) *cobra.Command {
	var against, role, configPath, baselinePath string
	c, out, in := findingsCommand("compat OLD NEW | compat --against REV [FILE...]", "report breaking changes between two revisions of a contract: two files or folders, or each file against a git revision", true)
	c.Flags().StringVar(&against, "against", "", "git revision (branch, tag, commit) to compare each FILE with, read from git objects")
	c.Flags().StringVar(&role, "role", "", "side standalone JSON Schema definitions are used on: produced|consumed|both (default: the config's, else both)")
	c.Flags().StringVar(&configPath, "config", "", "configuration: default files, role, ignores and baseline (default: .wirelint.yaml here or above, when there is one)")
	c.Flags().StringVar(&baselinePath, "baseline", "", "report only findings not in this baseline file (default: the config's baseline)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
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
		side, err := runner.ParseRole(role)
		if err != nil {
			return usageErrorf("--%v", err) // the configuration's role is checked when it is read
		}
		// a configuration of the runner: each file against its version at
		// REV, or OLD against NEW
		rc := runner.Config{Suppress: cfg, Compat: &runner.Compat{Role: side}, Arguments: pos}
		if cfg != nil && cfg.Compat != nil {
			rc.Compat.Schemas = cfg.Compat.Schemas
		}
		if cfg != nil {
			rc.Limits = cfg.Limits // the flags are laid over it by configure
		}
		switch {
		case against != "":
			rc.Compat.Against, rc.Compat.Documents = against, pos
			if len(pos) == 0 {
				rc.Dir, rc.Compat.Documents = cfg.Dir, cfg.Documents()
			}
		case len(pos) == 2:
			rc.Compat.Old, rc.Compat.New = pos[0], pos[1]
		default:
			return usageErrorf("want OLD and NEW (files or folders), or --against REV; got %s", arguments(len(pos)))
		}
		in.configure(&rc)
		res, err := runner.Run(rc)
		if errors.Is(err, runner.ErrMixedPaths) {
			return usageErrorf("%v", err)
		}
		if err != nil {
			return err
		}
		b, err := readBaseline(baselinePath, cfg)
		if err != nil {
			return err
		}
		return out.emitFiltered(e, code, "compat", b, res.Findings, res.Silenced, false)
	}
	return c
}
