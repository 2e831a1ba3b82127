package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Options tunes compilation. The zero value is what wirelint uses.
type Options struct {
	// MatchTimeout bounds one pattern match; 0 = DefaultMatchTimeout.
	MatchTimeout time.Duration
	// MaxPatternLength is the pattern budget in bytes: a longer pattern is
	// refused with a *PatternError whose Budget is set; 0 =
	// DefaultMaxPatternLength.
	MaxPatternLength int
	// AssertFormat makes `format` an assertion in every dialect. false (the
	// default) treats it as an annotation everywhere, draft-07 included, so two
	// dialects never disagree over a format checker.
	AssertFormat bool
	// PatternCheck, when set, judges each pattern before regexp2 compiles it
	// (an ECMA-262 `u`-mode parser); a refusal fails the schema with a
	// *PatternError.
	PatternCheck func(pattern string) error
	// Mirrors maps URL prefixes to local directories inside the workspace root,
	// for references to published schemas kept offline (the JSON Schema Test
	// Suite's http://localhost:1234/ remotes). Nothing is ever fetched.
	Mirrors map[string]string
	// IDs finds the file of the same revision that declares the absolute
	// $id base (without fragment) at its root, returning its absolute path:
	// a reference to the URL reads the file when no file sits where the URL
	// points on disk (an $id that does not match the folder layout). It is
	// asked only for such a reference, so an index it builds costs nothing
	// to a document that has none (nil = no index).
	IDs func(base string) (path string, ok bool)
	// Unfetched stands a placeholder in for each URL no file serves: a
	// schema referring to one compiles (jsonschema compiles a resource
	// whole, so one remote $ref anywhere in a file otherwise fails every
	// schema in it), and a payload whose validation reaches the placeholder
	// has no verdict (an *UnfetchedError), never a made-up one.
	Unfetched bool
	// Shared, when set, shares between the Sets compiled with these
	// Options the values of the files their references reach, prepared once
	// (nil = each Set prepares its own).
	Shared *Shared
}

// Shared holds the values of files reached by reference, decoded,
// translated to a dialect and hoisted, for the Sets of one comparison: a
// file that many proofs reach (a shared model of a multi-file API) is
// prepared once more, not once per Set. A file is only noted when its
// first Set prepares it (most files of a large tree are reached by one
// Set alone, and copying each would cost more than it saves); its shared
// value is prepared from its tree when a second Set asks. Each Set gets
// its own copy (a Set repairs its values in place); a file some pattern of
// which was refused is not shared (its values carry the refusing Set's own
// marks). One Shared serves one set of Options. The zero value is ready;
// it is safe for concurrent use.
type Shared struct {
	mu sync.Mutex
	m  map[preparedKey]*sharedFile
}

type preparedKey struct {
	path    string
	dialect reduce.Dialect
}

// sharedFile is a file a Set prepared: its tree, and the value prepared
// from it once a second Set asked (nil until then).
type sharedFile struct {
	root  *reduce.Node
	value any
}

// get returns a copy of the value prepared for the file at path read in
// dialect d.
func (p *Shared) get(path string, d reduce.Dialect) (any, bool) {
	if p == nil {
		return nil, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f, ok := p.m[preparedKey{path, d}]
	if !ok {
		return nil, false
	}
	if f.value == nil {
		v, err := reduce.Decode(f.root)
		if err != nil {
			return nil, false // the first Set decoded it: not reached
		}
		Translate(v, d)
		hoist(v, d)
		f.value = v
	}
	return copyValue(f.value), true
}

// put notes that the file at path, whose tree is root, was prepared in
// dialect d with nothing refused.
func (p *Shared) put(path string, d reduce.Dialect, root *reduce.Node) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m == nil {
		p.m = map[preparedKey]*sharedFile{}
	}
	p.m[preparedKey{path, d}] = &sharedFile{root: root}
}

// copyValue copies the maps and slices of a JSON value (its other values
// are never changed in place).
func copyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = copyValue(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = copyValue(e)
		}
		return out
	}
	return v
}

