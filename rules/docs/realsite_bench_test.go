package docs

import (
	"os"
	"testing"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// BenchmarkRealSite checks a real documentation site read from a path
// (WIRELINT_DOCS_SITE, e.g. an extracted open-telemetry/opentelemetry.io:
// a Hugo site of about 1,000 English pages and 3,900 files); skipped when
// unset. The target is under 1 s and 200 MB.
func BenchmarkRealSite(b *testing.B) {
	dir := os.Getenv("WIRELINT_DOCS_SITE")
	if dir == "" {
		b.Skip("WIRELINT_DOCS_SITE is not set")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Check(dir, Options{FS: fsroot.New(dir)}); err != nil {
			b.Fatal(err)
		}
	}
}
