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
// adopted on an already-drifted contract and fail only on new drift. Each
// entry is matched by its fingerprint alone, which never depends on line
// numbers; beside it the entry says what it accepts — the rule, the
// definition or route, the file and the message — so a reviewer can read a
// baseline's diff:
//
//	{
//	  "version": 1,
//	  "findings": [
//	    {
//	      "file": "schemas/frame_wire.json",
//	      "definition": "DoneEvent",
//	      "rule": "parity/keyword",
//	      "message": "additionalProperties is false in frame_wire.json but absent in openapi.yaml",
//	      "fingerprint": "3f2a9c0d1e7b4a55"
//	    }
//	  ]
//	}
//
// Entries are sorted by file, definition or route, rule, message and
// fingerprint, none of which moves when lines do, so accepting one more
// finding adds one entry where a reader expects it. A fingerprint listed twice
// accepts two findings that share it. Entries written before the descriptive
// fields existed (rule and fingerprint only) are still read.

// BaselineVersion is the format version written and accepted.
const BaselineVersion = 1

// Baseline is a parsed baseline file.
type Baseline struct {
	// Version is BaselineVersion.
	Version int `json:"version"`
	// Findings lists the accepted findings, sorted (see NewBaseline).
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one accepted finding. Only Fingerprint matches; the other
// fields are for the reader.
type BaselineEntry struct {
	// File is the finding's primary file, from the repository root.
	File string `json:"file,omitempty"`
	// Definition names the definition the finding is in ("" = none).
	Definition string `json:"definition,omitempty"`
	// Route is the route a routes finding is about ("GET /frames").
	Route       string `json:"route,omitempty"`
	Rule        string `json:"rule"`
	Message     string `json:"message,omitempty"`
	Fingerprint string `json:"fingerprint"`
}

// NewBaseline records finalized findings, sorted by file, definition, route,
// rule, message and fingerprint.
func NewBaseline(fs []report.Finding) *Baseline {
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	for _, f := range fs {
		if f.Fingerprint == "" {
			f.ComputeFingerprint()
		}
		b.Findings = append(b.Findings, BaselineEntry{
			File: f.Primary().File, Definition: f.Definition, Route: f.Route(),
			Rule: f.Rule, Message: f.Message, Fingerprint: f.Fingerprint,
		})
	}
	sort.Slice(b.Findings, func(i, j int) bool {
		x, y := b.Findings[i], b.Findings[j]
		for _, c := range [][2]string{{x.File, y.File}, {x.Definition, y.Definition}, {x.Route, y.Route}, {x.Rule, y.Rule}, {x.Message, y.Message}} {
			if c[0] != c[1] {
				return c[0] < c[1]
			}
		}
		return x.Fingerprint < y.Fingerprint
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
