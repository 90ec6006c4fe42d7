package parquet

import (
	"context"
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Page indexes (Parquet's ColumnIndex and OffsetIndex, written after the
// row groups when the writer enables them, as ours, parquet-mr and Spark
// do) hold the min, max and null state of each data page and where each
// page starts in rows. A row group the statistics keep may still hold
// pages a predicate rules out: the Reader (and so every scan) reads only
// the row ranges of the pages left, seeking past the others without
// fetching or decoding them. Only the pages read have their headers
// checked (checkChunks), and of a file behind a URL only they are
// fetched, together (readPages).

// rowRange is the rows [lo, hi) of one row group.
type rowRange struct{ lo, hi int64 }

// pageRanges returns the rows of row group g that may satisfy every
// test, by the page indexes of the tests' columns; pruned is false when
// they rule nothing out (or the file has none), and then the group is
// read whole. An empty ranges with pruned true rules out the whole
// group. A page index that cannot be read or decoded rules nothing out:
// the pages are read, and their own checks report any corruption.
func pageRanges(r *file.Reader, g int, tests []groupTest) (ranges []rowRange, pruned bool) {
	if len(tests) == 0 {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			ranges, pruned = nil, false
		}
	}()
	idx := r.GetPageIndexReader()
	if idx == nil {
		return nil, false
	}
	rg, err := idx.RowGroup(g)
	if err != nil || rg == nil {
		return nil, false
	}
	nrows := r.MetaData().RowGroup(g).NumRows()
	ranges = []rowRange{{0, nrows}}
	for _, t := range tests {
		if t.vals == nil {
			continue
		}
		keep, ok := t.pages(rg, nrows)
		if !ok {
			continue
		}
		ranges = intersect(ranges, keep)
	}
	if len(ranges) == 1 && ranges[0] == (rowRange{0, nrows}) {
		return nil, false
	}
	return ranges, true
}

// pages returns the row ranges of the pages of t's column that may hold
// a value satisfying t, merged; ok is false without a page index.
func (t groupTest) pages(rg *metadata.RowGroupPageIndexReader, nrows int64) ([]rowRange, bool) {
	ci, err := rg.GetColumnIndex(t.col)
	if err != nil || ci == nil {
		return nil, false
	}
	oi, err := rg.GetOffsetIndex(t.col)
	if err != nil || oi == nil {
		return nil, false
	}
	locs := oi.GetPageLocations()
	mins, maxs := pageBounds(ci)
	nulls := ci.GetNullPages()
	if len(locs) == 0 || len(mins) != len(locs) || len(maxs) != len(locs) || len(nulls) != len(locs) {
		return nil, false
	}
	if locs[0].FirstRowIndex != 0 {
		return nil, false // (a corrupt index: read everything)
	}
	var out []rowRange
	for p, loc := range locs {
		lo, hi := loc.FirstRowIndex, nrows
		if p+1 < len(locs) {
			hi = locs[p+1].FirstRowIndex
		}
		if lo < 0 || hi > nrows || lo > hi {
			return nil, false // (a corrupt index: read everything)
		}
		if nulls[p] {
			continue // only nulls, which satisfy no predicate
		}
		if mins[p] != nil && maxs[p] != nil && !t.mayHold(mins[p], maxs[p]) {
			continue
		}
		if n := len(out); n > 0 && out[n-1].hi == lo {
			out[n-1].hi = hi
		} else if lo < hi {
			out = append(out, rowRange{lo, hi})
		}
	}
	return out, true
}

// pageBounds are the pages' min and max values in the domain of bound
// (see statBound); nil where a value orders nothing.
func pageBounds(ci metadata.ColumnIndex) (mins, maxs []any) {
	conv := func(n int, at func(i int) (any, any)) {
		mins, maxs = make([]any, n), make([]any, n)
		for i := range n {
			lo, hi := at(i)
			mins[i], maxs[i] = statBound(lo), statBound(hi)
		}
	}
	switch c := ci.(type) {
	case *metadata.TypedColumnIndex[bool]:
		conv(len(c.MinValues()), func(i int) (any, any) { return c.MinValues()[i], c.MaxValues()[i] })
	case *metadata.TypedColumnIndex[int32]:
		conv(len(c.MinValues()), func(i int) (any, any) { return c.MinValues()[i], c.MaxValues()[i] })
	case *metadata.TypedColumnIndex[int64]:
		conv(len(c.MinValues()), func(i int) (any, any) { return c.MinValues()[i], c.MaxValues()[i] })
	case *metadata.TypedColumnIndex[float32]:
		conv(len(c.MinValues()), func(i int) (any, any) { return c.MinValues()[i], c.MaxValues()[i] })
	case *metadata.TypedColumnIndex[float64]:
		conv(len(c.MinValues()), func(i int) (any, any) { return c.MinValues()[i], c.MaxValues()[i] })
	case *metadata.TypedColumnIndex[pq.ByteArray]:
		conv(len(c.MinValues()), func(i int) (any, any) { return []byte(c.MinValues()[i]), []byte(c.MaxValues()[i]) })
	}
	if len(mins) != len(ci.GetNullPages()) {
		return nil, nil
	}
	return mins, maxs
}

// intersect is the rows in both a and b (each sorted and disjoint).
func intersect(a, b []rowRange) []rowRange {
	var out []rowRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].lo, b[j].lo), min(a[i].hi, b[j].hi)
		if lo < hi {
			out = append(out, rowRange{lo, hi})
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// rangeRows counts the rows of ranges.
func rangeRows(ranges []rowRange) int64 {
	n := int64(0)
	for _, r := range ranges {
		n += r.hi - r.lo
	}
	return n
}

// rangeReader is a reader of the same file that fetches pages as they
// are read (arrow-go's buffered stream), so that the pages a seek skips
// are never fetched. The main reader of a remote file fetches each column
// chunk whole, in one request: the faster way for chunks read whole.
func rangeReader(c *config, fr *pqarrow.FileReader) (*pqarrow.FileReader, error) {
	props := *c.props
	props.BufferedStreamEnabled = true
	props.BufferSize = 4 << 10
	rdr, err := file.NewParquetReader(c.src, file.WithReadProps(&props), file.WithMetadata(fr.ParquetReader().MetaData()))
	if err != nil {
		return nil, err
	}
	ranged, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{BatchSize: 1 << 16, PreAllocBinaryData: true}, c.mem)
	if err != nil {
		return nil, err
	}
	int64Durations(ranged.Manifest) // as open does for the main reader (duration.go)
	return ranged, nil
}

