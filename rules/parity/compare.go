package parity

import (
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/internal/pair"
)

// Options configure a parity run.
type Options struct {
	// Renames pairs a canonical definition name with a differently named mirror
	// definition (canonical → mirror).
	Renames map[string]string
	// Include, when not empty, keeps only canonical definitions whose name
	// matches one of these globs (path.Match syntax).
	Include []string
	// Exclude drops canonical definitions whose name matches one of these globs.
	Exclude []string
}

// Pair is two schemas parity paired (see pair.Pair, shared with the
// description family).
type Pair = pair.Pair

// Result is what Compare found.
type Result struct {
	// Findings are parity/keyword, parity/missing-definition and
	// parity/mirror-only-definition findings.
	Findings []report.Finding
	// Pairs lists every schema pair visited, in visiting order.
	Pairs []Pair
	// Documents lists the documents compared, each once: canonical, mirror,
	// and the files either reaches through $refs.
	Documents []*reduce.Document
}

// maxSteps bounds the schema pairs one definition may visit, so hostile input
// (or a union of thousands of branches) cannot take unbounded time.
const maxSteps = 200_000

// Compare pairs every canonical definition with its mirror and compares them.
// res resolves $refs of both documents (normally the run's reduce.Workspace).
func Compare(res reduce.Resolver, canonical, mirror *reduce.Document, opts Options) Result {
	red := reduce.NewReducer(res)
	cdefs := definitionIndex(red, canonical)
	mdefs := definitionIndex(red, mirror)
	renamed := map[string]string{} // mirror name → canonical name
	for cn, mn := range opts.Renames {
		renamed[mn] = cn
	}
	c := &comparer{red: red, opts: opts, renames: opts.Renames, mirrorToCanon: renamed, cdefs: cdefs, mdefs: mdefs}
	matchedMirror := map[string]bool{}
	for _, name := range cdefs.order {
		if !c.selected(name) {
			continue
		}
		cd := cdefs.byName[name]
		mname := c.mirrorName(name)
		md := mdefs.byName[mname]
		if md == nil {
			c.missing(cd, mirror, mname)
			continue
		}
		matchedMirror[mname] = true
		c.def = name
		c.steps = 0
		c.seen = map[[2]*reduce.Schema]bool{}
		cs := red.Schema(cd.doc, cd.def.Node, cd.def.Pointer)
		ms := red.Schema(md.doc, md.def.Node, md.def.Pointer)
		c.schema(cs, ms, "")
	}
	for _, name := range mdefs.order {
		if matchedMirror[name] || mdefs.byName[name].doc != mirror {
			continue
		}
		if cn, ok := renamed[name]; ok && cdefs.byName[cn] != nil {
			continue
		}
		if _, ok := cdefs.byName[name]; ok && opts.Renames[name] == "" {
			continue // excluded by include/exclude, not mirror-only
		}
		md := mdefs.byName[name]
		c.emit(report.Finding{
			Rule:       RuleMirrorOnly,
			Severity:   mirrorOnlyRule.Severity,
			Message:    fmt.Sprintf("%s is defined in %s but not in %s", name, Name(mirror, canonical), Name(canonical, mirror)),
			Definition: name,
			Locations:  []report.Location{containerLocation(canonical), Location(md.doc, md.def.Key, md.def.Pointer)},
			Fields:     map[string]any{"mirror_definition": name},
		})
	}
	var docs []*reduce.Document
	seen := map[*reduce.Document]bool{}
	for _, d := range append(append([]*reduce.Document{canonical, mirror}, cdefs.docs...), mdefs.docs...) {
		if !seen[d] {
			seen[d] = true
			docs = append(docs, d)
		}
	}
	return Result{Findings: c.findings, Pairs: c.pairs, Documents: docs}
}

// namedDef is a definition and the document it lives in.
type namedDef struct {
	doc *reduce.Document
	def *reduce.Definition
}

