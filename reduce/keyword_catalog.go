package reduce

import (
	"sort"
	"strings"
)

// Class says what a keyword does, and so whether parity compares it.
type Class int

// Keyword classes.
const (
	// Constraining keywords change which instances validate: compared.
	Constraining Class = iota + 1
	// Annotation keywords document the instance (title, description, default,
	// examples...): not compared by parity; descriptions have their own rule.
	Annotation
	// Reference keywords point at another schema ($ref, $dynamicRef...): compared
	// by the definition they reach.
	Reference
	// Identity keywords name or scope a schema ($id, $anchor, $schema...).
	Identity
	// Container keywords hold named schemas ($defs, definitions) that are
	// compared where they are referenced, not in place.
	Container
	// OpenAPIOnly keywords exist only in OpenAPI (discriminator, xml,
	// externalDocs); a JSON Schema document cannot mirror them.
	OpenAPIOnly
	// Extension keys (x-*) are ignored.
	Extension
)

// Shape says what a keyword's value holds, and so how it is walked and compared.
type Shape int

// Keyword value shapes.
const (
	// ShapeNumber is a number (minimum, maxLength...).
	ShapeNumber Shape = iota + 1
	// ShapeBool is a boolean (uniqueItems, nullable; draft-04 exclusive bounds).
	ShapeBool
	// ShapeString is a string (pattern, format...).
	ShapeString
	// ShapeStringSet is a set of strings (required; type, which may be one string).
	ShapeStringSet
	// ShapeValueSet is a set of JSON values (enum; const is a set of one).
	ShapeValueSet
	// ShapeSchema is one subschema (not, items, additionalProperties...).
	ShapeSchema
	// ShapeSchemaList is an unordered list of subschemas (allOf, anyOf, oneOf).
	ShapeSchemaList
	// ShapeSchemaTuple is a positional list of subschemas (prefixItems).
	ShapeSchemaTuple
	// ShapeSchemaMap maps names to subschemas (properties, $defs...).
	ShapeSchemaMap
	// ShapeStringSetMap maps names to sets of strings (dependentRequired).
	ShapeStringSetMap
	// ShapeItems is `items`: a subschema, or before 2020-12 a tuple.
	ShapeItems
	// ShapeDependencies is draft-04..07 `dependencies`: each entry a schema or
	// a list of property names.
	ShapeDependencies
	// ShapeOther is a value parity never compares (annotations, identity).
	ShapeOther
)

// KeywordInfo is one catalogue entry.
type KeywordInfo struct {
	// Name is the keyword as spelt in documents.
	Name string
	// Class says whether and how parity compares it.
	Class Class
	// Shape says what its value holds.
	Shape Shape
	// Normal is the name it compares under after dialect normalisation
	// (const → enum, nullable → type, additionalItems → items...).
	Normal string
	// Dialects lists where the keyword is defined, for documentation.
	Dialects string
}

// Catalogue lists every keyword of JSON Schema draft-04 … 2020-12 and of the
// OpenAPI 2.0/3.0/3.1 Schema Object.
var Catalogue = map[string]KeywordInfo{}

