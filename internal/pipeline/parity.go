// Package pipeline runs a command's rule families over loaded documents, so
// the CLI, `check` and the benchmarks run exactly the same thing.
package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
)

// Parity loads the two documents through ws and runs what `wirelint parity`
// reports: keyword parity and descriptions, and the ref and regex rules on both
// documents (and on the files the canonical side reaches through $refs). Each
// document's ref and regex rules start as soon as it is loaded, while the other
// may still be parsing; parity starts when both are. The families share only
// read-only documents. A load error is returned as is (a *reduce.LoadError).
func Parity(ws *reduce.Workspace, canonicalPath, mirrorPath string, opts parity.Options, ropts regex.Options) ([]report.Finding, error) {
	return ParityAll(ws, []string{canonicalPath}, mirrorPath, opts, ropts)
}

// ParityAll is Parity with several canonical files: each argument is a file,
// or a folder whose .json, .yaml and .yml files (recursively, in name order)
// are canonical — a file in a folder that is neither a JSON Schema nor an
// OpenAPI document is skipped.
func ParityAll(ws *reduce.Workspace, canonicalArgs []string, mirrorPath string, opts parity.Options, ropts regex.Options) ([]report.Finding, error) {
	var paths []string
	fromFolder := map[int]bool{}
	for _, arg := range canonicalArgs {
		files, isDir, err := reduce.SchemaFiles(arg)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if isDir && sameFile(f, mirrorPath) {
				continue // the mirror kept beside the schemas
			}
			fromFolder[len(paths)] = isDir
			paths = append(paths, f)
		}
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no .json, .yaml or .yml file to use as the canonical schema", strings.Join(canonicalArgs, ", "))
	}
	paths = append(paths, mirrorPath)
	n := len(paths)
	docs := make([]*reduce.Document, n)
	errs := make([]error, n)
	perDoc := make([][]report.Finding, n)
	var loaded, checked sync.WaitGroup
	loaded.Add(n)
	checked.Add(n)
	for i, p := range paths {
		go func() {
			defer checked.Done()
			docs[i], errs[i] = ws.Load(p, "")
			loaded.Done()
			if errs[i] != nil {
				if fromFolder[i] && errors.Is(errs[i], reduce.ErrNotDocument) {
					errs[i] = nil // not a schema: the folder holds other files too
				}
				return
			}
			// a panic here would bypass the command's recover: report it
			defer func() {
				if r := recover(); r != nil {
					errs[i] = fmt.Errorf("internal error checking %s: %v (please report this with the input that caused it)", docs[i].Path, r)
				}
			}()
			perDoc[i] = append(ref.Check(ws, docs[i:i+1], ref.Options{}), regex.Check(docs[i], ropts)...)
		}()
	}
	loaded.Wait()
	for _, err := range errs {
		if err != nil {
			checked.Wait()
			return nil, err
		}
	}
	var canonicals []*reduce.Document
	for _, d := range docs[:n-1] {
		if d != nil {
			canonicals = append(canonicals, d)
		}
	}
	if len(canonicals) == 0 {
		checked.Wait()
		return nil, fmt.Errorf("%s: no JSON Schema or OpenAPI document to use as the canonical schema", strings.Join(canonicalArgs, ", "))
	}
	findings, documents := ParityFamilyAll(ws, canonicals, docs[n-1], opts)
	checked.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for _, fs := range perDoc {
		findings = append(findings, fs...)
	}
	// Files the canonical side reaches through $refs get the regex rule too
	// (the ref rule followed them already).
	for _, d := range documents {
		if !slices.Contains(docs, d) {
			findings = append(findings, regex.Check(d, ropts)...)
		}
	}
	return findings, nil
}

// ParityFamily runs keyword parity and the description rules on a loaded
// pair. It returns the findings and the documents compared, each once:
// canonical, mirror, and the files either reaches through $refs.
func ParityFamily(res reduce.Resolver, canonical, mirror *reduce.Document, opts parity.Options) ([]report.Finding, []*reduce.Document) {
	return ParityFamilyAll(res, []*reduce.Document{canonical}, mirror, opts)
}

// ParityFamilyAll is ParityFamily with several canonical documents.
func ParityFamilyAll(res reduce.Resolver, canonicals []*reduce.Document, mirror *reduce.Document, opts parity.Options) ([]report.Finding, []*reduce.Document) {
	r := parity.CheckAll(res, canonicals, mirror, opts)
	return append(r.Findings, description.Check(r.Pairs)...), r.Documents
}

func sameFile(a, b string) bool {
	aa, errA := filepath.Abs(a)
	bb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && aa == bb
}