type defIndex struct {
	byName map[string]*namedDef
	order  []string
	// byTarget maps "abs path#pointer" of a definition to its name.
	byTarget map[string]string
	// docs lists the other files reached through $refs.
	docs []*reduce.Document
}

// definitionIndex lists doc's definitions, then those of other files its
// schemas reach through $refs (a cross-file ref names a definition too).
func definitionIndex(red *reduce.Reducer, doc *reduce.Document) *defIndex {
	idx := &defIndex{byName: map[string]*namedDef{}, byTarget: map[string]string{}}
	addDoc := func(d *reduce.Document, def *reduce.Definition) {
		key := d.Abs + "#" + def.Pointer
		if _, ok := idx.byTarget[key]; ok {
			return
		}
		if _, taken := idx.byName[def.Name]; taken {
			return
		}
		idx.byName[def.Name] = &namedDef{doc: d, def: def}
		idx.byTarget[key] = def.Name
		idx.order = append(idx.order, def.Name)
	}
	for _, def := range doc.Definitions {
		addDoc(doc, def)
	}
	// Follow refs into other files, breadth first, to a bounded number of files.
	queue := []*reduce.Document{doc}
	visited := map[*reduce.Document]bool{doc: true}
	for len(queue) > 0 && len(visited) < 1000 {
		d := queue[0]
		queue = queue[1:]
		d.WalkSchemas(func(s reduce.SchemaSite) {
			if d == doc && s.Definition == nil {
				return // only definitions are compared
			}
			v := refValue(s.Node)
			if v == nil || (d == doc && strings.HasPrefix(v.Value, "#")) {
				return
			}
			t, err := red.Resolve(d, v.Value)
			if err != nil || t.Doc == nil || t.Doc == doc {
				return
			}
			if def := t.Definition(); def != nil {
				addDoc(t.Doc, def)
			}
			if !visited[t.Doc] {
				visited[t.Doc] = true
				queue = append(queue, t.Doc)
				idx.docs = append(idx.docs, t.Doc)
			}
		})
	}
	return idx
}

// Name is how messages name doc beside other: its file name, or its path
// when the two file names are the same. Locations always carry the path.
func Name(doc, other *reduce.Document) string { return pair.Name(doc, other) }

// refValue returns the string value of a schema's $ref, or nil.
func refValue(n *reduce.Node) *reduce.Node {
	if n == nil || n.Kind != reduce.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; len(k) == 4 && k == "$ref" {
			if v := reduce.Deref(n.Content[i+1]); reduce.IsString(v) {
				return v
			}
			return nil
		}
	}
	return nil
}

type comparer struct {
	red           *reduce.Reducer
	opts          Options
	renames       map[string]string
	mirrorToCanon map[string]string
	cdefs, mdefs  *defIndex

	def      string
	seen     map[[2]*reduce.Schema]bool
	steps    int
	findings []report.Finding
	pairs    []Pair

	// counting mode: findings are only counted (used to pair union branches).
	counting bool
	count    int
}

