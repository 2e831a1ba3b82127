package reduce

import (
	"path/filepath"
	"testing"
)

// refPathSeeds are referring files and $ref paths as split specs write
// them, and the corners Join cleans.
var refPathSeeds = []struct{ from, p string }{
	{"/r/spec/resources/apps/apps_list.yml", "responses/list_apps.yml"},
	{"/r/spec/resources/apps/responses/list_apps.yml", "../models/app.yml"},
	{"/r/spec/resources/apps/responses/list_apps.yml", "../../../shared/meta.yml"},
	{"/r/spec/a.yml", "./b.yml"},
	{"/a.yml", "../../x.yml"},
	{"/", "x"},
	{"/r/a.yml", "b/./c.yml"},
	{"/r/a.yml", "b//c.yml"},
	{"/r/a.yml", "b/../c.yml"},
	{"/r/a.yml", "b/"},
	{"/r/a.yml", ".."},
	{"/r/a.yml", ""},
	{"/r/./a.yml", "b.yml"},
	{"/r//a.yml", "b.yml"},
	{"r/a.yml", "b.yml"},
	{"", "b.yml"},
	{"/r/a.yml/", "b.yml"},
	{"/r/a.yml", "/b.yml"},
}

// TestRefPath: the file a relative $ref names is the one Join names, for
// the paths split specs write and for every corner Clean would change.
func TestRefPath(t *testing.T) {
	for _, c := range refPathSeeds {
		if got, want := refPath(c.from, c.p), filepath.Join(filepath.Dir(c.from), filepath.FromSlash(c.p)); got != want {
			t.Errorf("refPath(%q, %q) = %q, want %q", c.from, c.p, got, want)
		}
	}
}

// FuzzRefPath holds refPath to filepath.Join(filepath.Dir(from), p) for
// any referring path and any $ref path.
func FuzzRefPath(f *testing.F) {
	for _, c := range refPathSeeds {
		f.Add(c.from, c.p)
	}
	f.Fuzz(func(t *testing.T, from, p string) {
		if got, want := refPath(from, p), filepath.Join(filepath.Dir(from), filepath.FromSlash(p)); got != want {
			t.Fatalf("refPath(%q, %q) = %q, want %q", from, p, got, want)
		}
	})
}