func init() {
	add := func(class Class, shape Shape, dialects string, names ...string) {
		for _, n := range names {
			Catalogue[n] = KeywordInfo{Name: n, Class: class, Shape: shape, Normal: n, Dialects: dialects}
		}
	}
	const all = "draft-04+, swagger-2.0, openapi-3.0, openapi-3.1"
	const js6 = "draft-06+, openapi-3.1"
	const js7 = "draft-07+, openapi-3.1"
	const js19 = "2019-09+, openapi-3.1"
	const js20 = "2020-12, openapi-3.1"

	// Validation vocabulary.
	add(Constraining, ShapeStringSet, all, "type", "required")
	add(Constraining, ShapeValueSet, all, "enum")
	add(Constraining, ShapeValueSet, js6, "const")
	add(Constraining, ShapeNumber, all, "multipleOf", "maximum", "minimum", "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties")
	add(Constraining, ShapeNumber, all, "exclusiveMaximum", "exclusiveMinimum") // boolean before draft-06 and in swagger-2.0/openapi-3.0
	add(Constraining, ShapeNumber, js19, "maxContains", "minContains")
	add(Constraining, ShapeBool, all, "uniqueItems")
	add(Constraining, ShapeString, all, "pattern", "format")
	add(Constraining, ShapeString, js7, "contentEncoding", "contentMediaType")
	add(Constraining, ShapeStringSetMap, js19, "dependentRequired")

	// Applicator vocabulary.
	add(Constraining, ShapeSchemaList, "draft-04+, openapi-3.0, openapi-3.1 (swagger-2.0: allOf only)", "allOf", "anyOf", "oneOf")
	add(Constraining, ShapeSchema, "draft-04+, openapi-3.0, openapi-3.1", "not")
	add(Constraining, ShapeSchema, js7, "if", "then", "else")
	add(Constraining, ShapeSchema, all, "additionalProperties")
	add(Constraining, ShapeSchema, js6, "contains", "propertyNames")
	add(Constraining, ShapeSchema, "draft-04 … 2019-09", "additionalItems")
	add(Constraining, ShapeSchema, js19, "unevaluatedItems", "unevaluatedProperties", "contentSchema")
	add(Constraining, ShapeSchemaTuple, js20, "prefixItems")
	add(Constraining, ShapeSchemaMap, all, "properties")
	add(Constraining, ShapeSchemaMap, "draft-04+, openapi-3.1", "patternProperties")
	add(Constraining, ShapeSchemaMap, js19, "dependentSchemas")
	add(Constraining, ShapeItems, all, "items")
	add(Constraining, ShapeDependencies, "draft-04 … draft-07", "dependencies")
	add(Constraining, ShapeBool, "openapi-3.0", "nullable")

	// Annotations.
	add(Annotation, ShapeOther, all, "title", "description", "default")
	add(Annotation, ShapeOther, js6+" (openapi-3.0: example)", "examples")
	add(Annotation, ShapeOther, "swagger-2.0, openapi-3.0, openapi-3.1 (deprecated)", "example")
	add(Annotation, ShapeOther, js19+", openapi-3.0", "deprecated")
	add(Annotation, ShapeOther, js7+", swagger-2.0 (readOnly), openapi-3.0", "readOnly", "writeOnly")
	add(Annotation, ShapeOther, js7, "$comment")

	// References and identity.
	add(Reference, ShapeOther, all, "$ref")
	add(Reference, ShapeOther, js20, "$dynamicRef")
	add(Reference, ShapeOther, "2019-09", "$recursiveRef")
	add(Identity, ShapeOther, js6, "$id")
	add(Identity, ShapeOther, "draft-04", "id")
	add(Identity, ShapeOther, "draft-04+", "$schema")
	add(Identity, ShapeOther, js19, "$anchor", "$vocabulary")
	add(Identity, ShapeOther, js20, "$dynamicAnchor")
	add(Identity, ShapeOther, "2019-09", "$recursiveAnchor")
	add(Container, ShapeSchemaMap, js19, "$defs")
	add(Container, ShapeSchemaMap, "draft-04 … draft-07, swagger-2.0", "definitions")

	// OpenAPI-only.
	add(OpenAPIOnly, ShapeOther, "swagger-2.0, openapi-3.0, openapi-3.1", "discriminator", "xml", "externalDocs")

	// Dialect normalisation: the name each spelling compares under.
	for name, normal := range map[string]string{
		"const":           "enum",
		"nullable":        "type",
		"additionalItems": "items",
		"dependencies":    "dependentRequired",
		"id":              "$id",
		"definitions":     "$defs",
	} {
		k := Catalogue[name]
		k.Normal = normal
		Catalogue[name] = k
	}
}

