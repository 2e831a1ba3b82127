package differential

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/wirelint/wirelint/internal/guard"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	defpair "github.com/wirelint/wirelint/rules/internal/pair"
)

// Options configure a differential run.
type Options struct {
	// Renames pairs a canonical definition name with a differently named mirror
	// definition (canonical → mirror).
	Renames map[string]string
	// Fixtures are golden and negative payloads (validate.LoadPayloads reads them); each one filed
	// under a definition is a probe of it.
	Fixtures []*validate.Payload
	// Budget bounds the work of probing the pair's definitions, in
	// validation steps (validate.Schema.Steps, both sides); 0 =
	// DefaultBudget. It is granted in definition order, each definition the
	// longest run of its probes (smallest first) that fits in what is left; a
	// definition left short is reported as differential/unchecked.
	// limits.Backstop bounds each definition's wall-clock time besides.
	Budget int64
	// MaxProbes bounds the probes of one definition; 0 = DefaultMaxProbes.
	MaxProbes int
	// Validate tunes the validators; a nil PatternCheck is the ECMA-262 u-mode
	// parser, so patterns the regex rule calls invalid are reported.
	Validate validate.Options
}

// Defaults for Options.
const (
	DefaultBudget    = limits.DefaultProbeBudget
	DefaultMaxProbes = 4000
	// maxFindingsPerDefinition bounds the disagreements one definition reports.
	maxFindingsPerDefinition = 12
)

// side is one document of the pair, prepared.
type side struct {
	*validate.Prepared
	name string // "canonical" or "mirror"
}

// Check compares, with payloads, every definition the canonical and mirror
// documents both define (by name, or paired by Renames). Definitions are
// checked in parallel; the findings are deterministic.
func Check(ws *reduce.Workspace, canonical, mirror *reduce.Document, opts Options) []report.Finding {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.MaxProbes <= 0 {
		opts.MaxProbes = DefaultMaxProbes
	}
	var findings []report.Finding
	var sides [2]*side
	for i, p := range validate.Prepare(ws, []*reduce.Document{canonical, mirror}, opts.Validate) {
		sides[i] = &side{Prepared: p, name: [2]string{"canonical", "mirror"}[i]}
		if p.Err != nil {
			findings = append(findings, p.Unprepared(uncheckedRule, "no payload is compared"))
		}
	}
	if len(findings) > 0 {
		return findings
	}
	c, m := sides[0], sides[1]

	// pair, then compile every paired definition: the two sides in parallel
	// (compilation is serial within a Set)
	var pairs []*pair
	// file roots pair by name, $id, title or content, as parity pairs them
	renames := defpair.Roots(c.Defs.List(), m.Defs.List(), opts.Renames)
	for _, name := range c.Defs.Order {
		mname := name
		if r, ok := renames[name]; ok {
			mname = r
		}
		md := m.Defs.ByName[mname]
		if md == nil {
			continue
		}
		pairs = append(pairs, &pair{name: name, mname: mname, defs: [2]*validate.NamedDefinition{c.Defs.ByName[name], md}})
	}
	var errs [2][]error
	var cwg sync.WaitGroup
	for i, s := range sides {
		errs[i] = make([]error, len(pairs))
		cwg.Add(1)
		go func() {
			defer cwg.Done()
			for j, p := range pairs {
				func() {
					defer guard.Recover(&errs[i][j], "")
					p.schemas[i], errs[i][j] = p.defs[i].Compile(s.Set)
				}()
			}
		}()
	}
	cwg.Wait()
	for j, p := range pairs {
		for i, s := range sides {
			if errs[i][j] != nil {
				findings = append(findings, uncompiled(p, s, errs[i][j]))
				p.broken = true
			}
		}
	}
	roots := map[string]bool{}
	for _, p := range pairs {
		for i := range sides {
			roots[p.defs[i].Key()] = true
		}
	}
	fixturesByDef := map[string][]*validate.Payload{}
	for _, f := range opts.Fixtures {
		fixturesByDef[f.Definition] = append(fixturesByDef[f.Definition], f)
	}

	// plan every pair (its probes and what each costs), grant the step
	// budget in definition order, then probe: the planning and probing run in
	// parallel, the grant does not, so which probes run never depends on
	// timing
	results := make([][]report.Finding, len(pairs))
	plans := make([]*plan, len(pairs))
	inParallel(pairs, func(i int) {
		plans[i], results[i] = planPairSafely(pairs[i], sides, roots, fixturesByDef[pairs[i].name], opts)
	})
	left := opts.Budget
	for _, pl := range plans {
		if pl != nil {
			left = pl.grant(left)
		}
	}
	inParallel(pairs, func(i int) {
		if plans[i] != nil {
			results[i] = probePairSafely(pairs[i], sides, plans[i], opts)
		}
	})
	for _, r := range results {
		findings = append(findings, r...)
	}
	findings = append(findings, problemFindings(sides, pairs)...)
	return findings
}

