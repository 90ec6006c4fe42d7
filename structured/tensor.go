package structured

// Tensor is a StructuredTensor: a rank-r collection of structures that share
// one schema, stored field-major. Each field holds one [Value] covering all
// structures; a field of a Tensor of shape [D1..Dr] has shape [D1..Dr, ...].
//
// A rank-0 Tensor is a single structure; a rank-1 Tensor is a table; a
// Tensor of rank r > 1 has r-1 row partitions describing its (possibly
// ragged) outer shape, shared by all of its fields.
type Tensor struct {
	rank   int
	nrows  int
	parts  []*RowPartition
	names  []string
	fields []Value // nil where lazy holds the field (see lazyField)
	lazy   []*lazyField
	valid  validity // null structures, over the Size() flat structures
	isMap  bool     // a map column: fields key and value, the last dimension its entries
}

func (*Tensor) isValue() {}

// Rank is the number of dimensions of the Tensor (not of its fields).
func (t *Tensor) Rank() int { return t.rank }

// Shape lists the Tensor's dimensions; ragged ones are Unknown. Fields'
// own inner dimensions are not part of it.
func (t *Tensor) Shape() Shape {
	if t.rank == 0 {
		return Shape{}
	}
	return partsShape(t.nrows, t.parts)
}

// NumRows is the length of the outer dimension, or Unknown for rank 0.
func (t *Tensor) NumRows() int {
	if t.rank == 0 {
		return Unknown
	}
	return t.nrows
}

// Size is the number of structures: 1 for rank 0, NumRows for rank 1, the
// last row partition's NumValues otherwise. It is TensorFlow's tf.size of
// a StructuredTensor, the product of its dimensions with a ragged one
// counting its items, as a leaf's Size counts its items; NumRows counts
// the outer dimension only.
func (t *Tensor) Size() int {
	switch t.rank {
	case 0:
		return 1
	case 1:
		return t.nrows
	}
	return t.parts[len(t.parts)-1].nvals
}

// RowPartitions returns the rank-1 partitions of the outer shape,
// outermost first (none for rank <= 1).
func (t *Tensor) RowPartitions() []*RowPartition { return append([]*RowPartition{}, t.parts...) }

// IsMap reports whether the Tensor is a map column: an Arrow
// map<K, V>, or records whose keys are data (see [WithMapThreshold]). Its
// fields are "key" and "value" and its last dimension lists each map's
// entries; [Tensor.ToValue] gives each map as a map[string]any (string
// keys) and [Tensor.ToArrow] writes a map array.
func (t *Tensor) IsMap() bool { return t.isMap }

// FieldNames returns the field names in order.
func (t *Tensor) FieldNames() []string { return append([]string{}, t.names...) }

// NumFields is the number of (direct) fields.
func (t *Tensor) NumFields() int { return len(t.names) }

// IsNull reports whether flat structure i (0 <= i < Size) is null. An i
// out of that range panics, as a slice index does (see the package
// documentation on misuse).
func (t *Tensor) IsNull(i int) bool {
	inRange("Tensor.IsNull", i, t.Size())
	return t.valid.isNull(i)
}

// NullN is the number of null structures.
func (t *Tensor) NullN() int { return t.valid.nulls }

// fieldIndex returns the position of a direct field, or -1.
func (t *Tensor) fieldIndex(name string) int {
	for i, n := range t.names {
		if n == name {
			return i
		}
	}
	return -1
}

// HasField reports whether the Tensor has a direct field of that name.
func (t *Tensor) HasField(name string) bool { return t.fieldIndex(name) >= 0 }

// Field returns the value at a field path: Field("a", "b") is the field b of
// the nested Tensor in field a. The value is field-major: it covers every
// structure, so its outer dimensions are those of every Tensor along the
// path. An empty path returns t itself.
func (t *Tensor) Field(path ...string) (Value, error) {
	var cur Value = t
	rendered := ""
	for _, name := range path {
		st, ok := cur.(*Tensor)
		if !ok {
			return nil, errorf("Field", ErrPath, rendered, "is a %s leaf, not a structure, so it has no field %q", kindName(cur), name)
		}
		i := st.fieldIndex(name)
		rendered = joinPath(rendered, name)
		if i < 0 {
			return nil, errorf("Field", ErrPath, rendered, "no such field (fields: %v)", st.names)
		}
		cur = st.field(i)
	}
	return cur, nil
}

// kindName names a value's kind for messages.
func kindName(v Value) string {
	switch v.(type) {
	case *Dense:
		return "dense"
	case *Ragged:
		return "ragged"
	case *Tensor:
		return "structured"
	}
	return "unknown"
}

// Fields returns the direct fields in order.
func (t *Tensor) Fields() []FieldValue {
	out := make([]FieldValue, len(t.names))
	for i := range t.names {
		out[i] = FieldValue{t.names[i], t.field(i)}
	}
	return out
}

// FieldValue is a named field value, as taken by [FromFields].
type FieldValue struct {
	Name  string
	Value Value
}

// Must returns v, or panics if err is not nil. It is for examples,
// notebooks and values known to be valid, like regexp.MustCompile:
//
//	st := structured.Must(structured.FromValue(v))
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
