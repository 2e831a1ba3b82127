package compat

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Options tunes a comparison.
type Options struct {
	// Role is the side standalone JSON Schema definitions, and OpenAPI
	// component schemas no operation reaches, are judged on (0 = Both: an
	// event or message contract).
	Role Side
	// Schemas names the OpenAPI component schemas that are contracts of
	// their own: compared on Role even where no operation reaches them.
	// Other components no operation reaches are counted, not compared.
	Schemas []string
	// Paired maps the absolute path of each file the run compares on its
	// own (in either revision) to a key the two revisions of it share (its
	// path in the revision): a $ref into such a file is not followed, since
	// what it reaches is reported where the file is compared.
	Paired map[string]string
}

// Check compares the base revision of a document with its head revision
// and reports every change by the law: schema changes by their effect on
// the sides each position is used on, and changes of the API surface.
// baseResolver and headResolver resolve $refs inside each revision (their
// workspaces, which also compile witnesses).
func Check(baseWorkspace, headWorkspace *reduce.Workspace, base, head *reduce.Document, opts Options) []report.Finding {
	if opts.Role == 0 {
		opts.Role = Both
	}
	c := &checker{
		opts: opts, base: base, head: head,
		baseWorkspace: baseWorkspace, headWorkspace: headWorkspace,
		baseResolver: newMemoResolver(baseWorkspace), headResolver: newMemoResolver(headWorkspace),
	}
	c.baseReducer, c.headReducer = reduce.NewReducer(c.baseResolver), reduce.NewReducer(c.headResolver)
	c.comparer = newComparer(c.baseReducer, c.headReducer)
	c.comparer.roots[base], c.comparer.roots[head] = true, true
	c.comparer.paired = opts.Paired
	c.witnesses = &witnessBuilder{baseWorkspace: baseWorkspace, headWorkspace: headWorkspace,
		baseReducer: c.baseReducer, headReducer: c.headReducer, sets: map[*reduce.Document]*setResult{}}
	c.baseUsage, c.headUsage = newUsage(c.baseResolver), newUsage(c.headResolver)
	if base.Dialect.IsOpenAPI() && head.Dialect.IsOpenAPI() {
		c.baseUsage.markOperations(base)
		c.headUsage.markOperations(head)
		c.operations()
	}
	c.definitions()
	for _, ch := range c.comparer.changes {
		c.findings = append(c.findings, c.changeFinding(ch))
	}
	return c.findings
}

type checker struct {
	opts                         Options
	base, head                   *reduce.Document
	baseWorkspace, headWorkspace *reduce.Workspace
	// baseResolver and headResolver resolve each revision's references,
	// once per reference.
	baseResolver, headResolver *memoResolver
	baseReducer, headReducer   *reduce.Reducer
	comparer                   *comparer
	witnesses                  *witnessBuilder
	baseUsage, headUsage       *usage
	findings                   []report.Finding
	// unreached lists the changed components no operation reaches.
	unreached []string
	// positions are the operations' schema positions paired across the
	// revisions, and graphs the reference graph of each revision (by
	// baseSide), built when a definition's payload is checked at them.
	positions []*usePosition
	graphs    map[bool]*useGraph
	// shared are the operations using each parameter pair that both
	// revisions reach through a reference to a reusable parameter
	// (#/parameters/x, #/components/parameters/x), by the pair: its schema
	// is compared once, for all of them (see sharedParameters)
	shared map[[2]string][]string
}

