package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
	"github.com/wirelint/wirelint/routes/golang"
	"github.com/wirelint/wirelint/routes/script"
)

// The route-extraction benchmarks generate a 500-route server (Go with chi,
// Python with FastAPI, JavaScript with Express) and compare extracting its routes with loading the
// GitHub REST spec, which the issue sets as the yardstick: extraction must
// take under a tenth of the load.
//
//	go -C bench test . -run '^$' -bench Routes
//	WIRELINT_CORPUS=/path/to/corpus go -C bench test . -run '^$' -bench Routes

const routesPerServer = 500

// writeGoServer writes a chi server of n routes in 10 files: one resource
// per router, mounted from main, five methods each.
func writeGoServer(b *testing.B, n int) string {
	dir, files, per := serverDir(b, n, "")
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"net/http\"\n\n\t\"github.com/go-chi/chi/v5\"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n")
	for f := 0; f < files; f++ {
		var src strings.Builder
		fmt.Fprintf(&src, "package main\n\nimport (\n\t\"net/http\"\n\n\t\"github.com/go-chi/chi/v5\"\n)\n\nconst prefix%d = \"/res%d\"\n\nfunc router%d() http.Handler {\n\tr := chi.NewRouter()\n", f, f, f)
		for i := 0; i < per; i++ {
			fmt.Fprintf(&src, "\tr.Route(\"/items%d\", func(r chi.Router) {\n\t\tr.Get(\"/\", h)\n\t\tr.Post(\"/\", h)\n\t\tr.Get(\"/{id}\", h)\n\t\tr.Put(\"/{id}\", h)\n\t\tr.Delete(\"/{id}\", h)\n\t})\n", i)
		}
		src.WriteString("\treturn r\n}\n")
		writeSource(b, filepath.Join(dir, fmt.Sprintf("res%d.go", f)), src.String())
		fmt.Fprintf(&main, "\tr.Mount(prefix%d, router%d())\n", f, f)
	}
	main.WriteString("\thttp.ListenAndServe(\":8080\", r)\n}\n\nfunc h(w http.ResponseWriter, r *http.Request) {}\n")
	writeSource(b, filepath.Join(dir, "main.go"), main.String())
	return dir
}

// writePythonServer writes a FastAPI server of n routes: ten router modules
// included from main with prefixes.
func writePythonServer(b *testing.B, n int) string {
	dir, files, per := serverDir(b, n, "routers")
	var main strings.Builder
	main.WriteString("from fastapi import FastAPI\n\n")
	for f := 0; f < files; f++ {
		fmt.Fprintf(&main, "from routers import res%d\n", f)
	}
	main.WriteString("\napp = FastAPI()\n")
	for f := 0; f < files; f++ {
		var src strings.Builder
		src.WriteString("from fastapi import APIRouter\n\nrouter = APIRouter()\n")
		for i := 0; i < per; i++ {
			for _, m := range []string{"get", "post"} {
				fmt.Fprintf(&src, "\n\n@router.%s(\"/items%d\")\nasync def %s_items%d():\n    return []\n", m, i, m, i)
			}
			for _, m := range []string{"get", "put", "delete"} {
				fmt.Fprintf(&src, "\n\n@router.%s(\n    \"/items%d/{item_id}\",\n    response_model=dict,\n)\nasync def %s_item%d(item_id: int):\n    return {}\n", m, i, m, i)
			}
		}
		writeSource(b, filepath.Join(dir, "routers", fmt.Sprintf("res%d.py", f)), src.String())
		fmt.Fprintf(&main, "app.include_router(res%d.router, prefix=\"/res%d\")\n", f, f)
	}
	writeSource(b, filepath.Join(dir, "main.py"), main.String())
	return dir
}

// writeJSServer writes an Express server of n routes: ten router modules
// with template-literal paths, required and mounted from app.js with
// prefixes.
func writeJSServer(b *testing.B, n int) string {
	dir, files, per := serverDir(b, n, "routes")
	// every module is the same; the prefix it is mounted at tells them apart
	var src strings.Builder
	src.WriteString("const express = require('express');\n\nconst router = express.Router();\nconst base = '/items';\n\nfunction h(req, res) {\n  res.json([]);\n}\n")
	for i := 0; i < per; i++ {
		fmt.Fprintf(&src, "\nrouter.get(`${base}%d`, h);\nrouter.post(`${base}%d`, h);\n", i, i)
		fmt.Fprintf(&src, "router.route(`${base}%d/:id`)\n  .get(h)\n  .put(h)\n  .delete(h);\n", i)
	}
	src.WriteString("\nmodule.exports = router;\n")
	main := "const express = require('express');\n\nconst app = express();\n"
	for f := 0; f < files; f++ {
		writeSource(b, filepath.Join(dir, "routes", fmt.Sprintf("res%d.js", f)), src.String())
		main += fmt.Sprintf("app.use('/res%d', require('./routes/res%d'));\n", f, f)
	}
	writeSource(b, filepath.Join(dir, "app.js"), main+"\napp.listen(3000);\n")
	return dir
}

