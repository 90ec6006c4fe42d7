package dataset

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/structframe/structframe/frame"
)

// Read reads a dataset into one Frame: src is a file, a directory (read
// whole, recursively) or a glob ("data/*.parquet", "data/**/*.csv"; "**"
// as a whole path element matches any number of directories). Files are
// read in the sorted order of their paths, on WithParallelism goroutines,
// and their rows stacked in that order. Schemas are unioned as
// frame.Concat unions them (a column a file lacks is null in its rows;
// numbers of one kind widen); two types for one field is an ErrConflict
// error naming both files and the field. Hive partition directories
// (year=2024/month=01/) add their columns after the files' columns, in
// path order (as pyarrow and Polars place them); a file column of a
// partition's name is replaced by the partition's value. An empty
// directory is a Frame without rows or columns; a glob that matches
// nothing is an ErrNoFiles error.
func Read(src string, opts ...Option) (*frame.Frame, error) {
	c := newConfig(opts)
	p, err := newPlan(c, src, nil, false)
	if err != nil {
		return nil, err
	}
	return p.readAll()
}

// ReadFiles reads the files named, in the order given, as Read reads the
// files of a directory. Partition directories are those below the files'
// longest common directory (or WithPartitionBase).
func ReadFiles(paths []string, opts ...Option) (*frame.Frame, error) {
	c := newConfig(opts)
	p, err := newPlan(c, "", paths, true)
	if err != nil {
		return nil, err
	}
	return p.readAll()
}

// readAll reads every file of the plan, in parallel and in order, and
// stacks them.
func (p *plan) readAll() (*frame.Frame, error) {
	n := len(p.files)
	if n == 0 {
		return frame.FromColumns(nil), nil
	}
	frames := make([]*frame.Frame, n)
	errs := make([]error, n)
	workers := min(p.c.parallel, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f, err := p.readOne(i, workers > 1)
				if err != nil {
					errs[i] = err
					failed.Store(true)
					return
				}
				frames[i] = f
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if err := p.unify(frames); err != nil {
		return nil, err
	}
	out := frame.Concat(frames...)
	if err := out.Err(); err != nil {
		return nil, fmt.Errorf("dataset: Read: %w", err)
	}
	if p.filterAfterUnion() {
		if out = out.Filter(*p.filter); out.Err() != nil {
			return nil, fmt.Errorf("dataset: WithFilter: %w", out.Err())
		}
	}
	cols, err := p.order(out.Columns())
	if err != nil {
		return nil, err
	}
	out = out.Select(cols...)
	return out, out.Err()
}

// filterAfterUnion reports whether Read filters the union of the files
// rather than each file: an aggregation is over every row, and a field
// inside a structure may be missing from one file's structure (null
// there once the schemas are unioned, an unknown column before).
func (p *plan) filterAfterUnion() bool {
	return p.filter != nil && (p.filter.Aggregates() || p.nested)
}

// readOne reads file i whole and finishes its rows.
func (p *plan) readOne(i int, parallel bool) (*frame.Frame, error) {
	t := &p.files[i]
	f, err := p.ops.read(p.c, t.row, t.path, p.readCols, parallel)
	if err != nil {
		return nil, &Error{Op: "Read", Path: t.path, Err: err}
	}
	if t.row.Untyped() {
		f = nullify(f)
	}
	f = p.dropKeys(f)
	f = p.finish(f, t, !p.filterAfterUnion())
	if err := f.Err(); err != nil {
		return nil, &Error{Op: "Read", Path: t.path, Err: err}
	}
	return f, nil
}

// dropKeys drops the file's columns named as partition columns: the
// directory's value replaces them.
func (p *plan) dropKeys(f *frame.Frame) *frame.Frame {
	if len(p.keys) == 0 {
		return f
	}
	var drop []string
	for _, c := range f.Columns() {
		if p.isKey(c) {
			drop = append(drop, c)
		}
	}
	if drop == nil {
		return f
	}
	return f.Drop(drop...)
}

// finish adds the partition columns of t to f and, with filter, keeps the
// rows the plan's filter accepts; a column the filter reads that f lacks
// is null while it is evaluated.
func (p *plan) finish(f *frame.Frame, t *task, filter bool) *frame.Frame {
	if len(t.lits) > 0 {
		f = f.WithColumns(t.lits...)
	}
	if !filter || p.filter == nil {
		return f
	}
	have := f.Columns()
	var missing []string
	var nulls []frame.Expr
	for _, r := range p.refs {
		if !slices.Contains(have, r) {
			missing = append(missing, r)
			nulls = append(nulls, frame.Lit(nil).Alias(r))
		}
	}
	if nulls != nil {
		f = f.WithColumns(nulls...)
	}
	f = f.Filter(*p.filter)
	if missing != nil {
		f = f.Drop(missing...)
	}
	return f
}

// order is the columns of the result: WithColumns' order, or the files'
// columns followed by the partition columns. A column of WithColumns that
// is not in have is an error.
func (p *plan) order(have []string) ([]string, error) {
	var out []string
	if p.c.columns != nil {
		for _, c := range p.c.columns {
			name := c
			if !slices.Contains(have, c) {
				top, _, _ := strings.Cut(c, ".")
				name = top
			}
			if !slices.Contains(have, name) {
				return nil, fmt.Errorf("dataset: %w: WithColumns(%q): no file has this column (columns: %v)", ErrOption, c, have)
			}
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
		return out, nil
	}
	for _, c := range have {
		if !p.isKey(c) {
			out = append(out, c)
		}
	}
	for _, k := range p.keys {
		out = append(out, k.name)
	}
	return out, nil
}

// unify checks that the files' schemas union (see frame.Concat) and, where
// they do not, names the first two files that disagree.
func (p *plan) unify(frames []*frame.Frame) error {
	if len(frames) < 2 {
		return nil
	}
	first := typeKey(frames[0].Schema())
	same := true
	for _, f := range frames[1:] {
		if typeKey(f.Schema()) != first {
			same = false
			break
		}
	}
	if same {
		return nil
	}
	heads := make([]*frame.Frame, len(frames))
	for i, f := range frames {
		heads[i] = f.Head(0)
	}
	_, err := p.unifyHeads("Read", heads)
	return err
}

// unifyHeads unions frames without rows, one file each, into the frame
// without rows of the union; op (Read, Open) is the operation its errors
// name.
func (p *plan) unifyHeads(op string, heads []*frame.Frame) (*frame.Frame, error) {
	acc := heads[0]
	for i := 1; i < len(heads); i++ {
		u := frame.Concat(acc, heads[i])
		if u.Err() == nil {
			acc = u
			continue
		}
		for j := range i {
			if err := frame.Concat(heads[j], heads[i]).Err(); err != nil {
				return nil, conflict(op, p.files[j].path, p.files[i].path, err)
			}
		}
		return nil, &Error{Op: op, Path: p.files[i].path, Err: fmt.Errorf("%w: %w", ErrConflict, u.Err())}
	}
	return acc, nil
}

// conflict is the error of two files whose schemas do not union, found
// by op.
func conflict(op, a, b string, err error) error {
	msg := strings.NewReplacer("in frame 0", "in "+a, "in frame 1", "in "+b, "frame: Concat: ", "").Replace(err.Error())
	if strings.Contains(msg, a) {
		return &Error{Op: op, Path: b, Err: fmt.Errorf("%w: %s", ErrConflict, msg)}
	}
	return &Error{Op: op, Path: b, Err: fmt.Errorf("%w with %s: %s", ErrConflict, a, msg)}
}
