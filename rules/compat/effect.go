package compat

import "github.com/wirelint/wirelint/reduce"

// Effect is how a change moves the set of instances a schema accepts.
type Effect int

// Effects of a change, from base to head.
const (
	// None: the same instances validate (an annotation, or an equivalent
	// rewrite the reducer normalises away).
	None Effect = iota
	// Narrows: head accepts a subset of what base accepted.
	Narrows
	// Widens: head accepts a superset of what base accepted.
	Widens
	// Incomparable: each accepts something the other rejects.
	Incomparable
	// Unknown: whether instances change depends on what wirelint cannot
	// decide (a format a validator may not assert, a dynamic reference).
	Unknown
)

// String names the effect as it appears in output.
func (e Effect) String() string {
	switch e {
	case Narrows:
		return "narrows"
	case Widens:
		return "widens"
	case Incomparable:
		return "incomparable"
	case Unknown:
		return "unknown"
	}
	return "none"
}

// Converse is the effect of the reverse change (head to base).
func (e Effect) Converse() Effect {
	switch e {
	case Narrows:
		return Widens
	case Widens:
		return Narrows
	}
	return e
}

// Kind says how a change of one keyword moves the accepted set: the law
// applied to that keyword. Every catalogue keyword has one (see Kinds).
type Kind int

// Keyword kinds.
const (
	// KindNone: annotations, identity, containers and OpenAPI-only keywords
	// accept and reject nothing; changing them has no effect.
	KindNone Kind = iota + 1
	// KindUpper: an upper bound (maximum, maxLength...): lowered or added
	// narrows, raised or removed widens.
	KindUpper
	// KindLower: a lower bound (minimum, minLength...): raised or added
	// narrows, lowered or removed widens.
	KindLower
	// KindMultiple: multipleOf: a multiple of the old divisor narrows, a
	// divisor of it widens, anything else is incomparable.
	KindMultiple
	// KindAllowed: a set of allowed values (type, enum, const): a member
	// removed narrows, one added widens.
	KindAllowed
	// KindRequired: a set of demanded names (required, dependentRequired):
	// a name added narrows, one removed widens.
	KindRequired
	// KindFlag: a boolean assertion (uniqueItems): true narrows.
	KindFlag
	// KindOpaque: a constraint whose languages are not compared (pattern):
	// added narrows, removed widens, changed is incomparable.
	KindOpaque
	// KindAssertion: format and content keywords, which a validator may or
	// may not assert: every change is unknown.
	KindAssertion
	// KindAll: allOf: a branch added narrows, removed widens; a branch's
	// change moves the whole the same way.
	KindAll
	// KindAny: anyOf, oneOf: a branch added widens, removed narrows; a
	// branch's change moves the whole the same way (oneOf branches are taken
	// as disjoint, as discriminated unions are).
	KindAny
	// KindNot: not: a change inside moves the whole the other way.
	KindNot
	// KindSub: a subschema applying to parts of the instance (items,
	// additionalProperties, contains...): absent is {}, a change inside moves
	// the whole the same way.
	KindSub
	// KindCondition: if: any change is incomparable.
	KindCondition
	// KindProperties: properties, patternProperties, dependentSchemas: each
	// member compared with what governed that name before (the other side's
	// additionalProperties, or {}).
	KindProperties
	// KindTuple: prefixItems: each position compared with what governed it
	// before (the other side's items, or {}).
	KindTuple
	// KindReference: $ref compares by the definition it reaches; $dynamicRef
	// and $recursiveRef changes are unknown.
	KindReference
)

// Kinds gives every catalogue keyword its kind, by the name it is spelt
// under (so const and nullable have entries of their own). The catalogue test
// fails when a keyword has none.
var Kinds = map[string]Kind{
	"maximum": KindUpper, "exclusiveMaximum": KindUpper, "maxLength": KindUpper, "maxItems": KindUpper,
	"maxProperties": KindUpper, "maxContains": KindUpper,
	"minimum": KindLower, "exclusiveMinimum": KindLower, "minLength": KindLower, "minItems": KindLower,
	"minProperties": KindLower, "minContains": KindLower,
	"multipleOf": KindMultiple,
	"type":       KindAllowed, "enum": KindAllowed, "const": KindAllowed, "nullable": KindAllowed,
	"required": KindRequired, "dependentRequired": KindRequired, "dependencies": KindRequired,
	"uniqueItems": KindFlag,
	"pattern":     KindOpaque,
	"format":      KindAssertion, "contentEncoding": KindAssertion, "contentMediaType": KindAssertion, "contentSchema": KindAssertion,
	"allOf": KindAll,
	"anyOf": KindAny, "oneOf": KindAny,
	"not":  KindNot,
	"if":   KindCondition,
	"then": KindSub, "else": KindSub, "additionalProperties": KindSub, "items": KindSub, "additionalItems": KindSub,
	"contains": KindSub, "propertyNames": KindSub, "unevaluatedItems": KindSub, "unevaluatedProperties": KindSub,
	"properties": KindProperties, "patternProperties": KindProperties, "dependentSchemas": KindProperties,
	"prefixItems": KindTuple,
	"$ref":        KindReference, "$dynamicRef": KindReference, "$recursiveRef": KindReference,
	"title": KindNone, "description": KindNone, "default": KindNone, "examples": KindNone, "example": KindNone,
	"deprecated": KindNone, "readOnly": KindNone, "writeOnly": KindNone, "$comment": KindNone,
	"$id": KindNone, "id": KindNone, "$schema": KindNone, "$anchor": KindNone, "$vocabulary": KindNone,
	"$dynamicAnchor": KindNone, "$recursiveAnchor": KindNone, "$defs": KindNone, "definitions": KindNone,
	"discriminator": KindNone, "xml": KindNone, "externalDocs": KindNone,
}

// KindOf returns the kind of a keyword by any of its spellings, and false
// for a key outside the catalogue.
func KindOf(name string) (Kind, bool) {
	k, ok := Kinds[name]
	return k, ok
}

// instanceType is the one JSON type a type-specific keyword judges; an
// instance of any other type passes it.
var instanceType = map[string]string{
	"maxLength": "string", "minLength": "string", "pattern": "string",
	"contentEncoding": "string", "contentMediaType": "string", "contentSchema": "string",
	"maximum": "number", "minimum": "number", "exclusiveMaximum": "number", "exclusiveMinimum": "number", "multipleOf": "number",
	"maxItems": "array", "minItems": "array", "uniqueItems": "array", "items": "array", "prefixItems": "array",
	"additionalItems": "array", "contains": "array", "maxContains": "array", "minContains": "array", "unevaluatedItems": "array",
	"maxProperties": "object", "minProperties": "object", "required": "object", "properties": "object",
	"patternProperties": "object", "additionalProperties": "object", "propertyNames": "object",
	"dependentRequired": "object", "dependentSchemas": "object", "dependencies": "object", "unevaluatedProperties": "object",
}

// vacuous reports whether keyword name judges no instance either revision
// accepts: both declare a type and neither type is the one the keyword
// applies to (maxLength beside type: object). Changing it changes nothing.
func vacuous(name string, base, head map[string]*reduce.Keyword) bool {
	applies, ok := instanceType[name]
	if !ok {
		return false
	}
	for _, kw := range []map[string]*reduce.Keyword{base, head} {
		t := kw["type"]
		if t == nil {
			return false
		}
		for _, m := range t.Set {
			if m == applies || applies == "number" && m == "integer" {
				return false
			}
		}
	}
	return true
}
