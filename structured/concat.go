package structured

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured/internal/build"
)

// goAllocator allocates the arrays built by Concat and by the null filling
// of all-null leaves: Go memory, reclaimed by the garbage collector like
// every other buffer of the package.
var goAllocator = memory.NewGoAllocator()

// Concat joins Tensors along an existing dimension, as TensorFlow's
// tf.concat does for StructuredTensors. axis is in [0, rank) (negative
// axes count from the rank: -1 is the last dimension); every input must
// have the same rank, at least 1.
//
// Along axis 0 the rows of the inputs follow each other. Along axis a > 0
// the inputs are joined row by row: they must have the same dimensions
// before a (the same number of rows and the same row lengths), and each
// row of dimension a-1 of the result holds that row of input 0, then that
// of input 1, and so on. Ragged dimensions are fine anywhere. A uniform
// dimension stays uniform when every input has the same length there (or
// when the lengths add up along axis); otherwise it becomes ragged.
//
// Schemas must match (ErrSchema, naming the field path and the inputs):
// the same field paths, leaves against leaves and structures against
// structures, the same ranks and the same dtypes. int64 and float64 leaves
// do not mix (convert one of them first). The exception is a leaf of Arrow
// type Null, which a field gets when every value of it was null or an
// empty list in one batch: it joins any field of the same path and rank
// or more, taking its type, its null items becoming null items, null lists
// or null structures. Two batches with one schema thus concatenate even
// when one of them had only empty lists there (TensorFlow types such a
// list float32, which then fails to concatenate with anything else).
//
// Nulls are kept: null items, null lists and null structures. Along
// axis a > 0 a null row of dimension a-1 (or before) is null in the result
// only when it is null in every input; otherwise a null list counts as an
// empty one. Items are copied, except that inputs which are adjacent
// slices of one array (such as pieces cut by [Tensor.Slice] or Index with
// a step-1 Slice) are joined back without copying, and an input that is
// the only non-empty one is shared.
//
// Along axis 0 a field is joined (its items copied, its row partitions
// made) when it is first read, not by Concat: the result holds its inputs
// until then, a field never read is never copied, and the record batches
// of a mapped Arrow file join into one Tensor in no time. Until then
// [Tensor.FieldChunks] reads a field's pieces in place. Fields holding a
// dictionary leaf are joined at once, as are the row partitions of the
// joined Tensor itself (rank > 1); every schema error is Concat's own.
func Concat(axis int, ts ...*Tensor) (*Tensor, error) {
	return concat("Concat", axis, ts)
}

// Stack joins Tensors of one rank r along a new dimension of size len(ts)
// at axis (-(r+1) <= axis <= r): the result has rank r+1 and its position
// j along axis is ts[j]. It is Concat along axis of the inputs given a
// length-1 dimension there by [Tensor.ExpandDims], so the inputs must
// share their dimensions before axis (ragged ones too), and may differ
// after it (dimension axis+1 becomes ragged if their sizes differ there).
// Stacking rank-0 Tensors (single structures) along axis 0 gives a table.
// TensorFlow lists tf.stack for StructuredTensors but never shipped it.
func Stack(axis int, ts ...*Tensor) (*Tensor, error) {
	const op = "Stack"
	if err := checkInputs(op, ts); err != nil {
		return nil, err
	}
	rank := ts[0].rank
	a, err := normAxis(op, "axis", axis, rank+1)
	if err != nil {
		return nil, err
	}
	ex := make([]*Tensor, len(ts))
	for i, t := range ts {
		ex[i] = expandDims(t, a)
	}
	return concat(op, a, ex)
}

// checkInputs checks that there is at least one Tensor, none is nil and
// they all have one rank.
func checkInputs(op string, ts []*Tensor) error {
	if len(ts) == 0 {
		return errorf(op, ErrShape, "", "needs at least one Tensor")
	}
	for i, t := range ts {
		if t == nil {
			return errorf(op, ErrShape, "", "input %d is nil", i)
		}
		if t.rank != ts[0].rank {
			return errorf(op, ErrShape, "", "input %d has rank %d, input 0 has rank %d: every input needs the same rank", i, t.rank, ts[0].rank)
		}
	}
	return nil
}

