// Command oas2jsonschema converts the component schemas of an OpenAPI 3.0 or
// 3.1 document (components/schemas) or a Swagger 2.0 document (definitions)
// into one JSON Schema 2020-12 document whose $defs hold the same schemas under
// the same names, so the pair says the same thing twice and `wirelint parity`
// must find it clean. The conversion rules are listed in
// bench/internal/oasconv; none of wirelint's own packages is used.
//
// Usage:
//
//	go run ./bench/oas2jsonschema SPEC OUT.json
//
// OUT.json "-" writes to standard output. Warnings (a $ref kept as written)
// go to standard error. Exit status: 0 converted, 2 usage or input error.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wirelint/wirelint/bench/internal/oasconv"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run converts args[0] into args[1] and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: oas2jsonschema SPEC OUT.json (OUT.json - for standard output)")
		return 2
	}
	spec, dest := args[0], args[1]
	data, err := os.ReadFile(spec)
	if err != nil {
		if os.IsNotExist(err) {
			err = fmt.Errorf("%s: no such file", spec)
		}
		fmt.Fprintf(stderr, "oas2jsonschema: %v\n", err)
		return 2
	}
	out, warnings, err := oasconv.Convert(data, filepath.ToSlash(spec))
	if err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: %v\n", err)
		return 2
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "oas2jsonschema: warning: %s\n", w)
	}
	if dest == "-" {
		_, err = stdout.Write(out)
	} else {
		err = os.WriteFile(dest, out, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: write %s: %v\n", dest, err)
		return 2
	}
	return 0
}
