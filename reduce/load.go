package reduce

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/internal/limits"
)

// Dialect names the language a document's schemas are written in.
type Dialect string

// Dialects wirelint reads.
const (
	Draft04     Dialect = "draft-04"
	Draft06     Dialect = "draft-06"
	Draft07     Dialect = "draft-07"
	Draft201909 Dialect = "2019-09"
	Draft202012 Dialect = "2020-12"
	Swagger20   Dialect = "swagger-2.0"
	OpenAPI30   Dialect = "openapi-3.0"
	OpenAPI31   Dialect = "openapi-3.1"
)

// IsOpenAPI reports whether d is Swagger 2.0 or an OpenAPI 3.x dialect.
func (d Dialect) IsOpenAPI() bool { return d == Swagger20 || d == OpenAPI30 || d == OpenAPI31 }

// RefSiblingsIgnored reports whether keywords beside a $ref are ignored, as in
// Swagger 2.0, OpenAPI 3.0 and JSON Schema drafts up to 07.
func (d Dialect) RefSiblingsIgnored() bool {
	switch d {
	case Swagger20, OpenAPI30, Draft04, Draft06, Draft07:
		return true
	}
	return false
}

// ArrayItemsIsTuple reports whether an array-valued `items` means a tuple
// (every dialect before 2020-12).
func (d Dialect) ArrayItemsIsTuple() bool { return d != Draft202012 && d != OpenAPI31 }

// Definition is one named schema of a document: an entry of $defs,
// definitions or components/schemas.
type Definition struct {
	// Name is the entry's key.
	Name string
	// Pointer is the absolute JSON pointer of the schema in its document.
	Pointer string
	// Key is the mapping key node (its position is the definition's position).
	Key *Node
	// Node is the schema node.
	Node *Node
}

// Document is one loaded file.
type Document struct {
	// Path is the file as the user named it, slash-separated; used in output.
	Path string
	// Rev is the git revision the file was read at ("" = the working tree);
	// a location in it carries it beside Path, never inside it.
	Rev string
	// Abs is the absolute, cleaned path.
	Abs string
	// Root is the document's top-level node (a mapping, or a boolean schema).
	Root *Node
	// Dialect is the schema language of the document.
	Dialect Dialect
	// DialectGuessed is true when nothing in the file names its dialect (no
	// $schema, openapi or swagger key) or spells it ($defs, definitions, id),
	// so Dialect is the default; a $ref from an OpenAPI document reads such a
	// file in the referrer's dialect instead (Workspace.LoadFragment).
	DialectGuessed bool

	schemaFile bool // a schema file read in its OpenAPI referrer's dialect; see RootDefinition
	// givenVersion is the OpenAPI version the configuration gives the file
	// ("" = none), read when it has no openapi or swagger key
	givenVersion string
	// VersionGiven is the version the document was read as when the
	// configuration gave it, the file naming none ("" = the file's own).
	VersionGiven string
	// Format is "json" or "yaml".
	Format string
	// Definitions lists the named schemas in document order.
	Definitions []*Definition

	byName    map[string]*Definition
	byPointer map[string]*Definition
	sitesOnce sync.Once
	sites     [][]SchemaSite // every schema site, found once, in chunks; see WalkSchemas

	lookupMu sync.Mutex
	lookups  map[string]*Node // pointer → node, see Lookup

	memo memoTable // see Memo

	source []byte // the text parsed, nil for a tree built in memory; see MayHoldKey
}

// MayHoldKey reports whether a mapping of the document may have key as a
// key: false only when the text it was parsed from spells key nowhere, not
// even through an escape sequence a quoted key could use (\u in JSON; \x,
// \u, \U or an escaped line break in YAML), so a scan of the tree for that
// key would find nothing. A document built in memory may hold any key.
func (d *Document) MayHoldKey(key string) bool {
	if d.source == nil || bytes.Contains(d.source, []byte(key)) {
		return true
	}
	for rest := d.source; ; {
		i := bytes.IndexByte(rest, '\\')
		if i < 0 || i+1 >= len(rest) {
			return false
		}
		switch rest[i+1] {
		case 'u', 'U', 'x', '\n', '\r':
			return true
		case '\\':
			i++ // an escaped backslash escapes nothing after it
		}
		rest = rest[i+1:]
	}
}

