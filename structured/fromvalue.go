package structured

// FromValue builds a Tensor from nested Go values.
func FromValue(v any) (*Tensor, error) {
	return nil, errorf("FromValue", ErrType, "", "not implemented")
}

// ValueOf converts any nested Go value to a Value.
func ValueOf(v any) (Value, error) {
	return nil, errorf("ValueOf", ErrType, "", "not implemented")
}

// FromValueSpec builds a Tensor from nested Go values against a Spec.
func FromValueSpec(v any, spec *Spec) (*Tensor, error) {
	return nil, errorf("FromValueSpec", ErrType, "", "not implemented")
}
