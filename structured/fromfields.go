package structured

// FromFields builds a Tensor of the given rank from field values, inferring
// its shape from them (TensorFlow's from_fields_and_rank). Every field must
// have rank >= rank and share the outer rank dimensions. The row
// partitions of a rank >= 2 Tensor are those of its first ragged or nested
// field; when all fields are dense they are uniform, from the dense shape. At least one field
// is needed when rank > 0; use [FromFieldsShape] or [FromShape] otherwise.
func FromFields(fields []FieldValue, rank int) (*Tensor, error) {
	const op = "FromFields"
	if rank < 0 {
		return nil, errorf(op, ErrShape, "", "rank must be >= 0, got %d", rank)
	}
	if rank > 0 && len(fields) == 0 {
		return nil, errorf(op, ErrShape, "", "a rank-%d Tensor without fields needs a shape: use FromFieldsShape or FromShape", rank)
	}
	for _, f := range fields {
		if !isNilValue(f.Value) && f.Value.Rank() < rank {
			return nil, errorf(op, ErrShape, f.Name, "has rank %d, a rank-%d Tensor needs fields of rank >= %d", f.Value.Rank(), rank, rank)
		}
	}
	shape := make(Shape, rank)
	for i := range shape {
		shape[i] = Unknown
	}
	return fromFields(op, fields, shape, nil)
}

// FromFieldsShape builds a Tensor from field values and an explicit shape
// (TensorFlow's from_fields). The shape's length is the rank; known
// dimensions are checked against the fields. For rank > 1 the row
// partitions may be given (rank-1 of them); otherwise they come from the
// fields (those of a ragged or nested field, else uniform ones from a
// dense field's shape) or, when every dimension is known, are uniform.
func FromFieldsShape(fields []FieldValue, shape Shape, partitions ...*RowPartition) (*Tensor, error) {
	return fromFields("FromFieldsShape", fields, shape, partitions)
}

// FromShape builds a Tensor with no fields: structures with no fields still
// have a shape (TensorFlow's from_shape). For rank > 1 give the row
// partitions, or a fully known shape.
func FromShape(shape Shape, partitions ...*RowPartition) (*Tensor, error) {
	return fromFields("FromShape", nil, shape, partitions)
}

func fromFields(op string, fields []FieldValue, shape Shape, parts []*RowPartition) (*Tensor, error) {
	rank := len(shape)
	if err := checkDims(op, "shape", shape, true); err != nil {
		return nil, err
	}
	if rank < 2 && len(parts) > 0 {
		return nil, errorf(op, ErrShape, "", "row partitions are only for rank > 1, got rank %d", rank)
	}
	if len(parts) > 0 && len(parts) != rank-1 {
		return nil, errorf(op, ErrShape, "", "a rank-%d Tensor needs %d row partitions, got %d", rank, rank-1, len(parts))
	}
	for i, p := range parts {
		if p == nil {
			return nil, errorf(op, ErrPartition, "", "row partition %d is nil", i)
		}
	}
	seen := make(map[string]bool, len(fields))
	for _, f := range fields {
		if seen[f.Name] {
			return nil, errorf(op, ErrPath, f.Name, "field given twice")
		}
		if isNilValue(f.Value) {
			return nil, errorf(op, ErrShape, f.Name, "value is nil")
		}
		if r := f.Value.Rank(); r < rank {
			return nil, errorf(op, ErrShape, f.Name, "has rank %d, a rank-%d Tensor needs fields of rank >= %d", r, rank, rank)
		}
		seen[f.Name] = true
	}
	t := &Tensor{rank: rank, nrows: Unknown}
	if rank >= 1 {
		t.nrows = shape[0]
	}
	// Outer shape: explicit partitions, then those of the fields, then a
	// fully known shape.
	if rank >= 2 {
		if len(parts) > 0 {
			if err := checkChain(op, parts, parts[len(parts)-1].nvals); err != nil {
				return nil, err
			}
			t.parts = parts
		} else {
			for _, f := range fields {
				if fp := outerParts(f.Value, rank); fp != nil {
					t.parts = fp
					break
				}
			}
			for _, f := range fields {
				if d, ok := f.Value.(*Dense); ok && t.parts == nil {
					// Only dense fields: their shape gives uniform partitions.
					t.parts = denseParts(d.shape)[:rank-1]
				}
			}
			if t.parts == nil {
				if !shape.IsFullyKnown() {
					return nil, errorf(op, ErrShape, "", "a rank-%d Tensor needs row partitions, a fully known shape or fields to infer them from", rank)
				}
				t.parts = denseParts(shape)
			}
		}
		if t.nrows == Unknown {
			t.nrows = t.parts[0].nrows
		}
		if t.parts[0].nrows != t.nrows {
			return nil, errorf(op, ErrShape, "", "shape says %d rows, row partitions %d", t.nrows, t.parts[0].nrows)
		}
		for i, d := range shape[1:] {
			if d != Unknown && t.parts[i].uniform != d {
				if t.parts[i].IsUniform() || !uniformLengths(t.parts[i], d) {
					return nil, errorf(op, ErrShape, "", "dimension %d is %d in the shape but not in the row partitions (%v)", i+1, d, t.parts[i])
				}
				// Equal-length rows: make the partition uniform as the shape says.
				t.parts = append([]*RowPartition{}, t.parts...)
				t.parts[i] = mustUniform(d, t.parts[i].nrows).withValidity(t.parts[i].valid)
			}
		}
	}
	if rank == 1 && t.nrows == Unknown {
		for _, f := range fields {
			if n := f.Value.NumRows(); f.Value.Rank() >= 1 {
				t.nrows = n
				break
			}
		}
		if t.nrows == Unknown {
			return nil, errorf(op, ErrShape, "", "a rank-1 Tensor without fields needs a known number of rows")
		}
	}
	t.names = make([]string, len(fields))
	t.fields = make([]Value, len(fields))
	for i, f := range fields {
		v, err := t.conform(op, f.Name, f.Value)
		if err != nil {
			return nil, err
		}
		t.names[i] = f.Name
		t.fields[i] = v
	}
	return t, nil
}