func (c *comparer) selected(name string) bool {
	if len(c.opts.Include) > 0 {
		ok := false
		for _, g := range c.opts.Include {
			if m, _ := path.Match(g, name); m {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, g := range c.opts.Exclude {
		if m, _ := path.Match(g, name); m {
			return false
		}
	}
	return true
}

func (c *comparer) mirrorName(canon string) string {
	if m, ok := c.renames[canon]; ok {
		return m
	}
	return canon
}

func (c *comparer) emit(f report.Finding) {
	if c.counting {
		c.count++
		return
	}
	c.findings = append(c.findings, f)
}

func (c *comparer) missing(cd *namedDef, mirror *reduce.Document, mname string) {
	msg := fmt.Sprintf("%s is defined in %s but missing from %s", cd.def.Name, Name(cd.doc, mirror), Name(mirror, cd.doc))
	if mname != cd.def.Name {
		msg = fmt.Sprintf("%s (renamed %s) is defined in %s but missing from %s", cd.def.Name, mname, Name(cd.doc, mirror), Name(mirror, cd.doc))
	}
	c.emit(report.Finding{
		Rule:       RuleMissingDefinition,
		Severity:   missingDefinitionRule.Severity,
		Message:    msg + "; add it under " + strings.TrimPrefix(mirror.DefinitionContainers()[0], "/"),
		Definition: cd.def.Name,
		Locations:  []report.Location{Location(cd.doc, cd.def.Key, cd.def.Pointer), containerLocation(mirror)},
	})
}

// refName returns the shared name of the definition a reference lands on, with
// canonical-side names mapped through renames, or "" when it lands elsewhere.
func (c *comparer) refName(r *reduce.Ref, mirrorSide bool) string {
	if r == nil || r.Target.Doc == nil {
		return ""
	}
	idx := c.cdefs
	if mirrorSide {
		idx = c.mdefs
	}
	name, ok := idx.byTarget[r.Target.Doc.Abs+"#"+r.Target.Pointer]
	if !ok {
		if def := r.Target.Definition(); def != nil {
			name = def.Name
		} else {
			return ""
		}
	}
	if mirrorSide {
		if cn, ok := c.mirrorToCanon[name]; ok {
			return cn
		}
		return name
	}
	return name
}

// schema compares one pair of schemas at rel (relative to the definition).
func (c *comparer) schema(cs, ms *reduce.Schema, rel string) {
	key := [2]*reduce.Schema{cs, ms}
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.steps++
	if c.steps > maxSteps {
		return
	}
	if !c.counting {
		c.pairs = append(c.pairs, Pair{Definition: c.def, Rel: rel, Canonical: cs, Mirror: ms})
	}
	if cs.False != ms.False {
		c.diff(cs, ms, nil, nil, "false", rel, describeFalse(cs), describeFalse(ms))
		return
	}
	if !c.refs(cs, ms, rel) {
		return
	}
	names := map[string]bool{}
	for n := range cs.Keywords {
		names[n] = true
	}
	for n := range ms.Keywords {
		names[n] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		ck, mk := cs.Keywords[n], ms.Keywords[n]
		switch {
		case (ck == nil || mk == nil) && absentIsTrivial[n] && present(ck, mk).Schema != nil && !present(ck, mk).Schema.False:
			// Absent means {} here: compare the present schema with an empty
			// one located at the object that lacks the keyword, so the
			// finding names the keyword inside.
			krel := rel + "/" + reduce.EscapePointerToken(present(ck, mk).Source)
			if ck == nil {
				c.schema(reduce.EmptyAt(cs), mk.Schema, krel)
			} else {
				c.schema(ck.Schema, reduce.EmptyAt(ms), krel)
			}
		case ck == nil || mk == nil:
			c.diff(cs, ms, ck, mk, n, rel, render(ck), render(mk))
		default:
			c.keyword(cs, ms, ck, mk, rel)
		}
	}
}

// absentIsTrivial lists the schema-valued keywords whose absence means the
// always-true schema {}.
var absentIsTrivial = map[string]bool{
	"additionalProperties": true, "items": true, "propertyNames": true,
	"unevaluatedItems": true, "unevaluatedProperties": true, "then": true, "else": true,
}

func present(a, b *reduce.Keyword) *reduce.Keyword {
	if a != nil {
		return a
	}
	return b
}

// refs compares the references of a pair; it returns false when the pair's
// keywords should not be compared further (the ref sides were compared through
// their targets, or a difference was reported).
func (c *comparer) refs(cs, ms *reduce.Schema, rel string) bool {
	cr, mr := cs.Ref, ms.Ref
	if cr == nil && mr == nil {
		return true
	}
	cn, mn := c.refName(cr, false), c.refName(mr, true)
	switch {
	case cr != nil && mr != nil:
		if cn != "" && cn == mn {
			return true // both name the same definition, compared on its own
		}
		if cn == "" && mn == "" {
			ct, mt := c.red.Target(cr), c.red.Target(mr)
			if ct != nil && mt != nil {
				c.schema(ct, mt, rel)
				return true
			}
			if cr.Raw == mr.Raw {
				return true
			}
		}
		c.refDiff(cs, ms, rel, refLabel(cr, cn), refLabel(mr, mn))
		return true
	case cr != nil:
		// The canonical refers, the mirror inlines: compare the target with the
		// inline schema.
		if t := c.red.Target(cr); t != nil && len(cs.Keywords) == 0 {
			c.schema(t, ms, rel)
			return false
		}
		c.refDiff(cs, ms, rel, refLabel(cr, cn), "an inline schema")
		return true
	default:
		if t := c.red.Target(mr); t != nil && len(ms.Keywords) == 0 {
			c.schema(cs, t, rel)
			return false
		}
		c.refDiff(cs, ms, rel, "an inline schema", refLabel(mr, mn))
		return true
	}
}

func refLabel(r *reduce.Ref, name string) string {
	if name != "" {
		return name
	}
	return strconv.Quote(r.Raw)
}

func (c *comparer) refDiff(cs, ms *reduce.Schema, rel, cval, mval string) {
	if c.counting {
		c.count++
		return
	}
	cl := schemaLocation(cs)
	ml := schemaLocation(ms)
	if cs.Ref != nil {
		cl = Location(cs.Doc, cs.Ref.Key, cs.Ref.Pointer())
	}
	if ms.Ref != nil {
		ml = Location(ms.Doc, ms.Ref.Key, ms.Ref.Pointer())
	}
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    fmt.Sprintf("$ref names %s in %s but %s in %s", cval, Name(cs.Doc, ms.Doc), mval, Name(ms.Doc, cs.Doc)),
		Definition: c.def,
		Pointer:    rel + "/$ref",
		Locations:  []report.Location{cl, ml},
		Fields:     map[string]any{"keyword": "$ref", "canonical": cval, "mirror": mval},
	})
}

// keyword compares one keyword present on both sides.
func (c *comparer) keyword(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, rel string) {
	info := reduce.Catalogue[ck.Source]
	name := ck.Name
	krel := rel + "/" + reduce.EscapePointerToken(ck.Source)
	switch {
	case ck.Num != nil || mk.Num != nil:
		if ck.Num == nil || mk.Num == nil || ck.Num.Cmp(mk.Num) != 0 {
			c.diff(cs, ms, ck, mk, name, rel, render(ck), render(mk))
		}
	case name == "uniqueItems":
		if ck.Bool != mk.Bool {
			c.diff(cs, ms, ck, mk, name, rel, render(ck), render(mk))
		}
	case name == "type" || name == "required" || name == "enum":
		if !equalSets(ck.Set, mk.Set) {
			c.diff(cs, ms, ck, mk, name, rel, render(ck), render(mk))
		}
	case name == "allOf" || name == "anyOf" || name == "oneOf":
		c.union(cs, ms, ck, mk, krel)
	case name == "prefixItems":
		for i := 0; i < len(ck.List) || i < len(mk.List); i++ {
			switch {
			case i >= len(ck.List) || i >= len(mk.List):
				c.diff(cs, ms, ck, mk, name, rel, fmt.Sprintf("%d item schemas", len(ck.List)), fmt.Sprintf("%d", len(mk.List)))
				i = len(ck.List) + len(mk.List)
			default:
				c.schema(ck.List[i], mk.List[i], krel+"/"+strconv.Itoa(i))
			}
		}
	case name == "dependentRequired":
		c.entries(cs, ms, ck, mk, krel, func(ce, me *reduce.Entry) {
			if !equalSets(ce.Set, me.Set) {
				c.diff(cs, ms, ck, mk, name, rel, fmt.Sprintf("%s → %s", ce.Name, jsonList(ce.Set)), fmt.Sprintf("%s → %s", me.Name, jsonList(me.Set)))
			}
		})
	case ck.Schema != nil && mk.Schema != nil:
		c.schema(ck.Schema, mk.Schema, krel)
	case info.Shape == reduce.ShapeSchemaMap || ck.Map != nil || mk.Map != nil:
		c.entries(cs, ms, ck, mk, krel, func(ce, me *reduce.Entry) {
			c.schema(ce.Schema, me.Schema, krel+"/"+reduce.EscapePointerToken(ce.Name))
		})
	default:
		if ck.Text != mk.Text || ck.Bool != mk.Bool {
			c.diff(cs, ms, ck, mk, name, rel, render(ck), render(mk))
		}
	}
}

// entries pairs the members of two map-shaped keywords by name.
func (c *comparer) entries(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, krel string, both func(ce, me *reduce.Entry)) {
	member := "property"
	switch ck.Name {
	case "patternProperties":
		member = "pattern property"
	case "dependentSchemas", "dependentRequired":
		member = "dependency"
	}
	for _, ce := range ck.Map {
		me := mk.Lookup(ce.Name)
		if me == nil {
			c.memberDiff(cs, ms, ck, mk, ce, nil, krel, member)
			continue
		}
		both(ce, me)
	}
	for _, me := range mk.Map {
		if ck.Lookup(me.Name) == nil {
			c.memberDiff(cs, ms, ck, mk, nil, me, krel, member)
		}
	}
}

func (c *comparer) memberDiff(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, ce, me *reduce.Entry, krel, member string) {
	if c.counting {
		c.count++
		return
	}
	var name, msg string
	cl := Location(cs.Doc, ck.Key, ck.Pointer())
	ml := Location(ms.Doc, mk.Key, mk.Pointer())
	if ce != nil {
		name = ce.Name
		cl = Location(cs.Doc, ce.Key, ce.Pointer())
		msg = fmt.Sprintf("%s %q is in %s but not in %s", member, name, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	} else {
		name = me.Name
		ml = Location(ms.Doc, me.Key, me.Pointer())
		msg = fmt.Sprintf("%s %q is in %s but not in %s", member, name, Name(ms.Doc, cs.Doc), Name(cs.Doc, ms.Doc))
	}
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    krel + "/" + reduce.EscapePointerToken(name),
		Locations:  []report.Location{cl, ml},
		Fields:     map[string]any{"keyword": ck.Source, "member": name, "canonical": ce != nil, "mirror": me != nil},
	})
}

