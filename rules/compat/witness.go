package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
)

// witnessBuilder builds payloads that prove a change, by construction from
// the changed keyword, and keeps one only when validation against both
// revisions agrees: the accepting revision accepts it, the other rejects it.
type witnessBuilder struct {
	baseWorkspace, headWorkspace *reduce.Workspace
	baseReducer, headReducer     *reduce.Reducer

	mu   sync.Mutex
	sets map[*reduce.Document]*setResult
	// idIndex caches, by folder, the $id index of the revision's files,
	// built when a proof first meets an absolute reference (guarded by idMu).
	idMu    sync.Mutex
	idIndex map[string]map[string]string
	// shared holds the files the proofs' references reach, prepared once
	// for every document's Set.
	shared validate.Shared
	// revisionSets holds one Set for the documents of a revision read in
	// one dialect with one $id index: a schema many proofs reach is
	// compiled once (guarded by mu).
	revisionSets map[revisionSetKey]*setResult
}

// revisionSetKey names the Set a document's schemas are compiled in.
type revisionSetKey struct {
	ws       *reduce.Workspace
	dialect  reduce.Dialect
	idFolder string
}

type setResult struct {
	set *validate.Set
	err error
}

// witness is the outcome for one change: a payload, or why there is none.
type witness struct {
	payload any
	// acceptBase says which revision accepts the payload.
	acceptBase bool
	// missing explains why no payload was found ("" when one was).
	missing string
}

// prove looks for a payload one revision accepts and the other rejects at
// the change; acceptBase picks the direction.
func (w *witnessBuilder) prove(ch *change, acceptBase bool) witness {
	if ch.candidates == nil {
		return witness{missing: "no payload is built for a " + ch.keyword + " change"}
	}
	if !ch.pathKnown {
		return witness{missing: "the change sits where no single instance path leads (propertyNames, patternProperties)"}
	}
	baseSchema, err := w.compiled(ch.root.base, true)
	if err != nil {
		return witness{missing: "base does not compile: " + err.Error()}
	}
	headSchema, err := w.compiled(ch.root.head, false)
	if err != nil {
		return witness{missing: "head does not compile: " + err.Error()}
	}
	accepting, reducer := ch.root.base, w.baseReducer
	if !acceptBase {
		accepting, reducer = ch.root.head, w.headReducer
	}
	frame := w.sampleAlong(accepting, reducer, ch.path, 0)
	tried := 0
	notAlone := 0 // payloads separating the revisions by more than a dropped property
	unseen := ""  // a schema at a URL the payloads reached, never fetched
	values := ch.candidates(w, acceptBase)
	// inside a union's branch the frame is also sampled from that branch
	// (its required members, its discriminator's values): a frame of the
	// root alone can take another branch, which accepts what the changed
	// one refuses. A payload another frame built already is not tried again.
	frames := []any{frame}
	var seen map[string]bool
	if len(ch.branches) > 0 {
		seen = map[string]bool{}
	}
	for i := 0; i < len(frames); i++ {
		for _, value := range values {
			payload := setAt(frames[i], ch.path, value)
			if seen != nil {
				key, err := json.Marshal(payload)
				if err == nil && seen[string(key)] && i > 0 {
					continue
				}
				seen[string(key)] = true
			}
			tried++
			baseOK, err1 := baseSchema.Judge(payload)
			headOK, err2 := headSchema.Judge(payload)
			if err1 != nil || err2 != nil {
				var ue *validate.UnfetchedError
				if unseen == "" && (errors.As(err1, &ue) || errors.As(err2, &ue)) {
					unseen = ue.URL
				}
				continue
			}
			if baseOK == acceptBase && headOK != acceptBase {
				if ch.dropped && !onlyAt(baseSchema, headSchema, payload, ch.path) {
					notAlone++
					continue
				}
				return witness{payload: payload, acceptBase: acceptBase}
			}
		}
		if i == 0 && seen != nil {
			frames = append(frames, w.branchFrames(ch, frame, acceptBase)...)
		}
	}
	side := "head"
	if acceptBase {
		side = "base"
	}
	if tried == 0 {
		return witness{missing: "no payload could be built from the change"}
	}
	if notAlone > 0 {
		return witness{missing: fmt.Sprintf("%d of %d payloads built from the change are accepted by %s and rejected by the other revision, but each also differs outside the property: the object around it changed too", notAlone, tried, side)}
	}
	if unseen != "" {
		return witness{missing: fmt.Sprintf("the payloads built from the change reach %s, which wirelint never fetches, so no verdict on them is known", unseen)}
	}
	return witness{missing: fmt.Sprintf("none of %d payloads built from the change is accepted by %s and rejected by the other revision", tried, side)}
}

