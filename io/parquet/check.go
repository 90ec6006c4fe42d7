package parquet

import (
	"fmt"
	"io"
	"math"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/structframe/structframe/internal/pqcheck"
)

// The checks of this file run on the reading goroutine, before arrow-go
// is asked to read a column. arrow-go trusts the footer's counts and
// lengths: it allocates a column chunk's stated size at once
// (make([]byte, total_compressed_size), a panic when it is negative, the
// death of the process when it is too large to allocate), and pqarrow
// opens the column chunks of a struct's fields on goroutines of its own
// (an errgroup per struct, Parallel or not), where no recover of ours
// reaches. So every count and offset that decides an allocation or a
// read is checked against the bytes of the file first, and a corrupt one
// is an *Error naming the row group and the column.

// checkFooter checks, for the operation op, what the footer says of the
// whole file: every row group's row count is non-negative and they add
// up to the file's, and every row group has one column chunk per leaf of
// the schema (arrow-go indexes the schema by the chunk's position).
func checkFooter(op string, fm *metadata.FileMetaData) error {
	ncols := fm.Schema.NumColumns()
	total := int64(0)
	for g, rg := range fm.RowGroups {
		if rg == nil {
			return &Error{Op: op, RowGroup: g, Err: fmt.Errorf("corrupt file: the footer has no metadata for the row group")}
		}
		n := rg.GetNumRows()
		if n < 0 {
			return &Error{Op: op, RowGroup: g, Err: fmt.Errorf("corrupt file: the row group has %d rows", n)}
		}
		if total > math.MaxInt64-n {
			return &Error{Op: op, RowGroup: g, Err: fmt.Errorf("corrupt file: the row groups' row counts overflow")}
		}
		total += n
		if len(rg.GetColumns()) != ncols {
			return &Error{Op: op, RowGroup: g, Err: fmt.Errorf("corrupt file: the row group has %d column chunks, the schema %d leaf columns", len(rg.GetColumns()), ncols)}
		}
	}
	if total != fm.GetNumRows() {
		return &Error{Op: op, RowGroup: -1, Err: fmt.Errorf("corrupt file: the footer says %d rows, its row groups hold %d", fm.GetNumRows(), total)}
	}
	return nil
}

// pageLimits bounds the page sizes arrow-go accepts to what the file can
// hold: a compressed page is no larger than the file, an uncompressed
// page no larger than the largest column chunk says it is uncompressed
// (a chunk's pages, headers included, add up to its
// total_uncompressed_size), both within arrow-go's own limits (64 and 256
// MiB). arrow-go allocates a page's stated sizes before reading it.
func pageLimits(props *pq.ReaderProperties, fm *metadata.FileMetaData, size int64) {
	props.MaxCompressedPageSize = max(1, min(pq.DefaultMaxCompressedPageSize, size))
	largest := int64(1)
	for _, rg := range fm.RowGroups {
		for _, cc := range rg.GetColumns() {
			if md := cc.GetMetaData(); md != nil {
				largest = max(largest, md.GetTotalUncompressedSize())
			}
		}
	}
	props.MaxUncompressedPageSize = min(pq.DefaultMaxUncompressedPageSize, largest)
}