// definitions compares definitions paired by name and reports removed ones.
// A root that is a schema is a definition of its own, named by the head
// file's stem (as parity names it): the two roots pair whatever the files
// are called.
func (c *checker) definitions() {
	baseRoot, headRoot := c.base.RootDefinition(), c.head.RootDefinition()
	if baseRoot != nil && headRoot != nil && !sameNodes(c.base, c.head, baseRoot.Node, headRoot.Node) {
		c.compareDefinition(headRoot.Name, baseRoot, headRoot)
	}
	if baseRoot != nil && headRoot == nil {
		c.removedDefinition(baseRoot)
	}
	for _, hd := range c.head.Definitions {
		bd := c.base.Definition(hd.Name)
		if bd == nil || sameNodes(c.base, c.head, bd.Node, hd.Node) {
			continue
		}
		c.compareDefinition(hd.Name, bd, hd)
	}
	for _, bd := range c.base.Definitions {
		if c.head.Definition(bd.Name) == nil {
			c.removedDefinition(bd)
		}
	}
	if len(c.unreached) > 0 {
		f := c.surface(unreachedRule, c.containerLocation(), containerOf(c.base),
			fmt.Sprintf("%d changed component(s) no operation reaches were not compared (%s): they break no client of the API; "+
				"name a component that is a contract of its own in .wirelint.yaml (compat: {schemas: [...]}) to compare it",
				len(c.unreached), shortList(c.unreached, 5)))
		f.Fields["components"] = c.unreached
		c.findings = append(c.findings, f)
	}
}

// shortList joins the first n names and says how many more there are.
func shortList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// compareDefinition compares one pair of definitions on the sides the
// operations use them (the configured role where none does).
func (c *checker) compareDefinition(name string, bd, hd *reduce.Definition) {
	bk, hk := defKey(c.base, bd.Pointer), defKey(c.head, hd.Pointer)
	sides := c.baseUsage.sides[bk] | c.headUsage.sides[hk]
	counted := false
	reached := c.baseUsage.reached[bk] || c.headUsage.reached[hk]
	if !reached {
		sides = c.opts.Role
		counted = c.head.Dialect.IsOpenAPI() && !slices.Contains(c.opts.Schemas, name)
	}
	r := &root{definition: name, sides: sides, used: reached && c.head.Dialect.IsOpenAPI(),
		base: c.baseReducer.Schema(c.base, bd.Node, bd.Pointer), head: c.headReducer.Schema(c.head, hd.Node, hd.Pointer)}
	before := len(c.comparer.changes)
	c.comparer.schema(r.base, r.head, context{root: r, sides: sides, known: true})
	if counted && len(c.comparer.changes) > before {
		// a component no operation reaches: counted, not judged
		c.comparer.changes = c.comparer.changes[:before]
		c.unreached = append(c.unreached, name)
	}
}

// removedDefinition reports a definition head no longer has.
func (c *checker) removedDefinition(bd *reduce.Definition) {
	bk := defKey(c.base, bd.Pointer)
	rule, why := compatibleRule, "the operations that used it are compared where they use it"
	switch {
	case !c.base.Dialect.IsOpenAPI():
		rule, why = removedDefinitionRule, "it is a contract of its own"
	case c.baseUsage.external[bk]:
		rule, why = removedDefinitionRule, "another file refers to it"
	case !c.baseUsage.reached[bk]:
		why = "no operation used it"
	}
	f := c.surface(rule, c.containerLocation(), c.baseLocation(bd.Key, bd.Pointer),
		fmt.Sprintf("definition %s is removed (%s)", bd.Name, why))
	if rule != compatibleRule {
		f.Message += ": documents and clients that refer to it break; keep it, or approve the break"
	}
	f.Definition = bd.Name
	f.Pointer = ""
	f.Fields["payload_reason"] = "a removed definition has no payload; its users are"
	c.findings = append(c.findings, f)
}

// containerLocation is where head keeps its definitions (or its root).
func (c *checker) containerLocation() report.Location {
	return containerOf(c.head)
}

// containerOf is where doc keeps its definitions (or its root).
func containerOf(doc *reduce.Document) report.Location {
	for _, p := range doc.DefinitionContainers() {
		if n := doc.Lookup(p); n != nil {
			return location(doc, n, p)
		}
	}
	return location(doc, doc.Root, "")
}

