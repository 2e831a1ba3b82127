// Command loadpair parses documents with reduce.LoadFile and nothing else: the
// parse-only baseline bench/parity.sh times `wirelint parity` against. Files
// load in parallel, as `wirelint parity` loads its two documents, and garbage
// is collected as wirelint collects it (internal/gcpolicy), so the two runs
// differ only by the rules.
//
// Usage:
//
//	go run ./bench/loadpair FILE...
//
// It prints each file's dialect and definition count; exit status 0 when every
// file loaded, 2 otherwise (one line naming the file and line).
package main

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gcpolicy"
	"github.com/wirelint/wirelint/internal/limits"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/wirelint/wirelint/reduce"
)

func main() {
	gcpolicy.Apply(os.Getenv)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(files []string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: loadpair FILE...")
		return 2
	}
	docs := make([]*reduce.Document, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		// the files are typed on the command line: each is read where it is
		wg.Go(func() { docs[i], errs[i] = reduce.LoadFile(fsroot.New(filepath.Dir(f)), limits.Limits{}, f, "") })
	}
	wg.Wait()
	for i, doc := range docs {
		if errs[i] != nil {
			fmt.Fprintf(stderr, "loadpair: %v\n", errs[i])
			return 2
		}
		fmt.Fprintf(stdout, "%s\t%s\t%d definitions\n", doc.Path, doc.Dialect, len(doc.Definitions))
	}
	return 0
}