// branchFrames returns frame with the value at each union on the change's
// path replaced by a sample of the branch the change sits in, overlaid on
// what was there: once with the rejecting revision's branches (so the
// payload reaches the changed keyword there and no sibling branch takes
// it), once with the accepting revision's.
func (w *witnessBuilder) branchFrames(ch *change, frame any, acceptBase bool) []any {
	var out []any
	for _, rejecting := range []bool{true, false} {
		inBase := rejecting != acceptBase
		f := frame
		for _, st := range ch.branches {
			if st.at > len(ch.path) {
				break
			}
			b, r := st.head, w.headReducer
			if inBase {
				b, r = st.base, w.baseReducer
			}
			at := ch.path[:st.at]
			f = setAt(f, at, overlay(getAt(f, at), w.sampleAlong(b, r, ch.path[st.at:], 0)))
		}
		out = append(out, f)
	}
	return out
}

// getAt returns the value at path in v (nil where there is none).
func getAt(v any, path []string) any {
	for _, tok := range path {
		switch t := v.(type) {
		case map[string]any:
			v = t[tok]
		case []any:
			i, ok := arrayIndex(tok)
			if !ok || i >= len(t) {
				return nil
			}
			v = t[i]
		default:
			return nil
		}
	}
	return v
}

// overlay returns over with the members of under it does not set, when
// both are objects; otherwise over.
func overlay(under, over any) any {
	u, ok1 := under.(map[string]any)
	o, ok2 := over.(map[string]any)
	if !ok1 || !ok2 {
		return over
	}
	out := make(map[string]any, len(u)+len(o))
	for k, x := range u {
		out[k] = x
	}
	for k, x := range o {
		out[k] = x
	}
	return out
}

// onlyAt reports whether payload without the value at path validates on
// both revisions: what separates them is that value alone (a property
// head no longer declares, not the object around it that changed too).
func onlyAt(baseSchema, headSchema *validate.Schema, payload any, path []string) bool {
	without := removeAt(payload, path)
	baseOK, known1 := baseSchema.Valid(without)
	headOK, known2 := headSchema.Valid(without)
	return known1 && known2 && baseOK && headOK
}

// removeAt returns v without the member at path (copying what it changes).
func removeAt(v any, path []string) any {
	m, ok := v.(map[string]any)
	if !ok || len(path) == 0 {
		if l, ok := v.([]any); ok && len(path) > 1 {
			if i, ok := arrayIndex(path[0]); ok && i < len(l) {
				out := append([]any(nil), l...)
				out[i] = removeAt(l[i], path[1:])
				return out
			}
		}
		return v
	}
	out := make(map[string]any, len(m))
	for k, x := range m {
		out[k] = x
	}
	if len(path) == 1 {
		delete(out, path[0])
	} else if x, ok := m[path[0]]; ok {
		out[path[0]] = removeAt(x, path[1:])
	}
	return out
}

// droppedCandidates proposes a value of every type for a property head no
// longer declares.
func droppedCandidates() []any {
	return everyTypeSample()
}