func (c *checker) headLocation(n *reduce.Node, ptr string) report.Location {
	return location(c.head, n, ptr)
}

func (c *checker) baseLocation(n *reduce.Node, ptr string) report.Location {
	return location(c.base, n, ptr)
}

// headAt and baseAt locate a node of a file of the head or base revision
// (an operation a $ref keeps in another file).
func (c *checker) headAt(doc *reduce.Document, n *reduce.Node, ptr string) report.Location {
	return location(doc, n, ptr)
}

func (c *checker) baseAt(doc *reduce.Document, n *reduce.Node, ptr string) report.Location {
	return location(doc, n, ptr)
}

func location(doc *reduce.Document, n *reduce.Node, ptr string) report.Location {
	l := report.Location{File: doc.Path, Rev: doc.Rev, Pointer: ptr}
	if n != nil {
		l.Line, l.Column = n.Line, n.Column
	}
	return l
}

// schemaLocation locates a keyword in a schema, or the schema that lacks it.
func (c *checker) schemaLocation(s *reduce.Schema, k *reduce.Keyword) report.Location {
	if k != nil && k.Owner == s && k.Key != nil {
		return location(s.Doc, k.Key, k.Pointer())
	}
	return location(s.Doc, s.Node, s.Pointer())
}

// levelRule applies the law: a narrowed request, a widened response or an
// incomparable change on a used side is an error; an unknown effect is a
// warning; everything else is a changelog line.
func levelRule(ch *change) report.Rule {
	if ch.undeclared {
		return compatibleRule
	}
	switch ch.effect {
	case Narrows:
		if ch.sides&Consumed != 0 {
			return requestNarrowedRule
		}
	case Widens:
		if ch.sides&Produced != 0 {
			return responseWidenedRule
		}
	case Incomparable:
		if ch.sides != 0 {
			return incomparableRule
		}
	case Unknown:
		if ch.sides != 0 {
			return unknownRule
		}
	}
	return compatibleRule
}

var consequences = map[string]string{
	RuleRequestNarrowed: "payloads clients send today are refused",
	RuleResponseWidened: "clients get values they were not told to expect",
	RuleIncomparable:    "each revision accepts payloads the other refuses",
	RuleUnknown:         "whether payloads change depends on the validator",
	RuleCompatible:      "compatible on the sides it is used",
}