// Lookup follows the absolute JSON pointer p from the document's root and
// remembers the answer: many $refs name the same few targets.
func (d *Document) Lookup(p string) *Node {
	d.lookupMu.Lock()
	defer d.lookupMu.Unlock()
	if n, ok := d.lookups[p]; ok {
		return n
	}
	n := Lookup(d.Root, p)
	if d.lookups == nil {
		d.lookups = map[string]*Node{}
	}
	d.lookups[p] = n
	return n
}

// Definition returns the definition called name, or nil.
func (d *Document) Definition(name string) *Definition { return d.byName[name] }

// DefinitionAt returns the definition whose schema sits exactly at pointer, or nil.
func (d *Document) DefinitionAt(pointer string) *Definition { return d.byPointer[pointer] }

// LoadError is an input problem that stops a document from being read. It names
// the file and, where there is one, the line.
type LoadError struct {
	File   string
	Line   int // 1-based; 0 = unknown
	Column int // 1-based; 0 = unknown
	Msg    string
	// Err is the cause callers may test for with errors.Is (ErrNotDocument),
	// nil for most problems.
	Err error
}

// ErrNotDocument marks a well-formed JSON or YAML file that is neither a JSON
// Schema nor an OpenAPI document — often a piece of one (a path item, a
// response, a bare schema) that other files $ref. Workspace.LoadFragment reads
// such files.
var ErrNotDocument = errors.New("neither a JSON Schema nor an OpenAPI document")

// Unwrap returns the cause, for errors.Is.
func (e *LoadError) Unwrap() error { return e.Err }