// enumDecides reports whether the accepting side's enum at the change
// settles that it changes nothing: the enum lists every value that side
// allows there, and each, placed at the change, validates on both
// revisions. (maxLength dropped beside an enum added widens nothing.)
func (w *witnessBuilder) enumDecides(ch *change, acceptBase bool) bool {
	s := owner(ch, acceptBase)
	e := s.Keywords.Get("enum")
	if e == nil || e.Owner != s || len(e.Set) == 0 || len(e.Set) > 256 || !ch.pathKnown {
		return false
	}
	baseSchema, err := w.compiled(ch.root.base, true)
	if err != nil {
		return false
	}
	headSchema, err := w.compiled(ch.root.head, false)
	if err != nil {
		return false
	}
	accepting, reducer := ch.root.base, w.baseReducer
	if !acceptBase {
		accepting, reducer = ch.root.head, w.headReducer
	}
	frame := w.sampleAlong(accepting, reducer, ch.path, 0)
	for _, m := range e.Set {
		payload := setAt(frame, ch.path, decodeJSON(m))
		baseOK, known1 := baseSchema.Valid(payload)
		headOK, known2 := headSchema.Valid(payload)
		if !known1 || !known2 || !baseOK || !headOK {
			return false
		}
	}
	return true
}

// compiled compiles the schema at s's pointer in its document, once per
// document, reading the files its references reach in the workspace of the
// revision s belongs to (base: the base revision's). Comparing two folders
// of one project, each workspace holds both: a base schema compiled in the
// head's would read again every file the base revision already read.
func (w *witnessBuilder) compiled(s *reduce.Schema, base bool) (*validate.Schema, error) {
	ws := w.headWorkspace
	if base && w.baseWorkspace != nil {
		ws = w.baseWorkspace
	}
	w.mu.Lock()
	r, ok := w.sets[s.Doc]
	if !ok && s.Doc != nil && s.Doc.Abs != "" {
		// a document of a revision whose Set another document opened is
		// compiled in it
		k := revisionSetKey{ws, s.Doc.Dialect, idFolder(ws, s.Doc)}
		if r, ok = w.revisionSets[k]; ok {
			w.sets[s.Doc] = r
		} else if r = w.compile(ws, s.Doc); r.err == nil {
			if w.revisionSets == nil {
				w.revisionSets = map[revisionSetKey]*setResult{}
			}
			w.revisionSets[k] = r
		}
	} else if !ok {
		r = w.compile(ws, s.Doc)
	}
	w.mu.Unlock()
	if r.err != nil {
		return nil, r.err
	}
	return r.set.SchemaIn(s.Doc, s.Pointer())
}

// compile opens the Set of doc, read in ws, and remembers it (w.mu held).
func (w *witnessBuilder) compile(ws *reduce.Workspace, doc *reduce.Document) *setResult {
	r := &setResult{}
	r.set, r.err = validate.Compile(ws, doc, validate.Options{IDs: w.idLookup(ws, doc), Shared: &w.shared, Unfetched: true})
	w.sets[doc] = r
	return r
}

// idFolder is the folder whose files the $id index of a proof compiled
// from doc reads: doc's folder's parent when it is inside the workspace,
// else doc's folder.
func idFolder(ws *reduce.Workspace, doc *reduce.Document) string {
	dir := filepath.Dir(doc.Abs)
	if parent := filepath.Dir(dir); ws.Inside(parent) && parent != dir {
		dir = parent
	}
	return dir
}

// Bounds of the $id index: the files read while looking for the $ids a
// revision's files declare.
const (
	maxIDFiles    = 2000
	maxIDFileSize = 4 << 20
)

// idLookup returns the $id lookup of a proof compiled from doc: the index
// of the files near doc (ids), read only when a reference to an absolute
// URL asks for it — a revision without such references (a multi-file YAML
// tree of thousands of files) is never walked for $ids.
func (w *witnessBuilder) idLookup(ws *reduce.Workspace, doc *reduce.Document) func(string) (string, bool) {
	return func(base string) (string, bool) {
		w.idMu.Lock()
		defer w.idMu.Unlock()
		p, ok := w.ids(ws, doc)[base]
		return p, ok
	}
}