func (c *checker) changeFinding(ch *change) report.Finding {
	rule := levelRule(ch)
	where := ch.root.definition
	if where == "" {
		where = ch.root.label
	}
	headPtr := ch.head.Pointer()
	if ch.headKeyword != nil && ch.headKeyword.Owner == ch.head {
		headPtr = ch.headKeyword.Pointer()
	}
	definition := ch.root.definition
	rel := strings.TrimPrefix(headPtr, ch.root.head.Pointer())
	if ch.head.Doc != ch.root.head.Doc {
		// reached through a $ref into another file: named by the definition
		// there, so an ignore or a message names what the author edits
		if d := enclosing(ch.head.Doc, headPtr); d != nil {
			definition, rel = d.Name, strings.TrimPrefix(headPtr, d.Pointer)
			where += " (" + d.Name + ")"
		}
	}
	at := ""
	if rel != "" {
		at = " at " + rel
	}
	what := fmt.Sprintf("%s %s from %s to %s", ch.keyword, ch.effect, ch.baseValue, ch.headValue)
	switch {
	case ch.undeclared, ch.dropped:
		what = ch.summary
	case ch.summary != "":
		what = fmt.Sprintf("%s %s (%s)", ch.keyword, ch.effect, ch.summary)
	}
	msg := fmt.Sprintf("%s in %s%s (%s): %s", what, where, at, ch.sides, consequences[rule.ID])
	if ch.undeclared {
		msg += ", the object was open: only clients relying on undocumented properties notice"
	}
	switch {
	case ch.gap != "":
		// partial knowledge: the finding names what was not read
		msg = fmt.Sprintf("%s changes from %s to %s in %s%s (%s): %s; check the change by hand, or approve it",
			ch.keyword, ch.baseValue, ch.headValue, where, at, ch.sides, ch.gap)
	case rule != compatibleRule:
		msg += "; keep the base constraint, or approve the break"
	}
	f := report.Finding{
		Rule: rule.ID, Severity: rule.Severity, Message: msg,
		Definition: definition, Pointer: rel,
		Locations: []report.Location{c.schemaLocation(ch.head, ch.headKeyword), c.schemaLocation(ch.base, ch.baseKeyword)},
		Fields:    map[string]any{"keyword": ch.keyword, "base": ch.baseValue, "head": ch.headValue, "effect": ch.effect.String(), "sides": ch.sides.String()},
	}
	if ch.gap != "" {
		f.Fields["gap"] = ch.gap
	}
	if definition == "" {
		f.Pointer = headPtr
	}
	if f.Severity == report.SeverityError {
		acceptBase := ch.effect == Narrows || (ch.effect == Incomparable && ch.sides&Consumed != 0)
		w := c.witnesses.prove(ch, acceptBase)
		if w.missing != "" && c.witnesses.enumDecides(ch, acceptBase) {
			// the keyword's change is masked by an enum beside it
			f.Rule, f.Severity = compatibleRule.ID, compatibleRule.Severity
			f.Message = fmt.Sprintf("%s in %s%s (%s): every value the enum beside it allows validated before and after, so nothing changes for clients", what, where, at, ch.sides)
			return f
		}
		if w.missing != "" && typeWithinList(ch, acceptBase) {
			// the values listed beside the type refuse whatever the type
			// does: one cause, the list's, reported on its own
			side := "base" // the revision that refuses
			if acceptBase {
				side = "head"
			}
			f.Rule, f.Severity = compatibleRule.ID, compatibleRule.Severity
			f.Message = fmt.Sprintf("%s in %s%s (%s): the values %s lists beside it are all of types it allows, so the type refuses nothing the list does not; a change of the list is reported on its own", what, where, at, ch.sides, side)
			return f
		}
		proofAt := ch.root
		if w.missing == "" && proofAt.used {
			// a definition operations use: the payload must separate the
			// revisions where they use it, not only the definition alone
			var use *root
			if w, use = c.atUse(ch, w); use != nil {
				proofAt = use
				f.Fields["use"] = use.name()
			}
		}
		c.attach(&f, w)
		if w.missing == "" {
			// where the payload was validated: the schemas compared, whole
			f.Fields["base_schema"] = location(proofAt.base.Doc, nil, "").Name() + "#" + proofAt.base.Pointer()
			f.Fields["head_schema"] = proofAt.head.Doc.Path + "#" + proofAt.head.Pointer()
		}
		if w.missing != "" && ch.dropped {
			// no payload separates the revisions by that property alone
			// (the object around it changed too, or its schema refuses no
			// value of any type): a changelog line naming the gap
			f.Rule, f.Severity = compatibleRule.ID, compatibleRule.Severity
			f.Message = fmt.Sprintf("%s in %s%s (%s): the object was open, and no payload differing only in that property separates the revisions (%s)",
				what, where, at, ch.sides, w.missing)
			return f
		}
		if w.missing != "" {
			// the witness law: no error without a payload that re-validates
			f.Rule, f.Severity = unprovenRule.ID, unprovenRule.Severity
			f.Message = fmt.Sprintf("%s in %s%s (%s) looks breaking (%s) but no payload proves it: %s; check the change by hand, or approve it",
				what, where, at, ch.sides, strings.TrimPrefix(rule.ID, "compat/"), w.missing)
		}
	}
	return f
}

