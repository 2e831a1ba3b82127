package suppress

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/report"
)

// A baseline records the findings a project has accepted, so wirelint can be
// adopted on an already-drifted contract and fail only on new drift. It holds
// fingerprints, which never depend on line numbers, and the rule of each for
// readers of the diff:
//
//	{
//	  "version": 1,
//	  "findings": [
//	    {"rule": "parity/max-length", "fingerprint": "3f2a9c0d1e7b4a55"}
//	  ]
//	}
//
// A fingerprint listed twice accepts two findings that share it.

// BaselineVersion is the format version written and accepted.
const BaselineVersion = 1

// Baseline is a parsed baseline file.
type Baseline struct {
	// Version is BaselineVersion.
	Version int `json:"version"`
	// Findings lists the accepted findings, sorted by rule then fingerprint.
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one accepted finding.
type BaselineEntry struct {
	Rule        string `json:"rule"`
	Fingerprint string `json:"fingerprint"`
}

// NewBaseline records finalized findings.
func NewBaseline(fs []report.Finding) *Baseline {
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	for _, f := range fs {
		if f.Fingerprint == "" {
			f.ComputeFingerprint()
		}
		b.Findings = append(b.Findings, BaselineEntry{Rule: f.Rule, Fingerprint: f.Fingerprint})
	}
	sort.Slice(b.Findings, func(i, j int) bool {
		if b.Findings[i].Rule != b.Findings[j].Rule {
			return b.Findings[i].Rule < b.Findings[j].Rule
		}
		return b.Findings[i].Fingerprint < b.Findings[j].Fingerprint
	})
	return b
}

// Write prints the baseline as indented JSON with a final newline.
func (b *Baseline) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// ReadBaseline parses the baseline file at path, read through confine;
// display names it in errors. A malformed file is an error naming its line.
func ReadBaseline(confine *fsroot.Root, path, display string) (*Baseline, error) {
	data, err := confine.ReadFile(path, 0)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file (run 'wirelint baseline' to write one)", display)
		}
		return nil, fmt.Errorf("%s: %v", display, strings.TrimPrefix(err.Error(), "open "+path+": "))
	}
	return ParseBaseline(data, display)
}

// ParseBaseline parses a baseline's bytes; file names it in errors.
func ParseBaseline(data []byte, file string) (*Baseline, error) {
	var b Baseline
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: malformed JSON: %s", file, lineAt(data, se.Offset), strings.TrimPrefix(se.Error(), "invalid character "))
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s:%d: %s must be %s, not a JSON %s", file, lineAt(data, te.Offset), te.Field, te.Type, te.Value)
		}
		return nil, fmt.Errorf("%s: not a wirelint baseline: %v", file, strings.TrimPrefix(err.Error(), "json: "))
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("%s: baseline version %d, want %d (rewrite it with 'wirelint baseline')", file, b.Version, BaselineVersion)
	}
	for i, e := range b.Findings {
		if e.Fingerprint == "" {
			return nil, fmt.Errorf("%s: findings[%d] has no fingerprint", file, i)
		}
	}
	return &b, nil
}

func lineAt(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// Filter splits finalized findings into those the baseline does not accept
// (reported) and those it does. Each entry accepts one finding.
func (b *Baseline) Filter(fs []report.Finding) (fresh []report.Finding, accepted []Suppressed) {
	left := map[string]int{}
	for _, e := range b.Findings {
		left[e.Fingerprint]++
	}
	for _, f := range fs {
		if f.Fingerprint == "" {
			f.ComputeFingerprint()
		}
		if left[f.Fingerprint] > 0 {
			left[f.Fingerprint]--
			accepted = append(accepted, Suppressed{Finding: f, Kind: ByBaseline, By: "baseline"})
			continue
		}
		fresh = append(fresh, f)
	}
	return fresh, accepted
}

// Stale counts the baseline entries no current finding used: fixed drift
// whose entry can go with the next 'wirelint baseline'.
func (b *Baseline) Stale(fs []report.Finding) int {
	left := map[string]int{}
	for _, e := range b.Findings {
		left[e.Fingerprint]++
	}
	for _, f := range fs {
		if left[f.Fingerprint] > 0 {
			left[f.Fingerprint]--
		}
	}
	n := 0
	for _, c := range left {
		n += c
	}
	return n
}
