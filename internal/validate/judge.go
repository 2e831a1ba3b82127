package validate

// Judge reports whether v validates; err says why the answer is unknown:
// ErrMatchTimeout when a pattern match ran past its timeout, the
// *PatternError of a refused pattern the instance reached. Unlike Valid it
// tells a timeout apart, so a caller can report it instead of dropping it.
func (sch *Schema) Judge(v any) (valid bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			valid, err = false, unknownVerdict(r)
		}
	}()
	return sch.sch.Validate(v) == nil, nil
}

// unknownVerdict is the error for a panic recovered from validating: a
// pattern match past its timeout or a refused pattern the instance reached
// leave the verdict unknown; any other panic is not ours and goes on.
func unknownVerdict(r any) error {
	switch r := r.(type) {
	case matchTimeout:
		return ErrMatchTimeout
	case poisoned:
		return r.err
	case unfetched:
		return r.err
	}
	panic(r)
}
