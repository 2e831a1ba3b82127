package idref

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
)

// Options configures reference resolution.
type Options struct {
	// Mappings send http(s) URL prefixes to local folders; a reference under a
	// prefix resolves like the local file the rest of the URL names.
	Mappings []Mapping
}

// Mapping maps one URL prefix to a local folder.
type Mapping struct {
	// Prefix is the URL prefix, such as "https://example.com/schemas/".
	Prefix string
	// Dir is the folder: absolute, or relative to the workspace root.
	Dir string
}

// Resolution is one $ref resolved both ways a consumer may.
type Resolution struct {
	// Ref is the reference as written.
	Ref string
	// Disk is where the reference lands read relative to the referring file
	// (way a); DiskErr (a *reduce.RefError) says why it does not.
	Disk    reduce.Target
	DiskErr error
	// diskTried names the file and fragment way (a) looked for: see
	// DiskTried.
	diskTried func() string
	// URI is the absolute URI the reference names under $id (way b); nil when
	// the reference is not a URI reference.
	URI *url.URL
	// ID is where the reference lands under $id; IDErr says why it does not.
	ID    reduce.Target
	IDErr error
	// IDResource is the resource the URI (without fragment) names; nil when
	// no document declares it.
	IDResource *Resource
}

// DiskTried returns the file and fragment way (a) looked for ("" for a URL,
// or a file outside the project). It is spelled only when asked, for a
// finding: asking whether a file lies in the project reads the file system,
// and almost every reference resolves.
func (r Resolution) DiskTried() string {
	if r.diskTried == nil {
		return ""
	}
	return r.diskTried()
}

// Target returns where the reference lands: the node both ways agree on, or
// the one way that resolves (on disk first).
func (r Resolution) Target() (reduce.Target, bool) {
	switch {
	case r.DiskErr == nil:
		return r.Disk, true
	case r.IDErr == nil:
		return r.ID, true
	}
	return reduce.Target{}, false
}

// Resolver resolves references across the documents of one workspace. It loads
// each document once and registers it under its file URI and every $id it
// declares. Resolve and ResolveAt may be called concurrently; the rest is
// not safe for concurrent use.
type Resolver struct {
	mu      sync.Mutex // held by Resolve, ResolveAt and HasIDScopes
	ws      *reduce.Workspace
	maps    []Mapping // longest prefix first, Dir absolute
	reg     *Registry
	indexes map[*reduce.Document]*Index
	scanned map[string]bool // folders searched for $id declarations
	// unscanned lists the folders of registered documents that scanFolders
	// has yet to search
	unscanned []string
	// walked maps each folder scanDir was asked for to the depth it was
	// walked to, plus one: a remote $ref that fails asks for the same
	// folders again, and each is listed once
	walked map[string]int
	// impliedDocs holds the file each path impliedFile named loaded to (nil
	// when none loads there)
	impliedDocs map[string]*reduce.Document
	// published holds each referrer's publication, once worked out
	published map[*reduce.Document]*publication
	// listed counts the folders listed while searching
	listed int
	// ids is what the project's files write as $ids (see projectIDs)
	ids *projectIDs
	// scannedFiles counts the files read while searching (see maxScanFiles)
	scannedFiles int
	// scannedProject is set once the whole project was searched (see
	// scanProject)
	scannedProject bool
	// want, while a search for one URI runs (scanFor), holds the only files
	// of the project the search reads: those whose text writes an $id with
	// the URI's last segment; nil when a search reads every file
	want map[string]bool
	gen  int // bumped whenever the registry grows
	// memo keeps references that resolved both ways: thousands of $refs in a
	// large spec name a few hundred targets from a handful of bases.
	memo map[memoKey]*Resolution
}

type memoKey struct {
	doc  *reduce.Document
	base *url.URL
	ref  string
}

// NewResolver returns a resolver over ws.
func NewResolver(ws *reduce.Workspace, opts Options) *Resolver {
	r := &Resolver{ws: ws, reg: NewRegistry(), indexes: map[*reduce.Document]*Index{}, scanned: map[string]bool{},
		walked: map[string]int{}, impliedDocs: map[string]*reduce.Document{},
		published: map[*reduce.Document]*publication{}}
	for _, m := range opts.Mappings {
		dir := m.Dir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(ws.Root, dir)
		}
		r.maps = append(r.maps, Mapping{Prefix: m.Prefix, Dir: filepath.Clean(dir)})
	}
	sort.SliceStable(r.maps, func(i, j int) bool { return len(r.maps[i].Prefix) > len(r.maps[j].Prefix) })
	r.reg.Show = r.Show
	return r
}

// Show renders a URI for output: a file: URI as the path wirelint prints for
// the file, anything else as is.
func (r *Resolver) Show(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	s := r.ws.Display(filepath.Clean(filepath.FromSlash(u.Path)))
	if u.Fragment != "" || strings.Contains(uri, "#") {
		s += "#" + u.Fragment
	}
	return s
}