// Timeout is the bound of one pattern match: MatchTimeout, or
// DefaultMatchTimeout when it is 0.
func (o Options) Timeout() time.Duration {
	if o.MatchTimeout <= 0 {
		return DefaultMatchTimeout
	}
	return o.MatchTimeout
}

// Set is the compiled schemas of one document. Schemas are compiled on first
// use and cached; a Set is safe for concurrent use.
type Set struct {
	// Doc is the document, nil for a Set built from a plain value.
	Doc *reduce.Document

	ws      *reduce.Workspace
	base    string // the document's URL
	dialect reduce.Dialect
	opts    Options

	mu       sync.Mutex // guards compiler and cache
	compiler *jsonschema.Compiler
	cache    map[string]compiled

	poisonMu sync.Mutex // guards poisons and problems
	poisons  []*PatternError
	problems []*SchemaError

	loadedMu sync.Mutex                  // guards loaded; taken inside mu by the loader
	loaded   map[string]*reduce.Document // by absolute path, files reached by reference
	urlDocs  map[string]*reduce.Document // by resource URL
	mirrors  map[string]string           // URL prefix → local directory
	values   map[string]any              // by resource URL, the values handed to the compiler
}

type compiled struct {
	s   *Schema
	err error
}

// Schema is one compiled schema.
type Schema struct {
	// Pointer is the schema's absolute pointer in the document holding it.
	Pointer string

	set *Set
	sch *jsonschema.Schema
}

// Compile prepares doc's schemas for validation, resolving references to
// other files through ws. Nothing is compiled until Schema is called.
func Compile(ws *reduce.Workspace, doc *reduce.Document, opts Options) (*Set, error) {
	v, err := reduce.Decode(doc.Root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", at(doc.Path, err), err)
	}
	s, err := CompileValue(ws, FileURL(doc.Abs), v, doc.Dialect, opts)
	if err != nil {
		return nil, err
	}
	s.Doc = doc
	s.loaded[doc.Abs] = doc
	s.urlDocs[s.base] = doc
	if id := reduce.Value(doc.Root, "$id"); id != nil && reduce.IsString(id) {
		// a document published under an http(s) $id names its siblings by URL;
		// they are read from the document's own folder
		if pu, err := url.Parse(id.Value); err == nil && (pu.Scheme == "http" || pu.Scheme == "https") {
			base, _, _ := strings.Cut(id.Value, "#")
			s.urlDocs[base] = doc
			if i := strings.LastIndexByte(base, '/'); i >= 0 {
				if _, taken := s.mirrors[base[:i+1]]; !taken {
					s.mirrors[base[:i+1]] = filepath.Dir(doc.Abs)
				}
			}
		}
	}
	for _, p := range s.problems {
		p.Doc, p.File = doc, doc.Path
		p.Pointer = sourcePointer(doc, p.Pointer)
	}
	return s, nil
}

// CompileValue prepares a document given as plain JSON values (json.Number
// numbers) at url, read in dialect d.
func CompileValue(ws *reduce.Workspace, url string, v any, d reduce.Dialect, opts Options) (*Set, error) {
	s := &Set{ws: ws, base: url, dialect: d, opts: opts, cache: map[string]compiled{},
		loaded: map[string]*reduce.Document{}, urlDocs: map[string]*reduce.Document{},
		mirrors: map[string]string{}, values: map[string]any{}}
	for prefix, dir := range opts.Mirrors {
		s.mirrors[prefix] = dir
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draftFor(d))
	c.UseRegexpEngine(s.poisonEngine(engine(opts)))
	c.UseLoader(loader{s})
	if opts.Unfetched {
		c.RegisterVocabulary(unfetchedVocabulary)
		c.AssertVocabs()
	}
	if opts.AssertFormat {
		c.AssertFormat()
	} else {
		for _, name := range formatNames {
			c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(any) error { return nil }})
		}
	}
	Translate(v, d)
	hoist(v, d)
	file := url
	if p, ok := filePath(url); ok && ws != nil {
		file = ws.Display(p)
	}
	s.values[url] = v
	s.addProblems(s.neutralize(v, file, nil))
	if err := c.AddResource(url, v); err != nil {
		return nil, fmt.Errorf("add %s: %w", url, err)
	}
	s.compiler = c
	return s, nil
}