// ids indexes the absolute $id each JSON or YAML file near doc declares at
// its root (doc's folder and its parent's, inside the workspace), so a
// witness compiles when an $id does not match the folder layout: a proof
// is read from the revision's own files, never from the network.
func (w *witnessBuilder) ids(ws *reduce.Workspace, doc *reduce.Document) map[string]string {
	if doc == nil || doc.Abs == "" {
		return nil
	}
	dir := idFolder(ws, doc)
	if idx, ok := w.idIndex[dir]; ok {
		return idx
	}
	idx := map[string]string{}
	files := 0
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		entries, err := ws.FS.ReadDir(d)
		if err != nil || depth > 8 {
			return
		}
		for _, e := range entries {
			if files >= maxIDFiles {
				return
			}
			p := filepath.Join(d, e.Name())
			if e.IsDir() {
				if !strings.HasPrefix(e.Name(), ".") && e.Name() != "node_modules" {
					walk(p, depth+1)
				}
				continue
			}
			switch strings.ToLower(filepath.Ext(p)) {
			case ".json", ".yaml", ".yml":
			default:
				continue
			}
			files++
			data, err := ws.FS.ReadFile(p, maxIDFileSize)
			if err != nil || !bytes.Contains(data, []byte("$id")) {
				continue
			}
			f, err := ws.LoadFragment(p, "", doc.Dialect)
			if err != nil {
				continue
			}
			if id := reduce.Value(f.Root, "$id"); id != nil && reduce.IsString(id) {
				if u, err := url.Parse(id.Value); err == nil && u.IsAbs() {
					base, _, _ := strings.Cut(id.Value, "#")
					if _, taken := idx[base]; !taken {
						idx[base] = p
					}
				}
			}
		}
	}
	walk(dir, 0)
	if w.idIndex == nil {
		w.idIndex = map[string]map[string]string{}
	}
	w.idIndex[dir] = idx
	return idx
}

// maxSampleIndex bounds the array items a witness path builds.
const maxSampleIndex = 64

// arrayIndex reads a path token as an array index: a JSON pointer's
// (RFC 6901: "0" or digits without a leading zero), below maxSampleIndex.
// Other tokens — "-1", "+1", "01", a huge number — are member names, so a
// property named like a number never indexes before an array's first item
// or builds an array of billions.
func arrayIndex(tok string) (int, bool) {
	if tok == "" || tok[0] < '0' || tok[0] > '9' || (tok[0] == '0' && len(tok) > 1) {
		return 0, false
	}
	i, err := strconv.Atoi(tok)
	return i, err == nil && i < maxSampleIndex
}

// setAt returns v with the value at path replaced (copying what it changes).
func setAt(v any, path []string, value any) any {
	if len(path) == 0 {
		return value
	}
	tok := path[0]
	switch t := v.(type) {
	case []any:
		if i, ok := arrayIndex(tok); ok {
			out := append([]any(nil), t...)
			for len(out) <= i {
				out = append(out, value)
			}
			out[i] = setAt(out[i], path[1:], value)
			return out
		}
	case map[string]any:
		out := make(map[string]any, len(t)+1)
		for k, x := range t {
			out[k] = x
		}
		out[tok] = setAt(t[tok], path[1:], value)
		return out
	}
	if i, ok := arrayIndex(tok); ok {
		out := make([]any, i+1)
		for j := range out {
			out[j] = setAt(nil, path[1:], value)
		}
		return out
	}
	return map[string]any{tok: setAt(nil, path[1:], value)}
}

// maxSampleDepth bounds sampling through nested and recursive schemas.
const maxSampleDepth = 12

// sampleAlong builds a small instance s accepts, including the properties
// on path even when optional, so a witness can be placed there.
func (w *witnessBuilder) sampleAlong(s *reduce.Schema, r *reduce.Reducer, path []string, depth int) any {
	v := w.sample(s, r, depth)
	if len(path) == 0 || depth > maxSampleDepth {
		return v
	}
	s = deref(s, r, depth)
	if s == nil {
		return v
	}
	if reduce.Mergeable(s) {
		if m, _ := r.Merge(s); m != nil {
			s = m
		}
	}
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t)+1)
		for k, x := range t {
			out[k] = x
		}
		out[path[0]] = w.sampleAlong(propertySchema(s, path[0]), r, path[1:], depth+1)
		return out
	case []any:
		// an array on the path: its items up to the index are valid samples
		i, ok := arrayIndex(path[0])
		if !ok {
			return v
		}
		item := itemSchema(s, i)
		out := append([]any(nil), t...)
		for len(out) <= i {
			out = append(out, w.sample(item, r, depth+1))
		}
		out[i] = w.sampleAlong(item, r, path[1:], depth+1)
		return out
	}
	return v
}