// union pairs allOf/anyOf/oneOf branches regardless of order: by the
// definition they name, then by equality, then by closest match. A changed
// branch is compared inside; a branch left over is reported.
func (c *comparer) union(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, krel string) {
	n, m := len(ck.List), len(mk.List)
	pairOf := make([]int, n)
	used := make([]bool, m)
	for i := range pairOf {
		pairOf[i] = -1
	}
	// 1. by referenced definition
	for i, cb := range ck.List {
		cn := c.refName(cb.Ref, false)
		if cn == "" {
			continue
		}
		for j, mb := range mk.List {
			if !used[j] && c.refName(mb.Ref, true) == cn {
				pairOf[i], used[j] = j, true
				break
			}
		}
	}
	// 2. by equality, then 3. by closest match (fewest differences)
	if n*m <= 4096 {
		type cand struct{ i, j, d int }
		var cands []cand
		for i, cb := range ck.List {
			if pairOf[i] >= 0 {
				continue
			}
			for j, mb := range mk.List {
				if used[j] {
					continue
				}
				d := c.distance(cb, mb)
				cands = append(cands, cand{i, j, d})
			}
		}
		sort.SliceStable(cands, func(a, b int) bool { return cands[a].d < cands[b].d })
		for _, cd := range cands {
			if pairOf[cd.i] >= 0 || used[cd.j] {
				continue
			}
			pairOf[cd.i], used[cd.j] = cd.j, true
		}
	} else {
		for i := range pairOf {
			if pairOf[i] < 0 && i < m && !used[i] {
				pairOf[i], used[i] = i, true
			}
		}
	}
	for i, j := range pairOf {
		if j >= 0 {
			c.schema(ck.List[i], mk.List[j], krel+"/"+strconv.Itoa(i))
			continue
		}
		c.branchDiff(cs, ms, ck, mk, ck.List[i], nil, krel+"/"+strconv.Itoa(i))
	}
	for j, u := range used {
		if !u {
			c.branchDiff(cs, ms, ck, mk, nil, mk.List[j], krel)
		}
	}
}

