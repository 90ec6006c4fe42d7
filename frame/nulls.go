package frame

import (
	"fmt"
	"math"
	"reflect"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// IsNull returns a Frame of the same shape, index and column names whose
// columns are bool: true where the row's value is null. For a list, map or
// struct column that is whether the row's list, map or structure itself is
// null (an empty list is not null, nor a structure whose fields are all
// null), as pandas' isna and Polars' is_null treat such columns.
func (f *Frame) IsNull() *Frame {
	const op = "IsNull"
	if f.Err() != nil {
		return f
	}
	fields := f.data.Fields()
	for i := range fields {
		arr := buildArray(array.NewBooleanBuilder(memory.DefaultAllocator), nullsRows(fields[i].Value), nil)
		d, err := structured.NewDense(arr)
		arr.Release()
		if err != nil {
			return failed(wrap(op, err))
		}
		fields[i].Value = d
	}
	return f.withColumns(op, fields)
}

// nullsRows tells which rows of a column are null.
func nullsRows(v structured.Value) []bool {
	n := v.NumRows()
	out := make([]bool, n)
	if d, ok := v.(*structured.Dense); ok && d.Rank() == 1 {
		if d.DataType().ID() == arrow.NULL {
			for i := range out {
				out[i] = true
			}
			return out
		}
		valid := d.Validity()
		if valid.NullN() == 0 {
			return out
		}
		for i := range out {
			out[i] = valid.IsNull(i)
		}
		return out
	}
	for i, c := range structured.Cells(v) {
		out[i] = c.Null
	}
	return out
}

// DropNulls returns the rows that hold no null in the given columns
// (every column when subset is empty), keeping their index labels: Polars'
// drop_nulls(subset). With WithHow(DropAll) it drops only the rows null in
// every one of the columns, as pandas' dropna(how="all"). A null list,
// map or structure counts as null; an empty list does not, nor a
// structure whose fields are null (name the nested field, "user.name", to
// drop on it). Selectors (ColsByType, a ^pattern$) name several columns.
// An unknown column is an ErrColumn error.
func (f *Frame) DropNulls(subset []string, opts ...DropOption) *Frame {
	const op = "DropNulls"
	if f.Err() != nil {
		return f
	}
	how, err := dropHowOf(op, opts)
	if err != nil {
		return failed(err)
	}
	refs, err := f.expandRefs(op, subset)
	if err != nil {
		return failed(err)
	}
	if len(subset) > 0 && len(refs) == 0 {
		// Not every column, which no column given would mean.
		return failed(errorf(op, ErrColumn, "the selectors name no column"))
	}
	var cols []structured.Value
	if len(refs) == 0 {
		for _, fv := range f.data.Fields() {
			cols = append(cols, fv.Value)
		}
	}
	for _, ref := range refs {
		_, v, err := f.column(op, ref)
		if err != nil {
			return failed(err)
		}
		if v.Rank() < 1 || v.NumRows() != f.data.NumRows() {
			return failed(errorf(op, ErrShape, "column %q does not have one value per row", displayPath(ref)))
		}
		cols = append(cols, v)
	}
	missing := make([][]bool, len(cols))
	for k, v := range cols {
		missing[k] = nullsRows(v)
	}
	return f.dropRows(op, missing, how)
}

// FillNull replaces the nulls of scalar columns by a value.
//
// With a scalar (a Go integer, float, string or bool), every top-level
// scalar column of a kind that takes it is filled: integers fill integer
// and float columns, floats fill float columns (and integer columns when
// integral), strings fill string columns (string, large_string,
// string_view and dictionaries of strings), bools bool columns; other
// columns are left as they are, as pandas' fillna(0) leaves a text column.
//
// With a map[string]any from column references (top-level or dotted paths
// to nested leaves) to values, each named column is filled with its value;
// a value its column cannot hold exactly (a string for an int64 column,
// 1.5 or 300 for an int8 column), a list, struct or map column, or a leaf
// type FillNull does not write (dates, timestamps, decimals) is an ErrType
// error naming the column, an unknown column an ErrColumn error.
//
// Columns without nulls are shared, not copied; a filled column is a new
// array of the column's type, without a validity bitmap. FillNullWith
// fills by a strategy instead (forward, backward, the mean, ...).
func (f *Frame) FillNull(value any) *Frame {
	const op = "FillNull"
	if f.Err() != nil {
		return f
	}
	if value == nil {
		return failed(errorf(op, ErrArgument, "nil fill value"))
	}
	var updates []structured.Update
	if m, ok := value.(map[string]any); ok {
		refs := make([]string, 0, len(m))
		for ref := range m {
			refs = append(refs, ref)
		}
		slices.Sort(refs) // errors do not depend on map order
		for _, ref := range refs {
			path, v, err := f.column(op, ref)
			if err != nil {
				return failed(err)
			}
			if m[ref] == nil {
				return failed(errorf(op, ErrArgument, "nil fill value for column %q", displayPath(ref)))
			}
			nv, err := nullsFill(v, m[ref], nullsParents(f.data, path))
			if err != nil {
				return failed(errorf(op, ErrType, "column %q: %v", displayPath(ref), err))
			}
			if nv != v {
				updates = append(updates, structured.SetField(nv, path...))
			}
		}
	} else {
		if _, err := nullsGoKind(value); err != nil {
			return failed(errorf(op, ErrType, "%v", err))
		}
		for _, fv := range f.data.Fields() {
			d, ok := fv.Value.(*structured.Dense)
			if !ok || d.Rank() != 1 || !nullsTakes(d.DataType(), value) {
				continue
			}
			nv, err := nullsFill(d, value, nil)
			if err != nil {
				return failed(errorf(op, ErrType, "column %q: %v", fv.Name, err))
			}
			if nv != fv.Value {
				updates = append(updates, structured.SetField(nv, fv.Name))
			}
		}
	}
	if len(updates) == 0 {
		return f
	}
	t, err := f.data.WithUpdates(updates...)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, f.idx)
}