// formatNames are the formats jsonschema/v6 checks; registering a no-op for
// each turns them into annotations (regex is the pattern engine's and stays).
var formatNames = []string{"json-pointer", "relative-json-pointer", "uuid", "duration", "period", "ipv4", "ipv6", "hostname", "email", "date", "time", "date-time", "uri", "iri", "uri-reference", "iri-reference", "uri-template", "semver", "idn-email", "idn-hostname"}

func draftFor(d reduce.Dialect) *jsonschema.Draft {
	switch d {
	case reduce.Draft04:
		return jsonschema.Draft4
	case reduce.Draft06:
		return jsonschema.Draft6
	case reduce.Draft07, reduce.OpenAPI30, reduce.Swagger20:
		return jsonschema.Draft7
	case reduce.Draft201909:
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

// FileURL returns the file: URL of an absolute path.
func FileURL(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// NodeValue converts a payload node to the plain value validation takes
// (reduce.ToValue: exact numbers as json.Number).
func NodeValue(n *reduce.Node) any { return reduce.ToValue(n) }

func (s *Set) addProblems(ps []*SchemaError) {
	s.poisonMu.Lock()
	s.problems = append(s.problems, ps...)
	s.poisonMu.Unlock()
}

// SchemaError is a schema that cannot be compiled: an invalid pattern, a
// reference that does not resolve, a keyword its dialect forbids. It names
// the file and pointer where the problem sits.
type SchemaError struct {
	// File is the display path of the document holding the problem ("" = unknown).
	File string
	// Doc is that document when it is loaded.
	Doc *reduce.Document
	// Pointer is the absolute pointer of the offending keyword or schema.
	Pointer string
	// Msg says what is wrong, lower-case.
	Msg string
	// Pattern is set when an invalid pattern is the cause.
	Pattern *PatternError
}

func (e *SchemaError) Error() string {
	if e.File == "" {
		return e.Msg
	}
	return fmt.Sprintf("%s#%s: %s", e.File, e.Pointer, e.Msg)
}

// Schema compiles (once) the schema at pointer in the Set's document. A
// failure is a *SchemaError.
func (s *Set) Schema(pointer string) (*Schema, error) {
	return s.compileCached(s.base+"#"+escapeFragment(compilePointer(s.dialect, pointer)), pointer)
}

// SchemaIn compiles (once) the schema at pointer in doc: the Set's own
// document, or another file of its revision read as the Set's references
// read it (in the Set's dialect unless it declares its own), so the
// documents of one revision share the schemas they reach.
func (s *Set) SchemaIn(doc *reduce.Document, pointer string) (*Schema, error) {
	if doc == nil || doc == s.Doc || doc.Abs == "" {
		return s.Schema(pointer)
	}
	return s.compileCached(FileURL(doc.Abs)+"#"+escapeFragment(compilePointer(s.dialect, pointer)), pointer)
}

// SchemaRef compiles (once) the schema a $ref written in the Set's document
// names, resolved as the document resolves it (against its $id when it has
// one): the way to reach a definition in another file.
func (s *Set) SchemaRef(ref string) (*Schema, error) {
	base := s.base
	if s.Doc != nil {
		if id := reduce.Value(s.Doc.Root, "$id"); id != nil && reduce.IsString(id) {
			if pu, err := url.Parse(id.Value); err == nil && pu.IsAbs() {
				base = id.Value
			}
		}
	}
	bu, err := url.Parse(base)
	if err != nil {
		return nil, &SchemaError{Msg: fmt.Sprintf("base %q: %v", base, err)}
	}
	ru, err := url.Parse(ref)
	if err != nil {
		return nil, &SchemaError{Msg: fmt.Sprintf("reference %q: %v", ref, err)}
	}
	abs := bu.ResolveReference(ru)
	frag := abs.Fragment
	abs.Fragment = ""
	return s.compileCached(abs.String()+"#"+escapeFragment(compilePointer(s.dialect, frag)), frag)
}

func (s *Set) compileCached(loc, pointer string) (*Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.cache[loc]; ok {
		return c.s, c.err
	}
	sch, err := s.compile(loc)
	for tries := 0; err != nil && tries < maxRepairs && s.repair(err); tries++ {
		sch, err = s.compile(loc)
	}
	var out *Schema
	if err != nil {
		err = s.schemaError(pointer, err)
	} else {
		out = &Schema{Pointer: pointer, set: s, sch: sch}
	}
	s.cache[loc] = compiled{out, err}
	return out, err
}

func (s *Set) compile(loc string) (sch *jsonschema.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			if mt, ok := r.(matchTimeout); ok {
				err = fmt.Errorf("pattern %q: %w", mt.pattern, ErrMatchTimeout)
				return
			}
			panic(r)
		}
	}()
	return s.compiler.Compile(loc)
}

func escapeFragment(p string) string {
	return (&url.URL{Fragment: p}).EscapedFragment()
}

// Result is the outcome of one validation.
type Result struct {
	// Valid is true when the instance validates.
	Valid bool
	// Failures lists the innermost reasons, sorted by instance then schema pointer.
	Failures []Failure
	// Err is ErrMatchTimeout when a pattern match timed out, or the
	// *PatternError of a refused pattern the instance reached; Valid is then
	// meaningless.
	Err error
}

// Failure is one innermost reason an instance was rejected.
type Failure struct {
	// InstancePointer locates the failing value in the instance ("" = the root).
	InstancePointer string
	// File is the display path of the document holding the keyword.
	File string
	// Doc is that document, nil when the Set was built from a plain value.
	Doc *reduce.Document
	// SchemaPointer is the absolute pointer of the failing keyword in Doc.
	SchemaPointer string
	// Keyword is the failing keyword ("" for a false schema).
	Keyword string
	// Message is the validator's explanation.
	Message string
}

var printer = message.NewPrinter(language.English)

// Validate validates v (plain JSON values, json.Number numbers) against sch.
func (sch *Schema) Validate(v any) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			res = Result{Err: unknownVerdict(r)}
		}
	}()
	err := sch.sch.Validate(v)
	if err == nil {
		return Result{Valid: true}
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return Result{Err: err}
	}
	var leaves []*jsonschema.ValidationError
	collectLeaves(ve, &leaves)
	res.Failures = make([]Failure, 0, len(leaves))
	for _, l := range leaves {
		res.Failures = append(res.Failures, sch.set.failure(l))
	}
	sort.SliceStable(res.Failures, func(i, j int) bool {
		a, b := res.Failures[i], res.Failures[j]
		if a.InstancePointer != b.InstancePointer {
			return a.InstancePointer < b.InstancePointer
		}
		return a.SchemaPointer < b.SchemaPointer
	})
	return res
}