// distance counts the differences between two schemas without reporting them.
func (c *comparer) distance(cs, ms *reduce.Schema) int {
	sub := &comparer{red: c.red, opts: c.opts, renames: c.renames, mirrorToCanon: c.mirrorToCanon, cdefs: c.cdefs, mdefs: c.mdefs,
		def: c.def, seen: map[[2]*reduce.Schema]bool{}, counting: true, steps: c.steps}
	sub.schema(cs, ms, "")
	c.steps = sub.steps
	return sub.count
}

func (c *comparer) branchDiff(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, cb, mb *reduce.Schema, brel string) {
	if c.counting {
		c.count++
		return
	}
	cl := Location(cs.Doc, ck.Key, ck.Pointer())
	ml := Location(ms.Doc, mk.Key, mk.Pointer())
	var msg, label string
	if cb != nil {
		label = c.branchLabel(cb, false)
		cl = schemaLocation(cb)
		msg = fmt.Sprintf("%s branch %s is in %s but has no counterpart in %s", ck.Source, label, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	} else {
		label = c.branchLabel(mb, true)
		ml = schemaLocation(mb)
		msg = fmt.Sprintf("%s branch %s is in %s but has no counterpart in %s", mk.Source, label, Name(ms.Doc, cs.Doc), Name(cs.Doc, ms.Doc))
	}
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    brel,
		Locations:  []report.Location{cl, ml},
		Fields:     map[string]any{"keyword": ck.Source, "branch": label, "canonical": cb != nil, "mirror": mb != nil},
	})
}

