package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/rules/types"
	"github.com/wirelint/wirelint/runner"
)

func newTypesCmd(e *env, code *int) *cobra.Command {
	var renames, opaque, include, ignore listFlag
	var language, direction, int64As string
	var emptiness bool
	c, out, in := findingsCommand("types CANONICAL MIRROR...", "check the types declared in Go, TypeScript, Python or Rust code against the schema they mirror", true)
	c.Long = "types reads the types MIRROR declares (files, or folders walked for the language's files) without\n" +
		"their toolchain, pairs each with a definition of CANONICAL (a wirelint:mirror comment above the type,\n" +
		"--rename, or the name, case and style insensitive) and compares them field by field: names after tags\n" +
		"and renames, required, nullable, enum, type and format, items, additional properties and $ref targets."
	c.Flags().StringVar(&language, "language", "", "read every mirror file as "+strings.Join(read.Languages, "|")+" (default: from each file's extension)")
	c.Flags().Var(&renames, "rename", "pair a definition with a type of another name: `CANONICAL_NAME=TYPE_NAME` (repeatable)")
	c.Flags().StringVar(&direction, "direction", "both", "which way the mirror's payloads travel: request (readOnly may be left out), response (writeOnly may be left out) or both")
	c.Flags().StringVar(&int64As, "int64", "number", "how int64 travels: number, or string (protobuf JSON)")
	c.Flags().Var(&opaque, "opaque", "compare this type by name only (custom marshalling; repeatable)")
	c.Flags().Var(&include, "include", "check only definitions matching this glob (repeatable)")
	c.Flags().Var(&ignore, "ignore", "do not check definitions matching this glob (repeatable)")
	c.Flags().BoolVar(&emptiness, "emptiness", false, "report Go slices and maps that marshal null where the schema says array or object")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) < 2 {
			return usageErrorf("want CANONICAL and at least one MIRROR; got %d arguments", len(pos))
		}
		if language != "" && !contains(read.Languages, language) {
			return usageErrorf("--language %q: want one of %s", language, strings.Join(read.Languages, ", "))
		}
		if direction != "request" && direction != "response" && direction != "both" {
			return usageErrorf("--direction %q: want request, response or both", direction)
		}
		if int64As != "number" && int64As != "string" {
			return usageErrorf("--int64 %q: want number or string", int64As)
		}
		rn, err := parseRenames(renames)
		if err != nil {
			return err
		}
		t := runner.Types{Canonical: pos[0], Mirror: pos[1:], Language: language, Options: types.Options{
			Renames: rn, Direction: types.Direction(direction), Int64AsString: int64As == "string",
			Opaque: opaque, Include: include, Ignore: ignore, Emptiness: emptiness,
		}}
		return out.runAndEmit(e, code, runner.Config{Types: []runner.Types{t}}, in)
	}
	return c
}
