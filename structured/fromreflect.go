package structured

// fromReflect converts Go structs, typed slices and maps by reflection.
func fromReflect(op string, v any) (*Tensor, error) {
	return nil, errorf(op, ErrType, "", "cannot convert Go type %T", v)
}

// reflectValue converts a Go value of a type FromValue does not know
// directly (a struct, a typed slice or map, a pointer) into the nested
// map[string]any / []any / scalar form FromValue reads. path names the
// position for errors.
func reflectValue(v any, path string) (any, error) {
	return nil, errorf("FromValue", ErrType, path, "cannot convert Go type %T", v)
}