// readRanges reads the rows ranges of the one row group g of field j
// (its leaves), seeking past the rest. A field with a list inside is
// read whole and sliced: arrow-go's seek into a page of a repeated
// column (v18.8.0, columnChunkReader.skipRows) decodes the page's levels
// and keeps only some, so the next read is misaligned.
func readRanges(fr *pqarrow.FileReader, j *fieldJob, g int, ranges []rowRange, mem memory.Allocator) (*arrow.Chunked, arrow.Field, error) {
	leaves := make(map[int]bool, len(j.leaves))
	repeated := false
	for _, l := range j.leaves {
		leaves[l] = true
		repeated = repeated || fr.ParquetReader().MetaData().Schema.Column(l).MaxRepetitionLevel() > 0
	}
	if repeated {
		tbl, err := fr.ReadRowGroups(context.Background(), j.leaves, []int{g})
		if err != nil {
			return nil, arrow.Field{}, err
		}
		defer tbl.Release()
		if tbl.NumCols() != 1 {
			return nil, arrow.Field{}, fmt.Errorf("read %d columns for one field", tbl.NumCols())
		}
		field := tbl.Schema().Field(0)
		whole, err := oneChunk(tbl.Column(0).Data(), mem)
		if err != nil {
			return nil, field, err
		}
		defer whole.Release()
		parts := make([]arrow.Array, 0, len(ranges))
		for _, r := range ranges {
			if r.hi > int64(whole.Len()) {
				for _, p := range parts {
					p.Release()
				}
				return nil, field, fmt.Errorf("corrupt file: the page index names row %d of a column of %d", r.hi, whole.Len())
			}
			parts = append(parts, array.NewSlice(whole, r.lo, r.hi))
		}
		ch := arrow.NewChunked(field.Type, parts)
		for _, p := range parts {
			p.Release()
		}
		return ch, field, nil
	}
	cr, err := fr.GetFieldReader(context.Background(), j.top, leaves, []int{g})
	if err != nil {
		return nil, arrow.Field{}, err
	}
	defer cr.Release()
	field := *cr.Field()
	var parts []arrow.Array
	defer func() {
		for _, p := range parts {
			p.Release()
		}
	}()
	for _, r := range ranges {
		if err := cr.SeekToRow(r.lo); err != nil {
			return nil, field, err
		}
		ch, err := cr.NextBatch(r.hi - r.lo)
		if err != nil {
			return nil, field, err
		}
		for _, a := range ch.Chunks() {
			a.Retain()
			parts = append(parts, a)
		}
		ch.Release()
	}
	return arrow.NewChunked(field.Type, slices.Clip(parts)), field, nil
}

