package routes

import "testing"

// TestScope pins which server paths a spec's base path and the include and
// exclude globs admit.
func TestScope(t *testing.T) {
	tpl := func(s string) Template {
		t.Helper()
		x, err := ParseTemplate(s, SyntaxAny)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		scope Scope
		path  string
		want  bool
	}{
		{Scope{}, "/anything", true},
		{Scope{BasePaths: []string{""}}, "/anything", true},
		{Scope{BasePaths: []string{"/api"}}, "/api", true},
		{Scope{BasePaths: []string{"/api"}}, "/api/lists", true},
		{Scope{BasePaths: []string{"/api"}}, "/apis/lists", false},
		{Scope{BasePaths: []string{"/api"}}, "/", false},
		{Scope{BasePaths: []string{"/api/{version}"}}, "/api/:v/x", true},
		{Scope{BasePaths: []string{"/v1", "/v2"}}, "/v2/x", true},
		{Scope{Include: []string{"/api/**"}}, "/api", true},
		{Scope{Include: []string{"/api/**"}}, "/api/a/b", true},
		{Scope{Include: []string{"/api/**"}}, "/admin", false},
		{Scope{Include: []string{"/api/*"}}, "/api/a/b", false},
		{Scope{Exclude: []string{"/debug/**"}}, "/debug/pprof/{*}", false},
		{Scope{Exclude: []string{"/debug/**"}}, "/metrics", true},
		{Scope{Include: []string{"/api/**"}, Exclude: []string{"/api/internal/**"}}, "/api/internal/x", false},
	} {
		tp := tpl(tc.path)
		if got := tc.scope.UnderBase(tp) && tc.scope.Selected(tp); got != tc.want {
			t.Errorf("%+v admits %s = %v, want %v", tc.scope, tc.path, got, tc.want)
		}
	}
	for _, g := range []string{"api/**", "/a/[", "/**/**/**/**/**"} {
		if ValidGlob(g) == nil {
			t.Errorf("ValidGlob(%q) = nil, want an error", g)
		}
	}
	if err := ValidGlob("/api/**"); err != nil {
		t.Error(err)
	}
}
