package js

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
)

// A bare import specifier ("@app/routes", "#routes") names a file of the
// server when the nearest tsconfig.json or jsconfig.json maps it (paths,
// baseUrl, through extends) or the nearest package.json's imports field does;
// only otherwise is it a package. Config files are read inside the project
// only, each once.

// tsConfig is the module resolution a tsconfig.json declares, its extends
// chain merged.
type tsConfig struct {
	baseURL string              // absolute; "" = none
	paths   map[string][]string // pattern -> targets, relative to pathsDir
	// pathsDir is baseUrl, or the directory of the config declaring paths
	// when it sets no baseUrl (TypeScript 4.1).
	pathsDir string
}

// jsonc turns JSON with comments and trailing commas, as tsconfig.json is
// written, into JSON.
func jsonc(b []byte) []byte {
	var out []byte
	inStr := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inStr:
			out = append(out, c)
			if c == '\\' && i+1 < len(b) {
				i++
				out = append(out, b[i])
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			out = append(out, c)
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := strings.Index(string(b[i+2:]), "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		case c == '}' || c == ']':
			// drop a trailing comma before the closing bracket
			j := len(out) - 1
			for j >= 0 && (out[j] == ' ' || out[j] == '\n' || out[j] == '\t' || out[j] == '\r') {
				j--
			}
			if j >= 0 && out[j] == ',' {
				out = append(out[:j], out[j+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// tsFile is what a tsconfig.json or jsconfig.json says of module resolution.
type tsFile struct {
	Extends         json.RawMessage `json:"extends"` // a string, or a list (TypeScript 5)
	CompilerOptions struct {
		BaseURL *string             `json:"baseUrl"`
		Paths   map[string][]string `json:"paths"`
	} `json:"compilerOptions"`
}

// pkgFile is what a package.json says of module resolution: its own
// subpath imports, and the name and entry points other packages of the
// workspace import it by.
type pkgFile struct {
	Name    string                     `json:"name"`
	Main    string                     `json:"main"`
	Imports map[string]json.RawMessage `json:"imports"`
	Exports json.RawMessage            `json:"exports"`
}

// readJSON reads the JSON (with comments) file at path inside the project
// into v, reporting whether it could.
func (ev *jsEval) readJSON(path string, v interface{ isConfig() }) bool {
	if ev.confine != nil && !ev.confine.Contains(path) {
		return false
	}
	data, err := ev.confine.ReadFile(path, 1<<20)
	if err != nil {
		return false
	}
	return json.Unmarshal(jsonc(data), v) == nil
}

func (*tsFile) isConfig()  {}
func (*pkgFile) isConfig() {}

// loadTSConfig reads the config at path and the ones it extends (relative
// paths only: a config package is not read), the nearer one's settings
// winning.
func (ev *jsEval) loadTSConfig(path string, depth int) *tsConfig {
	var obj tsFile
	if depth > 8 || !ev.readJSON(path, &obj) {
		return nil
	}
	cfg := &tsConfig{}
	var parents []string
	var one string
	if json.Unmarshal(obj.Extends, &one) == nil {
		parents = []string{one}
	} else {
		_ = json.Unmarshal(obj.Extends, &parents)
	}
	for _, p := range parents {
		if !strings.HasPrefix(p, ".") {
			continue
		}
		pp := filepath.Join(filepath.Dir(path), filepath.FromSlash(p))
		if filepath.Ext(pp) != ".json" {
			pp += ".json"
		}
		if parent := ev.loadTSConfig(pp, depth+1); parent != nil {
			*cfg = *parent
		}
	}
	opts := obj.CompilerOptions
	if opts.BaseURL != nil {
		cfg.baseURL = filepath.Join(filepath.Dir(path), filepath.FromSlash(*opts.BaseURL))
		cfg.pathsDir = cfg.baseURL
	}
	if opts.Paths != nil {
		cfg.paths = opts.Paths
		if cfg.baseURL == "" {
			cfg.pathsDir = filepath.Dir(path)
		}
	}
	return cfg
}

// nearest returns the file named one of names in dir or the nearest folder
// above it inside the project that parses as v, or "".
func (ev *jsEval) nearest(dir string, v interface{ isConfig() }, names ...string) string {
	for i := 0; i < 32; i++ {
		if ev.confine != nil && !ev.confine.Contains(dir) {
			return ""
		}
		for _, n := range names {
			p := filepath.Join(dir, n)
			if ev.readJSON(p, v) {
				return p
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// aliasTargets returns the paths a bare specifier maps to under the config
// nearest to dir, most specific pattern first, or nil.
func (ev *jsEval) aliasTargets(dir, spec string) []string {
	if ev.tsconfigs == nil {
		ev.tsconfigs = map[string]*tsConfig{}
	}
	var out []string
	if path := ev.nearest(dir, &tsFile{}, "tsconfig.json", "jsconfig.json"); path != "" {
		cfg, seen := ev.tsconfigs[path]
		if !seen {
			cfg = ev.loadTSConfig(path, 0)
			ev.tsconfigs[path] = cfg
		}
		if cfg != nil {
			out = append(out, cfg.match(spec)...)
		}
	}
	out = append(out, ev.workspaceTargets(spec)...)
	if strings.HasPrefix(spec, "#") {
		var pkg pkgFile
		if path := ev.nearest(dir, &pkg, "package.json"); path != "" {
			imports := map[string][]string{}
			for k, raw := range pkg.Imports {
				imports[k] = targetStrings(raw, 0)
			}
			for _, t := range matchPatterns(imports, spec) {
				out = append(out, filepath.Join(filepath.Dir(path), filepath.FromSlash(t)))
			}
		}
	}
	return out
}

// match returns the files spec maps to under c's paths (the longest matching
// pattern first), then under its baseUrl.
func (c *tsConfig) match(spec string) []string {
	var out []string
	for _, t := range matchPatterns(c.paths, spec) {
		out = append(out, filepath.Join(c.pathsDir, filepath.FromSlash(t)))
	}
	if c.baseURL != "" {
		out = append(out, filepath.Join(c.baseURL, filepath.FromSlash(spec)))
	}
	return out
}

// matchPatterns returns the targets of the patterns of m ("@app/*", "#db")
// spec matches, a pattern's * replaced by what it matched, the longest
// prefix first.
func matchPatterns(m map[string][]string, spec string) []string {
	type hit struct {
		prefix  int
		star    string
		targets []string
	}
	var hits []hit
	for k, v := range m {
		pre, post, wild := strings.Cut(k, "*")
		switch {
		case !wild && k == spec:
			hits = append(hits, hit{len(k) + 1, "", v})
		case wild && len(spec) >= len(pre)+len(post) && strings.HasPrefix(spec, pre) && strings.HasSuffix(spec, post):
			hits = append(hits, hit{len(pre), spec[len(pre) : len(spec)-len(post)], v})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].prefix != hits[j].prefix {
			return hits[i].prefix > hits[j].prefix
		}
		return hits[i].star < hits[j].star
	})
	var out []string
	for _, h := range hits {
		for _, t := range h.targets {
			out = append(out, strings.Replace(t, "*", h.star, 1))
		}
	}
	return out
}

// targetStrings reads a package.json imports target: a string, a list, or a
// conditions object whose node, import, require or default entry is taken.
func targetStrings(raw json.RawMessage, depth int) []string {
	if depth > 8 {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var out []string
		for _, x := range list {
			out = append(out, targetStrings(x, depth+1)...)
		}
		return out
	}
	var cond map[string]json.RawMessage
	if json.Unmarshal(raw, &cond) == nil {
		for _, k := range []string{"node", "import", "require", "default"} {
			if v, ok := cond[k]; ok {
				if s := targetStrings(v, depth+1); len(s) > 0 {
					return s
				}
			}
		}
	}
	return nil
}

// workspaceTargets returns the files a bare specifier names when its
// package is one of the server's own (a workspace package of a monorepo, or
// the package importing itself by name): its package.json exports entry
// for the subpath, else its main or the subpath as a path. A target in a
// build folder (dist/, build/, lib/, out/) is also tried under src/, where
// the source it is compiled from usually sits.
func (ev *jsEval) workspaceTargets(spec string) []string {
	name, sub := splitPackage(spec)
	pkgs := ev.workspacePackages()
	dir, ok := pkgs[name]
	if !ok {
		return nil
	}
	var pkg pkgFile
	ev.readJSON(filepath.Join(dir, "package.json"), &pkg)
	var targets []string
	if exports := exportMap(pkg.Exports); exports != nil {
		targets = matchPatterns(exports, sub)
	} else if sub == "." {
		targets = []string{pkg.Main, "index"}
	} else {
		targets = []string{sub}
	}
	var out []string
	for _, t := range targets {
		if t == "" {
			continue
		}
		t = strings.TrimPrefix(filepath.ToSlash(t), "./")
		out = append(out, filepath.Join(dir, filepath.FromSlash(t)))
		first, rest, _ := strings.Cut(t, "/")
		if rest != "" && (first == "dist" || first == "build" || first == "lib" || first == "out") {
			out = append(out, filepath.Join(dir, "src", filepath.FromSlash(rest)))
		}
	}
	return out
}

// splitPackage splits a bare specifier into its package name and the
// subpath as package.json exports key it ("@a/b/c" is "@a/b", "./c"; "a"
// is "a", ".").
func splitPackage(spec string) (name, sub string) {
	parts := strings.SplitN(spec, "/", 3)
	n := 1
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		n = 2
	}
	name = strings.Join(parts[:min(n, len(parts))], "/")
	if rest := strings.TrimPrefix(spec, name); rest != "" {
		return name, "." + rest
	}
	return name, "."
}

// exportMap reads a package.json exports field as subpath -> targets: a
// string or conditions object is the "." entry; nil when absent.
func exportMap(raw json.RawMessage) map[string][]string {
	if len(raw) == 0 {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) == nil {
		subpaths := false
		for k := range obj {
			subpaths = subpaths || strings.HasPrefix(k, ".")
		}
		if subpaths {
			out := map[string][]string{}
			for k, v := range obj {
				out[k] = targetStrings(v, 0)
			}
			return out
		}
	}
	if t := targetStrings(raw, 0); len(t) > 0 {
		return map[string][]string{".": t}
	}
	return nil
}

// workspacePackages returns the folders of the server's own packages by
// name: every package.json in a folder holding a source file read, or
// above one up to the server's root, read once.
func (ev *jsEval) workspacePackages() map[string]string {
	if ev.packages != nil {
		return ev.packages
	}
	ev.packages = map[string]string{}
	root, _ := filepath.Abs(ev.Root)
	seen := map[string]bool{}
	for _, f := range ev.serverFiles {
		dir, _ := filepath.Abs(filepath.Dir(f))
		for !seen[dir] && (dir == root || strings.HasPrefix(dir, root+string(filepath.Separator))) {
			seen[dir] = true
			var pkg pkgFile
			if ev.readJSON(filepath.Join(dir, "package.json"), &pkg) && pkg.Name != "" {
				if _, dup := ev.packages[pkg.Name]; !dup {
					ev.packages[pkg.Name] = dir
				}
			}
			dir = filepath.Dir(dir)
		}
	}
	return ev.packages
}
