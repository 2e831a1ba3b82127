package parity_test

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/parity"
)

// TestKubernetesControlSet runs parity on the same Kubernetes API served as
// Swagger 2.0 and as OpenAPI 3.0 (testdata/kubernetes-v2-v3): the documents
// differ only in form, so there is nothing to report.
func TestKubernetesControlSet(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "kubernetes-v2-v3")
	for _, group := range []string{"batch.v1", "apiextensions.k8s.io.v1"} {
		t.Run(group, func(t *testing.T) {
			fs, pairs := runReal(t, dir, "v2_"+group+".json", "v3_"+group+".json", parity.Options{})
			for _, f := range fs {
				t.Errorf("unexpected %s %s %s: %s", f.Rule, f.Definition, f.Pointer, f.Message)
			}
			if pairs < 100 {
				t.Errorf("only %d schema pairs compared; the control set is not being exercised", pairs)
			}
		})
	}
}

// TestKubernetesGolden runs kube-openapi's golden pair. Five of its test types
// declare a different v3 definition on purpose; parity must see exactly those
// and, with them excluded, report no error or warning.
func TestKubernetesGolden(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "kubernetes-v2-v3")
	deliberate := []string{"custom.Bac", "custom.Bah", "valuevalidation.Foo2", "valuevalidation.Foo3", "valuevalidation.Foo5"}
	fs, _ := runReal(t, dir, "golden.v2.json", "golden.v3.json", parity.Options{})
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.Definition] = true
	}
	for _, d := range deliberate {
		if !seen[d] {
			t.Errorf("the deliberate difference in %s was not reported", d)
		}
	}
	fs, _ = runReal(t, dir, "golden.v2.json", "golden.v3.json", parity.Options{Exclude: deliberate})
	for _, f := range fs {
		if f.Severity >= report.SeverityWarning {
			t.Errorf("unexpected %s: %s %s: %s", f.Severity, f.Definition, f.Pointer, f.Message)
		}
	}
}

func runReal(t *testing.T, dir, canonical, mirror string, opts parity.Options) ([]report.Finding, int) {
	t.Helper()
	ws := reduce.NewWorkspace(dir)
	cd, err := ws.Load(filepath.Join(dir, canonical), canonical)
	if err != nil {
		t.Fatal(err)
	}
	md, err := ws.Load(filepath.Join(dir, mirror), mirror)
	if err != nil {
		t.Fatal(err)
	}
	res := parity.Check(ws, cd, md, opts)
	fs := append(res.Findings, description.Check(res.Pairs)...)
	return report.Finalize(fs), len(res.Pairs)
}
