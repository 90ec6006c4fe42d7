package frame

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/structured"
)

// Conversion to and from gota (github.com/go-gota/gota v0.12.0).
//
// gota holds four element types (int, float64, bool, string) and one NA
// flag per element. Both ways keep every value gota can hold, its type,
// its NA/null state and the column order:
//
//	gota        frame
//	Int         int64
//	Float       float64 (NA ↔ null)
//	Bool        bool
//	String      string
//
// What gota cannot hold is converted by rule, and said here rather than
// lost in silence:
//   - every integer width becomes int (unsigned values above MaxInt64 are
//     an error naming the column), float32 and float16 become float64;
//   - a float NaN becomes NA (gota has no NaN apart from NA), so it comes
//     back as null; a string "NaN" becomes NA too (gota's rule);
//   - dates, timestamps, durations, decimals and other leaf types become
//     their text (RFC 3339 for times, the exact digits for decimals);
//   - a non-range index becomes leading columns (ResetIndex);
//   - nested structures become dotted columns ("recipe.title"); lists and
//     maps become JSON text (a map's keys sorted, as encoding/json writes),
//     or, for one list column, rows (GotaExplode).
//
// FromGota with GotaSchema(spec) undoes all of it: the dotted columns are
// nested again, the JSON text is parsed back into lists, and every leaf
// gets the Spec's type (int32, timestamps, decimals ...).

// GotaOption changes how ToGota and FromGota convert.
type GotaOption func(*gotaOptions)

type gotaOptions struct {
	schema  *structured.Spec
	explode string // the list column written as exploded rows, or ""
	sep     string
}

// Names of the columns GotaExplode adds: the row each exploded row comes
// from, and the item's position in its list (-1 for an empty list, NA for
// a null one).
const (
	GotaRowColumn      = "_row_"
	GotaPositionColumn = "_pos_"
)

// GotaExplode writes the list column col as rows instead of JSON text:
// one gota row per item (Explode), its structure's fields as dotted
// columns, with the columns _row_ (the row it comes from) and _pos_ (its
// position: -1 for an empty list, NA for a null list), so the flat table
// reads like a SQL join of parent and child rows. Given to FromGota with
// GotaSchema, it groups the rows back into lists (NestPositions), empty and
// null lists included. Other list columns stay JSON text.
func GotaExplode(col string) GotaOption {
	return func(o *gotaOptions) { o.explode = col }
}

// GotaSchema gives FromGota the Spec to rebuild: the Spec of the Frame
// that ToGota converted (Frame.Schema), so the nesting, the lists and the
// leaf types come back.
func GotaSchema(spec *structured.Spec) GotaOption {
	return func(o *gotaOptions) { o.schema = spec }
}

func gotaConfig(opts []GotaOption) gotaOptions {
	o := gotaOptions{sep: pathSep}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// FromGota makes a Frame of a gota DataFrame: one column per gota column,
// in gota's order, NA as null (see the table above). A DataFrame that
// carries an error gives a Frame that carries it.
func FromGota(df dataframe.DataFrame, opts ...GotaOption) *Frame {
	const op = "FromGota"
	if df.Err != nil {
		return failed(errorf(op, ErrArgument, "the gota DataFrame carries an error: %v", df.Err))
	}
	names := df.Names()
	cols := make([]any, len(names))
	for i, name := range names {
		v, err := gotaColumn(df.Col(name))
		if err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", name, err))
		}
		cols[i] = v
	}
	f := FromColumns(names, cols...)
	if f.Err() != nil {
		return failed(wrap(op, f.Err()))
	}
	o := gotaConfig(opts)
	switch {
	case o.schema != nil && o.explode != "":
		return f.gotaImplode(op, o)
	case o.schema != nil:
		return f.gotaRestore(op, o)
	case o.explode != "":
		return failed(errorf(op, ErrArgument, "GotaExplode needs GotaSchema to rebuild the lists"))
	}
	return f
}

