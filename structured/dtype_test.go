package structured

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// dtCase is one leaf type of the dtype table: an array of 4 items (the
// third null) and the Go values ToValue must give for them.
type dtCase struct {
	name string
	arr  arrow.Array
	want []any // ToValue of items 0, 1, 3
	spec string
}

// dtDict is a dictionary array over dict with the given int32 indices
// (-1 for null).
func dtDict(t testing.TB, idxType arrow.DataType, dict arrow.Array, idx []int64) arrow.Array {
	t.Helper()
	b := array.NewBuilder(arwMem, idxType)
	defer b.Release()
	for _, i := range idx {
		if i < 0 {
			b.AppendNull()
			continue
		}
		switch b := b.(type) {
		case *array.Int8Builder:
			b.Append(int8(i))
		case *array.Int16Builder:
			b.Append(int16(i))
		case *array.Int32Builder:
			b.Append(int32(i))
		case *array.Int64Builder:
			b.Append(i)
		case *array.Uint8Builder:
			b.Append(uint8(i))
		}
	}
	indices := b.NewArray()
	defer indices.Release()
	return array.NewDictionaryArray(&arrow.DictionaryType{IndexType: idxType, ValueType: dict.DataType()}, indices, dict)
}

func dtCases(t testing.TB) []dtCase {
	t.Helper()
	j := func(dt arrow.DataType, js string) arrow.Array { return arwJSON(t, dt, js) }
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	return []dtCase{
		{"decimal128", j(&arrow.Decimal128Type{Precision: 10, Scale: 2}, `["1.25", "-3.50", null, "100.00"]`),
			[]any{"1.25", "-3.50", "100.00"}, "decimal(10, 2)"},
		{"decimal256", j(&arrow.Decimal256Type{Precision: 40, Scale: 1}, `["1.5", "-2.0", null, "123456789012345678901234567890.1"]`),
			[]any{"1.5", "-2.0", "123456789012345678901234567890.1"}, "decimal256(40, 1)"},
		{"decimal64", j(&arrow.Decimal64Type{Precision: 12, Scale: 3}, `["1.5", "-2", null, "7.125"]`),
			[]any{"1.500", "-2.000", "7.125"}, "decimal64(12, 3)"},
		{"decimal32", j(&arrow.Decimal32Type{Precision: 6, Scale: 0}, `["15", "-2", null, "7"]`),
			[]any{"15", "-2", "7"}, "decimal32(6, 0)"},
		{"float16", j(arrow.FixedWidthTypes.Float16, `[1.5, -2, null, 0.25]`), []any{float32(1.5), float32(-2), float32(0.25)}, "float16"},
		{"date64", j(arrow.FixedWidthTypes.Date64, fmt.Sprintf(`[%d, 0, null, %d]`, day.UnixMilli(), day.UnixMilli()+86400000)),
			[]any{day, time.Unix(0, 0).UTC(), day.AddDate(0, 0, 1)}, "date64"},
		{"time32", j(arrow.FixedWidthTypes.Time32ms, `[1000, 0, null, 3600000]`),
			[]any{time.Second, time.Duration(0), time.Hour}, "time32[ms]"},
		{"time64", j(arrow.FixedWidthTypes.Time64ns, `[5, 0, null, 60000000000]`),
			[]any{5 * time.Nanosecond, time.Duration(0), time.Minute}, "time64[ns]"},
		{"duration", j(arrow.FixedWidthTypes.Duration_s, `[90, -1, null, 0]`),
			[]any{90 * time.Second, -time.Second, time.Duration(0)}, "duration[s]"},
		{"fixed_size_binary", j(&arrow.FixedSizeBinaryType{ByteWidth: 3}, `["YWJj", "eHl6", null, "AAAA"]`),
			[]any{[]byte("abc"), []byte("xyz"), []byte{0, 0, 0}}, "fixed_size_binary[3]"},
		{"string_view", j(arrow.BinaryTypes.StringView, `["short", "a string longer than twelve bytes", null, ""]`),
			[]any{"short", "a string longer than twelve bytes", ""}, "string_view"},
		{"binary_view", j(arrow.BinaryTypes.BinaryView, `["YWJj", "YSBsb25nZXIgYmluYXJ5IHZhbHVlIQ==", null, ""]`),
			[]any{[]byte("abc"), []byte("a longer binary value!"), []byte{}}, "binary_view"},
		{"month_interval", j(arrow.FixedWidthTypes.MonthInterval, `[{"months": 1}, {"months": 12}, null, {"months": -3}]`),
			[]any{arrow.MonthInterval(1), arrow.MonthInterval(12), arrow.MonthInterval(-3)}, "month_interval"},
		{"day_time_interval", j(arrow.FixedWidthTypes.DayTimeInterval, `[{"days": 1, "milliseconds": 2}, {"days": 0, "milliseconds": 0}, null, {"days": -1, "milliseconds": 5}]`),
			[]any{arrow.DayTimeInterval{Days: 1, Milliseconds: 2}, arrow.DayTimeInterval{}, arrow.DayTimeInterval{Days: -1, Milliseconds: 5}}, "day_time_interval"},
		{"month_day_nano_interval", j(arrow.FixedWidthTypes.MonthDayNanoInterval, `[{"months": 1, "days": 2, "nanoseconds": 3}, {"months": 0, "days": 0, "nanoseconds": 0}, null, {"months": -1, "days": 0, "nanoseconds": 9}]`),
			[]any{arrow.MonthDayNanoInterval{Months: 1, Days: 2, Nanoseconds: 3}, arrow.MonthDayNanoInterval{}, arrow.MonthDayNanoInterval{Months: -1, Nanoseconds: 9}}, "month_day_nano_interval"},
		{"dictionary of strings", dtDict(t, arrow.PrimitiveTypes.Int32, arwStr([]string{"red", "green", "blue"}, nil), []int64{2, 0, -1, 2}),
			[]any{"blue", "red", "blue"}, "dictionary[int32, string]"},
		{"dictionary of decimals, int8 indices", dtDict(t, arrow.PrimitiveTypes.Int8, j(&arrow.Decimal128Type{Precision: 5, Scale: 1}, `["1.5", "2.5"]`), []int64{1, 1, -1, 0}),
			[]any{"2.5", "2.5", "1.5"}, "dictionary[int8, decimal(5, 1)]"},
		{"dictionary of string views, uint8 indices", dtDict(t, arrow.PrimitiveTypes.Uint8, j(arrow.BinaryTypes.StringView, `["a", "b", "a value longer than twelve"]`), []int64{2, 0, -1, 1}),
			[]any{"a value longer than twelve", "a", "b"}, "dictionary[uint8, string_view]"},
	}
}