// Valid reports whether v validates, and whether the answer is known.
func (sch *Schema) Valid(v any) (valid, known bool) {
	valid, err := sch.Judge(v)
	return valid, err == nil
}

func collectLeaves(e *jsonschema.ValidationError, out *[]*jsonschema.ValidationError) {
	if len(e.Causes) == 0 {
		*out = append(*out, e)
		return
	}
	for _, c := range e.Causes {
		collectLeaves(c, out)
	}
}

func (s *Set) failure(e *jsonschema.ValidationError) Failure {
	f := Failure{InstancePointer: joinTokens(e.InstanceLocation), Message: explain(e.ErrorKind)}
	path := e.ErrorKind.KeywordPath()
	if len(path) > 0 {
		f.Keyword = path[0]
	}
	if _, ok := e.ErrorKind.(*kind.FalseSchema); ok {
		f.Keyword = ""
	}
	u, frag := splitURL(e.SchemaURL)
	f.Doc, f.File = s.docFor(u)
	f.SchemaPointer = sourcePointer(f.Doc, frag+joinTokens(path))
	return f
}

func joinTokens(toks []string) string {
	return reduce.JoinPointer("", toks...)
}

// splitURL splits a schema URL into the resource URL and the decoded fragment.
func splitURL(u string) (string, string) {
	base, frag, _ := strings.Cut(u, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	return base, frag
}

// docFor returns the loaded document behind a resource URL and its display path.
func (s *Set) docFor(u string) (*reduce.Document, string) {
	s.loadedMu.Lock()
	d := s.urlDocs[u]
	s.loadedMu.Unlock()
	if d != nil {
		return d, d.Path
	}
	if p, ok := s.localPath(u); ok {
		s.loadedMu.Lock()
		d := s.loaded[p]
		s.loadedMu.Unlock()
		if d != nil {
			return d, d.Path
		}
		if s.ws != nil {
			return nil, s.ws.Display(p)
		}
		return nil, filepath.ToSlash(p)
	}
	return nil, u
}

func filePath(u string) (string, bool) {
	pu, err := url.Parse(u)
	if err != nil || pu.Scheme != "file" {
		return "", false
	}
	return filepath.Clean(filepath.FromSlash(pu.Path)), true
}

// schemaError turns a jsonschema compile error into a *SchemaError placed as
// precisely as the error allows.
func (s *Set) schemaError(pointer string, err error) *SchemaError {
	se := &SchemaError{Pointer: pointer, Msg: err.Error()}
	se.Doc, se.File = s.docFor(s.base)
	var pe *PatternError
	if errors.As(err, &pe) {
		se.Pattern = pe
		se.Msg = pe.Error()
	}
	var ire *jsonschema.InvalidRegexError
	var sve *jsonschema.SchemaValidationError
	var lue *jsonschema.LoadURLError
	var nfe *jsonschema.JSONPointerNotFoundError
	switch {
	case errors.As(err, &ire):
		u, frag := splitURL(ire.URL)
		se.Doc, se.File = s.docFor(u)
		se.Pointer = frag
	case errors.As(err, &sve):
		u, _ := splitURL(sve.URL)
		se.Doc, se.File = s.docFor(u)
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			var leaves []*jsonschema.ValidationError
			collectLeaves(ve, &leaves)
			if len(leaves) > 0 {
				l := leaves[0]
				se.Pointer = joinTokens(l.InstanceLocation)
				if fk, ok := l.ErrorKind.(*kind.Format); ok && errors.As(fk.Err, &pe) {
					se.Pattern = pe
					se.Msg = pe.Error()
				} else if se.Pattern == nil {
					se.Msg = "not a valid schema: " + l.ErrorKind.LocalizedString(printer)
				}
			}
		}
	case errors.As(err, &lue):
		se.Msg = fmt.Sprintf("reference to %s cannot be followed: %v", displayURL(s, lue.URL), unwrapLoad(lue.Err))
	case errors.As(err, &nfe):
		u, frag := splitURL(nfe.URL)
		d, file := s.docFor(u)
		se.Msg = fmt.Sprintf("reference target %s#%s does not exist", file, sourcePointer(d, frag))
	}
	se.Pointer = sourcePointer(se.Doc, se.Pointer)
	return se
}

