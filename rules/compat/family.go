package compat

import (
	"fmt"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Section is the family's configuration section: the breaking-change
// comparison of every group's documents with their version at a git
// revision, or of two paths.
type Section struct {
	// Against is the git revision (branch, tag, commit).
	Against string
	// Role is the side standalone JSON Schema definitions are used on.
	Role Side
	// Schemas names OpenAPI components compared as contracts of their own
	// even where no operation reaches them.
	Schemas []string
	// Documents are compared besides every group's documents (`wirelint
	// compat --against REV FILE...` names them; a check run needs none).
	Documents []string
	// Old and New, when New is set, are compared with each other instead of
	// with a revision: two files, or every document of folder New with the
	// file at the same place in folder Old (paths as the command line gives
	// them, from the working directory).
	Old, New string
}

// ParseRole reads a role as .wirelint.yaml and --role write it: produced,
// consumed or both ("" = both).
func ParseRole(s string) (Side, error) {
	switch s {
	case "produced":
		return Produced, nil
	case "consumed":
		return Consumed, nil
	case "both", "":
		return Both, nil
	}
	return 0, fmt.Errorf("role %q: want produced, consumed or both", s)
}

// Family is the compat family: each document compared with its earlier
// revision. The runner prepares the two revisions (Pass.Revisions: a git
// revision read into a folder of its own, or OLD loaded beside NEW); the
// family compares them pair by pair.
var Family = &family.Family{
	Name:     "compat",
	Doc:      "breaking changes between two revisions of a contract",
	Rules:    Rules,
	Scope:    family.Grouped,
	Compares: true,
	Entries: func(section any) []family.Entry {
		s, _ := section.(*Section)
		switch {
		case s == nil:
			return nil
		case s.New != "":
			// two paths, compared outside every group
			return []family.Entry{{Name: "compat", Value: s}}
		case s.Against != "":
			return family.PerDocument("compat", s.Documents, false, s)
		}
		return nil
	},
	Run: func(p *family.Pass) (family.Output, error) {
		rv := p.Revisions
		if rv == nil {
			return family.Output{}, nil
		}
		s := p.Entries[0].Value.(*Section)
		parts := schemaParts(rv)
		opts := Options{Role: s.Role, Schemas: s.Schemas, Paired: unpaired(rv.Paired, parts)}
		var out []report.Finding
		for _, pair := range rv.Pairs {
			if isPart(parts, pair) {
				continue // compared where the operations use it
			}
			if pair.Head == nil {
				out = append(out, Removed(rv.Base, pair.Base, pair.Removed, opts)...)
				continue
			}
			out = append(out, Check(rv.Base, rv.Head, pair.Base, pair.Head, opts)...)
		}
		return family.Output{Findings: out}, nil
	},
}

// schemaParts returns the absolute paths of the schema files (files that
// are not OpenAPI documents, or OpenAPI documents without operations: a
// split spec's components file) the operations of an OpenAPI document of
// the run reach, in either revision. Such a file is a piece of that API, not a
// contract of its own: it is compared where the operations use it, on
// their sides and in their dialect (nullable in a bare schema file an
// OpenAPI 3.0 response names), and not again on its own. The run's
// documents outside rv.Pairs (another group's, with --against) count too,
// as they are in head.
func schemaParts(rv *family.Revisions) map[string]bool {
	type side struct {
		ws  *reduce.Workspace
		doc *reduce.Document
	}
	var apis []side
	schemaFiles, inPairs := map[string]bool{}, map[string]bool{}
	for _, pair := range rv.Pairs {
		for _, s := range []side{{rv.Base, pair.Base}, {rv.Head, pair.Head}} {
			if s.doc == nil {
				continue
			}
			inPairs[s.doc.Abs] = true
			if hasOperations(s.doc) {
				apis = append(apis, s)
			} else {
				schemaFiles[s.doc.Abs] = true
			}
		}
	}
	for abs := range rv.Paired {
		if inPairs[abs] || !rv.Head.Inside(abs) || rv.Base.Inside(abs) {
			continue // a file of the pairs, or one folder mode reads in both revisions
		}
		doc, err := rv.Head.Load(abs, "")
		switch {
		case err != nil:
		case hasOperations(doc):
			apis = append(apis, side{rv.Head, doc})
		default:
			schemaFiles[abs] = true
		}
	}
	parts := map[string]bool{}
	if len(schemaFiles) == 0 || len(apis) == 0 {
		return parts
	}
	for _, s := range apis {
		u := newUsage(s.ws)
		u.markOperations(s.doc)
		for abs := range u.files {
			if schemaFiles[abs] && abs != s.doc.Abs {
				parts[abs] = true
			}
		}
	}
	return parts
}

// hasOperations reports whether doc is an OpenAPI document with paths or
// webhooks.
func hasOperations(doc *reduce.Document) bool {
	if !doc.Dialect.IsOpenAPI() {
		return false
	}
	for _, key := range []string{"paths", "webhooks"} {
		v := reduce.Deref(reduce.Value(doc.Root, key))
		if v != nil && (v.Kind != reduce.MappingNode || len(v.Content) > 0) {
			return true
		}
	}
	return false
}

// isPart reports whether a pair is a schema file the operations reach.
func isPart(parts map[string]bool, pair family.RevisionPair) bool {
	return parts[pair.Base.Abs] || pair.Head != nil && parts[pair.Head.Abs]
}

// unpaired is paired without the schema files in parts (in both
// revisions): a $ref into one is followed where it is written.
func unpaired(paired map[string]string, parts map[string]bool) map[string]string {
	if len(parts) == 0 {
		return paired
	}
	keys := map[string]bool{}
	for abs := range parts {
		if key := paired[abs]; key != "" {
			keys[key] = true
		}
	}
	out := make(map[string]string, len(paired))
	for abs, key := range paired {
		if !parts[abs] && !keys[key] {
			out[abs] = key
		}
	}
	return out
}