// pair is one definition in both documents.
type pair struct {
	name, mname string
	defs        [2]*validate.NamedDefinition
	schemas     [2]*validate.Schema
	broken      bool
}

// uncompiled reports a definition that does not compile on one side.
func uncompiled(p *pair, s *side, err error) report.Finding {
	d := p.defs[sideIndex(s)]
	msg, loc := d.CompileError(err)
	return report.Finding{
		Rule: RuleUnchecked, Severity: uncheckedRule.Severity,
		Definition: p.name,
		Message:    fmt.Sprintf("%s in %s cannot be compiled: %s; its payloads are not compared", d.Def.Name, s.Doc.Path, msg),
		Locations:  []report.Location{loc},
	}
}

func sideIndex(s *side) int {
	if s.name == "canonical" {
		return 0
	}
	return 1
}

// inParallel runs do for the index of every pair that compiled, on
// GOMAXPROCS workers.
func inParallel(pairs []*pair, do func(i int)) {
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				do(i)
			}
		}()
	}
	for i, p := range pairs {
		if !p.broken {
			work <- i
		}
	}
	close(work)
	wg.Wait()
}

// plan is the probing of one definition pair: its probes, smallest first,
// what each costs in validation steps on both sides, and how many of them
// the budget grants.
type plan struct {
	probes  []probe
	costs   []int64 // costs[i] > max means probe i alone is over any budget left
	granted int
}

// grant gives the plan the longest prefix of its probes whose steps fit in
// left, and returns what is left after it.
func (pl *plan) grant(left int64) int64 {
	for _, c := range pl.costs {
		if c > left {
			break
		}
		left -= c
		pl.granted++
	}
	return left
}

// planPair collects one definition pair's probes and costs them; a pair
// whose two sides compile to the same schema needs no probe (nil plan).
func planPair(p *pair, sides [2]*side, roots map[string]bool, fixtures []*validate.Payload, opts Options) *plan {
	cs, ms := p.schemas[0], p.schemas[1]
	if equalSchemas(cs.Compiled(), ms.Compiled()) {
		return nil
	}
	self := map[string]bool{p.defs[0].Key(): true, p.defs[1].Key(): true}
	stopMemo := map[*jsonschema.Schema]bool{}
	stop := func(s *jsonschema.Schema) bool {
		if s == nil {
			return false
		}
		s = skipRefOnly(s)
		if v, ok := stopMemo[s]; ok {
			return v
		}
		v := false
		for _, sd := range sides {
			if doc, ptr, _ := sd.Set.Source(s.Location); doc != nil {
				k := doc.Abs + "#" + ptr
				v = v || roots[k] && !self[k]
			}
		}
		stopMemo[s] = v
		return v
	}
	exampleMemo := map[*jsonschema.Schema][]any{}
	examples := func(s *jsonschema.Schema) []any {
		if v, ok := exampleMemo[s]; ok {
			return v
		}
		var out []any
		for _, sd := range sides {
			if _, _, n := sd.Set.Source(s.Location); n != nil {
				if ex := reduce.Value(n, "example"); ex != nil {
					out = append(out, validate.NodeValue(ex))
				}
				break
			}
		}
		exampleMemo[s] = out
		return out
	}
	g := newGen(stop, examples)
	pl := &plan{probes: collectProbes(g, [2]*jsonschema.Schema{cs.Compiled(), ms.Compiled()}, fixtures, opts.MaxProbes)}
	// a probe is costed up to the whole budget: one that needs more can
	// never be granted, whatever is left
	for _, pr := range pl.probes {
		cost := cs.Steps(pr.value, opts.Budget)
		if cost <= opts.Budget {
			cost += ms.Steps(pr.value, opts.Budget-cost)
		}
		pl.costs = append(pl.costs, cost)
	}
	return pl
}