func concat(op string, axis int, ts []*Tensor) (*Tensor, error) {
	if err := checkInputs(op, ts); err != nil {
		return nil, err
	}
	rank := ts[0].rank
	if rank == 0 {
		return nil, errorf(op, ErrIndex, "", "axis=%d out of bounds: a rank-0 Tensor has no dimension to concatenate along (Stack joins single structures)", axis)
	}
	a, err := normAxis(op, "axis", axis, rank)
	if err != nil {
		return nil, err
	}
	if len(ts) == 1 {
		return ts[0], nil
	}
	c := concatenator{op: op}
	if a > 0 {
		return c.inner(ts, a)
	}
	vals := make([]Value, len(ts))
	for i, t := range ts {
		vals[i] = t
	}
	v, err := c.rows(vals, "", 0)
	if err != nil {
		return nil, err
	}
	return v.(*Tensor), nil
}

// concatenator concatenates values for one Concat call.
type concatenator struct {
	op string
	// whole makes field read each input's fields joined, never as their
	// pieces: errors then number the inputs as the caller did (see
	// numbered).
	whole bool
}

// numbered returns err, found joining field name of ts with some input
// given as its pieces (which err numbers), as the error the same join
// gives with each input whole, numbered as the caller numbered the
// inputs. Only errors pay for it: the inputs' fields are joined.
func (c concatenator) numbered(err error, ts []*Tensor, name, path string, depth int) error {
	if c.whole {
		return err
	}
	w := concatenator{op: c.op, whole: true}
	vals, e := w.field(ts, name, path, depth)
	if e == nil {
		_, e = w.check(vals, path, depth)
	}
	if e == nil {
		_, e = w.rows(vals, path, depth)
	}
	if e != nil {
		return e
	}
	return err
}

// rows concatenates values of rank >= 1 along their outer dimension.
// vals[j] comes from input j; path names them and depth is the number of
// dimensions above them (to report absolute ranks).
func (c concatenator) rows(vals []Value, path string, depth int) (Value, error) {
	vals, err := c.unify(vals, path, depth)
	if err != nil {
		return nil, err
	}
	if _, ok := vals[0].(*Tensor); ok {
		return c.tensors(vals, path, depth)
	}
	return c.leaves(vals, path)
}

// isNullLeaf reports whether v is a leaf of Arrow type Null.
func isNullLeaf(v Value) bool {
	l, ok := v.(Leaf)
	return ok && l.DataType().ID() == arrow.NULL
}

// unify checks that vals share one schema and replaces Null-typed leaves
// by all-null values of the schema of the others.
func (c concatenator) unify(vals []Value, path string, depth int) ([]Value, error) {
	ref := -1
	for j, v := range vals {
		if !isNullLeaf(v) {
			ref = j
			break
		}
	}
	if ref < 0 { // every input is Null-typed: the highest rank wins
		ref = 0
		for j, v := range vals {
			if v.Rank() > vals[ref].Rank() {
				ref = j
			}
		}
	}
	r := vals[ref]
	var out []Value
	for j, v := range vals {
		if j == ref {
			continue
		}
		if v.Rank() != r.Rank() && !isNullLeaf(v) {
			return nil, errorf(c.op, ErrSchema, path, "input %d has rank %d, input %d has rank %d", j, v.Rank()+depth, ref, r.Rank()+depth)
		}
		if isNullLeaf(v) && (v.Rank() != r.Rank() || !isNullLeaf(r)) {
			if v.Rank() > r.Rank() {
				return nil, errorf(c.op, ErrSchema, path, "input %d is all null with rank %d, more than the rank %d of input %d", j, v.Rank()+depth, r.Rank()+depth, ref)
			}
			if out == nil {
				out = append([]Value{}, vals...)
			}
			out[j] = nullLike(v.(Leaf), r)
			continue
		}
		switch rv := r.(type) {
		case *Tensor:
			if _, ok := v.(*Tensor); !ok {
				return nil, errorf(c.op, ErrSchema, path, "input %d holds a %s leaf, input %d a structure", j, kindName(v), ref)
			}
		case Leaf:
			vl, ok := v.(Leaf)
			if !ok {
				return nil, errorf(c.op, ErrSchema, path, "input %d holds a structure, input %d a %s leaf", j, ref, kindName(r))
			}
			if !arrow.TypeEqual(vl.DataType(), rv.DataType()) {
				return nil, errorf(c.op, ErrSchema, path, "input %d has dtype %s, input %d has dtype %s: Concat does not convert types, convert one of them first",
					j, typeName(vl.DataType()), ref, typeName(rv.DataType()))
			}
		}
	}
	if out != nil {
		return out, nil
	}
	return vals, nil
}

