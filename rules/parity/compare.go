package parity

import (
	"encoding/json"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

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

	// prepared is the family's preparation of the lone canonical document
	// (see prepare), nil when there is none.
	prepared *prepared
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
	// Documents lists the documents compared, each once: the canonical ones,
	// the mirror, and the files either reaches through $refs.
	Documents []*reduce.Document
	// Partial maps a reached file whose root is not a schema (an AsyncAPI
	// trait, any YAML) to the pointers $refs reach in it: only the schemas
	// there are the contract's.
	Partial map[*reduce.Document][]string
}

// maxSteps bounds the schema pairs one definition may visit, so hostile input
// (or a union of thousands of branches) cannot take unbounded time.
const maxSteps = 200_000

// Compare pairs every canonical definition with its mirror and compares them.
// res resolves $refs of both documents (normally the run's reduce.Workspace).
func Compare(res reduce.Resolver, canonical, mirror *reduce.Document, opts Options) Result {
	return CompareAll(res, []*reduce.Document{canonical}, mirror, opts)
}

// CompareAll compares the definitions of several canonical documents (a
// folder of schema files, say) with one mirror. A canonical document whose
// root is a schema is a definition named by its file stem (user.schema.json
// → user), beside its own $defs or definitions; the first document to name a
// definition wins.
func CompareAll(res reduce.Resolver, canonicals []*reduce.Document, mirror *reduce.Document, opts Options) Result {
	red := reduce.NewReducer(res)
	var cdefs *defIndex
	pre := opts.prepared
	if pre != nil && len(canonicals) == 1 && canonicals[0] == pre.doc {
		pre.local.open()
		red, cdefs = pre.reducers[0], pre.cdefs
	} else {
		pre = nil
		cdefs = definitionIndex(red, canonicals)
	}
	mdefs := definitionIndex(red, []*reduce.Document{mirror})
	renames := pairRoots(cdefs, mdefs, opts.Renames)
	nestMirror(cdefs, mdefs, renames)
	renamed := map[string]string{} // mirror name → canonical name
	for cn, mn := range renames {
		renamed[mn] = cn
	}
	// the definitions are compared in shards, each by a comparer with a
	// reducer of its own, at once; their findings and pairs are joined in
	// definition order, as one comparer would have given them
	parts := shards(cdefs.order, slices.Concat(canonicals, []*reduce.Document{mirror}, cdefs.docs, mdefs.docs))
	comparers := make([]*comparer, len(parts))
	matched := make([][]string, len(parts))
	unpaired := make([]bool, len(parts))
	panics := make([]any, len(parts))
	var wg sync.WaitGroup
	for i, names := range parts {
		sred := red
		if i > 0 && pre != nil && len(pre.reducers) == len(parts) {
			sred = pre.reducers[i] // its share of the canonical is projected
		} else if i > 0 {
			sred = reduce.NewReducer(res)
		}
		// the first comparer's pairs have room for the others', joined
		// below: capacity never written to is never faulted in
		room := cdefs.sites / len(parts)
		if i == 0 {
			room = cdefs.sites
		}
		comparers[i] = &comparer{red: sred, opts: opts, renames: renames, mirrorToCanon: renamed, cdefs: cdefs, mdefs: mdefs,
			pairs: make([]Pair, 0, room)}
		wg.Go(func() {
			// a panic is raised again where the caller can recover it
			defer func() { panics[i] = recover() }()
			matched[i], unpaired[i] = comparers[i].compareDefinitions(names, canonicals, mirror)
		})
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
	c := comparers[0]
	matchedMirror := map[string]bool{}
	unpairedRoot := false
	for i, sc := range comparers {
		if i > 0 {
			c.findings = append(c.findings, sc.findings...)
			c.pairs = append(c.pairs, sc.pairs...)
		}
		for _, name := range matched[i] {
			matchedMirror[name] = true
		}
		unpairedRoot = unpairedRoot || unpaired[i]
	}
	for _, name := range mdefs.order {
		if matchedMirror[name] || mdefs.byName[name].doc != mirror {
			continue
		}
		if cn, ok := renamed[name]; ok && (cdefs.byName[cn] != nil || cdefs.invalid[cn]) {
			continue
		}
		if cdefs.invalid[name] {
			continue
		}
		if _, ok := cdefs.byName[name]; ok && renames[name] == "" {
			continue // excluded by include/exclude, not mirror-only
		}
		md := mdefs.byName[name]
		if unpairedRoot && md.def.Pointer == "" && md.doc == mirror {
			continue // the unpaired-root finding names it
		}
		if x := c.nullableCopy(name, true); x != "" && matchedMirror[x] {
			// nullable-X is X plus null, and X pairs with a canonical
			// definition (through renames): the copy is that definition too,
			// and where it is used the comparison says whether null matches
			continue
		}
		c.emit(report.Finding{
			Rule:       RuleMirrorOnly,
			Severity:   mirrorOnlyRule.Severity,
			Message:    fmt.Sprintf("%s is defined in %s but not in %s", name, Name(mirror, canonicals[0]), canonicalNames(canonicals, mirror)),
			Definition: name,
			Locations:  []report.Location{containerLocation(canonicals[0]), Location(md.doc, md.def.Key, md.def.Pointer)},
			Fields:     map[string]any{"mirror_definition": name},
		})
	}
	var docs []*reduce.Document
	seen := map[*reduce.Document]bool{}
	for _, d := range append(append(append(append([]*reduce.Document{}, canonicals...), mirror), cdefs.docs...), mdefs.docs...) {
		if !seen[d] {
			seen[d] = true
			docs = append(docs, d)
		}
	}
	partial := map[*reduce.Document][]string{}
	for _, idx := range []*defIndex{cdefs, mdefs} {
		for d, ptrs := range idx.partial {
			if !seen[d] || slices.Contains(canonicals, d) || d == mirror {
				continue
			}
			partial[d] = append(partial[d], ptrs...)
		}
	}
	return Result{Findings: c.dedupe(c.findings), Pairs: c.pairs, Documents: docs, Partial: partial}
}

// compareDefinitions compares the canonical definitions names with their
// mirrors. It returns the mirror definitions it paired (or found invalid)
// and whether it reported a lone canonical root as unpaired.
func (c *comparer) compareDefinitions(names []string, canonicals []*reduce.Document, mirror *reduce.Document) (matched []string, unpairedRoot bool) {
	cdefs, mdefs := c.cdefs, c.mdefs
	for _, name := range names {
		if !c.selected(name) {
			continue
		}
		cd := cdefs.byName[name]
		mname := c.mirrorName(name)
		if mdefs.invalid[mname] {
			matched = append(matched, mname) // parity/invalid-schema says what is wrong
			continue
		}
		md := mdefs.byName[mname]
		if md == nil && cd.def.Pointer == "" && len(canonicals) == 1 && cd.doc == canonicals[0] && !cdefs.referencedRoot[cd.doc] {
			// a lone file's root that nothing refers to is the document, not
			// one of its definitions: say once that it has no counterpart
			c.unpairedRoot(cd, mirror)
			unpairedRoot = true
			continue
		}
		if md == nil {
			c.missing(cd, mirror, mname)
			continue
		}
		matched = append(matched, mname)
		c.def = name
		c.defDoc, c.defPtr = cd.doc, cd.def.Pointer
		c.mdef = mname
		c.steps = 0
		c.seen = map[[2]*reduce.Schema]bool{}
		cs := c.red.Schema(cd.doc, cd.def.Node, cd.def.Pointer)
		ms := c.red.Schema(md.doc, md.def.Node, md.def.Pointer)
		c.schema(cs, ms, "")
	}
	return matched, unpairedRoot
}

// maxShards bounds the comparers of one comparison, and minShard is the
// fewest definitions worth a comparer of its own: each shard projects anew
// what it reaches through $refs into another shard's definitions.
const (
	maxShards = 4
	minShard  = 64
)

// shardCount, when not 0, fixes the number of shards of JSON documents
// (tests).
var shardCount = 0

// shards splits the canonical definitions into contiguous runs, one per
// processor (see maxShards and minShard). The findings do not depend on
// the split: a schema's projection depends on its node alone, whichever
// reducer makes it, and its pointer on where it is written — except for a
// node a YAML alias writes in two places, named by the place a comparer
// meets first, so when any document involved is YAML the definitions stay
// in one run.
func shards(names []string, docs []*reduce.Document) [][]string {
	n := min(runtime.GOMAXPROCS(0), maxShards, len(names)/minShard)
	if shardCount != 0 {
		n = shardCount
	}
	for _, d := range docs {
		if d.Format != "json" {
			n = 1
		}
	}
	n = max(1, min(n, len(names)))
	out := make([][]string, n)
	for i := range n {
		out[i] = names[i*len(names)/n : (i+1)*len(names)/n]
	}
	return out
}

// pairRoots pairs the canonical file roots that no mirror definition shares
// a name with, by $id, title or content (pair.Roots, which diffcheck uses
// too), on top of the explicit renames.
func pairRoots(cdefs, mdefs *defIndex, renames map[string]string) map[string]string {
	return pair.Roots(cdefs.definitions(), mdefs.definitions(), renames)
}

// nestMirror gives each definition of a file the canonical side reached
// through a $ref a counterpart at the same place under that file's
// counterpart in the mirror, when the mirror has no definition of its name:
// a bundle embeds each file whole, its definitions inside (AsyncAPI's
// schemas/3.0.0.json keeps bindings/sns/0.1.0/channel.json's
// definitions/ordering under its entry for that file's $id). The
// counterpart is indexed by name and place, so a $ref to it on the mirror
// side names the same definition, but it is not one of the mirror's own
// (never mirror-only).
func nestMirror(cdefs, mdefs *defIndex, renames map[string]string) {
	mirrorName := func(name string) string {
		if m, ok := renames[name]; ok {
			return m
		}
		return name
	}
	byID := map[string]*namedDef{}
	for _, name := range mdefs.order {
		md := mdefs.byName[name]
		if id := pair.ID(md.def.Node); id != "" && byID[id] == nil {
			byID[id] = md
		}
	}
	for _, name := range cdefs.order {
		cd := cdefs.byName[name]
		mname := mirrorName(name)
		if cd.def.Pointer == "" || mdefs.byName[mname] != nil || mdefs.invalid[mname] {
			continue
		}
		var root *namedDef
		if rootName, ok := cdefs.byTarget[cd.doc.Abs+"#"]; ok {
			root = mdefs.byName[mirrorName(rootName)]
		} else if id := pair.ID(cd.doc.Root); id != "" {
			// the file's root is no definition of its own (its name was
			// taken by another file's): the mirror's entry declaring its
			// $id is its counterpart
			root = byID[id]
		}
		if root == nil {
			continue
		}
		ptr := root.def.Pointer + cd.def.Pointer
		tokens := reduce.SplitPointer(cd.def.Pointer)
		parent := root.doc.Lookup(reduce.JoinPointer(root.def.Pointer, tokens[:len(tokens)-1]...))
		key, node := reduce.Get(parent, tokens[len(tokens)-1])
		if node == nil || !reduce.IsSchemaNode(node) {
			continue
		}
		if _, taken := mdefs.byTarget[root.doc.Abs+"#"+ptr]; taken {
			continue
		}
		mdefs.byName[mname] = &namedDef{doc: root.doc, def: &reduce.Definition{Name: mname, Pointer: ptr, Key: key, Node: node}}
		mdefs.byTarget[root.doc.Abs+"#"+ptr] = mname
	}
}

// definitions lists the indexed definitions in order.
func (idx *defIndex) definitions() []*reduce.Definition {
	out := make([]*reduce.Definition, 0, len(idx.order))
	for _, name := range idx.order {
		out = append(out, idx.byName[name].def)
	}
	return out
}

// canonicalNames names the canonical documents in a message: the one file,
// or the first and how many more.
func canonicalNames(canonicals []*reduce.Document, mirror *reduce.Document) string {
	if len(canonicals) == 1 {
		return Name(canonicals[0], mirror)
	}
	return fmt.Sprintf("any of the %d canonical files", len(canonicals))
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
	// invalid names the definitions whose value is not a schema.
	invalid map[string]bool
	// partial maps a reached file whose root is not a schema to the pointers
	// reached in it.
	partial map[*reduce.Document][]string
	// referencedRoot holds the documents under comparison whose root a $ref
	// names.
	referencedRoot map[*reduce.Document]bool
	// sites counts the schema sites inside definitions: about how many
	// pairs comparing them visits
	sites int
}

// definitionIndex lists the definitions of docs — each root that is a schema,
// named by its file stem, then the entries of $defs, definitions or
// components/schemas — then those of other files their schemas reach through
// $refs (a cross-file ref names a definition too, and a ref to a file's root
// names the file's stem). An entry that is only a $ref to another file's root
// (a wrapper listing the files of a multi-file schema) is that file's
// definition: refs to the file name it.
func definitionIndex(red *reduce.Reducer, roots []*reduce.Document) *defIndex {
	idx := &defIndex{byName: map[string]*namedDef{}, byTarget: map[string]string{}, invalid: map[string]bool{}, partial: map[*reduce.Document][]string{},
		referencedRoot: map[*reduce.Document]bool{}}
	addDoc := func(d *reduce.Document, def *reduce.Definition) {
		key := d.Abs + "#" + def.Pointer
		if _, ok := idx.byTarget[key]; ok {
			return
		}
		if other, taken := idx.byName[def.Name]; taken {
			if def.Pointer != "" || other.doc == d {
				return
			}
			// another file's root has the name (schema.json in several
			// folders): this root is named by its path, so it is compared
			// too, paired by its $id, title or content
			qualified := *def
			qualified.Name = strings.TrimSuffix(d.Path, path.Ext(d.Path))
			if _, taken := idx.byName[qualified.Name]; taken {
				return
			}
			def = &qualified
		}
		if !reduce.IsSchemaNode(def.Node) {
			idx.invalid[def.Name] = true
			return
		}
		idx.byName[def.Name] = &namedDef{doc: d, def: def}
		idx.byTarget[key] = def.Name
		idx.order = append(idx.order, def.Name)
	}
	isRoot := map[*reduce.Document]bool{}
	rootDefined := map[*reduce.Document]bool{}
	for _, doc := range roots {
		isRoot[doc] = true
		if def := doc.RootDefinition(); def != nil {
			rootDefined[doc] = true
			addDoc(doc, def)
		}
		for _, def := range doc.Definitions {
			addDoc(doc, def)
			// a wrapper entry names the file it refers to
			if v := refValue(def.Node); v != nil && onlyRef(def.Node) {
				if t, err := red.Resolve(doc, v.Value); err == nil && t.Doc != nil && t.Doc != doc && t.Pointer == "" {
					if _, ok := idx.byTarget[t.Doc.Abs+"#"]; !ok {
						idx.byTarget[t.Doc.Abs+"#"] = def.Name
					}
				}
			}
		}
	}
	// Follow refs into other files, breadth first, to a bounded number of files.
	queue := append([]*reduce.Document{}, roots...)
	visited := map[*reduce.Document]bool{}
	for _, d := range roots {
		visited[d] = true
	}
	for len(queue) > 0 && len(visited) < 1000 {
		d := queue[0]
		queue = queue[1:]
		walk := d.WalkSchemas
		if ptrs, ok := idx.partial[d]; ok {
			walk = func(fn func(reduce.SchemaSite)) {
				for _, p := range ptrs {
					d.WalkSchemasAt(p, fn)
				}
			}
		}
		walk(func(s reduce.SchemaSite) {
			if s.Definition != nil {
				idx.sites++
			}
			if isRoot[d] && s.Definition == nil && !rootDefined[d] {
				return // only definitions are compared
			}
			v := s.Ref
			if v != nil && isRoot[d] && v.Value == "#" {
				idx.referencedRoot[d] = true
			}
			if v == nil || (isRoot[d] && strings.HasPrefix(v.Value, "#")) {
				return
			}
			t, err := red.Resolve(d, v.Value)
			if err == nil && t.Doc != nil && isRoot[t.Doc] && t.Pointer == "" {
				idx.referencedRoot[t.Doc] = true
			}
			if err != nil || t.Doc == nil || isRoot[t.Doc] {
				return
			}
			if def := t.Definition(); def != nil {
				addDoc(t.Doc, def)
			} else if t.Pointer == "" {
				if def := t.Doc.RootDefinition(); def != nil {
					addDoc(t.Doc, def)
				}
			}
			if !visited[t.Doc] {
				visited[t.Doc] = true
				if nonSchemaRoot(t.Doc) && t.Pointer != "" {
					idx.partial[t.Doc] = []string{t.Pointer}
				}
				queue = append(queue, t.Doc)
				idx.docs = append(idx.docs, t.Doc)
			} else if ptrs, ok := idx.partial[t.Doc]; ok && !slices.Contains(ptrs, t.Pointer) {
				if t.Pointer == "" {
					delete(idx.partial, t.Doc)
				} else {
					idx.partial[t.Doc] = append(ptrs, t.Pointer)
				}
			}
		})
	}
	return idx
}

// nonSchemaRoot reports whether a file's root is not a schema and holds keys
// no schema has (an AsyncAPI trait, a YAML of settings), so only the places
// $refs reach in it are schemas.
func nonSchemaRoot(d *reduce.Document) bool {
	if d.Dialect.IsOpenAPI() || d.RootDefinition() != nil {
		return false
	}
	foreign := false
	reduce.Pairs(d.Root, func(k, _ *reduce.Node) bool {
		if _, ok := reduce.LookupKeyword(k.Value); !ok && !strings.HasPrefix(k.Value, "x-") {
			foreign = true
			return false
		}
		return true
	})
	return foreign
}

// onlyRef reports whether a schema node holds a $ref and nothing else that
// constrains or describes.
func onlyRef(n *reduce.Node) bool {
	only := true
	reduce.Pairs(n, func(k, _ *reduce.Node) bool {
		if k.Value != "$ref" && k.Value != "$comment" && !strings.HasPrefix(k.Value, "x-") {
			only = false
			return false
		}
		return true
	})
	return only
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

	def      string // the canonical definition compared
	mdef     string // its mirror's own name
	seen     map[[2]*reduce.Schema]bool
	steps    int
	findings []report.Finding
	pairs    []Pair
	// viaC and viaM carry the schemas the next pair is reached through.
	viaC, viaM *reduce.Schema
	// mergeNote, when not "", says why an allOf could not be merged; the
	// findings of the pair it belongs to repeat it.
	mergeNote string
	// mergePartial says the allOf could not be merged because a part's $ref
	// does not resolve: the pair's keyword findings are warnings, since the
	// part wirelint cannot see may hold what the other side says.
	mergePartial bool
	// partial, when not "", is the unresolved $ref of an allOf part the
	// pair being compared leaves out, on partialSide ("canonical" or
	// "mirror"; see partly).
	partial, partialSide string
	// defDoc and defPtr are where the canonical definition being compared
	// sits (see literalPointer).
	defDoc *reduce.Document
	defPtr string
	// defPointers caches definitionPointers.
	defPointers map[*reduce.Document]*defPointerSet

	// nullables finds each side's nullable copies of definitions.
	nullables nullableCopies

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

func (c *comparer) emit(f report.Finding) { c.emitEvident(f, false) }

// emitEvident is emit for a finding the unseen part of a partial comparison
// (see partly) cannot undo when evident: it stays an error.
func (c *comparer) emitEvident(f report.Finding, evident bool) {
	if c.counting {
		c.count++
		return
	}
	if c.mergeNote != "" && f.Rule == RuleKeyword {
		f.Message += "; " + c.mergeNote
		if c.mergePartial {
			f.Severity = report.SeverityWarning
		}
	}
	if f.Rule == RuleKeyword && f.Definition == c.def {
		f.Pointer = c.literalPointer(f)
	}
	if c.partial != "" && f.Rule == RuleKeyword && f.Severity == report.SeverityError && !evident {
		f.Message += "; an allOf part here is a $ref that does not resolve (" + c.partial + "), and what it requires may be this difference, so the parts that resolve were compared"
		f.Severity = report.SeverityWarning
	}
	c.findings = append(c.findings, f)
}

// literalPointer returns f's pointer as a place of the canonical
// definition: a finding found in a view of it (allOf parts merged, a one-part
// allOf read as its $ref) has a path (/properties/href/minLength) the
// definition does not have as such (/allOf/0/properties/href/minLength). It
// is the pointer of the canonical location, or, when the canonical side
// lacks the keyword and is located at the object, that object's with the
// keyword added. A location in another definition (reached through a $ref)
// keeps the path through the view.
func (c *comparer) literalPointer(f report.Finding) string {
	if len(f.Locations) == 0 || c.defDoc == nil || f.Locations[0].File != c.defDoc.Path {
		return f.Pointer
	}
	lit, ok := c.ownRel(f.Locations[0].Pointer)
	if !ok {
		return f.Pointer
	}
	last := f.Pointer[strings.LastIndexByte(f.Pointer, '/')+1:]
	if f.Pointer == "" || lit[strings.LastIndexByte(lit, '/')+1:] == last {
		return lit
	}
	return lit + "/" + last
}

func (c *comparer) missing(cd *namedDef, mirror *reduce.Document, mname string) {
	msg := fmt.Sprintf("%s is defined in %s but missing from %s", cd.def.Name, Name(cd.doc, mirror), Name(mirror, cd.doc))
	if mname != cd.def.Name {
		msg = fmt.Sprintf("%s (renamed %s) is defined in %s but missing from %s", cd.def.Name, mname, Name(cd.doc, mirror), Name(mirror, cd.doc))
	}
	c.emit(report.Finding{
		Rule:       RuleMissingDefinition,
		Severity:   missingDefinitionRule.Severity,
		Message:    msg + "; add it under " + strings.TrimPrefix(mirror.DefinitionContainer(), "/"),
		Definition: cd.def.Name,
		Locations:  []report.Location{Location(cd.doc, cd.def.Key, cd.def.Pointer), containerLocation(mirror)},
	})
}

// unpairedRoot reports a lone canonical file's root schema, which nothing
// refers to, that pairs with no mirror definition: information, since the
// mirror may hold the same contract under another shape (a request body, a
// response); pair it with --rename when it has a counterpart.
func (c *comparer) unpairedRoot(cd *namedDef, mirror *reduce.Document) {
	c.emit(report.Finding{
		Rule:     RuleUnpairedRoot,
		Severity: unpairedRootRule.Severity,
		Message: fmt.Sprintf("the root schema of %s (%s) pairs with no definition of %s by name, $id, title or content, so it is not compared; if %s holds it under another name, pair them with --rename %s=NAME",
			Name(cd.doc, mirror), cd.def.Name, Name(mirror, cd.doc), Name(mirror, cd.doc), cd.def.Name),
		Definition: cd.def.Name,
		Locations:  []report.Location{Location(cd.doc, cd.def.Key, cd.def.Pointer), containerLocation(mirror)},
	})
}

// refName returns the shared name of the definition a reference lands on, with
// mirror-side names mapped through renames to the canonical name, or "" when
// it lands elsewhere.
func (c *comparer) refName(r *reduce.Ref, mirrorSide bool) string {
	name := c.ownName(r, mirrorSide)
	if mirrorSide {
		if cn, ok := c.mirrorToCanon[name]; ok {
			return cn
		}
	}
	return name
}

// ownName returns the name its own document gives the definition a reference
// lands on, or "" when it lands elsewhere.
func (c *comparer) ownName(r *reduce.Ref, mirrorSide bool) string {
	if r == nil || r.Target.Doc == nil {
		return ""
	}
	idx := c.cdefs
	if mirrorSide {
		idx = c.mdefs
	}
	if name, ok := idx.byTarget[r.Target.Doc.Abs+"#"+r.Target.Pointer]; ok {
		return name
	}
	if def := r.Target.Definition(); def != nil {
		return def.Name
	}
	return ""
}

// record adds a visited pair for the annotation rules.
func (c *comparer) record(cs, ms *reduce.Schema, rel string, viaC, viaM *reduce.Schema) {
	if !c.counting {
		c.pairs = append(c.pairs, Pair{Definition: c.def, Rel: c.literalRel(cs, rel), Canonical: cs, Mirror: ms, CanonicalVia: viaC, MirrorVia: viaM})
	}
}

// literalRel is the pointer of the canonical schema cs in its definition,
// as written, when cs sits in the definition compared (a view of it — allOf
// parts merged, a union's branches folded — reaches it by another path), or
// rel, the path through the comparison, when cs lies elsewhere (a $ref's
// target).
func (c *comparer) literalRel(cs *reduce.Schema, rel string) string {
	if c.defDoc == nil || cs == nil || cs.Doc != c.defDoc {
		return rel
	}
	if lit, ok := c.ownRel(cs.Pointer()); ok {
		return lit
	}
	return rel
}

// ownRel returns the absolute pointer p of the canonical definition's
// document relative to that definition, when p lies in it and in no other
// definition it holds (a file root holds the document's definitions, and a
// place reached in one of them through a $ref continues the $ref's path, as
// elsewhere).
func (c *comparer) ownRel(p string) (string, bool) {
	d := c.defPtr
	if len(p) < len(d) || p[:len(d)] != d || len(p) > len(d) && p[len(d)] != '/' {
		return "", false
	}
	// a definition inside this one is a prefix of p ending at a '/' or at
	// p's end, longer than d: look each one up, up to the most tokens a
	// definition's pointer has (one past a container: none below d's depth
	// when d is itself a container's member)
	defs := c.definitionPointers(c.defDoc)
	tokens := strings.Count(d, "/")
	for i := len(d) + 1; i <= len(p) && tokens < defs.maxTokens; i++ {
		if i == len(p) || p[i] == '/' {
			if tokens++; defs.set[p[:i]] {
				return "", false
			}
		}
	}
	return p[len(d):], true
}

// defPointerSet is the set of a document's definitions' pointers and the
// most tokens one of them has.
type defPointerSet struct {
	set       map[string]bool
	maxTokens int
}

// definitionPointers is the set of doc's definitions' pointers, built once
// per document a comparer meets.
func (c *comparer) definitionPointers(doc *reduce.Document) *defPointerSet {
	if set, ok := c.defPointers[doc]; ok {
		return set
	}
	set := &defPointerSet{set: make(map[string]bool, len(doc.Definitions))}
	for _, d := range doc.Definitions {
		set.set[d.Pointer] = true
		set.maxTokens = max(set.maxTokens, strings.Count(d.Pointer, "/"))
	}
	if c.defPointers == nil {
		c.defPointers = map[*reduce.Document]*defPointerSet{}
	}
	c.defPointers[doc] = set
	return set
}

// next compares a pair reached through viaC and viaM (the outermost schema
// of each side that led there, nil when none).
func (c *comparer) next(cs, ms *reduce.Schema, rel string, viaC, viaM *reduce.Schema) {
	c.viaC, c.viaM = viaC, viaM
	c.schema(cs, ms, rel)
}

func firstOf(a, b *reduce.Schema) *reduce.Schema {
	if a != nil {
		return a
	}
	return b
}

// schema compares one pair of schemas at rel (relative to the definition).
func (c *comparer) schema(cs, ms *reduce.Schema, rel string) {
	viaC, viaM := c.viaC, c.viaM
	c.viaC, c.viaM = nil, nil
	outerNote, outerPartial := c.mergeNote, c.mergePartial
	c.mergeNote, c.mergePartial = "", false
	defer func() { c.mergeNote, c.mergePartial = outerNote, outerPartial }()
	key := [2]*reduce.Schema{cs, ms}
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.steps++
	if c.steps > maxSteps {
		return
	}
	// A one-branch union is its branch.
	if sc, path := reduce.Simplify(cs); sc != cs {
		viaC, cs, rel = firstOf(viaC, cs), sc, rel+path
	}
	if sm, _ := reduce.Simplify(ms); sm != ms {
		viaM, ms = firstOf(viaM, ms), sm
	}
	if cs.False != ms.False {
		c.record(cs, ms, rel, viaC, viaM)
		c.falseDiff(cs, ms, rel)
		return
	}
	if c.sameNullable(cs, ms) {
		c.record(cs, ms, rel, viaC, viaM)
		return // X or null against nullable-X, X paired with the union's X
	}
	if c.views(cs, ms, rel, viaC, viaM) {
		return
	}
	switch c.refs(cs, ms, rel, viaC, viaM) {
	case refsFollowed:
		return
	case refsReported:
		c.record(cs, ms, rel, viaC, viaM)
		return
	}
	c.record(cs, ms, rel, viaC, viaM)
	if ct, mt := cs.Keywords.Get("type"), ms.Keywords.Get("type"); ct != nil && mt != nil && !reduce.TypesMeet(ct.Set, mt.Set) {
		// no value is of both types: the two accept nothing in common, and
		// every other keyword would repeat that one cause (STAC's
		// datetime.json root, an object, against an OpenAPI's datetime
		// field, a string)
		if len(cs.Keywords) > 1 || len(ms.Keywords) > 1 {
			c.mergeNote = "no value is of both types, so nothing else of the two was compared"
		}
		c.keyword(cs, ms, ct, mt, rel)
		return
	}
	// both keyword lists are sorted by name: walk them side by side
	for i, j := 0, 0; i < len(cs.Keywords) || j < len(ms.Keywords); {
		var ck, mk *reduce.Keyword
		switch {
		case j == len(ms.Keywords) || i < len(cs.Keywords) && cs.Keywords[i].Name < ms.Keywords[j].Name:
			ck = cs.Keywords[i]
			i++
		case i == len(cs.Keywords) || ms.Keywords[j].Name < cs.Keywords[i].Name:
			mk = ms.Keywords[j]
			j++
		default:
			ck, mk = cs.Keywords[i], ms.Keywords[j]
			i, j = i+1, j+1
		}
		n := present(ck, mk).Name
		switch {
		case n == "type" && enumDecides(cs) && enumDecides(ms):
			// each side's enum lists only values of its own type: the
			// enums decide, and their comparison says any difference
			// (const Catalog against {type: string, enum: [Catalog]})
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
		case ck == nil && slices.Contains(cs.Malformed, n) || mk == nil && slices.Contains(ms.Malformed, n):
			// parity/invalid-schema reports the malformed value
		case ck == nil || mk == nil:
			c.diff(cs, ms, ck, mk, n, rel, render(ck), render(mk))
		default:
			c.keyword(cs, ms, ck, mk, rel)
		}
	}
}

// enumDecides reports whether s's type says nothing its enum does not: s has
// no type, or an enum (const included) whose every value is of that type.
func enumDecides(s *reduce.Schema) bool {
	t := s.Keywords.Get("type")
	if t == nil {
		return true
	}
	e := s.Keywords.Get("enum")
	if e == nil {
		return false
	}
	for _, v := range e.Set {
		if !reduce.OfType(t.Set, v) {
			return false
		}
	}
	return true
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

// refsOutcome says what refs did with a pair.
type refsOutcome int

const (
	// refsCompare: compare the pair's keywords next (no reference, or both
	// name the same definition, or siblings of a reported $ref apply).
	refsCompare refsOutcome = iota
	// refsFollowed: the pair was compared through the reference's target.
	refsFollowed
	// refsReported: a difference was reported; nothing more to compare.
	refsReported
)

// refs compares the references of a pair.
func (c *comparer) refs(cs, ms *reduce.Schema, rel string, viaC, viaM *reduce.Schema) refsOutcome {
	cr, mr := cs.Ref, ms.Ref
	if cr == nil && mr == nil {
		return refsCompare
	}
	cn, mn := c.refName(cr, false), c.refName(mr, true)
	switch {
	case cr != nil && mr != nil:
		if cn != "" && cn == mn {
			return refsCompare // both name the same definition, compared on its own
		}
		if cn == "" || mn == "" {
			// at least one side names a place that is no definition (a
			// nested $defs entry): compare what the two places hold
			ct, mt := c.red.Target(cr), c.red.Target(mr)
			if ct != nil && mt != nil {
				if len(cs.Keywords) == 0 && len(ms.Keywords) == 0 {
					c.next(ct, mt, rel, firstOf(viaC, cs), firstOf(viaM, ms))
					return refsFollowed
				}
				c.schema(ct, mt, rel)
				return refsCompare
			}
			if cr.Raw == mr.Raw {
				return refsCompare
			}
		}
		c.refDiff(cs, ms, rel, refLabel(cr, c.ownName(cr, false)), refLabel(mr, c.ownName(mr, true)))
		return refsCompare
	case cr != nil:
		// The canonical refers, the mirror inlines: compare the target with the
		// inline schema.
		if t := c.red.Target(cr); t != nil && len(cs.Keywords) == 0 {
			c.next(t, ms, rel, firstOf(viaC, cs), viaM)
			return refsFollowed
		}
		c.refDiff(cs, ms, rel, refLabel(cr, c.ownName(cr, false)), "an inline schema")
		return refsCompare
	default:
		if t := c.red.Target(mr); t != nil && len(ms.Keywords) == 0 {
			c.next(cs, t, rel, viaC, firstOf(viaM, ms))
			return refsFollowed
		}
		c.refDiff(cs, ms, rel, "an inline schema", refLabel(mr, c.ownName(mr, true)))
		return refsCompare
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
		cl = Location(cs.Ref.Owner.Doc, cs.Ref.Key, cs.Ref.Pointer())
	}
	if ms.Ref != nil {
		ml = Location(ms.Ref.Owner.Doc, ms.Ref.Key, ms.Ref.Pointer())
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
	// the keyword's pointer, built only where something below it is compared
	keywordPtr := func() string { return rel + "/" + reduce.EscapePointerToken(ck.Source) }
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
			c.setDiff(cs, ms, ck, mk, rel)
		}
	case name == "allOf" || name == "anyOf" || name == "oneOf":
		c.union(cs, ms, ck, mk, keywordPtr())
	case name == "prefixItems":
		krel := keywordPtr()
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
		c.entries(cs, ms, ck, mk, keywordPtr(), func(ce, me *reduce.Entry) {
			if !equalSets(ce.Set, me.Set) {
				c.diff(cs, ms, ck, mk, name, rel, fmt.Sprintf("%s → %s", ce.Name, jsonList(ce.Set)), fmt.Sprintf("%s → %s", me.Name, jsonList(me.Set)))
			}
		})
	case ck.Schema != nil && mk.Schema != nil:
		c.schema(ck.Schema, mk.Schema, keywordPtr())
	case info.Shape == reduce.ShapeSchemaMap || ck.Map != nil || mk.Map != nil:
		krel := keywordPtr()
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
	// a mirror mostly lists the members in the canonical's order: the
	// member at the same index is tried before a search (names are unique
	// in a map, so both find the same entry)
	for i, ce := range ck.Map {
		var me *reduce.Entry
		if i < len(mk.Map) && mk.Map[i].Name == ce.Name {
			me = mk.Map[i]
		} else if me = mk.Lookup(ce.Name); me == nil {
			c.memberDiff(cs, ms, ck, mk, ce, nil, krel, member)
			continue
		}
		both(ce, me)
	}
	for j, me := range mk.Map {
		if j < len(ck.Map) && ck.Map[j].Name == me.Name {
			continue
		}
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
	cl := Location(ck.Owner.Doc, ck.Key, ck.Pointer())
	ml := Location(mk.Owner.Doc, mk.Key, mk.Pointer())
	if ce != nil {
		name = ce.Name
		cl = Location(ce.Keyword.Owner.Doc, ce.Key, ce.Pointer())
		msg = fmt.Sprintf("%s %q is in %s but not in %s", member, name, Name(cs.Doc, ms.Doc), Name(ms.Doc, cs.Doc))
	} else {
		name = me.Name
		ml = Location(me.Keyword.Owner.Doc, me.Key, me.Pointer())
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
		cl = Location(ck.Owner.Doc, ck.Key, ck.Pointer())
		source, csrc = ck.Source, ck.Source
	}
	if mk != nil {
		ml = Location(mk.Owner.Doc, mk.Key, mk.Pointer())
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
	// Under an allOf part wirelint could not see, the side holding it is
	// the parts it saw and that part together: a keyword its seen parts
	// set and the other side lacks holds there whatever the unseen part
	// says (a conjunction only narrows), so the other side accepts what
	// this one rejects, and the difference is an error still.
	evident := c.partialSide == "canonical" && ck != nil && mk == nil || c.partialSide == "mirror" && mk != nil && ck == nil
	c.emitEvident(report.Finding{
		Rule:       RuleKeyword,
		Severity:   keywordRule.Severity,
		Message:    msg,
		Definition: c.def,
		Pointer:    rel + "/" + reduce.EscapePointerToken(source),
		Locations:  []report.Location{cl, ml},
		Fields:     fields,
	}, evident)
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

// ratString renders a numeric keyword exactly; a value float64 cannot hold
// (1e400) is shown as written.
func ratString(k *reduce.Keyword) string {
	if r, ok := reduce.Number(k.Value); ok && r.Cmp(k.Num) == 0 {
		return reduce.NumberText(k.Value)
	}
	return reduce.FormatNumber(k.Num)
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
