package idref

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
)

// TestResolveAt pins the one-way resolution parity, diffcheck and compat use:
// a file path first; a name only an $id declares; a draft-07 plain name; and
// inside a schema embedded with its own $id, that schema's own definitions
// before the file's.
func TestResolveAt(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.json", `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "main",
  "definitions": {
    "Name": {"type": "integer"},
    "Inner": {
      "$id": "https://x.example/inner",
      "definitions": {"Name": {"type": "string"}},
      "properties": {"name": {"$ref": "#/definitions/Name"}}
    }
  }
}`)
	write("common.json", `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "EntityMeta",
  "definitions": {"relation": {"$id": "#relation", "type": "object"}}
}`)
	ws := reduce.NewWorkspace(dir)
	main, err := ws.Load(filepath.Join(dir, "main.json"), "main.json")
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(ws, Options{})
	tests := []struct{ ptr, ref, wantFile, wantPtr string }{
		{"", "#/definitions/Name", "main.json", "/definitions/Name"},
		{"/definitions/Inner/properties/name", "#/definitions/Name", "main.json", "/definitions/Inner/definitions/Name"},
		{"", "common.json#relation", "common.json", "/definitions/relation"},
		{"", "EntityMeta#relation", "common.json", "/definitions/relation"},
		{"", "EntityMeta", "common.json", ""},
	}
	for _, tc := range tests {
		got, err := r.ResolveAt(main, tc.ptr, tc.ref)
		if err != nil {
			t.Errorf("ResolveAt(%q, %q): %v", tc.ptr, tc.ref, err)
			continue
		}
		if filepath.Base(got.Doc.Abs) != tc.wantFile || got.Pointer != tc.wantPtr {
			t.Errorf("ResolveAt(%q, %q) = %s#%s, want %s#%s", tc.ptr, tc.ref, filepath.Base(got.Doc.Abs), got.Pointer, tc.wantFile, tc.wantPtr)
		}
	}
	if _, err := r.ResolveAt(main, "", "nowhere#/x"); err == nil {
		t.Error("ResolveAt of a name nothing declares: want an error")
	}
}

// TestFailingRemoteRefsListEachFolderOnce: an https $ref that no project file
// declares is searched for in the folders around its referrer; a thousand of
// them list each folder once, not once a reference (a schema at a project's
// root with 3,000 such $refs and 230 folders took 28 s, 1.4 million folder
// listings, before).
func TestFailingRemoteRefsListEachFolderOnce(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		if err := os.MkdirAll(filepath.Join(dir, "p"+strconv.Itoa(i), "q"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "s.json"), []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ws := reduce.NewWorkspace(dir)
	doc, err := ws.Load(filepath.Join(dir, "s.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(ws, Options{})
	resolve := func(n int) {
		for i := range n {
			if _, err := r.Resolve(doc, "https://example.com/s"+strconv.Itoa(i%7)+".json#/$defs/a"); Kind(err) != reduce.RefRemote {
				t.Fatalf("resolving a URL no file declares: %v, want a remote reference", err)
			}
		}
	}
	resolve(1)
	once := r.listed
	if once < 41 {
		t.Fatalf("the first failing reference listed %d folders; the project has 41 within reach", once)
	}
	resolve(1000)
	if r.listed != once {
		t.Errorf("1,000 more failing references listed %d folders more; each was listed already", r.listed-once)
	}
}

// TestIDValues: the $id and id values a file's text writes, found without
// parsing it — JSON and YAML, quoted or plain, nested too — and nothing a
// $ref, a property named "id" or a longer word ("valid", "uuid") holds.
func TestIDValues(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{`{"$id": "https://x.example/a.json", "properties": {"id": {"type": "string"}}}`, []string{"https://x.example/a.json"}},
		{`{"$ref": "https://x.example/a.json", "valid": "https://y", "uuid": "z"}`, nil},
		{`{"id" : "http:\/\/x.example\/draft4.json#", "$defs": {"B": {"$id": "b.json"}}}`, []string{"b.json", "http://x.example/draft4.json#"}},
		{"$id: https://x.example/a.yaml\nproperties:\n  id:\n    type: string\n  n: {$id: 'n.yaml'}\n- id: \"q.json\"\n", []string{"https://x.example/a.yaml", "n.yaml", "q.json"}},
		{`{"$id": "unterminated`, nil},
		{"valid: https://y.example\nuuid: z\nparams:\n  grid: w\n", nil},
	} {
		got := idValues([]byte(tc.text))
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.text, got, tc.want)
		}
	}
}