// dtTensor is the rank-1 Tensor over a struct of one field x holding arr.
func dtTensor(t testing.TB, arr arrow.Array) *Tensor {
	t.Helper()
	st, err := array.NewStructArray([]arrow.Array{arr}, []string{"x"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Release()
	out, err := FromArrow(st)
	if err != nil {
		t.Fatalf("FromArrow: %v", err)
	}
	return out
}

// dtNullRow is the rank-1 Tensor over a struct of one field x holding
// arr, whose structure at row null is null.
func dtNullRow(t testing.TB, arr arrow.Array, null int) *Tensor {
	t.Helper()
	valid := make([]bool, arr.Len())
	for i := range valid {
		valid[i] = i != null
	}
	d := array.NewData(arrow.StructOf(arwF("x", arr.DataType())), arr.Len(), []*memory.Buffer{validityFromBools(valid).buf},
		[]arrow.ArrayData{arr.Data()}, 1, 0)
	defer d.Release()
	out, err := FromArrow(array.MakeFromData(d))
	if err != nil {
		t.Fatalf("FromArrow: %v", err)
	}
	return out
}

// dtRows is what ToValue gives for rows of x holding items (nil = null).
func dtRows(items ...any) any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = map[string]any{"x": it}
	}
	return out
}

// TestDtypeOperations runs every operation on every leaf type of the
// dtype table that only the table lets through: reading, ToValue, Spec
// and ParseSpec, ToArrow (sharing buffers), gathers, masks, Concat (of
// slices of one array, which rejoins them, and of pieces that must be
// copied), Equal and ToGo.
func TestDtypeOperations(t *testing.T) {
	for _, c := range dtCases(t) {
		t.Run(c.name, func(t *testing.T) {
			st := dtTensor(t, c.arr)
			w := c.want
			if got, want := st.ToValue(), dtRows(w[0], w[1], nil, w[2]); !reflect.DeepEqual(got, want) {
				t.Fatalf("ToValue:\n got %#v\nwant %#v", got, want)
			}
			spec := st.Spec()
			if want := "4 * {x: ?" + c.spec + "}"; spec.String() != want {
				t.Errorf("Spec = %s, want %s", spec, want)
			}
			if parsed, err := ParseSpec(spec.String()); err != nil || !parsed.Equal(spec) {
				t.Errorf("ParseSpec(%s) = %v, %v", spec, parsed, err)
			}
			if err := st.ConformsTo(spec); err != nil {
				t.Errorf("ConformsTo: %v", err)
			}
			// ToArrow hands the very leaf buffers (and dictionary) back.
			out, err := st.ToArrow()
			if err != nil {
				t.Fatalf("ToArrow: %v", err)
			}
			leaf := out.(*array.Struct).Field(0).Data()
			for i, b := range c.arr.Data().Buffers() {
				if !sameMemory(leaf.Buffers()[i], b) {
					t.Errorf("ToArrow: leaf buffer %d was copied", i)
				}
			}
			if !sameDictMemory(c.arr.Data(), leaf) {
				t.Errorf("ToArrow: dictionary was copied")
			}
			back, err := FromArrow(out)
			if err != nil || !back.Equal(st) {
				t.Errorf("FromArrow(ToArrow()) = %v, %v, want %v", back, err, st)
			}
			// Gather: reversed and repeated rows copy the items.
			g, err := st.Gather([]int{3, 0, 2, 0}, 0)
			if err != nil {
				t.Fatalf("Gather: %v", err)
			}
			if got, want := g.ToValue(), dtRows(w[2], w[0], nil, w[0]); !reflect.DeepEqual(got, want) {
				t.Errorf("Gather:\n got %#v\nwant %#v", got, want)
			}
			if got := g.Spec(); !got.Equal(spec) && got.String() != spec.String() {
				t.Errorf("Gather changed the Spec to %s", got)
			}
			m, err := st.BooleanMask([]bool{false, true, true, true})
			if err != nil {
				t.Fatalf("BooleanMask: %v", err)
			}
			if got, want := m.ToValue(), dtRows(w[1], nil, w[2]); !reflect.DeepEqual(got, want) {
				t.Errorf("BooleanMask:\n got %#v\nwant %#v", got, want)
			}
			// Concat of adjacent slices rejoins them (dictionary kept);
			// of reordered pieces copies.
			lo, hi := dtIndex(t, st, S("0:2")), dtIndex(t, st, S("2:4"))
			joined, err := Concat(0, lo, hi)
			if err != nil {
				t.Fatalf("Concat of slices: %v", err)
			}
			if !joined.Equal(st) {
				t.Errorf("Concat of slices = %v, want %v", joined, st)
			}
			swapped, err := Concat(0, hi, g)
			if err != nil {
				t.Fatalf("Concat: %v", err)
			}
			if got, want := swapped.ToValue(), dtRows(nil, w[2], w[2], w[0], nil, w[0]); !reflect.DeepEqual(got, want) {
				t.Errorf("Concat:\n got %#v\nwant %#v", got, want)
			}
			if swapped.Equal(joined) || g.Equal(st) {
				t.Error("Equal holds for different items")
			}
			// Equal agrees with the items, whatever the indices.
			for _, perm := range [][]int{{3, 1, 2, 0}, {1, 0, 2, 3}, {0, 3, 2, 1}} {
				p, err := st.Gather(perm, 0)
				if err != nil {
					t.Fatal(err)
				}
				p, _ = p.Gather(perm, 0) // gathered twice: copied indices
				twice, _ := st.Gather([]int{perm[perm[0]], perm[perm[1]], perm[perm[2]], perm[perm[3]]}, 0)
				if !p.Equal(twice) {
					t.Errorf("Equal fails on equal items: %v, %v", p, twice)
				}
				if got, want := p.Equal(st), reflect.DeepEqual(p.ToValue(), st.ToValue()); got != want {
					t.Errorf("Equal(%v, %v) = %v, want %v", p, st, got, want)
				}
			}
			// A field under null structures is masked (its buffers shared,
			// its dictionary kept).
			withNulls := dtNullRow(t, c.arr, 1)
			x, err := withNulls.Index(All, "x")
			if err != nil {
				t.Fatalf("Index(All, x): %v", err)
			}
			if got, want := x.ToValue(), []any{w[0], nil, nil, w[2]}; !reflect.DeepEqual(got, want) {
				t.Errorf("Index(All, x) under a null structure:\n got %#v\nwant %#v", got, want)
			}
			// ToGo into any gives what ToValue gives.
			var rows []struct{ X any }
			if err := st.ToGo(&rows); err != nil {
				t.Fatalf("ToGo: %v", err)
			}
			if got := []any{rows[0].X, rows[1].X, rows[2].X, rows[3].X}; !reflect.DeepEqual(got, []any{w[0], w[1], nil, w[2]}) {
				t.Errorf("ToGo: got %#v", got)
			}
			// ToGo into []struct{X *T}, T the type of ToValue's items.
			rt := reflect.SliceOf(reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.PointerTo(reflect.TypeOf(w[0]))}}))
			typed := reflect.New(rt)
			if err := st.ToGo(typed.Interface()); err != nil {
				t.Fatalf("ToGo(%v): %v", rt, err)
			}
			for i, k := range []int{0, 1, 3} {
				if x := typed.Elem().Index(k).Field(0); x.IsNil() || !reflect.DeepEqual(x.Elem().Interface(), w[i]) {
					t.Errorf("ToGo(%v): row %d is %v, want %#v", rt, k, x, w[i])
				}
			}
			if !typed.Elem().Index(2).Field(0).IsNil() {
				t.Errorf("ToGo(%v): null row 2 is not nil", rt)
			}
		})
	}
}

