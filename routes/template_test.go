package routes

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// dumpTemplate renders a template compactly: its {name} form, its key, and
// each parameter's metadata.
func dumpTemplate(t Template) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s key=%s", t.String(), t.Key())
	for _, p := range t.Params() {
		fmt.Fprintf(&b, " [%s", p.Name)
		if p.Constraint != "" {
			fmt.Fprintf(&b, " :%s", p.Constraint)
		}
		if p.CatchAll {
			b.WriteString(" catch-all")
		}
		if p.Optional {
			b.WriteString(" optional")
		}
		b.WriteString("]")
	}
	if t.Exact {
		b.WriteString(" exact")
	}
	return b.String()
}

// TestParseTemplate pins every framework spelling to the one {name} form.
func TestParseTemplate(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		syn  Syntax
		want string
	}{
		{"/", SyntaxOpenAPI, "/ key=/"},
		{"", SyntaxBrace, "/ key=/"},
		{"users", SyntaxBrace, "/users key=/users"},
		{"/users/{id}", SyntaxOpenAPI, "/users/{id} key=/users/{} [id]"},
		{"/users/", SyntaxOpenAPI, "/users/ key=/users/"},
		{"/Users/{id}", SyntaxOpenAPI, "/Users/{id} key=/Users/{} [id]"},
		{"/files/{name}.json", SyntaxOpenAPI, "/files/{name}.json key=/files/{}.json [name]"},
		{"/users/{id:[0-9]+}", SyntaxBrace, "/users/{id} key=/users/{} [id :[0-9]+]"},
		{"/users/{id:[0-9]{3}}", SyntaxBrace, "/users/{id} key=/users/{} [id :[0-9]{3}]"},
		{"/files/{path...}", SyntaxBrace, "/files/{path} key=/files/{*} [path catch-all]"},
		{"/{$}", SyntaxBrace, "/ key=/ exact"},
		{"/static/*", SyntaxBrace, "/static/{*} key=/static/{*} [ catch-all]"},
		{"/files/{p:path}", SyntaxBrace, "/files/{p} key=/files/{*} [p :path catch-all]"},
		{"/items/{id:int}", SyntaxBrace, "/items/{id} key=/items/{} [id :int]"},
		{"/users/:id", SyntaxColon, "/users/{id} key=/users/{} [id]"},
		{"/users/:id?", SyntaxColon, "/users/{id} key=/users/{} [id optional]"},
		{"/users/:id(\\d+)", SyntaxColon, "/users/{id} key=/users/{} [id :\\d+]"},
		{"/posts/:id{[0-9]+}", SyntaxColon, "/posts/{id} key=/posts/{} [id :[0-9]+]"},
		{"/static/*filepath", SyntaxColon, "/static/{filepath} key=/static/{*} [filepath catch-all]"},
		{"/alerting-email-groups/:alert-email-group", SyntaxColonToSlash, "/alerting-email-groups/{alert-email-group} key=/alerting-email-groups/{} [alert-email-group]"},
		{"/alerting-email-groups/:alert-email-group", SyntaxColon, "/alerting-email-groups/{alert}-email-group key=/alerting-email-groups/{}-email-group [alert]"},
		{"/flights/:from-:to", SyntaxColon, "/flights/{from}-{to} key=/flights/{}-{} [from] [to]"},
		{"/songs/:id<int>", SyntaxFiber, "/songs/{id} key=/songs/{} [id :int]"},
		{"/songs/:name<minLen(2)>/x", SyntaxFiber, "/songs/{name}/x key=/songs/{}/x [name :minLen(2)]"},
		{"/files/+", SyntaxFiber, "/files/{*} key=/files/{*} [ catch-all]"},
		// only a last segment is a catch-all: a greedy + before a literal tail names one parameter
		{"/files/+/raw", SyntaxFiber, "/files/{*}/raw key=/files/{}/raw []"},
		{"/a+b", SyntaxColon, "/a+b key=/a+b"},
		{"/files/+", SyntaxColon, "/files/+ key=/files/+"},
		{"/a+b", SyntaxFiber, "/a+b key=/a+b"},
		{"/v1/things:batchGet", SyntaxColon, "/v1/things:batchGet key=/v1/things:batchGet"},
		{"/users/<int:id>", SyntaxAngle, "/users/{id} key=/users/{} [id :int]"},
		{"/users/<id>", SyntaxAngle, "/users/{id} key=/users/{} [id]"},
		{"/files/<path:name>", SyntaxAngle, "/files/{name} key=/files/{*} [name :path catch-all]"},
		{"/users/{id}", SyntaxColon, "/users/{id} key=/users/{id}"},
		{"/a/:b/<c>/{d}", SyntaxAny, "/a/{b}/{c}/{d} key=/a/{}/{}/{} [b] [c] [d]"},
		{"/v1/things:batchGet", SyntaxAny, "/v1/things:batchGet key=/v1/things:batchGet"},
	} {
		got, err := ParseTemplate(tc.raw, tc.syn)
		if err != nil {
			t.Errorf("ParseTemplate(%q, %d): %v", tc.raw, tc.syn, err)
			continue
		}
		if d := dumpTemplate(got); d != tc.want {
			t.Errorf("ParseTemplate(%q, %d)\n got %s\nwant %s", tc.raw, tc.syn, d, tc.want)
		}
	}
}

