package main

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/config"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// releaseVersion is the version this source is: the CHANGELOG's top entry
// names it, the README and the pre-commit example pin its tag (v0.1.0), and
// scripts/release.sh refuses to stamp any other tag. Raise it with the
// CHANGELOG when a release is cut.
const releaseVersion = "0.1.0"

// version is set at build time with -ldflags "-X main.version=..."; otherwise
// the module version recorded by `go install` is used, or for a build from
// a checkout the source's version marked devel.
var version = ""

func init() {
	config.Running = releaseVersion
	if version == "" {
		version = releaseVersion + "-devel"
		if bi, ok := debug.ReadBuildInfo(); ok {
			version = buildVersion(bi)
		}
	}
}

// buildVersion is the module version go install recorded, or for a build
// from a checkout the source's version with "-devel", the commit and whether
// the tree was modified, so a bug report names the code it ran.
func buildVersion(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return releaseVersion + "-devel"
	}
	return releaseVersion + "-devel (" + rev + dirty + ")"
}

func newVersionCmd(e *env, code *int) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print wirelint's version",
		Args:  noArgs,
		Run: func(*cobra.Command, []string) {
			_, _ = fmt.Fprintf(e.stdout, "wirelint %s\n", version) // one line: a reader that went away needs none
			*code = exitClean
		},
	}
}
