// Package oasconv converts the component schemas of an OpenAPI 3.0 or 3.1
// document (components/schemas) or a Swagger 2.0 document (definitions) into
// one JSON Schema 2020-12 document whose $defs hold the same schemas under the
// same names. The benchmarks use it to make canonical/mirror pairs that must
// come out clean, so it is written apart from wirelint's reducer and imports
// none of wirelint's packages: documents are decoded with encoding/json tokens
// (or a YAML node tree) into ordered maps.
//
// Each schema becomes its 2020-12 equivalent:
//
//   - $ref to #/components/schemas/X or #/definitions/X becomes #/$defs/X (the
//     rest of the pointer kept); any other $ref is kept and reported;
//   - in Swagger 2.0 and OpenAPI 3.0 a $ref's siblings are ignored, so
//     constraints and x-* there are dropped; annotations (title, description,
//     default, example, deprecated, readOnly, writeOnly, $comment) are kept by
//     wrapping: {"allOf": [{"$ref": ...}], "description": ...};
//   - OpenAPI 3.0 nullable: true adds "null" to type when type is present (with
//     no type it has no effect, OpenAPI 3.0.3 §4.7.24.1); enum is left as is, so
//     a nullable enum still needs null among its values, as in 3.0.3;
//   - boolean exclusiveMinimum/exclusiveMaximum (2.0, 3.0) become the numeric
//     2020-12 keywords, taking the value of minimum/maximum;
//   - example becomes examples: [example] (appended when examples is a list);
//   - an array-valued items (a tuple before 2020-12) becomes prefixItems, and
//     additionalItems then becomes items;
//   - discriminator, xml and externalDocs are dropped; x-* and every other
//     keyword are kept, with any {"$ref": "#/components/schemas/X"} inside an
//     x-* value retargeted to #/$defs/X, since the schema it names moved.
//
// Keys come out in the source's order, so the output is byte-for-byte the same
// on every run.
package oasconv

import "bytes"

// Convert converts the OpenAPI or Swagger document in data into an indented
// JSON Schema 2020-12 document. file names the input in errors, which read
// `file:line:col: msg` (or `file: msg` when there is no position), and in
// warnings: problems that did not stop the conversion, one line each.
func Convert(data []byte, file string) (out []byte, warnings []string, err error) {
	doc, err := decode(data, file)
	if err != nil {
		return nil, nil, err
	}
	converted, warnings, err := convert(doc, file)
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	if err := encode(&buf, converted); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), warnings, nil
}
