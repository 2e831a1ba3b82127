package ref

import (
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Section is the family's configuration section.
type Section struct {
	// Documents are the roots whose references are followed (empty = every
	// document the run names).
	Documents []string
	// Mappings serve URL prefixes from local folders.
	Mappings []Mapping
}

// Family is the ref family: every $ref of the group's documents (or of its
// configured roots) resolved, and every $id checked. A root no other family
// names may be a piece of a split document: it is read as a fragment when it
// holds a $ref.
var Family = &family.Family{
	Name:  "ref",
	Doc:   "references that do not resolve, leave the project or clash",
	Rules: Rules,
	Scope: family.Grouped,
	Entries: func(section any) []family.Entry {
		if s, _ := section.(*Section); s != nil {
			return family.PerDocument("refs", s.Documents, true, s)
		}
		return nil
	},
	Run: func(p *family.Pass) (family.Output, error) {
		s := p.Entries[0].Value.(*Section)
		docs := p.Named()
		if len(docs) == 0 {
			return family.Output{}, nil
		}
		fs, err := p.Parallel([]string{"refs"}, []func() ([]report.Finding, error){func() ([]report.Finding, error) {
			return Check(p.Workspace, docs, Options{Mappings: s.Mappings}), nil
		}})
		return family.Output{Findings: fs}, err
	},
}