// TestDeclarersSearchOncePerRun: the project-wide search Declarers makes is
// shared by every workspace of a run (reduce.Shared): a second resolver,
// as the next group of a run has, lists no folder and finds the same
// declaring file. Before, each group read the whole project again (and
// parsed every file that declares any $id).
func TestDeclarersSearchOncePerRun(t *testing.T) {
	files := map[string]string{"vendor/common.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/common.json"}`}
	for i := range 20 {
		files["users/u"+strconv.Itoa(i)+".json"] = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/u` + strconv.Itoa(i) + `.json", "$ref": "https://example.com/common.json"}`
	}
	dir := casetest.WriteFiles(t, files)
	shared := reduce.NewShared()
	common, err := url.Parse("https://example.com/common.json")
	if err != nil {
		t.Fatal(err)
	}
	var first int
	for run := range 2 {
		ws := reduce.NewWorkspace(dir)
		ws.Shared = shared
		r := NewResolver(ws, Options{})
		decls, exact := r.Declarers(common)
		if len(decls) != 1 || !exact || filepath.Base(decls[0].Doc.Abs) != "common.json" {
			t.Fatalf("workspace %d: declarers %v (exact %v), want vendor/common.json", run, decls, exact)
		}
		if run == 0 {
			first = r.listed
		} else if r.listed != 0 {
			t.Errorf("the second workspace listed %d folders; the first had searched them (%d)", r.listed, first)
		}
	}
}

