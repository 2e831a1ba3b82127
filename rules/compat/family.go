package compat

import (
	"fmt"

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
		opts := Options{Role: s.Role, Schemas: s.Schemas, Paired: rv.Paired}
		var out []report.Finding
		for _, pair := range rv.Pairs {
			if pair.Head == nil {
				out = append(out, Removed(rv.Base, pair.Base, pair.Removed, opts)...)
				continue
			}
			out = append(out, Check(rv.Base, rv.Head, pair.Base, pair.Head, opts)...)
		}
		return family.Output{Findings: out}, nil
	},
}
