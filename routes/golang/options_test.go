package golang

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// TestOptions pins what ExtractWith's options select: the named program's
// routes only (and an error naming the programs for a folder holding
// none; a program only the default build builds is no error in the tagged
// variants), and the build the tags name, whose tagged file then registers the
// routes the default build's stub does not.
func TestOptions(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"go.mod":          "module example.com/app\n",
		"cmd/api/main.go": "package main\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/app/ext\"\n)\n\nfunc main() {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc(\"GET /items\", nil)\n\text.Setup(mux)\n\thttp.ListenAndServe(\":1\", mux)\n}\n",
		"cmd/exp/main.go": "//go:build !search\n\npackage main\n\nimport \"net/http\"\n\nfunc main() {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc(\"GET /metrics\", nil)\n\thttp.ListenAndServe(\":2\", mux)\n}\n",
		"ext/on.go":       "//go:build search\n\npackage ext\n\nimport \"net/http\"\n\nfunc Setup(mux *http.ServeMux) { mux.HandleFunc(\"GET /search\", nil) }\n",
		"ext/off.go":      "//go:build !search\n\npackage ext\n\nimport \"net/http\"\n\nfunc Setup(mux *http.ServeMux) { mux.HandleFunc(\"GET /off\", nil) }\n",
	})
	display := func(p string) string {
		rel, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(rel)
	}
	extract := func(opt Options) (string, error) {
		set, err := ExtractWith(dir, display, fsroot.New(dir), routes.BudgetOf(limits.Limits{}), opt)
		if err != nil {
			return "", err
		}
		var got []string
		for _, r := range set.Routes {
			if !r.Implicit {
				got = append(got, r.Method+" "+r.Path()+" "+strings.Join(r.Tagged, ",")+" "+strings.Join(r.Programs, ","))
			}
		}
		return strings.Join(got, "; "), nil
	}
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{}, "GET /items  cmd/api; GET /metrics  cmd/exp; GET /off  cmd/api; GET /search search cmd/api"},
		{Options{Program: "./cmd/api"}, "GET /items  ; GET /off  ; GET /search search "},
		{Options{Program: "cmd/api", Tags: []string{"search"}}, "GET /items  ; GET /search  "},
		// a program the tagged variants do not build: they add nothing to it
		{Options{Program: "cmd/exp"}, "GET /metrics  "},
	} {
		got, err := extract(tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%+v: routes\n%s\nwant\n%s", tc.opt, got, tc.want)
		}
	}
	if _, err := extract(Options{Program: "cmd/none"}); err == nil || !strings.Contains(err.Error(), "cmd/api, cmd/exp") {
		t.Errorf("unknown program: err = %v, want one naming cmd/api, cmd/exp", err)
	}
}
