// Package report owns the Finding type every rule produces, its fingerprint, its
// ordering, and the printers that turn findings into text, JSON and the formats
// CI systems read.
package report

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Severity ranks a finding. The zero value is SeverityOff.
type Severity int

// Severities in increasing order of weight.
const (
	SeverityOff Severity = iota
	SeverityInfo
	SeverityWarning
	SeverityError
)

// String returns the severity's lower-case name as it appears in output and config.
func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "off"
}

// ParseSeverity reads "error", "warning", "info" or "off".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return SeverityError, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "info":
		return SeverityInfo, nil
	case "off", "none":
		return SeverityOff, nil
	}
	return SeverityOff, fmt.Errorf("unknown severity %q (want error, warning, info or off)", s)
}

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// Location is one place in one document that a finding talks about.
type Location struct {
	// File is the path as given on the command line or in config, slash-separated;
	// from the repository root once the run has named it so.
	File string `json:"file"`
	// Rev is the git revision File was read at ("" = the working tree), set
	// from the document when the location is built. Output names the file
	// REV:FILE (see Name); no fingerprint reads it, so a baseline survives
	// another name for the same revision.
	Rev string `json:"-"`
	// Line is 1-based; 0 = unknown (the file as a whole).
	Line int `json:"line"`
	// Column is 1-based; 0 = unknown.
	Column int `json:"column"`
	// Pointer is the absolute RFC 6901 JSON pointer in File ("" = the document root).
	Pointer string `json:"pointer"`
}

// Name is the file as output names it: REV:FILE, as git names a file at a
// revision, when Rev is set; File otherwise.
func (l Location) Name() string {
	if l.Rev != "" {
		return l.Rev + ":" + l.File
	}
	return l.File
}

// MarshalJSON writes the location with its file named as Name does, so JSON
// keeps one "file" string per location.
func (l Location) MarshalJSON() ([]byte, error) {
	type plain Location // without this method
	p := plain(l)
	p.File = l.Name()
	return json.Marshal(p)
}

// String renders the location as file:line:col (line and column only when known).
func (l Location) String() string {
	switch {
	case l.Line > 0 && l.Column > 0:
		return fmt.Sprintf("%s:%d:%d", l.Name(), l.Line, l.Column)
	case l.Line > 0:
		return fmt.Sprintf("%s:%d", l.Name(), l.Line)
	}
	return l.Name()
}

// Finding is one problem a rule reports. Locations lists one entry per document
// involved, the canonical document first.
type Finding struct {
	// Rule is the stable rule id, family/name.
	Rule string `json:"rule"`
	// Severity is the effective severity after configuration.
	Severity Severity `json:"severity"`
	// Message is lower-case, without a trailing period, and names both values.
	Message string `json:"message"`
	// Definition names the definition the finding sits in ("" = none).
	Definition string `json:"definition,omitempty"`
	// Pointer is relative to Definition when set, to the document root otherwise.
	Pointer string `json:"pointer"`
	// Locations holds one location per document involved, canonical first.
	Locations []Location `json:"locations"`
	// Fingerprint identifies the finding without line numbers; see Fingerprint.
	Fingerprint string `json:"fingerprint"`
	// Fields holds rule-specific values (keyword, canonical, mirror, payload...).
	Fields map[string]any `json:"-"`
	// Detail is extra text for humans (a word diff, a caret line); not part of JSON.
	Detail string `json:"-"`
	// Fixes are the edits that mend the finding, when wirelint knows them
	// (nil = none); not part of its identity.
	Fixes []Fix `json:"fixes,omitempty"`
}

// Primary returns the first location, or a zero Location.
func (f *Finding) Primary() Location {
	if len(f.Locations) == 0 {
		return Location{}
	}
	return f.Locations[0]
}

// Route names the route a routes finding is about ("GET /frames/{id}"), or
// "" for findings of other families.
func (f *Finding) Route() string {
	path, _ := f.Fields["path"].(string)
	if path == "" || !strings.HasPrefix(f.Rule, "routes/") {
		return ""
	}
	if method, _ := f.Fields["method"].(string); method != "" {
		return method + " " + path
	}
	return path
}

// ComputeFingerprint fills f.Fingerprint as Fingerprint does with every
// field but the payload and every location identifying it.
func (f *Finding) ComputeFingerprint() { f.Fingerprint = f.fingerprint(Identity{}) }

