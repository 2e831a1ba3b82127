// Package read picks a language reader for each mirror path (a file, or a
// folder walked for the language's files) and gathers the declarations into
// one codetypes.Set. Every read stays inside the project root.
package read

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/codetypes/golang"
	"github.com/wirelint/wirelint/codetypes/python"
	"github.com/wirelint/wirelint/codetypes/rust"
	"github.com/wirelint/wirelint/codetypes/typescript"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/pathglob"
)

// Languages lists the languages a mirror may be written in.
var Languages = []string{"go", "typescript", "python", "rust"}

// Options say how to read the mirror paths.
type Options struct {
	// Language forces one reader ("" = from each file's extension).
	Language string
	// FS confines every read (required).
	FS *fsroot.Root
	// Display names a file in positions and errors.
	Display func(abs string) string
	// MaxFileSize bounds each file (0 = the fsroot default).
	MaxFileSize int64
	// Ignore lists globs of files (relative to the displayed names) left
	// unread.
	Ignore []string
}

// LanguageOf returns the language a file's extension names, or "".
func LanguageOf(name string) string {
	switch {
	case strings.HasSuffix(name, "_test.go"):
		return ""
	case strings.HasSuffix(name, ".go"):
		return "go"
	case strings.HasSuffix(name, ".ts"), strings.HasSuffix(name, ".tsx"), strings.HasSuffix(name, ".mts"), strings.HasSuffix(name, ".cts"):
		return "typescript"
	case strings.HasSuffix(name, ".py"), strings.HasSuffix(name, ".pyi"):
		return "python"
	case strings.HasSuffix(name, ".rs"):
		return "rust"
	}
	return ""
}

// skipDir lists folders a walk never enters.
var skipDir = map[string]bool{".git": true, "node_modules": true, "vendor": true, "target": true, "__pycache__": true, ".venv": true, "testdata": true}

// Files reads the paths (absolute) into one set. A file no reader knows is
// an error when named directly and skipped in a folder.
func Files(paths []string, opts Options) (*codetypes.Set, error) {
	byLang := map[string][]string{}
	for _, p := range paths {
		st, err := opts.FS.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("read mirror %s: %w", opts.Display(p), err)
		}
		if !st.IsDir() {
			lang := opts.Language
			if lang == "" {
				lang = LanguageOf(p)
			}
			if lang == "" && strings.HasSuffix(p, "_test.go") {
				lang = "go" // named: read, though a folder's walk leaves tests out
			}
			if lang == "" {
				return nil, fmt.Errorf("%s: no reader for this file; name its language with --language (%s)", opts.Display(p), strings.Join(Languages, ", "))
			}
			byLang[lang] = append(byLang[lang], p)
			continue
		}
		if err := walk(p, opts, byLang); err != nil {
			return nil, err
		}
	}
	set := &codetypes.Set{}
	langs := make([]string, 0, len(byLang))
	for l := range byLang {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, lang := range langs {
		files := byLang[lang]
		sort.Strings(files)
		var goFiles []golang.Source
		for _, f := range files {
			display := opts.Display(f)
			if ignored(display, opts.Ignore) {
				continue
			}
			data, err := opts.FS.ReadFile(f, opts.MaxFileSize)
			if err != nil {
				return nil, fmt.Errorf("read mirror %s: %w", display, err)
			}
			var decls []*codetypes.Decl
			switch lang {
			case "go":
				goFiles = append(goFiles, golang.Source{Path: display, Data: data})
				continue
			case "typescript":
				decls, err = typescript.Read(string(data), display)
			case "python":
				decls, err = python.Read(string(data), display)
			case "rust":
				decls, err = rust.Read(string(data), display)
			default:
				return nil, fmt.Errorf("unknown language %q (want %s)", lang, strings.Join(Languages, ", "))
			}
			if err != nil {
				return nil, err
			}
			set.Add(decls...)
		}
		if len(goFiles) > 0 {
			decls, err := golang.Read(goFiles)
			if err != nil {
				return nil, err
			}
			set.Add(decls...)
		}
	}
	set.ApplyTags()
	set.Sort()
	return set, nil
}

func walk(dir string, opts Options, byLang map[string][]string) error {
	entries, err := opts.FS.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read mirror %s: %w", opts.Display(dir), err)
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() {
			if !skipDir[e.Name()] && !strings.HasPrefix(e.Name(), ".") {
				if err := walk(p, opts, byLang); err != nil {
					return err
				}
			}
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 || !e.Type().IsRegular() {
			continue
		}
		lang := LanguageOf(e.Name())
		if lang == "" || opts.Language != "" && lang != opts.Language {
			continue
		}
		byLang[lang] = append(byLang[lang], p)
	}
	return nil
}

func ignored(display string, globs []string) bool {
	for _, g := range globs {
		if pathglob.Match(g, display) || pathglob.Match(g, path.Base(display)) {
			return true
		}
	}
	return false
}