// nullLike turns an all-null leaf v of rank k into a value of r's schema
// (rank >= k) with v's outer dimensions, where each item of v becomes a
// null item, a null list or a null structure of r.
func nullLike(v Leaf, r Value) Value {
	values, nrows, parts := leafLayout(v)
	filled := nullRows(flattenOuter(r, v.Rank()-1), values.Len())
	return nestOuter(filled, nrows, parts)
}

// nullRows returns n null rows of proto's schema (rank >= 1): null items,
// null lists or null structures, with proto's dtypes and uniform inner
// dimensions.
func nullRows(proto Value, n int) Value {
	rows := make([]int, n)
	for i := range rows {
		rows[i] = -1
	}
	switch x := proto.(type) {
	case *Tensor:
		parts, structs := gatherChain(x.parts, rows)
		if x.rank == 1 {
			parts = nil
		}
		out := &Tensor{rank: x.rank, nrows: n, parts: parts, names: x.names,
			fields: make([]Value, len(x.fields)), valid: allNull(len(structs)), isMap: x.isMap}
		for i, f := range x.fieldValues() {
			out.fields[i] = nestOuter(nullRows(flattenOuter(f, x.rank-1), len(structs)), n, parts)
		}
		return out
	case Leaf:
		values, _, parts := leafLayout(x)
		newParts, items := gatherChain(parts, rows)
		return leafFrom(array.MakeArrayOfNull(goAllocator, values.DataType(), len(items)), n, newParts)
	}
	panic("structured: unknown value kind")
}

// allNull is the validity of n null slots.
func allNull(n int) validity {
	if n == 0 {
		return validity{}
	}
	return validity{buf: memory.NewBufferBytes(make([]byte, bitutil.BytesForBits(int64(n)))), nulls: n}
}

// tensors concatenates Tensors (of one rank, checked by unify) along
// their outer dimension, field by field.
func (c concatenator) tensors(vals []Value, path string, depth int) (Value, error) {
	ts := make([]*Tensor, len(vals))
	for j, v := range vals {
		ts[j] = v.(*Tensor)
	}
	t0 := ts[0]
	if err := c.sameFields(ts, path); err != nil {
		return nil, err
	}
	nrows := 0
	chains := make([][]*RowPartition, len(ts))
	valids := make([]validity, len(ts))
	sizes := make([]int, len(ts))
	for j, t := range ts {
		nrows += t.nrows
		chains[j], valids[j], sizes[j] = t.parts, t.valid, t.Size()
	}
	parts := concatChains(chains)
	out := &Tensor{rank: t0.rank, nrows: nrows, parts: parts, names: t0.names,
		fields: make([]Value, len(t0.fields)), valid: concatValidity(valids, sizes), isMap: t0.isMap}
	for f, name := range t0.names {
		fpath, fdepth := joinPath(path, name), depth+t0.rank-1
		vals, err := c.field(ts, name, fpath, fdepth)
		var later bool
		if err == nil {
			later, err = c.check(vals, fpath, fdepth)
		}
		if err != nil {
			return nil, c.numbered(err, ts, name, fpath, fdepth)
		}
		if later {
			// Every schema check has passed and the join cannot fail:
			// leave it to the field's first use (see lazyField). Row
			// partitions inside the field wait too.
			out.setLazy(f, func() Value {
				g, err := c.rows(vals, fpath, fdepth)
				if err != nil {
					panic(fmt.Sprintf("structured: joining field %s, checked beforehand: %v", fpath, err))
				}
				return nestOuter(g, nrows, parts)
			}, func() []Value {
				if t0.rank == 1 { // no outer partitions; vals may hold an input's pieces
					return vals
				}
				pieces := make([]Value, len(ts))
				for j, t := range ts {
					pieces[j] = nestOuter(vals[j], t.nrows, t.parts)
				}
				return pieces
			})
			continue
		}
		g, err := c.rows(vals, fpath, fdepth)
		if err != nil {
			return nil, c.numbered(err, ts, name, fpath, fdepth)
		}
		out.fields[f] = nestOuter(g, nrows, parts)
	}
	return out, nil
}

