package bench

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/index"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/ref"
)

// digitalOcean is the multi-file OpenAPI 3.0 spec of the corpus: 2,907 YAML
// files, its root reaching 9,510 cross-file $refs (and 5 dangling refs in 57
// files it never reaches).
const digitalOcean = "perf/digitalocean/specification"

// corpusDir returns the DigitalOcean spec folder of the corpus, skipping tb
// when it is absent.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir := corpus(tb)
	spec := filepath.Join(dir, filepath.FromSlash(digitalOcean))
	if st, err := os.Stat(spec); err != nil || !st.IsDir() {
		tb.Skipf("no DigitalOcean spec at %s (set WIRELINT_CORPUS)", spec)
	}
	return spec
}

// checkDigitalOcean resolves every $ref the DigitalOcean root reaches and
// returns the resolver and the number of findings.
func checkDigitalOcean(tb testing.TB, spec string) (*ref.Resolver, int) {
	ws := reduce.NewWorkspace(spec)
	root, err := ws.Load(filepath.Join(spec, "DigitalOcean-public.v2.yaml"), "")
	if err != nil {
		tb.Fatal(err)
	}
	r := ref.NewResolver(ws, ref.Options{})
	fs := r.Check([]*reduce.Document{root})
	return r, len(fs)
}

// TestDigitalOceanRefs pins the corpus facts: its 2,907 files hold 9,510
// cross-file $refs and 5 dangling ones, all 5 in the 57 files the root never
// reaches. Checked from the root, nothing is reported and every reachable
// cross-file ref (9,346: the 9,510 less the 164 in unreached files) resolves to
// the same node both ways; checked from every file, exactly the 5 dangling
// refs are reported.
func TestDigitalOceanRefs(t *testing.T) {
	spec := corpusDir(t)
	r, n := checkDigitalOcean(t, spec)
	if n != 0 {
		t.Errorf("%d findings on the DigitalOcean spec, want 0", n)
	}
	crossFile := 0
	for _, res := range r.Resolutions() {
		if strings.HasPrefix(res.Ref, "#") {
			continue
		}
		crossFile++
		if res.DiskErr != nil || res.IDErr != nil || res.Disk.Node != res.ID.Node {
			t.Errorf("%s: disk %v, $id %v", res.Ref, res.DiskErr, res.IDErr)
		}
	}
	if crossFile != 9346 {
		t.Errorf("%d reachable cross-file refs, want 9346", crossFile)
	}

	ws := reduce.NewWorkspace(spec)
	all := ref.NewResolver(ws, ref.Options{})
	var docs []*reduce.Document
	err := filepath.WalkDir(spec, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yml") && !strings.HasSuffix(p, ".yaml") {
			return err
		}
		doc, err := all.Load(p, "")
		if err != nil {
			return err
		}
		docs = append(docs, doc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	findings := all.Check(docs)
	crossFile = 0
	for _, res := range all.Resolutions() {
		if !strings.HasPrefix(res.Ref, "#") {
			crossFile++
		}
	}
	if len(docs) != 2907 || crossFile != 9510 || len(findings) != 5 {
		t.Errorf("from every file: %d files, %d cross-file refs, %d findings; want 2907, 9510, 5", len(docs), crossFile, len(findings))
	}
	for _, f := range findings {
		if f.Rule != ref.RuleUnresolved {
			t.Errorf("%s: %s %s", f.Primary(), f.Rule, f.Message)
		}
	}
}

// BenchmarkRefsDigitalOcean resolves the DigitalOcean spec from its root, both
// ways, loading every file it reaches. Compare with
// BenchmarkLibopenapiIndexDigitalOcean: the claim is at most 2x.
func BenchmarkRefsDigitalOcean(b *testing.B) {
	spec := corpusDir(b)
	for b.Loop() {
		if _, n := checkDigitalOcean(b, spec); n != 0 {
			b.Fatalf("%d findings", n)
		}
	}
}

// BenchmarkLibopenapiIndexDigitalOcean is the baseline: libopenapi indexing the
// same spec from its root with BasePath set, through its rolodex, which reads
// and indexes every file the root references.
func BenchmarkLibopenapiIndexDigitalOcean(b *testing.B) {
	spec := corpusDir(b)
	data, err := os.ReadFile(filepath.Join(spec, "DigitalOcean-public.v2.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for b.Loop() {
		var root yaml.Node
		if err := yaml.Unmarshal(data, &root); err != nil {
			b.Fatal(err)
		}
		cfg := index.CreateOpenAPIIndexConfig()
		cfg.BasePath = spec
		cfg.SpecFilePath = "DigitalOcean-public.v2.yaml"
		cfg.AllowFileLookup = true
		cfg.Logger = quiet
		rolodex := index.NewRolodex(cfg)
		fsys, err := index.NewLocalFSWithConfig(&index.LocalFSConfig{BaseDirectory: spec, IndexConfig: cfg, Logger: quiet})
		if err != nil {
			b.Fatal(err)
		}
		rolodex.AddLocalFS(spec, fsys)
		rolodex.SetRootNode(&root)
		if err := rolodex.IndexTheRolodex(context.Background()); err != nil {
			b.Fatal(err)
		}
		rolodex.CheckForCircularReferences()
		if n := len(rolodex.GetIndexes()); n < 2800 {
			b.Fatalf("libopenapi indexed %d files, want the ~2,850 the root reaches", n)
		}
	}
}
