package routes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListings reads each framework's own route listing (testdata/listings,
// provenance in its PROVENANCE.md) and pins the routes it yields.
func TestListings(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"flask-routes.txt", []string{"GET /", "GET /static/{filename}"}},
		{"flask-routes-blueprints.txt", []string{"GET /api/v1/test_route1", "GET /api/v1/test_route2", "GET /static/{filename}"}},
		{"gin-debug.txt", []string{"CONNECT /CICD/TestApp/", "DELETE /CICD/TestApp/", "GET /CICD/TestApp/", "HEAD /CICD/TestApp/",
			"OPTIONS /CICD/TestApp/", "PATCH /CICD/TestApp/", "POST /CICD/TestApp/", "PUT /CICD/TestApp/", "TRACE /CICD/TestApp/"}},
		{"rails-routes.txt", []string{"GET /api/articles", "POST /api/articles", "GET /api/articles/new", "DELETE /api/articles/{id}",
			"GET /api/articles/{id}", "PATCH /api/articles/{id}", "PUT /api/articles/{id}", "GET /api/articles/{id}/edit"}},
		{"express-list-endpoints.json", []string{"GET /", "POST /", "GET /about"}},
		{"spring-actuator-mappings.json", []string{"GET /actuator"}},
		{"nest-mapped.log", []string{"GET /cats", "POST /cats", "GET /cats/{id}"}},
		{"echo-routes.json", []string{"GET /", "POST /secured/reset", "POST /users", "GET /users/{email}", "PATCH /users/{email}/numbers"}},
		{"laravel-route-list.json", []string{"GET /example", "HEAD /example", "GET /example-group", "HEAD /example-group"}},
		{"django-show-urls.txt", []string{"ANY /class/based/", "ANY /function/based/", "ANY /lambda/view"}},
		{"django-show-urls.json", []string{"ANY /class/based/", "ANY /function/based/", "ANY /lambda/view"}},
		{"fastapi-routes.json", []string{"DELETE /api/v1/items/{item_id}", "GET /api/v1/users/", "GET /api/v1/users/{user_id}",
			"PATCH /api/v1/users/{user_id}", "PUT /api/v1/users/{user_id}", "GET /docs", "HEAD /docs", "GET /docs/oauth2-redirect",
			"HEAD /docs/oauth2-redirect", "GET /files/{file_path}", "GET /openapi.json", "HEAD /openapi.json", "GET /redoc", "HEAD /redoc"}},
		{"chi-walk-example.txt", []string{"GET /", "PUT /ping", "GET /road/left", "POST /road/right"}},
		{"chi-walk.txt", []string{"CONNECT /admin/metrics", "DELETE /admin/metrics", "GET /admin/metrics", "HEAD /admin/metrics",
			"OPTIONS /admin/metrics", "PATCH /admin/metrics", "POST /admin/metrics", "PUT /admin/metrics", "QUERY /admin/metrics",
			"TRACE /admin/metrics", "GET /admin/users", "POST /articles/", "GET /articles/{id}", "DELETE /articles/{slug}/comments/{commentID}",
			"GET /files/{*}", "PATCH /orders/{orderID}"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "listings", c.file))
			if err != nil {
				t.Fatal(err)
			}
			set := FromList(data, c.file)
			var got []string
			for _, r := range set.Routes {
				got = append(got, r.Method+" "+r.Path())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("routes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if len(set.Unresolved) > 0 {
				t.Errorf("unresolved: %+v", set.Unresolved)
			}
		})
	}
}

// TestListingLaravelClosurePath pins that Laravel's route:list --json entry is
// read by its uri: newer Laravel adds a "path" key holding the closure's source
// file and line (laravel/framework tests/Testing/Console/RouteListCommandTest.php
// asserts "path":null for a controller route and the file:line for a closure),
// which is not the route's path.
func TestListingLaravelClosurePath(t *testing.T) {
	data := `[{"domain":null,"method":"GET|HEAD","uri":"closure-path","name":null,"action":"Closure","middleware":[],"path":"tests\/Testing\/Console\/RouteListCommandTest.php:170"},` +
		`{"domain":null,"method":"GET|HEAD","uri":"controller-method\/{user}","name":null,"action":"FooController@show","middleware":[],"path":null}]`
	set := FromList([]byte(data), "routes.json")
	var got []string
	for _, r := range set.Routes {
		got = append(got, r.Method+" "+r.Path())
	}
	want := "GET /closure-path HEAD /closure-path GET /controller-method/{user} HEAD /controller-method/{user}"
	if strings.Join(got, " ") != want || len(set.Unresolved) > 0 {
		t.Errorf("got %v, unresolved %v; want %s", got, set.Unresolved, want)
	}
}

// TestListingNotJSONRoutes pins that a JSON document holding no route entry
// is read as lines, each an unresolved malformed line, not as no routes.
func TestListingNotJSONRoutes(t *testing.T) {
	set := FromList([]byte(`{"hello": "/world"}`), "x.json")
	if len(set.Routes) != 0 || len(set.Unresolved) != 1 || !set.Unresolved[0].Malformed {
		t.Errorf("got %+v", set)
	}
}
