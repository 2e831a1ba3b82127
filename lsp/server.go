package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/fix"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/runner"
)

// Options configure a server.
type Options struct {
	// Explain returns a rule's explanation for hover, or false.
	Explain func(rule string) (string, bool)
	// CheckRules validates a configuration's rule ids (nil = none).
	CheckRules func(*config.Config) error
}

// Server holds one editor session: the project, the documents the editor
// has open (their unsaved text), and the findings last published.
//
// The checks read files through the project's confinement, which reads
// from disk; so the server keeps a shadow of the project — every file
// hard-linked (or copied) into a temporary folder once — and writes an open
// document's unsaved text there in place of its link. A change re-runs the
// checks of the documents it touches (the parity pairs it is part of, with
// their refs and patterns) over the shadow; a save or open of another file
// re-runs everything the configuration holds but what needs git history
// (compat, docs).
type Server struct {
	opts     Options
	out      io.Writer
	root     string            // the real project folder, absolute
	folder   string            // the editor's folder, relative to root: where the configuration is looked for
	shadow   string            // its shadow
	open     map[string]string // project-relative path → unsaved text
	findings []report.Finding  // the current findings, paths from the root
	shown    map[string]bool   // paths with diagnostics published
	shutdown bool
}

// Serve runs a session over in and out until exit or the end of in.
func Serve(in io.Reader, out io.Writer, opts Options) error {
	s := &Server{opts: opts, out: out, open: map[string]string{}, shown: map[string]bool{}}
	defer s.close()
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		m, err := readMessage(r)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if m.Error != nil {
			if err := s.reply(nil, nil, m.Error); err != nil {
				return err
			}
			continue
		}
		if m.Method == "exit" {
			return nil
		}
		result, rerr := s.handle(m)
		if m.ID != nil {
			if err := s.reply(m.ID, result, rerr); err != nil {
				return err
			}
		}
	}
}

func (s *Server) reply(id json.RawMessage, result any, rerr *rpcError) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		if result == nil {
			result = json.RawMessage("null")
		}
		m.Result = result
	}
	return writeMessage(s.out, m)
}

func (s *Server) notify(method string, params any) {
	data, err := json.Marshal(params)
	if err != nil {
		return
	}
	_ = writeMessage(s.out, &message{Method: method, Params: data}) // a closed editor pipe ends the loop on the next read
}

// logf sends a message to the editor's log.
func (s *Server) logf(format string, args ...any) {
	s.notify("window/logMessage", map[string]any{"type": 3, "message": "wirelint: " + fmt.Sprintf(format, args...)})
}

func (s *Server) handle(m *message) (any, *rpcError) {
	decode := func(v any) *rpcError {
		if err := json.Unmarshal(m.Params, v); err != nil {
			return &rpcError{Code: codeInvalidParams, Message: err.Error()}
		}
		return nil
	}
	switch m.Method {
	case "initialize":
		var p initializeParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if err := s.initialize(p); err != nil {
			return nil, &rpcError{Code: codeInvalidParams, Message: err.Error()}
		}
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":   map[string]any{"openClose": true, "change": 1, "save": map[string]any{"includeText": false}},
				"codeActionProvider": map[string]any{"codeActionKinds": []string{"quickfix"}},
				"hoverProvider":      true,
			},
			"serverInfo": map[string]any{"name": "wirelint"},
		}, nil
	case "initialized":
		s.checkAll()
	case "shutdown":
		s.shutdown = true
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if rel, ok := s.rel(p.TextDocument.URI); ok {
			s.setText(rel, p.TextDocument.Text)
			s.checkAll()
		}
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		rel, ok := s.rel(p.TextDocument.URI)
		if !ok || len(p.ContentChanges) == 0 {
			return nil, nil
		}
		last := p.ContentChanges[len(p.ContentChanges)-1]
		if last.Range != nil {
			return nil, &rpcError{Code: codeInvalidParams, Message: "wirelint asks for full-text synchronisation"}
		}
		s.setText(rel, last.Text)
		s.checkDocument(rel)
	case "textDocument/didSave":
		s.checkAll()
	case "textDocument/didClose":
		var p documentParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if rel, ok := s.rel(p.TextDocument.URI); ok {
			delete(s.open, rel)
			s.restore(rel)
			s.checkAll()
		}
	case "textDocument/codeAction":
		var p codeActionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	case "textDocument/hover":
		var p hoverParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.hover(p), nil
	default:
		if m.ID != nil && !strings.HasPrefix(m.Method, "$/") {
			return nil, &rpcError{Code: codeMethodNotFound, Message: "wirelint does not handle " + m.Method}
		}
	}
	return nil, nil
}

