// Package family declares what a rule family is to the runner, in the spirit
// of golang.org/x/tools/go/analysis: a Family is data (its name, its rules,
// how its configuration section splits into entries, what it needs) plus one
// Run over a Pass. Each family declares its value in its own family.go;
// runner/registry.go lists them, and nothing else outside a family's folder
// imports it.
//
// The package sits below every family and above reduce and report: a family
// imports it, it imports no family and not the runner. Results one family
// hands another (x/tools' ResultType) are types declared here, since no
// family imports another.
package family

import (
	"path/filepath"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Scope says where the runner runs a family's pass.
type Scope int

// Scopes, in the order a group runs them.
const (
	// Grouped families read documents: the runner loads the documents their
	// entries name in one group (documents no entry spans sit in different
	// groups) and runs one pass per group holding the group's entries.
	Grouped Scope = iota
	// Loaded families read every document a group ended up loading (the files
	// $refs reach included): one pass per group, after its Grouped passes.
	Loaded
	// Standalone families read no configured document: one pass per run,
	// outside every group (the docs family scans a folder itself).
	Standalone
)

// Entry is one piece of a family's configuration section: the documents it
// reads and the family's own value for it.
type Entry struct {
	// Name names the entry in an error: "parity[0]", "refs".
	Name string
	// Documents are the paths the entry reads, as configured (relative to the
	// configuration's folder unless absolute); loaded before the pass runs,
	// all in one group. Empty = the group's every document, for an entry that
	// reads whatever its group holds (refs without roots, compat).
	Documents []string
	// Fragments marks documents that may be pieces of a split document: one
	// that no other entry names and that is not a schema document is loaded
	// as a fragment when it holds a $ref, and skipped otherwise.
	Fragments bool
	// Value is the family's own entry type; its Run asserts it.
	Value any
}

// Family is one rule family: data plus one Run. A zero Entries or Run is a
// programmer error the registry's test catches.
type Family struct {
	// Name is the family's name, the first part of its rule ids.
	Name string
	// Doc is one line: what the family checks.
	Doc string
	// Rules are the family's rules, as declared in its rules.go.
	Rules []report.Rule
	// Scope says where its pass runs.
	Scope Scope
	// Requires names families whose passes run first in the same group; their
	// Output.Result is in Pass.ResultOf.
	Requires []string
	// Entries splits the family's configuration section (the value the
	// registry reads from the run's configuration, of the family's own type)
	// into entries; none runs nothing of the family. nil = the family has no
	// section: it runs in every group its first required family ran in, on
	// that family's entries (description follows parity).
	Entries func(section any) []Entry
	// Run checks the entries of one pass.
	Run func(*Pass) (Output, error)
	// Finish, when set, rewrites a group's findings once ignores have removed
	// what the user silenced (parity folds the payloads that prove a keyword
	// difference into that difference's finding here). nil = nothing.
	Finish func(p *Pass, kept []report.Finding) []report.Finding
	// FinishReads names families whose Result Finish reads from
	// Pass.ResultOf; unlike Requires, they need not run first. Any other
	// Result is dropped as soon as the passes that require it have run, so
	// it does not stay in memory while the rest of the group runs.
	FinishReads []string
	// Prepare, when set, is called as soon as one document of a group has
	// loaded, on the goroutine that loaded it, while the group's other
	// documents may still be loading: work the family's Run would begin with
	// on that document alone, done on a core the loads leave idle (parity
	// indexes and projects a lone canonical file while the mirror parses).
	// p holds the family's entries in the group, its Workspace, Resolver and
	// Limits (no Documents yet); path is the document as the entries name
	// it. It must give Run what Run would have computed itself, whatever
	// else has loaded by then; what it returns (nil = nothing) reaches Run as
	// Pass.Prepared[doc].
	Prepare func(p *Pass, path string, doc *reduce.Document) any
	// Compares marks a family that compares documents with an earlier
	// revision of them (compat): the runner fills Pass.Revisions before its
	// Run, reading the revision itself; nil Revisions = nothing to compare.
	Compares bool
}

// Output is what one pass produced.
type Output struct {
	// Findings are the pass's findings, located, with default severities.
	Findings []report.Finding
	// Result is the typed value families that require this one read through
	// Pass.ResultOf (nil = none).
	Result any
}

// Pass is what one Run sees: the entries it runs, their documents loaded
// into one workspace, and the run's confinement, budgets and naming.
type Pass struct {
	// Family is the family the pass runs.
	Family *Family
	// Entries are the family's entries this pass runs (a Grouped family's
	// share of one group; every entry of a Standalone family).
	Entries []Entry
	// Workspace holds the group's documents (nil for a Standalone pass).
	Workspace *reduce.Workspace
	// Resolver follows $refs between the group's documents as the run
	// configures it (the workspace itself unless the run maps URLs).
	Resolver reduce.Resolver
	// Documents are the group's loaded documents, in order of first mention;
	// for a Loaded pass, every document the workspace holds.
	Documents []*reduce.Document
	// Doc returns the loaded document of a configured path (nil = not loaded:
	// a folder argument's file that is not a schema document).
	Doc func(path string) *reduce.Document
	// Dir is the configuration's folder (the working directory for a
	// command): configured paths resolve against it.
	Dir string
	// Root is the project folder no read may leave.
	Root string
	// FS confines every read to Root and the widened folders.
	FS *fsroot.Root
	// Limits are the run's budgets, defaults filled in.
	Limits limits.Limits
	// Display names an absolute file as findings and messages name it.
	Display func(abs string) string
	// FromRepo names an absolute file from the repository root, as every
	// location is named in the end.
	FromRepo func(abs string) string
	// Parallel runs named tasks under the run's task budget (at most
	// GOMAXPROCS at a time) and returns their findings in task order, or the
	// first error; a panic in one is an error naming it.
	Parallel func(names []string, fns []func() ([]report.Finding, error)) ([]report.Finding, error)
	// ResultOf holds, per required family's name, the Result of its pass in
	// the same group (nil when it did not run).
	ResultOf map[string]any
	// Revisions are the two revisions a family that Compares reads (nil
	// for any other family, or when there is nothing to compare).
	Revisions *Revisions
	// Prepared holds what the family's Prepare returned for each document
	// of the group it prepared (nil when it has no Prepare).
	Prepared map[*reduce.Document]any
}

// EachEntry checks every entry with check under the run's task budget (see
// Parallel), each task named by its entry, and returns the findings in
// entry order, or the first error.
func (p *Pass) EachEntry(check func(Entry) ([]report.Finding, error)) ([]report.Finding, error) {
	names := make([]string, len(p.Entries))
	fns := make([]func() ([]report.Finding, error), len(p.Entries))
	for i, en := range p.Entries {
		names[i] = en.Name
		fns[i] = func() ([]report.Finding, error) { return check(en) }
	}
	return p.Parallel(names, fns)
}

// Revisions are the two revisions of the documents a family that Compares
// reads. The runner prepares them — reads a git revision's files into a
// folder of its own, or loads OLD beside NEW — and the family compares: it
// reads no git history and walks no folder itself.
type Revisions struct {
	// Base and Head hold each revision's documents and resolve $refs inside
	// that revision.
	Base, Head *reduce.Workspace
	// Pairs are the documents compared, in the order they are reported.
	Pairs []RevisionPair
	// Paired maps the absolute path of each file compared on its own, in
	// either revision, to the key its two revisions share (its path in the
	// revision; "" when only one revision has it): a $ref into such a file
	// is not followed, since what it reaches is reported where it is
	// compared.
	Paired map[string]string
}

// RevisionPair is one document in the base revision and the same document
// in the head revision.
type RevisionPair struct {
	// Base is the document in the base revision.
	Base *reduce.Document
	// Head is the document in the head revision (nil = the head revision
	// lacks it: it was removed).
	Head *reduce.Document
	// Removed names, when Head is nil, where the head revision lacks the
	// document, as findings name a file.
	Removed string
}

// Path resolves a configured path against the pass's Dir.
func (p *Pass) Path(rel string) string {
	if filepath.IsAbs(rel) {
		return filepath.Clean(rel)
	}
	return filepath.Join(p.Dir, filepath.FromSlash(rel))
}

// Payload is the evidence a differential disagreement carries, handed to
// the parity family so the payload is reported with the keyword difference
// it proves instead of as a second finding.
type Payload struct {
	// Finding is the disagreement as the differential family reported it;
	// it names the pair's files in Locations, the definition and pointer.
	Finding report.Finding
	// Payload is the JSON payload one side accepts and the other rejects.
	Payload any
	// AcceptedBy and RejectedBy are "canonical" or "mirror".
	AcceptedBy, RejectedBy string
	// Text is the payload as the finding's detail shows it.
	Text string
}

// Payloads is the differential family's Result.
type Payloads []Payload

// PerDocument splits a section that lists documents into one entry per
// document, each holding value, so each reads the group its document is in;
// a section listing none is one entry that reads every group's documents.
func PerDocument(name string, docs []string, fragments bool, value any) []Entry {
	if len(docs) == 0 {
		return []Entry{{Name: name, Value: value}}
	}
	out := make([]Entry, len(docs))
	for i, d := range docs {
		out[i] = Entry{Name: name, Documents: []string{d}, Fragments: fragments, Value: value}
	}
	return out
}

// Named returns the loaded documents the pass's entries name, or all of the
// pass's documents when its entries name none.
func (p *Pass) Named() []*reduce.Document {
	var out []*reduce.Document
	named := false
	for _, e := range p.Entries {
		for _, path := range e.Documents {
			named = true
			if d := p.Doc(path); d != nil {
				out = append(out, d)
			}
		}
	}
	if !named {
		return p.Documents
	}
	return out
}
