package ref

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Check resolves every $ref reachable from docs, both ways, and reports the
// ones that do not resolve, resolve only one way or to different nodes, are
// remote, or leave the project directory. Each finding carries the default
// severity of its rule; callers apply configuration afterwards.
func Check(ws *reduce.Workspace, docs []*reduce.Document, opts Options) []report.Finding {
	return NewResolver(ws, opts).Check(docs)
}

// subtree is a part of a document reached from the documents under check.
type subtree struct {
	doc *reduce.Document
	ptr string
}

// resolved is one site's resolution and the registry generation it saw.
// res may be shared with other sites (idref's ResolveSite): it is
// replaced, never changed.
type resolved struct {
	ix  *idref.Index
	s   *idref.Site
	res *Resolution
	gen int
}

// Check runs the ref rules from docs with this resolver; documents it has
// already read stay registered, so a caller may Resolve before or after.
func (r *Resolver) Check(docs []*reduce.Document) []report.Finding {
	sites := 0 // the sites of docs: most runs resolve those and no others
	for _, d := range docs {
		sites += len(r.Index(d).Sites)
	}
	covered := map[*reduce.Document]map[string]bool{}
	var queue []subtree
	for _, d := range docs {
		queue = append(queue, subtree{d, ""})
	}
	done := make(map[*idref.Site]bool, sites)
	results := make([]*resolved, 0, sites)
	var block []resolved // one allocation per block of results, not one per site
	visit := func(t reduce.Target) {
		// what is covered stays covered: most targets are inside a document
		// already checked whole, and need no place in the queue
		if t.Doc != nil && !isCovered(covered[t.Doc], t.Pointer) {
			queue = append(queue, subtree{t.Doc, t.Pointer})
		}
	}
	for {
		for len(queue) > 0 {
			st := queue[0]
			queue = queue[1:]
			if isCovered(covered[st.doc], st.ptr) {
				continue
			}
			if covered[st.doc] == nil {
				covered[st.doc] = map[string]bool{}
			}
			covered[st.doc][st.ptr] = true
			ix := r.Index(st.doc)
			for _, s := range ix.SitesUnder(st.ptr) {
				if done[s] {
					continue
				}
				done[s] = true
				if len(block) == 0 {
					block = make([]resolved, max(sites-len(results), 64))
				}
				rs := &block[0]
				block = block[1:]
				*rs = resolved{ix: ix, s: s, res: r.ResolveSite(ix, s), gen: r.Generation()}
				results = append(results, rs)
				visit(rs.res.Disk)
				visit(rs.res.ID)
			}
		}
		// A document read later may declare an $id an earlier lookup missed:
		// retry those until nothing changes.
		for _, rs := range results {
			if rs.res.IDErr != nil && kind(rs.res.IDErr) != reduce.RefBadPath && rs.gen != r.Generation() {
				again := *rs.res
				again.URI, again.ID, again.IDResource, again.IDErr = r.UnderID(rs.ix.Doc, rs.s.Base, again.Ref)
				rs.res = &again
				rs.gen = r.Generation()
				visit(rs.res.ID)
			}
		}
		if len(queue) == 0 {
			break
		}
	}
	r.resolved = results
	var out []report.Finding
	for _, rs := range results {
		if f, ok := r.judge(rs.ix, rs.s, *rs.res); ok {
			out = append(out, f)
		}
	}
	out = append(out, refLoops(results)...)
	reached := map[*reduce.Document]bool{}
	for d := range covered {
		reached[d] = true
	}
	return append(out, r.duplicateIDs(reached)...)
}