func (e *LoadError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// MaxFileSize is the default file-size budget of a document, in bytes;
// Workspace.MaxFileSize overrides it.
const MaxFileSize = fsroot.DefaultMaxFileSize

// MaxNodes is the default nodes-per-document budget: a document's size in
// nodes with YAML aliases expanded; Workspace.MaxNodes overrides it.
const MaxNodes = limits.DefaultNodes

// nodeBudget returns max, or MaxNodes for 0.
func nodeBudget(max int) int {
	if max <= 0 {
		return MaxNodes
	}
	return max
}

// LoadFile reads, through root, and parses the regular file at path, held to
// the run's reading budgets in lim (file size, nodes, depth, enum members;
// a zero field is its default). display is the path used in messages and
// output ("" = path). root is required: a nil root reads nothing.
func LoadFile(root *fsroot.Root, lim limits.Limits, path, display string) (*Document, error) {
	doc, err := loadTree(root, lim.FileSize, budgetsOf(lim), path, display)
	if err != nil {
		return nil, err
	}
	if err := doc.classify(); err != nil {
		return nil, err
	}
	return doc, nil
}

// loadTree reads, through root, and parses the file at path without telling
// what kind of document it is: Dialect is empty and no definition is indexed.
// max is the file-size budget in bytes (0 = MaxFileSize), b the budgets of
// the tree.
func loadTree(root *fsroot.Root, max int64, b treeBudgets, path, display string) (*Document, error) {
	return readTree(root, max, path, display, func(data []byte, file string) (*Document, error) { return parseTree(data, file, b) })
}

// readTree is loadTree with the parse step given: parse turns the file's
// bytes into its tree (file names it in errors).
func readTree(root *fsroot.Root, max int64, path, display string, parse func(data []byte, file string) (*Document, error)) (*Document, error) {
	if display == "" {
		display = filepath.ToSlash(path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, &LoadError{File: display, Msg: err.Error()}
	}
	data, err := root.ReadFile(path, max)
	if err != nil {
		return nil, &LoadError{File: display, Msg: readErrorText(err), Err: err}
	}
	doc, err := parse(data, display)
	if err != nil {
		return nil, err
	}
	doc.Abs = abs
	return doc, nil
}

// readErrorText says why a file could not be read, without repeating its path.
func readErrorText(err error) string {
	var outside *fsroot.OutsideError
	var pe *fs.PathError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "no such file"
	case errors.As(err, &outside):
		return strings.TrimPrefix(outside.Error(), filepath.ToSlash(outside.Path)+" ")
	case errors.As(err, &pe):
		return strings.TrimPrefix(pe.Err.Error(), fsroot.ErrNotRegular.Error()+": ")
	}
	return err.Error()
}

var discardLogger = slog.New(slog.NewTextHandler(io.Discard, nil))

// Parse parses data as a JSON Schema or OpenAPI document. file names it in errors.
func Parse(data []byte, file string) (*Document, error) {
	doc, err := parseTree(data, file, treeBudgets{})
	if err != nil {
		return nil, err
	}
	if err := doc.classify(); err != nil {
		return nil, err
	}
	return doc, nil
}

// utf8BOM is the byte order mark some editors write at the start of a file.
var utf8BOM = []byte("\xef\xbb\xbf")

// treeBudgets bound one document's tree; a zero field is its default.
type treeBudgets struct {
	// nodes is the nodes-per-document budget (0 = MaxNodes).
	nodes int
	// depth is the nesting budget (0 = MaxDepth).
	depth int
	// enum is the most members one enum lists (0 = MaxEnum).
	enum int
}

// budgetsOf returns the tree budgets of lim.
func budgetsOf(lim limits.Limits) treeBudgets {
	return treeBudgets{nodes: int(lim.Nodes), depth: int(lim.Depth), enum: int(lim.Enum)}
}

// MaxEnum is the default enum budget: the most members one enum lists;
// Workspace.MaxEnum overrides it.
const MaxEnum = limits.DefaultEnum

// parseTree parses data into a Document whose kind is not yet told. A file
// named .json must be JSON (RFC 8259), not YAML that looks like it; keys are
// unique in every mapping; a leading byte order mark is skipped. A .json
// file is held to the node and enum budgets by a pass over its bytes before
// any tree is built, so one far over them costs no memory; any other file is
// held to them by scanYAMLBudgets, which counts a lower bound of the tree's
// nodes and each enum's members before parsing, and exactly once parsed.
func parseTree(data []byte, file string, b treeBudgets) (*Document, error) {
	maxNodes, maxDepth := nodeBudget(b.nodes), b.depth
	if maxDepth <= 0 {
		maxDepth = MaxDepth
	}
	maxEnum := b.enum
	if maxEnum <= 0 {
		maxEnum = MaxEnum
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	trimmed := bytes.TrimSpace(data)
	switch {
	case len(trimmed) == 0:
		return nil, &LoadError{File: file, Msg: "empty file"}
	case bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data):
		return nil, &LoadError{File: file, Msg: "binary file, not JSON or YAML"}
	}
	format := "yaml"
	if trimmed[0] == '{' || trimmed[0] == '[' {
		format = "json"
	}
	if strings.EqualFold(filepath.Ext(file), ".json") {
		r := scanJSONBudgets(data, jsonBudgets{depth: maxDepth, nodes: maxNodes, enum: maxEnum})
		if r.tooDeep >= 0 {
			line, col := lineCol(data, r.tooDeep)
			return nil, &LoadError{File: file, Line: line, Column: col, Msg: DepthError(maxDepth).Error()}
		}
		if err := overBudget(file, data, r.tooMany, r.bigEnum, maxNodes, maxEnum); err != nil {
			return nil, err
		}
		if !r.ok {
			return nil, notJSON(file, data)
		}
		format = "json"
	} else {
		r := scanYAMLBudgets(data, jsonBudgets{depth: maxDepth, nodes: maxNodes, enum: maxEnum})
		if err := overBudget(file, data, r.tooMany, r.bigEnum, maxNodes, maxEnum); err != nil {
			return nil, err
		}
	}
	top, quick := (*Node)(nil), false
	if format == "yaml" {
		top, quick = quickYAML(data)
	}
	if !quick {
		var err error
		if top, err = libopenapiTree(data, file, format); err != nil {
			return nil, err
		}
	}
	// one walk of the tree finds duplicate keys, big enums and whether any
	// YAML alias is there; only then are the aliases' expansions counted (a
	// JSON document has none). An alias bomb is reported before anything
	// else, so when the walk stops early at a problem, whether an alias lies
	// beyond it is asked again.
	alias, treeErr := checkTree(file, top, maxNodes, maxEnum)
	if treeErr != nil && !alias {
		alias = hasAlias(top)
	}
	if alias {
		if err := checkExpansion(top, maxNodes, maxDepth); err != nil {
			return nil, &LoadError{File: file, Line: top.Line, Msg: err.Error()}
		}
	}
	if treeErr != nil {
		return nil, treeErr
	}
	return &Document{Path: file, Root: top, Format: format, source: data}, nil
}

// libopenapiTree parses data, in format "json" or "yaml", with libopenapi
// (go-yaml underneath) and returns its top node. file names it in errors.
func libopenapiTree(data []byte, file, format string) (*Node, error) {
	// libopenapi parses both JSON and YAML into one node tree with positions. The
	// document check is bypassed so JSON Schema documents load too; its logger
	// writes to stdout by default, so it gets a silent one.
	cfg := &datamodel.DocumentConfiguration{
		BypassDocumentCheck: true,
		SkipJSONConversion:  true,
		Logger:              discardLogger,
	}
	oa, err := libopenapi.NewDocumentWithConfiguration(data, cfg)
	if err != nil {
		return nil, parseError(file, data, format, err)
	}
	info := oa.GetSpecInfo()
	root := info.RootNode
	if root == nil || len(root.Content) == 0 {
		return nil, parseError(file, data, format, errors.New("no document"))
	}
	top := root.Content[0]
	if top.Kind == yaml.ScalarNode && top.Value == string(data) && len(data) > 0 && top.Tag == "!!str" && (format == "json" || strings.ContainsAny(string(bytes.TrimSpace(data)), ":{[")) {
		// the bypassed check stands in a string node for what it could not parse
		return nil, parseError(file, data, format, nil)
	}
	return top, nil
}

// MaxDepth is the default nesting budget of a document, as encoding/json
// bounds it; Workspace.MaxDepth overrides it.
const MaxDepth = 10000

// maxNesting is the nesting budget validJSON's tests use.
const maxNesting = MaxDepth

// DepthError is the error for a document or payload nesting deeper than max
// levels, naming the budget.
func DepthError(max int) error {
	return fmt.Errorf("nesting deeper than %d levels, over the nesting budget (%s)", max, limits.Hint("max-depth"))
}

// notJSON explains why a .json file is not JSON, with the position
// encoding/json finds.
func notJSON(file string, data []byte) error {
	if err := parseError(file, data, "json", nil); err != nil {
		var le *LoadError
		if errors.As(err, &le) && strings.HasPrefix(le.Msg, "malformed JSON") {
			return err
		}
	}
	return &LoadError{File: file, Msg: "malformed JSON: a .json file must be JSON (RFC 8259), not YAML"}
}

// CheckKeys rejects a mapping that holds a key twice, at the second
// occurrence: parsers disagree on which value wins (the last, usually; the
// first, in some), so the document means different things to different
// readers. It also bounds the number of nodes (maxNodes; 0 = MaxNodes), and tags
// as numbers the plain scalars written as numbers that the YAML library
// left as strings because they lie beyond float64 (1e400): a number keeps
// its exact value, read with Number.
func CheckKeys(file string, top *Node, maxNodes int) error {
	_, err := checkTree(file, top, maxNodes, 0)
	return err
}

// nodesError and enumError say which budget a document is over.
func nodesError(max int) string {
	return fmt.Sprintf("more than %d nodes: over the nodes-per-document budget (%s)", max, limits.Hint("max-nodes"))
}

func enumError(max int) string {
	return fmt.Sprintf("an enum of more than %d members: over the enum budget (%s)", max, limits.Hint("max-enum"))
}

// checkTree is CheckKeys that also holds every enum (the sequence value of a
// key named enum) to maxEnum members (0 = no bound), and reports whether the
// nodes it walked hold a YAML alias (it does not follow one).
func checkTree(file string, top *Node, maxNodes, maxEnum int) (alias bool, err error) {
	maxNodes = nodeBudget(maxNodes)
	stack := []*Node{top}
	nodes := 0
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes++
		if nodes > maxNodes {
			return alias, &LoadError{File: file, Line: n.Line, Column: n.Column, Msg: nodesError(maxNodes)}
		}
		if n.Kind == yaml.ScalarNode && n.Tag == "!!str" && n.Style == 0 && isPlainNumber(n.Value) {
			n.Tag = "!!float"
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; maxEnum > 0 && i+1 < len(n.Content); i += 2 {
				if v := n.Content[i+1]; n.Content[i].Value == "enum" && v.Kind == yaml.SequenceNode && len(v.Content) > maxEnum {
					at := v.Content[maxEnum]
					return alias, &LoadError{File: file, Line: at.Line, Column: at.Column, Msg: enumError(maxEnum)}
				}
			}
			if k, first := duplicateKey(n); k != nil {
				return alias, &LoadError{File: file, Line: k.Line, Column: k.Column,
					Msg: fmt.Sprintf("duplicate key %q (first at line %d, column %d); parsers disagree on which value wins, so keep one", k.Value, first.Line, first.Column)}
			}
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			if c := n.Content[i]; c.Kind != yaml.AliasNode {
				stack = append(stack, c)
			} else {
				alias = true
			}
		}
	}
	return alias, nil
}