// sameFields checks that Tensors have the same field names.
func (c concatenator) sameFields(ts []*Tensor, path string) error {
	t0 := ts[0]
	for j, t := range ts[1:] {
		for _, name := range t0.names {
			if t.fieldIndex(name) < 0 {
				return errorf(c.op, ErrSchema, joinPath(path, name), "is in input 0 but not in input %d", j+1)
			}
		}
		for _, name := range t.names {
			if t0.fieldIndex(name) < 0 {
				return errorf(c.op, ErrSchema, joinPath(path, name), "is in input %d but not in input 0", j+1)
			}
		}
	}
	return nil
}

// field returns the field name of each of ts, their outer dimensions
// merged into one, unified (see unify) to be joined along it.
//
// A rank-1 input whose field is itself still in pieces (a Concat of
// Concats: the files of a dataset, each of record batches) gives those
// pieces instead of its joined field, so the join stays deferred and
// [Tensor.FieldChunks] sees every piece; the result then has more values
// than ts. Its first piece stands for it in the schema checks, whose
// messages name the inputs as ts numbers them (an error found deeper is
// renumbered so by [concatenator.numbered]).
func (c concatenator) field(ts []*Tensor, name, path string, depth int) ([]Value, error) {
	fv := make([]Value, len(ts))
	var split [][]Value // split[j]: input j's pieces, if it gives them
	for j, t := range ts {
		i := t.fieldIndex(name)
		if pcs := t.unjoined(i); pcs != nil && !c.whole {
			if split == nil {
				split = make([][]Value, len(ts))
			}
			split[j], fv[j] = pcs, pcs[0]
			continue
		}
		fv[j] = flattenOuter(t.field(i), t.rank-1)
	}
	fv, err := c.unify(fv, path, depth)
	if err != nil || split == nil {
		return fv, err
	}
	var all []Value
	for j, v := range fv {
		if split[j] == nil {
			all = append(all, v)
		} else {
			all = append(all, split[j]...)
		}
	}
	// The pieces of one input share its schema, which the first piece
	// has passed with: this only turns Null-typed pieces into nulls.
	return c.unify(all, path, depth)
}

// check runs on vals, unified values of one field, every schema check
// that [concatenator.rows] would run on them and at every depth below,
// returning the error rows would return, and reports whether joining them
// can then no longer fail: every leaf below is [deferrable]. Such a field
// is joined on first use, partitions and all. Joining row partitions
// never fails (splits widen to int64 when int32 cannot hold them).
func (c concatenator) check(vals []Value, path string, depth int) (bool, error) {
	if _, ok := vals[0].(*Tensor); !ok {
		return deferrable(vals), nil
	}
	ts := make([]*Tensor, len(vals))
	for j, v := range vals {
		ts[j] = v.(*Tensor)
	}
	if err := c.sameFields(ts, path); err != nil {
		return false, err
	}
	t0, later := ts[0], true
	for _, name := range t0.names {
		fpath, fdepth := joinPath(path, name), depth+t0.rank-1
		u, err := c.field(ts, name, fpath, fdepth)
		if err != nil {
			return false, err
		}
		ok, err := c.check(u, fpath, fdepth)
		if err != nil {
			return false, err
		}
		later = later && ok
	}
	return later, nil
}