// fingerprint hashes the rule, definition, pointer, the files (from the
// repository root, without their revision) and pointers of the locations
// id counts, and the fields id keeps: never line numbers, so a baseline
// survives edits that move lines.
func (f *Finding) fingerprint(id Identity) string {
	h := sha256.New() // writing to a hash never fails: the errors below are nil
	_, _ = fmt.Fprintf(h, "%s\x00%s\x00%s\x00", f.Rule, f.Definition, f.Pointer)
	locs := f.Locations
	if id.Locations > 0 && id.Locations < len(locs) {
		locs = locs[:id.Locations]
	}
	for _, l := range locs {
		_, _ = fmt.Fprintf(h, "%s\x00%s\x00", l.File, l.Pointer)
	}
	keys := make([]string, 0, len(f.Fields))
	for k := range f.Fields {
		if k != "payload" && !slices.Contains(id.Ignore, k) { // generated probes may vary in shape; identity is the rest
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		_, _ = fmt.Fprintf(h, "%s=%v\x00", k, f.Fields[k])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Sort orders findings by primary file, line, column, rule, then message, so
// output is deterministic whatever order rules ran in.
func Sort(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].Primary(), fs[j].Primary()
		if a.Name() != b.Name() {
			return a.Name() < b.Name()
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if fs[i].Rule != fs[j].Rule {
			return fs[i].Rule < fs[j].Rule
		}
		if fs[i].Pointer != fs[j].Pointer {
			return fs[i].Pointer < fs[j].Pointer
		}
		if fs[i].Message != fs[j].Message {
			return fs[i].Message < fs[j].Message
		}
		// the other places: one message about two places of a mirror (a
		// shared definition's property against two types' fields)
		return compareLocations(fs[i].Locations, fs[j].Locations) < 0
	})
}

// compareLocations orders two lists of locations place by place (file,
// line, column, pointer), a shorter list first when one is the other's
// start.
func compareLocations(a, b []Location) int {
	for k := 0; k < len(a) && k < len(b); k++ {
		x, y := a[k], b[k]
		if c := cmp.Or(strings.Compare(x.Name(), y.Name()), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Column, y.Column), strings.Compare(x.Pointer, y.Pointer)); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// Finalize fingerprints the findings that have none, each as its rule's
// Identity says (rules is the catalogue; a rule not in it counts every field
// but the payload and every location), drops findings whose severity is off
// and exact repeats (the same rule, message and locations, as when two checks
// reach one shared file), and sorts. It is the one place a fingerprint is
// computed: call it once files are named from the repository root. Printers
// expect finalized findings.
func Finalize(fs []Finding, rules ...Rule) []Finding {
	identity := map[string]Identity{}
	for _, r := range rules {
		if r.Identity != nil {
			identity[r.ID] = *r.Identity
		}
	}
	out := fs[:0]
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Severity == SeverityOff {
			continue
		}
		if f.Fingerprint == "" {
			f.Fingerprint = f.fingerprint(identity[f.Rule])
		}
		key := f.Rule + "\x00" + f.Message + "\x00" + f.Fingerprint
		for _, l := range f.Locations {
			key += "\x00" + l.String()
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, f)
	}
	Sort(out)
	return out
}

// Summary counts findings by severity, and by rule id.
type Summary struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
	// ByRule counts findings per rule id (empty when there are none).
	ByRule map[string]int `json:"by_rule"`
}

// Summarize counts fs by severity and by rule.
func Summarize(fs []Finding) Summary {
	s := Summary{ByRule: map[string]int{}}
	for _, f := range fs {
		s.ByRule[f.Rule]++
		switch f.Severity {
		case SeverityError:
			s.Error++
		case SeverityWarning:
			s.Warning++
		case SeverityInfo:
			s.Info++
		}
	}
	return s
}

// RuleCounts renders ByRule for one line of text, rule ids sorted:
// "description/drift 1, parity/keyword 3".
func (s Summary) RuleCounts() string {
	ids := make([]string, 0, len(s.ByRule))
	for id := range s.ByRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s %d", id, s.ByRule[id])
	}
	return strings.Join(parts, ", ")
}

// AtOrAbove reports whether any finding is at or above threshold. A threshold of
// SeverityOff never fails.
func AtOrAbove(fs []Finding, threshold Severity) bool {
	if threshold == SeverityOff {
		return false
	}
	for _, f := range fs {
		if f.Severity >= threshold {
			return true
		}
	}
	return false
}