// Index returns doc's index, registering the document on first use.
func (r *Resolver) Index(doc *reduce.Document) *Index {
	if ix := r.indexes[doc]; ix != nil {
		return ix
	}
	ix := IndexOf(doc)
	r.indexes[doc] = ix
	r.reg.Add(ix)
	r.gen++
	if d := filepath.Dir(doc.Abs); !r.scanned[d] {
		r.unscanned = append(r.unscanned, d)
	}
	return ix
}

// ResolveSite resolves one site both ways. The sites of one document that
// write the same reference under the same base share one Resolution (a
// large spec's thousands of $refs name a few hundred targets), which the
// caller must not change.
func (r *Resolver) ResolveSite(ix *Index, s *Site) *Resolution {
	ref := s.Ref()
	if !s.IsString() {
		err := &reduce.RefError{Kind: reduce.RefBadPath, Msg: fmt.Sprintf("$ref holds %s, not a string", describeNode(s.Value))}
		return &Resolution{Ref: ref, DiskErr: err, IDErr: err}
	}
	key := memoKey{ix.Doc, s.Base, ref}
	if m, ok := r.memo[key]; ok {
		return m
	}
	res := &Resolution{Ref: ref}
	res.Disk, res.diskTried, res.DiskErr = r.onDiskIn(ix, ix.siteScope(s), ref)
	res.URI, res.ID, res.IDResource, res.IDErr = r.UnderID(ix.Doc, s.Base, ref)
	if res.DiskErr == nil && res.IDErr == nil {
		if r.memo == nil {
			r.memo = map[memoKey]*Resolution{}
		}
		r.memo[key] = res
	}
	return res
}

func describeNode(n *reduce.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case reduce.IsMap(n):
		return "an object"
	case reduce.IsSeq(n):
		return "an array"
	case reduce.IsNull(n):
		return "null"
	}
	return reduce.Short(n, 40)
}

// onDisk is way (a): the path relative to the referring file, or the folder
// a URL prefix is mapped to.
func (r *Resolver) onDisk(from *reduce.Document, ref string) (reduce.Target, func() string, error) {
	p, frag, _ := strings.Cut(ref, "#")
	local := ref
	if u, err := url.Parse(p); err == nil && len(u.Scheme) > 1 {
		var abs string
		switch u.Scheme {
		case "file":
			abs = filepath.FromSlash(u.Path)
		case "http", "https":
			dir, rest, ok := r.mapURL(u)
			if !ok {
				return reduce.Target{}, nil, &reduce.RefError{Kind: reduce.RefRemote, Msg: "remote reference"}
			}
			abs = filepath.Join(dir, filepath.FromSlash(rest))
		default:
			// urn: and the like name no file; only an $id can declare them
			return reduce.Target{}, nil, &reduce.RefError{Kind: reduce.RefRemote, Msg: fmt.Sprintf("a %s: URI names no file", u.Scheme)}
		}
		local = (&url.URL{Path: filepath.ToSlash(abs)}).EscapedPath()
		if strings.Contains(ref, "#") {
			local += "#" + frag
		}
	}
	tried := func() string { return r.tried(from, local) }
	t, err := r.ws.ResolveOnDisk(from, local)
	if err != nil {
		var re *reduce.RefError
		if errors.As(err, &re) {
			msg := strings.TrimPrefix(strings.TrimPrefix(re.Msg, local+": "), ref+": ")
			err = &reduce.RefError{Kind: re.Kind, Msg: msg}
		}
		return reduce.Target{}, tried, err
	}
	r.Index(t.Doc)
	return t, tried, nil
}

// Load reads the file at path for checking: as a whole document through the
// workspace, or, when it holds only a piece of one (a path item, a response),
// as a fragment. display is the path printed for it ("" = the workspace's).
func (r *Resolver) Load(path, display string) (*reduce.Document, error) {
	return r.ws.LoadFragment(path, display, reduce.Draft202012)
}

