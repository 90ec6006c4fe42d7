package index

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// Encode returns the tensor that carries data and its index: data itself
// for a Range, data with the index stored in the field "_index_" otherwise.
func Encode(idx Index, data *structured.Tensor) (*structured.Tensor, error) {
	switch idx.(type) {
	case Range:
		return data, nil
	}
	return nil, fmt.Errorf("index: Encode: %s is not supported yet", idx)
}

// Decode splits a tensor into its data (without the field "_index_") and
// its index: a Range when the field is absent.
func Decode(t *structured.Tensor) (*structured.Tensor, Index, error) {
	if t.Rank() == 1 && !t.HasField(Field) {
		return t, NewRange(t.NumRows()), nil
	}
	return nil, nil, fmt.Errorf("index: Decode: a tensor of rank %d with field %q is not supported yet", t.Rank(), Field)
}
