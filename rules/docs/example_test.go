package docs

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/report"
)

// TestFrameWire checks the bundled example's docs with its .wirelint.yaml
// taxonomy: exactly the four drifts its README lists — the renamed heading a
// link still names, the stale anchor a comment cites, the stream-event table
// missing patch, and the RFC moved from accepted/ to implemented/ without its
// index entry — and nothing else.
func TestFrameWire(t *testing.T) {
	t.Setenv("PATH", "") // walk the example, as a checkout without git would
	opts := benchTaxonomy("docs/rfc", "docs/rfc/README.md", []string{"draft", "accepted", "implemented", "superseded"})
	opts.FS = fsroot.New("../..")
	fs, err := Check("../../examples/frame-wire", opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range report.Finalize(fs) {
		got = append(got, f.Primary().String()+" "+f.Rule)
	}
	want := []string{
		"../../examples/frame-wire/docs/events.md:6:23 docs/table-drift",
		"../../examples/frame-wire/docs/rfc/README.md:18:29 docs/index-mismatch",
		"../../examples/frame-wire/docs/streaming.md:22:18 docs/broken-link",
		"../../examples/frame-wire/server/frames.go:59:41 docs/broken-ref",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// benchTaxonomy is the RFC taxonomy of the example and the benchmark: the
// given lifecycles, the six classes, status lines checked.
func benchTaxonomy(root, index string, lifecycles []string) Options {
	return Options{Taxonomies: []Taxonomy{{
		Root: root, Index: index,
		Levels: []Level{
			{Name: "lifecycle", Values: lifecycles, Status: `^Status:\s*(\w+)`},
			{Name: "class", Values: benchClasses},
		},
	}}}
}