// duplicateIDs reports the $ids two schemas declare among the documents the
// run reached (the documents checked and those their references reach; a
// file read only while searching a folder for an $id is not one): one
// finding per pair of files, however many $ids they share — a vendored copy
// that keeps the upstream $ids is one cause — at the later file's first
// shared declaration in file and pointer order, naming the earlier file's.
// Two schemas of one file declaring one $id are a pair of their own.
func (r *Resolver) duplicateIDs(reached map[*reduce.Document]bool) []report.Finding {
	byURI := map[string][]*idref.Resource{}
	for _, ix := range r.Indexes() {
		if !reached[ix.Doc] {
			continue
		}
		for _, res := range ix.Resources {
			if res.ID != nil {
				byURI[res.URI] = append(byURI[res.URI], res)
			}
		}
	}
	type filePair struct{ first, later *reduce.Document }
	type shared struct {
		first, later *idref.Resource // the earliest shared declaration of each file
		uris         []string
	}
	pairs := map[filePair]*shared{}
	for uri, decls := range byURI {
		if len(decls) < 2 {
			continue
		}
		sort.Slice(decls, func(i, j int) bool { return before(decls[i], decls[j]) })
		first := decls[0]
		for _, d := range decls[1:] {
			k := filePair{first.Doc, d.Doc}
			sh := pairs[k]
			if sh == nil {
				sh = &shared{first: first, later: d}
				pairs[k] = sh
			}
			if before(first, sh.first) {
				sh.first = first
			}
			if before(d, sh.later) {
				sh.later = d
			}
			sh.uris = append(sh.uris, uri)
		}
	}
	var out []report.Finding
	for _, sh := range pairs {
		sort.Strings(sh.uris)
		first, d := sh.first, sh.later
		firstAt := report.Location{File: first.Doc.Path, Line: first.ID.Line, Column: first.ID.Column, Pointer: reduce.JoinPointer(first.Pointer, idKey(first.Doc))}
		ptr := reduce.JoinPointer(d.Pointer, idKey(d.Doc))
		msg := fmt.Sprintf("$id %s is also declared by %s at line %d, so a reference to it reaches either schema depending on the tool; give each schema its own $id",
			r.Show(d.URI), firstAt.File, firstAt.Line)
		if n := len(sh.uris); n > 1 {
			what := "files"
			if first.Doc == d.Doc {
				what = "schemas of one file"
			}
			msg = fmt.Sprintf("%s and %s declare the same %d $ids (%s first, at line %d of %s), so a reference to any of them reaches either copy depending on the tool; give the copy $ids of its own, or check only one of the %s",
				d.Doc.Path, firstAt.File, n, r.Show(d.URI), firstAt.Line, firstAt.File, what)
		}
		f := report.Finding{
			Rule:     duplicateIDRule.ID,
			Severity: duplicateIDRule.Severity,
			Message:  msg,
			Pointer:  ptr,
			Fields:   map[string]any{"id": d.URI, "first": firstAt.File + "#" + firstAt.Pointer},
			Locations: []report.Location{
				{File: d.Doc.Path, Line: d.ID.Line, Column: d.ID.Column, Pointer: ptr},
				firstAt,
			},
		}
		if len(sh.uris) > 1 {
			f.Fields["ids"] = sh.uris
		}
		if def := definitionFor(d.Doc, d.Pointer); def != nil {
			f.Definition = def.Name
			f.Pointer = ptr[len(def.Pointer):]
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Locations[0], out[j].Locations[0]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Pointer < b.Pointer
	})
	return out
}

// before orders $id declarations by file, then pointer.
func before(a, b *idref.Resource) bool {
	if a.Doc.Path != b.Doc.Path {
		return a.Doc.Path < b.Doc.Path
	}
	return a.Pointer < b.Pointer
}