// checkChunks checks, for the operation op, the column chunks of the
// given leaves in the given row groups of a file of size bytes before
// arrow-go opens them: the chunk's metadata is there and unencrypted,
// its pages lie inside the file before the footer (offsets and
// total_compressed_size non-negative, the dictionary page before the
// data pages), its value count is non-negative and covers the row
// group's rows (one level per row at least; exactly one for a column
// outside lists); and, unless src is nil, its page headers agree
// (pqcheck.Chunk.Check): of a leaf in pages, only those pages' headers
// (a read seeking by the page index reads no other). paths names the
// leaves in errors. dictOnly says of each leaf whether all its pages were
// read (a whole read, src not nil) and every data page of every group
// holds dictionary indices.
func checkChunks(op string, src io.ReaderAt, fm *metadata.FileMetaData, size int64, groups, leaves []int, paths []string, pages map[int][]pageSpan) (dictOnly map[int]bool, err error) {
	end := size - 8 // the footer's length and magic
	dictOnly = map[int]bool{}
	for _, i := range leaves {
		dictOnly[i] = src != nil && pages == nil && len(groups) > 0
	}
	for _, g := range groups {
		rg := fm.RowGroup(g)
		rows := rg.NumRows()
		for _, i := range leaves {
			bad := func(format string, args ...any) error {
				return &Error{Op: op, RowGroup: g, Field: paths[i], Err: fmt.Errorf("corrupt file: "+format, args...)}
			}
			cc, err := rg.ColumnChunk(i)
			if err != nil {
				return nil, bad("%v", err)
			}
			if cc.CryptoMetadata() != nil {
				return nil, bad("the column chunk is encrypted")
			}
			// where arrow-go starts reading the chunk, and how much
			data, dict := cc.DataPageOffset(), cc.DictionaryPageOffset()
			start, n := data, cc.TotalCompressedSize()
			useDict := cc.HasDictionaryPage() && dict > 0
			if useDict && dict < data {
				start = dict
			}
			switch {
			case start < 0:
				return nil, bad("the column chunk starts at %d", start)
			case n < 0:
				return nil, bad("the column chunk's size is %d bytes", n)
			case start > end || n > end-start:
				return nil, bad("the column chunk's %d bytes at %d end past the %d bytes of pages the file holds", n, start, end)
			case cc.TotalUncompressedSize() < 0:
				return nil, bad("the column chunk's uncompressed size is %d bytes", cc.TotalUncompressedSize())
			}
			nv := cc.NumValues()
			if nv > 0 { // its pages are read: they lie in the chunk, the dictionary first
				switch {
				case data < 4:
					return nil, bad("the data pages start at %d, before the file's first page", data)
				case useDict && dict >= data:
					return nil, bad("the dictionary page (at %d) is not before the data pages (at %d)", dict, data)
				case data >= start+n:
					return nil, bad("the data pages (at %d) start past the column chunk's end (%d)", data, start+n)
				}
			}
			col := fm.Schema.Column(i)
			switch repeated := col.MaxRepetitionLevel() > 0; {
			case nv < 0:
				return nil, bad("the column chunk holds %d values", nv)
			case !repeated && nv != rows:
				return nil, bad("the column chunk holds %d values, the row group %d rows", nv, rows)
			case repeated && nv < rows:
				return nil, bad("the column chunk holds %d values, fewer than the row group's %d rows", nv, rows)
			}
			if nv == 0 || src == nil {
				dictOnly[i] = false
				continue
			}
			ch := pqcheck.Chunk{Start: start, Size: n, TotalUncompressed: cc.TotalUncompressedSize(), NumValues: nv,
				PhysicalType: int(col.PhysicalType()), TypeLength: col.TypeLength(),
				HasLevels: col.MaxDefinitionLevel() > 0 || col.MaxRepetitionLevel() > 0, MaxPageSize: pq.DefaultMaxUncompressedPageSize,
				Codec: int(cc.Compression())}
			if fm.WriterVersion().LessThan(metadata.Parquet816FixedVersion) {
				// parquet-mr 1.2.8 and older left the dictionary page's
				// header out of the chunk's size: arrow-go reads up to
				// 100 bytes more, and so do the checks
				ch.Size += min(100, end-(start+n))
			}
			if spans, ok := pages[i]; ok {
				offsets := make([]int64, len(spans))
				for k, sp := range spans {
					offsets[k] = sp.offset
				}
				if err := ch.CheckPages(src, offsets); err != nil {
					return nil, bad("%v", err)
				}
				continue
			}
			all, err := ch.CheckDict(src)
			if err != nil {
				return nil, bad("%v", err)
			}
			dictOnly[i] = dictOnly[i] && all
		}
	}
	return dictOnly, nil
}
