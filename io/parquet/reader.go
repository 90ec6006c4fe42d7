package parquet

import (
	"context"
	"iter"

	"github.com/structframe/structframe/internal/store"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/structured"
)

// Reader reads a Parquet file row group by row group, so that a file
// larger than memory is read with memory bounded by its largest row group:
//
//	r, err := parquet.OpenFile("events.parquet", parquet.WithColumns("user.id", "ts"))
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame() // the next row group
//	}
//	if err := r.Err(); err != nil { ... }
//
// Every batch has the file's schema (projected by [WithColumns]); an empty
// row group gives no batch. The columns of a row group are decoded in
// parallel ([WithParallelism]). A batch shares no memory with the next:
// keep it as long as needed. A Reader is not safe for concurrent use.
type Reader struct {
	fr     *pqarrow.FileReader
	leaves []int
	cfg    config
	path   string
	closer interface{ Close() error }
	group  int
	t      *structured.Tensor
	f      *frame.Frame
	err    error
	closed bool
	ranged *pqarrow.FileReader // reads the row groups of which pages are skipped (rangeReader)
}

// NewReader returns a Reader of the Parquet data in src (an *os.File, a
// bytes.Reader, an io.SectionReader); the footer is read at once, and a
// file that is not Parquet is an error here. Options: [WithColumns],
// [WithParallelism], [WithAllocator].
func NewReader(src pq.ReaderAtSeeker, opts ...Option) (*Reader, error) {
	c := makeConfig(opts)
	fr, leaves, err := open(src, &c)
	if err != nil {
		return nil, wrapErr("NewReader", "", -1, "", err)
	}
	return &Reader{fr: fr, leaves: leaves, cfg: c}, nil
}

// OpenFile opens the Parquet file at path for a [Reader]; [Reader.Close]
// closes it.
func OpenFile(path string, opts ...Option) (*Reader, error) {
	return openFile(context.Background(), path, opts)
}

// openFile is OpenFile with the context that governs the requests of a
// file behind a URL (a scan's, so that cancelling the query stops them).
func openFile(ctx context.Context, path string, opts []Option) (*Reader, error) {
	f, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	r, err := NewReader(f, opts...)
	if err != nil {
		f.Close()
		if e, ok := err.(*Error); ok {
			e.Path = path
		}
		return nil, err
	}
	r.path, r.closer = store.Redact(path), f
	return r, nil
}

// NumRowGroups returns how many row groups the file holds: at most that
// many batches.
func (r *Reader) NumRowGroups() int { return r.fr.ParquetReader().NumRowGroups() }

// Next reads the next row group, reporting false at the end of the file
// or on an error ([Reader.Err] tells which).
func (r *Reader) Next() bool {
	r.t, r.f = nil, nil
	if r.err != nil || r.closed {
		return false
	}
	for r.group < r.NumRowGroups() {
		g := r.group
		r.group++
		if rg := r.fr.ParquetReader().MetaData().RowGroup(g); rg.NumRows() == 0 || !keep(rg, r.cfg.tests) {
			continue
		}
		// The pages the page indexes rule out are skipped too.
		ranges, pruned := pageRanges(r.fr.ParquetReader(), g, r.cfg.tests)
		if pruned && len(ranges) == 0 {
			continue
		}
		fr := r.fr
		if pruned {
			if r.ranged == nil {
				var err error
				if r.ranged, err = rangeReader(&r.cfg, r.fr); err != nil {
					r.err = wrapErr("Reader.Next", r.path, g, "", err)
					return false
				}
			}
			fr = r.ranged
		}
		t, err := readGroups(fr, r.leaves, []int{g}, ranges, r.cfg)
		if err != nil {
			r.err = wrapErr("Reader.Next", r.path, g, "", err)
			return false
		}
		f := frame.FromTensor(t)
		if err := f.Err(); err != nil {
			r.err = wrapErr("Reader.Next", r.path, g, "", err)
			return false
		}
		r.t, r.f = t, f
		return true
	}
	return false
}

// Frame returns the batch read by the last successful [Reader.Next].
func (r *Reader) Frame() *frame.Frame { return r.f }

// Tensor returns the batch read by the last successful [Reader.Next] as a
// Tensor (the index, if any, as the field "_index_").
func (r *Reader) Tensor() *structured.Tensor { return r.t }

// Err returns the error that stopped [Reader.Next], or nil at the end of
// the file.
func (r *Reader) Err() error { return r.err }

// Close closes the file opened by [OpenFile] (a Reader of NewReader has
// nothing to close); later calls to Next report false.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.t, r.f = nil, nil
	if r.closer != nil {
		return r.closer.Close()
	}
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }
