package index

import (
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// Rows is the name of the field that holds the next level of a MultiIndex
// in its nested tensor form (see the package doc).
const Rows = "_rows_"

// Encode returns the tensor that carries data and its index (see the
// package doc for the forms): data itself for a Range; data with the field
// "_index_" for a label index; for a MultiIndex of L levels a rank-1 tensor
// over the outer groups, each holding its label in "_index_" and its inner
// groups in "_rows_", L-1 times, down to the rows. data must be a rank-1
// tensor whose rows the index labels, without a field "_index_", and (for a
// non-range index) not made of one field "_rows_" alone that is a list of
// structures holding "_index_", which would read back as a deeper level of
// a MultiIndex.
func Encode(idx Index, data *structured.Tensor) (*structured.Tensor, error) {
	if data == nil {
		return nil, fmt.Errorf("index: Encode: %w: nil data", ErrInvalid)
	}
	if err := checkIndex(idx); err != nil {
		return nil, err
	}
	if data.Rank() != 1 {
		return nil, fmt.Errorf("index: Encode: %w: data of rank %d, want 1", ErrInvalid, data.Rank())
	}
	if idx.NumRows() != data.NumRows() {
		return nil, fmt.Errorf("index: Encode: %w: the index has %d rows, the data %d", ErrInvalid, idx.NumRows(), data.NumRows())
	}
	if _, ok := idx.(Range); ok {
		return data, nil
	}
	if data.HasField(Field) {
		return nil, fmt.Errorf("index: Encode: %w: the data already hold a field %q", ErrInvalid, Field)
	}
	if idxRowsAmbiguous(data) {
		return nil, fmt.Errorf("index: Encode: %w: data made of the one field %q, a list of structures holding %q, would read back as a MultiIndex level; rename it", ErrInvalid, Rows, Field)
	}
	switch x := idx.(type) {
	case *Labels:
		return idxWithIndex(data, x.name, x.v)
	case *Multi:
		L := len(x.labels)
		t, err := idxWithIndex(data, x.names[L-1], x.labels[L-1])
		if err != nil {
			return nil, err
		}
		for k := L - 2; k >= 0; k-- {
			inner, err := t.PartitionOuterDimension(x.parts[k])
			if err != nil {
				return nil, fmt.Errorf("index: Encode: level %d: %w", k, err)
			}
			lv, err := idxLevelValue(x.names[k], x.labels[k])
			if err != nil {
				return nil, err
			}
			t, err = structured.FromFieldsShape([]structured.FieldValue{{Name: Field, Value: lv}, {Name: Rows, Value: inner}}, structured.Shape{x.labels[k].Size()})
			if err != nil {
				return nil, fmt.Errorf("index: Encode: level %d: %w", k, err)
			}
		}
		return t, nil
	}
	return nil, fmt.Errorf("index: Encode: %w: unknown index kind %T", ErrInvalid, idx)
}

// idxLevelValue is how one level's labels are stored in "_index_": the
// leaf itself when unnamed, a one-field structure named after the level
// otherwise.
func idxLevelValue(name string, labels *structured.Dense) (structured.Value, error) {
	if name == "" {
		return labels, nil
	}
	t, err := structured.FromFieldsShape([]structured.FieldValue{{Name: name, Value: labels}}, structured.Shape{labels.Size()})
	if err != nil {
		return nil, fmt.Errorf("index: Encode: level %q: %w", name, err)
	}
	return t, nil
}

// idxWithIndex adds the field "_index_" in front of data's fields.
func idxWithIndex(data *structured.Tensor, name string, labels *structured.Dense) (*structured.Tensor, error) {
	lv, err := idxLevelValue(name, labels)
	if err != nil {
		return nil, err
	}
	t, err := data.WithUpdates(structured.SetField(lv, Field))
	if err != nil {
		return nil, fmt.Errorf("index: Encode: %w", err)
	}
	t, err = t.WithOnly(append([]string{Field}, data.FieldNames()...)...)
	if err != nil {
		return nil, fmt.Errorf("index: Encode: %w", err)
	}
	return t, nil
}

// Decode splits a tensor into its data (a rank-1 tensor without the field
// "_index_") and its index. It accepts:
//
//   - rank 1 without "_index_": a Range;
//   - rank 1 with "_index_" a leaf or a one-field structure: a label index
//     (unnamed, or named after the field);
//   - rank 1 with "_index_" a structure of several fields: a MultiIndex of
//     per-row tuples (the flat pandas form, as a flat file holds it), grouped
//     by runs as MultiFromLevels does;
//   - rank 1 with just the fields "_index_" and "_rows_", a list of
//     structures that itself holds "_index_": the nested form Encode writes
//     for a MultiIndex;
//   - rank L >= 2 (nested data, a recipes × ingredients tensor): a MultiIndex
//     of positions, level 0 numbering the outer rows 0..D0-1 and each deeper
//     level the position within its group, unnamed, keeping empty groups;
//     an "_index_" leaf field of rank L gives the innermost labels instead.
//
// Anything else is an ErrInvalid error naming the field. Decode(Encode(idx,
// data)) gives idx and data back, Equal, and Encode(Decode(t)) is t for the
// forms Encode writes.
func Decode(t *structured.Tensor) (*structured.Tensor, Index, error) {
	if t == nil {
		return nil, nil, fmt.Errorf("index: Decode: %w: nil tensor", ErrInvalid)
	}
	switch {
	case t.Rank() == 0:
		return nil, nil, fmt.Errorf("index: Decode: %w: a tensor of rank 0 has no rows", ErrInvalid)
	case t.Rank() >= 2:
		return idxDecodePositions(t)
	case !t.HasField(Field):
		return t, NewRange(t.NumRows()), nil
	}
	if idxIsNested(t) {
		return idxDecodeNested(t)
	}
	data, err := t.Without(Field)
	if err != nil {
		return nil, nil, fmt.Errorf("index: Decode: %w", err)
	}
	iv, _ := t.Field(Field)
	if it, ok := iv.(*structured.Tensor); ok && it.NumFields() >= 2 {
		names, levels, err := idxStructLevels(it, Field)
		if err != nil {
			return nil, nil, err
		}
		m, err := MultiFromLevels(names, levels...)
		if err != nil {
			return nil, nil, fmt.Errorf("index: Decode: field %q: %w", Field, err)
		}
		return data, m, nil
	}
	name, labels, err := idxDecodeLevel(iv, Field)
	if err != nil {
		return nil, nil, err
	}
	l, err := NewLabels(name, labels)
	if err != nil {
		return nil, nil, err
	}
	return data, l, nil
}

// idxIsNested reports whether a rank-1 tensor is a level of the nested
// MultiIndex form: exactly the fields "_index_" and "_rows_", the latter a
// list of structures holding "_index_".
func idxIsNested(t *structured.Tensor) bool {
	if t.NumFields() != 2 || !t.HasField(Field) || !t.HasField(Rows) {
		return false
	}
	rv, _ := t.Field(Rows)
	rt, ok := rv.(*structured.Tensor)
	return ok && rt.Rank() == t.Rank()+1 && rt.HasField(Field) && !rt.IsMap()
}

// idxRowsAmbiguous reports data that, given an "_index_" field, would read
// as a level of the nested MultiIndex form.
func idxRowsAmbiguous(data *structured.Tensor) bool {
	if data.NumFields() != 1 || !data.HasField(Rows) {
		return false
	}
	rv, _ := data.Field(Rows)
	rt, ok := rv.(*structured.Tensor)
	return ok && rt.Rank() == data.Rank()+1 && rt.HasField(Field) && !rt.IsMap()
}

// idxDecodeLevel reads one level's labels from the value of an "_index_"
// field of a rank-1 tensor: a leaf (unnamed) or a one-field structure
// (named after its field). A null structure gives a null label.
func idxDecodeLevel(v structured.Value, where string) (string, *structured.Dense, error) {
	switch x := v.(type) {
	case *structured.Dense:
		if x.Rank() == 1 {
			return "", x, nil
		}
	case *structured.Tensor:
		if x.Rank() == 1 && x.NumFields() == 1 && !x.IsMap() {
			names, levels, err := idxStructLevels(x, where)
			if err != nil {
				return "", nil, err
			}
			return names[0], levels[0].(*structured.Dense), nil
		}
	}
	return "", nil, fmt.Errorf("index: Decode: %w: field %s must be a vector of labels or a structure of them, got %s", ErrInvalid, where, idxDescribe(v))
}

// idxStructLevels reads the fields of an "_index_" structure as levels of
// labels; a null structure makes every one of its labels null.
func idxStructLevels(t *structured.Tensor, where string) ([]string, []structured.Value, error) {
	if t.IsMap() {
		return nil, nil, fmt.Errorf("index: Decode: %w: field %s is a map, not a structure of labels", ErrInvalid, where)
	}
	var nullRows []int
	if t.NullN() > 0 {
		nullRows = make([]int, t.NumRows())
		for i := range nullRows {
			nullRows[i] = i
			if t.IsNull(i) {
				nullRows[i] = structured.NullRow
			}
		}
	}
	fields := t.Fields()
	names := make([]string, len(fields))
	levels := make([]structured.Value, len(fields))
	for i, f := range fields {
		d, ok := f.Value.(*structured.Dense)
		if !ok || d.Rank() != 1 {
			return nil, nil, fmt.Errorf("index: Decode: %w: field %s.%s must be a vector of labels, got %s", ErrInvalid, where, f.Name, idxDescribe(f.Value))
		}
		names[i], levels[i] = f.Name, d
		if nullRows != nil {
			v, err := structured.TakeValueNullable(d, nullRows)
			if err != nil {
				return nil, nil, fmt.Errorf("index: Decode: field %s.%s: %w", where, f.Name, err)
			}
			levels[i] = v
		}
	}
	return names, levels, nil
}

// idxDecodeNested reads the nested MultiIndex form.
func idxDecodeNested(t *structured.Tensor) (*structured.Tensor, Index, error) {
	var (
		names  []string
		labels []structured.Value
		parts  []*structured.RowPartition
		where  = Field
	)
	cur := t
	for idxIsNested(cur) {
		iv, _ := cur.Field(Field)
		name, l, err := idxDecodeLevel(iv, where)
		if err != nil {
			return nil, nil, err
		}
		if cur.NullN() > 0 {
			// A null group (a null record in the file) has a null label.
			if l, err = idxNullWhere(l, cur); err != nil {
				return nil, nil, err
			}
		}
		names, labels = append(names, name), append(labels, l)
		rv, _ := cur.Field(Rows)
		rt := rv.(*structured.Tensor)
		parts = append(parts, rt.RowPartitions()[0])
		if cur, err = rt.MergeDims(0, 1); err != nil {
			return nil, nil, fmt.Errorf("index: Decode: %s: %w", where, err)
		}
		where = Rows + "." + where
	}
	iv, _ := cur.Field(Field)
	name, l, err := idxDecodeLevel(iv, where)
	if err != nil {
		return nil, nil, err
	}
	names, labels = append(names, name), append(labels, l)
	data, err := cur.Without(Field)
	if err != nil {
		return nil, nil, fmt.Errorf("index: Decode: %w", err)
	}
	m, err := NewMulti(names, labels, parts)
	if err != nil {
		return nil, nil, fmt.Errorf("index: Decode: %w", err)
	}
	return data, m, nil
}

// idxNullWhere makes the labels of t's null structures null.
func idxNullWhere(l *structured.Dense, t *structured.Tensor) (*structured.Dense, error) {
	pick := make([]int, l.Size())
	for i := range pick {
		pick[i] = i
		if t.IsNull(i) {
			pick[i] = structured.NullRow
		}
	}
	v, err := structured.TakeValueNullable(l, pick)
	if err != nil {
		return nil, fmt.Errorf("index: Decode: %w", err)
	}
	return v.(*structured.Dense), nil
}

// idxDecodePositions reads a tensor of rank L >= 2 as rows under a
// MultiIndex of positions.
func idxDecodePositions(t *structured.Tensor) (*structured.Tensor, Index, error) {
	L := t.Rank()
	parts := t.RowPartitions()
	labels := make([]structured.Value, L)
	names := make([]string, L)
	var err error
	if labels[0], err = idxPositions(idxCount(t.NumRows())); err != nil {
		return nil, nil, err
	}
	for k := 1; k < L; k++ {
		if labels[k], err = idxPositions(parts[k-1].OffsetsInRows()); err != nil {
			return nil, nil, err
		}
	}
	flat, err := t.MergeDims(0, L-1)
	if err != nil {
		return nil, nil, fmt.Errorf("index: Decode: %w", err)
	}
	if t.HasField(Field) {
		iv, _ := flat.Field(Field)
		name, l, err := idxDecodeLevel(iv, Field)
		if err != nil {
			return nil, nil, err
		}
		if l.Size() != labels[L-1].NumRows() {
			return nil, nil, fmt.Errorf("index: Decode: %w: field %s has %d labels for %d rows", ErrInvalid, Field, l.Size(), labels[L-1].NumRows())
		}
		names[L-1], labels[L-1] = name, l
		if flat, err = flat.Without(Field); err != nil {
			return nil, nil, fmt.Errorf("index: Decode: %w", err)
		}
	}
	if flat.NumRows() != labels[L-1].NumRows() {
		// Null fixed-length lists hide placeholder rows MergeDims drops.
		return nil, nil, fmt.Errorf("index: Decode: %w: a tensor of shape %s with null fixed-length rows has no MultiIndex of positions", ErrInvalid, t.Shape())
	}
	m, err := NewMulti(names, labels, slices.Clone(parts))
	if err != nil {
		return nil, nil, fmt.Errorf("index: Decode: %w", err)
	}
	return flat, m, nil
}

func idxCount(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

// idxPositions wraps int64 positions as a rank-1 leaf.
func idxPositions(pos []int64) (*structured.Dense, error) {
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(pos, nil)
	arr := b.NewArray()
	defer arr.Release()
	return structured.NewDense(arr)
}
