package config

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchema compiles Schema with the validator the fixtures use.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(SchemaURL, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(SchemaURL)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// instance reads YAML as the JSON value a validator takes.
func instance(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var wantOneOf = regexp.MustCompile(`want one of ([^)]*)\)`)

// TestSchemaMatchesDecoder probes the decoder with an unknown key in every
// section and requires the keys its message lists to be exactly the
// schema's properties there: a key added to one and not the other fails.
func TestSchemaMatchesDecoder(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(Schema, &schema); err != nil {
		t.Fatal(err)
	}
	dir := project(t)
	for _, c := range []struct{ yaml, path string }{
		{"zz: 1", ""},
		{"parity: [{zz: 1}]", "parity[]"},
		{"refs: {zz: 1}", "refs"},
		{"regex: {zz: 1}", "regex"},
		{"routes: [{zz: 1}]", "routes[]"},
		{"fixtures: [{zz: 1}]", "fixtures[]"},
		{"docs: {zz: 1}", "docs"},
		{"docs: {taxonomy: [{zz: 1}]}", "docs.taxonomy[]"},
		{"docs: {taxonomy: [{levels: [{zz: 1}]}]}", "docs.taxonomy[].levels[]"},
		{"docs: {site: {zz: 1}}", "docs.site"},
		{"compat: {zz: 1}", "compat"},
		{"types: [{zz: 1}]", "types[]"},
		{"limits: {zz: 1}", "limits"},
		{"ignore: [{zz: 1}]", "ignore[]"},
	} {
		_, err := Parse([]byte(c.yaml), ".wirelint.yaml", dir)
		m := wantOneOf.FindStringSubmatch(errText(err))
		if m == nil {
			t.Errorf("%s: the decoder's error lists no keys: %v", c.yaml, err)
			continue
		}
		decoder := strings.Split(m[1], ", ")
		sort.Strings(decoder)
		var inSchema []string
		for k := range properties(t, schema, c.path) {
			inSchema = append(inSchema, k)
		}
		sort.Strings(inSchema)
		if strings.Join(decoder, ",") != strings.Join(inSchema, ",") {
			t.Errorf("%s: the decoder accepts %v, the schema %v", c.path, decoder, inSchema)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// properties walks path ("docs.taxonomy[].levels[]") in the schema and
// returns the properties of the object there.
func properties(t *testing.T, schema map[string]any, path string) map[string]any {
	t.Helper()
	node := schema
	for _, part := range strings.Split(path, ".") {
		if part == "" {
			continue
		}
		name, list := strings.CutSuffix(part, "[]")
		next, ok := node["properties"].(map[string]any)[name].(map[string]any)
		if !ok {
			t.Fatalf("the schema has no %s", path)
		}
		if list {
			next = next["items"].(map[string]any)
		}
		node = next
	}
	return node["properties"].(map[string]any)
}

// TestSchemaValidates pins that the schema accepts the configurations this
// repository ships and one using every key, and rejects mistakes the decoder
// rejects: an unknown key, a wrong type, a value outside a closed set.
func TestSchemaValidates(t *testing.T) {
	s := compileSchema(t)
	good := map[string]string{"full": full}
	for _, f := range []string{"../../.wirelint.yaml", "../../examples/frame-wire/.wirelint.yaml"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		good[f] = string(data)
	}
	for name, text := range good {
		if err := s.Validate(instance(t, text)); err != nil {
			t.Errorf("%s: the schema rejects it: %v", name, err)
		}
	}
	for _, bad := range []string{
		"parity:\n  - canonical: a.json\n    mirorr: b.yaml\n",
		"routes:\n  - spec: a.yaml\n    framework: rails\n",
		"regex: {dialects: go}\n",
		"ignore:\n  - rule: parity/*\n",
		"limits: {max-nodes: -1}\n",
		"version: 2\n",
	} {
		if err := s.Validate(instance(t, bad)); err == nil {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}

// TestConfigDocsListSchemaKeys pins docs/config.md's key table to the
// schema: every key of the schema has a row, and every row names a key.
func TestConfigDocsListSchemaKeys(t *testing.T) {
	data, err := os.ReadFile("../../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(Schema, &schema); err != nil {
		t.Fatal(err)
	}
	inSchema := map[string]bool{}
	var walk func(node map[string]any, prefix string)
	walk = func(node map[string]any, prefix string) {
		props, _ := node["properties"].(map[string]any)
		for k, v := range props {
			key := prefix + k
			inSchema[key] = true
			child, _ := v.(map[string]any)
			if items, ok := child["items"].(map[string]any); ok && child["type"] == "array" {
				if _, ok := items["properties"]; ok {
					walk(items, key+"[].")
				}
			} else if _, ok := child["properties"]; ok {
				walk(child, key+".")
			}
		}
	}
	walk(schema, "")
	row := regexp.MustCompile("(?m)^\\| (`[^|]*`) \\|")
	tick := regexp.MustCompile("`([^`]+)`")
	inDocs := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		keys := tick.FindAllStringSubmatch(m[1], -1)
		first := keys[0][1]
		inDocs[first] = true
		// "`parity[].include`, `exclude`": the second key shares the first's section.
		prefix := first[:strings.LastIndexAny(first, ".]")+1]
		for _, k := range keys[1:] {
			inDocs[prefix+k[1]] = true
		}
	}
	for k := range inSchema {
		if !inDocs[k] {
			t.Errorf("docs/config.md has no row for %s", k)
		}
	}
	for k := range inDocs {
		if !inSchema[k] {
			t.Errorf("docs/config.md describes %s, which the schema does not have", k)
		}
	}
}

// TestNewerConfiguration pins the keys' history: a configuration asking for
// a newer wirelint is refused with that reason, and a key this wirelint does
// not know is said to need the newer version rather than to be misspelt;
// one asking for this version or an older one reads as usual.
func TestNewerConfiguration(t *testing.T) {
	defer func(r string) { Running = r }(Running)
	Running = "0.1.0"
	dir := project(t)
	_, err := Parse([]byte("version: 1\nwirelint: 0.3.0\nlintz: {x: 1}\n"), ".wirelint.yaml", dir)
	msg := errText(err)
	if !strings.Contains(msg, `.wirelint.yaml:3:1: "lintz" is not a key of wirelint 0.1.0, and this configuration asks for wirelint ≥ 0.3.0 (wirelint: at line 2): upgrade wirelint, or remove the key`) ||
		!strings.Contains(msg, ".wirelint.yaml:2:11: this configuration asks for wirelint ≥ 0.3.0; this is wirelint 0.1.0: upgrade wirelint") {
		t.Errorf("newer configuration: %v", err)
	}
	for _, v := range []string{"0.1.0", "0.1", "v0.0.9"} {
		if _, err := Parse([]byte("wirelint: "+v+"\n"), ".wirelint.yaml", dir); err != nil {
			t.Errorf("wirelint: %s: %v", v, err)
		}
	}
	if _, err := Parse([]byte("wirelint: latest\n"), ".wirelint.yaml", dir); !strings.Contains(errText(err), `"latest" is not a version`) {
		t.Errorf("wirelint: latest: %v", err)
	}
	if _, err := Parse([]byte("lintz: 1\n"), ".wirelint.yaml", dir); !strings.Contains(errText(err), `unknown key "lintz"`) {
		t.Errorf("without wirelint:, an unknown key is unknown: %v", err)
	}
}