// plainNumber matches a plain scalar that YAML 1.2 and JSON read as a number
// (the YAML library's float syntax, which JSON numbers are a subset of).
var plainNumber = lazyre.New(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)

// isPlainNumber is plainNumber().MatchString behind a test of the first byte:
// CheckKeys asks it of every plain string scalar (every YAML key among
// them), and almost none starts as a number does.
func isPlainNumber(s string) bool {
	if s == "" || !strings.ContainsRune("+-.0123456789", rune(s[0])) {
		return false
	}
	return plainNumber().MatchString(s)
}

// duplicateKey returns the second occurrence of a repeated scalar key of the
// mapping m and its first occurrence, or nils. YAML merge keys (<<) may repeat.
func duplicateKey(m *Node) (second, first *Node) {
	pairs := len(m.Content) / 2
	if pairs < 2 {
		return nil, nil
	}
	if pairs <= 16 {
		for i := 1; i < pairs; i++ {
			k := m.Content[2*i]
			if k.Kind != yaml.ScalarNode || k.Value == "<<" {
				continue
			}
			for j := 0; j < i; j++ {
				if f := m.Content[2*j]; f.Kind == yaml.ScalarNode && f.Value == k.Value {
					return k, f
				}
			}
		}
		return nil, nil
	}
	seen := make(map[string]*Node, pairs)
	for i := 0; i < pairs; i++ {
		k := m.Content[2*i]
		if k.Kind != yaml.ScalarNode || k.Value == "<<" {
			continue
		}
		if f, ok := seen[k.Value]; ok {
			return k, f
		}
		seen[k.Value] = k
	}
	return nil, nil
}

