// Command oas2jsonschema converts the component schemas of an OpenAPI 3.0 or
// 3.1 document (components/schemas) or a Swagger 2.0 document (definitions)
// into one JSON Schema 2020-12 document whose $defs hold the same schemas under
// the same names. It is the benchmark's source of canonical/mirror pairs that
// must come out clean, so it is written apart from wirelint's own reducer and
// imports none of its packages.
//
// Usage:
//
//	go run ./bench/oas2jsonschema SPEC OUT.json
//
// OUT.json "-" writes to standard output. Each schema becomes its 2020-12
// equivalent:
//
//   - $ref to #/components/schemas/X or #/definitions/X becomes #/$defs/X (the
//     rest of the pointer kept); any other $ref is kept and reported on stderr;
//   - in Swagger 2.0 and OpenAPI 3.0 a $ref's siblings are ignored, so
//     constraints and x-* there are dropped; annotations (title, description,
//     default, example, deprecated, readOnly, writeOnly) are kept by wrapping:
//     {"allOf": [{"$ref": ...}], "description": ...};
//   - OpenAPI 3.0 nullable: true adds "null" to type when type is present (with
//     no type it has no effect, OpenAPI 3.0.3 §4.7.24.1); enum is left as is, so
//     a nullable enum still needs null among its values, as in 3.0.3;
//   - boolean exclusiveMinimum/exclusiveMaximum (2.0, 3.0) become the numeric
//     2020-12 keywords, taking the value of minimum/maximum;
//   - example becomes examples: [example] (appended when examples is a list);
//   - an array-valued items (a tuple before 2020-12) becomes prefixItems, and
//     additionalItems then becomes items;
//   - discriminator, xml and externalDocs are dropped; x-* and every other
//     keyword are kept.
//
// Keys come out in the source's order, so the output is byte-for-byte the same
// on every run. Exit status: 0 converted, 2 usage or input error.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
		fmt.Fprintf(stderr, "oas2jsonschema: read %s: %v\n", spec, err)
		return 2
	}
	file := filepath.ToSlash(spec)
	doc, err := decode(data, file)
	if err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: %v\n", err)
		return 2
	}
	out, warnings, err := convert(doc, file)
	if err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: %v\n", err)
		return 2
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "oas2jsonschema: warning: %s\n", w)
	}
	var buf bytes.Buffer
	if err := encode(&buf, out); err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: %v\n", err)
		return 2
	}
	if dest == "-" {
		_, err = stdout.Write(buf.Bytes())
	} else {
		err = os.WriteFile(dest, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "oas2jsonschema: write %s: %v\n", dest, err)
		return 2
	}
	return 0
}
