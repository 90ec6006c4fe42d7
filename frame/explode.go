package frame

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/structured"
)

// ExplodePolicy says what Explode makes of a row whose list is empty, or
// null, instead of holding items. It is given per case with WithEmptyAs and
// WithNullAs, so that an empty list and a null list are never confused (the
// complaint of Polars users, whose explode turns both into one null row).
type ExplodePolicy uint8

const (
	// ExplodeKeep keeps the row once, with a null in every exploded
	// column: Spark's explode_outer, pandas' explode. The default for both
	// cases, because it never loses the other columns of a row silently.
	ExplodeKeep ExplodePolicy = iota
	// ExplodeDrop drops the row: Spark's explode. Set it for both cases
	// to count items only, as SQL's UNNEST does.
	ExplodeDrop
	// ExplodeFail makes such a row an ErrShape error naming the column and
	// the row: for data whose lists must hold items.
	ExplodeFail
)

// String names the policy.
func (p ExplodePolicy) String() string {
	switch p {
	case ExplodeKeep:
		return "keep"
	case ExplodeDrop:
		return "drop"
	case ExplodeFail:
		return "fail"
	}
	return "unknown"
}

// ExplodeOption changes how Explode treats empty and null lists or adds a
// position column: WithEmptyAs, WithNullAs, WithPosition.
type ExplodeOption interface{ applyExplode(*explConfig) }

type explConfig struct {
	empty, null ExplodePolicy
	position    string
}

type explOptionFunc func(*explConfig)

func (fn explOptionFunc) applyExplode(c *explConfig) { fn(c) }

// WithEmptyAs sets what Explode does with a row whose list is empty (the
// default is ExplodeKeep: one row, null in the exploded columns).
func WithEmptyAs(p ExplodePolicy) ExplodeOption {
	return explOptionFunc(func(c *explConfig) { c.empty = p })
}

// WithNullAs sets what Explode does with a row whose list is null (the
// default is ExplodeKeep: one row, null in the exploded columns).
func WithNullAs(p ExplodePolicy) ExplodeOption {
	return explOptionFunc(func(c *explConfig) { c.null = p })
}

// WithPosition adds an int64 column of that name after the last exploded
// column: the position of the item within its list (Spark's posexplode),
// -1 for the row kept for an empty list and null for the row kept for a
// null list. It tells, after Explode, a list [null] (position 0, a null
// item) from [] (position -1) and from null (null position), so that the
// lists can be rebuilt exactly: group the rows, keep those with a
// position >= 0 as the items, and make a group whose only row has -1 an
// empty list and one whose only row has null a null list. A name already
// taken is an ErrDuplicate error.
func WithPosition(name string) ExplodeOption {
	return explOptionFunc(func(c *explConfig) { c.position = name })
}

// explColumn is one column being exploded: its name, value and, per row,
// the list length (0 for a null list) and whether the list is null.
type explColumn struct {
	name   string
	v      structured.Value
	splits []int64           // row splits, or nil for a uniform dense value
	width  int               // the uniform length when splits is nil
	valid  structured.Bitmap // null lists
}

func (c *explColumn) length(i int) int64 {
	if c.splits == nil {
		return int64(c.width)
	}
	if c.valid.IsNull(i) {
		return 0
	}
	return c.splits[i+1] - c.splits[i]
}