// initialize finds the project and lays its shadow.
func (s *Server) initialize(p initializeParams) error {
	dir := p.RootPath
	if p.RootURI != "" {
		dir = uriPath(p.RootURI)
	} else if len(p.WorkspaceFolders) > 0 {
		dir = uriPath(p.WorkspaceFolders[0].URI)
	}
	if dir == "" {
		return errors.New("no rootUri: open a folder")
	}
	s.root = reduce.ProjectRoot(dir)
	if rel, err := filepath.Rel(s.root, dir); err == nil {
		s.folder = rel
	}
	shadow, err := os.MkdirTemp("", "wirelint-lsp-")
	if err != nil {
		return err
	}
	s.shadow = shadow
	// The shadow is a project of its own: its root holds the marker the
	// project root is found by, so paths read the same in it.
	if err := os.Mkdir(filepath.Join(shadow, ".git"), 0o700); err != nil {
		return err
	}
	files := 0
	// the project is read through its confinement (no link out of it, no
	// .git, no FIFO), and the shadow written without following a link
	return fsroot.New(s.root).WalkDir(s.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable entry is not checked
		}
		name := d.Name()
		if d.IsDir() {
			if p != s.root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor") {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(s.root, p)
			return os.MkdirAll(filepath.Join(shadow, rel), 0o700)
		}
		if !d.Type().IsRegular() && name != config.FileName {
			return nil
		}
		if files++; files > 200000 {
			return errors.New("more than 200,000 files in the project; the language server reads smaller ones")
		}
		rel, _ := filepath.Rel(s.root, p)
		return s.linkOrCopy(p, filepath.Join(shadow, rel))
	})
}

// linkOrCopy puts the project's file at from into the shadow at to: a hard
// link (which never follows a symlink), else a copy read through the
// project's confinement, so a link leaving the project is not copied in.
func (s *Server) linkOrCopy(from, to string) error {
	if os.Link(from, to) == nil {
		return nil
	}
	data, err := fsroot.New(s.root).ReadFile(from, 0)
	if err != nil {
		return nil // unreadable, outside the project, or too large: not checked
	}
	return fsroot.New(s.shadow).WriteFile(to, data, 0o600)
}

func (s *Server) close() {
	if s.shadow != "" {
		_ = os.RemoveAll(s.shadow) // a temporary folder; the system cleans what is left
	}
}

// rel turns a file URI into a path from the project root, if inside it.
func (s *Server) rel(uri string) (string, bool) {
	if s.root == "" {
		return "", false
	}
	p := uriPath(uri)
	rel, err := filepath.Rel(s.root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

func (s *Server) uri(rel string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(s.root, filepath.FromSlash(rel)))}).String()
}

// setText puts an open document's text into the shadow, replacing the link
// (never writing through it, which would change the real file).
func (s *Server) setText(rel, text string) {
	s.open[rel] = text
	p := filepath.Join(s.shadow, filepath.FromSlash(rel))
	_ = os.Remove(p) // absent is fine
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err == nil {
		if err := fsroot.New(s.shadow).WriteFile(p, []byte(text), 0o600); err != nil {
			s.logf("%s: %v", rel, err)
		}
	}
}

// restore links a closed document back to the file on disk.
func (s *Server) restore(rel string) {
	p := filepath.Join(s.shadow, filepath.FromSlash(rel))
	_ = os.Remove(p) // absent is fine
	if err := s.linkOrCopy(filepath.Join(s.root, filepath.FromSlash(rel)), p); err != nil {
		s.logf("%s: %v", rel, err)
	}
}

// config loads the configuration as the shadow holds it, or nil (logged).
func (s *Server) config() *config.Config {
	path, err := config.Find(filepath.Join(s.shadow, s.folder))
	if err != nil {
		s.logf("%v", err)
		return nil
	}
	cfg, err := config.Load(path, config.FileName)
	if err == nil && s.opts.CheckRules != nil {
		err = s.opts.CheckRules(cfg)
	}
	if err != nil {
		s.logf("%v", err)
		return nil
	}
	return cfg
}