// probePair judges the probes the plan was granted on both sides.
func probePair(p *pair, sides [2]*side, pl *plan, opts Options) []report.Finding {
	cs, ms := p.schemas[0], p.schemas[1]
	probes := pl.probes
	deadline := time.Now().Add(limits.Backstop)
	type group struct {
		probe   probe
		accepts int // index of the side that accepts
	}
	groups := map[string]*group{}
	var order []string
	// probes run before the wall-clock backstop stopped the rest
	run, backstopped := 0, false
	// probes a side could not judge within the match timeout: reported, never
	// dropped, so the same input gives the same findings every run
	var slow []probe
	for i, pr := range probes[:pl.granted] {
		if i%32 == 0 && time.Now().After(deadline) {
			backstopped = true
			break
		}
		run++
		cv, cerr := cs.Judge(pr.value)
		mv, merr := ms.Judge(pr.value)
		if errors.Is(cerr, validate.ErrMatchTimeout) || errors.Is(merr, validate.ErrMatchTimeout) {
			slow = append(slow, pr)
			continue
		}
		if cerr != nil || merr != nil || cv == mv {
			continue // a refused pattern: reported by schemaProblems
		}
		acc := 0
		if mv {
			acc = 1
		}
		key := fmt.Sprintf("%d\x00%s\x00%s", acc, pr.path, pr.kind)
		if _, ok := groups[key]; !ok {
			groups[key] = &group{probe: pr, accepts: acc}
			order = append(order, key)
		}
	}
	overBudget := pl.granted < len(probes)
	var out []report.Finding
	for _, key := range order {
		if len(out) >= maxFindingsPerDefinition {
			break
		}
		gr := groups[key]
		out = append(out, disagreement(p, sides, gr.probe, gr.accepts))
	}
	if len(slow) > 0 {
		out = append(out, report.Finding{
			Rule: RuleUnchecked, Severity: uncheckedRule.Severity, Definition: p.name,
			Message: fmt.Sprintf("%s: %d of its %d probes ran past the %s pattern-match timeout, so their verdict is unknown (the first: %s); simplify the pattern, bound the value with maxLength or %s",
				p.name, len(slow), len(probes), opts.Validate.Timeout(), shorten(slow[0].text, 80), limits.Hint("match-timeout")),
			Locations: []report.Location{p.defs[0].Location(), p.defs[1].Location()},
			Fields:    map[string]any{"reason": "match-timeout", "probes": len(slow), "payload": json.RawMessage(slow[0].text)},
		})
	}
	switch {
	case overBudget:
		out = append(out, report.Finding{
			Rule: RuleUnchecked, Severity: uncheckedRule.Severity, Definition: p.name,
			Message: fmt.Sprintf("%s: probing it needs more than what is left of the %d-step probe budget: %d of its %d probes were compared, the rest were not (the next: %s, %s); split the definition, flatten its $ref graph or %s",
				p.name, opts.Budget, run, len(probes), shorten(probes[run].text, 80), stepsText(pl.costs[run], opts.Budget), limits.Hint("probe-budget")),
			Locations: []report.Location{p.defs[0].Location(), p.defs[1].Location()},
			Fields:    map[string]any{"reason": "probe-budget", "budget": opts.Budget, "compared": run, "probes": len(probes)},
		})
	case backstopped:
		out = append(out, report.Finding{
			Rule: RuleUnchecked, Severity: uncheckedRule.Severity, Definition: p.name,
			Message: fmt.Sprintf("%s: probing it ran past the %s wall-clock backstop after %d of its %d probes, within its %d-step probe budget; the rest were not compared, and where this stops depends on the machine (split the definition)",
				p.name, limits.Backstop, run, len(probes), opts.Budget),
			Locations: []report.Location{p.defs[0].Location(), p.defs[1].Location()},
			Fields:    map[string]any{"reason": "backstop", "compared": run, "probes": len(probes)},
		})
	}
	return dedupeFindings(out)
}

