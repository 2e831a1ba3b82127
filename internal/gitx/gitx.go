// Package gitx is the one place wirelint runs git, and it runs it only
// against the project's own repository: the .git found once from the
// project root, named to git explicitly (--git-dir, --work-tree), so a
// folder a pull request lays out as a bare repository (HEAD, objects/,
// refs/, a config with core.worktree and core.fsmonitor) is never taken for
// one. Every configuration key that makes a read-only command start another
// program is overridden on the command line, and no command touches the
// network.
//
// What still runs, and why it is safe: git itself, found on PATH; and the
// filter drivers (filter.<name>.clean) configured in the repository's own
// .git/config or the user's global configuration — a pull request can name
// one in .gitattributes but cannot define one, since it cannot write either
// file. The global configuration is kept on purpose: it is the user's, not
// the pull request's, and it holds the safe.directory entries git honours
// only from there; the system one is dropped (GIT_CONFIG_NOSYSTEM).
package gitx

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// ErrNoRepository marks a project that is not inside a git work tree.
var ErrNoRepository = errors.New("not in a git repository")

// Repo is the git repository whose work tree holds the project.
type Repo struct {
	// Top is the absolute root of the work tree.
	Top string
	// GitDir is the absolute repository folder: Top/.git, or where the .git
	// file of a linked work tree or submodule points.
	GitDir string
}

// Find returns the repository holding the project root dir: the nearest
// .git at or above it, a folder or a file saying `gitdir: PATH` (a linked
// work tree, a submodule). Git never checks out a path with a .git
// component, so a pull request cannot plant one; a bare-repository layout
// without one is never found. The error wraps ErrNoRepository when there
// is none.
func Find(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for d := abs; ; {
		dot := filepath.Join(d, ".git")
		if st, err := os.Lstat(dot); err == nil {
			switch {
			case st.IsDir():
				return &Repo{Top: d, GitDir: dot}, nil
			case st.Mode().IsRegular():
				gitDir, err := readGitFile(dot)
				if err != nil {
					return nil, err
				}
				return &Repo{Top: d, GitDir: gitDir}, nil
			}
			return nil, fmt.Errorf("%s is neither a folder nor a gitdir file", filepath.ToSlash(dot))
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil, fmt.Errorf("%s is %w", filepath.ToSlash(abs), ErrNoRepository)
		}
		d = parent
	}
}

// readGitFile reads the `gitdir: PATH` line of a .git file; a relative PATH
// is relative to the file's folder.
func readGitFile(dot string) (string, error) {
	f, err := os.Open(dot)
	if err != nil {
		return "", err
	}
	defer func() { _ = f.Close() }() // read-only: closing cannot lose data
	line, err := bufio.NewReader(io.LimitReader(f, 4096)).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", err
	}
	p, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir: ")
	if !ok || p == "" {
		return "", fmt.Errorf("%s: want a line 'gitdir: PATH'", filepath.ToSlash(dot))
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(dot), p)
	}
	return filepath.Clean(p), nil
}

// overrides are the -c settings of every command: each configuration key
// that can make a reading command start another program or reach the
// network, set to do nothing (git-config(1), git 2.39).
var overrides = []string{
	"safe.bareRepository=explicit", // no implicit bare repository, wherever git looks
	"core.fsmonitor=false",         // runs a hook on every index refresh
	"core.hooksPath=/dev/null",     // hooks, post-index-change among them
	"core.pager=cat",               // with --no-pager and GIT_PAGER too
	"core.sshCommand=",             // transports, askpass and credentials:
	"core.askPass=",                // none is used, protocol.allow=never
	"credential.helper=",           // forbids every transport anyway
	"core.alternateRefsCommand=",
	"core.editor=false",
	"sequence.editor=false",
	"diff.external=", // with --no-ext-diff and --no-textconv on diff
	"protocol.allow=never",
	"gc.auto=0", // no background gc or maintenance forks
	"maintenance.auto=false",
	"core.quotePath=false", // paths printed as they are
}

// commands are the git commands Run runs: each reads the repository or the
// work tree and, with the overrides and the options added here, starts no
// other program. Any other command is refused: `log -p` or `show`, for
// one, would run a diff driver a .gitattributes names.
var commands = map[string][]string{
	"rev-parse": nil,
	"ls-files":  nil,
	"ls-tree":   nil,
	"cat-file":  nil,
	"diff":      {"--no-ext-diff", "--no-textconv"}, // diff.external, diff.<driver>.command and .textconv
}

