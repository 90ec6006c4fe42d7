package dataset

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/structured"
)

// Write writes f as a dataset under dir: one file, dir/part-0.parquet, or
// with WithPartitionBy("year", "month") one file per distinct pair of values,
// dir/year=2024/month=1/part-0.parquet, the partition columns left out of
// the files (Hive's layout, as Spark, pyarrow, Polars and DuckDB write
// it). Values are written as text: integers in base 10, floats as the
// shortest text that reads back the same, bools as true/false, dates as
// YYYY-MM-DD, strings as they are; bytes a directory name cannot hold
// ('/', '=', '%', control bytes and the others Hive escapes) as %XX, and a
// null as key=__HIVE_DEFAULT_PARTITION__. A partition column must be a
// scalar column.
//
// The format is Parquet unless WithFormat says otherwise. A directory that
// already holds files is an ErrExists error unless WithExisting says to
// overwrite or append. Files are written on WithParallelism goroutines; on
// an error the files already written stay.
//
// Read gives back the rows of f (rows grouped by partition, the
// partitions in the sorted order of their directories, and within one
// partition in f's order) with the partition columns last, typed as Read
// infers them (int64 for integers, else string) unless WithPartitionTypes
// gives their types back.
func Write(dir string, f *frame.Frame, opts ...Option) error {
	c := newConfig(opts)
	if f == nil {
		return fmt.Errorf("dataset: Write: %w: a nil frame", ErrOption)
	}
	if err := f.Err(); err != nil {
		return fmt.Errorf("dataset: Write: %w", err)
	}
	if c.parallel < 1 {
		return fmt.Errorf("dataset: Write: %w: WithParallelism(%d): want at least 1", ErrOption, c.parallel)
	}
	if !c.format.known() {
		return fmt.Errorf("dataset: Write: %w: unknown format %d", ErrOption, uint8(c.format))
	}
	row := c.row
	if row == nil {
		row = formats.OfKind(formats.Kind(max(c.format, Parquet)))
	}
	if c.basename == "" || strings.ContainsAny(c.basename, `/\`) || hidden(c.basename) {
		return fmt.Errorf("dataset: Write: %w: WithBasename(%q): want a visible file name", ErrOption, c.basename)
	}
	ext, wopts := row.Exts()[0], c.writeOptions()
	groups, data, err := partitionRows(f, c.partitions)
	if err != nil {
		return &Error{Op: "Write", Path: dir, Err: err}
	}
	if err := prepareDir(dir, c.existing, groups); err != nil {
		return err
	}
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, len(groups))
	var g fault.Group // the frame's pages may be a mapped file's
	for range min(c.parallel, len(groups)) {
		g.Go(func() error {
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(groups) {
					return nil
				}
				g := groups[i]
				sub := data
				if g.rows != nil {
					sub = data.Take(g.rows)
				}
				gdir := store.Join(dir, g.dir)
				path, err := newFile(gdir, c.basename, ext, c.existing == Append)
				if err == nil {
					err = row.WriteFile(path, sub, wopts...)
				}
				if err != nil {
					errs[i] = &Error{Op: "Write", Path: store.Redact(path), Err: err}
					failed.Store(true)
					return nil
				}
			}
			return nil
		})
	}
	ferr := g.Wait()
	return errors.Join(append(errs, ferr)...)
}

// group is the rows of one partition and its directory below the dataset.
type group struct {
	dir  string // key=value/key=value, "" without partitions
	rows []int  // nil: every row
}

// partitionRows groups the rows of f by the values of the columns cols, in
// the order the values first appear, and returns the frame without those
// columns.
func partitionRows(f *frame.Frame, cols []string) ([]group, *frame.Frame, error) {
	if len(cols) == 0 {
		return []group{{}}, f, nil
	}
	have := f.Columns()
	for i, c := range cols {
		if !slices.Contains(have, c) {
			return nil, nil, fmt.Errorf("%w: WithPartitionBy(%q): no such column (columns: %v)", ErrPartition, c, have)
		}
		if slices.Contains(cols[:i], c) {
			return nil, nil, fmt.Errorf("%w: WithPartitionBy names %q twice", ErrPartition, c)
		}
	}
	data := f.Drop(cols...)
	if data.NumColumns() == 0 {
		return nil, nil, fmt.Errorf("%w: WithPartitionBy(%v) takes every column: a file needs one", ErrPartition, cols)
	}
	n := f.NumRows()
	codes := make([]int32, n) // the group of each row so far
	var dirs []string         // the directory of each group so far
	for k, c := range cols {
		s, err := f.Column(c)
		if err != nil {
			return nil, nil, err
		}
		d, ok := s.Value().(*structured.Dense)
		if !ok || d.Rank() != 1 {
			return nil, nil, fmt.Errorf("%w: WithPartitionBy(%q): a partition column must be a scalar column, not %s", ErrPartition, c, f.Schema().String())
		}
		vcodes, segs, err := valueCodes(c, d)
		if err != nil {
			return nil, nil, err
		}
		if k == 0 {
			codes, dirs = vcodes, segs
			continue
		}
		type pair struct{ a, b int32 }
		seen := map[pair]int32{}
		var next []string
		for i := range n {
			p := pair{codes[i], vcodes[i]}
			g, ok := seen[p]
			if !ok {
				g = int32(len(next))
				seen[p] = g
				next = append(next, dirs[p.a]+"/"+segs[p.b])
			}
			codes[i] = g
		}
		dirs = next
	}
	groups := make([]group, len(dirs))
	for g := range groups {
		groups[g].dir = dirs[g]
		groups[g].rows = []int{}
	}
	for i, g := range codes {
		groups[g].rows = append(groups[g].rows, i)
	}
	return groups, data, nil
}

// valueCodes numbers the distinct values of a partition column in the
// order they first appear and gives each its directory name key=value.
// Integers are told apart by value, the other types by their text.
func valueCodes(key string, d *structured.Dense) ([]int32, []string, error) {
	arr := d.Values()
	switch dtype.Of(arr.DataType()).Class {
	case dtype.ClassSigned:
		vals, _ := dtype.Int64s(arr.Data(), nil)
		codes, dirs := intCodes(key, vals, arr, formatInt)
		return codes, dirs, nil
	case dtype.ClassUnsigned:
		// uint64 items past MaxInt64 wrap: still one int64 per value
		vals, _ := dtype.Int64s(arr.Data(), nil)
		codes, dirs := intCodes(key, vals, arr, func(v int64) string { return formatUint(uint64(v)) })
		return codes, dirs, nil
	}
	text, null, err := valueText(arr)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: WithPartitionBy(%q): %v", ErrPartition, key, err)
	}
	p := newPartitionCodes(key, arr.Len())
	m := map[string]int32{}
	for i := range arr.Len() {
		if null(i) {
			p.null(i)
			continue
		}
		v := text(i)
		c, ok := m[v]
		if !ok {
			c = p.add(v)
			m[v] = c
		}
		p.codes[i] = c
	}
	return p.codes, p.dirs, nil
}

// intCodes is valueCodes of integers (as int64), item i null when a's is.
func intCodes(key string, vals []int64, a arrow.Array, text func(int64) string) ([]int32, []string) {
	p := newPartitionCodes(key, len(vals))
	var bits []byte
	off := a.Data().Offset()
	if a.NullN() > 0 {
		bits = a.NullBitmapBytes()
	}
	m := map[int64]int32{}
	for i, v := range vals {
		if bits != nil && bitutil.BitIsNotSet(bits, off+i) {
			p.null(i)
			continue
		}
		c, ok := m[v]
		if !ok {
			c = p.add(text(v))
			m[v] = c
		}
		p.codes[i] = c
	}
	return p.codes, p.dirs
}

// partitionCodes is the numbering of a column's partition values: the
// code of each row, and the directory of each code.
type partitionCodes struct {
	key      string
	codes    []int32
	dirs     []string
	nullCode int32 // -1 until a null is met
}

func newPartitionCodes(key string, n int) *partitionCodes {
	return &partitionCodes{key: key, codes: make([]int32, n), nullCode: -1}
}

// null gives row i the code of the nulls, key=__HIVE_DEFAULT_PARTITION__.
func (p *partitionCodes) null(i int) {
	if p.nullCode < 0 {
		p.nullCode = int32(len(p.dirs))
		p.dirs = append(p.dirs, formatSegment(p.key, "", true))
	}
	p.codes[i] = p.nullCode
}

// add returns the code of a new value written as text.
func (p *partitionCodes) add(text string) int32 {
	p.dirs = append(p.dirs, formatSegment(p.key, text, false))
	return int32(len(p.dirs) - 1)
}

func formatInt(v int64) string   { return strconv.FormatInt(v, 10) }
func formatUint(v uint64) string { return strconv.FormatUint(v, 10) }

// valueText is how a partition value of arr's type is written, chosen by
// the class and storage of the type (internal/dtype), and which items are
// null (for a dictionary, a null index or entry).
func valueText(arr arrow.Array) (text func(i int) string, null func(i int) bool, err error) {
	d, f := arr.Data(), dtype.Of(arr.DataType())
	switch {
	case f.Class == dtype.ClassSigned:
		vals, _ := dtype.Int64s(d, nil)
		return func(i int) string { return formatInt(vals[i]) }, arr.IsNull, nil
	case f.Class == dtype.ClassUnsigned:
		vals, _ := dtype.Uint64s(d, nil)
		return func(i int) string { return formatUint(vals[i]) }, arr.IsNull, nil
	case f.Class == dtype.ClassBool:
		bits, off := dtype.BoolBits(d)
		return func(i int) string { return strconv.FormatBool(bitutil.BitIsSet(bits, off+i)) }, arr.IsNull, nil
	case f.Class == dtype.ClassString:
		at, _ := dtype.Strings(d)
		return at, arr.IsNull, nil
	case f.Storage == dtype.StorageFloat32:
		vals := dtype.Values[float32](d)
		return func(i int) string { return strconv.FormatFloat(float64(vals[i]), 'g', -1, 32) }, arr.IsNull, nil
	case f.Storage == dtype.StorageFloat64:
		vals := dtype.Values[float64](d)
		return func(i int) string { return strconv.FormatFloat(vals[i], 'g', -1, 64) }, arr.IsNull, nil
	case f.Class == dtype.ClassDate && f.Storage == dtype.StorageInt32:
		vals := dtype.Values[arrow.Date32](d)
		return func(i int) string { return vals[i].FormattedString() }, arr.IsNull, nil
	case f.Class == dtype.ClassDictionary:
		dict, isDict := arr.(*array.Dictionary)
		idx, ok := dtype.Indices(d, nil)
		if !isDict || !ok {
			break
		}
		entry, entryNull, err := valueText(dict.Dictionary())
		if err != nil {
			return nil, nil, err
		}
		return func(i int) string { return entry(int(idx[i])) },
			func(i int) bool { return arr.IsNull(i) || entryNull(int(idx[i])) }, nil
	}
	return nil, nil, fmt.Errorf("a column of %s cannot be a partition (integers, floats, bools, strings and dates can)", arr.DataType())
}

// prepareDir applies the Existing policy to dir before the groups are
// written.
func prepareDir(dir string, e Existing, groups []group) error {
	ctx := context.Background()
	entries, err := store.ReadDir(ctx, dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &Error{Op: "Write", Path: store.Redact(dir), Err: err}
	}
	if len(entries) == 0 {
		return nil
	}
	switch e {
	case ErrorIfExists:
		return &Error{Op: "Write", Path: dir, Err: fmt.Errorf("%w: the directory holds %d entries (WithExisting says what to do with them)", ErrExists, len(entries))}
	case Overwrite:
		if err := store.RemoveAll(ctx, dir); err != nil {
			return &Error{Op: "Write", Path: store.Redact(dir), Err: err}
		}
	case OverwritePartitions:
		for _, g := range groups {
			p := store.Join(dir, g.dir)
			if g.dir == "" {
				// no partitions: the data files at the top are the partition
				if err := removeFiles(p); err != nil {
					return err
				}
				continue
			}
			if err := store.RemoveAll(ctx, p); err != nil {
				return &Error{Op: "Write", Path: store.Redact(p), Err: err}
			}
		}
	case Append:
	default:
		return fmt.Errorf("dataset: Write: %w: WithExisting(%d)", ErrOption, e)
	}
	return nil
}

// removeFiles removes the data files directly in dir (not its
// directories, not its hidden files).
func removeFiles(dir string) error {
	ctx := context.Background()
	entries, err := store.ReadDir(ctx, dir)
	if err != nil {
		return &Error{Op: "Write", Path: store.Redact(dir), Err: err}
	}
	for _, e := range entries {
		if e.IsDir || hidden(e.Name) || formatOf(e.Name) == Auto {
			continue
		}
		if err := store.Remove(ctx, store.Join(dir, e.Name)); err != nil {
			return &Error{Op: "Write", Path: store.Redact(dir), Err: err}
		}
	}
	return nil
}

// newFile makes dir and names a file base-N.ext in it: N is 0, or with
// appending the smallest N above those of the files there.
func newFile(dir, base, ext string, appending bool) (string, error) {
	if err := store.MkdirAll(dir); err != nil {
		return dir, err
	}
	n := 0
	if appending {
		entries, err := store.ReadDir(context.Background(), dir)
		if err != nil {
			return dir, err
		}
		for _, e := range entries {
			rest, ok := strings.CutPrefix(e.Name, base+"-")
			if !ok {
				continue
			}
			num, _, _ := strings.Cut(rest, ".")
			if v, err := strconv.Atoi(num); err == nil && v >= n {
				n = v + 1
			}
		}
	}
	path := store.Join(dir, base+"-"+strconv.Itoa(n)+ext)
	if store.Exists(context.Background(), path) {
		return path, fmt.Errorf("%w: the file exists", ErrExists)
	}
	return path, nil
}
