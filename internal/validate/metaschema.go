package validate

import (
	"errors"
	"net/url"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// BuiltIn reports whether uri, an absolute URL, names one of the JSON Schema
// meta-schemas the validator holds built in (drafts 4, 6 and 7, 2019-09 and
// 2020-12 and their vocabularies, at json-schema.org by http or https): a
// reference to one resolves in every validator without fetching anything.
// found says whether the place its fragment names exists there. Nothing is
// fetched; each URL is looked up once per process.
func BuiltIn(uri string) (builtIn, found bool) {
	u, err := url.Parse(uri)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, "json-schema.org") {
		return false, false
	}
	base := *u
	base.Fragment, base.RawFragment = "", ""
	if !compiles(base.String()) {
		return false, false
	}
	return true, u.Fragment == "" || compiles(uri)
}

// builtInURLs remembers which URLs compile from the library's own copies.
var builtInURLs sync.Map // string -> bool

// compiles reports whether the library compiles uri with a loader that
// loads nothing: only its built-in meta-schemas can answer.
func compiles(uri string) bool {
	if ok, seen := builtInURLs.Load(uri); seen {
		return ok.(bool)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(nothing{})
	_, err := c.Compile(uri)
	builtInURLs.Store(uri, err == nil)
	return err == nil
}

// nothing is a loader that loads nothing.
type nothing struct{}

func (nothing) Load(string) (any, error) { return nil, errors.New("wirelint fetches nothing") }