// itemSchema is the schema of item i of an array s describes.
func itemSchema(s *reduce.Schema, i int) *reduce.Schema {
	if p := s.Keywords.Get("prefixItems"); p != nil && i < len(p.List) {
		return p.List[i]
	}
	return keywordSchema(s, s.Keywords.Get("items"))
}

func deref(s *reduce.Schema, r *reduce.Reducer, depth int) *reduce.Schema {
	for i := 0; s != nil && s.Ref != nil && len(s.Keywords) == 0 && i < maxSampleDepth; i++ {
		s = r.Target(s.Ref)
	}
	return s
}

func propertySchema(s *reduce.Schema, name string) *reduce.Schema {
	if p := s.Keywords.Get("properties"); p != nil {
		if e := p.Lookup(name); e != nil {
			return e.Schema
		}
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if l := s.Keywords.Get(k); l != nil {
			for _, b := range l.List {
				if p := b.Keywords.Get("properties"); p != nil && p.Lookup(name) != nil {
					return p.Lookup(name).Schema
				}
			}
		}
	}
	return keywordSchema(s, s.Keywords.Get("additionalProperties"))
}

// sample builds a small instance s accepts: required properties, the least
// length, the first enum member, the lowest bound.
func (w *witnessBuilder) sample(s *reduce.Schema, r *reduce.Reducer, depth int) any {
	if s == nil || depth > maxSampleDepth {
		return nil
	}
	if s.Ref != nil {
		t := r.Target(s.Ref)
		if len(s.Keywords) == 0 {
			return w.sample(t, r, depth+1)
		}
	}
	if reduce.Mergeable(s) {
		// a conjunction sampled as its parts merged: a name one part
		// requires takes the schema another part declares
		if m, _ := r.Merge(s); m != nil {
			s = m
		}
	}
	k := s.Keywords
	if e := k.Get("enum"); e != nil && len(e.Set) > 0 {
		return decodeJSON(e.Set[0])
	}
	for _, name := range []string{"anyOf", "oneOf"} {
		if l := k.Get(name); l != nil && len(l.List) > 0 && k.Get("type") == nil && k.Get("properties") == nil {
			return w.sample(l.List[0], r, depth+1)
		}
	}
	switch sampleType(s) {
	case "object":
		out := map[string]any{}
		if req := k.Get("required"); req != nil {
			for _, n := range req.Set {
				out[n] = w.sample(propertySchema(s, n), r, depth+1)
			}
		}
		if all := k.Get("allOf"); all != nil {
			for _, b := range all.List {
				if m, ok := w.sample(b, r, depth+1).(map[string]any); ok {
					for n, v := range m {
						out[n] = v
					}
				}
			}
		}
		return out
	case "array":
		n := intOf(k.Get("minItems"), 0)
		out := make([]any, 0, n)
		for i := 0; i < n && i < 64; i++ {
			out = append(out, w.sample(keywordSchema(s, k.Get("items")), r, depth+1))
		}
		return out
	case "string":
		return sampleString(s)
	case "integer":
		return json.Number(sampleNumber(s, true))
	case "number":
		return json.Number(sampleNumber(s, false))
	case "boolean":
		return true
	case "null":
		return nil
	}
	return "wirelint"
}

// sampleType picks the type a sample takes: the schema's (object first),
// or the one its keywords imply.
func sampleType(s *reduce.Schema) string {
	if t := s.Keywords.Get("type"); t != nil {
		for _, pref := range []string{"object", "array", "string", "integer", "number", "boolean", "null"} {
			for _, m := range t.Set {
				if m == pref {
					return pref
				}
			}
		}
	}
	k := s.Keywords
	switch {
	case k.Get("properties") != nil || k.Get("required") != nil || k.Get("additionalProperties") != nil || k.Get("allOf") != nil:
		return "object"
	case k.Get("items") != nil || k.Get("prefixItems") != nil || k.Get("minItems") != nil || k.Get("maxItems") != nil:
		return "array"
	case k.Get("maxLength") != nil || k.Get("minLength") != nil || k.Get("pattern") != nil || k.Get("format") != nil:
		return "string"
	case k.Get("minimum") != nil || k.Get("maximum") != nil || k.Get("multipleOf") != nil || k.Get("exclusiveMinimum") != nil || k.Get("exclusiveMaximum") != nil:
		return "number"
	}
	return ""
}