func (c *comparer) branchLabel(s *reduce.Schema, mirrorSide bool) string {
	if s.Ref != nil {
		return refLabel(s.Ref, c.refName(s.Ref, mirrorSide))
	}
	if s.Node != nil {
		return reduce.Short(s.Node, 60)
	}
	return "{}"
}

// diff reports a keyword that differs or is present on one side only. A nil
// keyword is absent; its location is the schema object that lacks it.
func (c *comparer) diff(cs, ms *reduce.Schema, ck, mk *reduce.Keyword, name, rel, cval, mval string) {
	if c.counting {
		c.count++
		return
	}
	cl, ml := schemaLocation(cs), schemaLocation(ms)
	source := name
	csrc, msrc := name, name
	if ck != nil {
		cl = Location(cs.Doc, ck.Key, ck.Pointer())
		source, csrc = ck.Source, ck.Source
	}
	if mk != nil {
		ml = Location(ms.Doc, mk.Key, mk.Pointer())
		msrc = mk.Source
		if ck == nil {
			source = mk.Source
		}
	}
	var msg string
	switch {
	case ck == nil:
		msg = fmt.Sprintf("%s is absent in %s but %s in %s", msrc, Name(cs.Doc, ms.Doc), mval, Name(ms.Doc, cs.Doc))
	case mk == nil:
		msg = fmt.Sprintf("%s is %s in %s but absent in %s", csrc, cval, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	case csrc != msrc:
		msg = fmt.Sprintf("%s is %s in %s but %s is %s in %s", csrc, cval, Name(cs.Doc, ms.Doc), msrc, mval, Name(ms.Doc, cs.Doc))
	default:
		msg = fmt.Sprintf("%s is %s in %s but %s in %s", csrc, cval, Name(cs.Doc, ms.Doc), mval, Name(ms.Doc, cs.Doc))
	}
	fields := map[string]any{"keyword": source}
	fields["canonical"] = value(ck)
	fields["mirror"] = value(mk)
	c.emit(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    rel + "/" + reduce.EscapePointerToken(source),
		Locations:  []report.Location{cl, ml},
		Fields:     fields,
	})
}