// gotaColumn converts one gota series column-wise: its typed slice (NA as
// NaN or zero) and its NA flags become an Arrow array with validity.
func gotaColumn(s series.Series) (structured.Value, error) {
	n := s.Len()
	na := s.IsNaN()
	valid := make([]bool, n)
	for i, isNA := range na {
		valid[i] = !isNA
	}
	mem := memory.DefaultAllocator
	var arr arrow.Array
	switch s.Type() {
	case series.Float:
		arr = buildArray(array.NewFloat64Builder(mem), s.Float(), valid)
	case series.Int:
		vals, err := gotaElems(s, valid, func(e series.Element) (int64, error) {
			v, err := e.Int()
			return int64(v), err
		})
		if err != nil {
			return nil, err
		}
		arr = buildArray(array.NewInt64Builder(mem), vals, valid)
	case series.Bool:
		vals, err := gotaElems(s, valid, series.Element.Bool)
		if err != nil {
			return nil, err
		}
		arr = buildArray(array.NewBooleanBuilder(mem), vals, valid)
	case series.String:
		vals := s.Records()
		for i := range vals {
			if !valid[i] {
				vals[i] = ""
			}
		}
		arr = buildArray(array.NewStringBuilder(mem), vals, valid)
	default:
		return nil, fmt.Errorf("gota type %q is not one of int, float, bool, string", s.Type())
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// gotaElems reads the valid elements of a gota series with get (the zero
// value at NA), naming the row of an element get refuses.
func gotaElems[T any](s series.Series, valid []bool, get func(series.Element) (T, error)) ([]T, error) {
	vals := make([]T, len(valid))
	for i := range vals {
		if valid[i] {
			v, err := get(s.Elem(i))
			if err != nil {
				return nil, fmt.Errorf("row %d: %v", i, err)
			}
			vals[i] = v
		}
	}
	return vals, nil
}

// ToGota converts the Frame to a gota DataFrame (see the table above for
// what each type becomes). The error names the column that cannot be
// converted.
func (f *Frame) ToGota(opts ...GotaOption) (dataframe.DataFrame, error) {
	const op = "ToGota"
	if err := f.Err(); err != nil {
		return dataframe.DataFrame{}, err
	}
	flat := f.gotaFlat(op, gotaConfig(opts))
	if err := flat.Err(); err != nil {
		return dataframe.DataFrame{}, err
	}
	cols := make([]series.Series, 0, flat.NumColumns())
	for name, v := range flat.data.FieldsSeq() {
		s, err := gotaSeries(name, v)
		if err != nil {
			return dataframe.DataFrame{}, errorf(op, ErrType, "column %q: %v", name, err)
		}
		cols = append(cols, s)
	}
	df := dataframe.New(cols...)
	if df.Err != nil {
		return dataframe.DataFrame{}, errorf(op, ErrArgument, "gota: %v", df.Err)
	}
	return df, nil
}

// gotaSeries converts one flat leaf column: typed slices when there are no
// nulls, []any with nil for nulls otherwise (gota's only way to write NA).
func gotaSeries(name string, v structured.Value) (series.Series, error) {
	d, ok := v.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return series.Series{}, fmt.Errorf("the column is not flat (rank %d)", v.Rank())
	}
	arr := d.Values()
	n := arr.Len()
	nulls := arr.NullN() > 0
	switch a := arr.(type) {
	case *array.Float64:
		return gotaFloats(name, n, nulls, a.IsNull, func(i int) float64 { return a.Value(i) }), nil
	case *array.Float32:
		return gotaFloats(name, n, nulls, a.IsNull, func(i int) float64 { return float64(a.Value(i)) }), nil
	case *array.Float16:
		return gotaFloats(name, n, nulls, a.IsNull, func(i int) float64 { return float64(a.Value(i).Float32()) }), nil
	case *array.Int64:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Int32:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Int16:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Int8:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Uint64:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { x := a.Value(i); return int(x), x <= math.MaxInt64 })
	case *array.Uint32:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Uint16:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Uint8:
		return gotaInts(name, n, nulls, a.IsNull, func(i int) (int, bool) { return int(a.Value(i)), true })
	case *array.Boolean:
		if !nulls {
			vals := make([]bool, n)
			for i := range vals {
				vals[i] = a.Value(i)
			}
			return series.New(vals, series.Bool, name), nil
		}
		vals := make([]any, n)
		for i := range vals {
			if a.IsValid(i) {
				vals[i] = a.Value(i)
			}
		}
		return series.New(vals, series.Bool, name), nil
	}
	// Strings and every other leaf type: text, null as NA.
	strs, err := gotaTexts(d)
	if err != nil {
		return series.Series{}, err
	}
	if !nulls {
		return series.New(strs, series.String, name), nil
	}
	vals := make([]any, n)
	for i := range vals {
		if !d.IsNull(i) {
			vals[i] = strs[i]
		}
	}
	return series.New(vals, series.String, name), nil
}

func gotaFloats(name string, n int, nulls bool, isNull func(int) bool, at func(int) float64) series.Series {
	vals := make([]float64, n)
	for i := range vals {
		if nulls && isNull(i) {
			vals[i] = math.NaN()
			continue
		}
		vals[i] = at(i)
	}
	return series.New(vals, series.Float, name)
}

