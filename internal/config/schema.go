package config

import _ "embed" // the configuration's JSON Schema

// Schema is the JSON Schema (2020-12) of .wirelint.yaml, for editors: `wirelint
// init` names it in a yaml-language-server comment, and `wirelint schema`
// prints it. TestSchemaMatchesDecoder holds it to the keys the decoder
// accepts, section by section, so the two cannot drift.
//
//go:embed wirelint.schema.json
var Schema []byte

// SchemaURL is where editors fetch Schema: the file at the release's tag.
const SchemaURL = "https://raw.githubusercontent.com/wirelint/wirelint/v0.1.0/internal/config/wirelint.schema.json"