var formatSamples = map[string]string{
	"date-time": "2024-01-01T00:00:00Z", "date": "2024-01-01", "time": "00:00:00Z", "email": "a@example.com",
	"uri": "https://example.com/", "url": "https://example.com/", "uuid": "00000000-0000-4000-8000-000000000000",
	"ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "hostname": "example.com",
}

func sampleString(s *reduce.Schema) string {
	if f := s.Keywords.Get("format"); f != nil {
		if v, ok := formatSamples[f.Text]; ok {
			return v
		}
	}
	n := intOf(s.Keywords.Get("minLength"), 1)
	if n == 0 {
		n = 1
	}
	if m := intOf(s.Keywords.Get("maxLength"), n); m < n {
		n = m
	}
	return strings.Repeat("a", min(n, 1<<16))
}

func sampleNumber(s *reduce.Schema, integer bool) string {
	v := big.NewRat(1, 1)
	if m := s.Keywords.Get("minimum"); m != nil && m.Num != nil {
		v = new(big.Rat).Set(m.Num)
	}
	if m := s.Keywords.Get("exclusiveMinimum"); m != nil && m.Num != nil {
		v = new(big.Rat).Add(m.Num, big.NewRat(1, 1))
	}
	if m := s.Keywords.Get("maximum"); m != nil && m.Num != nil && v.Cmp(m.Num) > 0 {
		v = new(big.Rat).Set(m.Num)
	}
	if m := s.Keywords.Get("multipleOf"); m != nil && m.Num != nil && m.Num.Sign() > 0 {
		q := new(big.Rat).Quo(v, m.Num)
		c := new(big.Int).Quo(q.Num(), q.Denom())
		v = new(big.Rat).Mul(new(big.Rat).SetInt(c), m.Num)
	}
	return numberText(v, integer)
}

func numberText(v *big.Rat, integer bool) string {
	if v.IsInt() {
		return v.Num().String()
	}
	if integer {
		return new(big.Int).Quo(v.Num(), v.Denom()).String()
	}
	return v.FloatString(6)
}

func intOf(k *reduce.Keyword, def int) int {
	if k == nil || k.Num == nil || !k.Num.IsInt() || !k.Num.Num().IsInt64() {
		return def
	}
	n := k.Num.Num().Int64()
	if n < 0 || n > 1<<16 {
		return def
	}
	return int(n)
}

func decodeJSON(s string) any {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return s
	}
	return v
}

// sides returns (accepting, rejecting) keyword of a change.
func sides(ch *change, acceptBase bool) (accept, reject *reduce.Keyword) {
	if acceptBase {
		return ch.baseKeyword, ch.headKeyword
	}
	return ch.headKeyword, ch.baseKeyword
}

func owner(ch *change, acceptBase bool) *reduce.Schema {
	if acceptBase {
		return ch.base
	}
	return ch.head
}

func (w *witnessBuilder) reducer(acceptBase bool) *reduce.Reducer {
	if acceptBase {
		return w.baseReducer
	}
	return w.headReducer
}

// ownerCandidates proposes a sample of the accepting schema, then one value
// of every type.
func ownerCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	return append([]any{w.sample(owner(ch, acceptBase), w.reducer(acceptBase), 1)}, everyTypeSample()...)
}

