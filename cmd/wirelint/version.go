package main

import (
	"fmt"
	"runtime/debug"
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
	register(&command{
		name:    "version",
		usage:   "version",
		summary: "print wirelint's version",
		run: func(e *env, args []string) int {
			fmt.Fprintf(e.stdout, "wirelint %s\n", version)
			return exitClean
		},
	})
}
