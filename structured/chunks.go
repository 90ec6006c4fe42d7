package structured

import "slices"

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

// RowChunks returns t's rows cut where the pieces of its fields begin
// (see FieldChunks): slices of t, in order, covering every row, each of
// whose fields is one piece. A writer that converts each chunk to a
// record batch (ToRecordBatch) copies nothing, where converting t would
// join every field first: the record batches of a mapped Arrow file, or
// the files of a dataset, are written back as they were read. A Tensor
// whose fields are not in pieces, whose pieces differ in schema (their
// join is then needed to give every chunk one schema), or of a rank other
// than 1, is one chunk, t itself.
func (t *Tensor) RowChunks() []*Tensor {
	if t.rank != 1 {
		return []*Tensor{t}
	}
	cuts := map[int]bool{}
	if !t.pieceBounds(0, cuts) || len(cuts) == 0 {
		return []*Tensor{t}
	}
	bounds := make([]int, 0, len(cuts)+2)
	bounds = append(bounds, 0)
	for b := range cuts {
		if b > 0 && b < t.nrows {
			bounds = append(bounds, b)
		}
	}
	slices.Sort(bounds)
	bounds = append(bounds, t.nrows)
	out := make([]*Tensor, 0, len(bounds)-1)
	for k := 1; k < len(bounds); k++ {
		out = append(out, sliceRows(t, bounds[k-1], bounds[k]).(*Tensor))
	}
	return out
}

// pieceBounds adds to cuts the rows, counted from base, where a piece of
// a field of t (a rank-1 Tensor) or of a structure inside it ends. It
// reports false when some field's pieces differ in schema.
func (t *Tensor) pieceBounds(base int, cuts map[int]bool) bool {
	for i := range t.fields {
		pcs := t.unjoined(i)
		if pcs == nil {
			if st, ok := t.field(i).(*Tensor); ok && st.rank == 1 && !st.pieceBounds(base, cuts) {
				return false
			}
			continue
		}
		if !uniformPieces(pcs) {
			return false
		}
		off := base
		for _, p := range pcs {
			if st, ok := p.(*Tensor); ok && st.rank == 1 && !st.pieceBounds(off, cuts) {
				return false
			}
			off += p.NumRows()
			cuts[off] = true
		}
	}
	return true
}
