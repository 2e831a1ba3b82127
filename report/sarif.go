package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"sort"
	"strings"
)

// SARIF output follows the OASIS Static Analysis Results Interchange Format
// 2.1.0: https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
// (section numbers below refer to it). GitHub code scanning's reading of it:
// https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	// sarifSrcRoot is the uriBaseId relative artifact URIs resolve against
	// (§3.4.4); GitHub resolves it to the repository root.
	sarifSrcRoot = "%SRCROOT%"
	// sarifFingerprintKey names wirelint's line-free fingerprint among the
	// result's partialFingerprints (§3.27.17: "name/vN").
	sarifFingerprintKey = "wirelint/v1"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// OriginalURIBaseIDs says what %SRCROOT% stands for (§3.14.14).
	OriginalURIBaseIDs map[string]sarifBase `json:"originalUriBaseIds"`
	Results            []sarifResult        `json:"results"`
	ColumnKind         string               `json:"columnKind"`
}

// sarifBase is the artifactLocation (§3.4) a uriBaseId stands for: it has
// no uri, since wirelint names files from the repository root wherever it
// runs, and the consumer (GitHub: the checkout) knows where that is.
type sarifBase struct {
	Description sarifText `json:"description"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	ShortDescription     *sarifText         `json:"shortDescription,omitempty"`
	FullDescription      *sarifText         `json:"fullDescription,omitempty"`
	Help                 *sarifText         `json:"help,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Properties          map[string]any    `json:"properties,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

// sarifFix is §3.55: a proposed fix as replacements in artifacts, each
// region given by byte offset and length (§3.30.10, §3.30.11).
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifText      `json:"insertedContent,omitempty"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

// sarifFixesFor converts a finding's fixes, one artifactChange per file.
func sarifFixesFor(fixes []Fix) []sarifFix {
	var out []sarifFix
	for _, fx := range fixes {
		sf := sarifFix{Description: sarifText{Text: fx.Description}}
		byFile := map[string]int{}
		for _, e := range fx.Edits {
			i, ok := byFile[e.File]
			if !ok {
				i = len(sf.ArtifactChanges)
				byFile[e.File] = i
				sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: sarifArtifactFor(e.File)})
			}
			r := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Offset, ByteLength: e.Length}}
			if e.Text != "" {
				r.InsertedContent = &sarifText{Text: e.Text}
			}
			sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, r)
		}
		out = append(out, sf)
	}
	return out
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	PhysicalLocation sarifPhysical          `json:"physicalLocation"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
	Message          *sarifText             `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogicalLocation struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind,omitempty"`
}

// WriteSARIF prints findings as one SARIF 2.1.0 log with a single run. The
// driver lists one rule entry per rule the findings use, with the rule's
// registered docs as its help; each result's first location is the primary
// one, and every other document's position is both a relatedLocation and an
// embedded link in the message, since GitHub ignores relatedLocations.
func WriteSARIF(w io.Writer, fs []Finding, opt Options) error {
	ruleIndex := map[string]int{}
	var ids []string
	for _, f := range fs {
		if _, ok := ruleIndex[f.Rule]; !ok {
			ruleIndex[f.Rule] = 0
			ids = append(ids, f.Rule)
		}
	}
	sort.Strings(ids)
	rules := make([]sarifRule, 0, len(ids))
	for i, id := range ids {
		ruleIndex[id] = i
		rules = append(rules, sarifRuleFor(opt.Rules, id))
	}
	results := make([]sarifResult, 0, len(fs))
	for _, f := range fs {
		results = append(results, sarifResultFor(f, ruleIndex[f.Rule]))
	}
	log := sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           "wirelint",
				InformationURI: "https://github.com/wirelint/wirelint",
				Version:        opt.Version,
				Rules:          rules,
			}},
			Results: results,
			// §3.14.24: wirelint's columns count Unicode code points, as the
			// YAML parser reports them.
			ColumnKind: "unicodeCodePoints",
			OriginalURIBaseIDs: map[string]sarifBase{
				sarifSrcRoot: {Description: sarifText{Text: "the root of the repository; every file is named relative to it"}},
			},
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

// sarifRuleFor builds the reportingDescriptor (§3.49) of rule id from its
// docs in the catalogue rs. A rule missing there still gets an entry (at
// level error), so every result's ruleIndex resolves.
func sarifRuleFor(rs []Rule, id string) sarifRule {
	r, ok := FindRule(rs, id)
	if !ok {
		return sarifRule{ID: id, DefaultConfiguration: sarifConfiguration{Level: sarifLevel(SeverityError)}}
	}
	out := sarifRule{ID: id, DefaultConfiguration: sarifConfiguration{Level: sarifLevel(r.Severity)}}
	if r.Title != "" {
		out.ShortDescription = &sarifText{Text: r.Title}
	}
	if r.Why != "" {
		out.FullDescription = &sarifText{Text: r.Why}
	}
	out.Help = &sarifText{Text: ruleHelpText(r), Markdown: ruleHelpMarkdown(r)}
	return out
}