// stepsText says what a probe costs, in validation steps.
func stepsText(cost, budget int64) string {
	if cost > budget {
		return fmt.Sprintf("over %d steps alone", budget)
	}
	return fmt.Sprintf("%d steps", cost)
}

// collectProbes gathers the probes of both sides and the fixtures, once
// each, smallest first.
func collectProbes(g *gen, roots [2]*jsonschema.Schema, fixtures []*validate.Payload, max int) []probe {
	seen := map[string]bool{}
	var out []probe
	add := func(v any, path, kind string) {
		t := validate.JSONText(v)
		if seen[t] {
			return
		}
		seen[t] = true
		out = append(out, probe{value: v, text: t, path: path, kind: kind})
	}
	for _, f := range fixtures {
		add(f.Value, "", "fixture")
	}
	for _, r := range roots {
		for _, v := range g.variants(r, 0) {
			add(v.value, v.path, v.kind)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i].text) != len(out[j].text) {
			return len(out[i].text) < len(out[j].text)
		}
		return out[i].text < out[j].text
	})
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// disagreement builds the finding for one probe one side accepts.
func disagreement(p *pair, sides [2]*side, pr probe, accepts int) report.Finding {
	rejects := 1 - accepts
	rs := p.schemas[rejects]
	res := rs.Validate(pr.value)
	var fail validate.Failure
	if len(res.Failures) > 0 {
		fail = pickFailure(res.Failures, pr.path)
	}
	locs := [2]report.Location{}
	rel := ""
	// the rejecting side: the keyword that rejects
	rd := p.defs[rejects]
	locs[rejects] = rd.Location()
	if fail.Doc != nil {
		locs[rejects] = validate.LocationOf(fail.Doc, fail.SchemaPointer)
		if fail.Doc == rd.Doc && strings.HasPrefix(fail.SchemaPointer, rd.Def.Pointer+"/") {
			rel = strings.TrimPrefix(fail.SchemaPointer, rd.Def.Pointer)
		}
	}
	// the accepting side: the same place in its definition, or the nearest
	// schema object above it that exists
	ad := p.defs[accepts]
	locs[accepts] = ad.Location()
	if rel != "" {
		if loc := validate.LocationOf(ad.Doc, ad.Def.Pointer+rel); loc.Line > 0 {
			locs[accepts] = loc
		}
	}
	reason := fail.Message
	switch {
	case errors.Is(res.Err, validate.ErrMatchTimeout):
		// the first verdict came in time, this second look did not
		reason = "the rejecting keyword is unknown: validating again ran past the pattern-match timeout"
	case reason == "":
		reason = "the rejecting keyword is unknown: validating again gave no reason"
	case fail.InstancePointer != "":
		reason = "at " + fail.InstancePointer + ": " + reason
	}
	acc, rej := sides[accepts].Doc.Path, sides[rejects].Doc.Path
	payload := shorten(pr.text, 200)
	return report.Finding{
		Rule: RuleDisagreement, Severity: disagreementRule.Severity,
		Definition: p.name,
		Pointer:    rel,
		Message:    fmt.Sprintf("%s accepts %s but %s rejects it (%s); make both documents agree", acc, payload, rej, reason),
		Locations:  locs[:],
		Fields: map[string]any{
			"payload":     json.RawMessage(pr.text),
			"accepted_by": sides[accepts].name,
			"rejected_by": sides[rejects].name,
			"keyword":     fail.Keyword,
			"probe":       pr.kind,
		},
		Detail: "payload: " + shorten(pr.text, 2000),
	}
}