func displayURL(s *Set, u string) string {
	if p, ok := filePath(u); ok && s.ws != nil {
		return s.ws.Display(p)
	}
	return u
}

func unwrapLoad(err error) error {
	var re *reduce.RefError
	if errors.As(err, &re) {
		return re
	}
	return err
}

// loader serves the files references reach: local files inside the
// workspace root, and Mirrors prefixes; never the network.
type loader struct{ s *Set }

func (l loader) Load(u string) (any, error) {
	s := l.s
	p, ok := s.localPath(u)
	if !ok {
		if s.opts.Unfetched {
			if pu, err := url.Parse(u); err == nil && (pu.Scheme == "http" || pu.Scheme == "https") {
				return map[string]any{unfetchedKeyword: u}, nil
			}
		}
		return nil, &reduce.RefError{Kind: reduce.RefRemote, Msg: "a remote reference; wirelint never fetches URLs"}
	}
	if s.ws == nil {
		return nil, &reduce.RefError{Kind: reduce.RefOutsideRoot, Msg: "outside the project directory; not followed"}
	}
	// a file holding a piece of a document (a bare schema, a split spec's
	// component) is read in the dialect of the document referring to it;
	// reading confines it (outside the root or in .git, nothing else is
	// asked), and a file the revision already read is not asked for again
	doc, err := s.ws.LoadFragment(p, "", s.dialect)
	if err != nil {
		var outside *fsroot.OutsideError
		switch {
		case errors.As(err, &outside) || errors.Is(err, fsroot.ErrGit):
			return nil, &reduce.RefError{Kind: reduce.RefOutsideRoot, Msg: "outside the project directory; not followed"}
		case errors.Is(err, fs.ErrNotExist):
			return nil, &reduce.RefError{Kind: reduce.RefUnresolved, Msg: "no file " + s.ws.Display(p)}
		}
		return nil, &reduce.RefError{Kind: reduce.RefBadFile, Msg: err.Error()}
	}
	d := s.dialect
	if doc.Dialect.IsOpenAPI() || reduce.Value(doc.Root, "$schema") != nil {
		d = doc.Dialect
	}
	v, shared := s.opts.Shared.get(p, d)
	if !shared {
		if v, err = reduce.Decode(doc.Root); err != nil {
			return nil, &reduce.RefError{Kind: reduce.RefBadFile, Msg: fmt.Sprintf("%s: %v", at(doc.Path, err), err)}
		}
	}
	file := doc.Path
	s.loadedMu.Lock()
	s.loaded[p] = doc
	s.urlDocs[u] = doc
	if id := reduce.Value(doc.Root, "$id"); id != nil && reduce.IsString(id) {
		if pu, err := url.Parse(id.Value); err == nil && pu.IsAbs() {
			base, _, _ := strings.Cut(id.Value, "#")
			s.urlDocs[base] = doc // schema locations inside use its $id
			if i := strings.LastIndexByte(base, '/'); i >= 0 && (pu.Scheme == "http" || pu.Scheme == "https") {
				if _, taken := s.mirrors[base[:i+1]]; !taken {
					s.mirrors[base[:i+1]] = filepath.Dir(p) // its relative references read its folder
				}
			}
		}
	}
	s.loadedMu.Unlock()
	if !shared {
		Translate(v, d)
		hoist(v, d)
	}
	s.loadedMu.Lock()
	s.values[u] = v
	s.loadedMu.Unlock()
	if shared {
		return v, nil // nothing in it was refused when it was prepared
	}
	problems := s.neutralize(v, file, doc)
	s.addProblems(problems)
	if len(problems) == 0 {
		s.opts.Shared.put(p, d, doc.Root)
	}
	return v, nil
}