// refLoops finds chains of objects holding nothing but a $ref that lead back
// to where they started: unlike a recursive schema, such a chain never
// reaches a schema. Each loop is reported once, at its first member in
// file and pointer order.
func refLoops(results []*resolved) []report.Finding {
	byHolder := make(map[*reduce.Node]*resolved, len(results))
	for _, rs := range results {
		if rs.s.Bare {
			byHolder[rs.s.Holder] = rs
		}
	}
	var out []report.Finding
	for _, start := range results {
		if !start.s.Bare {
			continue
		}
		if t, ok := start.res.Target(); !ok || byHolder[t.Node] == nil {
			continue // lands on a schema: the loop below would stop at once
		}
		chain := []*resolved{start}
		seen := map[*resolved]bool{start: true}
		looped := false
		for cur := start; ; {
			t, ok := cur.res.Target()
			next := byHolder[t.Node]
			if !ok || next == nil || (seen[next] && next != start) {
				break
			}
			if next == start {
				looped = true
				break
			}
			seen[next] = true
			chain = append(chain, next)
			cur = next
		}
		if !looped || !isFirst(start, chain) {
			continue
		}
		steps := make([]string, 0, len(chain)+1)
		var locs []report.Location
		for _, rs := range append(chain, start) {
			steps = append(steps, rs.ix.Doc.Path+"#"+rs.s.Object)
		}
		for _, rs := range chain[1:] {
			locs = append(locs, report.Location{File: rs.ix.Doc.Path, Line: rs.s.Value.Line, Column: rs.s.Value.Column, Pointer: rs.s.Pointer})
		}
		f := newFinding(unresolvedRule, start.ix, start.s, fmt.Sprintf("$ref %s starts a loop of $refs that never reaches a schema (%s); point one of them at a schema",
			start.res.Ref, strings.Join(steps, " -> ")), map[string]any{"ref": start.res.Ref, "loop": steps}, locs...)
		out = append(out, f)
	}
	return out
}

// isFirst reports whether rs comes first among chain in file, then pointer order.
func isFirst(rs *resolved, chain []*resolved) bool {
	for _, o := range chain {
		if o.ix.Doc.Path < rs.ix.Doc.Path || o.ix.Doc.Path == rs.ix.Doc.Path && o.s.Pointer < rs.s.Pointer {
			return false
		}
	}
	return true
}

// Resolutions returns every reference the last Check reached, in the order
// it reached them.
func (r *Resolver) Resolutions() []Resolution {
	out := make([]Resolution, len(r.resolved))
	for i, rs := range r.resolved {
		out[i] = *rs.res
	}
	return out
}

// isCovered reports whether ptr or one of its ancestors was already scanned.
func isCovered(scanned map[string]bool, ptr string) bool {
	if scanned == nil {
		return false
	}
	if scanned[""] {
		return true // the whole document: most targets are in one checked whole
	}
	for {
		if scanned[ptr] {
			return true
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return false
		}
		ptr = ptr[:i]
	}
}

