package parity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Entry is one parity entry of a configuration: a canonical document (or
// several) and its mirror. The family's configuration section is []Entry.
type Entry struct {
	Canonical, Mirror string
	// Canonicals lists every canonical file when there are several (nil =
	// Canonical alone); each file's root schema and definitions are compared
	// with the one mirror.
	Canonicals []string
	// Renames maps a canonical definition name to its mirror name.
	Renames map[string]string
	// Include and Exclude are globs of canonical definition names.
	Include, Exclude []string
}

// CanonicalFiles returns every canonical file of the entry.
func (e Entry) CanonicalFiles() []string {
	if len(e.Canonicals) > 0 {
		return e.Canonicals
	}
	return []string{e.Canonical}
}

// Pairs is the family's Result: every schema pair its pass visited, which
// the description family reads (an alias, so it asserts it as []pair.Pair).
type Pairs = []Pair

// Family is the parity family: keyword parity between each entry's
// canonical documents and its mirror, with the payloads the differential
// family found folded into the keyword findings they prove.
var Family = &family.Family{
	Name:        "parity",
	Doc:         "keyword parity between a canonical schema and its mirror",
	Rules:       Rules,
	Scope:       family.Grouped,
	FinishReads: []string{"differential"},
	Entries: func(section any) []family.Entry {
		var out []family.Entry
		for i, e := range section.([]Entry) {
			out = append(out, family.Entry{Name: fmt.Sprintf("parity[%d]", i), Documents: append(append([]string(nil), e.CanonicalFiles()...), e.Mirror), Value: e})
		}
		return out
	},
	Run:     run,
	Prepare: prepare,
	Finish:  attachPayloads,
}

// run checks every entry of the group in parallel; a mirror shared by
// several entries is mirror-only in a definition only if no canonical of
// any of them defines it, and is reported so once.
func run(p *family.Pass) (family.Output, error) {
	covered := mirrorCoverage(p)
	taken := map[*prepared]bool{}
	var names []string
	var fns []func() ([]report.Finding, error)
	var pairs = make([][]Pair, len(p.Entries))
	for i, en := range p.Entries {
		e := en.Value.(Entry)
		names = append(names, en.Name)
		var canonicals []*reduce.Document
		for _, f := range e.CanonicalFiles() {
			if d := p.Doc(f); d != nil {
				canonicals = append(canonicals, d)
			}
		}
		mirror := p.Doc(e.Mirror)
		if len(canonicals) == 0 {
			fns = append(fns, func() ([]report.Finding, error) {
				return nil, fmt.Errorf("%s: no JSON Schema or OpenAPI document to use as the canonical schema", strings.Join(e.CanonicalFiles(), ", "))
			})
			continue
		}
		opts := Options{Renames: e.Renames, Include: e.Include, Exclude: e.Exclude}
		if pre, ok := p.Prepared[canonicals[0]].(*prepared); ok && len(canonicals) == 1 && !taken[pre] {
			// one comparison goes on with what was prepared: its reducers
			// are not shared
			taken[pre] = true
			opts.prepared = pre
		}
		fns = append(fns, func() ([]report.Finding, error) {
			r := CheckAll(p.Resolver, canonicals, mirror, opts)
			pairs[i] = r.Pairs
			out := r.Findings[:0]
			for _, f := range r.Findings {
				if f.Rule == RuleMirrorOnly && covered[mirror][f.Definition] {
					continue
				}
				out = append(out, f)
			}
			return out, nil
		})
	}
	fs, err := p.Parallel(names, fns)
	if err != nil {
		return family.Output{}, err
	}
	var all Pairs
	switch len(pairs) {
	case 0:
	case 1:
		all = pairs[0] // one comparison's pairs are kept as they are, not copied
	default:
		all = slices.Concat(pairs...)
	}
	return family.Output{Findings: dedupeMirrorOnly(fs), Result: all}, nil
}

// dedupeMirrorOnly keeps one mirror-only finding per mirror definition when
// several pairs share the mirror and none of their canonicals defines it.
func dedupeMirrorOnly(fs []report.Finding) []report.Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		if f.Rule == RuleMirrorOnly && len(f.Locations) > 1 {
			key := f.Locations[1].File + "\x00" + f.Definition
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		out = append(out, f)
	}
	return out
}

// mirrorCoverage maps each mirror document of the pass to the mirror
// definition names that some canonical document of it defines (through
// renames).
func mirrorCoverage(p *family.Pass) map[*reduce.Document]map[string]bool {
	out := map[*reduce.Document]map[string]bool{}
	for _, en := range p.Entries {
		e := en.Value.(Entry)
		mirror := p.Doc(e.Mirror)
		if out[mirror] == nil {
			out[mirror] = map[string]bool{}
		}
		for _, f := range e.CanonicalFiles() {
			d := p.Doc(f)
			if d == nil {
				continue
			}
			for _, def := range d.Definitions {
				name := def.Name
				if to, ok := e.Renames[name]; ok {
					name = to
				}
				out[mirror][name] = true
			}
		}
	}
	return out
}

// attachPayloads folds each payload the differential family found into the
// keyword finding of the same pair, definition and pointer, once ignores
// have run: the payload proves that drift, so it is reported once, as the
// keyword finding's payload field (JSON) and one detail line (text),
// instead of as a second finding. A payload whose keyword finding was
// silenced, or that proves none, stays its own finding.
func attachPayloads(p *family.Pass, kept []report.Finding) []report.Finding {
	payloads, _ := p.ResultOf["differential"].(family.Payloads)
	if len(payloads) == 0 {
		return kept
	}
	key := func(f report.Finding) string {
		k := f.Definition + "\x00" + f.Pointer
		for _, l := range f.Locations {
			k += "\x00" + l.File
		}
		return k
	}
	keyword := map[string]int{}
	for i, f := range kept {
		if f.Rule == RuleKeyword {
			keyword[key(f)] = i
		}
	}
	// a disagreement by rule, definition, pointer and message (which names
	// both documents): its files were renamed since the payload was handed
	proof := map[string]family.Payload{}
	id := func(f report.Finding) string {
		return f.Rule + "\x00" + f.Definition + "\x00" + f.Pointer + "\x00" + f.Message
	}
	for _, pl := range payloads {
		proof[id(pl.Finding)] = pl
	}
	// attach first, then drop what was attached: the keyword findings keep
	// their places while payloads join them
	attached := make([]bool, len(kept))
	for j, f := range kept {
		pl, isPayload := proof[id(f)]
		i, ok := keyword[key(f)]
		if !isPayload || !ok || kept[i].Fields["payload"] != nil {
			continue
		}
		k := &kept[i]
		if k.Fields == nil {
			k.Fields = map[string]any{}
		}
		k.Fields["payload"] = pl.Payload
		line := fmt.Sprintf("payload %s accepts and %s rejects: %s", pl.AcceptedBy, pl.RejectedBy, pl.Text)
		if k.Detail != "" {
			line = k.Detail + "\n" + line
		}
		k.Detail = line
		attached[j] = true
	}
	out := kept[:0]
	for j, f := range kept {
		if !attached[j] {
			out = append(out, f)
		}
	}
	return out
}