// nullsKind is the kind of a fill value.
type nullsKind uint8

const (
	nullsInt nullsKind = iota
	nullsUint
	nullsFloat
	nullsString
	nullsBool
)

// nullsGoKind classifies a Go fill value.
func nullsGoKind(v any) (nullsKind, error) {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return nullsInt, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return nullsUint, nil
	case reflect.Float32, reflect.Float64:
		return nullsFloat, nil
	case reflect.String:
		return nullsString, nil
	case reflect.Bool:
		return nullsBool, nil
	}
	return 0, fmt.Errorf("fill value %v of type %T is not a number, string or bool", v, v)
}

// nullsTakes reports whether a column of type dt is one a broadcast
// scalar fills.
func nullsTakes(dt arrow.DataType, v any) bool {
	k, _ := nullsGoKind(v)
	switch f := dtype.Of(dt); {
	case f.Integer():
		if k == nullsFloat {
			f := reflect.ValueOf(v).Float()
			return f == math.Trunc(f)
		}
		return k == nullsInt || k == nullsUint
	case f.Class == dtype.ClassFloat:
		return k == nullsInt || k == nullsUint || k == nullsFloat
	case f.Class == dtype.ClassString:
		return k == nullsString
	case f.Class == dtype.ClassDictionary:
		return k == nullsString && nullsStringDict(dt)
	case f.Class == dtype.ClassBool:
		return k == nullsBool
	case f.Class == dtype.ClassNull:
		return true
	}
	return false
}

// nullsParents returns which rows of the leaf at path lie in a null
// structure (nil when none does): those stay null when it is filled.
func nullsParents(t *structured.Tensor, path []string) []bool {
	var out []bool
	for k := 1; k < len(path); k++ {
		v, err := t.Field(path[:k]...)
		p, ok := v.(*structured.Tensor)
		if err != nil || !ok || p.Rank() != 1 || p.NullN() == 0 {
			continue
		}
		if out == nil {
			out = make([]bool, p.NumRows())
		}
		for i := range out {
			out[i] = out[i] || p.IsNull(i)
		}
	}
	return out
}

