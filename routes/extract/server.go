package extract

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/golang"
	"github.com/wirelint/wirelint/routes/js"
	"github.com/wirelint/wirelint/routes/python"
)

// ServerOptions tunes FromServer.
type ServerOptions struct {
	// Framework is one of routes.Frameworks; "" = "auto".
	Framework string
	// Display maps a file's path to the name used in output (nil = as is,
	// slash-separated).
	Display func(string) string
	// FS confines every file read: inside the project root (and the folders
	// it was widened to), symlinks followed, never in .git, regular files
	// only. Required: a nil FS reads nothing.
	FS *fsroot.Root
	// Limits bound the extraction: source-file size, folded-string length
	// and calls (zero fields = the defaults).
	Limits limits.Limits
	// BuildTags are the Go build tags the server is built with (nil = the
	// default build).
	BuildTags []string
	// Program is the folder of the Go main package compared when the
	// module builds several ("" = the one the spec documents).
	Program string
}

// FromServer extracts the routes a server registers from path, a source
// directory or file, a route list or a server-generated OpenAPI document.
// With "auto", a file is read by its extension (.go, .py, .js/.ts, .json/.yaml
// as OpenAPI, anything else as a route list) and a directory by every source
// file it holds. The Python and JavaScript frameworks read all of their
// language's frameworks at once; naming one only picks the language.
func FromServer(path string, opt ServerOptions) (*routes.Set, error) {
	display := opt.Display
	if display == nil {
		display = filepath.ToSlash
	}
	budget := routes.BudgetOf(opt.Limits)
	fw := opt.Framework
	if fw == "" {
		fw = "auto"
	}
	st, err := opt.FS.Stat(path)
	switch {
	case errors.Is(err, fsroot.ErrOutside):
		return nil, fmt.Errorf("%s: resolves outside the project root; route extraction does not read it (widen the root with --root)", display(path))
	case errors.Is(err, fsroot.ErrGit):
		return nil, fmt.Errorf("%s: lies in a .git folder, the repository's own data, which route extraction never reads; name the server's source folder", display(path))
	case err != nil:
		return nil, fmt.Errorf("%s: no such file or directory", display(path))
	}
	if fw == "auto" && !st.IsDir() {
		switch ext := strings.ToLower(filepath.Ext(path)); {
		case ext == ".go":
			fw = "go"
		case ext == ".py":
			fw = "python"
		case slices.Contains(js.Exts, ext):
			fw = "js"
		case ext == ".json" || ext == ".yaml" || ext == ".yml":
			fw = "openapi"
		default:
			fw = "list"
		}
	}
	switch fw {
	case "openapi", "list":
		if st.IsDir() {
			return nil, fmt.Errorf("%s: --framework %s reads a file, not a directory", display(path), fw)
		}
	}
	switch fw {
	case "go":
		return golang.ExtractWith(path, display, opt.FS, budget, golang.Options{Tags: opt.BuildTags, Program: opt.Program})
	case "python", "fastapi", "flask", "starlette", "django":
		return python.Extract(path, display, opt.FS, budget)
	case "js", "express", "fastify", "hono", "nestjs":
		return js.Extract(path, display, opt.FS, budget)
	case "openapi":
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file; route extraction reads only regular files", display(path))
		}
		doc, err := reduce.LoadFile(opt.FS, opt.Limits, path, display(path))
		if err != nil {
			return nil, err
		}
		return routes.FromSpec(doc, routes.SpecOptions{Framework: "openapi-server"})
	case "list":
		data, err := routes.ReadSource(opt.FS, path, display, budget.SourceBytes)
		if err != nil {
			return nil, err
		}
		return routes.FromList(data, display(path)), nil
	case "auto":
		return fromDir(path, display, opt.FS, budget, golang.Options{Tags: opt.BuildTags, Program: opt.Program})
	}
	return nil, fmt.Errorf("unknown framework %q (want one of %s)", fw, strings.Join(routes.Frameworks, ", "))
}

// fromDir reads every language a directory holds and merges the results.
// The directory is walked once; each language gets the files with its
// extensions.
func fromDir(dir string, display func(string) string, confine *fsroot.Root, budget routes.Budget, goOpt golang.Options) (*routes.Set, error) {
	goFiles := func(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
		return golang.FromFilesWith(root, files, display, confine, budget, goOpt)
	}
	langs := []struct {
		exts  []string
		read  func(string, []string, func(string) string, *fsroot.Root, routes.Budget) (*routes.Set, error)
		files []string
	}{
		{exts: []string{".go"}, read: goFiles},
		{exts: []string{".py"}, read: python.FromFiles},
		{exts: js.Exts, read: js.FromFiles},
	}
	var exts []string
	for _, l := range langs {
		exts = append(exts, l.exts...)
	}
	all, err := routes.SourceFiles(confine, dir, exts...)
	if err != nil {
		return nil, err
	}
	all = withoutExamples(dir, all)
	for _, f := range all {
		for i := range langs {
			if slices.ContainsFunc(langs[i].exts, func(e string) bool { return strings.HasSuffix(f, e) }) {
				langs[i].files = append(langs[i].files, f)
				break
			}
		}
	}
	var sets []*routes.Set
	for _, l := range langs {
		if len(l.files) == 0 {
			continue
		}
		s, err := l.read(dir, l.files, display, confine, budget)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	switch len(sets) {
	case 0:
		return nil, fmt.Errorf("%s: no Go, Python, JavaScript or TypeScript source found", display(dir))
	case 1:
		return sets[0], nil
	}
	out := &routes.Set{}
	var looked []string
	roots := 0
	for _, s := range sets {
		top := 0
		for _, r := range s.Routes {
			top = max(top, r.Root)
			r.Root += roots
			out.Routes = append(out.Routes, r)
		}
		roots += top
		out.Unresolved = append(out.Unresolved, s.Unresolved...)
		out.Files += s.Files
		if out.Generated == nil {
			out.Generated = s.Generated
		}
		looked = append(looked, s.LookedFor)
	}
	out.LookedFor = strings.Join(looked, "; ")
	out.Finish()
	return out, nil
}

// exampleFolders hold a repository's example and demo programs: apps of
// their own (an SDK's FastAPI example beside a Go server), not the server's
// code.
var exampleFolders = map[string]bool{
	"example": true, "examples": true, "_examples": true, "sample": true, "samples": true, "demo": true, "demos": true,
}

// withoutExamples drops the Python and JavaScript files that lie in an
// example folder below dir, unless nothing else is left: each is an app of
// its own, and reading it as the server's turned its routes into false
// undocumented findings (six on hatchet). Go files stay: the Go reader tells
// programs apart by their main packages and sets examples aside itself.
func withoutExamples(dir string, files []string) []string {
	var kept []string
	for _, f := range files {
		if strings.HasSuffix(f, ".go") || !inExampleFolder(dir, f) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return files
	}
	return kept
}

func inExampleFolder(dir, file string) bool {
	rel, err := filepath.Rel(dir, filepath.Dir(file))
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if exampleFolders[seg] {
			return true
		}
	}
	return false
}
