// Package arrowspec keeps, in an Arrow schema's key/value metadata, what
// a Tensor's Spec says and Arrow's types cannot, so that io/ipc and
// io/parquet read back the Tensor they wrote.
//
// Arrow has no fixed-size list of size 0: a leaf field of fixed dimension
// 0 (Spec "0 * float64", every row an empty list) is written as a list
// and reads back as "var * float64". The writers store the Tensor's Spec
// under [Key] when it holds such a dimension ([Note]); the readers give
// the fields their fixed dimension back ([Restore]). Everything else a
// Spec says (fixed dimensions >= 1, var dimensions, nesting, maps, Arrow
// item types and their time zones) the Arrow schema says itself; the
// index travels as the column "_index_" (index.Encode), not as metadata.
package arrowspec

import (
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// Key is the schema metadata key holding the Spec string
// (structured.Spec.String) of the Tensor written.
const Key = "structframe.spec"

// Note returns the Spec string to store under [Key] for t, or "" when
// t's Arrow schema says all its Spec says (no field of a fixed
// dimension 0).
func Note(t *structured.Tensor) string {
	s := t.Spec()
	if !hasZeroDim(s.Fields) {
		return ""
	}
	return s.String()
}

func hasZeroDim(fs []structured.FieldSpec) bool {
	for _, f := range fs {
		if slices.Contains(f.Dims, 0) || hasZeroDim(f.Fields) {
			return true
		}
	}
	return false
}

// Restore gives the leaf fields of t (a rank-1 Tensor read from Arrow)
// that the stored Spec says have a fixed dimension of 0 that dimension
// back: those read as lists, every one empty and none null, become dense
// values of the Spec's shape. Leaves under a list or a map are left as
// read. A stored Spec that does not parse, or that a field's data
// contradicts (a list with items, a null list), is an error naming the
// field.
func Restore(t *structured.Tensor, stored string) (*structured.Tensor, error) {
	s, err := structured.ParseSpec(stored)
	if err != nil {
		return nil, fmt.Errorf("the Spec stored under %q: %w", Key, err)
	}
	var ups []structured.Update
	if err := restoreFields(t, s.Fields, nil, &ups); err != nil {
		return nil, err
	}
	if len(ups) == 0 {
		return t, nil
	}
	return t.WithUpdates(ups...)
}

func restoreFields(t *structured.Tensor, fs []structured.FieldSpec, path []string, ups *[]structured.Update) error {
	for _, f := range fs {
		p := append(slices.Clip(path), f.Name)
		switch {
		case f.IsStruct() && len(f.Dims) == 0 && !f.Map:
			if err := restoreFields(t, f.Fields, p, ups); err != nil {
				return err
			}
		case !f.IsStruct() && slices.Contains(f.Dims, 0) && !slices.Contains(f.Dims, structured.Unknown):
			v, err := t.Field(p...)
			if err != nil {
				continue // projected away
			}
			r, ok := v.(*structured.Ragged)
			if !ok {
				continue // read with its shape
			}
			parts := r.RowPartitions()
			for _, part := range parts {
				if part.NullN() != 0 {
					return fmt.Errorf("field %v: the Spec stored under %q gives it the dimensions %v, its lists hold nulls", p, Key, f.Dims)
				}
			}
			if last := parts[len(parts)-1]; last.NumValues() != 0 {
				return fmt.Errorf("field %v: the Spec stored under %q gives it the dimensions %v, its lists hold %d items", p, Key, f.Dims, last.NumValues())
			}
			empty := array.MakeArrayOfNull(memory.DefaultAllocator, f.Type, 0)
			d, err := structured.NewDense(empty, append([]int{t.NumRows()}, f.Dims...)...)
			empty.Release()
			if err != nil {
				return fmt.Errorf("field %v: %w", p, err)
			}
			*ups = append(*ups, structured.SetField(d, p...))
		}
	}
	return nil
}