// judge turns one resolution into a finding, if it deserves one.
func (r *Resolver) judge(ix *idref.Index, s *idref.Site, res Resolution) (report.Finding, bool) {
	ref := res.Ref
	dk, ik := kind(res.DiskErr), kind(res.IDErr)
	remoteRef := isHTTP(ref)
	switch {
	case !s.IsString():
		return newFinding(unresolvedRule, ix, s, fmt.Sprintf("%s; write the reference as a string", reason(res.DiskErr, ref)), nil), true
	case dk == reduce.RefOutsideRoot || ik == reduce.RefOutsideRoot:
		return newFinding(outsideRootRule, ix, s, fmt.Sprintf("$ref %s leaves the project directory and is not followed; copy the schema into the project", ref),
			map[string]any{"ref": ref}), true
	case res.DiskErr == nil && res.IDErr == nil:
		if res.Disk.Node == res.ID.Node || sameContent(res.Disk, res.ID) {
			// the same schema, or a copy of it (a vendored file keeping the
			// upstream $id): both ways validate alike; ref/duplicate-id names
			// the shared $id
			return report.Finding{}, false
		}
		return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s reaches %s on disk but %s under $id; make the file path and the $id name the same schema",
			ref, where(res.Disk), where(res.ID)), r.fields(res), loc(res.Disk), loc(res.ID)), true
	case dk == reduce.RefRemote && res.IDErr == nil:
		// an absolute URL some local document declares as its $id
		return report.Finding{}, false
	case remoteRef && ik == reduce.RefRemote:
		if builtIn, found := validate.BuiltIn(res.URI.String()); builtIn {
			// a JSON Schema meta-schema ("schema": {"$ref":
			// "http://json-schema.org/draft-07/schema#"}): every validator
			// holds it, the one wirelint uses included, so nothing is fetched
			if found {
				return report.Finding{}, false
			}
			u := *res.URI
			u.Fragment, u.RawFragment = "", ""
			return newFinding(unresolvedRule, ix, s, fmt.Sprintf("$ref %s does not resolve: the meta-schema %s, which validators hold built in, has nothing at %s; correct the pointer",
				ref, u.String(), res.URI.Fragment), map[string]any{"ref": ref}), true
		}
		return r.remote(ix, s, ref, res), true
	case dk == reduce.RefUnresolved && res.IDErr == nil && bareName(ref) && res.IDResource != nil && res.IDResource.ID != nil:
		// "EntityMeta", "common#relation": a name a schema declares as its
		// $id, not a file path; registries that add schemas by $id (ajv)
		// resolve it, as an absolute $id URL resolves without a file
		return report.Finding{}, false
	case dk != 0 && dk != reduce.RefRemote && res.IDErr == nil:
		return r.diskOnlyFails(ix, s, res), true
	case res.DiskErr == nil:
		return r.idOnlyFails(ix, s, res), true
	}
	msg := fmt.Sprintf("$ref %s does not resolve: %s", ref, reason(res.DiskErr, ref))
	switch {
	case strings.Contains(ref, `\`):
		msg = fmt.Sprintf("$ref %s uses backslashes, which are not path separators in a URI reference; write %s", ref, strings.ReplaceAll(ref, `\`, "/"))
	case res.DiskErr == nil || dk == reduce.RefRemote:
		msg = fmt.Sprintf("$ref %s does not resolve: %s; %s", ref, reason(res.IDErr, ref), advice(res.IDErr))
	default:
		if res.URI != nil && res.URI.Scheme != "file" && ik != reduce.RefBadPath && idReason(res.IDErr) != reason(res.DiskErr, ref) {
			msg += fmt.Sprintf(", and under $id it names %s, which %s", r.Show(res.URI.String()), idReason(res.IDErr))
		}
		msg += "; " + advice(res.DiskErr)
	}
	l, hint, ok := r.partial(res)
	if hint != "" {
		msg = strings.TrimSuffix(msg, "; "+advice(res.DiskErr)) + "; did you mean " + hint
	}
	f := newFinding(unresolvedRule, ix, s, msg, r.fields(res))
	if ok {
		f.Locations = append(f.Locations, l)
	}
	return f, true
}

// idOnlyFails: the file path works, the $id-based URI does not.
func (r *Resolver) idOnlyFails(ix *idref.Index, s *idref.Site, res Resolution) report.Finding {
	if res.URI == nil {
		return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s resolves on disk to %s but is not a URI reference a schema registry can read: %s; prefix the path with ./ or rename the file",
			res.Ref, where(res.Disk), reason(res.IDErr, res.Ref)), r.fields(res), loc(res.Disk))
	}
	ref, u := res.Ref, r.Show(idref.Key(res.URI))
	name := path.Base(res.Disk.Doc.Path)
	ik := kind(res.IDErr)
	if res.IDResource != nil || ik != reduce.RefRemote && ik != reduce.RefUnresolved {
		// the URI names a document, but not the node the file path reaches
		return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s resolves on disk to %s but not under $id: %s; make the file path and the $id name the same schema",
			ref, where(res.Disk), reason(res.IDErr, ref)), r.fields(res), loc(res.Disk))
	}
	id := r.Index(res.Disk.Doc).RootID()
	if id == nil {
		return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s resolves on disk to %s but under $id names %s, which no document declares; give %s the $id %s",
			ref, where(res.Disk), u, name, u), r.fields(res), loc(res.Disk))
	}
	fix := fmt.Sprintf("change %s's $id to %s", name, u)
	if ext := path.Ext(u); ext != "" && u == id.URI+ext {
		fix = fmt.Sprintf("add the %s suffix to %s's $id", ext, name)
	} else if ext := path.Ext(id.URI); ext != "" && id.URI == u+ext {
		fix = fmt.Sprintf("remove the %s suffix from %s's $id", ext, name)
	}
	fields := r.fields(res)
	fields["declared"] = id.URI
	return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s resolves on disk to %s but under $id names %s, while %s declares $id %s; %s",
		ref, where(res.Disk), u, name, id.URI, fix), fields,
		report.Location{File: res.Disk.Doc.Path, Line: id.ID.Line, Column: id.ID.Column, Pointer: reduce.JoinPointer(id.Pointer, idKey(res.Disk.Doc))})
}

// diskOnlyFails: the $id-based URI works, the file path does not.
func (r *Resolver) diskOnlyFails(ix *idref.Index, s *idref.Site, res Resolution) report.Finding {
	fix := "make the file path and the $id name the same schema"
	if rel, err := filepath.Rel(filepath.Dir(ix.Doc.Abs), res.ID.Doc.Abs); err == nil && kind(res.DiskErr) == reduce.RefUnresolved && strings.HasPrefix(reason(res.DiskErr, res.Ref), "no file") {
		rel = filepath.ToSlash(rel)
		if !strings.HasPrefix(rel, ".") {
			rel = "./" + rel
		}
		fix = fmt.Sprintf("write the $ref as %s, or rename the file", (&url.URL{Path: rel}).EscapedPath()+"#"+(&url.URL{Fragment: res.ID.Pointer}).EscapedFragment())
	}
	return newFinding(idMismatchRule, ix, s, fmt.Sprintf("$ref %s resolves under $id to %s but not on disk: %s; %s", res.Ref, where(res.ID), reason(res.DiskErr, res.Ref), fix),
		r.fields(res), loc(res.ID))
}

func idKey(doc *reduce.Document) string {
	if doc.Dialect == reduce.Draft04 {
		return "id"
	}
	if doc.Dialect.IsOpenAPI() && reduce.Value(doc.Root, "$self") != nil {
		return "$self"
	}
	return "$id"
}

// partial locates the part of a reference that did resolve: the file it
// names, at the deepest existing node of its pointer. hint is the pointer the
// author probably meant when the first missing name is a near miss of an
// existing one ("" otherwise).
func (r *Resolver) partial(res Resolution) (l report.Location, hint string, ok bool) {
	if kind(res.DiskErr) != reduce.RefUnresolved {
		return report.Location{}, "", false
	}
	tried := res.DiskTried()
	if tried == "" {
		return report.Location{}, "", false
	}
	file, frag, _ := strings.Cut(tried, "#")
	for _, ix := range r.Indexes() {
		d := ix.Doc
		if d.Path != file {
			continue
		}
		ptr := ""
		n := d.Root
		if strings.HasPrefix(frag, "/") {
			toks := reduce.SplitPointer(frag)
			for i, tok := range toks {
				next := reduce.Lookup(n, reduce.JoinPointer("", tok))
				if next == nil {
					if near := r.nearestKey(n, tok); near != "" {
						refPath, _, _ := strings.Cut(res.Ref, "#")
						hint = refPath + "#" + reduce.JoinPointer(reduce.JoinPointer(ptr, near), toks[i+1:]...)
					}
					break
				}
				n, ptr = next, reduce.JoinPointer(ptr, tok)
			}
		}
		return report.Location{File: d.Path, Line: n.Line, Column: n.Column, Pointer: ptr}, hint, true
	}
	return report.Location{}, "", false
}

// nearestKey returns the key of mapping n closest to name: equal but for
// case, or (for names longer than 4 bytes) at most two edits away; "" when
// none is.
func (r *Resolver) nearestKey(n *reduce.Node, name string) string {
	mk := r.keys[n]
	if mk == nil {
		mk = newMappingKeys(n)
		if r.keys == nil {
			r.keys = map[*reduce.Node]*mappingKeys{}
		}
		r.keys[n] = mk
	}
	best, bestDist := "", 3
	lower := strings.ToLower(name)
	sig := signature(lower)
	for i, key := range mk.lower {
		if !mk.sigs[i].within(sig, 2) {
			continue // more than two edits away
		}
		d := textdist.AtMost(key, lower, 2)
		switch {
		case d == 0:
			d = 1 // differs only in case: a strong candidate, still an edit
		case len(name) <= 4:
			continue // a short name is only a near miss by case
		}
		if d < bestDist {
			best, bestDist = mk.keys[i], d
		}
	}
	return best
}

// mappingKeys is a mapping's keys as nearestKey compares them, made once
// per mapping: a document with thousands of broken $refs into one $defs of
// thousands of entries would otherwise lower and compare every key for each.
type mappingKeys struct {
	keys  []string // as written
	lower []string
	sigs  []keySignature
}

func newMappingKeys(n *reduce.Node) *mappingKeys {
	mk := &mappingKeys{}
	reduce.Pairs(n, func(k, _ *reduce.Node) bool {
		lower := strings.ToLower(k.Value)
		mk.keys, mk.lower, mk.sigs = append(mk.keys, k.Value), append(mk.lower, lower), append(mk.sigs, signature(lower))
		return true
	})
	return mk
}

// keySignature counts a string's bytes by their low four bits (at most
// 255 each). An insertion or deletion changes one count by one and a
// substitution at most two, so two strings d edits apart have signatures
// at most 2d apart: a key whose signature is further is not compared.
type keySignature [16]uint8

func signature(s string) (sig keySignature) {
	for i := 0; i < len(s); i++ {
		if c := &sig[s[i]&15]; *c < 255 {
			*c++
		}
	}
	return sig
}

// within reports whether a and b may be d edits apart or fewer.
func (a keySignature) within(b keySignature, d int) bool {
	diff := 0
	for i := range a {
		diff += max(int(a[i])-int(b[i]), int(b[i])-int(a[i]))
	}
	return diff <= 2*d
}

// newFinding builds a finding located at the $ref of s.
func newFinding(rule report.Rule, ix *idref.Index, s *idref.Site, msg string, fields map[string]any, extra ...report.Location) report.Finding {
	if rest, ok := strings.CutPrefix(msg, "$ref"); ok && s.Keyword() != "$ref" {
		// messages open with the keyword, phrased for $ref; a $dynamicRef
		// names itself (a message that does not open with it is left whole)
		msg = s.Keyword() + rest
	}
	f := report.Finding{
		Rule:     rule.ID,
		Severity: rule.Severity,
		Message:  msg,
		Pointer:  s.Pointer,
		Fields:   fields,
	}
	if def := definitionFor(ix.Doc, s.Object); def != nil {
		f.Definition = def.Name
		f.Pointer = s.Pointer[len(def.Pointer):]
	}
	at := s.Value
	if at == nil {
		at = s.Key
	}
	f.Locations = append(f.Locations, report.Location{File: ix.Doc.Path, Line: at.Line, Column: at.Column, Pointer: s.Pointer})
	for _, l := range extra {
		if l.File != "" {
			f.Locations = append(f.Locations, l)
		}
	}
	if f.Fields == nil {
		f.Fields = map[string]any{}
	}
	return f
}

// fields are the rule-specific JSON members: the reference and what each
// way tried.
func (r *Resolver) fields(res Resolution) map[string]any {
	m := map[string]any{"ref": res.Ref}
	if tried := res.DiskTried(); tried != "" {
		m["disk"] = tried
	}
	if res.URI != nil {
		m["id"] = r.Show(res.URI.String())
	}
	return m
}

// definitionFor returns the named definition enclosing ptr in doc, or nil.
func definitionFor(doc *reduce.Document, ptr string) *reduce.Definition {
	for _, c := range doc.DefinitionContainers() {
		if !strings.HasPrefix(ptr, c+"/") {
			continue
		}
		rest := ptr[len(c)+1:]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			rest = rest[:i]
		}
		if def := doc.DefinitionAt(c + "/" + rest); def != nil {
			return def
		}
	}
	return nil
}

func loc(t reduce.Target) report.Location {
	if t.Doc == nil || t.Node == nil {
		return report.Location{}
	}
	return report.Location{File: t.Doc.Path, Line: t.Node.Line, Column: t.Node.Column, Pointer: t.Pointer}
}

// remote reports a reference to a URL nothing maps to a local file. When a
// file of the project declares the URL as its $id (a vendored copy of the
// schema), the message names it and the refs.map entry that would serve it,
// and the finding is located there too: the fix is one line of
// configuration.
func (r *Resolver) remote(ix *idref.Index, s *idref.Site, ref string, res Resolution) report.Finding {
	fields := map[string]any{"ref": ref, "url": res.URI.String()}
	decls, exact := r.Declarers(res.URI)
	if len(decls) == 0 {
		return newFinding(remoteRule, ix, s, fmt.Sprintf("$ref %s is a remote reference and is never fetched; map its URL prefix to a local folder in the configuration, or vendor the schema into the project", ref), fields)
	}
	var paths []string
	var locs []report.Location
	for _, d := range decls {
		paths = append(paths, d.Doc.Path)
		locs = append(locs, report.Location{File: d.Doc.Path, Line: d.Key.Line, Column: d.Key.Column, Pointer: "/" + reduce.EscapePointerToken(d.Key.Value)})
	}
	fields["declared_by"] = paths
	u := *res.URI
	u.Fragment, u.RawFragment = "", ""
	prefix, name := path.Split(u.Path)
	fix := "refer to it by its path"
	for _, d := range decls {
		if filepath.Base(d.Doc.Abs) == name {
			// the rest of the URL names the file in that folder
			u.Path, u.RawQuery = prefix, ""
			fix = fmt.Sprintf("map %s to %s (refs.map in the configuration, --map with wirelint refs)", u.String(), filepath.ToSlash(filepath.Dir(d.Doc.Path)))
			break
		}
	}
	declare := "declares it as its $id"
	if len(decls) > 1 {
		declare = "declare it as their $id"
	}
	if !exact {
		declare += ", with a query"
	}
	return newFinding(remoteRule, ix, s, fmt.Sprintf("$ref %s is a remote reference and is never fetched, though %s in the project %s; %s",
		ref, strings.Join(paths, " and "), declare, fix), fields, locs...)
}

// where names a target as file#pointer.
func where(t reduce.Target) string {
	return t.Doc.Path + "#" + t.Pointer
}

func isHTTP(ref string) bool {
	if !strings.Contains(ref, ":") {
		return false // no scheme: "#/..." and paths, most references
	}
	u, err := url.Parse(ref)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https")
}

// reason is the RefError text without the reference it repeats.
func reason(err error, ref string) string {
	if err == nil {
		return ""
	}
	return strings.TrimPrefix(err.Error(), ref+": ")
}

// idReason phrases a way (b) failure after "which".
func idReason(err error) string {
	msg := reason(err, "")
	if strings.HasPrefix(msg, "no document declares") || kind(err) == reduce.RefRemote {
		return "no document declares"
	}
	if i := strings.Index(msg, " has nothing at "); i >= 0 {
		return msg[i+1:]
	}
	if i := strings.Index(msg, " declares no anchor "); i >= 0 {
		return msg[i+1:]
	}
	return msg
}

// advice says what to do about a failure on disk.
func advice(err error) string {
	msg := reason(err, "")
	switch {
	case kind(err) == reduce.RefBadPath:
		return "fix the reference"
	case kind(err) == reduce.RefBadFile:
		return "fix the referenced file"
	case strings.Contains(msg, "no file"):
		return "correct the path"
	case strings.Contains(msg, "no document declares"):
		return "declare it as the $id of a document in the project, or correct the reference"
	case strings.Contains(msg, "declares no anchor"):
		return "declare the $anchor or correct the name"
	}
	return "correct the pointer"
}

// sameContent reports whether two targets hold equal schemas, as written.
func sameContent(a, b reduce.Target) bool {
	return a.Node != nil && b.Node != nil && reduce.Canonical(a.Node) == reduce.Canonical(b.Node)
}

// bareName reports whether ref's path part is a bare name — no folder, no
// extension, no scheme ("EntityMeta", "common#relation") — which names a
// schema by its $id rather than a file.
func bareName(ref string) bool {
	p, _, _ := strings.Cut(ref, "#")
	return p != "" && !strings.ContainsAny(p, "/.:\\")
}
