package config

import (
	"reflect"
	"testing"
)

// TestDocsKeys: the docs keys of issue 26 decode into the configuration
// (repository, ignore-links, site generator, taxonomy records, a level's
// from and column).
func TestDocsKeys(t *testing.T) {
	dir := project(t)
	c, err := Parse([]byte(`version: 1
docs:
  repository: acme/wire
  ignore-links: ["g", "/glossary/*"]
  site: {content: [docs], generator: hugo}
  taxonomy:
    - root: docs
      records: folder
      levels:
        - {name: year, values: ["2024"], column: Year}
        - {name: status, values: [implementable], from: "sidecar:kep.yaml:status"}
`), ".wirelint.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Docs
	if d.Repository != "acme/wire" || !reflect.DeepEqual(d.IgnoreLinks, []string{"g", "/glossary/*"}) || d.Site.Generator != "hugo" {
		t.Errorf("docs = %+v, site %+v", d, d.Site)
	}
	tax := d.Taxonomy[0]
	if tax.Records != "folder" || tax.Levels[0].Column != "Year" || tax.Levels[1].From != "sidecar:kep.yaml:status" {
		t.Errorf("taxonomy = %+v", tax)
	}
}