// Ignored returns, of paths (slash-separated, relative to the top of the
// work tree), those that are not tracked and that a .gitignore file of the
// work tree excludes, each with the rule excluding it as FILE:LINE. Rules of
// this machine alone (info/exclude, core.excludesFile) do not count: the
// answer is the same on every clone. It runs `git check-ignore -v -z
// --stdin`, which reads those files and the index and starts nothing.
func (r *Repo) Ignored(paths []string) (map[string]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	var in bytes.Buffer
	for _, p := range paths {
		if p == "" || p[0] == ':' || strings.ContainsRune(p, 0) {
			continue // ":(...)" would be read as pathspec magic, which literal pathspecs would refuse
		}
		in.WriteString(p)
		in.WriteByte(0)
	}
	// check-ignore takes no literal pathspecs; the paths above hold no magic
	out, status, err := r.runEnv(&in, []string{"GIT_LITERAL_PATHSPECS=0"}, "check-ignore", "-v", "-z", "--stdin")
	if status == 1 {
		return nil, nil // none of them is ignored
	}
	if err != nil {
		return nil, err
	}
	// SOURCE NUL LINE NUL PATTERN NUL PATH NUL per path that a rule matches
	fields := strings.Split(string(out), "\x00")
	ignored := map[string]string{}
	for i := 0; i+3 < len(fields); i += 4 {
		source, line, pattern, path := fields[i], fields[i+1], fields[i+2], fields[i+3]
		switch {
		case source == "" || strings.HasPrefix(pattern, "!"):
			continue // a negated rule matched: the path is not ignored
		case filepath.IsAbs(source) || source == ".git" || strings.HasPrefix(source, ".git/"):
			continue // this machine's rule, not the repository's
		}
		ignored[path] = source + ":" + line
	}
	return ignored, nil
}

// Run runs `git ARGS` against the repository, in its top folder, with stdin
// (nil = none), and returns its standard output. ARGS[0] must be one of
// commands. The error carries git's first line of complaint.
func (r *Repo) Run(stdin io.Reader, args ...string) ([]byte, error) {
	if len(args) == 0 {
		return nil, errors.New("git: no command (internal error)")
	}
	extra, ok := commands[args[0]]
	if !ok {
		return nil, fmt.Errorf("git %s: not a command wirelint runs (internal error)", args[0])
	}
	out, _, err := r.run(stdin, append(append([]string{args[0]}, extra...), args[1:]...)...)
	return out, err
}

// RemoteURL returns the URL the repository's configuration gives remote
// name ("origin"), as written there; "" when the remote or its URL is not
// configured. It runs `git config --get remote.NAME.url` only: config is
// not a command Run accepts, since its other forms write.
func (r *Repo) RemoteURL(name string) (string, error) {
	if !remoteName().MatchString(name) {
		return "", fmt.Errorf("git remote %q: not a remote name (internal error)", name)
	}
	out, status, err := r.run(nil, "config", "--get", "remote."+name+".url")
	if status == 1 {
		return "", nil // git config's status for a key that is not set
	}
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// remoteName is a remote name RemoteURL asks for: no dots at the ends, none
// of the characters that would make it another key.
var remoteName = lazyre.New(`^[A-Za-z0-9_-]+(?:[.][A-Za-z0-9_-]+)*$`)

// run runs git with args as they are, hardened as Run describes, and
// returns its output and exit status (-1 = it did not run or was killed).
func (r *Repo) run(stdin io.Reader, args ...string) ([]byte, int, error) {
	return r.runEnv(stdin, nil, args...)
}

// runEnv is run with env added to the environment it pins (a later entry
// wins over an earlier one of the same name).
func (r *Repo) runEnv(stdin io.Reader, env []string, args ...string) ([]byte, int, error) {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, -1, errors.New("git is not installed")
	}
	full := []string{"--no-pager", "--git-dir=" + r.GitDir, "--work-tree=" + r.Top}
	for _, o := range overrides {
		full = append(full, "-c", o)
	}
	cmd := exec.Command(git, append(full, args...)...)
	cmd.Dir = r.Top
	cmd.Stdin = stdin
	cmd.Env = append(environ(r.Top), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(strings.SplitN(strings.TrimSpace(stderr.String()), "\n", 2)[0])
		if msg == "" {
			msg = err.Error()
		}
		return nil, cmd.ProcessState.ExitCode(), errors.New(strings.TrimPrefix(msg, "fatal: "))
	}
	return out, 0, nil
}

// environ is the process environment less the variables that would point
// git at another repository or make it start a program, plus those that
// pin it: no prompt, no optional index writes, no lazy fetch, no system
// configuration, no discovery above the work tree.
func environ(top string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
			"GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS",
			"GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM":
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0",
		"GIT_NO_LAZY_FETCH=1",
		"GIT_NO_REPLACE_OBJECTS=1",
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_PAGER=cat",
		"GIT_CEILING_DIRECTORIES="+filepath.Dir(top),
		"GIT_LITERAL_PATHSPECS=1",
	)
}

// NoCommit is the error for a revision the repository does not hold: in a
// shallow clone (CI's default checkout fetches one commit) it says so and
// names the remedy, fetch-depth: 0.
func (r *Repo) NoCommit(what, rev string) error {
	msg := fmt.Sprintf("%s %q names no commit in %s", what, rev, filepath.ToSlash(r.Top))
	if out, err := r.Run(nil, "rev-parse", "--is-shallow-repository"); err == nil && strings.TrimSpace(string(out)) == "true" {
		msg += "; this clone is shallow and lacks the history: fetch it (git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
	}
	return errors.New(msg)
}
