package python

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/routes"
)

// TestFrameworklessFolder pins that a folder's Python naming no framework
// is counted but not tokenized (a Go server's Python client: its syntax is
// no concern of the routes), while one file naming a framework has every
// file read, and a file named as the server is always read.
func TestFrameworklessFolder(t *testing.T) {
	client := map[string]string{
		"sdk/client.py": "import requests\n\ndef get(path):\n    return requests.get('/x' + path)\n",
		"sdk/broken.py": "s = 'never closed\n",
	}
	dir := casetest.WriteFiles(t, client)
	extract := func(root string, files ...string) (*routes.Set, error) {
		var paths []string
		for _, f := range files {
			paths = append(paths, filepath.Join(dir, filepath.FromSlash(f)))
		}
		return FromFiles(root, paths, filepath.Base, fsroot.New(dir), routes.BudgetOf(limits.Limits{}))
	}
	set, err := extract(dir, "sdk/client.py", "sdk/broken.py")
	if err != nil {
		t.Fatalf("frameworkless folder: %v", err)
	}
	if set.Files != 2 || len(set.Routes) != 0 {
		t.Errorf("frameworkless folder: files = %d, routes = %d; want 2 files, none", set.Files, len(set.Routes))
	}
	if _, err := extract(filepath.Join(dir, "sdk", "broken.py"), "sdk/broken.py"); err == nil || err.Error() != "broken.py:1:5: unterminated string" {
		t.Errorf("a file named as the server: err = %v", err)
	}
	client["app.py"] = "from flask import Flask\n\napp = Flask(__name__)\n\n@app.get('/items')\ndef items():\n    return []\n"
	dir = casetest.WriteFiles(t, client)
	if _, err := extract(dir, "app.py", "sdk/client.py", "sdk/broken.py"); err == nil || err.Error() != "broken.py:1:5: unterminated string" {
		t.Errorf("beside a Flask app: err = %v", err)
	}
	delete(client, "sdk/broken.py")
	dir = casetest.WriteFiles(t, client)
	set, err = extract(dir, "app.py", "sdk/client.py")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Routes) == 0 || set.Routes[0].Path() != "/items" || set.Files != 2 {
		t.Fatalf("a Flask app: err = %v, routes = %d, files = %d", err, len(set.Routes), set.Files)
	}
}