// Explode turns each row whose lists hold n items into n rows, one per
// item: the exploded columns become their item type (a list of numbers a
// number column, a list of structures a structure column, a list of lists
// a list column: one level per call; a map column a structure column of
// {key, value}), and every other column repeats its row's value, as does
// a label index (a range index renumbers). Several columns (or a
// selector: ColsByType(TypeList)) explode together, item i of each in row i of the result: their lists must have
// the same length in every row, else an ErrShape error names both columns,
// the first row where they differ and both lengths (a null list counts as
// length 0).
//
// A row whose list is empty, or null, gives one row with nulls in the
// exploded columns by default (Spark's explode_outer); WithEmptyAs and WithNullAs
// choose per case to keep, drop or refuse such rows, and WithPosition adds
// the item's position, which keeps empty and null lists apart. With
// several columns a row is a null-list row when all of its lists are
// null, an empty-list row otherwise.
//
// Columns are top-level names (Unnest or Select a nested list first). An
// unknown column is an ErrColumn error, a column that is not a list (a
// scalar or a structure) an ErrType error naming it, a column given twice
// an ErrDuplicate error.
//
// Cost: the exploded columns are shared, not copied (a list's items are
// already stored one after another), unless empty or null lists are kept:
// their null rows are then inserted between runs of items (vectors copied
// run by run, strings and lists keeping their data); every other column
// is gathered once by its parent row, per column, with typed kernels.
func (f *Frame) Explode(cols []string, opts ...ExplodeOption) *Frame {
	const op = "Explode"
	if f.Err() != nil {
		return f
	}
	var cfg explConfig
	for _, o := range opts {
		if o != nil {
			o.applyExplode(&cfg)
		}
	}
	cols, err := f.expandRefs(op, cols)
	if err != nil {
		return failed(err)
	}
	if len(cols) == 0 {
		return failed(errorf(op, ErrArgument, "no column to explode"))
	}
	if cfg.empty > ExplodeFail || cfg.null > ExplodeFail {
		return failed(errorf(op, ErrArgument, "unknown policy (WithEmptyAs %d, WithNullAs %d)", cfg.empty, cfg.null))
	}
	ecs := make([]explColumn, 0, len(cols))
	exploded := make(map[string]bool, len(cols))
	for _, ref := range cols {
		path, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		if len(path) != 1 {
			return failed(errorf(op, ErrArgument, "column %q is nested; Explode takes top-level columns (Unnest or Select it first)", displayPath(ref)))
		}
		if exploded[path[0]] {
			return failed(errorf(op, ErrDuplicate, "column %q is given twice", path[0]))
		}
		exploded[path[0]] = true
		ec, err := explList(op, path[0], v)
		if err != nil {
			return failed(err)
		}
		ecs = append(ecs, ec)
	}
	if cfg.position != "" && f.data.HasField(cfg.position) {
		return failed(errorf(op, ErrDuplicate, "position column %q is already a column", cfg.position))
	}
	plan, err := explPlanRows(op, ecs, f.data.NumRows(), cfg)
	if err != nil {
		return failed(err)
	}
	// The exploded columns: their items, merged out of the list dimension,
	// with null rows inserted where empty or null lists are kept.
	items := make(map[string]structured.Value, len(ecs))
	for _, c := range ecs {
		m, err := structured.MergeValueDims(c.v, 0, 1)
		if err != nil {
			return failed(wrap(op, err))
		}
		if len(plan.gaps) > 0 {
			if m, err = explSpread(m, plan.gaps); err != nil {
				return failed(wrap(op, err))
			}
		}
		items[c.name] = m
	}
	fields := f.data.Fields()
	out := make([]structured.FieldValue, 0, len(fields)+1)
	var repeat []int // indices into out of the columns to repeat
	done := 0        // exploded columns placed
	for _, fv := range fields {
		if m, ok := items[fv.Name]; ok {
			out = append(out, structured.FieldValue{Name: fv.Name, Value: m})
			if done++; cfg.position != "" && done == len(ecs) {
				out = append(out, structured.FieldValue{Name: cfg.position, Value: plan.position()})
			}
			continue
		}
		out = append(out, fv)
		repeat = append(repeat, len(out)-1)
	}
	if len(repeat) > 0 && !plan.identity {
		if err := explRepeat(out, repeat, plan); err != nil {
			return failed(wrap(op, err))
		}
	}
	t, err := structured.FromFieldsShape(out, structured.Shape{plan.rows})
	if err != nil {
		return failed(wrap(op, err))
	}
	var idx index.Index = index.NewRange(plan.rows)
	if _, ok := f.idx.(index.Range); !ok {
		if idx, err = f.idx.Take(plan.parent()); err != nil {
			return failed(wrap(op, err))
		}
	}
	return f.with(t, idx)
}

// explList checks that v is a list column and reads its list lengths.
func explList(op, name string, v structured.Value) (explColumn, error) {
	c := explColumn{name: name, v: v}
	if v.Rank() < 2 {
		kind := "scalar"
		if _, ok := v.(*structured.Tensor); ok {
			kind = "structure"
		}
		return c, errorf(op, ErrType, "column %q is a %s column, not a list (%s)", name, kind, explTypeText(name, v))
	}
	var part *structured.RowPartition
	switch x := v.(type) {
	case *structured.Dense:
		c.width = x.Shape()[1]
		return c, nil
	case *structured.Ragged:
		part = x.RowPartitions()[0]
	case *structured.Tensor:
		part = x.RowPartitions()[0]
	default:
		return c, errorf(op, ErrType, "column %q has an unknown kind of value", name)
	}
	c.splits = part.RowSplits()
	c.valid = part.Validity()
	return c, nil
}

// explTypeText renders a column's type for messages.
func explTypeText(name string, v structured.Value) string {
	fs, err := structured.FieldSpecOf(name, v, 1)
	if err != nil {
		return "?"
	}
	return fs.String()
}

// explPlan says which rows Explode makes: how many result rows each row
// gives (its list length, or 1 for a kept empty or null list, or 0), and
// where the null rows kept for empty or null lists go.
type explPlan struct {
	n        int     // rows of the frame
	rows     int     // rows of the result
	counts   []int32 // result rows per row
	gaps     []int   // result positions of the rows kept for empty or null lists
	pos      []int64
	posValid []byte // nil when every position is valid
	posNulls int
	identity bool // one result row per row, in order: nothing to repeat

	parentOnce sync.Once
	parentIdx  []int
}