// dtIndex is st.Index(key) for a key giving a Tensor.
func dtIndex(t testing.TB, st *Tensor, key ...any) *Tensor {
	t.Helper()
	v, err := st.Index(key...)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*Tensor)
}

// TestDictionaryConcat joins dictionary columns whose dictionaries differ,
// over every value type of the table: arrow-go's unifier where it handles
// the type, else the dictionaries appended one after the other; both
// give the values of the inputs in order, and the result stays a
// dictionary column.
func TestDictionaryConcat(t *testing.T) {
	for _, c := range dtCases(t) {
		if c.arr.DataType().ID() == arrow.DICTIONARY {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			a := dtTensor(t, dtDict(t, arrow.PrimitiveTypes.Int16, c.arr, []int64{0, 3, -1, 2}))
			b := dtTensor(t, dtDict(t, arrow.PrimitiveTypes.Int16, array.NewSlice(c.arr, 1, 4), []int64{2, 0, 0}))
			w := c.want
			want := dtRows(w[0], w[2], nil, nil, w[2], w[1], w[1])
			got, err := Concat(0, a, b)
			if err != nil {
				t.Fatalf("Concat: %v", err)
			}
			if !reflect.DeepEqual(got.ToValue(), want) {
				t.Errorf("Concat:\n got %#v\nwant %#v", got.ToValue(), want)
			}
			if typ := got.Spec().Fields[0].Type; typ.ID() != arrow.DICTIONARY {
				t.Errorf("Concat gave a %s column", typ)
			}
			fa, _ := a.Field("x")
			fb, _ := b.Field("x")
			appended, err := concatDictionaries([]arrow.Array{fa.(Leaf).Values(), fb.(Leaf).Values()})
			if err != nil {
				t.Fatalf("concatDictionaries: %v", err)
			}
			if d := appended.(*array.Dictionary).Dictionary().Len(); d != 7 {
				t.Errorf("appended dictionary has %d entries, want 4+3", d)
			}
			if got := dtTensor(t, appended).ToValue(); !reflect.DeepEqual(got, want) {
				t.Errorf("concatDictionaries:\n got %#v\nwant %#v", got, want)
			}
		})
	}
	// Indices too narrow for the appended dictionaries: an error.
	vals := make([]string, 100)
	for i := range vals {
		vals[i] = fmt.Sprint(i)
	}
	d1 := dtDict(t, arrow.PrimitiveTypes.Int8, arwStr(vals, nil), []int64{0})
	d2 := dtDict(t, arrow.PrimitiveTypes.Int8, arwStr(vals, nil), []int64{99})
	if _, err := concatDictionaries([]arrow.Array{d1, d2}); !errors.Is(err, ErrShape) {
		t.Errorf("200 entries under int8 indices: %v, want ErrShape", err)
	}
}