// TestParseTemplateErrors pins the offset and wording of each malformed template.
func TestParseTemplateErrors(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		syn  Syntax
		want string
	}{
		{"/users/{id", SyntaxOpenAPI, `path template "/users/{id": unclosed { at offset 7`},
		{"/users/{}", SyntaxOpenAPI, `path template "/users/{}": empty parameter name at offset 8`},
		{"users/{", SyntaxBrace, `path template "users/{": unclosed { at offset 6`},
		{"/{$}/x", SyntaxBrace, `path template "/{$}/x": {$} not at the end at offset 3`},
		{"/u/<int:id", SyntaxAngle, `path template "/u/<int:id": unclosed < at offset 3`},
		{"/u/:id(\\d+", SyntaxColon, `path template "/u/:id(\\d+": unclosed ( at offset 6`},
		{"/u/:id<int", SyntaxFiber, `path template "/u/:id<int": unclosed < at offset 6`},
	} {
		_, err := ParseTemplate(tc.raw, tc.syn)
		var te *TemplateError
		if !errors.As(err, &te) {
			t.Errorf("ParseTemplate(%q): err = %v, want a *TemplateError", tc.raw, err)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("ParseTemplate(%q)\n got %s\nwant %s", tc.raw, err, tc.want)
		}
	}
}

// TestJoin pins prefix joining: one slash between, and "/" under a prefix is
// the bare prefix.
func TestJoin(t *testing.T) {
	for _, tc := range []struct{ prefix, path, want string }{
		{"", "", "/"},
		{"", "/", "/"},
		{"/", "/x", "/x"},
		{"/x", "/", "/x"},
		{"/x/", "/", "/x"},
		{"/x", "", "/x"},
		{"/x", "y", "/x/y"},
		{"/x/", "/y/", "/x/y/"},
		{"/api", "/{id}", "/api/{id}"},
	} {
		if got := Join(tc.prefix, tc.path); got != tc.want {
			t.Errorf("Join(%q, %q) = %q, want %q", tc.prefix, tc.path, got, tc.want)
		}
	}
}

// FuzzParseTemplate checks that no input panics, that offsets stay inside the
// template, and that the normal form is a fixed point: parsing String() as
// OpenAPI gives the same key.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{"/users/{id}", "/u/:id(\\d+)?", "/f/<path:p>", "/{$}", "/s/*", "/a/{b:[0-9]{2}}/{c...}", "{", "<", ":(", "/x/:a-:b", "/{a}{b}"} {
		for syn := SyntaxOpenAPI; syn <= SyntaxFiber; syn++ {
			f.Add(s, int(syn))
		}
	}
	f.Fuzz(func(t *testing.T, raw string, syn int) {
		s := Syntax(uint(syn) % uint(SyntaxFiber+1))
		tpl, err := ParseTemplate(raw, s)
		if err != nil {
			var te *TemplateError
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset > len(raw) {
				t.Fatalf("ParseTemplate(%q): bad error %v", raw, err)
			}
			return
		}
		norm := tpl.String()
		for _, seg := range tpl.Segments {
			for _, p := range seg {
				if p.Param == nil && strings.ContainsAny(p.Literal, "{}") || p.Param != nil && strings.ContainsAny(p.Param.Name, "{}/") {
					return // a literal brace or odd name cannot round-trip through OpenAPI
				}
			}
		}
		again, err := ParseTemplate(norm, SyntaxOpenAPI)
		if err != nil {
			t.Fatalf("normal form %q of %q does not parse: %v", norm, raw, err)
		}
		if again.String() != norm || len(again.Params()) != len(tpl.Params()) {
			t.Fatalf("normal form of %q is not a fixed point: %q then %q", raw, norm, again.String())
		}
	})
}