// nullsFill returns v with its null items replaced by fill converted to
// v's type, or v itself when it has no null. Items where parentNull is
// true stay null.
func nullsFill(v structured.Value, fill any, parentNull []bool) (structured.Value, error) {
	d, ok := v.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return nil, fmt.Errorf("FillNull takes scalar columns, not shape %s", v.Shape())
	}
	if d.NullN() == 0 && d.DataType().ID() != arrow.NULL {
		return d, nil
	}
	kind, err := nullsGoKind(fill)
	if err != nil {
		return nil, err
	}
	rv := reflect.ValueOf(fill)
	dt := d.DataType()
	valid := d.Validity()
	isNull := func(i int) bool { return valid.IsNull(i) }
	if dt.ID() == arrow.NULL {
		isNull = func(int) bool { return true }
	}
	// fillAt says where fill goes: null items outside null structures.
	fillAt := isNull
	if parentNull != nil {
		fillAt = func(i int) bool { return isNull(i) && !parentNull[i] }
	}
	var arr arrow.Array
	switch f := dtype.Of(dt); {
	case f.Class == dtype.ClassString || f.Class == dtype.ClassDictionary:
		if kind != nullsString || f.Class == dtype.ClassDictionary && !nullsStringDict(dt) {
			return nil, fmt.Errorf("cannot fill %s with %v (%T)", dt, fill, fill)
		}
		arr, err = nullsFillStrings(d, rv.String(), fillAt)
	case f.Class == dtype.ClassBool:
		if kind != nullsBool {
			return nil, fmt.Errorf("cannot fill %s with %v (%T)", dt, fill, fill)
		}
		arr, err = nullsFillBools(d, rv.Bool(), fillAt)
	case f.Class == dtype.ClassNull:
		arr, err = nullsFillAllNull(d.Size(), kind, rv, fillAt)
	case f.Integer() || f.Class == dtype.ClassFloat:
		arr, err = nullsFillNumbers(d, f, kind, rv, fillAt)
	default:
		return nil, fmt.Errorf("FillNull does not write type %s", dt)
	}
	if err != nil {
		return nil, err
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// nullsFillNumbers fills a leaf of integers or floats (facts f) with a
// number: the fill is turned into the bits of one item of the leaf's
// type, then written by the kernel of the type's width.
func nullsFillNumbers(d *structured.Dense, f dtype.Facts, kind nullsKind, rv reflect.Value, fillAt func(int) bool) (arrow.Array, error) {
	var bits uint64
	var err error
	if f.Integer() {
		bits, err = nullsIntBits(d.DataType(), f, kind, rv)
	} else {
		bits, err = nullsFloatBits(d.DataType(), f, kind, rv)
	}
	if err != nil {
		return nil, err
	}
	switch f.Width {
	case 1:
		return nullsFillFixed(d, uint8(bits), fillAt)
	case 2:
		return nullsFillFixed(d, uint16(bits), fillAt)
	case 4:
		return nullsFillFixed(d, uint32(bits), fillAt)
	case 8:
		return nullsFillFixed(d, bits, fillAt)
	}
	return nil, fmt.Errorf("FillNull does not write type %s", d.DataType())
}

// nullsIntBits is the item of an integer type (facts f) holding the fill
// exactly: an integer, or an integral float, in the type's range.
func nullsIntBits(dt arrow.DataType, f dtype.Facts, kind nullsKind, rv reflect.Value) (uint64, error) {
	bits := 8 * f.Width
	signed := f.Class == dtype.ClassSigned
	// The type's range: [lo, hi], and as floats [lo, hiEx).
	lo, hi := int64(0), uint64(math.MaxUint64)>>(64-bits)
	if signed {
		lo, hi = -1<<(bits-1), 1<<(bits-1)-1
	}
	switch kind {
	case nullsInt:
		x := rv.Int()
		if x < lo || x > 0 && uint64(x) > hi {
			return 0, fmt.Errorf("%d does not fit %s", x, dt)
		}
		return uint64(x), nil
	case nullsUint:
		x := rv.Uint()
		if x > hi {
			return 0, fmt.Errorf("%d does not fit %s", x, dt)
		}
		return x, nil
	case nullsFloat:
		x := rv.Float()
		hiEx := math.Ldexp(1, bits) // 2^bits: exact as a float64
		if signed {
			hiEx /= 2
		}
		if x != math.Trunc(x) || x < float64(lo) || x >= hiEx {
			return 0, fmt.Errorf("%v is not an integer %s holds", x, dt)
		}
		if signed || x < math.MaxInt64 {
			return uint64(int64(x)), nil
		}
		return uint64(x), nil
	}
	return 0, fmt.Errorf("cannot fill %s with %v (%s)", dt, rv.Interface(), rv.Type())
}

// nullsFloatBits is the item of a float type (facts f) nearest the fill,
// a number: converted straight to the type, as a Go conversion rounds.
func nullsFloatBits(dt arrow.DataType, f dtype.Facts, kind nullsKind, rv reflect.Value) (uint64, error) {
	if kind != nullsInt && kind != nullsUint && kind != nullsFloat {
		return 0, fmt.Errorf("cannot fill %s with %v (%s)", dt, rv.Interface(), rv.Type())
	}
	if f.Width == 8 {
		return math.Float64bits(nullsAsFloat[float64](kind, rv)), nil
	}
	x := nullsAsFloat[float32](kind, rv)
	if f.Width == 2 {
		return uint64(float16.New(x).Uint16()), nil
	}
	return uint64(math.Float32bits(x)), nil
}

// nullsAsFloat converts a number fill to T.
func nullsAsFloat[T float32 | float64](kind nullsKind, rv reflect.Value) T {
	switch kind {
	case nullsInt:
		return T(rv.Int())
	case nullsUint:
		return T(rv.Uint())
	}
	return T(rv.Float())
}

// nullsFillFixed copies a fixed-width leaf's items, read as unsigned
// integers of their width, with fill at the null items, into a new array
// of the same type without validity.
func nullsFillFixed[T uint8 | uint16 | uint32 | uint64](d *structured.Dense, fill T, fillAt func(int) bool) (arrow.Array, error) {
	out := make([]T, d.Size())
	copy(out, dtype.Values[T](d.Values().Data()))
	valid := d.Validity()
	var bits []byte
	nulls := 0
	for i := range out {
		if fillAt(i) {
			out[i] = fill
		} else if valid.IsNull(i) {
			if bits == nil {
				bits = exprBitsAll(len(out))
			}
			bits[i/8] &^= 1 << (i % 8)
			nulls++
		}
	}
	var vbuf *memory.Buffer
	if bits != nil {
		vbuf = memory.NewBufferBytes(bits)
	}
	data := array.NewData(d.DataType(), len(out), []*memory.Buffer{vbuf, memory.NewBufferBytes(arrow.GetBytes(out))}, nil, nulls, 0)
	defer data.Release()
	return array.MakeFromData(data), nil
}

// nullsFillStrings fills a leaf of strings: string, large_string,
// string_view or a dictionary of strings.
func nullsFillStrings(d *structured.Dense, fill string, fillAt func(int) bool) (arrow.Array, error) {
	vals, err := d.Strings()
	if err != nil {
		return nil, err
	}
	var b interface {
		array.Builder
		Append(string)
		AppendNull()
	}
	switch nb := array.NewBuilder(memory.DefaultAllocator, d.DataType()); x := nb.(type) {
	case interface {
		array.Builder
		Append(string)
	}:
		b = x // string, large_string, string_view
	default:
		db, ok := nb.(*array.BinaryDictionaryBuilder)
		if !ok {
			nb.Release()
			return nil, fmt.Errorf("FillNull does not write type %s", d.DataType())
		}
		b = nullsDictBuilder{db}
	}
	return nullsFillBuilt(b, vals, d.Validity(), fill, fillAt), nil
}

// nullsStringDict reports a dictionary of strings that Arrow's dictionary
// builder writes: its values are strings with 32-bit offsets.
func nullsStringDict(dt arrow.DataType) bool {
	v := dtype.ValueFacts(dt)
	return v.Class == dtype.ClassString && v.Storage == dtype.StorageOffsets32
}

// nullsDictBuilder appends strings to a dictionary builder (a string is
// always a valid dictionary value, so AppendString cannot fail).
type nullsDictBuilder struct{ *array.BinaryDictionaryBuilder }

func (b nullsDictBuilder) Append(s string) { _ = b.AppendString(s) }

// nullsFillBools fills a bool leaf.
func nullsFillBools(d *structured.Dense, fill bool, fillAt func(int) bool) (arrow.Array, error) {
	vals, err := d.Bools()
	if err != nil {
		return nil, err
	}
	return nullsFillBuilt(array.NewBooleanBuilder(memory.DefaultAllocator), vals, d.Validity(), fill, fillAt), nil
}

// nullsFillBuilt builds, with b (which it releases), vals with fill where
// fillAt says and null at the other null items: the fill of the leaf types
// that are not a fixed-width buffer (strings, bools).
func nullsFillBuilt[T any](b interface {
	array.Builder
	Append(T)
	AppendNull()
}, vals []T, valid structured.Bitmap, fill T, fillAt func(int) bool) arrow.Array {
	defer b.Release()
	for i, x := range vals {
		switch {
		case fillAt(i):
			b.Append(fill)
		case valid.IsNull(i):
			b.AppendNull()
		default:
			b.Append(x)
		}
	}
	return b.NewArray()
}

// nullsFillAllNull fills a column of Arrow type Null (only nulls), which
// takes the type of the fill value: int64, uint64, float64, string or bool.
func nullsFillAllNull(n int, kind nullsKind, rv reflect.Value, fillAt func(int) bool) (arrow.Array, error) {
	mem := memory.DefaultAllocator
	var valid []bool
	for i := range n {
		if !fillAt(i) {
			if valid == nil {
				valid = make([]bool, n)
				for j := range valid {
					valid[j] = true
				}
			}
			valid[i] = false
		}
	}
	switch kind {
	case nullsInt:
		return nullsRepeat(array.NewInt64Builder(mem), rv.Int(), n, valid), nil
	case nullsUint:
		return nullsRepeat(array.NewUint64Builder(mem), rv.Uint(), n, valid), nil
	case nullsFloat:
		return nullsRepeat(array.NewFloat64Builder(mem), rv.Float(), n, valid), nil
	case nullsString:
		return nullsRepeat(array.NewStringBuilder(mem), rv.String(), n, valid), nil
	default:
		return nullsRepeat(array.NewBooleanBuilder(mem), rv.Bool(), n, valid), nil
	}
}

// nullsRepeat builds, with b (which it releases), n copies of fill, null
// where valid is false (valid nil: none null).
func nullsRepeat[T any](b interface {
	array.Builder
	AppendValues([]T, []bool)
}, fill T, n int, valid []bool) arrow.Array {
	vals := make([]T, n)
	for i := range vals {
		vals[i] = fill
	}
	return buildArray(b, vals, valid)
}
