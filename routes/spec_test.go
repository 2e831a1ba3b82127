package routes

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
)

// TestFromSpec reads paths and methods with every kind of base path: the
// first servers URL with its variables, a path item's and an operation's own
// servers, a local path item $ref, Swagger's basePath, and --base-path.
func TestFromSpec(t *testing.T) {
	for _, tc := range []struct {
		file string
		opt  SpecOptions
	}{
		{"openapi3.yaml", SpecOptions{}},
		{"swagger2.json", SpecOptions{}},
		{"swagger2.json", SpecOptions{BasePath: "/override", Override: true}},
	} {
		doc, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, filepath.Join("testdata", "spec", tc.file), "spec/"+tc.file)
		if err != nil {
			t.Fatal(err)
		}
		set, err := FromSpec(doc, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(tc.file, filepath.Ext(tc.file))
		if tc.opt.Override {
			name += "-override"
		}
		casetest.Golden(t, filepath.Join("testdata", "spec", name+".golden"), set.Dump())
	}
}
