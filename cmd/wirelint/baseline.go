package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/runner"
)

func newBaselineCmd(e *env, code *int) *cobra.Command {
	var configPath, output string
	c := &cobra.Command{
		Use:   "baseline",
		Short: "record today's findings so 'check --baseline' fails only on new ones",
		Args:  noArgs,
	}
	c.Flags().StringVar(&configPath, "config", "", "configuration file (default: .wirelint.yaml here or in the nearest folder above, up to the repository root)")
	c.Flags().StringVar(&output, "output", "", "file to write (default: the config's baseline, else "+config.BaselineFileName+" beside the config)")
	in := addInputFlags(c.Flags(), true)
	c.RunE = func(_ *cobra.Command, _ []string) error {
		cfg, err := loadConfig(configPath, in)
		if err != nil {
			return err
		}
		path, display := output, output
		if path == "" {
			display = cfg.Baseline
			if display == "" {
				display = config.BaselineFileName
			}
			path = cfg.Path(display)
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, path); err == nil {
					display = filepath.ToSlash(rel)
				}
			}
		}
		rc := runner.FromFile(cfg)
		res, err := runner.Run(rc)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := suppress.NewBaseline(res.Findings).Write(&buf); err != nil {
			return err
		}
		// never through a symlink; inside the project unless --output typed
		// a path outside it
		confine := cfg.FS()
		if output != "" {
			confine = confine.ForArgument(path)
		}
		if err := confine.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return writeError(display, err)
		}
		fmt.Fprintf(e.stdout, "wrote %d finding%s to %s\n", len(res.Findings), plural(len(res.Findings), "", "s"), display)
		*code = exitClean
		return nil
	}
	return c
}