// deferrable reports whether vals, unified leaves, can be joined later by
// [concatenator.leaves] with no possible error: fixed-width items, or
// strings and binaries whose bytes fit 32-bit offsets, or any of their
// 64-bit and view forms. Dictionaries and nested Arrow types are joined
// at once, so that their errors are reported by Concat itself.
func deferrable(vals []Value) bool {
	l0, ok := vals[0].(Leaf)
	if !ok {
		return false
	}
	switch dt := l0.DataType(); dt.ID() {
	case arrow.STRING, arrow.BINARY:
		// The value buffers' lengths bound the bytes from above, and
		// reading them touches no data (a mapped file's offsets stay
		// unread); the offsets are read only when the bound is too high.
		bound := int64(0)
		for _, v := range vals {
			a, _, _ := leafLayout(v.(Leaf))
			if b := a.Data().Buffers(); len(b) > 2 && b[2] != nil {
				bound += int64(b[2].Len())
			}
		}
		if bound <= math.MaxInt32 {
			return true
		}
		total := int64(0)
		for _, v := range vals {
			a, _, _ := leafLayout(v.(Leaf))
			offs := a.Data().Buffers()[1]
			if a.Len() == 0 || offs == nil {
				continue
			}
			o := arrow.Int32Traits.CastFromBytes(offs.Bytes())[a.Data().Offset():]
			total += int64(o[a.Len()]) - int64(o[0])
		}
		return total <= math.MaxInt32
	case arrow.LARGE_STRING, arrow.LARGE_BINARY, arrow.STRING_VIEW, arrow.BINARY_VIEW:
		return true
	default:
		_, fixed := dt.(arrow.FixedWidthDataType)
		return fixed && dt.ID() != arrow.DICTIONARY && dt.ID() != arrow.EXTENSION
	}
}

// leaves concatenates leaves (of one rank and dtype, checked by unify)
// along their outer dimension.
func (c concatenator) leaves(vals []Value, path string) (Value, error) {
	arrays := make([]arrow.Array, len(vals))
	chains := make([][]*RowPartition, len(vals))
	nrows := 0
	for j, v := range vals {
		var n int
		arrays[j], n, chains[j] = leafLayout(v.(Leaf))
		nrows += n
	}
	values, err := concatArrays(arrays)
	if err != nil {
		return nil, errorf(c.op, ErrShape, path, "%v", err)
	}
	return leafFrom(values, nrows, concatChains(chains)), nil
}

// concatArrays concatenates Arrow arrays of one type. An array that is the
// only non-empty one is returned as is, and adjacent slices of one array
// are joined back without copying; otherwise array.Concatenate copies the
// items (validity included) into new buffers.
func concatArrays(arrs []arrow.Array) (arrow.Array, error) {
	var nonEmpty []arrow.Array
	for _, a := range arrs {
		if a.Len() > 0 {
			nonEmpty = append(nonEmpty, a)
		}
	}
	switch len(nonEmpty) {
	case 0:
		return arrs[0], nil
	case 1:
		return nonEmpty[0], nil
	}
	if a, ok := rejoinSlices(nonEmpty); ok {
		return a, nil
	}
	out, err := array.Concatenate(nonEmpty, goAllocator)
	if err != nil && nonEmpty[0].DataType().ID() == arrow.DICTIONARY {
		return concatDictionaries(nonEmpty)
	}
	return out, err
}

