package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/fix"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/runner"
)

func newFixCmd(e *env, code *int) *cobra.Command {
	var configPath, towards string
	var write bool
	var rules listFlag
	var renames listFlag
	c := &cobra.Command{
		Use:   "fix [CANONICAL... MIRROR]",
		Short: "mend what parity and description findings report: print the edits as a diff, or --write them",
		Long: "fix computes, for each finding it can mend safely, the text edit that mends it — a mirror keyword made\n" +
			"equal to the canonical's (added, changed or removed), a description copied — keeping the file's\n" +
			"formatting, and prints them as a unified diff (exit 1 when there is something to fix) or, with --write,\n" +
			"applies them and re-runs the checks to show the mended findings are gone. Without arguments it mends\n" +
			"what check reports for .wirelint.yaml; with files, what parity reports for them.\n" +
			"Rules it mends: " + strings.Join(fix.Fixable, ", ") + ".",
	}
	c.Flags().StringVar(&configPath, "config", "", "configuration file (default: .wirelint.yaml here or in the nearest folder above, up to the repository root)")
	c.Flags().BoolVar(&write, "write", false, "apply the edits instead of printing them as a diff")
	c.Flags().Bool("diff", true, "print the edits as a unified diff (the default)")
	c.Flags().Var(&rules, "rule", "mend only findings of this rule (repeatable; default: every rule fix mends)")
	c.Flags().StringVar(&towards, "towards", "canonical", "which side wins: canonical (edit the mirror) or mirror (edit the canonical document)")
	c.Flags().Var(&renames, "rename", "with files: pair a renamed definition, `CANONICAL_NAME=MIRROR_NAME` (repeatable)")
	in := addInputFlags(c.Flags(), true)
	c.RunE = func(_ *cobra.Command, pos []string) error {
		side := fix.TowardsCanonical
		switch towards {
		case "canonical":
		case "mirror":
			side = fix.TowardsMirror
		default:
			return usageErrorf("--towards %q: want canonical or mirror", towards)
		}
		for _, r := range rules {
			if !contains(fix.Fixable, r) {
				return usageErrorf("--rule %q: fix mends %s", r, strings.Join(fix.Fixable, ", "))
			}
		}
		if len(pos) == 1 {
			return usageErrorf("want CANONICAL (files) and MIRROR, or no argument for the configuration; got %s", arguments(len(pos)))
		}
		cfg, root, err := fixConfig(configPath, pos, renames, in)
		if err != nil {
			return err
		}
		res, err := runner.Run(cfg)
		if err != nil {
			return err
		}
		findings := res.Findings
		if len(rules) > 0 {
			findings = findings[:0:0]
			for _, f := range res.Findings {
				if contains(rules, f.Rule) {
					findings = append(findings, f)
				}
			}
		}
		fsys := fsroot.New(root)
		read := func(path string) ([]byte, error) {
			return fsys.ReadFile(filepath.Join(root, filepath.FromSlash(path)), 64<<20)
		}
		fixes, skipped := fix.Plan(findings, read, side)
		for _, s := range skipped {
			_, _ = fmt.Fprintf(e.stderr, "wirelint fix: %s: not mended (%s): %s\n", report.Visible(s.Finding.Primary().String()), s.Finding.Rule, report.Visible(s.Reason))
		}
		byFile := map[string][]fix.Edit{}
		for _, f := range fixes {
			byFile[f.Edits[0].File] = append(byFile[f.Edits[0].File], f.Edits...)
		}
		files := make([]string, 0, len(byFile))
		for f := range byFile {
			files = append(files, f)
		}
		sort.Strings(files)
		if !write {
			for _, file := range files {
				data, err := read(file)
				if err != nil {
					return err
				}
				d, err := fix.Diff(file, data, byFile[file])
				if err != nil {
					return err
				}
				if d != "" {
					// The diff quotes the project's own files: each line is made
					// inert; a diff line never starts a workflow command.
					if _, err := fmt.Fprintln(e.stdout, strings.Join(diffLines(d), "\n")); err != nil {
						return err
					}
				}
			}
			_, _ = fmt.Fprintf(e.stderr, "wirelint fix: %d fix%s in %d file%s; --write applies %s\n", len(fixes), plural(len(fixes), "", "es"), len(files), plural(len(files), "", "s"), plural(len(fixes), "it", "them"))
			*code = exitClean
			if len(fixes) > 0 {
				*code = exitFindings
			}
			return nil
		}
		for _, file := range files {
			data, err := read(file)
			if err != nil {
				return err
			}
			after, err := fix.Apply(data, byFile[file])
			if err != nil {
				return err
			}
			if err := fsys.WriteFile(filepath.Join(root, filepath.FromSlash(file)), after, 0o644); err != nil {
				return fmt.Errorf("write %s: %v", file, err)
			}
		}
		// Re-run the checks: every mended finding must be gone and none new.
		again, err := runner.Run(cfg)
		if err != nil {
			return fmt.Errorf("re-check after writing: %v", err)
		}
		before := map[string]bool{}
		for _, f := range res.Findings {
			before[f.Fingerprint] = true
		}
		after := map[string]bool{}
		var fresh []report.Finding
		for _, f := range again.Findings {
			after[f.Fingerprint] = true
			if !before[f.Fingerprint] {
				fresh = append(fresh, f)
			}
		}
		remaining := 0
		for _, f := range fixes {
			if after[f.Finding.Fingerprint] {
				remaining++
				_, _ = fmt.Fprintf(e.stderr, "wirelint fix: %s: still reported after the fix (%s)\n", report.Visible(f.Finding.Primary().String()), f.Finding.Rule)
			}
		}
		for _, f := range fresh {
			_, _ = fmt.Fprintf(e.stderr, "wirelint fix: %s: new after the fix: %s (%s)\n", report.Visible(f.Primary().String()), report.Visible(f.Message), f.Rule)
		}
		// the files are written and the exit code says what is left: these
		// lines only report it
		_, _ = fmt.Fprintf(e.stdout, "fixed %d of %d finding%s in %d file%s", len(fixes)-remaining, len(fixes), plural(len(fixes), "", "s"), len(files), plural(len(files), "", "s"))
		_, _ = fmt.Fprintf(e.stdout, "; re-checked: %d finding%s left, %d new\n", len(again.Findings), plural(len(again.Findings), "", "s"), len(fresh))
		*code = exitClean
		if remaining > 0 || len(fresh) > 0 {
			*code = exitFindings
		}
		return nil
	}
	return c
}

