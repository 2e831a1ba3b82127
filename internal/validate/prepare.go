package validate

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/guard"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// What rules/fixture and rules/differential share: compiling every document
// of a run, the finding for one that cannot be compiled, where a definition
// and a failing keyword are, and comparing payloads as JSON text.

// Prepared is one document compiled for validation.
type Prepared struct {
	Doc *reduce.Document
	// Set is the document's compiled schemas; nil when Err is set.
	Set *Set
	// Defs is the document's definitions, those its $refs reach in other
	// files included; nil when Err is set.
	Defs *Definitions
	// Err says why the document cannot be validated against (nil = it can).
	Err error
}

// uPattern is the default pattern check of Prepare: ECMA-262 in u mode, as
// JSON Schema reads patterns and as the regex rules judge them.
func uPattern(pattern string) error {
	_, err := ecmaregex.Parse(pattern, ecmaregex.Unicode)
	return err
}

// Prepare compiles every document and indexes its definitions, the
// documents in parallel. A nil opts.PatternCheck is uPattern, so patterns
// the regex rules call invalid are set aside and reported. A panic preparing
// one document becomes its Err.
func Prepare(ws *reduce.Workspace, docs []*reduce.Document, opts Options) []*Prepared {
	if opts.PatternCheck == nil {
		opts.PatternCheck = uPattern
	}
	out := make([]*Prepared, len(docs))
	var wg sync.WaitGroup
	for i, doc := range docs {
		p := &Prepared{Doc: doc}
		out[i] = p
		wg.Add(1)
		go func() {
			defer wg.Done()
			// another goroutine's panic escapes the runner's recover
			defer guard.Recover(&p.Err, "")
			if p.Set, p.Err = Compile(ws, doc, opts); p.Err == nil {
				p.Defs = IndexDefinitions(ws, doc)
			}
		}()
	}
	wg.Wait()
	return out
}

// Unprepared is rule's finding for a document Prepare could not compile, at
// the document's root; consequence says what goes unchecked ("no payload is
// compared").
func (p *Prepared) Unprepared(rule report.Rule, consequence string) report.Finding {
	return report.Finding{
		Rule: rule.ID, Severity: rule.Severity,
		Message:   fmt.Sprintf("%s cannot be prepared for validation: %v; %s", p.Doc.Path, p.Err, consequence),
		Locations: []report.Location{{File: p.Doc.Path, Line: p.Doc.Root.Line, Column: p.Doc.Root.Column}},
	}
}

// Location is where the definition is declared: its name's key, else its
// schema node.
func (d *NamedDefinition) Location() report.Location {
	n := d.Def.Key
	if n == nil {
		n = d.Def.Node
	}
	return report.Location{File: d.Doc.Path, Line: n.Line, Column: n.Column, Pointer: d.Def.Pointer}
}

// LocationOf is the location of pointer in doc, or of the nearest enclosing
// node there (see Locate).
func LocationOf(doc *reduce.Document, pointer string) report.Location {
	line, col, located := Locate(doc, pointer)
	return report.Location{File: doc.Path, Line: line, Column: col, Pointer: located}
}

// CompileError explains why the definition failed to compile with err (what
// its Compile returned): the message without the library's wrapping, and
// where the fault is, the keyword at fault when known, else the definition.
func (d *NamedDefinition) CompileError(err error) (string, report.Location) {
	if se, ok := err.(*SchemaError); ok {
		if se.Doc != nil {
			return se.Msg, LocationOf(se.Doc, se.Pointer)
		}
		return se.Msg, d.Location()
	}
	return err.Error(), d.Location()
}

// JSONText renders a payload value as compact JSON with sorted keys
// (json.Number stays as written), so equal values read the same.
func JSONText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

// ContainsJSON reports whether x is among values, compared as JSONText.
func ContainsJSON(values []any, x any) bool {
	t := JSONText(x)
	for _, v := range values {
		if JSONText(v) == t {
			return true
		}
	}
	return false
}