// TestDtypeString prints decimals as numbers and the other new types as
// ToValue gives them.
func TestDtypeString(t *testing.T) {
	for _, c := range []struct {
		arr  arrow.Array
		want string
	}{
		{arwJSON(t, &arrow.Decimal128Type{Precision: 6, Scale: 2}, `["1.25", null]`), "[1.25, null]"},
		{dtDict(t, arrow.PrimitiveTypes.Int8, arwJSON(t, &arrow.Decimal64Type{Precision: 6, Scale: 1}, `["-0.5"]`), []int64{0, -1}), "[-0.5, null]"},
		{dtDict(t, arrow.PrimitiveTypes.Int8, arwStr([]string{"a", "b"}, nil), []int64{1, 0}), `["b", "a"]`},
		{arwJSON(t, arrow.FixedWidthTypes.Duration_ms, `[1500, null]`), "[1.5s, null]"},
	} {
		d, err := NewDense(c.arr)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.String(); !strings.Contains(got, c.want) {
			t.Errorf("%s: String() = %s, want it to hold %s", c.arr.DataType(), got, c.want)
		}
	}
}

// TestDtypeNullColumnConcat joins an all-null (Arrow null) column with
// columns of the new types: the null rows take their type, dictionary
// included.
func TestDtypeNullColumnConcat(t *testing.T) {
	for _, c := range dtCases(t) {
		st := dtTensor(t, c.arr)
		nulls := dtTensor(t, array.NewNull(2))
		got, err := Concat(0, nulls, st)
		if err != nil {
			t.Fatalf("%s: Concat: %v", c.name, err)
		}
		w := c.want
		if want := dtRows(nil, nil, w[0], w[1], nil, w[2]); !reflect.DeepEqual(got.ToValue(), want) {
			t.Errorf("%s: Concat:\n got %#v\nwant %#v", c.name, got.ToValue(), want)
		}
		if typ := got.Spec().Fields[0].Type; !arrow.TypeEqual(typ, c.arr.DataType()) {
			t.Errorf("%s: Concat gave type %s", c.name, typ)
		}
	}
}

