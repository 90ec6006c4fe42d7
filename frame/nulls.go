package frame

import (
	"fmt"
	"math"
	"reflect"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
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

// DropNulls returns the rows that hold no null in the given columns (every
// column when none is given), keeping their index labels. A null list,
// map or structure counts as null; an empty list does not, nor a structure
// whose fields are null (name the nested field, "user.name", to drop on
// it). An unknown column is an ErrColumn error.
func (f *Frame) DropNulls(refs ...string) *Frame {
	const op = "DropNulls"
	if f.Err() != nil {
		return f
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
	n := f.data.NumRows()
	drop := make([]bool, n)
	dropped := false
	for _, v := range cols {
		for i, null := range nullsRows(v) {
			if null {
				drop[i], dropped = true, true
			}
		}
	}
	if !dropped {
		return f
	}
	keep := make([]int, 0, n)
	for i, d := range drop {
		if !d {
			keep = append(keep, i)
		}
	}
	return f.take(op, keep)
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
// array of the column's type, without a validity bitmap.
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
	switch dt.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		if k == nullsFloat {
			f := reflect.ValueOf(v).Float()
			return f == math.Trunc(f)
		}
		return k == nullsInt || k == nullsUint
	case arrow.FLOAT32, arrow.FLOAT64:
		return k == nullsInt || k == nullsUint || k == nullsFloat
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW:
		return k == nullsString
	case arrow.DICTIONARY:
		return k == nullsString && nullsStringDict(dt)
	case arrow.BOOL:
		return k == nullsBool
	case arrow.NULL:
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
	switch dt.ID() {
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW, arrow.DICTIONARY:
		if kind != nullsString || dt.ID() == arrow.DICTIONARY && !nullsStringDict(dt) {
			return nil, fmt.Errorf("cannot fill %s with %v (%T)", dt, fill, fill)
		}
		arr, err = nullsFillStrings(d, rv.String(), fillAt)
	case arrow.BOOL:
		if kind != nullsBool {
			return nil, fmt.Errorf("cannot fill %s with %v (%T)", dt, fill, fill)
		}
		arr, err = nullsFillBools(d, rv.Bool(), fillAt)
	case arrow.NULL:
		arr, err = nullsFillAllNull(d.Size(), kind, rv, fillAt)
	default:
		fillNumbers, ok := nullsFillNumbers[dt.ID()]
		if !ok {
			return nil, fmt.Errorf("FillNull does not write type %s", dt)
		}
		arr, err = fillNumbers(d, kind, rv, fillAt)
	}
	if err != nil {
		return nil, err
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// nullsFillNumbers fills a leaf of each integer and float type.
var nullsFillNumbers = map[arrow.Type]func(d *structured.Dense, kind nullsKind, rv reflect.Value, fillAt func(int) bool) (arrow.Array, error){
	arrow.INT8:    nullsFillInt[int8],
	arrow.INT16:   nullsFillInt[int16],
	arrow.INT32:   nullsFillInt[int32],
	arrow.INT64:   nullsFillInt[int64],
	arrow.UINT8:   nullsFillInt[uint8],
	arrow.UINT16:  nullsFillInt[uint16],
	arrow.UINT32:  nullsFillInt[uint32],
	arrow.UINT64:  nullsFillInt[uint64],
	arrow.FLOAT32: nullsFillFloat[float32],
	arrow.FLOAT64: nullsFillFloat[float64],
}

// nullsFillFixed copies a fixed-width leaf's values with fill at the null
// items, into a new array of the same type without validity.
func nullsFillFixed[T arrow.FixedWidthType](d *structured.Dense, fill T, fillAt func(int) bool) (arrow.Array, error) {
	vals, err := structured.Values[T](d)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(vals)
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

type nullsInteger interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// nullsFillInt fills an integer leaf with an integer, or an integral
// float, that its type holds exactly.
func nullsFillInt[T interface {
	arrow.FixedWidthType
	nullsInteger
}](d *structured.Dense, kind nullsKind, rv reflect.Value, fillAt func(int) bool) (arrow.Array, error) {
	var fill T
	switch kind {
	case nullsInt:
		x := rv.Int()
		fill = T(x)
		if int64(fill) != x || (x < 0) != (fill < 0) {
			return nil, fmt.Errorf("%d does not fit %s", x, d.DataType())
		}
	case nullsUint:
		x := rv.Uint()
		fill = T(x)
		if uint64(fill) != x || fill < 0 {
			return nil, fmt.Errorf("%d does not fit %s", x, d.DataType())
		}
	case nullsFloat:
		x := rv.Float()
		fill = T(x)
		if x != math.Trunc(x) || float64(fill) != x {
			return nil, fmt.Errorf("%v is not an integer %s holds", x, d.DataType())
		}
	default:
		return nil, fmt.Errorf("cannot fill %s with %v (%s)", d.DataType(), rv.Interface(), rv.Type())
	}
	return nullsFillFixed(d, fill, fillAt)
}

// nullsFillFloat fills a float leaf with a number.
func nullsFillFloat[T float32 | float64](d *structured.Dense, kind nullsKind, rv reflect.Value, fillAt func(int) bool) (arrow.Array, error) {
	var fill T
	switch kind {
	case nullsInt:
		fill = T(rv.Int())
	case nullsUint:
		fill = T(rv.Uint())
	case nullsFloat:
		fill = T(rv.Float())
	default:
		return nil, fmt.Errorf("cannot fill %s with %v (%s)", d.DataType(), rv.Interface(), rv.Type())
	}
	return nullsFillFixed(d, fill, fillAt)
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
	switch dt := d.DataType(); dt.ID() {
	case arrow.LARGE_STRING:
		b = array.NewLargeStringBuilder(memory.DefaultAllocator)
	case arrow.STRING_VIEW:
		b = array.NewStringViewBuilder(memory.DefaultAllocator)
	case arrow.DICTIONARY:
		db, ok := array.NewDictionaryBuilder(memory.DefaultAllocator, dt.(*arrow.DictionaryType)).(*array.BinaryDictionaryBuilder)
		if !ok {
			return nil, fmt.Errorf("FillNull does not write type %s", dt)
		}
		b = nullsDictBuilder{db}
	default:
		b = array.NewStringBuilder(memory.DefaultAllocator)
	}
	return nullsFillBuilt(b, vals, d.Validity(), fill, fillAt), nil
}

// nullsStringDict reports a dictionary of strings.
func nullsStringDict(dt arrow.DataType) bool {
	id := dt.(*arrow.DictionaryType).ValueType.ID()
	return id == arrow.STRING || id == arrow.LARGE_STRING
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
