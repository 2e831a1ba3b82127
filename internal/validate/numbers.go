package validate

import (
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/wirelint/wirelint/reduce"
)

// explain is the validator's message for k, with the numbers of the bound
// keywords written exactly: the library prints them as float64, so 2e400
// against a maximum of 1e400 read "got ∞, want ∞" and 1e-400 read as 0.
func explain(k jsonschema.ErrorKind) string {
	num := reduce.FormatNumber
	switch k := k.(type) {
	case *kind.Minimum:
		return fmt.Sprintf("minimum: got %s, want %s", num(k.Got), num(k.Want))
	case *kind.Maximum:
		return fmt.Sprintf("maximum: got %s, want %s", num(k.Got), num(k.Want))
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("exclusiveMinimum: got %s, want %s", num(k.Got), num(k.Want))
	case *kind.ExclusiveMaximum:
		return fmt.Sprintf("exclusiveMaximum: got %s, want %s", num(k.Got), num(k.Want))
	case *kind.MultipleOf:
		return fmt.Sprintf("multipleOf: got %s, want %s", num(k.Got), num(k.Want))
	}
	return k.LocalizedString(printer)
}

// at names file, with the line and column of a number Decode could not
// represent when err is one.
func at(file string, err error) string {
	var ne *reduce.NumberError
	if errors.As(err, &ne) {
		return fmt.Sprintf("%s:%d:%d", file, ne.Line, ne.Column)
	}
	return file
}