// pickFailure chooses the failure that explains the probe best: the one at
// the probe's instance path, else the deepest.
func pickFailure(fs []validate.Failure, path string) validate.Failure {
	best := fs[0]
	for _, f := range fs {
		if f.InstancePointer == path && best.InstancePointer != path {
			best = f
		}
	}
	if best.InstancePointer == path {
		return best
	}
	for _, f := range fs {
		if len(f.InstancePointer) > len(best.InstancePointer) {
			best = f
		}
	}
	return best
}

func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// dedupeFindings keeps one finding per rejecting keyword and accepting side:
// two probe kinds that trip the same keyword say the same thing.
func dedupeFindings(fs []report.Finding) []report.Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		key := f.Rule + "\x00" + fmt.Sprint(f.Fields["accepted_by"]) + "\x00"
		for _, l := range f.Locations {
			key += l.File + "#" + l.Pointer + "\x00"
		}
		if f.Rule == RuleDisagreement && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, f)
	}
	return out
}

// problemFindings reports, once each, what validation set aside inside the
// compared definitions: patterns that are not valid ECMA-262 in u mode, and
// keywords the metaschema rejects.
func problemFindings(sides [2]*side, pairs []*pair) []report.Finding {
	var out []report.Finding
	seen := map[string]bool{}
	for _, s := range sides {
		for _, pe := range s.Set.Problems() {
			key := pe.File + "#" + pe.Pointer
			if seen[key] {
				continue
			}
			seen[key] = true
			loc := report.Location{File: pe.File, Pointer: pe.Pointer}
			def := ""
			if pe.Doc != nil {
				loc.Line, loc.Column, _ = validate.Locate(pe.Doc, pe.Pointer)
				for _, p := range pairs {
					for _, d := range p.defs {
						if d.Doc == pe.Doc && strings.HasPrefix(pe.Pointer, d.Def.Pointer+"/") {
							def = p.name
						}
					}
				}
			}
			if def == "" {
				continue // outside every compared definition: other rules' concern
			}
			f := report.Finding{
				Rule: RuleUnchecked, Severity: uncheckedRule.Severity, Definition: def,
				Message:   fmt.Sprintf("%s in %s; payloads are compared without it", pe.Msg, pe.File),
				Locations: []report.Location{loc},
			}
			switch {
			case pe.Pattern != nil && pe.Pattern.Budget > 0:
				f.Message = fmt.Sprintf("%s; payloads that reach it are not compared", pe.Pattern.Error())
				f.Fields = map[string]any{"budget": "max-pattern-length", "length": len(pe.Pattern.Pattern)}
			case pe.Pattern != nil:
				f.Message = fmt.Sprintf("pattern %q is not valid ECMA-262 in u mode (%s); payloads that reach it are not compared", pe.Pattern.Pattern, pe.Pattern.Reason)
				f.Fields = map[string]any{"pattern": pe.Pattern.Pattern}
			}
			out = append(out, f)
		}
	}
	return out
}

// planPairSafely and probePairSafely are planPair and probePair with a panic
// reported as the pair being unchecked.
func planPairSafely(p *pair, sides [2]*side, roots map[string]bool, fixtures []*validate.Payload, opts Options) (pl *plan, out []report.Finding) {
	var err error
	func() {
		// another goroutine's panic escapes the runner's recover, and one bad
		// definition must not take the run down
		defer guard.Recover(&err, "")
		pl = planPair(p, sides, roots, fixtures, opts)
	}()
	if err != nil {
		return nil, []report.Finding{uncompiled(p, sides[0], err)}
	}
	return pl, nil
}

func probePairSafely(p *pair, sides [2]*side, pl *plan, opts Options) (out []report.Finding) {
	var err error
	func() {
		defer guard.Recover(&err, "")
		out = probePair(p, sides, pl, opts)
	}()
	if err != nil {
		out = []report.Finding{uncompiled(p, sides[0], err)}
	}
	return out
}