// TestDtypeFloat16NaN compares float16 NaNs as equal whatever their
// bits, as float32 and float64 ones.
func TestDtypeFloat16NaN(t *testing.T) {
	b := array.NewFloat16Builder(arwMem)
	defer b.Release()
	b.AppendValues([]float16.Num{float16.NaN(), float16.New(1)}, nil)
	x := dtTensor(t, b.NewArray())
	b.AppendValues([]float16.Num{float16.FromBits(0x7e00), float16.New(1)}, nil) // another NaN
	y := dtTensor(t, b.NewArray())
	if !x.Equal(y) {
		t.Error("float16 NaN != NaN")
	}
	b.AppendValues([]float16.Num{float16.New(2), float16.New(1)}, nil)
	if z := dtTensor(t, b.NewArray()); x.Equal(z) {
		t.Error("float16 NaN == 2")
	}
}

// TestParseSpecTypeErrors checks the parameters of the new type names.
func TestParseSpecTypeErrors(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"{a: decimal(99, 1)}", "precision out of range"},
		{"{a: decimal[9, 1]}", "decimal needs parameters, as in decimal(38, 10)"},
		{"{a: decimal(9)}", "want precision and scale"},
		{"{a: time32[us]}", "time32 takes s or ms"},
		{"{a: duration[hours]}", "want one unit"},
		{"{a: fixed_size_binary[0]}", "want one positive byte width"},
		{"{a: dictionary[float64, string]}", "index type must be an integer type"},
		{"{a: dictionary[int8, {x: int64}]}", "want the dictionary's value type"},
		{"{a: dictionary[int8, string, sorted]}", "want ordered or ]"},
		{"{a: dictionary[int8, dictionary[int8, string]]}", "a dictionary cannot hold"},
		{"{a: dictionary[int8, string}", "want ] after the dictionary's types"},
	} {
		_, err := ParseSpec(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSpec(%s): %v, want %q", c.spec, err, c.want)
		}
	}
	s, err := ParseSpec("{a: dictionary[int8, timestamp[us, tz=UTC], ordered], b: decimal256(50, 2)}")
	if err != nil {
		t.Fatal(err)
	}
	want := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, Ordered: true}
	if !arrow.TypeEqual(s.Fields[0].Type, want) || !arrow.TypeEqual(s.Fields[1].Type, &arrow.Decimal256Type{Precision: 50, Scale: 2}) {
		t.Errorf("ParseSpec gave %s", s)
	}
}