// runConfig is the configuration's run without what needs git history.
func runConfig(cfg *config.Config) runner.Config {
	rc := runner.FromFile(cfg)
	rc.Compat, rc.Docs, rc.Since = nil, nil, ""
	return rc
}

// checkAll re-runs every check and publishes.
func (s *Server) checkAll() {
	cfg := s.config()
	if cfg == nil {
		s.publish(nil)
		return
	}
	res, err := runner.Run(runConfig(cfg))
	if err != nil {
		s.logf("%v", err)
		return
	}
	s.publish(res.Findings)
}

// checkDocument re-runs the checks rel takes part in — its parity pairs,
// and refs and patterns of their documents — and keeps the other findings.
func (s *Server) checkDocument(rel string) {
	cfg := s.config()
	if cfg == nil {
		return
	}
	full := runConfig(cfg)
	abs := filepath.Join(s.shadow, filepath.FromSlash(rel))
	path := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(full.Dir, p)
	}
	same := func(p string) bool { return path(p) == abs }
	part := runner.Config{Dir: full.Dir, Root: full.Root, Suppress: full.Suppress, Limits: full.Limits, Widen: full.Widen,
		Refs: &runner.Refs{Mappings: full.Refs.Mappings}, Regex: &runner.Regex{Dialects: full.Regex.Dialects}}
	docs := map[string]bool{rel: true}
	for _, p := range full.Parity {
		in := same(p.Mirror) || same(p.Canonical)
		for _, c := range p.Canonicals {
			in = in || same(c)
		}
		if !in {
			continue
		}
		part.Parity = append(part.Parity, p)
		for _, d := range append([]string{p.Canonical, p.Mirror}, p.Canonicals...) {
			if r, err := filepath.Rel(s.shadow, path(d)); err == nil {
				docs[filepath.ToSlash(r)] = true
			}
		}
	}
	for d := range docs {
		part.Refs.Documents = append(part.Refs.Documents, filepath.Join(s.shadow, filepath.FromSlash(d)))
		part.Regex.Documents = append(part.Regex.Documents, filepath.Join(s.shadow, filepath.FromSlash(d)))
	}
	sort.Strings(part.Refs.Documents)
	sort.Strings(part.Regex.Documents)
	res, err := runner.Run(part)
	if err != nil {
		s.logf("%v", err)
		return
	}
	// Keep what other checks said; replace what these checks say of docs.
	redone := map[string]bool{"parity": true, "description": true, "ref": true, "regex": true}
	var kept []report.Finding
	for _, f := range s.findings {
		family, _, _ := strings.Cut(f.Rule, "/")
		touches := false
		for _, l := range f.Locations {
			touches = touches || docs[l.File]
		}
		if !(redone[family] && touches) {
			kept = append(kept, f)
		}
	}
	s.publish(append(kept, res.Findings...))
}