// boundCandidates proposes values at and around both bounds, shaped for
// the keyword: numbers, strings, arrays or objects of that size.
func boundCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	a, r := sides(ch, acceptBase)
	var nums []*big.Rat
	one, half := big.NewRat(1, 1), big.NewRat(1, 2)
	for _, k := range []*reduce.Keyword{a, r} {
		if k != nil && k.Num != nil {
			nums = append(nums, k.Num, new(big.Rat).Add(k.Num, one), new(big.Rat).Sub(k.Num, one),
				new(big.Rat).Add(k.Num, half), new(big.Rat).Sub(k.Num, half))
		}
	}
	kw := a
	if kw == nil {
		kw = r
	}
	if kw == nil {
		return nil
	}
	s := owner(ch, acceptBase)
	red := w.reducer(acceptBase)
	var out []any
	for _, n := range nums {
		if n.Sign() < 0 && !strings.Contains(kw.Source, "imum") {
			continue
		}
		switch {
		case strings.HasSuffix(kw.Source, "Length"):
			if size, ok := smallInt(n); ok {
				out = append(out, strings.Repeat("a", size))
			}
		case strings.HasSuffix(kw.Source, "Items"), strings.HasSuffix(kw.Source, "Contains"):
			if size, ok := smallInt(n); ok {
				item := w.sample(keywordSchema(s, s.Keywords.Get("items")), red, 1)
				if c := s.Keywords.Get("contains"); c != nil && strings.HasSuffix(kw.Source, "Contains") {
					item = w.sample(c.Schema, red, 1)
				}
				arr := make([]any, size)
				for i := range arr {
					arr[i] = item
				}
				out = append(out, arr)
			}
		case strings.HasSuffix(kw.Source, "Properties"):
			if size, ok := smallInt(n); ok {
				m, _ := w.sample(s, red, 1).(map[string]any)
				obj := map[string]any{}
				for k, v := range m {
					obj[k] = v
				}
				for i := 0; len(obj) < size; i++ {
					obj[fmt.Sprintf("%s_%d", extraProperty, i)] = w.sample(governing(s, ""), red, 1)
				}
				out = append(out, obj)
			}
		default:
			out = append(out, json.Number(numberText(n, n.IsInt())))
		}
	}
	return out
}

func smallInt(n *big.Rat) (int, bool) {
	if !n.IsInt() || !n.Num().IsInt64() || n.Num().Int64() < 0 || n.Num().Int64() > 1<<16 {
		return 0, false
	}
	return int(n.Num().Int64()), true
}

func multipleCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	a, r := sides(ch, acceptBase)
	var out []any
	for _, k := range []*reduce.Keyword{a, r} {
		if k != nil && k.Num != nil {
			for _, f := range []int64{1, 2, 3, 5} {
				v := new(big.Rat).Mul(k.Num, big.NewRat(f, 1))
				out = append(out, json.Number(numberText(v, v.IsInt())))
			}
		}
	}
	return append(out, json.Number("1"), json.Number("0.5"))
}

// jsonTypes are JSON Schema's seven types, in the order candidates try them.
var jsonTypes = []string{"string", "integer", "number", "boolean", "null", "object", "array"}

// everyTypeSample is one sample of each of jsonTypes, in that order.
func everyTypeSample() []any {
	out := make([]any, len(jsonTypes))
	for i, t := range jsonTypes {
		out[i] = typeSamples[t]
	}
	return out
}

// typeSamples is a value of each of jsonTypes.
var typeSamples = map[string]any{
	"string": "wirelint", "integer": json.Number("1"), "number": json.Number("1.5"), "boolean": true,
	"null": nil, "object": map[string]any{}, "array": []any{},
}

func allowedCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	a, r := sides(ch, acceptBase)
	var out []any
	if ch.keyword == "type" {
		// a type change is proven by a value of a type the accepting side
		// allows and the other refuses: a string does not prove that
		// [string] became absent, whatever refused it
		separates := func(t string) bool {
			return (a == nil || subset("type", []string{t}, a.Set)) && (r == nil || !subset("type", []string{t}, r.Set))
		}
		if e := listedValues(owner(ch, !acceptBase)); e != nil {
			// the other side lists its values: one it does not list is
			// refused by that list whatever its type, so only a member
			// the type refuses can separate the revisions by the type
			for _, m := range e.Set {
				if (a == nil || reduce.OfType(a.Set, m)) && (r == nil || !reduce.OfType(r.Set, m)) {
					out = append(out, decodeJSON(m))
				}
			}
			return out
		}
		types := jsonTypes
		if a != nil {
			types = a.Set
		}
		for _, t := range types {
			if !separates(t) {
				continue
			}
			if a != nil && (t == "object" || t == "array") {
				out = append(out, w.sample(owner(ch, acceptBase), w.reducer(acceptBase), 1))
			}
			if v, ok := typeSamples[t]; ok {
				out = append(out, v)
			}
		}
		return out
	}
	if a != nil {
		for _, m := range a.Set {
			if r == nil || !subset("", []string{m}, r.Set) {
				out = append(out, decodeJSON(m))
			}
		}
		return out
	}
	return append(out, "wirelint_other", json.Number("987654321"), true, nil)
}