// classify tells the document's dialect and indexes its definitions, or
// fails when it is neither kind.
func (d *Document) classify() error {
	if err := classify(d); err != nil {
		return err
	}
	d.indexDefinitions()
	return nil
}

// parseError re-parses data with a decoder that reports where it failed, and
// returns a LoadError with that position.
func parseError(file string, data []byte, format string, cause error) error {
	if format == "json" {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				off := int(se.Offset) - 1 // Offset is just past the offending byte
				if off < 0 {
					off = 0
				}
				line, col := lineCol(data, off)
				return &LoadError{File: file, Line: line, Column: col, Msg: "malformed JSON: " + strings.TrimPrefix(se.Error(), "invalid character ")}
			}
			return &LoadError{File: file, Msg: "malformed JSON: " + err.Error()}
		}
	}
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return yamlError(file, err)
	}
	if cause != nil {
		return &LoadError{File: file, Msg: cleanLibError(cause.Error())}
	}
	return &LoadError{File: file, Msg: "cannot be parsed as JSON or YAML"}
}

var (
	yamlLineRE = lazyre.New(`^(?:yaml: )?(?:line (\d+)(?::(\d+))?: )?(.*)$`)
	yamlAtRE   = lazyre.New(`^(?:go-yaml )?(?:load )?error in \w+ (?:\((.*?)\) )?at L(\d+)\.C(\d+)(?:-L\d+\.C\d+)?: (.*)$`)
)