// uniformLengths reports whether every row of p has length d.
func uniformLengths(p *RowPartition, d int) bool {
	for i := 0; i < p.nrows; i++ {
		if s, e := p.Bounds(i); e-s != d {
			return false
		}
	}
	return true
}

// outerParts returns the first rank-1 partitions of a ragged or nested
// value, or nil.
func outerParts(v Value, rank int) []*RowPartition {
	switch f := v.(type) {
	case *Ragged:
		if len(f.parts) >= rank-1 {
			return f.parts[:rank-1]
		}
	case *Tensor:
		if len(f.parts) >= rank-1 {
			return f.parts[:rank-1]
		}
	}
	return nil
}

// conform checks that v has t's outer dimensions and returns it rewritten
// to share t's partition objects.
func (t *Tensor) conform(op, name string, v Value) (Value, error) {
	if t.rank == 0 {
		return v, nil
	}
	if v.Rank() < t.rank {
		return nil, errorf(op, ErrShape, name, "has rank %d, a rank-%d Tensor needs fields of rank >= %d", v.Rank(), t.rank, t.rank)
	}
	if v.NumRows() != t.nrows {
		return nil, errorf(op, ErrShape, name, "has %d rows, want %d", v.NumRows(), t.nrows)
	}
	if t.rank == 1 {
		return v, nil
	}
	outer := t.parts
	switch f := v.(type) {
	case *Dense:
		for i, p := range outer {
			if p.uniform == Unknown || p.uniform != f.shape[i+1] {
				if !uniformLengths(p, f.shape[i+1]) {
					return nil, errorf(op, ErrShape, name, "dense shape %v does not match the Tensor's shape %v", f.shape, t.Shape())
				}
			}
		}
		if !allUniform(outer) {
			// The Tensor is ragged in name only (rows of equal length): keep
			// the field dense only if the Tensor's partitions are uniform,
			// else store it ragged on the shared partitions.
			parts := append(append([]*RowPartition{}, outer...), denseParts(f.shape)[len(outer):]...)
			return newRagged(f.values, parts), nil
		}
		return f, nil
	case *Ragged:
		for i, p := range outer {
			if !p.sameCut(f.parts[i]) {
				return nil, errorf(op, ErrShape, name, "row partition %d (%v) differs from the Tensor's (%v)", i, f.parts[i], p)
			}
		}
		parts := append(append([]*RowPartition{}, outer...), f.parts[len(outer):]...)
		return newRagged(f.values, parts), nil
	case *Tensor:
		for i, p := range outer {
			if !p.sameCut(f.parts[i]) {
				return nil, errorf(op, ErrShape, name, "row partition %d (%v) differs from the Tensor's (%v)", i, f.parts[i], p)
			}
		}
		g := *f
		g.parts = append(append([]*RowPartition{}, outer...), f.parts[len(outer):]...)
		return &g, nil
	}
	return nil, errorf(op, ErrType, name, "unknown value kind %T", v)
}

// allUniform reports whether every partition is uniform.
func allUniform(parts []*RowPartition) bool {
	for _, p := range parts {
		if p.uniform == Unknown {
			return false
		}
	}
	return true
}