func describeFalse(s *reduce.Schema) string {
	if s.False {
		return "false (rejects everything)"
	}
	return "a schema"
}

// render writes a keyword's normalised value for a message.
func render(k *reduce.Keyword) string {
	if k == nil {
		return "absent"
	}
	switch {
	case k.Num != nil:
		return ratString(k)
	case k.Schema != nil:
		if k.Schema.False {
			return "false"
		}
		if k.Schema.Node != nil {
			return reduce.Short(k.Schema.Node, 80)
		}
		return "{}"
	case k.Name == "type" || k.Name == "required":
		if k.Name == "type" && len(k.Set) == 1 {
			return strconv.Quote(k.Set[0])
		}
		return jsonList(k.Set)
	case k.Name == "enum":
		if k.Source == "const" && len(k.Set) == 1 {
			return k.Set[0]
		}
		return "[" + strings.Join(k.Set, ",") + "]"
	case k.Name == "uniqueItems" || k.Name == "nullable":
		return strconv.FormatBool(k.Bool)
	case k.List != nil:
		return fmt.Sprintf("%d schemas", len(k.List))
	case k.Map != nil:
		names := make([]string, len(k.Map))
		for i, e := range k.Map {
			names[i] = e.Name
		}
		return jsonList(names)
	}
	if k.Value != nil && !reduce.IsString(k.Value) {
		return reduce.Short(k.Value, 80)
	}
	return strconv.Quote(k.Text)
}

func ratString(k *reduce.Keyword) string {
	if k.Num.IsInt() {
		return k.Num.Num().String()
	}
	f, _ := k.Num.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// value is a keyword's normalised value for JSON output (nil = absent).
func value(k *reduce.Keyword) any {
	if k == nil {
		return nil
	}
	switch {
	case k.Num != nil:
		return json.Number(ratString(k))
	case k.Name == "type" || k.Name == "required":
		return append([]string{}, k.Set...)
	case k.Name == "enum":
		var out []any
		for _, s := range k.Set {
			var v any
			_ = json.Unmarshal([]byte(s), &v)
			out = append(out, v)
		}
		return out
	case k.Name == "uniqueItems":
		return k.Bool
	case k.Schema != nil:
		if k.Schema.False {
			return false
		}
		return reduce.ToValue(k.Schema.Node)
	}
	if k.Value != nil {
		return reduce.ToValue(k.Value)
	}
	return k.Text
}

func jsonList(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}

func equalSets(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Location locates a node of doc (a key, a value or a schema object) at its
// absolute pointer ptr; a nil node gives the file alone.
func Location(doc *reduce.Document, n *reduce.Node, ptr string) report.Location {
	return pair.Location(doc, n, ptr)
}

// schemaLocation locates a schema object (where a keyword it lacks would go).
func schemaLocation(s *reduce.Schema) report.Location {
	return Location(s.Doc, s.Node, s.Pointer())
}

// containerLocation locates where a document keeps its definitions, or its
// root when it has no such container.
func containerLocation(doc *reduce.Document) report.Location {
	for _, c := range doc.DefinitionContainers() {
		toks := reduce.SplitPointer(c)
		parent := reduce.Lookup(doc.Root, "/"+strings.Join(toks[:len(toks)-1], "/"))
		if len(toks) == 1 {
			parent = doc.Root
		}
		if k, _ := reduce.Get(parent, toks[len(toks)-1]); k != nil {
			return Location(doc, k, c)
		}
	}
	return Location(doc, doc.Root, "")
}