// publish sends every document's diagnostics, and empty lists to those
// that had some and have none now.
func (s *Server) publish(findings []report.Finding) {
	s.findings = report.Finalize(findings)
	byFile := map[string][]Diagnostic{}
	texts := map[string]*lines{}
	text := func(rel string) *lines {
		if t, ok := texts[rel]; ok {
			return t
		}
		data, err := fsroot.New(s.shadow).ReadFile(filepath.Join(s.shadow, filepath.FromSlash(rel)), maxMessage)
		if err != nil {
			data = nil
		}
		texts[rel] = newLines(data)
		return texts[rel]
	}
	for _, f := range s.findings {
		for i, l := range f.Locations {
			d := Diagnostic{Range: text(l.File).lineRange(l.Line, l.Column), Severity: severity(f.Severity), Code: f.Rule, Source: "wirelint", Message: f.Message}
			for j, other := range f.Locations {
				if j != i {
					d.RelatedInformation = append(d.RelatedInformation, RelatedInformation{
						Location: Location{URI: s.uri(other.File), Range: text(other.File).lineRange(other.Line, other.Column)},
						Message:  "also here: " + other.Pointer})
				}
			}
			byFile[l.File] = append(byFile[l.File], d)
		}
	}
	files := make([]string, 0, len(byFile)+len(s.shown))
	for f := range byFile {
		files = append(files, f)
	}
	for f := range s.shown {
		if _, ok := byFile[f]; !ok {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	shown := map[string]bool{}
	for _, f := range files {
		ds := byFile[f]
		if ds == nil {
			ds = []Diagnostic{}
		} else {
			shown[f] = true
		}
		s.notify("textDocument/publishDiagnostics", map[string]any{"uri": s.uri(f), "diagnostics": ds})
	}
	s.shown = shown
}

func severity(sev report.Severity) int {
	switch sev {
	case report.SeverityError:
		return 1
	case report.SeverityWarning:
		return 2
	}
	return 3
}

// lines is a file's text with the offset where each line starts, found
// once, so every diagnostic in it is placed without splitting it again.
type lines struct {
	text   []byte
	starts []int
}

func newLines(text []byte) *lines {
	l := &lines{text: text, starts: []int{0}}
	for i, c := range text {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// lineRange is the range from 1-based line and character column to the end
// of that line, in UTF-16 units.
func (t *lines) lineRange(line, col int) Range {
	if line < 1 {
		return Range{}
	}
	if line > len(t.starts) {
		return Range{Start: Position{Line: line - 1}, End: Position{Line: line - 1}}
	}
	end := len(t.text)
	if line < len(t.starts) {
		end = t.starts[line] - 1
	}
	l := strings.TrimSuffix(string(t.text[t.starts[line-1]:end]), "\r")
	runes := []rune(l)
	start := utf16Len(string(runes[:min(max(col-1, 0), len(runes))]))
	return Range{Start: Position{Line: line - 1, Character: start}, End: Position{Line: line - 1, Character: utf16Len(l)}}
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// position is the LSP position of byte offset off in text.
func position(text []byte, off int) Position {
	line, start := 0, 0
	for i := 0; i < off && i < len(text); i++ {
		if text[i] == '\n' {
			line++
			start = i + 1
		}
	}
	prefix := text[start:min(off, len(text))]
	if !utf8.Valid(prefix) {
		return Position{Line: line, Character: len(prefix)}
	}
	return Position{Line: line, Character: utf16Len(string(prefix))}
}

// codeActions offers the fixes of the findings shown in the range.
func (s *Server) codeActions(p codeActionParams) []CodeAction {
	rel, ok := s.rel(p.TextDocument.URI)
	if !ok {
		return []CodeAction{}
	}
	var here []report.Finding
	for _, f := range s.findings {
		for _, l := range f.Locations {
			if l.File == rel && l.Line-1 >= p.Range.Start.Line && l.Line-1 <= p.Range.End.Line {
				here = append(here, f)
				break
			}
		}
	}
	read := func(path string) ([]byte, error) {
		return fsroot.New(s.shadow).ReadFile(filepath.Join(s.shadow, filepath.FromSlash(path)), maxMessage)
	}
	fixes, _ := fix.Plan(here, read, fix.TowardsCanonical)
	actions := []CodeAction{}
	for _, fx := range fixes {
		text, err := read(fx.Edits[0].File)
		if err != nil {
			continue
		}
		var edits []TextEdit
		for _, e := range fx.Edits {
			edits = append(edits, TextEdit{Range: Range{Start: position(text, e.Start), End: position(text, e.End)}, NewText: e.Text})
		}
		actions = append(actions, CodeAction{Title: "wirelint: " + fx.Description, Kind: "quickfix",
			Edit: WorkspaceEdit{Changes: map[string][]TextEdit{s.uri(fx.Edits[0].File): edits}}})
	}
	return actions
}

// hover explains the rules of the findings on the hovered line.
func (s *Server) hover(p hoverParams) any {
	rel, ok := s.rel(p.TextDocument.URI)
	if !ok || s.opts.Explain == nil {
		return nil
	}
	seen := map[string]bool{}
	var parts []string
	for _, f := range s.findings {
		for _, l := range f.Locations {
			if l.File == rel && l.Line-1 == p.Position.Line && !seen[f.Rule] {
				seen[f.Rule] = true
				if text, ok := s.opts.Explain(f.Rule); ok {
					parts = append(parts, "```text\n"+text+"```")
				}
			}
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return map[string]any{"contents": map[string]any{"kind": "markdown", "value": strings.Join(parts, "\n\n")}}
}