// localPath maps a resource URL to a local file: file: URLs directly, other
// URLs through a Mirrors prefix.
func (s *Set) localPath(u string) (string, bool) {
	if p, ok := filePath(u); ok {
		return p, true
	}
	prefixes := make([]string, 0, len(s.mirrors))
	for prefix := range s.mirrors {
		prefixes = append(prefixes, prefix)
	}
	sort.Slice(prefixes, func(i, j int) bool { return len(prefixes[i]) > len(prefixes[j]) })
	mirrored := ""
	for _, prefix := range prefixes {
		if rest, ok := strings.CutPrefix(u, prefix); ok {
			p := filepath.Join(s.mirrors[prefix], filepath.FromSlash(rest))
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			mirrored = p
			break
		}
	}
	if mirrored != "" && s.exists(mirrored) {
		return mirrored, true
	}
	// the file that declares the URL as its $id
	base, _, _ := strings.Cut(u, "#")
	if s.opts.IDs != nil {
		if p, ok := s.opts.IDs(base); ok {
			return p, true
		}
	}
	// a relative reference resolved against an $id that does not match the
	// folder layout: where the same relative path leads on disk
	if p, ok := s.besideMirror(base, prefixes); ok {
		return p, true
	}
	return mirrored, mirrored != ""
}

// exists reports whether p is a file the workspace may read.
func (s *Set) exists(p string) bool {
	if s.ws == nil || !s.ws.Inside(p) {
		return false
	}
	_, err := s.ws.FS.Stat(p)
	return err == nil
}

