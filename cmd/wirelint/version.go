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
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			version = bi.Main.Version
		}
	}
}

func newVersionCmd(e *env, code *int) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print wirelint's version",
		Args:  noArgs,
		Run: func(*cobra.Command, []string) {
			fmt.Fprintf(e.stdout, "wirelint %s\n", version)
			*code = exitClean
		},
	}
}
