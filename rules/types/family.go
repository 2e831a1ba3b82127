package types

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Entry is one types entry of a configuration: a schema and the code types
// that mirror it. The family's configuration section is []Entry.
type Entry struct {
	// Canonical is the JSON Schema or OpenAPI document.
	Canonical string
	// Mirror lists source files and folders.
	Mirror []string
	// Language forces the reader ("" = from each file's extension).
	Language string
	// Options are the family's options.
	Options Options
}

// Family is the types family: the types a mirror's source declares against
// the schema they mirror. Each entry's schema is loaded in its group; the
// source is read inside the project by the language's reader.
var Family = &family.Family{
	Name:  "types",
	Doc:   "code types that drifted from the schema they mirror",
	Rules: Rules,
	Scope: family.Grouped,
	Entries: func(section any) []family.Entry {
		var out []family.Entry
		for i, e := range section.([]Entry) {
			out = append(out, family.Entry{Name: fmt.Sprintf("types[%d]", i), Documents: []string{e.Canonical}, Value: e})
		}
		return out
	},
	Run: func(p *family.Pass) (family.Output, error) {
		fs, err := p.EachEntry(func(en family.Entry) ([]report.Finding, error) {
			e := en.Value.(Entry)
			var paths []string
			for _, m := range e.Mirror {
				paths = append(paths, p.Path(m))
			}
			set, err := read.Files(paths, read.Options{Language: e.Language, FS: p.Workspace.FS, Display: p.Workspace.Display, MaxFileSize: p.Limits.FileSize})
			if err != nil {
				return nil, fmt.Errorf("types: %w", err)
			}
			if len(set.Decls) == 0 {
				return nil, fmt.Errorf("types: %s: no type declarations of %s read", strings.Join(e.Mirror, ", "), languageNames(e.Language))
			}
			return Check(Input{Canonical: p.Doc(e.Canonical), Resolver: p.Workspace, Mirror: set, Options: e.Options}), nil
		})
		return family.Output{Findings: fs}, err
	},
}

// languageNames names what a mirror was read as.
func languageNames(language string) string {
	if language != "" {
		return language
	}
	return strings.Join(read.Languages, ", ")
}

// SectionOf turns a configuration's types entries into the family's section.
func SectionOf(cfg *config.Config) []Entry {
	var out []Entry
	for _, t := range cfg.Types {
		out = append(out, Entry{Canonical: t.Canonical, Mirror: t.Mirror, Language: t.Language, Options: Options{
			Renames: t.Names, Direction: Direction(t.Direction), Int64AsString: t.Int64 == "string",
			Opaque: t.Opaque, Include: t.Include, Ignore: t.Ignore, Emptiness: t.Emptiness,
		}})
	}
	return out
}
