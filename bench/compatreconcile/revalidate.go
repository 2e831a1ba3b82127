package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
)

// revalidator compiles the schemas wirelint errors name, afresh, in the
// folder wirelint ran in, and validates each error's payload against both.
type revalidator struct {
	dir  string
	ws   *reduce.Workspace
	sets map[string]*validate.Set
}

func newRevalidator(dir string) *revalidator {
	return &revalidator{dir: dir, ws: reduce.NewWorkspace(dir), sets: map[string]*validate.Set{}}
}

// check returns why f's payload does not prove f, or nil.
func (r *revalidator) check(f finding) error {
	if len(f.Payload) == 0 {
		return fmt.Errorf("no payload: %s", f.PayloadReason)
	}
	d := json.NewDecoder(strings.NewReader(string(f.Payload)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return err
	}
	baseOK, err := r.valid(f.BaseSchema, v)
	if err != nil {
		return err
	}
	headOK, err := r.valid(f.HeadSchema, v)
	if err != nil {
		return err
	}
	acceptBase := f.AcceptedBy == "base"
	if baseOK != acceptBase || headOK == acceptBase {
		return fmt.Errorf("base accepts %v, head accepts %v, the error says %s accepts", baseOK, headOK, f.AcceptedBy)
	}
	return nil
}

// valid validates v against the schema at "file#pointer" (file relative to
// the folder, as wirelint named it).
func (r *revalidator) valid(at string, v any) (bool, error) {
	file, ptr, ok := strings.Cut(at, "#")
	if !ok {
		return false, fmt.Errorf("schema location %q", at)
	}
	if i := strings.Index(file, ":"); i > 0 && !filepath.IsAbs(file) {
		file = file[i+1:] // REV:PATH in --against mode
	}
	set := r.sets[file]
	if set == nil {
		p := filepath.Join(r.dir, filepath.FromSlash(file))
		doc, err := r.ws.Load(p, "")
		if err != nil {
			if doc, err = r.ws.LoadFragment(p, "", reduce.OpenAPI30); err != nil {
				return false, err
			}
		}
		if set, err = validate.Compile(r.ws, doc, validate.Options{}); err != nil {
			return false, err
		}
		r.sets[file] = set
	}
	s, err := set.Schema(ptr)
	if err != nil {
		return false, err
	}
	ok, known := s.Valid(v)
	if !known {
		return false, fmt.Errorf("validation of the payload against %s is undecided", at)
	}
	return ok, nil
}