// besideMirror maps u, on the host of a mirrored prefix but outside it, to
// the file the same relative path reaches from the prefix's directory.
func (s *Set) besideMirror(u string, prefixes []string) (string, bool) {
	pu, err := url.Parse(u)
	if err != nil || !pu.IsAbs() {
		return "", false
	}
	for _, prefix := range prefixes {
		pp, err := url.Parse(prefix)
		if err != nil || pp.Scheme != pu.Scheme || pp.Host != pu.Host {
			continue
		}
		rel, err := filepath.Rel(filepath.FromSlash(pp.Path), filepath.FromSlash(pu.Path))
		if err != nil {
			continue
		}
		if p := filepath.Join(s.mirrors[prefix], rel); s.exists(p) {
			return p, true
		}
	}
	return "", false
}

// Locate returns the 1-based line and column of pointer in doc, falling back
// to the nearest enclosing node that exists (a translated keyword may be
// absent from the source). It returns the pointer actually located.
func Locate(doc *reduce.Document, pointer string) (line, col int, located string) {
	if doc == nil {
		return 0, 0, pointer
	}
	toks := reduce.SplitPointer(pointer)
	for i := len(toks); i >= 0; i-- {
		p := reduce.JoinPointer("", toks[:i]...)
		if n := reduce.Lookup(doc.Root, p); n != nil {
			// a keyword's key carries the position the author reads
			if i > 0 {
				parent := reduce.Lookup(doc.Root, reduce.JoinPointer("", toks[:i-1]...))
				if k, _ := reduce.Get(parent, toks[i-1]); k != nil {
					return k.Line, k.Column, p
				}
			}
			return n.Line, n.Column, p
		}
	}
	return 0, 0, pointer
}

// Compiled returns the compiled schema, for generators that walk its keywords
// (references resolved, dialects already translated).
func (sch *Schema) Compiled() *jsonschema.Schema { return sch.sch }

// Set returns the Set sch was compiled in.
func (sch *Schema) Set() *Set { return sch.set }

// Source returns the document and absolute pointer a compiled schema's
// Location (a URL with a JSON pointer fragment) names, and its node there;
// nils when the location is in no loaded document.
func (s *Set) Source(location string) (*reduce.Document, string, *reduce.Node) {
	u, frag := splitURL(location)
	doc, _ := s.docFor(u)
	if doc == nil {
		return nil, frag, nil
	}
	frag = sourcePointer(doc, frag)
	return doc, frag, reduce.Lookup(doc.Root, frag)
}

// maxRepairs bounds the keywords one compilation may drop.
const maxRepairs = 64

// repair drops the keywords a metaschema rejects (a `type: test-type`, a
// negative maxLength) from the value handed to the compiler, so one bad
// keyword does not stop every definition of its document from compiling.
// Each dropped keyword is listed by Problems. It reports whether anything was
// dropped.
func (s *Set) repair(err error) bool {
	var sve *jsonschema.SchemaValidationError
	if !errors.As(err, &sve) {
		return false
	}
	var ve *jsonschema.ValidationError
	if !errors.As(sve.Err, &ve) {
		return false
	}
	u, _ := splitURL(sve.URL)
	s.loadedMu.Lock()
	root := s.values[u]
	s.loadedMu.Unlock()
	if root == nil {
		return false
	}
	doc, file := s.docFor(u)
	var leaves []*jsonschema.ValidationError
	collectLeaves(ve, &leaves)
	dropped := false
	for _, l := range leaves {
		toks := l.InstanceLocation
		if len(toks) == 0 {
			continue
		}
		parent, ok := lookupValue(root, toks[:len(toks)-1]).(map[string]any)
		key := toks[len(toks)-1]
		if !ok {
			continue
		}
		if _, has := parent[key]; !has {
			continue
		}
		delete(parent, key)
		dropped = true
		s.addProblems([]*SchemaError{{
			File: file, Doc: doc, Pointer: sourcePointer(doc, joinTokens(toks)),
			Msg: fmt.Sprintf("%s is not valid (%s) and is ignored", key, l.ErrorKind.LocalizedString(printer)),
		}})
	}
	return dropped
}

func lookupValue(v any, toks []string) any {
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			v = x[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