// enclosing returns the definition of doc that holds the schema at ptr.
func enclosing(doc *reduce.Document, ptr string) *reduce.Definition {
	var best *reduce.Definition
	for _, d := range doc.Definitions {
		if (ptr == d.Pointer || strings.HasPrefix(ptr, d.Pointer+"/")) && (best == nil || len(d.Pointer) > len(best.Pointer)) {
			best = d
		}
	}
	if best == nil {
		best = doc.RootDefinition() // a file whose root is a schema
	}
	return best
}

// attach adds a witness to a finding, or says why there is none.
func (c *checker) attach(f *report.Finding, w witness) {
	if w.missing != "" {
		f.Fields["payload_reason"] = w.missing
		f.Detail = "no payload: " + w.missing
		return
	}
	text, err := json.Marshal(w.payload)
	if err != nil {
		f.Fields["payload_reason"] = err.Error()
		return
	}
	accepted := "head"
	if w.acceptBase {
		accepted = "base"
	}
	f.Fields["payload"] = json.RawMessage(text)
	f.Fields["accepted_by"] = accepted
	f.Detail = fmt.Sprintf("payload (%s accepts, the other refuses): %s", accepted, shorten(string(text), 2000))
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// surface builds a finding about the API surface.
func (c *checker) surface(rule report.Rule, head, base report.Location, msg string) report.Finding {
	return report.Finding{Rule: rule.ID, Severity: rule.Severity, Message: msg, Pointer: head.Pointer,
		Locations: []report.Location{head, base}, Fields: map[string]any{}}
}

// operations compares the operations of two OpenAPI revisions: removed
// ones, parameters, bodies, responses and security, and the schemas written
// inline in them, as markOperations listed them in each revision.
func (c *checker) operations() {
	baseOps, baseKeys := c.baseUsage.ops, c.baseUsage.keys
	headOps := c.headUsage.ops
	c.sharedParameters()
	for _, key := range baseKeys {
		bo, ho := baseOps[key], headOps[key]
		label := bo.label
		if ho == nil {
			hl := c.headLocation(c.head.Root, "")
			if paths := reduce.Value(c.head.Root, "paths"); paths != nil {
				hl = c.headLocation(paths, "/paths")
			}
			if item := reduce.Value(reduce.Value(c.head.Root, "paths"), bo.path); item != nil {
				hl = c.headLocation(item, reduce.JoinPointer("/paths", bo.path))
			}
			f := c.surface(removedOperationRule, hl, c.baseAt(bo.doc, bo.node, bo.pointer),
				fmt.Sprintf("operation %s is removed: clients calling it fail; keep it (deprecate it first), or approve the break", label))
			f.Pointer = bo.pointer
			f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"method":%q,"path":%q}`, strings.ToUpper(bo.method), bo.path))
			f.Detail = fmt.Sprintf("request (base serves it, head does not): %s %s", strings.ToUpper(bo.method), bo.path)
			c.findings = append(c.findings, f)
			continue
		}
		c.parameters(label, bo, ho)
		c.bodies(label, bo, ho)
		c.security(label, bo, ho)
	}
}

// sharedParameters lists, for each parameter pair the two revisions reach
// through a reference to a reusable parameter, the operations using it:
// harbor's robotId, in four operations, changed once, is one finding, as a
// changed definition is.
func (c *checker) sharedParameters() {
	c.shared = map[[2]string][]string{}
	for _, key := range c.baseUsage.keys {
		bo, ho := c.baseUsage.ops[key], c.headUsage.ops[key]
		if ho == nil {
			continue
		}
		hm := paramsByKey(c.headUsage.params[ho])
		for _, bp := range c.baseUsage.params[bo] {
			if hp := hm[bp.key()]; hp != nil {
				if k, ok := sharedPair(bp, hp, bo.reversed); ok {
					c.shared[k] = append(c.shared[k], bo.label)
				}
			}
		}
	}
}

// sharedPair is the key of a parameter pair both revisions reach through a
// reference to a reusable parameter, in an operation a client calls or (when
// reversed) one the API calls (a callback's): the two read it from opposite
// sides. False when either is written in its operation or path item.
func sharedPair(bp, hp *parameter, reversed bool) ([2]string, bool) {
	if strings.HasPrefix(bp.ptr, "/paths/") || strings.HasPrefix(hp.ptr, "/paths/") {
		return [2]string{}, false
	}
	side := "consumed"
	if reversed {
		side = "produced"
	}
	return [2]string{bp.doc.Path + "#" + bp.ptr, hp.doc.Path + "#" + hp.ptr + " " + side}, true
}

// sharedLabel names a reusable parameter used by several operations, the
// first three listed: parameter path robot_id (#/parameters/robotId) of
// DELETE /robots/{robot_id}, GET /robots/{robot_id}, PATCH
// /robots/{robot_id} and 1 more.
func sharedLabel(hp *parameter, labels []string) string {
	ops := strings.Join(labels[:min(3, len(labels))], ", ")
	if n := len(labels) - 3; n > 0 {
		ops += fmt.Sprintf(" and %d more", n)
	}
	return fmt.Sprintf("parameter %s %s (#%s) of %s", hp.in, hp.name, hp.ptr, ops)
}

func paramsByKey(ps []*parameter) map[string]*parameter {
	m := map[string]*parameter{}
	for _, p := range ps {
		m[p.key()] = p
	}
	return m
}

func (c *checker) parameters(label string, bo, ho *operation) {
	bps, hps := c.baseUsage.params[bo], c.headUsage.params[ho]
	bm, hm := paramsByKey(bps), paramsByKey(hps)
	consumed := Consumed
	if bo.reversed {
		consumed = Produced
	}
	var removed, added []*parameter
	for _, bp := range bps {
		if hp := hm[bp.key()]; hp != nil {
			site, compare := label+" parameter "+bp.key(), true
			if k, ok := sharedPair(bp, hp, bo.reversed); ok && len(c.shared[k]) > 1 {
				// compared once, with the first operation using it
				site, compare = sharedLabel(hp, c.shared[k]), c.shared[k][0] == label
			}
			if compare {
				c.site(site, bp.doc, hp.doc, bp, hp, consumed)
			}
			if hp.required && !bp.required && !bo.reversed {
				c.newRequired(label, bp.in+" parameter "+bp.name, "optional", hp, bp, bo)
			}
			continue
		}
		removed = append(removed, bp)
	}
	for _, hp := range hps {
		if bm[hp.key()] == nil {
			added = append(added, hp)
		}
	}
	moved := map[*parameter]bool{}
	for _, hp := range added {
		for _, bp := range removed {
			if moved[bp] {
				continue
			}
			sameName := bp.name == hp.name && bp.in != hp.in
			renamed := bp.in == hp.in && bp.name != hp.name && len(removed) == 1 && len(added) == 1 && bp.in != "path"
			if !sameName && !renamed {
				continue
			}
			moved[bp], moved[hp] = true, true
			f := c.surface(parameterMovedRule, c.headAt(hp.doc, hp.node, hp.ptr), c.baseAt(bp.doc, bp.node, bp.ptr),
				fmt.Sprintf("parameter %s %s of %s is now %s %s: clients sending it the old way are not understood; keep the old name and place, or approve the break", bp.in, bp.name, label, hp.in, hp.name))
			f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"in":%q,"name":%q}`, bp.in, bp.name))
			f.Detail = fmt.Sprintf("request (base reads the parameter, head does not): %s with %s %s", label, bp.in, bp.name)
			c.findings = append(c.findings, f)
			break
		}
	}
	for _, hp := range added {
		if !moved[hp] && hp.required && !bo.reversed {
			c.newRequired(label, hp.in+" parameter "+hp.name, "absent", hp, nil, bo)
		}
	}
}

