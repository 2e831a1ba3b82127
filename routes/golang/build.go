package golang

import (
	"go/build/constraint"
	"path/filepath"
	"slices"
	"strings"
)

// Build says which files of the module a build compiles: Go's default
// build for linux/amd64 (no custom tags), plus the tags a user names
// (--build-tags, build-tags:). A file whose //go:build line or _GOOS /
// _GOARCH name excludes it is not read, as the compiler does not read it.
type Build struct {
	// Tags are the custom build tags set (go build -tags); nil = none.
	Tags []string
	// all sets every custom tag: the build of every tagged variant,
	// whose routes are served only when built so.
	all bool
}

// knownOS and knownArch are Go's GOOS and GOARCH values (go tool dist
// list); a tag or file-name suffix naming another platform than
// linux/amd64 excludes the file.
var knownOS = map[string]bool{
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true, "illumos": true,
	"ios": true, "js": true, "linux": true, "nacl": true, "netbsd": true, "openbsd": true, "plan9": true,
	"solaris": true, "wasip1": true, "windows": true, "zos": true,
}

var knownArch = map[string]bool{
	"386": true, "amd64": true, "arm": true, "arm64": true, "loong64": true, "mips": true, "mipsle": true,
	"mips64": true, "mips64le": true, "ppc64": true, "ppc64le": true, "riscv64": true, "s390x": true, "wasm": true,
}

// platformTag reports whether tag is decided by the platform and toolchain
// rather than by the user: a GOOS, a GOARCH, unix, gc, gccgo, cgo or a
// go1.N release tag.
func platformTag(tag string) bool {
	return knownOS[tag] || knownArch[tag] || tag == "unix" || tag == "gc" || tag == "gccgo" || tag == "cgo" ||
		strings.HasPrefix(tag, "go1.")
}

// has reports whether the build sets tag.
func (b Build) has(tag string) bool {
	switch {
	case tag == "linux" || tag == "amd64" || tag == "unix" || tag == "gc" || tag == "cgo" || strings.HasPrefix(tag, "go1."):
		return true
	case platformTag(tag):
		return false
	case tag == "ignore":
		// by convention set by no build: a generator or a tool run by
		// naming its files, never a variant of the server
		return slices.Contains(b.Tags, tag)
	}
	return b.all || slices.Contains(b.Tags, tag)
}

// fileTags decides whether b compiles the file name whose source up to
// its package clause is header: by its _GOOS/_GOARCH name and its
// //go:build (or // +build) lines. custom are the custom tags the
// constraint names, in order: a file they exclude is a variant some other
// build compiles.
func (b Build) fileTags(name string, header []byte) (ok bool, custom []string) {
	ok = b.nameOK(filepath.Base(name))
	for _, line := range strings.Split(string(header), "\n") {
		line = strings.TrimSpace(line)
		if !constraint.IsGoBuild(line) && !constraint.IsPlusBuild(line) {
			continue
		}
		x, err := constraint.Parse(line)
		if err != nil {
			continue // the compiler refuses it; read the file as if unconstrained
		}
		ok = ok && x.Eval(b.has)
		x.Eval(func(tag string) bool {
			if !platformTag(tag) && !slices.Contains(custom, tag) {
				custom = append(custom, tag)
			}
			return true
		})
	}
	return ok, custom
}

// nameOK applies Go's file-name constraints: name_GOOS.go,
// name_GOARCH.go and name_GOOS_GOARCH.go build only on that platform.
func (b Build) nameOK(name string) bool {
	parts := strings.Split(strings.TrimSuffix(name, ".go"), "_")
	if len(parts) < 2 {
		return true
	}
	last := parts[len(parts)-1]
	if knownArch[last] {
		if !b.has(last) {
			return false
		}
		if len(parts) >= 3 && knownOS[parts[len(parts)-2]] {
			return b.has(parts[len(parts)-2])
		}
		return true
	}
	if knownOS[last] {
		return b.has(last)
	}
	return true
}
