package family

import (
	"github.com/wirelint/wirelint/report"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestPerDocument: a section listing documents is one entry per document,
// each reading its own group; one listing none is one entry that reads every
// group's documents.
func TestPerDocument(t *testing.T) {
	got := PerDocument("refs", []string{"a.json", "b.yaml"}, true, 7)
	want := []Entry{
		{Name: "refs", Documents: []string{"a.json"}, Fragments: true, Value: 7},
		{Name: "refs", Documents: []string{"b.yaml"}, Fragments: true, Value: 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("two documents: %+v, want %+v", got, want)
	}
	if got := PerDocument("regex", nil, false, 7); !reflect.DeepEqual(got, []Entry{{Name: "regex", Value: 7}}) {
		t.Errorf("no documents: %+v", got)
	}
}

// TestNamed: a pass whose entries name documents reads those that loaded;
// one whose entries name none reads all of its documents.
func TestNamed(t *testing.T) {
	a, b, c := &reduce.Document{Path: "a.json"}, &reduce.Document{Path: "b.json"}, &reduce.Document{Path: "c.json"}
	loaded := map[string]*reduce.Document{"a.json": a, "b.json": b, "c.json": c}
	p := &Pass{Documents: []*reduce.Document{a, b, c}, Doc: func(path string) *reduce.Document { return loaded[path] }}
	p.Entries = []Entry{{Documents: []string{"c.json"}}, {Documents: []string{"missing.json"}}, {Documents: []string{"a.json"}}}
	if got := p.Named(); !reflect.DeepEqual(got, []*reduce.Document{c, a}) {
		t.Errorf("named c, missing, a: got %v", got)
	}
	p.Entries = []Entry{{}}
	if got := p.Named(); !reflect.DeepEqual(got, p.Documents) {
		t.Errorf("naming none: got %v, want every document", got)
	}
}

// TestPath: a configured path resolves against the pass's folder unless it
// is absolute.
func TestPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the cases are slash-rooted paths")
	}
	p := &Pass{Dir: "/repo/svc"}
	for in, want := range map[string]string{"api.yaml": "/repo/svc/api.yaml", "../x/y.json": "/repo/x/y.json", "/abs/z.json": "/abs/z.json"} {
		if got := p.Path(in); got != want {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEachEntry pins that every entry is checked as a task named by the
// entry, and that findings come back in entry order whatever order the
// tasks ran in.
func TestEachEntry(t *testing.T) {
	var ran []string
	p := &Pass{
		Entries: []Entry{{Name: "e[0]", Value: "a"}, {Name: "e[1]", Value: "b"}},
		Parallel: func(names []string, fns []func() ([]report.Finding, error)) ([]report.Finding, error) {
			ran = names
			var out []report.Finding
			for i := len(fns) - 1; i >= 0; i-- { // run backwards: order comes from the slots
				fs, err := fns[i]()
				if err != nil {
					return nil, err
				}
				out = append(fs, out...)
			}
			return out, nil
		},
	}
	fs, err := p.EachEntry(func(en Entry) ([]report.Finding, error) {
		return []report.Finding{{Rule: "t/" + en.Value.(string)}}, nil
	})
	if err != nil || strings.Join(ran, ",") != "e[0],e[1]" || len(fs) != 2 || fs[0].Rule != "t/a" || fs[1].Rule != "t/b" {
		t.Errorf("ran %v, findings %+v, %v", ran, fs, err)
	}
}
