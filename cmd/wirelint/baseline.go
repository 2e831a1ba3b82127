package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/suppress"
)

func init() {
	register(&command{
		name:    "baseline",
		usage:   "baseline [--config FILE] [--output FILE]",
		summary: "record today's findings so 'check --baseline' fails only on new ones",
		run:     runBaseline,
	})
}

func runBaseline(e *env, args []string) int {
	fs := flag.NewFlagSet("baseline", flag.ContinueOnError)
	configPath := fs.String("config", config.FileName, "configuration file; paths in it are relative to its folder")
	in := addInputFlags(fs)
	output := fs.String("output", "", "file to write (default: the config's baseline, else "+config.BaselineFileName+" beside the config)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "baseline", err)
	}
	if len(pos) > 0 {
		return fail(e, "baseline", fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0]))
	}
	cfg, err := loadCheckConfig(*configPath, in)
	if err != nil {
		return fail(e, "baseline", err)
	}
	path, display := *output, *output
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
	run, err := collect(cfg)
	if err != nil {
		return fail(e, "baseline", err)
	}
	var buf bytes.Buffer
	if err := suppress.NewBaseline(run.findings).Write(&buf); err != nil {
		return fail(e, "baseline", err)
	}
	if err := cfg.FS().WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fail(e, "baseline", fmt.Errorf("write %s: %v", display, err))
	}
	fmt.Fprintf(e.stdout, "wrote %d finding%s to %s\n", len(run.findings), plural(len(run.findings), "", "s"), display)
	return exitClean
}