func (c *checker) newRequired(label, what, was string, hp, bp *parameter, bo *operation) {
	bl := c.baseAt(bo.doc, bo.node, bo.pointer)
	if bp != nil {
		bl = c.baseAt(bp.doc, bp.node, bp.ptr)
	}
	f := c.surface(newRequiredParameterRule, c.headAt(hp.doc, hp.node, hp.ptr), bl,
		fmt.Sprintf("%s of %s is required now (it was %s): requests without it are refused; make it optional, or approve the break", what, label, was))
	f.Fields["parameter"] = what
	f.Detail = fmt.Sprintf("request (base accepts, head refuses): %s without %s", label, what)
	f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"omitted":%q}`, what))
	c.findings = append(c.findings, f)
}

// site compares the schema of one parameter pair.
func (c *checker) site(label string, bd, hd *reduce.Document, bp, hp *parameter, sides Side) {
	bn, bptr := parameterSchema(bp)
	hn, hptr := parameterSchema(hp)
	if bn == nil || hn == nil {
		return
	}
	c.compareSite(label, bd, hd, bn, bptr, hn, hptr, sides)
}

func (c *checker) compareSite(label string, bd, hd *reduce.Document, bn *reduce.Node, bptr string, hn *reduce.Node, hptr string, sides Side) {
	c.positions = append(c.positions, &usePosition{label: label, baseDoc: bd, headDoc: hd, baseNode: bn, headNode: hn, basePtr: bptr, headPtr: hptr, sides: sides})
	if sameNodes(bd, hd, bn, hn) {
		return
	}
	if n := reduce.Deref(bn); n != nil && n == reduce.Deref(hn) && c.comparer.unchanged(bd, hd, n) {
		// one tree both revisions share, reaching nothing either changed:
		// what comparer.schema would conclude, without projecting the two
		return
	}
	r := &root{label: label, sides: sides, base: c.baseReducer.Schema(bd, bn, bptr), head: c.headReducer.Schema(hd, hn, hptr)}
	c.comparer.schema(r.base, r.head, context{root: r, sides: sides, known: true})
}

// bodies compares request bodies and responses: removed media types and
// success responses, a body required now, and each paired schema.
func (c *checker) bodies(label string, bo, ho *operation) {
	bs, hs := c.baseUsage.sites[bo], c.headUsage.sites[ho]
	hm := map[string]site{}
	for _, s := range hs {
		hm[s.key] = s
	}
	for _, b := range bs {
		h, ok := hm[b.key]
		if ok {
			c.compareSite(label+" "+b.key, b.doc, h.doc, b.node, b.ptr, h.node, h.ptr, b.sides)
			continue
		}
		if b.sides&Consumed == 0 || strings.Contains(b.key, " header ") {
			continue // a response narrowed: compatible
		}
		if !strings.HasPrefix(b.key, "request body ") || reduce.Value(ho.node, "requestBody") == nil {
			continue
		}
		f := c.surface(removedMediaTypeRule, c.headAt(ho.doc, ho.node, ho.pointer), c.baseAt(b.doc, b.node, b.ptr),
			fmt.Sprintf("%s of %s no longer accepts %s: clients sending it are refused; keep the media type, or approve the break", "request body", label, strings.TrimPrefix(b.key, "request body ")))
		f.Detail = fmt.Sprintf("request (base accepts, head refuses): %s with Content-Type %s", label, strings.TrimPrefix(b.key, "request body "))
		f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"content_type":%q}`, strings.TrimPrefix(b.key, "request body ")))
		c.findings = append(c.findings, f)
	}
	// removed success responses
	if !bo.reversed {
		hr := reduce.Value(ho.node, "responses")
		reduce.Pairs(reduce.Value(bo.node, "responses"), func(k, v *reduce.Node) bool {
			code := k.Value
			// an explicit status is a promise a default response does not
			// keep: 201 → 200 beside default still breaks clients of 201
			if !strings.HasPrefix(code, "2") || reduce.Value(hr, code) != nil || reduce.Value(hr, "2XX") != nil || reduce.Value(hr, "2xx") != nil {
				return true
			}
			f := c.surface(removedSuccessResponseRule, c.headAt(ho.doc, ho.node, ho.pointer), c.baseAt(bo.doc, k, reduce.JoinPointer(bo.pointer, "responses", code)),
				fmt.Sprintf("response %s of %s is removed: clients that handle it get a status they were not told to expect; keep it, or approve the break", code, label))
			f.Fields["payload_reason"] = "a removed response is proven by the status clients no longer get, not by a payload"
			f.Detail = "no payload: " + f.Fields["payload_reason"].(string)
			c.findings = append(c.findings, f)
			return true
		})
		hbd, hbn, hbp := resolved(c.headResolver, ho.doc, reduce.Value(ho.node, "requestBody"), reduce.JoinPointer(ho.pointer, "requestBody"))
		_, bbn, _ := resolved(c.baseResolver, bo.doc, reduce.Value(bo.node, "requestBody"), "")
		bb, _ := reduce.Bool(reduce.Value(bbn, "required"))
		hb, _ := reduce.Bool(reduce.Value(hbn, "required"))
		if hb && !bb && hbn != nil {
			was := "optional"
			if bbn == nil {
				was = "absent"
			}
			f := c.surface(newRequiredParameterRule, c.headAt(hbd, hbn, hbp), c.baseAt(bo.doc, bo.node, bo.pointer),
				fmt.Sprintf("request body of %s is required now (it was %s): requests without it are refused; make it optional, or approve the break", label, was))
			f.Fields["parameter"] = "request body"
			f.Fields["payload"] = json.RawMessage(`{"omitted":"request body"}`)
			f.Detail = fmt.Sprintf("request (base accepts, head refuses): %s without a body", label)
			c.findings = append(c.findings, f)
		}
	}
}