// rejoinSlices joins arrays that are adjacent slices of one flat array
// (same buffers, each starting where the previous one ends) into one
// slice of it, without copying.
func rejoinSlices(arrs []arrow.Array) (arrow.Array, bool) {
	d0 := arrs[0].Data()
	if d0.DataType().ID() == arrow.NULL || len(d0.Children()) > 0 {
		return nil, false
	}
	bufs := d0.Buffers()
	end, nulls := d0.Offset()+d0.Len(), arrs[0].NullN()
	for _, a := range arrs[1:] {
		d := a.Data()
		if d.Offset() != end || len(d.Buffers()) != len(bufs) || !arrow.TypeEqual(d.DataType(), d0.DataType()) {
			return nil, false
		}
		for k, b := range d.Buffers() {
			if b != bufs[k] {
				return nil, false
			}
		}
		if d.Dictionary() != d0.Dictionary() {
			return nil, false
		}
		end += d.Len()
		nulls += a.NullN()
	}
	out := newLeafData(d0, end-d0.Offset(), bufs, nulls, d0.Offset())
	defer out.Release()
	return array.MakeFromData(out), true
}

// concatChains concatenates partition chains of one length level by level.
func concatChains(chains [][]*RowPartition) []*RowPartition {
	if len(chains[0]) == 0 {
		return nil
	}
	out := make([]*RowPartition, len(chains[0]))
	ps := make([]*RowPartition, len(chains))
	for k := range out {
		for j, ch := range chains {
			ps[j] = ch[k]
		}
		out[k] = concatPartitions(ps)
	}
	return out
}

// concatPartitions concatenates partitions: the rows of ps[0], then those
// of ps[1], ... cutting their items concatenated in the same order. The
// result is uniform when every partition with rows is uniform of one
// length; its splits are int32 when every ragged input's are and the
// total fits, int64 otherwise.
func concatPartitions(ps []*RowPartition) *RowPartition {
	if len(ps) == 1 {
		return ps[0]
	}
	nrows, nvals, uniform, narrow := 0, 0, Unknown, true
	first := true
	valids := make([]validity, len(ps))
	sizes := make([]int, len(ps))
	for j, p := range ps {
		nrows += p.nrows
		nvals += p.nvals
		valids[j], sizes[j] = p.valid, p.nrows
		if p.uniform == Unknown && p.s32 == nil {
			narrow = false
		}
		if p.nrows > 0 || (j == len(ps)-1 && first) {
			switch {
			case first:
				uniform, first = p.uniform, false
			case p.uniform != uniform:
				uniform = Unknown
			}
		}
	}
	valid := concatValidity(valids, sizes)
	if uniform != Unknown {
		return mustUniform(uniform, nrows).withValidity(valid)
	}
	var q *RowPartition
	if narrow && nvals <= math.MaxInt32 {
		q = concatSplits[int32](ps, nrows)
	} else {
		q = concatSplits[int64](ps, nrows)
	}
	q.valid = valid
	return q
}

// concatSplits builds the splits of concatenated partitions.
func concatSplits[T int32 | int64](ps []*RowPartition, nrows int) *RowPartition {
	splits := make([]T, nrows+1)
	pos, base := 0, T(0)
	for _, p := range ps {
		out := splits[pos : pos+p.nrows+1]
		switch {
		case p.uniform != Unknown:
			for r := 1; r <= p.nrows; r++ {
				out[r] = base + T(r*p.uniform)
			}
		case p.s32 != nil:
			s0 := p.s32[0]
			for r, s := range p.s32[1:] {
				out[r+1] = base + T(s-s0)
			}
		default:
			s0 := p.s64[0]
			for r, s := range p.s64[1:] {
				out[r+1] = base + T(s-s0)
			}
		}
		pos += p.nrows
		base += T(p.nvals)
	}
	return newSplitsPartition(splits, nil)
}

// concatValidity concatenates validities over sizes[j] slots each.
func concatValidity(vs []validity, sizes []int) validity {
	nulls, n := 0, 0
	for j, v := range vs {
		nulls += v.nulls
		n += sizes[j]
	}
	if nulls == 0 {
		return validity{}
	}
	bits := make([]byte, bitutil.BytesForBits(int64(n)))
	pos := 0
	for j, v := range vs {
		if v.nulls == 0 {
			bitutil.SetBitsTo(bits, int64(pos), int64(sizes[j]), true)
		} else {
			bitutil.CopyBitmap(v.buf.Bytes(), v.off, sizes[j], bits, pos)
		}
		pos += sizes[j]
	}
	return validity{buf: memory.NewBufferBytes(bits), nulls: nulls}
}

