package validate

// Judge reports whether v validates; err says why the answer is unknown:
// ErrMatchTimeout when a pattern match ran past its timeout, the
// *PatternError of a refused pattern the instance reached. Unlike Valid it
// tells a timeout apart, so a caller can report it instead of dropping it.
func (sch *Schema) Judge(v any) (valid bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case matchTimeout:
				valid, err = false, ErrMatchTimeout
			case poisoned:
				valid, err = false, r.err
			default:
				panic(r)
			}
		}
	}()
	return sch.sch.Validate(v) == nil, nil
}