// explPlanRows checks the lengths of the exploded columns against each
// other and the policies, and lays out the result rows.
func explPlanRows(op string, ecs []explColumn, n int, cfg explConfig) (*explPlan, error) {
	first := &ecs[0]
	plan := &explPlan{n: n, counts: make([]int32, n)}
	var nullRows []int // result rows kept for null lists
	r := 0             // result rows so far
	for i := 0; i < n; i++ {
		l := first.length(i)
		for k := 1; k < len(ecs); k++ {
			if lk := ecs[k].length(i); lk != l {
				return nil, errorf(op, ErrShape, "columns %q and %q have lists of different lengths at row %d: %d and %d", first.name, ecs[k].name, i, l, lk)
			}
		}
		if l > 0 {
			if l > math.MaxInt32 {
				return nil, errorf(op, ErrShape, "column %q has a list of %d items at row %d", first.name, l, i)
			}
			plan.counts[i] = int32(l)
			r += int(l)
			continue
		}
		null := explAllNull(ecs, i)
		p, what := cfg.empty, "an empty"
		if null {
			p, what = cfg.null, "a null"
		}
		switch p {
		case ExplodeFail:
			return nil, errorf(op, ErrShape, "column %q has %s list at row %d (policy %s)", first.name, what, i, p)
		case ExplodeKeep:
			plan.counts[i] = 1
			plan.gaps = append(plan.gaps, r)
			if null {
				nullRows = append(nullRows, r)
			}
			r++
		}
	}
	plan.rows = r
	plan.identity = r == n && !slices.ContainsFunc(plan.counts, func(c int32) bool { return c != 1 })
	if cfg.position != "" {
		plan.pos = make([]int64, 0, r)
		for _, c := range plan.counts {
			for j := range c {
				plan.pos = append(plan.pos, int64(j))
			}
		}
		for _, g := range plan.gaps {
			plan.pos[g] = -1
		}
		if len(nullRows) > 0 {
			plan.posValid = make([]byte, bitutil.BytesForBits(int64(r)))
			bitutil.SetBitsTo(plan.posValid, 0, int64(r), true)
			for _, g := range nullRows {
				bitutil.ClearBit(plan.posValid, g)
				plan.pos[g] = 0
			}
			plan.posNulls = len(nullRows)
		}
	}
	return plan, nil
}

// parent returns the row each result row comes from (computed once, for
// the gathers that need it: an index's labels, values the repeat kernels
// do not cover).
func (p *explPlan) parent() []int {
	p.parentOnce.Do(func() {
		p.parentIdx = make([]int, 0, p.rows)
		for i, c := range p.counts {
			for range c {
				p.parentIdx = append(p.parentIdx, i)
			}
		}
	})
	return p.parentIdx
}

// explAllNull reports whether every exploded column has a null list at row i.
func explAllNull(ecs []explColumn, i int) bool {
	for k := range ecs {
		if ecs[k].splits == nil || !ecs[k].valid.IsNull(i) {
			return false
		}
	}
	return true
}

// position returns the position column.
func (p *explPlan) position() structured.Value {
	bufs := []*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(p.pos))}
	if p.posNulls > 0 {
		bufs[0] = memory.NewBufferBytes(p.posValid)
	}
	data := array.NewData(arrow.PrimitiveTypes.Int64, len(p.pos), bufs, nil, p.posNulls, 0)
	defer data.Release()
	arr := array.NewInt64Data(data)
	defer arr.Release()
	d, _ := structured.NewDense(arr)
	return d
}

// explRepeat replaces the columns out[repeat[k]] by their rows repeated
// as the plan says, one column per goroutine on up to GOMAXPROCS cores.
func explRepeat(out []structured.FieldValue, repeat []int, plan *explPlan) error {
	errs := make([]error, len(repeat))
	err := explParallel(len(repeat), func(k int) {
		fv := &out[repeat[k]]
		fv.Value, errs[k] = explRepeatValue(fv.Value, plan)
	})
	return errors.Join(append(errs, err)...)
}

// explParallel runs fn(0..n-1) on up to GOMAXPROCS goroutines (the
// columns of a frame are independent). A memory fault on one of them (a
// mapped file truncated under the frame) is the error returned.
func explParallel(n int, fn func(k int)) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for k := range n {
			fn(k)
		}
		return nil
	}
	var (
		g    fault.Group
		next atomic.Int64
	)
	for range workers {
		g.Go(func() error {
			for {
				k := int(next.Add(1) - 1)
				if k >= n {
					return nil
				}
				fn(k)
			}
		})
	}
	return g.Wait()
}