func yamlError(file string, err error) error {
	msg := strings.TrimSpace(strings.SplitN(err.Error(), "\n", 2)[0])
	msg = strings.TrimPrefix(msg, "yaml: ")
	if m := yamlAtRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		what := m[4]
		if m[1] != "" {
			what += " (" + m[1] + ")"
		}
		return &LoadError{File: file, Line: line, Column: col, Msg: "malformed YAML: " + what}
	}
	if m := yamlLineRE().FindStringSubmatch(msg); m != nil && m[1] != "" {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &LoadError{File: file, Line: line, Column: col, Msg: "malformed YAML: " + m[3]}
	}
	return &LoadError{File: file, Msg: "malformed YAML: " + msg}
}

func cleanLibError(s string) string {
	s = strings.TrimPrefix(s, "unable to parse specification: ")
	return strings.SplitN(s, "\n", 2)[0]
}

func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line, col := 1, 1
	for _, r := range string(data[:off]) {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// hasAlias reports whether the tree under n holds a YAML alias. The parser
// bounds nesting, so the recursion is bounded too.
func hasAlias(n *Node) bool {
	if n.Kind == yaml.AliasNode {
		return true
	}
	for _, c := range n.Content {
		if hasAlias(c) {
			return true
		}
	}
	return false
}

// checkExpansion rejects documents whose YAML aliases expand past maxNodes
// (alias bombs; 0 = MaxNodes) or refer to their own ancestors.
func checkExpansion(top *Node, maxNodes, maxDepth int) error {
	maxNodes = nodeBudget(maxNodes)
	if !hasAlias(top) {
		return nil
	}
	const inProgress = -1
	size := map[*Node]int{}
	var walk func(n *Node, depth int) (int, error)
	walk = func(n *Node, depth int) (int, error) {
		if n == nil {
			return 0, nil
		}
		if depth > maxDepth {
			return 0, DepthError(maxDepth)
		}
		if s, ok := size[n]; ok {
			if s == inProgress {
				return 0, errors.New("a YAML alias refers to a node that contains it")
			}
			return s, nil
		}
		size[n] = inProgress
		total := 1
		if n.Kind == yaml.AliasNode {
			s, err := walk(n.Alias, depth+1)
			if err != nil {
				return 0, err
			}
			total += s
		}
		for _, c := range n.Content {
			s, err := walk(c, depth+1)
			if err != nil {
				return 0, err
			}
			total += s
			if total > maxNodes {
				return 0, fmt.Errorf("YAML aliases expand to more than %d nodes (an alias bomb?), over the nodes-per-document budget (%s)", maxNodes, limits.Hint("max-nodes"))
			}
		}
		size[n] = total
		return total, nil
	}
	_, err := walk(top, 0)
	return err
}

// schemaAnchors are the keywords of which a document without openapi, swagger
// or a JSON Schema $schema must hold at least one at its root to be read as a
// schema: together with a root made only of schema keywords, they tell a
// schema from the many YAML and JSON files that merely share a key with one
// (a compose file's services, a Helm values file's items, package.json's
// dependencies).
var schemaAnchors = []string{"type", "properties", "$defs", "definitions", "allOf", "anyOf", "oneOf", "$ref"}

var jsonTypes = map[string]bool{"object": true, "array": true, "string": true, "number": true, "integer": true, "boolean": true, "null": true}

// notDocument is the error for a well-formed file of another kind.
func notDocument(doc *Document, at *Node, why string) error {
	return &LoadError{File: doc.Path, Line: at.Line, Column: at.Column, Msg: "neither a JSON Schema nor an OpenAPI document: " + why, Err: ErrNotDocument}
}

// metaSchemaURI reports whether a $schema value names a JSON Schema or
// OpenAPI dialect. Configuration files point $schema at the schema that
// validates them (tsconfig, biome.json, ARM templates at schemastore.org or
// their vendor); that makes them instances, not schemas.
func metaSchemaURI(u string) bool {
	return strings.Contains(u, "json-schema.org/") || strings.Contains(u, "spec.openapis.org/oas/")
}

// classify sets doc.Dialect, or fails when the document is neither kind.
// A document is an OpenAPI or Swagger document by its openapi or swagger key,
// a JSON Schema by a $schema naming a JSON Schema dialect, or by a root made
// only of schema keywords (and x- extensions) holding at least one of
// schemaAnchors, with type naming JSON types.
func classify(doc *Document) error {
	top := doc.Root
	if top.Kind == yaml.ScalarNode && top.Tag == "!!bool" {
		doc.Dialect = Draft202012
		return nil
	}
	if top.Kind != yaml.MappingNode {
		return notDocument(doc, top, "the top level is not an object")
	}
	if k, v := Get(top, "openapi"); k != nil {
		ver := ""
		if v != nil {
			ver = v.Value
		}
		switch {
		case strings.HasPrefix(ver, "3.0"):
			doc.Dialect = OpenAPI30
		case strings.HasPrefix(ver, "3.1"), strings.HasPrefix(ver, "3.2"):
			doc.Dialect = OpenAPI31
		default:
			return &LoadError{File: doc.Path, Line: k.Line, Column: k.Column, Msg: fmt.Sprintf("unsupported OpenAPI version %q (want 3.0.x, 3.1.x or swagger 2.0)", ver)}
		}
		return nil
	}
	if k, v := Get(top, "swagger"); k != nil {
		if v == nil || !strings.HasPrefix(v.Value, "2") {
			return &LoadError{File: doc.Path, Line: k.Line, Column: k.Column, Msg: "unsupported swagger version (want 2.0)"}
		}
		doc.Dialect = Swagger20
		return nil
	}
	if v := doc.givenVersion; v != "" {
		// the configuration's versions: a swagger-jsdoc fragment (paths and
		// components, the version in the definition that merges them)
		switch {
		case v == "2.0":
			doc.Dialect = Swagger20
		case strings.HasPrefix(v, "3.0"):
			doc.Dialect = OpenAPI30
		default:
			doc.Dialect = OpenAPI31
		}
		doc.VersionGiven = v
		return nil
	}
	if v := Value(top, "$schema"); v != nil && IsString(v) && metaSchemaURI(v.Value) {
		doc.Dialect = dialectFromSchemaURI(v.Value)
		return nil
	}
	if err := schemaRoot(doc, top); err != nil {
		return err
	}
	// No $schema: guess from the spelling the author used.
	switch {
	case Value(top, "$defs") != nil:
		doc.Dialect = Draft202012
	case Value(top, "id") != nil && Value(top, "$id") == nil && IsString(Value(top, "id")):
		doc.Dialect = Draft04
	case Value(top, "definitions") != nil:
		doc.Dialect = Draft07
	default:
		doc.Dialect = Draft202012
		doc.DialectGuessed = true
	}
	return nil
}

// schemaRoot checks that a root without a $schema, openapi or swagger key
// reads as a schema: every key a schema keyword or an x- extension, at least
// one of schemaAnchors, and type (when present) naming JSON types.
func schemaRoot(doc *Document, top *Node) error {
	anchored := false
	var reason error
	Pairs(top, func(k, v *Node) bool {
		if _, ok := LookupKeyword(k.Value); !ok {
			reason = notDocument(doc, k, fmt.Sprintf("%q is not a schema keyword, and there is no openapi, swagger or JSON Schema $schema key", k.Value))
			return false
		}
		if k.Value == "type" && !namesJSONTypes(v) {
			reason = notDocument(doc, k, "type names no JSON type, and there is no openapi, swagger or JSON Schema $schema key")
			return false
		}
		for _, a := range schemaAnchors {
			anchored = anchored || k.Value == a
		}
		return true
	})
	if reason != nil {
		return reason
	}
	if !anchored {
		return notDocument(doc, top, "no openapi, swagger or JSON Schema $schema key, and none of type, properties, $defs, definitions, allOf, anyOf, oneOf or $ref at the top level")
	}
	return nil
}

// namesJSONTypes reports whether a type value is a JSON type name or a
// non-empty list of them.
func namesJSONTypes(v *Node) bool {
	if v == nil {
		return false
	}
	if IsString(v) {
		return jsonTypes[v.Value]
	}
	items := Items(v)
	for _, e := range items {
		if !jsonTypes[e.Value] {
			return false
		}
	}
	return len(items) > 0
}

func dialectFromSchemaURI(u string) Dialect {
	switch {
	case strings.Contains(u, "draft-04"):
		return Draft04
	case strings.Contains(u, "draft-06"):
		return Draft06
	case strings.Contains(u, "draft-07"):
		return Draft07
	case strings.Contains(u, "2019-09"):
		return Draft201909
	case strings.Contains(u, "spec.openapis.org/oas/3.1"):
		return OpenAPI31
	}
	return Draft202012
}

// DefinitionContainers returns the pointers under which d keeps named schemas.
func (d *Document) DefinitionContainers() []string {
	switch d.Dialect {
	case OpenAPI30, OpenAPI31:
		return []string{"/components/schemas"}
	case Swagger20:
		return []string{"/definitions"}
	}
	return []string{"/$defs", "/definitions"}
}

func (d *Document) indexDefinitions() {
	d.byName = map[string]*Definition{}
	d.byPointer = map[string]*Definition{}
	for _, container := range d.DefinitionContainers() {
		Pairs(Lookup(d.Root, container), func(k, v *Node) bool {
			def := &Definition{Name: k.Value, Pointer: JoinPointer(container, k.Value), Key: k, Node: v}
			if _, dup := d.byName[def.Name]; !dup {
				d.byName[def.Name] = def
			}
			d.byPointer[def.Pointer] = def
			d.Definitions = append(d.Definitions, def)
			return true
		})
	}
}

// overBudget is the error for a document whose pre-scan passed the nodes
// budget at byte tooMany or an enum's budget at bigEnum (-1 = held), placed
// at that byte; nil when both held. The JSON and YAML scans share it.
func overBudget(file string, data []byte, tooMany, bigEnum, maxNodes, maxEnum int) error {
	switch {
	case tooMany >= 0:
		line, col := lineCol(data, tooMany)
		return &LoadError{File: file, Line: line, Column: col, Msg: nodesError(maxNodes)}
	case bigEnum >= 0:
		line, col := lineCol(data, bigEnum)
		return &LoadError{File: file, Line: line, Column: col, Msg: enumError(maxEnum)}
	}
	return nil
}