// tried names the file and fragment way (a) looks for, for messages.
func (r *Resolver) tried(from *reduce.Document, ref string) string {
	p, frag, err := reduce.SplitRef(ref)
	if err != nil || strings.Contains(p, `\`) {
		return ""
	}
	file := from.Path
	if p != "" {
		abs := filepath.Clean(filepath.Join(filepath.Dir(from.Abs), filepath.FromSlash(p)))
		if strings.HasPrefix(p, "/") {
			abs = filepath.Clean(filepath.FromSlash(p))
		}
		if !r.ws.Inside(abs) {
			return ""
		}
		file = r.ws.Display(abs)
	}
	if frag != "" || strings.Contains(ref, "#") {
		return file + "#" + frag
	}
	return file
}

// mapURL finds the folder a URL is mapped to and the path below it.
func (r *Resolver) mapURL(u *url.URL) (dir, rest string, ok bool) {
	s := Key(u)
	for _, m := range r.maps {
		if strings.HasPrefix(s, m.Prefix) {
			rest, err := url.PathUnescape(strings.TrimPrefix(s, m.Prefix))
			if err != nil {
				return "", "", false
			}
			return m.Dir, strings.TrimPrefix(rest, "/"), true
		}
	}
	return "", "", false
}

// UnderID is way (b): ref resolved against base, looked up among the
// registered resources; a file: URI nobody declared is read from disk, a mapped
// URL from its folder, anything else searched for among the $ids declared in
// the folders of the documents read so far.
func (r *Resolver) UnderID(from *reduce.Document, base *url.URL, ref string) (*url.URL, reduce.Target, *Resource, error) {
	u, t, res, err := r.underID(from, base, ref)
	if err == nil {
		r.ws.Reach(t.Doc) // a document a search found is the contract's once a $ref lands in it
	}
	return u, t, res, err
}

func (r *Resolver) underID(from *reduce.Document, base *url.URL, ref string) (*url.URL, reduce.Target, *Resource, error) {
	u, err := url.Parse(ref)
	if err != nil {
		return nil, reduce.Target{}, nil, &reduce.RefError{Kind: reduce.RefBadPath, Msg: fmt.Sprintf("%s is not a URI reference", ref)}
	}
	abs := base.ResolveReference(u)
	t, res, err := r.reg.ResolveFrom(abs, ref, from)
	if (res == nil || res.Doc != from) && from != nil && (abs.Scheme == "http" || abs.Scheme == "https") {
		// the file the referrer's own $id says the project publishes the
		// URL's schema as, when it declares the URL, is the nearest claim
		// but the referrer's own (Azure's resource manager schemas, each
		// published at its own path, refer to
		// https://schema.management.azure.com/schemas/common/definitions.json,
		// which schemas/common/definitions.json declares as its id; a bundle
		// beside them embeds copies declaring the same)
		if doc := r.implied(abs, from); doc != nil {
			if it, ires, ierr := r.reg.ResolveFrom(abs, ref, doc); ires != nil && ires.Doc == doc {
				return abs, it, ires, ierr
			}
		}
	}
	if res != nil && from != nil && res.Doc != from && abs.Scheme != "file" {
		// another document claims the URI: the referrer's own folder, not
		// yet searched, may hold a nearer claim (a schema set beside a
		// bundle that embeds copies of it), and the nearer one wins
		if dir := filepath.Dir(from.Abs); filepath.Dir(res.Doc.Abs) != dir && !r.scanned[dir] && r.scanFor(abs, r.scanFolders) {
			t, res, err = r.reg.ResolveFrom(abs, ref, from)
		}
	}
	if res != nil {
		return abs, t, res, err
	}
	switch abs.Scheme {
	case "file":
		// a relative $id (Backstage's "$id": "EntityMeta") names a file: URI
		// that need not be a file: a document of the folders read so far
		// may declare it
		if e := r.loadFile(filepath.FromSlash(abs.Path), nil); e != nil {
			if Kind(e) != reduce.RefUnresolved {
				return abs, reduce.Target{}, nil, e
			}
			nearby := func() bool { return from != nil && r.scanNearby(from) }
			for _, scan := range []func() bool{r.scanFolders, nearby} {
				if !r.scanFor(abs, scan) {
					continue
				}
				if t, res, err := r.reg.ResolveFrom(abs, ref, from); res != nil {
					return abs, t, res, err
				}
			}
			return abs, reduce.Target{}, nil, e
		}
	case "http", "https":
		if dir, rest, ok := r.mapURL(abs); ok {
			if e := r.loadFile(filepath.Join(dir, filepath.FromSlash(rest)), abs); e != nil {
				return abs, reduce.Target{}, nil, e
			}
			break
		}
		r.scanFor(abs, r.scanFolders)
	default:
		r.scanFor(abs, r.scanFolders)
	}
	t, res, err = r.reg.ResolveFrom(abs, ref, from)
	if res == nil && (abs.Scheme == "http" || abs.Scheme == "https") && from != nil && r.mayBeDeclaredNear(abs, from) && r.scanFor(abs, func() bool { return r.scanAncestors(from) }) {
		// the URL the project publishes one of its schemas under, declared
		// by a file in a folder above the referrer's (OpenLineage's facets,
		// in spec/facets/, refer to
		// https://openlineage.io/spec/2-0-2/OpenLineage.json, which
		// spec/OpenLineage.json declares as its $id)
		t, res, err = r.reg.ResolveFrom(abs, ref, from)
	}
	if res == nil && abs.Scheme != "file" && abs.Scheme != "http" && abs.Scheme != "https" && r.mayBeDeclared(abs) && r.scanFor(abs, r.scanProject) {
		// a scheme of the project's own (ory://tracing-config): the
		// document declaring it may lie anywhere in the project, as the
		// loader registering it finds it
		t, res, err = r.reg.ResolveFrom(abs, ref, from)
	}
	if res == nil && (abs.Scheme == "http" || abs.Scheme == "https") {
		err = &reduce.RefError{Kind: reduce.RefRemote, Msg: err.Error()}
	}
	return abs, t, res, err
}

// impliedFile returns the file of the project that the referrer's own $id
// places the http(s) URL u at. When from's root declares an absolute URL
// whose path ends with from's own path below the root, the project publishes
// that part of its tree under the rest of the URL (from, at
// schemas/2015-01-01/x.json, declaring
// https://host/schemas/2015-01-01/x.json, publishes the root at https://host/),
// and a URL of the same scheme and host under that prefix names the file at
// the same place below the root's counterpart. ok is false when from
// declares no such $id, or u lies outside the prefix or carries a query.
func (r *Resolver) impliedFile(u *url.URL, from *reduce.Document) (abs string, ok bool) {
	p := r.publication(from)
	if p == nil || u.RawQuery != "" || u.Scheme != p.scheme || !strings.EqualFold(u.Host, p.host) {
		return "", false
	}
	target := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	if len(target) <= len(p.prefix) || !slices.Equal(target[:len(p.prefix)], p.prefix) {
		return "", false
	}
	rest := target[len(p.prefix):]
	if slices.Contains(rest, "..") || slices.Contains(rest, "") {
		return "", false
	}
	return filepath.Join(append([]string{p.dir}, rest...)...), true
}

// publication is where a document's root $id says the project publishes a
// folder of its tree: URLs of scheme and host whose path starts with the
// segments of prefix name the files below dir.
type publication struct {
	scheme, host string
	prefix       []string
	dir          string
}

// publication returns what from's root $id says of where the project
// publishes its tree (see impliedFile), or nil when it says nothing: from
// declares no absolute http(s) $id, lies outside the root, or its $id's path
// does not end with its own file name. It is worked out once per document.
func (r *Resolver) publication(from *reduce.Document) *publication {
	if p, seen := r.published[from]; seen {
		return p
	}
	var p *publication
	defer func() { r.published[from] = p }()
	root := r.Index(from).RootID()
	if root == nil || !fsroot.Within(r.ws.Root, from.Abs) {
		return nil
	}
	id, err := url.Parse(root.URI)
	if err != nil || (id.Scheme != "http" && id.Scheme != "https") || id.RawQuery != "" {
		return nil
	}
	rel, err := filepath.Rel(r.ws.Root, from.Abs)
	if err != nil {
		return nil
	}
	disk := strings.Split(filepath.ToSlash(rel), "/")
	published := strings.Split(strings.TrimPrefix(id.Path, "/"), "/")
	// the segments both end with: at least the file's name
	same := 0
	for same < len(disk) && same < len(published) && disk[len(disk)-1-same] == published[len(published)-1-same] {
		same++
	}
	if same == 0 {
		return nil
	}
	p = &publication{scheme: id.Scheme, host: id.Host, prefix: published[:len(published)-same],
		dir: filepath.Join(append([]string{r.ws.Root}, disk[:len(disk)-same]...)...)}
	return p
}

// implied returns the document impliedFile names for u, loaded and its
// $ids registered, or nil when there is no such file inside the root (or it
// does not load). The caller resolves u in it, so the reference lands there
// only when the file declares u: the layout and the file's own $id agree.
// An explicit refs.map entry for u wins.
func (r *Resolver) implied(u *url.URL, from *reduce.Document) *reduce.Document {
	if _, _, mapped := r.mapURL(u); mapped {
		return nil
	}
	abs, ok := r.impliedFile(u, from)
	if !ok {
		return nil
	}
	if doc, seen := r.impliedDocs[abs]; seen {
		return doc
	}
	var doc *reduce.Document
	// a URL may name no file: nothing is loaded for it, so no failed load
	// stays in the workspace
	if st, err := r.ws.FS.Stat(abs); err == nil && !st.IsDir() {
		doc = r.register(abs)
	}
	r.impliedDocs[abs] = doc
	return doc
}

// register loads the file at abs, inside the root, as a file a search read
// and registers its $ids; it returns the document, or nil when the file is
// outside the root or does not load.
func (r *Resolver) register(abs string) *reduce.Document {
	if !r.ws.Inside(abs) {
		return nil
	}
	doc, err := r.ws.LoadScanned(abs)
	if err != nil {
		return nil
	}
	r.Index(doc)
	return doc
}

// scanAncestors registers the files declaring an $id below from's folder
// (maxNearbyDepth levels: the OpenAPI 3.1 schema's dialect/base.schema.json
// beside schema-base.json) and in the folders above it, up to the project's
// root, each of those itself only (their other subfolders are siblings of
// the referrer's branch, where a schema set's other versions, copies and
// bundles live). It reports whether anything new was registered.
func (r *Resolver) scanAncestors(from *reduce.Document) bool {
	before := r.gen
	if dir := filepath.Dir(from.Abs); r.ws.Inside(dir) {
		r.scanDir(dir, maxNearbyDepth)
	}
	for d := filepath.Dir(filepath.Dir(from.Abs)); r.ws.Inside(d); d = filepath.Dir(d) {
		r.scanDir(d, 0)
		if d == filepath.Dir(d) {
			break
		}
	}
	return r.gen != before
}

// Declaration is a file whose root declares an $id: the document and the
// $id (or draft-04 id) key.
type Declaration struct {
	Doc *reduce.Document
	Key *reduce.Node
}

// Declarers returns the project's files whose root declares uri (an
// absolute URI, fragment dropped) as its $id, or failing that the same URI
// with a query (exact false), sorted by path. Nothing is registered: a
// reference to a URL stays remote, and these files only tell the user where
// the schema already is (CSAF keeps the CVSS schemas its schema refers to by
// https URL in csaf_2.0/referenced_schema/first/). The project is searched
// once per run (projectIDs), as idFiles searches, with a budget of its own,
// by the text of its files: only a file whose text writes the URI as an $id
// (at any depth) is parsed, to see whether its root declares it — a project of
// thousands of large schemas that all refer to one URL is not parsed whole
// (Azure's resource manager schemas: 262 MB, which took 138 s and 4.5 GB
// for 13 of its files before).
func (r *Resolver) Declarers(uri *url.URL) (decls []Declaration, exact bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	declarers := r.projectIDs().declarers
	u := *uri
	u.Fragment, u.RawFragment = "", ""
	want := Key(&u)
	decls, exact = r.rootDeclarers(declarers[want], want, false), true
	if len(decls) == 0 && u.RawQuery == "" {
		decls, exact = r.rootDeclarers(declarers[queryless+want], want, true), false
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i].Doc.Abs < decls[j].Doc.Abs })
	return decls, exact
}

// projectIDs is what the text of the project's files says of the $ids
// they declare, read once per run (it depends on those files alone) and
// never changed once built.
type projectIDs struct {
	// declarers maps each URI a file writes as an $id (and, under
	// queryless, without its query) to those files
	declarers map[string][]string
	// files maps the last path segment of every $id a file writes to the
	// files writing it, in the order they were read: a URI whose own last
	// segment none writes is declared nowhere, nested under another $id or
	// not
	files map[string][]string
	// complete says every file was read: the project holds fewer than
	// maxScanFiles JSON and YAML files within maxIDDepth folders
	complete bool
}

// maxIDDepth bounds how deep projectIDs looks below the root: deeper than
// any folder search starts from.
const maxIDDepth = 64

// projectIDsKey keys projectIDs in a reduce.Shared.
type projectIDsKey struct{ root string }

// projectIDs returns what the project's files write as $ids, searching
// them (by text, not parsed) the first time a workspace of the run asks.
func (r *Resolver) projectIDs() *projectIDs {
	if r.ids != nil {
		return r.ids
	}
	r.ids = r.ws.Shared.Memo(projectIDsKey{r.ws.Root}, func() any {
		ids := &projectIDs{declarers: map[string][]string{}, files: map[string][]string{}}
		files := 0
		every := func(string) bool { return true }
		r.idFiles(r.ws.Root, maxIDDepth, &files, every, func(abs string, data []byte) {
			values := idValues(data)
			for _, v := range values {
				name := lastSegment(v)
				if list := ids.files[name]; len(list) == 0 || list[len(list)-1] != abs {
					ids.files[name] = append(list, abs)
				}
			}
			for _, key := range declaredKeys(abs, values) {
				if list := ids.declarers[key]; len(list) == 0 || list[len(list)-1] != abs {
					ids.declarers[key] = append(list, abs)
				}
			}
		})
		ids.complete = files < maxScanFiles
		return ids
	}).(*projectIDs)
	return r.ids
}

// lastSegment is the last path segment of a URI reference, its fragment and
// query left out: "definitions.json" of
// https://x.example/common/definitions.json#/a, "tracing-config" of
// ory://tracing-config.
func lastSegment(ref string) string {
	ref, _, _ = strings.Cut(ref, "#")
	ref, _, _ = strings.Cut(ref, "?")
	return path.Base(ref)
}

// mayBeDeclared reports whether some project file may declare uri as an
// $id, as its text tells: a file writes the URI's last path segment as (the
// end of) an $id, or the project is too large to have been read whole. The
// folder searches that register every file declaring an $id around a
// referrer, or in the whole project, are made only then: a schema at the
// root of a large schema repository with one $ref to a URL nothing declares
// no longer parses the repository (Azure's: 17 s, 2.5 GB).
func (r *Resolver) mayBeDeclared(uri *url.URL) bool {
	ids := r.projectIDs()
	return !ids.complete || len(ids.files[lastSegment(uri.String())]) > 0
}

// mayBeDeclaredNear is mayBeDeclared for the folders around from: a
// referrer outside the project's root (a file typed on the command line,
// read where it is) has folders projectIDs did not read, so they may.
func (r *Resolver) mayBeDeclaredNear(uri *url.URL, from *reduce.Document) bool {
	return !fsroot.Within(r.ws.Root, from.Abs) || r.mayBeDeclared(uri)
}

// declaredKeys returns the keys Declarers files a file under for the $id
// values its text writes: each as declaredURI reads it and, for one with a
// query, also without it (under queryless).
func declaredKeys(abs string, values []string) []string {
	var keys []string
	for _, v := range values {
		declared, ok := declaredURI(abs, v)
		if !ok {
			continue
		}
		keys = append(keys, Key(declared))
		if declared.RawQuery != "" {
			// FIRST's CVSS schemas declare
			// https://www.first.org/cvss/cvss-v3.1.json?20211103
			// and are referred to without the query
			declared.RawQuery, declared.ForceQuery = "", false
			keys = append(keys, queryless+Key(declared))
		}
	}
	return keys
}

// declaredURI is the URI the $id value id declares when a file at abs
// writes it: resolved against the file, its fragment dropped.
func declaredURI(abs, id string) (*url.URL, bool) {
	u, err := url.Parse(id)
	if err != nil {
		return nil, false
	}
	declared := FileURI(abs).ResolveReference(u)
	declared.Fragment, declared.RawFragment = "", ""
	return declared, true
}

// rootDeclarers parses the candidate files and keeps those whose root
// declares want (ignoring the declaration's query when queryless).
func (r *Resolver) rootDeclarers(candidates []string, want string, queryless bool) []Declaration {
	var out []Declaration
	for _, abs := range candidates {
		doc, err := r.ws.LoadScanned(abs)
		if err != nil || doc.Root == nil || IDKeyword(doc.Dialect) == "" {
			continue
		}
		k, id := reduce.Get(doc.Root, IDKeyword(doc.Dialect))
		if k == nil || !reduce.IsString(id) {
			continue
		}
		declared, ok := declaredURI(doc.Abs, id.Value)
		if !ok {
			continue
		}
		if queryless {
			if declared.RawQuery == "" {
				continue
			}
			declared.RawQuery, declared.ForceQuery = "", false
		}
		if Key(declared) == want {
			out = append(out, Declaration{Doc: doc, Key: k})
		}
	}
	return out
}

// idValues returns the string values written after an "$id" or "id" key
// anywhere in data, JSON or YAML (quoted or plain), found without parsing
// it: the candidates for the file's root $id (the key IDKeyword names), and
// more.
func idValues(data []byte) []string {
	var out []string
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("id"))
		if j < 0 {
			return out
		}
		at := i + j // "id", or the end of "$id"
		i = at + 2
		start, end := at, at+2
		if start > 0 && data[start-1] == '$' {
			start--
		}
		if v, ok := keyValue(data, start, end); ok {
			out = append(out, v)
		}
	}
}

// keyValue reads the value of the key data[start:end] ("id" or "$id") when it
// is a key — quoted alike on both sides, or plain where a YAML key starts —
// followed by a colon and a string.
func keyValue(data []byte, start, end int) (string, bool) {
	if end < len(data) && (data[end] == '"' || data[end] == '\'') {
		if start == 0 || data[start-1] != data[end] {
			return "", false
		}
		end++
	} else if start > 0 && !strings.ContainsRune("\n\r\t {,", rune(data[start-1])) {
		return "", false // part of a longer word ("valid", "uuid")
	}
	k := skipBlanks(data, end)
	if k >= len(data) || data[k] != ':' {
		return "", false
	}
	return scalarAt(data, skipBlanks(data, k+1))
}

func skipBlanks(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return i
}

// scalarAt reads the string at data[i]: a JSON or YAML double-quoted one,
// a YAML single-quoted one, or a YAML plain one.
func scalarAt(data []byte, i int) (string, bool) {
	if i >= len(data) {
		return "", false
	}
	switch q := data[i]; q {
	case '"':
		for j := i + 1; j < len(data) && data[j] != '\n'; j++ {
			if data[j] == '\\' {
				j++
				continue
			}
			if data[j] == '"' {
				v, err := strconv.Unquote(strings.ReplaceAll(string(data[i:j+1]), `\/`, "/"))
				return v, err == nil
			}
		}
		return "", false
	case '\'':
		if j := bytes.IndexAny(data[i+1:], "'\n"); j >= 0 && data[i+1+j] == '\'' {
			return string(data[i+1 : i+1+j]), true
		}
		return "", false
	case '{', '[', '\n', '\r':
		return "", false
	}
	j := i
	for j < len(data) && !strings.ContainsRune(" \t\r\n,}]#", rune(data[j])) {
		j++
	}
	return string(data[i:j]), j > i
}

// queryless prefixes the keys of declarers under their $id without its
// query, the second place Declarers looks.
const queryless = "?"

// maxProjectDepth bounds how deep scanProject looks below the root.
const maxProjectDepth = 12

// scanProject registers, once per resolver, the files declaring an $id
// anywhere in the project (hidden folders and node_modules skipped, at most
// maxScanFiles files read in all): the last place a URI of the project's
// own scheme is looked for. It reports whether anything new was registered.
func (r *Resolver) scanProject() bool {
	if r.scannedProject {
		return false
	}
	if r.want == nil {
		r.scannedProject = true
	}
	before := r.gen
	r.scanDir(r.ws.Root, maxProjectDepth)
	return r.gen != before
}

// loadFile reads the file at abs into the registry, also under as when set.
func (r *Resolver) loadFile(abs string, as *url.URL) error {
	abs = filepath.Clean(abs)
	if !r.ws.Inside(abs) {
		return &reduce.RefError{Kind: reduce.RefOutsideRoot, Msg: "leaves the project directory"}
	}
	if st, err := r.ws.FS.Stat(abs); err != nil || st.IsDir() {
		return &reduce.RefError{Kind: reduce.RefUnresolved, Msg: fmt.Sprintf("no file %s", r.ws.Display(abs))}
	}
	doc, err := r.ws.LoadFragment(abs, "", reduce.Draft202012)
	if err != nil {
		return &reduce.RefError{Kind: reduce.RefBadFile, Msg: err.Error()}
	}
	ix := r.Index(doc)
	if as != nil {
		extra := &Index{Doc: doc, Resources: []*Resource{{URI: Key(as), Doc: doc, Node: doc.Root}}}
		for _, a := range ix.Anchors {
			if a.Resource == Key(ix.BaseAt("")) {
				c := *a
				c.Resource = Key(as)
				extra.Anchors = append(extra.Anchors, &c)
			}
		}
		r.reg.Add(extra)
		r.gen++
	}
	return nil
}

// scanFor runs the folder search scan for uri alone: when the project's
// text was read whole (projectIDs), the search reads only the files of its
// folders that write an $id with uri's last segment — the only ones that
// can declare uri — and marks no folder searched, so a search for another
// URI reads its own. The claims on uri are those the whole search would
// register, and a folder of a thousand schemas is not parsed again in
// every group for a URL one file declares (SchemaStore: 951 schemas in one
// folder, 86 of them referring to URLs, 52-69 s). It reports whether
// anything new was registered.
func (r *Resolver) scanFor(uri *url.URL, scan func() bool) bool {
	ids := r.projectIDs()
	if !ids.complete {
		return scan()
	}
	files := ids.files[lastSegment(uri.String())]
	saved := r.want
	defer func() { r.want = saved }()
	r.want = make(map[string]bool, len(files))
	for _, f := range files {
		r.want[f] = true
	}
	return scan()
}

// readWhole reports whether projectIDs read folder d: it lies inside the
// root, within maxIDDepth folders of it, in no hidden folder and no
// node_modules (a referrer read from one is searched around as before).
func (r *Resolver) readWhole(d string) bool {
	rel, err := filepath.Rel(r.ws.Root, d)
	if err != nil || !fsroot.Within(r.ws.Root, d) {
		return false
	}
	if rel == "." {
		return true
	}
	folders := strings.Split(filepath.ToSlash(rel), "/")
	return len(folders) <= maxIDDepth && !slices.ContainsFunc(folders, skippedFolder)
}

// skippedFolder reports whether the folder searches skip a folder of this
// name: a hidden one, or node_modules.
func skippedFolder(name string) bool { return strings.HasPrefix(name, ".") || name == "node_modules" }

// scanWanted registers the files of r.want in folder d, or in its
// subfolders down to depth more levels (hidden ones and node_modules
// skipped), as scanDir would have found them.
func (r *Resolver) scanWanted(d string, depth int) {
	files := make([]string, 0, len(r.want))
	for f := range r.want {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		rel, err := filepath.Rel(d, f)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		folders := strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/")
		if folders[0] == "." {
			folders = nil
		}
		if len(folders) > depth || slices.ContainsFunc(folders, skippedFolder) {
			continue
		}
		r.register(f)
	}
}

// scanFolders registers the JSON and YAML files that declare an $id in the
// folders (inside the root) of every document read so far, as a schema
// registry loading the project's schemas would. It reports whether anything
// new was registered.
func (r *Resolver) scanFolders() bool {
	before := r.gen
	dirs := r.unscanned
	if r.want != nil {
		// a search for one URI leaves the folders to the others
		dirs = slices.Clone(dirs)
	} else {
		r.unscanned = nil
	}
	slices.Sort(dirs)
	for _, d := range slices.Compact(dirs) {
		if !r.scanned[d] && r.ws.Inside(d) {
			r.scanDir(d, 0)
		}
	}
	return r.gen != before
}

// maxNearbyDepth bounds how far below a folder scanNearby looks.
const maxNearbyDepth = 2

// maxScanFiles bounds the files one resolver reads while searching folders
// for $id declarations, so a failing reference in a huge tree stays cheap.
const maxScanFiles = 5000

// scanNearby registers the files declaring an $id in the folders around
// from — its own folder and its parent's, with their subfolders two levels
// down — where a schema set spread over sibling folders keeps the files its
// relative $ids name (Backstage: kinds/ and shared/ beside Entity.schema.json).
// It reports whether anything new was registered.
func (r *Resolver) scanNearby(from *reduce.Document) bool {
	before := r.gen
	dir := filepath.Dir(from.Abs)
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if r.ws.Inside(d) {
			r.scanDir(d, maxNearbyDepth)
		}
	}
	return r.gen != before
}

// scanDir registers the JSON and YAML files of folder d that declare an $id,
// and those of its subfolders down to depth more levels (hidden ones
// skipped); each folder is read once per resolver, and a walk already made
// as deep is not made again.
func (r *Resolver) scanDir(d string, depth int) {
	if r.want != nil && r.readWhole(d) {
		r.scanWanted(d, depth)
		return
	}
	if r.walked[d] > depth {
		return
	}
	r.walked[d] = depth + 1
	fresh := func(dir string) bool {
		f := !r.scanned[dir]
		r.scanned[dir] = true
		return f
	}
	r.idFiles(d, depth, &r.scannedFiles, fresh, func(abs string, _ []byte) { r.register(abs) })
}

// idFiles calls fn with each JSON or YAML file of folder d, and of its
// subfolders down to depth more levels (hidden ones and node_modules
// skipped, none outside the root), whose text may declare an $id. A
// folder's own files are read only when files says so, and no more files
// are read once *count reaches maxScanFiles: a failing reference in a huge
// tree stays cheap. A symlink leaving the root, a FIFO or an oversized file
// is skipped here and reported where a $ref names it.
func (r *Resolver) idFiles(d string, depth int, count *int, files func(dir string) bool, fn func(abs string, data []byte)) {
	r.listed++
	entries, err := r.ws.FS.ReadDir(d)
	if err != nil {
		return
	}
	read := files(d)
	for _, e := range entries {
		abs := filepath.Join(d, e.Name())
		if e.IsDir() {
			if depth > 0 && !skippedFolder(e.Name()) && r.ws.Inside(abs) {
				r.idFiles(abs, depth-1, count, files, fn)
			}
			continue
		}
		if !read {
			continue
		}
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".json", ".yaml", ".yml":
		default:
			continue
		}
		if *count >= maxScanFiles {
			return
		}
		*count++
		data, err := r.ws.FS.ReadFile(abs, r.ws.MaxFileSize)
		if err != nil || !declaresID(data) {
			continue
		}
		fn(abs, data)
	}
}

// Kind returns the RefError kind of err, 0 when err is nil or of another type.
func Kind(err error) reduce.RefErrorKind {
	switch e := err.(type) {
	case nil:
		return 0
	case *reduce.RefError:
		return e.Kind
	}
	var re *reduce.RefError
	if errors.As(err, &re) {
		return re.Kind
	}
	return 0
}

// Generation counts how often the registry grew: a lookup that failed at an
// earlier generation may succeed now.
func (r *Resolver) Generation() int { return r.gen }

// Indexes returns the index of every document registered so far, sorted by
// path.
func (r *Resolver) Indexes() []*Index {
	out := make([]*Index, 0, len(r.indexes))
	for _, ix := range r.indexes {
		out = append(out, ix)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Doc.Path < out[j].Doc.Path })
	return out
}

// Workspace returns the workspace the resolver reads.
func (r *Resolver) Workspace() *reduce.Workspace { return r.ws }

// Resolve implements reduce.Resolver for parity, diffcheck and compat: ref
// as written at the root of from (see ResolveAt).
func (r *Resolver) Resolve(from *reduce.Document, ref string) (reduce.Target, error) {
	return r.ResolveAt(from, "", ref)
}

// ResolveAt resolves ref written at pointer ptr of from to the one place it
// lands: inside a schema resource embedded with its own $id, against that
// $id first; otherwise relative to from's file first, as tools that read files do (so each
// document's references stay within its own file set), and when that finds
// nothing, under the $id base in force at ptr — an absolute or relative $id,
// an $anchor, a $dynamicAnchor or a draft-04..07 "#name" id, in any
// registered document or one declaring an $id in the folders read so far.
// A reference that resolves by $id lands on its target, so it names the same
// definition as a path to it would.
func (r *Resolver) ResolveAt(from *reduce.Document, ptr, ref string) (reduce.Target, error) {
	if from == nil {
		return reduce.Target{}, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: "no referring document"}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	scope := ""
	if ptr != "" {
		// inside an embedded resource, its $id is the base before the file
		ix := r.Index(from)
		if s := ix.Site(ptr); s != nil {
			scope = ix.siteScope(s)
		} else {
			scope = ix.ScopeAt(ptr)
		}
		if scope != "" && ix.bases[scope] != ix.BaseAt("") {
			if _, t, _, err := r.UnderID(from, ix.bases[scope], ref); err == nil {
				return t, nil
			}
		}
	}
	var diskErr error
	if !hasScheme(ref) || len(r.maps) > 0 {
		var t reduce.Target
		switch {
		case hasScheme(ref):
			t, _, diskErr = r.onDisk(from, ref)
		case scope != "":
			t, _, diskErr = r.onDiskIn(r.Index(from), scope, ref)
		default:
			t, diskErr = r.ws.ResolveOnDisk(from, ref)
		}
		if diskErr == nil {
			return t, nil
		}
		switch Kind(diskErr) {
		case reduce.RefUnresolved, reduce.RefRemote:
		default:
			return reduce.Target{}, diskErr
		}
	}
	ix := r.Index(from)
	base := ix.BaseAt("")
	if scope != "" {
		base = ix.bases[scope]
	}
	_, t, _, err := r.UnderID(from, base, ref)
	if err == nil {
		return t, nil
	}
	if diskErr != nil && !hasScheme(ref) {
		return reduce.Target{}, diskErr
	}
	return reduce.Target{}, err
}

// HasIDScopes reports whether doc declares an $id below its root, so the
// base a reference resolves against depends on where it is written.
func (r *Resolver) HasIDScopes(doc *reduce.Document) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	ix := r.Index(doc)
	for p := range ix.bases {
		if p != "" {
			return true
		}
	}
	return false
}

// declaresID reports whether a file's bytes may declare an $id: $id, $self,
// or draft-04's id as a JSON or YAML key.
func declaresID(data []byte) bool {
	for _, k := range []string{"$id", "$self", `"id"`, "\nid:", " id:"} {
		if bytes.Contains(data, []byte(k)) {
			return true
		}
	}
	return false
}