// serverDir makes the folder of a generated server of n routes and its
// subfolder sub ("" = none), and returns it with how many router files to
// write and how many resources of five routes each holds.
func serverDir(b *testing.B, n int, sub string) (dir string, files, per int) {
	dir, files = b.TempDir(), 10
	if sub != "" {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	return dir, files, n / files / 5
}

// writeSource writes one generated source file.
func writeSource(b *testing.B, path, src string) {
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
}

func extractRoutes(b *testing.B, dir string) {
	// confined to the folder as the runner confines a server to the project
	set, err := extract.FromServer(dir, extract.ServerOptions{FS: fsroot.New(dir)})
	if err != nil {
		b.Fatal(err)
	}
	explicit := 0
	for _, r := range set.Routes {
		if !r.Implicit {
			explicit++
		}
	}
	if explicit != routesPerServer {
		b.Fatalf("extracted %d routes, want %d", explicit, routesPerServer)
	}
}

// BenchmarkRoutesGo500 extracts the routes of a generated 500-route chi server.
func BenchmarkRoutesGo500(b *testing.B) {
	dir := writeGoServer(b, routesPerServer)
	b.ResetTimer()
	for b.Loop() {
		extractRoutes(b, dir)
	}
}

// BenchmarkRoutesPython500 extracts the routes of a generated 500-route
// FastAPI server.
func BenchmarkRoutesPython500(b *testing.B) {
	dir := writePythonServer(b, routesPerServer)
	b.ResetTimer()
	for b.Loop() {
		extractRoutes(b, dir)
	}
}

// BenchmarkRoutesJS500 extracts the routes of a generated 500-route
// Express server.
func BenchmarkRoutesJS500(b *testing.B) {
	dir := writeJSServer(b, routesPerServer)
	b.ResetTimer()
	for b.Loop() {
		extractRoutes(b, dir)
	}
}

// BenchmarkRoutesGitHubSpecLoad loads the GitHub REST spec: the yardstick.
func BenchmarkRoutesGitHubSpecLoad(b *testing.B) {
	path := corpusFile(b, githubSpec)
	for b.Loop() {
		if _, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, path, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRoutesRatio times the three extractions against the GitHub spec
// load and reports each as a fraction of it (go-ratio, python-ratio,
// js-ratio); the target is under 0.1.
func BenchmarkRoutesRatio(b *testing.B) {
	path := corpusFile(b, githubSpec)
	servers := []struct {
		metric string
		dir    string
		spent  time.Duration
	}{
		{"go-ratio", writeGoServer(b, routesPerServer), 0},
		{"python-ratio", writePythonServer(b, routesPerServer), 0},
		{"js-ratio", writeJSServer(b, routesPerServer), 0},
	}
	var load time.Duration
	b.ResetTimer()
	for b.Loop() {
		t := time.Now()
		if _, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, path, ""); err != nil {
			b.Fatal(err)
		}
		load += time.Since(t)
		for i := range servers {
			t = time.Now()
			extractRoutes(b, servers[i].dir)
			servers[i].spent += time.Since(t)
		}
	}
	for _, s := range servers {
		b.ReportMetric(float64(s.spent)/float64(load), s.metric)
	}
}

// BenchmarkTokenizeJSTemplates tokenizes a file of n lines, each a template
// literal with two ${} expressions (the doubling-constants attack): the
// time per line must not grow with n. Before every template expression's
// lexer stopped sizing its token slice by the whole file, 20,000 lines took
// about a minute.
func BenchmarkTokenizeJSTemplates(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		var src strings.Builder
		src.WriteString("const c0 = '/aaaaaaaa';\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&src, "const c%d = `${c%d}${c%d}`;\n", i, i-1, i-1)
		}
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := script.TokenizeJS(src.String(), "app.js"); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
		})
	}
}

// largestGoServers are the Go servers of issue 24's route corpus
// (bench/realroutes/MANIFEST.tsv) with the most files: weaviate (5,006 Go
// files), openmeter (3,039) and hatchet (1,072). Each reaches the
// 10,000-call budget of the analysis.
var largestGoServers = []string{"weaviate__weaviate", "openmeterio__openmeter", "hatchet-dev__hatchet"}

// BenchmarkRoutesGoCorpus extracts the Go routes of the largest corpus
// servers from a checkout of the corpus (WIRELINT_ROUTES_CORPUS, one folder
// per server as bench/realroutes.sh reads it; skipped without it) and
// reports, besides wall time, the process's CPU time per extraction
// (cpu-ns/op), the figure to read on a shared machine. Peak memory is a
// process's, measured by bench/routes-speed.sh.
//
//	WIRELINT_ROUTES_CORPUS=/work/corpus/routes go -C bench test . -run '^$' -bench RoutesGoCorpus -benchtime 3x
func BenchmarkRoutesGoCorpus(b *testing.B) {
	root := os.Getenv("WIRELINT_ROUTES_CORPUS")
	if root == "" {
		b.Skip("set WIRELINT_ROUTES_CORPUS to a checkout of the route corpus (bench/realroutes/MANIFEST.tsv)")
	}
	for _, name := range largestGoServers {
		dir := filepath.Join(root, name)
		if _, err := os.Stat(dir); err != nil {
			b.Logf("%s: not in the corpus checkout, skipped", name)
			continue
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			display := func(p string) string {
				rel, _ := filepath.Rel(dir, p)
				return filepath.ToSlash(rel)
			}
			start, ok := parityCPUTime()
			for b.Loop() {
				set, err := golang.Extract(dir, display, fsroot.New(dir), routes.BudgetOf(limits.Limits{}))
				if err != nil {
					b.Fatal(err)
				}
				if len(set.Routes) == 0 {
					b.Fatalf("%s: no routes extracted", name)
				}
			}
			end, _ := parityCPUTime()
			if ok {
				b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