// listedValues returns the enum (or const) s's keywords list, or nil.
func listedValues(s *reduce.Schema) *reduce.Keyword {
	if s == nil {
		return nil
	}
	if e := s.Keywords.Get("enum"); e != nil && e.Set != nil {
		return e
	}
	return nil
}

// typeWithinList reports whether the rejecting side of a type change lists
// its values (enum, const) and the type refuses none of them: every value
// the type refuses, the list refuses too, so no payload separates the
// revisions by the type alone (the list's change, if any, is the finding).
func typeWithinList(ch *change, acceptBase bool) bool {
	if ch.keyword != "type" {
		return false
	}
	_, r := sides(ch, acceptBase)
	e := listedValues(owner(ch, !acceptBase))
	if r == nil || e == nil {
		return false
	}
	for _, m := range e.Set {
		if !reduce.OfType(r.Set, m) {
			return false
		}
	}
	return true
}

func duplicateCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	s := owner(ch, acceptBase)
	item := w.sample(keywordSchema(s, s.Keywords.Get("items")), w.reducer(acceptBase), 1)
	return []any{[]any{item, item}}
}

func opaqueCandidates(ch *change, w *witnessBuilder, acceptBase bool) []any {
	var out []any
	// a pattern change found the shortest string each side alone accepts
	if sep := ch.separators[1]; acceptBase {
		if sep = ch.separators[0]; sep.ok {
			out = append(out, sep.text)
		}
	} else if sep.ok {
		out = append(out, sep.text)
	}
	out = append(out, "", "~", " ", "a", "A", "0", "wirelint witness", "-1", "a-b_c.d")
	for _, s := range []*reduce.Schema{ch.base, ch.head} {
		for _, k := range []string{"example", "examples", "default"} {
			if v := reduce.Value(s.Node, k); v != nil {
				x := reduce.ToValue(v)
				if l, ok := x.([]any); ok && k == "examples" {
					out = append(out, l...)
				} else {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

func requiredCandidates(name string) func(ch *change, w *witnessBuilder, acceptBase bool) []any {
	return func(ch *change, w *witnessBuilder, acceptBase bool) []any {
		v := w.sample(owner(ch, acceptBase), w.reducer(acceptBase), 1)
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		without := map[string]any{}
		for k, x := range m {
			if k != name {
				without[k] = x
			}
		}
		return []any{without}
	}
}

// branchCandidates proposes a sample of a branch one side has alone, then
// that sample with each property the other side declares given a value of
// every type: an open object branch is a witness when it lets through a
// property value the other side refuses.
func branchCandidates(branch, other *reduce.Schema, inBase bool) func(w *witnessBuilder, acceptBase bool) []any {
	return func(w *witnessBuilder, acceptBase bool) []any {
		sample := w.sample(branch, w.reducer(inBase), 1)
		out := []any{sample}
		m, ok := sample.(map[string]any)
		if !ok {
			return out
		}
		props := map[string]bool{}
		var names []string
		var collect func(s *reduce.Schema, depth int)
		collect = func(s *reduce.Schema, depth int) {
			s = deref(s, w.reducer(!inBase), depth)
			if s == nil || depth > 4 {
				return
			}
			if p := s.Keywords.Get("properties"); p != nil {
				for _, e := range p.Map {
					if !props[e.Name] && len(names) < 20 {
						props[e.Name] = true
						names = append(names, e.Name)
					}
				}
			}
			for _, k := range []string{"allOf", "anyOf", "oneOf"} {
				if l := s.Keywords.Get(k); l != nil {
					for _, b := range l.List {
						collect(b, depth+1)
					}
				}
			}
		}
		collect(other, 0)
		for _, n := range names {
			for _, t := range jsonTypes {
				variant := make(map[string]any, len(m)+1)
				for k, v := range m {
					variant[k] = v
				}
				variant[n] = typeSamples[t]
				out = append(out, variant)
			}
		}
		return out
	}
}
