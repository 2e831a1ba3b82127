// Package pipeline runs a command's rule families over loaded documents, so
// the CLI, `check` and the benchmarks run exactly the same thing.
package pipeline

import (
	"fmt"
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
	paths := []string{canonicalPath, mirrorPath}
	docs := make([]*reduce.Document, 2)
	errs := make([]error, 2)
	perDoc := make([][]report.Finding, 2)
	var loaded, checked sync.WaitGroup
	loaded.Add(2)
	checked.Add(2)
	for i, p := range paths {
		go func() {
			defer checked.Done()
			docs[i], errs[i] = ws.Load(p, "")
			loaded.Done()
			if errs[i] != nil {
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
	findings, documents := ParityFamily(ws, docs[0], docs[1], opts)
	checked.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	findings = append(findings, perDoc[0]...)
	findings = append(findings, perDoc[1]...)
	// Files the canonical side reaches through $refs get the regex rule too
	// (the ref rule followed them already).
	for _, d := range documents {
		if d != docs[0] && d != docs[1] {
			findings = append(findings, regex.Check(d, ropts)...)
		}
	}
	return findings, nil
}

// ParityFamily runs keyword parity and the description rules on a loaded
// pair. It returns the findings and the documents compared, each once:
// canonical, mirror, and the files either reaches through $refs.
func ParityFamily(res reduce.Resolver, canonical, mirror *reduce.Document, opts parity.Options) ([]report.Finding, []*reduce.Document) {
	r := parity.Check(res, canonical, mirror, opts)
	return append(r.Findings, description.Check(r.Pairs)...), r.Documents
}
