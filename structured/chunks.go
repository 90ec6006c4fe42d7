package structured

// FieldChunks returns the value at a field path as the pieces it is made
// of, without joining them: joined along axis 0 (as [Concat] joins) they
// are [Tensor.Field] of that path, each covering the next rows.
//
// A Tensor made by Concat along axis 0 (the record batches of an Arrow
// file, the files of a dataset) joins a field only when the field is
// first read. Until then FieldChunks gives the field's value in each
// input that has rows, sharing the inputs' buffers: a reduction over a
// column (a sum, a count of list items) can read a memory-mapped file of
// many batches in place, as Polars sums a chunked column. A field already
// joined, or one that was never made of pieces, is a single piece. Nested
// paths are followed piece by piece. The path's errors are those of
// Field, and FieldChunks never joins a field.
func (t *Tensor) FieldChunks(path ...string) ([]Value, error) {
	return t.fieldChunks("", path)
}

// fieldChunks is FieldChunks below the field path done.
func (t *Tensor) fieldChunks(done string, path []string) ([]Value, error) {
	if len(path) == 0 {
		return []Value{t}, nil
	}
	name := path[0]
	i := t.fieldIndex(name)
	at := joinPath(done, name)
	if i < 0 {
		return nil, errorf("FieldChunks", ErrPath, at, "no such field (fields: %v)", t.names)
	}
	pieces := t.pieces(i)
	if len(path) == 1 {
		return pieces, nil
	}
	var out []Value
	for _, p := range pieces {
		st, ok := p.(*Tensor)
		if !ok {
			return nil, errorf("FieldChunks", ErrPath, at, "is a %s leaf, not a structure, so it has no field %q", kindName(p), path[1])
		}
		sub, err := st.fieldChunks(at, path[1:])
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// pieces returns field i's pieces: the inputs' values of a field not yet
// joined, those with rows (at least one), else the field's value.
func (t *Tensor) pieces(i int) []Value {
	if t.fields[i] == nil {
		if all := t.lazy[i].pieces(); all != nil {
			out := all[:0:0]
			for _, p := range all {
				if p.NumRows() != 0 {
					out = append(out, p)
				}
			}
			if len(out) == 0 {
				out = append(out, all[0])
			}
			return out
		}
	}
	return []Value{t.field(i)}
}