// TestListViewOfMaps keeps a map read through a list view a map.
func TestListViewOfMaps(t *testing.T) {
	m := arwJSON(t, arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64), `[[{"key": "a", "value": 1}], [], [{"key": "b", "value": 2}]]`)
	lv := decArray(arrow.ListViewOf(m.DataType()), 2, []*memory.Buffer{nil, decI32(1, 0), decI32(2, 1)}, m, 0)
	st := dtTensor(t, lv)
	if got := st.Spec().String(); got != "2 * {x: var * map<string, int64>}" {
		t.Errorf("Spec = %s", got)
	}
	want := dtRows([]any{map[string]any{}, map[string]any{"b": int64(2)}}, []any{map[string]any{"a": int64(1)}})
	if !reflect.DeepEqual(st.ToValue(), want) {
		t.Errorf("ToValue = %#v\nwant %#v", st.ToValue(), want)
	}
}

// TestDtypeToRecordBatchAs writes every new type with its own schema
// (ToRecordBatchAs), sharing its buffers and dictionary.
func TestDtypeToRecordBatchAs(t *testing.T) {
	for _, c := range dtCases(t) {
		st := dtTensor(t, c.arr)
		sc, err := st.ArrowSchema()
		if err != nil {
			t.Fatalf("%s: ArrowSchema: %v", c.name, err)
		}
		rec, err := st.ToRecordBatchAs(sc)
		if err != nil {
			t.Fatalf("%s: ToRecordBatchAs: %v", c.name, err)
		}
		col := rec.Column(0).Data()
		if !sameMemory(col.Buffers()[1], c.arr.Data().Buffers()[1]) || !sameDictMemory(col, c.arr.Data()) {
			t.Errorf("%s: ToRecordBatchAs copied the column", c.name)
		}
		back, err := FromRecordBatch(rec)
		if err != nil || !back.Equal(st) {
			t.Errorf("%s: FromRecordBatch(ToRecordBatchAs) = %v, %v", c.name, back, err)
		}
	}
}
