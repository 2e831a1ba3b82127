package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=..."; otherwise
// the module version recorded by `go install` is used.
var version = ""

func init() {
	if version == "" {
		version = "devel"
		if bi, ok := debug.ReadBuildInfo(); ok {
			version = buildVersion(bi)
		}
	}
}

// buildVersion is the module version go install recorded, or for a build
// from a checkout "devel" with the commit and whether the tree was modified,
// so a bug report names the code it ran.
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
		return "devel"
	}
	return "devel (" + rev + dirty + ")"
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