// fixConfig is what fix re-checks: parity of the files named, or the
// configuration; and the repository root the findings' paths start from.
func fixConfig(configPath string, pos []string, renames listFlag, in *input) (runner.Config, string, error) {
	if len(pos) == 0 {
		cfg, err := loadConfig(configPath, in)
		if err != nil {
			return runner.Config{}, "", err
		}
		rc := runner.FromFile(cfg)
		in.configure(&rc)
		return rc, reduce.ProjectRoot(cfg.Dir), nil
	}
	rn, err := parseRenames(renames)
	if err != nil {
		return runner.Config{}, "", err
	}
	wd, err := os.Getwd()
	if err != nil {
		return runner.Config{}, "", err
	}
	p := runner.Parity{Canonical: pos[0], Mirror: pos[len(pos)-1], Renames: rn}
	if len(pos) > 2 {
		p.Canonicals = pos[:len(pos)-1]
	}
	rc := runner.Config{Parity: []runner.Parity{p}, Refs: &runner.Refs{}}
	in.configure(&rc)
	return rc, reduce.ProjectRoot(wd), nil
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// diffLines is a unified diff's lines made inert for the terminal: control
// characters escaped as report.Visible does, tabs kept so the diff still
// applies.
func diffLines(d string) []string {
	lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
	for i, l := range lines {
		parts := strings.Split(strings.TrimSuffix(l, "\r"), "\t")
		for j, p := range parts {
			parts[j] = report.Visible(p)
		}
		lines[i] = strings.Join(parts, "\t")
	}
	return lines
}