func gotaInts(name string, n int, nulls bool, isNull func(int) bool, at func(int) (int, bool)) (series.Series, error) {
	if !nulls {
		vals := make([]int, n)
		for i := range vals {
			v, ok := at(i)
			if !ok {
				return series.Series{}, fmt.Errorf("row %d: value does not fit gota's int", i)
			}
			vals[i] = v
		}
		return series.New(vals, series.Int, name), nil
	}
	vals := make([]any, n)
	for i := range vals {
		if isNull(i) {
			continue
		}
		v, ok := at(i)
		if !ok {
			return series.Series{}, fmt.Errorf("row %d: value does not fit gota's int", i)
		}
		vals[i] = v
	}
	return series.New(vals, series.Int, name), nil
}

// gotaTexts renders a leaf column as text: strings as they are, times in
// RFC 3339, decimals exactly, other types as Go prints their value.
func gotaTexts(d *structured.Dense) ([]string, error) {
	if strs, err := d.Strings(); err == nil {
		return strs, nil
	}
	n := d.Size()
	out := make([]string, n)
	for i := range out {
		if d.IsNull(i) {
			continue
		}
		switch x := d.Item(i).(type) {
		case time.Time:
			out[i] = x.Format(time.RFC3339Nano)
		case arrow.Date32:
			out[i] = x.FormattedString()
		case []byte:
			out[i] = string(x)
		default:
			out[i] = fmt.Sprint(x)
		}
	}
	return out, nil
}

// gotaFlat makes the flat frame ToGota writes: the index as leading
// columns, structures as dotted columns, lists as JSON text.
func (f *Frame) gotaFlat(op string, o gotaOptions) *Frame {
	if f.idx.NumLevels() > 0 {
		if f = f.ResetIndex(); f.Err() != nil {
			return failed(wrap(op, f.Err()))
		}
	}
	if o.explode != "" {
		if f = f.gotaExplode(op, o.explode); f.Err() != nil {
			return f
		}
	}
	if f = f.Flatten(WithSeparator(o.sep)); f.Err() != nil {
		return failed(wrap(op, f.Err()))
	}
	fields := f.data.Fields()
	for i, fv := range fields {
		switch v := fv.Value.(type) {
		case *structured.Dense:
			if v.Rank() == 1 {
				continue
			}
		}
		text, err := gotaJSONText(fv.Value)
		if err != nil {
			return failed(errorf(op, ErrType, "column %q: %v", fv.Name, err))
		}
		fields[i].Value = text
	}
	return f.withColumns(op, fields)
}

// gotaJSONText renders each row of a list column as its JSON text (null
// for a null list).
func gotaJSONText(v structured.Value) (structured.Value, error) {
	rows, _ := v.ToValue().([]any)
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.Reserve(len(rows))
	for _, r := range rows {
		if r == nil {
			b.AppendNull()
			continue
		}
		text, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		b.BinaryBuilder.Append(text)
	}
	arr := b.NewArray()
	defer arr.Release()
	return structured.NewDense(arr)
}

// gotaRestore gives a frame read from gota the types, lists and nesting of
// the Spec it was written from: each leaf path of the Spec is read from its
// dotted column (JSON text when a list lies on the path) against the
// leaf's type, and the structures are built again from their leaves as the
// Spec says (a null structure comes back as a structure of null leaves,
// as Flatten left it).
func (f *Frame) gotaRestore(op string, o gotaOptions) *Frame {
	spec := o.schema
	if len(spec.Shape) != 1 {
		return failed(errorf(op, ErrArgument, "GotaSchema needs the Spec of a frame (rank 1), got rank %d", len(spec.Shape)))
	}
	var build func(prefix string, fs structured.FieldSpec, dims structured.Shape) (structured.Value, error)
	build = func(prefix string, fs structured.FieldSpec, dims structured.Shape) (structured.Value, error) {
		name := prefix + fs.Name
		dims = append(slices.Clone(dims), fs.Dims...)
		if fs.IsStruct() && !fs.Map && len(fs.Fields) > 0 {
			children := make([]structured.FieldValue, len(fs.Fields))
			for k, child := range fs.Fields {
				v, err := build(name+o.sep, child, dims)
				if err != nil {
					return nil, err
				}
				children[k] = structured.FieldValue{Name: child.Name, Value: v}
			}
			t, err := structured.FromFields(children, 1+len(dims))
			if err != nil {
				return nil, errorf(op, ErrType, "structure %q: %v", name, err)
			}
			return t, nil
		}
		_, col, err := f.column(op, Path(name))
		if err != nil {
			return nil, err
		}
		leaf := fs
		leaf.Name, leaf.Dims, leaf.Nullable = "v", dims, true
		v, err := gotaLeaf(col, leaf, len(dims) > 0 || fs.Map || fs.IsStruct())
		if err != nil {
			return nil, errorf(op, ErrType, "column %q: %v", name, err)
		}
		return v, nil
	}
	fields := make([]structured.FieldValue, len(spec.Fields))
	for i, fs := range spec.Fields {
		v, err := build("", fs, nil)
		if err != nil {
			return failed(err)
		}
		fields[i] = structured.FieldValue{Name: fs.Name, Value: v}
	}
	return f.withColumns(op, fields)
}

