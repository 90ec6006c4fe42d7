package structured

import (
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Apply calls fn with the values of the fields at the source paths and
// writes its result to the field at target (the RFC's apply, which
// TensorFlow never shipped). fn sees whole fields (field-major, as stored:
// one value covering every structure), not one structure at a time;
// [ZipFloat64] builds such a function from a scalar one.
//
// The result is written as [SetField] would: the target's parent must exist
// and be a structure, the result must have the outer dimensions of that
// parent (ErrShape), and an existing target field is replaced. Every source
// must share the parent's outer dimensions (ErrShape naming both paths): a
// source may sit at the target's level or below it (fn then reduces the
// extra dimensions), but not above it; [Tensor.Broadcast] it down first.
//
// An error returned by fn is wrapped, so errors.Is sees it.
func (t *Tensor) Apply(fn func(args ...Value) (Value, error), sources [][]string, target []string) (*Tensor, error) {
	const op = "Apply"
	if fn == nil {
		return nil, errorf(op, ErrType, "", "function is nil")
	}
	if len(target) == 0 {
		return nil, errorf(op, ErrPath, "", "empty target path")
	}
	ppath := target[:len(target)-1]
	parent, err := t.structAt(op, ppath)
	if err != nil {
		return nil, err
	}
	args := make([]Value, len(sources))
	for k, src := range sources {
		if len(src) == 0 {
			return nil, errorf(op, ErrPath, "", "source %d: empty path", k)
		}
		_, v, err := t.walk(op, src)
		if err != nil {
			return nil, err
		}
		if err := sharesOuter(op, v, strings.Join(src, "."), parent, strings.Join(ppath, ".")); err != nil {
			return nil, err
		}
		args[k] = v
	}
	tpath := strings.Join(target, ".")
	res, err := fn(args...)
	if err != nil {
		return nil, &Error{Op: op, Field: tpath, Err: err, Msg: "function failed: " + err.Error()}
	}
	if isNilValue(res) {
		return nil, errorf(op, ErrType, tpath, "function returned nil")
	}
	return t.withUpdates(op, []Update{SetField(res, target...)})
}

// sharesOuter checks that v has the outer dimensions of st.
func sharesOuter(op string, v Value, vpath string, st *Tensor, spath string) error {
	if st.rank == 0 {
		return nil
	}
	if spath == "" {
		spath = "the root"
	}
	if v.Rank() < st.rank {
		return errorf(op, ErrShape, vpath, "has rank %d, above the level of %s (rank %d) where the result goes: Broadcast it down first", v.Rank(), spath, st.rank)
	}
	nrows, parts := outerLayout(v)
	if nrows != st.nrows {
		return errorf(op, ErrShape, vpath, "has %d rows, %s has %d: the sources must share the outer dimensions of the target's parent", nrows, spath, st.nrows)
	}
	for i, p := range st.parts {
		if !p.sameCut(parts[i]) {
			return errorf(op, ErrShape, vpath, "dimension %d (%v) differs from that of %s (%v): the sources must share the outer dimensions of the target's parent", i+1, parts[i], spath, p)
		}
	}
	return nil
}

// MapFloat64 returns a field function, for [TransformField], that applies
// fn to every item of a float64 leaf (dense or ragged). The result has the
// leaf's shape, shares its row partitions and keeps its null items (fn is
// not called for them); only the values are new. Any other value is an
// error (ErrType). TensorFlow's shoe-size example becomes:
//
//	st.WithUpdates(structured.TransformField(
//		structured.MapFloat64(func(us float64) float64 { return math.Round(us*2.54 + 17) }),
//		"shoes", "sizes"))
func MapFloat64(fn func(float64) float64) func(Value) (Value, error) {
	return func(v Value) (Value, error) { return mapLeaf("MapFloat64", arrow.FLOAT64, v, fn) }
}

// MapInt64 is [MapFloat64] for int64 leaves.
func MapInt64(fn func(int64) int64) func(Value) (Value, error) {
	return func(v Value) (Value, error) { return mapLeaf("MapInt64", arrow.INT64, v, fn) }
}

func mapLeaf[T int64 | float64](op string, id arrow.Type, v Value, fn func(T) T) (Value, error) {
	if fn == nil {
		return nil, errorf(op, ErrType, "", "function is nil")
	}
	if isNilValue(v) {
		return nil, errorf(op, ErrType, "", "value is nil")
	}
	l, ok := v.(Leaf)
	if !ok {
		return nil, errorf(op, ErrType, "", "needs a leaf, got a %s value", kindName(v))
	}
	a := l.Values()
	if a.DataType().ID() != id {
		return nil, errorf(op, ErrType, "", "needs %s items, the leaf holds %s", strings.ToLower(id.String()), typeName(a.DataType()))
	}
	src := arrow.GetValues[T](a.Data(), 1)
	out := make([]T, a.Len())
	if a.NullN() == 0 {
		for i, x := range src {
			out[i] = fn(x)
		}
	} else {
		for i, x := range src {
			if a.IsValid(i) {
				out[i] = fn(x)
			}
		}
	}
	valid, nulls := validityOf(a)
	return withValues(l, numberArray(a.DataType(), out, valid, nulls)), nil
}

// validityOf returns a's validity bitmap re-based to offset 0 (shared when
// a is not offset, copied otherwise; nil without nulls) and its null count.
func validityOf(a arrow.Array) (*memory.Buffer, int) {
	if a.NullN() == 0 {
		return nil, 0
	}
	d := a.Data()
	if d.Offset() == 0 {
		return d.Buffers()[0], a.NullN()
	}
	bits := make([]byte, bitutil.BytesForBits(int64(a.Len())))
	bitutil.CopyBitmap(d.Buffers()[0].Bytes(), d.Offset(), a.Len(), bits, 0)
	return memory.NewBufferBytes(bits), a.NullN()
}

// numberArray wraps out, without copying it, as an Arrow array of type dt
// with the given validity bitmap and null count.
func numberArray[T int64 | float64](dt arrow.DataType, out []T, valid *memory.Buffer, nulls int) arrow.Array {
	data := array.NewData(dt, len(out), []*memory.Buffer{valid, memory.NewBufferBytes(arrow.GetBytes(out))}, nil, nulls, 0)
	defer data.Release()
	return array.MakeFromData(data)
}

// withValues returns a leaf of l's shape and partitions holding values.
func withValues(l Leaf, values arrow.Array) Leaf {
	switch x := l.(type) {
	case *Dense:
		return &Dense{leafOf(values), x.shape}
	case *Ragged:
		return newRagged(values, x.parts)
	}
	panic("structured: unknown leaf kind")
}

// ZipFloat64 returns a function for [Tensor.Apply] that combines numeric
// leaves item by item: item i of the result is fn(x0[i], x1[i], ...). The
// arguments must be float64 or int64 leaves (int64 items are converted)
// of one shape, dense or ragged with the same row partitions; the result
// is a float64 leaf with the first argument's shape and partitions, null
// where any argument is null. A cost per ingredient, say:
//
//	st.Apply(structured.ZipFloat64(func(x ...float64) float64 { return x[0] * x[1] }),
//		[][]string{{"ingredients", "amount"}, {"ingredients", "price"}},
//		[]string{"ingredients", "cost"})
func ZipFloat64(fn func(xs ...float64) float64) func(args ...Value) (Value, error) {
	return func(args ...Value) (Value, error) {
		const op = "ZipFloat64"
		if len(args) == 0 {
			return nil, errorf(op, ErrShape, "", "needs at least one argument")
		}
		if fn == nil {
			return nil, errorf(op, ErrType, "", "function is nil")
		}
		for k, arg := range args {
			if isNilValue(arg) {
				return nil, errorf(op, ErrType, "", "argument %d is nil", k)
			}
		}
		first, ok := args[0].(Leaf)
		if !ok {
			return nil, errorf(op, ErrType, "", "argument 0 is a %s value, not a leaf", kindName(args[0]))
		}
		_, nrows, parts := leafLayout(first)
		cols := make([][]float64, len(args))
		arrays := make([]arrow.Array, len(args))
		nulls := false
		for k, arg := range args {
			l, ok := arg.(Leaf)
			if !ok {
				return nil, errorf(op, ErrType, "", "argument %d is a %s value, not a leaf", k, kindName(arg))
			}
			a, n, ps := leafLayout(l)
			if n != nrows || len(ps) != len(parts) || a.Len() != first.Values().Len() {
				return nil, errorf(op, ErrShape, "", "argument %d has shape %v, argument 0 %v", k, l.Shape(), first.Shape())
			}
			for i, p := range ps {
				if !p.sameCut(parts[i]) {
					return nil, errorf(op, ErrShape, "", "argument %d: dimension %d (%v) differs from argument 0's (%v)", k, i+1, p, parts[i])
				}
			}
			switch a.DataType().ID() {
			case arrow.FLOAT64:
				cols[k] = arrow.GetValues[float64](a.Data(), 1)
			case arrow.INT64:
				ints := arrow.GetValues[int64](a.Data(), 1)
				cols[k] = make([]float64, len(ints))
				for i, x := range ints {
					cols[k][i] = float64(x)
				}
			default:
				return nil, errorf(op, ErrType, "", "argument %d holds %s, not float64 or int64", k, typeName(a.DataType()))
			}
			arrays[k] = a
			nulls = nulls || a.NullN() != 0
		}
		n := first.Values().Len()
		out := make([]float64, n)
		xs := make([]float64, len(args))
		var valid *memory.Buffer
		nullN := 0
		if nulls {
			valid, nullN = zipValidity(arrays)
		}
		for i := range out {
			if nullN != 0 && !bitutil.BitIsSet(valid.Bytes(), i) {
				continue
			}
			for k, c := range cols {
				xs[k] = c[i]
			}
			out[i] = fn(xs...)
		}
		if nullN == 0 {
			valid = nil
		}
		return withValues(first, numberArray(arrow.PrimitiveTypes.Float64, out, valid, nullN)), nil
	}
}

// zipValidity returns the AND of the arrays' validities, as a bitmap at
// offset 0, and its null count.
func zipValidity(arrays []arrow.Array) (*memory.Buffer, int) {
	n := arrays[0].Len()
	bits := make([]byte, bitutil.BytesForBits(int64(n)))
	bitutil.SetBitsTo(bits, 0, int64(n), true)
	for _, a := range arrays {
		if a.NullN() == 0 {
			continue
		}
		for i := 0; i < n; i++ {
			if a.IsNull(i) {
				bitutil.ClearBit(bits, i)
			}
		}
	}
	return memory.NewBufferBytes(bits), n - bitutil.CountSetBits(bits, 0, n)
}