// pageSpan is where one page lies in the file, its header included.
// A dictionary page is read (and fetched) only if a data page read is
// dictionary-encoded: arrow-go reads it when it meets the first one.
type pageSpan struct {
	offset, size int64
	dict         bool
}

// readPages returns, for each leaf of the fields of jobs read by seeking
// (a field without lists, see readRanges), the pages of row group g that
// a read of ranges touches: its dictionary page, and the data pages
// holding the rows, by the page index. A leaf of a field read whole, or
// without an offset index, is not in the map: its chunk is fetched and
// checked whole. Their headers are what checkChunks checks, and the data
// pages what is fetched from a remote file at once (the dictionary page,
// when a page read needs it, as it is read).
func readPages(r *file.Reader, g int, jobs []*fieldJob, ranges []rowRange) (pages map[int][]pageSpan) {
	defer func() {
		if recover() != nil {
			pages = nil // a page index that cannot be decoded: every chunk whole
		}
	}()
	idx := r.GetPageIndexReader()
	if idx == nil {
		return nil
	}
	rg, err := idx.RowGroup(g)
	if err != nil || rg == nil {
		return nil
	}
	md := r.MetaData()
	nrows := md.RowGroup(g).NumRows()
	pages = map[int][]pageSpan{}
	for _, j := range jobs {
		repeated := false
		for _, l := range j.leaves {
			repeated = repeated || md.Schema.Column(l).MaxRepetitionLevel() > 0
		}
		if repeated {
			continue
		}
		for _, l := range j.leaves {
			if spans, ok := leafPages(rg, md, g, l, nrows, ranges); ok {
				pages[l] = spans
			}
		}
	}
	return pages
}

// leafPages is readPages for one leaf; ok is false when its offset index
// is missing or does not describe the chunk.
func leafPages(rg *metadata.RowGroupPageIndexReader, md *metadata.FileMetaData, g, leaf int, nrows int64, ranges []rowRange) ([]pageSpan, bool) {
	oi, err := rg.GetOffsetIndex(leaf)
	if err != nil || oi == nil {
		return nil, false
	}
	cc, err := md.RowGroup(g).ColumnChunk(leaf)
	if err != nil {
		return nil, false
	}
	locs := oi.GetPageLocations()
	if len(locs) == 0 || locs[0].FirstRowIndex != 0 || locs[0].Offset != cc.DataPageOffset() {
		return nil, false
	}
	var spans []pageSpan
	if dict := cc.DictionaryPageOffset(); cc.HasDictionaryPage() && dict > 0 && dict < locs[0].Offset {
		spans = append(spans, pageSpan{offset: dict, size: locs[0].Offset - dict, dict: true})
	}
	for p, loc := range locs {
		lo, hi := loc.FirstRowIndex, nrows
		if p+1 < len(locs) {
			hi = locs[p+1].FirstRowIndex
		}
		if lo < 0 || hi > nrows || lo > hi || loc.CompressedPageSize <= 0 {
			return nil, false
		}
		for _, r := range ranges {
			if r.lo < hi && lo < r.hi {
				spans = append(spans, pageSpan{offset: loc.Offset, size: int64(loc.CompressedPageSize)})
				break
			}
		}
	}
	return spans, true
}