// Removed reports what a document's removal breaks: each of its operations
// (removed-operation) and definitions (removed-definition for a standalone
// JSON Schema, whose definitions are contracts of their own; a changelog
// line for OpenAPI components). headPath names where the document was
// expected in the head revision; those locations have no line.
func Removed(baseWorkspace *reduce.Workspace, base *reduce.Document, headPath string, opts Options) []report.Finding {
	c := &checker{opts: opts, base: base}
	head := report.Location{File: headPath}
	var out []report.Finding
	if base.Dialect.IsOpenAPI() {
		ops, keys := operations(baseWorkspace, base)
		for _, key := range keys {
			op := ops[key]
			label := op.label
			f := c.surface(removedOperationRule, head, c.baseAt(op.doc, op.node, op.pointer),
				fmt.Sprintf("operation %s is removed with its document: clients calling it fail; keep it (deprecate it first), or approve the break", label))
			f.Pointer = op.pointer
			f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"method":%q,"path":%q}`, strings.ToUpper(op.method), op.path))
			out = append(out, f)
		}
	}
	defs := base.Definitions
	if root := base.RootDefinition(); root != nil {
		defs = append([]*reduce.Definition{root}, defs...)
	}
	for _, d := range defs {
		rule := removedDefinitionRule
		msg := fmt.Sprintf("definition %s is removed with its document: documents and clients that refer to it break; keep it, or approve the break", d.Name)
		if base.Dialect.IsOpenAPI() {
			rule, msg = compatibleRule, fmt.Sprintf("definition %s is removed with its document (its operations are reported where they were)", d.Name)
		}
		f := c.surface(rule, head, c.baseLocation(d.Key, d.Pointer), msg)
		f.Definition, f.Pointer = d.Name, ""
		f.Fields["payload_reason"] = "a removed definition has no payload; its users are"
		out = append(out, f)
	}
	return out
}