// LookupKeyword returns the catalogue entry for a key, and false for a key that
// is neither a catalogued keyword nor an extension (x-*, a documented vendor
// extension of VendorExtensions, or an Adobe XDM meta:* key).
func LookupKeyword(key string) (KeywordInfo, bool) {
	if k, ok := Catalogue[key]; ok {
		return k, true
	}
	if strings.HasPrefix(key, "x-") || strings.HasPrefix(key, "X-") || VendorExtensions[key] != "" || strings.HasPrefix(key, "meta:") {
		return KeywordInfo{Name: key, Class: Extension, Shape: ShapeOther, Normal: key}, true
	}
	return KeywordInfo{}, false
}

// ConstrainingKeywords lists the constraining keywords, sorted.
func ConstrainingKeywords() []string {
	var out []string
	for n, k := range Catalogue {
		if k.Class == Constraining {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// SubschemaShape reports whether a keyword's value holds schemas to walk.
func (k KeywordInfo) SubschemaShape() bool {
	switch k.Shape {
	case ShapeSchema, ShapeSchemaList, ShapeSchemaTuple, ShapeSchemaMap, ShapeItems, ShapeDependencies:
		return true
	}
	return false
}

// notInDialect lists, per dialect, the catalogued constraining and reference
// keywords its validators do not know and so ignore. (An OpenAPI 3.0 mirror
// that says const: x constrains nothing for a 3.0 validator.)
var notInDialect = func() map[Dialect]map[string]bool {
	set := func(names ...string) map[string]bool {
		m := map[string]bool{}
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	newer := []string{"const", "contains", "propertyNames", "if", "then", "else", "dependentRequired", "dependentSchemas",
		"prefixItems", "unevaluatedItems", "unevaluatedProperties", "maxContains", "minContains",
		"contentEncoding", "contentMediaType", "contentSchema", "$dynamicRef", "$recursiveRef"}
	oas30 := append([]string{"dependencies", "additionalItems", "patternProperties"}, newer...)
	return map[Dialect]map[string]bool{
		Swagger20: set(append([]string{"oneOf", "anyOf", "not", "nullable"}, oas30...)...),
		OpenAPI30: set(oas30...),
		Draft04: set("const", "contains", "propertyNames", "if", "then", "else", "dependentRequired", "dependentSchemas",
			"prefixItems", "unevaluatedItems", "unevaluatedProperties", "maxContains", "minContains",
			"contentEncoding", "contentMediaType", "contentSchema", "$dynamicRef", "$recursiveRef", "nullable"),
		Draft06: set("if", "then", "else", "dependentRequired", "dependentSchemas", "prefixItems", "unevaluatedItems",
			"unevaluatedProperties", "maxContains", "minContains", "contentEncoding", "contentMediaType", "contentSchema",
			"$dynamicRef", "$recursiveRef", "nullable"),
		Draft07: set("dependentRequired", "dependentSchemas", "prefixItems", "unevaluatedItems", "unevaluatedProperties",
			"maxContains", "minContains", "contentSchema", "$dynamicRef", "$recursiveRef", "nullable"),
		Draft201909: set("prefixItems", "$dynamicRef", "nullable"),
		Draft202012: set("additionalItems", "dependencies", "$recursiveRef", "nullable"),
		OpenAPI31:   set("additionalItems", "dependencies", "$recursiveRef", "nullable"),
	}
}()

// DefinedIn reports whether validators of dialect d know keyword name. Keys
// outside the catalogue are not defined anywhere; annotations, identity and
// extension keys count as defined (they constrain nothing either way).
func DefinedIn(name string, d Dialect) bool {
	k, ok := LookupKeyword(name)
	if !ok {
		return false
	}
	if k.Class != Constraining && k.Class != Reference {
		return true
	}
	return !notInDialect[d][name]
}

// VendorExtensions are the schema keys tools document as their own
// extensions without an x- prefix, each with the tool that defines it.
// Validators ignore them as they ignore x-*, and a key here is never an
// unknown keyword (nor a near miss of one: _enum is not a misspelt enum).
var VendorExtensions = map[string]string{
	"_enum":                    "an open list of suggested values (Argo Workflows, compose-spec tooling)",
	"enumDescriptions":         "VS Code JSON language service",
	"markdownEnumDescriptions": "VS Code JSON language service",
	"markdownDescription":      "VS Code JSON language service",
	"deprecationMessage":       "VS Code JSON language service",
	"errorMessage":             "VS Code JSON language service, ajv-errors",
	"patternErrorMessage":      "VS Code JSON language service",
	"defaultSnippets":          "VS Code JSON language service",
	"doNotSuggest":             "VS Code JSON language service",
	"suggestSortText":          "VS Code JSON language service",
	"allowComments":            "VS Code JSON language service",
	"allowTrailingCommas":      "VS Code JSON language service",
	"tsType":                   "json-schema-to-typescript",
	"tsEnumNames":              "json-schema-to-typescript",
	"javaType":                 "jsonschema2pojo",
	"javaEnumNames":            "jsonschema2pojo",
	"existingJavaType":         "jsonschema2pojo",
	"javaInterfaces":           "jsonschema2pojo",
	"goJSONSchema":             "go-jsonschema",
	"tfType":                   "Terraform provider generators",
}

// PlainKeyword reports whether key, valued v, in a schema of dialect d needs
// no closer look from the checks of keys (an unknown keyword, one d does not
// define, a value of the wrong kind or a number too large to read): key is a
// keyword d defines or an extension, and v is at a glance of the kind its
// shape wants. False means "look closer", never "wrong". The schema walk
// records it per schema (SchemaSite.Plain), so those checks visit only the
// schemas that have something to look at.
func PlainKeyword(key string, v *Node, d Dialect) bool {
	info, ok := Catalogue[key]
	return plainKeyword(key, info, ok, v, notInDialect[d])
}

// plainKeyword is PlainKeyword for a key already looked up in the catalogue
// (info, ok) and the keywords of the dialect's notInDialect set.
func plainKeyword(key string, info KeywordInfo, ok bool, v *Node, notIn map[string]bool) bool {
	switch {
	case ok:
		if (info.Class == Constraining || info.Class == Reference) && notIn[key] {
			return false
		}
	case strings.HasPrefix(key, "x-") || strings.HasPrefix(key, "X-") || VendorExtensions[key] != "" || strings.HasPrefix(key, "meta:"):
		info.Shape = ShapeOther
	default:
		return false
	}
	v = Deref(v)
	if v == nil || isNumber(v) && !plainInteger(v.Value) {
		return false
	}
	switch info.Shape {
	case ShapeNumber:
		return isNumber(v)
	case ShapeSchema, ShapeItems:
		return IsSchemaNode(v)
	case ShapeSchemaList, ShapeSchemaTuple:
		return v.Kind == SequenceNode && len(v.Content) > 0 && all(v.Content, IsSchemaNode)
	case ShapeSchemaMap:
		if v.Kind != MappingNode {
			return false
		}
		for i := 1; i < len(v.Content); i += 2 {
			if !IsSchemaNode(v.Content[i]) {
				return false
			}
		}
		return true
	case ShapeStringSet:
		if key == "type" {
			return IsString(v)
		}
		return v.Kind == SequenceNode && all(v.Content, IsString)
	case ShapeValueSet:
		return key != "enum" || v.Kind == SequenceNode
	}
	return true
}

func isNumber(v *Node) bool {
	return v.Kind == ScalarNode && (v.Tag == "!!int" || v.Tag == "!!float")
}

// plainInteger reports whether s is a decimal integer of at most 18 digits
// without leading zeros, which Number always reads.
func plainInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 18 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func all(nodes []*Node, ok func(*Node) bool) bool {
	for _, n := range nodes {
		if !ok(n) {
			return false
		}
	}
	return true
}
