package structured

import (
	"slices"
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
)

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

// rowChunkMin is the fewest rows RowChunks gives a chunk made of pieces
// smaller than that (the last chunk excepted): thousands of one-row
// frames joined are written in batches of thousands of rows, not one by
// one; the rows of such a chunk are joined (copied) when it is converted.
var rowChunkMin = 1 << 14 // a variable so that tests can cut small pieces

// RowChunks returns t's rows cut where the pieces of its fields begin
// (see FieldChunks): slices of t, in order, covering every row. A chunk
// spanning one piece of every field is that piece, shared; pieces under
// 16,384 rows are grouped into chunks of at least that many rows. A writer
// that converts each chunk to a record batch (ToRecordBatch) copies
// nothing where the pieces are large, where converting t would join every
// field first: the record batches of a mapped Arrow file, or the files of
// a dataset, are written back as they were read. A Tensor whose fields
// are not in pieces, whose pieces differ in schema (their join is then
// needed to give every chunk one schema), or of a rank other than 1, is
// one chunk, t itself. The cost is O(chunks × fields × log pieces).
func (t *Tensor) RowChunks() []*Tensor {
	if t.rank != 1 {
		return []*Tensor{t}
	}
	c, ok := newChunker(t)
	if !ok || len(c.cuts) == 0 {
		return []*Tensor{t}
	}
	cuts := make([]int, 0, len(c.cuts)+1)
	for b := range c.cuts {
		if b > 0 && b < t.nrows {
			cuts = append(cuts, b)
		}
	}
	slices.Sort(cuts)
	cuts = append(cuts, t.nrows)
	var out []*Tensor
	lo := 0
	for k, hi := range cuts {
		if hi-lo < rowChunkMin && k < len(cuts)-1 {
			continue // a small piece: the chunk goes on
		}
		out = append(out, c.rows(lo, hi))
		lo = hi
	}
	return out
}

// chunker cuts the rows of a rank-1 Tensor whose fields' pieces share
// one schema each, reading only the pieces a range of rows covers.
type chunker struct {
	t      *Tensor
	pieces [][]Value  // per field: its pieces, or nil
	starts [][]int    // per field: the first row of each piece, and the end
	sub    []*chunker // per field: a chunker for a joined rank-1 structure holding pieces
	cuts   map[int]bool
}

// newChunker makes the chunker of t, reporting false when some field's
// pieces differ in schema.
func newChunker(t *Tensor) (*chunker, bool) {
	c := &chunker{t: t, pieces: make([][]Value, len(t.fields)), starts: make([][]int, len(t.fields)),
		sub: make([]*chunker, len(t.fields)), cuts: map[int]bool{}}
	return c, c.add(t, 0)
}

// add records the pieces of t's fields (t is c.t, or a piece of one of
// its fields starting at row base) and their cuts.
func (c *chunker) add(t *Tensor, base int) bool {
	for i := range t.fields {
		pcs := t.unjoined(i)
		if pcs == nil {
			st, ok := t.field(i).(*Tensor)
			if !ok || st.rank != 1 {
				continue
			}
			sub, ok := c.nested(st, base)
			if !ok {
				return false
			}
			if t == c.t && len(sub.cuts) > 0 {
				c.sub[i] = sub
			}
			continue
		}
		if !uniformPieces(pcs) {
			return false
		}
		starts := make([]int, 0, len(pcs)+1)
		off := base
		for _, p := range pcs {
			starts = append(starts, off)
			if st, ok := p.(*Tensor); ok && st.rank == 1 {
				if _, ok := c.nested(st, off); !ok {
					return false
				}
			}
			off += p.NumRows()
			c.cuts[off] = true
		}
		if t == c.t {
			c.pieces[i], c.starts[i] = pcs, append(starts, off)
		}
	}
	return true
}

// nested makes the chunker of st, a rank-1 structure whose rows start at
// row base of c.t, and adds its cuts to c's.
func (c *chunker) nested(st *Tensor, base int) (*chunker, bool) {
	sub, ok := newChunker(st)
	if !ok {
		return nil, false
	}
	for b := range sub.cuts {
		c.cuts[base+b] = true
	}
	return sub, true
}

// rows returns rows [lo, hi) of c.t, each field read from the pieces the
// rows cover alone.
func (c *chunker) rows(lo, hi int) *Tensor {
	t := c.t
	out := &Tensor{rank: 1, nrows: hi - lo, names: t.names, fields: make([]Value, len(t.fields)),
		valid: t.valid.slice(lo, hi), isMap: t.isMap}
	for i := range t.fields {
		switch pcs := c.pieces[i]; {
		case pcs != nil:
			starts := c.starts[i]
			// The pieces [a, b) hold the rows.
			a := sort.SearchInts(starts, lo+1) - 1
			b := sort.SearchInts(starts, hi)
			slicePieces(out, i, pcs[a:b], lo-starts[a], hi-starts[a])
		case c.sub[i] != nil:
			out.fields[i] = c.sub[i].rows(lo, hi)
		default:
			out.fields[i] = sliceRows(t.field(i), lo, hi)
		}
	}
	return out
}

// ToRecordBatches converts a rank-1 Tensor to record batches, one per
// chunk of its rows ([Tensor.RowChunks]), so that a Tensor read from
// several record batches, or joined from several inputs, converts without
// joining its fields. Every chunk is converted before any is returned: an
// error is ToRecordBatch's error for t (said of all its rows, not of a
// chunk), and chunks whose schemas differ give t's one record batch
// instead. The batches are the caller's to Release.
func (t *Tensor) ToRecordBatches() ([]arrow.RecordBatch, error) {
	chunks := t.RowChunks()
	if len(chunks) == 1 {
		rec, err := chunks[0].ToRecordBatch()
		if err != nil {
			return nil, err
		}
		return []arrow.RecordBatch{rec}, nil
	}
	recs := make([]arrow.RecordBatch, 0, len(chunks))
	for _, chunk := range chunks {
		rec, err := chunk.ToRecordBatch()
		if err != nil {
			releaseBatches(recs)
			return t.oneRecordBatch(err)
		}
		recs = append(recs, rec)
	}
	for _, rec := range recs[1:] {
		if !rec.Schema().Equal(recs[0].Schema()) {
			releaseBatches(recs)
			return t.oneRecordBatch(nil)
		}
	}
	return recs, nil
}

// oneRecordBatch is t as one record batch, or ToRecordBatch's error for t
// (chunkErr, a chunk's error, when t converts).
func (t *Tensor) oneRecordBatch(chunkErr error) ([]arrow.RecordBatch, error) {
	rec, err := t.ToRecordBatch()
	if err != nil {
		return nil, err
	}
	if chunkErr != nil {
		rec.Release()
		return nil, chunkErr
	}
	return []arrow.RecordBatch{rec}, nil
}

// releaseBatches releases record batches.
func releaseBatches(recs []arrow.RecordBatch) {
	for _, rec := range recs {
		rec.Release()
	}
}