// inner concatenates Tensors along axis a > 0: row by row at dimension
// a-1. The elements of dimension a of every input are concatenated (as
// rows), then gathered in the interleaved order and cut by the new
// partition of dimension a.
func (c concatenator) inner(ts []*Tensor, a int) (*Tensor, error) {
	t0 := ts[0]
	for j, t := range ts[1:] {
		if t.nrows != t0.nrows {
			return nil, errorf(c.op, ErrShape, "", "input %d has %d rows, input 0 has %d: along axis %d every input needs the same dimensions before it", j+1, t.nrows, t0.nrows, a)
		}
		for d := 0; d < a-1; d++ {
			if !t.parts[d].sameCut(t0.parts[d]) {
				return nil, errorf(c.op, ErrShape, "", "input %d differs from input 0 in dimension %d (%v, not %v): along axis %d every input needs the same dimensions before it",
					j+1, d+1, t.parts[d], t0.parts[d], a)
			}
		}
	}
	flat := make([]Value, len(ts))
	ps := make([]*RowPartition, len(ts)) // the partitions of dimension a
	bases := make([]int, len(ts))
	total := 0
	for j, t := range ts {
		flat[j] = flattenOuter(t, a)
		ps[j] = t.parts[a-1]
		bases[j] = total
		total += ps[j].nvals
	}
	joined, err := c.rows(flat, "", a)
	if err != nil {
		return nil, err
	}
	m := ps[0].nrows
	uniform, narrow := 0, true
	for _, p := range ps {
		if uniform != Unknown && p.uniform != Unknown {
			uniform += p.uniform
		} else {
			uniform = Unknown
		}
		narrow = narrow && (p.uniform != Unknown || p.s32 != nil)
	}
	nulls := nullInAll(ps)
	perm := make([]int, 0, total)
	splits := make([]int64, m+1)
	for r := 0; r < m; r++ {
		// A ragged row null in every input stays empty; a uniform one keeps
		// its placeholders.
		if uniform != Unknown || !nulls.isNull(r) {
			for j, p := range ps {
				s, e := p.Bounds(r)
				for k := s; k < e; k++ {
					perm = append(perm, bases[j]+k)
				}
			}
		}
		splits[r+1] = int64(len(perm))
	}
	g, err := gatherRows(joined, perm)
	if err != nil {
		return nil, err
	}
	var q *RowPartition
	if uniform != Unknown {
		q = mustUniform(uniform, m)
	} else {
		q = splitsPartition(splits, narrow)
	}
	q = q.withValidity(nulls)
	outer := make([]*RowPartition, a-1)
	col := make([]*RowPartition, len(ts))
	for d := range outer {
		for j, t := range ts {
			col[j] = t.parts[d]
		}
		outer[d] = t0.parts[d].withValidity(nullInAll(col))
	}
	inner := nestOuter(g, m, []*RowPartition{q})
	return nestOuter(inner, t0.nrows, outer).(*Tensor), nil
}

// nullInAll is the validity of rows that are null in every partition of
// ps (which have the same rows).
func nullInAll(ps []*RowPartition) validity {
	if ps[0].valid.nulls == 0 {
		return validity{}
	}
	var b build.Bitmap
	for r := 0; r < ps[0].nrows; r++ {
		null := true
		for _, p := range ps {
			if !p.IsNull(r) {
				null = false
				break
			}
		}
		b.Append(!null)
	}
	return bitmapValidity(b.Finish())
}

// splitsPartition builds a ragged partition from int64 splits, stored as
// int32 when narrow is set and they fit (so that a partition that came
// from an Arrow List stays one).
func splitsPartition(splits []int64, narrow bool) *RowPartition {
	if narrow && splits[len(splits)-1] <= math.MaxInt32 {
		s32 := make([]int32, len(splits))
		for i, s := range splits {
			s32[i] = int32(s)
		}
		return newSplitsPartition(s32, nil)
	}
	return newSplitsPartition(splits, nil)
}