// gotaLeaf converts one column read from gota to the type of leaf (named
// "v"): JSON text is parsed first when the leaf holds lists or maps.
func gotaLeaf(col structured.Value, leaf structured.FieldSpec, jsonText bool) (structured.Value, error) {
	vals, _ := col.ToValue().([]any)
	records := make([]any, len(vals))
	for i, v := range vals {
		if jsonText && v != nil {
			text, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("row %d: want JSON text, got %T", i, v)
			}
			d := json.NewDecoder(strings.NewReader(text))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				return nil, fmt.Errorf("row %d: %v", i, err)
			}
		}
		records[i] = map[string]any{"v": v}
	}
	t, err := structured.FromValueSpec(records, &structured.Spec{Shape: structured.Shape{len(vals)}, Fields: []structured.FieldSpec{leaf}})
	if err != nil {
		return nil, err
	}
	return t.Field("v")
}

// gotaExplode adds the row number and explodes col with positions.
func (f *Frame) gotaExplode(op, col string) *Frame {
	rows := make([]int64, f.NumRows())
	for i := range rows {
		rows[i] = int64(i)
	}
	v, err := fixedColumn(rows, arrow.PrimitiveTypes.Int64)
	if err != nil {
		return failed(wrap(op, err))
	}
	if f.data.HasField(GotaRowColumn) {
		return failed(errorf(op, ErrDuplicate, "GotaExplode adds the column %q, which the frame has", GotaRowColumn))
	}
	fields := append([]structured.FieldValue{{Name: GotaRowColumn, Value: v}}, f.data.Fields()...)
	g := f.withColumns(op, fields)
	if g.Err() != nil {
		return g
	}
	return g.Explode([]string{col}, WithPosition(GotaPositionColumn))
}

// gotaImplode reads what ToGota wrote with GotaExplode: it restores the
// exploded frame's types (the list column as its items, _row_ and _pos_
// as int64), nests the items back into lists by _row_ with their
// positions, and takes the other columns from each row's first line.
func (f *Frame) gotaImplode(op string, o gotaOptions) *Frame {
	spec, col := o.schema, o.explode
	at := slices.IndexFunc(spec.Fields, func(fs structured.FieldSpec) bool { return fs.Name == col })
	if at < 0 || len(spec.Fields[at].Dims) == 0 || spec.Fields[at].Map {
		return failed(errorf(op, ErrColumn, "GotaExplode column %q is not a list column of the Spec", col))
	}
	item := spec.Fields[at]
	item.Dims = item.Dims[1:]
	item.Nullable = true
	exploded := &structured.Spec{Shape: spec.Shape, Fields: []structured.FieldSpec{
		{Name: GotaRowColumn, Type: arrow.PrimitiveTypes.Int64},
		{Name: GotaPositionColumn, Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	}}
	exploded.Fields = append(exploded.Fields, spec.Fields[:at]...)
	exploded.Fields = append(exploded.Fields, item)
	exploded.Fields = append(exploded.Fields, spec.Fields[at+1:]...)
	o.schema = exploded
	g := f.gotaRestore(op, o)
	if g.Err() != nil {
		return g
	}
	nested := g.Select(GotaRowColumn, GotaPositionColumn, col).NestPositions(col, GotaPositionColumn, GotaRowColumn)
	parents := g.Drop(col, GotaPositionColumn).Unique(GotaRowColumn)
	if err := errors.Join(nested.Err(), parents.Err()); err != nil {
		return failed(wrap(op, err))
	}
	lists, err := nested.data.Field(col, col)
	if err != nil {
		return failed(wrap(op, err))
	}
	fields := parents.data.Fields()[1:] // without _row_
	fields = slices.Insert(fields, at, structured.FieldValue{Name: col, Value: lists})
	return parents.withColumns(op, fields)
}