// TestUndeclaredURLSearchesNoFolder: a schema at a project's root refers to
// an https URL no file declares and to one a file in a subfolder declares.
// The first is remote at once — no file around the referrer is parsed to
// look for it (a root-level schema of Azure's resource manager schemas
// parsed all 3,155 files: 17 s, 2.5 GB) — and the second resolves, found
// in its folder as before.
func TestUndeclaredURLSearchesNoFolder(t *testing.T) {
	files := map[string]string{"root.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/root.json"}`}
	for i := range 30 {
		files["v"+strconv.Itoa(i)+"/s.json"] = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/v` + strconv.Itoa(i) + `/s.json"}`
	}
	dir := casetest.WriteFiles(t, files)
	ws := reduce.NewWorkspace(dir)
	doc, err := ws.Load(filepath.Join(dir, "root.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(ws, Options{})
	if _, err := r.Resolve(doc, "https://example.com/missing.json"); Kind(err) != reduce.RefRemote {
		t.Fatalf("a URL no file declares: %v, want a remote reference", err)
	}
	if n := len(r.indexes); n > 1 {
		t.Errorf("%d documents registered looking for a URL no file declares; want the referrer alone", n)
	}
	if tg, err := r.Resolve(doc, "https://example.com/v7/s.json"); err != nil || filepath.Base(filepath.Dir(tg.Doc.Abs)) != "v7" {
		t.Errorf("a URL v7/s.json declares: %v, %v", tg.Doc, err)
	}
}

// TestDeclaredNearReferrerOutsideRoot: a referrer outside the project's
// root (a file typed on the command line, its folder widened into the
// workspace) has folders the project's reading of $ids did not cover; a URL
// a file beside it declares is still found there.
func TestDeclaredNearReferrerOutsideRoot(t *testing.T) {
	project := casetest.WriteFiles(t, map[string]string{"p.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/p.json"}`})
	outside := casetest.WriteFiles(t, map[string]string{
		"x.json":     `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/x.json"}`,
		"sub/d.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/d.json"}`,
	})
	ws := reduce.NewWorkspace(project, outside)
	doc, err := ws.Load(filepath.Join(outside, "x.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	if tg, err := NewResolver(ws, Options{}).Resolve(doc, "https://example.com/d.json"); err != nil || filepath.Base(tg.Doc.Abs) != "d.json" {
		t.Errorf("a URL sub/d.json beside the referrer declares: %v, %v", tg.Doc, err)
	}
}

// The file a referrer's own $id places a URL at: the segments the $id's path
// and the referrer's path below the root end with are the same file, what
// precedes them on each side is where the project publishes that part of its
// tree.
func TestImpliedFile(t *testing.T) {
	const draft4 = `"$schema": "http://json-schema.org/draft-04/schema#"`
	project := casetest.WriteFiles(t, map[string]string{
		"schemas/2015-01-01/a.json": `{"id": "https://h.example/schemas/2015-01-01/a.json#", ` + draft4 + `}`,
		"spec/facets/f.json":        `{"$id": "https://h.example/spec/facets/1-0-1/f.json", "$schema": "https://json-schema.org/draft/2020-12/schema"}`,
		"api/v1/b.json":             `{"$id": "https://h.example/b.json", "$schema": "https://json-schema.org/draft/2020-12/schema"}`,
		"plain/c.json":              `{"$schema": "https://json-schema.org/draft/2020-12/schema"}`,
		"named/d.json":              `{"$id": "https://h.example/other/e.json", "$schema": "https://json-schema.org/draft/2020-12/schema"}`,
	})
	ws := reduce.NewWorkspace(project)
	r := NewResolver(ws, Options{})
	for _, c := range []struct {
		from, url, want string // want "" when no file is implied
	}{
		{"schemas/2015-01-01/a.json", "https://h.example/schemas/common/definitions.json", "schemas/common/definitions.json"},
		{"schemas/2015-01-01/a.json", "https://h.example/schemas/2016-06-01/Microsoft.Logic.json", "schemas/2016-06-01/Microsoft.Logic.json"},
		{"schemas/2015-01-01/a.json", "https://h.example/top.json", "top.json"},
		{"schemas/2015-01-01/a.json", "https://H.EXAMPLE/schemas/x.json", "schemas/x.json"}, // hosts compare without case
		{"schemas/2015-01-01/a.json", "http://h.example/schemas/x.json", ""},                // another scheme
		{"schemas/2015-01-01/a.json", "https://other.example/schemas/x.json", ""},
		{"schemas/2015-01-01/a.json", "https://h.example/schemas/x.json?v=1", ""},
		{"schemas/2015-01-01/a.json", "https://h.example/schemas/", ""}, // a folder
		// an escaped slash is a slash once decoded: no way up
		{"schemas/2015-01-01/a.json", "https://h.example/schemas/..%2F..%2F..%2Fetc%2Fpasswd", ""},
		// the $id adds a version folder the tree lacks: spec/facets/ is
		// published at /spec/facets/1-0-1/, nothing else is implied
		{"spec/facets/f.json", "https://h.example/spec/facets/1-0-1/g.json", "spec/facets/g.json"},
		{"spec/facets/f.json", "https://h.example/spec/2-0-2/OpenLineage.json", ""},
		// the root of the host is api/v1/
		{"api/v1/b.json", "https://h.example/c/d.json", "api/v1/c/d.json"},
		{"plain/c.json", "https://h.example/x.json", ""},       // no $id
		{"named/d.json", "https://h.example/other/x.json", ""}, // its $id names another file
	} {
		doc, err := ws.Load(filepath.Join(project, filepath.FromSlash(c.from)), "")
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(c.url)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := r.impliedFile(u, doc)
		want := ""
		if c.want != "" {
			want = filepath.Join(project, filepath.FromSlash(c.want))
		}
		if !ok {
			got = ""
		}
		if got != want || ok != (c.want != "") {
			t.Errorf("%s refers to %s: implied %q (%v), want %q", c.from, c.url, got, ok, want)
		}
	}
}

// TestSearchReadsOnlyFilesThatMayDeclare: in a folder of many schemas that
// each declare an $id (SchemaStore keeps 951 in one folder), a reference to
// a URL whose last segment one other file writes as an $id registers that
// file alone, and resolves there; the folder is not parsed whole. A
// reference to the meta-schema's URL ("schema"), which no file declares
// although one writes a nested $id ending in "schema", registers that one
// and stays remote.
func TestSearchReadsOnlyFilesThatMayDeclare(t *testing.T) {
	const draft = `"$schema": "https://json-schema.org/draft/2020-12/schema"`
	files := map[string]string{
		"json/a.json":      `{` + draft + `, "$id": "https://s.example/a.json", "properties": {"b": {"$ref": "https://s.example/b.json"}, "m": {"$ref": "http://json-schema.org/draft-07/schema#"}}}`,
		"json/b.json":      `{` + draft + `, "$id": "https://s.example/b.json"}`,
		"json/nested.json": `{` + draft + `, "$id": "https://s.example/nested.json", "$defs": {"x": {"$id": "https://other.example/schema"}}}`,
	}
	for i := range 40 {
		files["json/s"+strconv.Itoa(i)+".json"] = `{` + draft + `, "$id": "https://s.example/s` + strconv.Itoa(i) + `.json"}`
	}
	dir := casetest.WriteFiles(t, files)
	ws := reduce.NewWorkspace(dir)
	ws.Shared = reduce.NewShared()
	doc, err := ws.Load(filepath.Join(dir, "json", "a.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(ws, Options{})
	if _, err := r.Resolve(doc, "http://json-schema.org/draft-07/schema#"); Kind(err) != reduce.RefRemote {
		t.Fatalf("the meta-schema's URL: %v, want a remote reference", err)
	}
	if tg, err := r.Resolve(doc, "https://s.example/b.json"); err != nil || filepath.Base(tg.Doc.Abs) != "b.json" {
		t.Fatalf("a URL json/b.json declares: %v, %v", tg.Doc, err)
	}
	var registered []string
	for d := range r.indexes {
		registered = append(registered, filepath.Base(d.Abs))
	}
	slices.Sort(registered)
	if want := []string{"a.json", "b.json", "nested.json"}; !slices.Equal(registered, want) {
		t.Errorf("registered %v, want %v: the files that may declare the URLs looked for, and the referrer", registered, want)
	}
}

// TestTargetedSearchAgreesWithWholeSearch generates projects of schemas in
// a few folders, declaring $ids absolute and relative, at their roots and
// nested, with anchors, and resolves references from every file to URIs
// taken from the same pool: a resolver whose folder searches read only the
// files that may declare the URI (scanFor) reaches the same target, or
// fails the same way, as one whose searches read every file.
func TestTargetedSearchAgreesWithWholeSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	folders := []string{"", "a", "a/b", "c", "c/d/e", ".hidden", "node_modules/x"}
	uris := []string{"https://h.example/s/x.json", "https://h.example/s/y.json", "https://h.example/t/x.json",
		"https://o.example/schema", "x.json", "common", "y", "urn:thing:x", "https://h.example/s/"}
	const draft = `"$schema": "https://json-schema.org/draft/2020-12/schema"`
	for project := range 50 {
		files := map[string]string{}
		var names []string
		for i := range 2 + rng.IntN(8) {
			name := path.Join(folders[rng.IntN(len(folders))], "f"+strconv.Itoa(i)+".json")
			id := uris[rng.IntN(len(uris))]
			nested := uris[rng.IntN(len(uris))]
			ref := uris[rng.IntN(len(uris))]
			if rng.IntN(3) == 0 {
				ref += "#/$defs/n"
			} else if rng.IntN(3) == 0 {
				ref += "#here"
			}
			files[name] = fmt.Sprintf(`{%s, "$id": %q, "$defs": {"n": {"$id": %q, "$anchor": "here"}}, "properties": {"p": {"$ref": %q}}}`, draft, id, nested, ref)
			names = append(names, name)
		}
		dir := casetest.WriteFiles(t, files)
		shared := reduce.NewShared()
		newResolver := func(whole bool) (*reduce.Workspace, *Resolver) {
			ws := reduce.NewWorkspace(dir)
			ws.Shared = shared
			r := NewResolver(ws, Options{})
			if whole {
				ids := *r.projectIDs()
				ids.complete = false // as in a project too large to read: every search reads every file
				r.ids = &ids
			}
			return ws, r
		}
		slices.Sort(names)
		for _, name := range names {
			for q, ref := range uris {
				ref += []string{"", "#/$defs/n", "#here"}[(project+q)%3]
				var got [2]string
				for i, whole := range []bool{false, true} {
					ws, r := newResolver(whole)
					doc, err := ws.Load(filepath.Join(dir, filepath.FromSlash(name)), "")
					if err != nil {
						t.Fatal(err)
					}
					tg, err := r.Resolve(doc, ref)
					if err != nil {
						got[i] = fmt.Sprintf("error %v", Kind(err))
					} else {
						got[i] = ws.Display(tg.Doc.Abs) + "#" + tg.Pointer
					}
				}
				if got[0] != got[1] {
					t.Fatalf("project %d, %s refers to %s: targeted search %s, whole search %s\n%v", project, name, ref, got[0], got[1], files)
				}
			}
		}
	}
}