func ruleHelpText(r Rule) string {
	var b strings.Builder
	b.WriteString(r.Title)
	if r.Why != "" {
		b.WriteString("\n\n" + r.Why)
	}
	if r.Bad != "" {
		b.WriteString("\n\nBad:\n" + strings.TrimRight(r.Bad, "\n"))
	}
	if r.Good != "" {
		b.WriteString("\n\nGood:\n" + strings.TrimRight(r.Good, "\n"))
	}
	return b.String()
}

func ruleHelpMarkdown(r Rule) string {
	var b strings.Builder
	b.WriteString("**" + r.Title + "**")
	if r.Why != "" {
		b.WriteString("\n\n" + r.Why)
	}
	if r.Bad != "" {
		b.WriteString("\n\nBad:\n\n```\n" + strings.TrimRight(r.Bad, "\n") + "\n```")
	}
	if r.Good != "" {
		b.WriteString("\n\nGood:\n\n```\n" + strings.TrimRight(r.Good, "\n") + "\n```")
	}
	return b.String()
}

// sarifLevel maps a severity to a result level (§3.27.10): info is "note".
func sarifLevel(s Severity) string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "note"
	}
	return "none"
}

func sarifResultFor(f Finding, index int) sarifResult {
	res := sarifResult{
		RuleID:    f.Rule,
		RuleIndex: index,
		Level:     sarifLevel(f.Severity),
	}
	if f.Fingerprint != "" {
		res.PartialFingerprints = map[string]string{sarifFingerprintKey: f.Fingerprint}
	}
	var links []string
	for i, l := range f.Locations {
		loc := sarifLocationFor(l)
		if i == 0 {
			res.Locations = append(res.Locations, loc)
			continue
		}
		id := i
		loc.ID = &id
		if l.Pointer != "" {
			loc.Message = &sarifText{Text: l.Pointer}
		}
		res.RelatedLocations = append(res.RelatedLocations, loc)
		// §3.11.6: an embedded link "[text](id)" refers to the relatedLocation
		// with that id; link text escapes its square brackets.
		links = append(links, fmt.Sprintf("[%s](%d)", sarifEscape(locationLabel(l)), id))
	}
	if len(res.Locations) == 0 {
		// §3.27.12 allows an empty array, but code scanning drops results
		// without a location; the finding concerns the whole run.
		res.Locations = []sarifLocation{}
	}
	text := f.Message
	if len(links) > 0 {
		// §3.11.6: in a message with embedded links, literal square brackets
		// SHALL be escaped with a backslash.
		text = sarifEscape(text) + " (also at " + strings.Join(links, ", ") + ")"
	}
	res.Message = sarifText{Text: text}
	props := map[string]any{}
	if f.Definition != "" {
		props["definition"] = f.Definition
	}
	if f.Pointer != "" {
		props["pointer"] = f.Pointer
	}
	for k, v := range f.Fields {
		if _, taken := props[k]; !taken {
			props[k] = v
		}
	}
	if len(props) > 0 {
		res.Properties = props
	}
	res.Fixes = sarifFixesFor(f.Fixes)
	return res
}

func locationLabel(l Location) string {
	s := l.String()
	if l.Pointer != "" {
		s += " " + l.Pointer
	}
	return s
}

func sarifEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`)
	return r.Replace(s)
}

func sarifLocationFor(l Location) sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifactFor(l.Name())}}
	if l.Line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: l.Line, StartColumn: l.Column}
	}
	if l.Pointer != "" {
		loc.LogicalLocations = []sarifLogicalLocation{{FullyQualifiedName: l.Pointer, Kind: "object"}}
	}
	return loc
}

// sarifArtifactFor turns a slash-separated path into an artifactLocation
// (§3.4): a relative path becomes a percent-encoded URI reference resolved
// against %SRCROOT%; an absolute one a file URI.
func sarifArtifactFor(file string) sarifArtifact {
	file = strings.ReplaceAll(file, `\`, "/")
	if path.IsAbs(file) || (len(file) > 2 && file[1] == ':' && file[2] == '/') {
		if !strings.HasPrefix(file, "/") {
			file = "/" + file
		}
		u := url.URL{Scheme: "file", Path: file}
		return sarifArtifact{URI: u.String()}
	}
	// url.URL prefixes "./" where a first segment holding a colon would
	// otherwise read as a scheme.
	u := url.URL{Path: file}
	return sarifArtifact{URI: u.String(), URIBaseID: sarifSrcRoot}
}
