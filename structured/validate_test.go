package structured

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func TestValidate(t *testing.T) {
	good := Must(FromFields([]FieldValue{
		{"r", Must(NewRagged(arwI64([]int64{1, 2, 3}, nil), Must(PartitionFromLengths([]int64{2, 1}))))},
	}, 2))
	if err := good.Validate(); err != nil {
		t.Fatalf("a valid Tensor: %v", err)
	}
	// Corrupt copies, as FromArrow could produce from malformed offsets.
	decreasing := newSplitsPartition([]int32{0, 3, 1, 3}, nil)
	badRagged := &Ragged{leafValues{arwI64([]int64{1, 2, 3}, nil)}, 3, []*RowPartition{decreasing}}
	short := &Ragged{leafValues{arwI64([]int64{1, 2}, nil)}, 2, []*RowPartition{Must(PartitionFromLengths([]int64{2, 1}))}}
	cases := []struct {
		name string
		t    *Tensor
		kind error
		want string
	}{
		{"decreasing splits", &Tensor{rank: 1, nrows: 3, names: []string{"x"}, fields: []Value{badRagged}}, ErrPartition, "field x[1]: row partition 0: row ends before it starts (splits 3, 1)"},
		{"too few items", &Tensor{rank: 1, nrows: 2, names: []string{"y"}, fields: []Value{short}}, ErrShape, "field y: row partitions cover 3 items, the array has 2"},
		{"rows differ", &Tensor{rank: 1, nrows: 5, names: []string{"y"}, fields: []Value{good.fields[0]}}, ErrShape, "field y: has 2 rows, its Tensor 5"},
	}
	for _, c := range cases {
		err := c.t.Validate()
		if !errors.Is(err, c.kind) || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want %v saying %q", c.name, err, c.kind, c.want)
		}
	}
}

// TestValidateLeafArrays: Validate reads the Arrow arrays of the leaves in
// full, so a Tensor made over corrupt Arrow data (as FromRecordBatch
// makes it, checking O(1) per buffer) gives an ErrData error naming the
// field instead of a panic when a value is read (bytes that are not
// UTF-8 are not its concern): string offsets that
// decrease, go negative or pass the data (in a dense leaf and in a list's
// items), a string view pointing past its buffer, a dictionary index past
// the dictionary.
func TestValidateLeafArrays(t *testing.T) {
	strData := func(offs []int32, chars string) arrow.ArrayData {
		return array.NewData(arrow.BinaryTypes.String, len(offs)-1,
			[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs)), memory.NewBufferBytes([]byte(chars))}, nil, 0, 0)
	}
	column := func(d arrow.ArrayData) arrow.Array {
		defer d.Release()
		return array.MakeFromData(d)
	}
	batch := func(name string, col arrow.Array) arrow.RecordBatch {
		defer col.Release()
		schema := arrow.NewSchema([]arrow.Field{arwF(name, col.DataType())}, nil)
		return array.NewRecordBatch(schema, []arrow.Array{col}, int64(col.Len()))
	}
	list := func(items arrow.ArrayData, offs []int32) arrow.Array {
		defer items.Release()
		return column(array.NewData(arrow.ListOf(items.DataType()), len(offs)-1,
			[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs))}, []arrow.ArrayData{items}, 0, 0))
	}
	view := func(size, buf, off int32) arrow.Array {
		v := make([]byte, 16)
		copy(v, arrow.Int32Traits.CastToBytes([]int32{size, 0, buf, off}))
		return column(array.NewData(arrow.BinaryTypes.StringView, 1,
			[]*memory.Buffer{nil, memory.NewBufferBytes(v), memory.NewBufferBytes(make([]byte, 20))}, nil, 0, 0))
	}
	dict := func(index int8) arrow.Array {
		values := arwStr([]string{"a", "b"}, nil)
		defer values.Release()
		idx := array.NewData(arrow.PrimitiveTypes.Int8, 1, []*memory.Buffer{nil, memory.NewBufferBytes([]byte{byte(index)})}, nil, 0, 0)
		defer idx.Release()
		return array.NewDictionaryArray(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String},
			array.MakeFromData(idx), values)
	}
	cases := []struct {
		name  string
		rec   arrow.RecordBatch
		valid bool
		path  string
	}{
		{"strings", batch("s", column(strData([]int32{0, 1, 3}, "abc"))), true, ""},
		// Validate checks layouts, not whether a string's bytes are UTF-8.
		{"strings not UTF-8", batch("s", column(strData([]int32{0, 1, 2}, "\xff\xa1"))), true, ""},
		{"decreasing string offsets", batch("s", column(strData([]int32{0, 3, 1, 3}, "abc"))), false, "s"},
		{"negative first offset", batch("s", column(strData([]int32{-2, 1, 3}, "abc"))), false, "s"},
		// Only the offsets of the rows a slice holds are read.
		{"strings sliced after a decrease", batch("s", column(array.NewSliceData(strData([]int32{0, 3, 1, 3, 4, 5}, "abcde"), 3, 5))), true, ""},
		{"strings sliced over a decrease", batch("s", column(array.NewSliceData(strData([]int32{0, 3, 1, 3, 4, 5}, "abcde"), 1, 3))), false, "s"},
		{"list items", batch("tags", list(strData([]int32{0, 1, 2, 3}, "abc"), []int32{0, 2, 3})), true, ""},
		{"list items' offsets decrease", batch("tags", list(strData([]int32{0, 2, 1, 3}, "abc"), []int32{0, 2, 3})), false, "tags"},
		{"view inline", batch("v", view(5, 0, 0)), true, ""},
		{"view past its buffer", batch("v", view(16, 0, 10)), false, "v"},
		{"view of a missing buffer", batch("v", view(16, 3, 0)), false, "v"},
		{"dictionary", batch("d", dict(1)), true, ""},
		{"dictionary index past the dictionary", batch("d", dict(5)), false, "d"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer c.rec.Release()
			st, err := FromRecordBatch(c.rec)
			if err != nil {
				t.Fatalf("FromRecordBatch: %v (the corruption is for Validate to find)", err)
			}
			err = st.Validate()
			if c.valid {
				if err != nil {
					t.Fatalf("Validate of a valid Tensor: %v", err)
				}
				_ = st.ToValue() // reads every value
				return
			}
			var e *Error
			if !errors.Is(err, ErrData) || !errors.As(err, &e) {
				t.Fatalf("Validate = %v, want an ErrData error", err)
			}
			if e.Field != c.path {
				t.Errorf("error %q names path %q, want %q", err, e.Field, c.path)
			}
		})
	}
}

// TestCheckArrowLayoutNulls: Null arrays without buffers, as arrow-go's
// IPC reader makes them, pass CheckArrowLayout and Validate at any depth
// (arrow-go's Validate refuses them: every file with a Null column was
// an error once readers validated by default).
func TestCheckArrowLayoutNulls(t *testing.T) {
	bare := func() arrow.Array {
		d := array.NewData(arrow.Null, 3, nil, nil, 3, 0)
		defer d.Release()
		return array.MakeFromData(d)
	}
	inStruct := func() arrow.Array {
		z := bare()
		defer z.Release()
		st, err := array.NewStructArray([]arrow.Array{z}, []string{"z"})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for name, mk := range map[string]func() arrow.Array{"bare": bare, "in a struct": inStruct} {
		a := mk()
		if err := CheckArrowLayout(a); err != nil {
			t.Errorf("%s: CheckArrowLayout: %v", name, err)
		}
		rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "c", Type: a.DataType(), Nullable: true}}, nil), []arrow.Array{a}, int64(a.Len()))
		st, err := FromRecordBatch(rec)
		if err != nil {
			t.Fatalf("%s: FromRecordBatch: %v", name, err)
		}
		if err := st.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", name, err)
		}
		rec.Release()
		a.Release()
	}
}

// TestFirstDecrease: the branch-free block scan finds the first step down
// wherever it lies in a block, and steps that overflow a subtraction.
func TestFirstDecrease(t *testing.T) {
	long := func(n, at int, v int64) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(i)
		}
		if at > 0 {
			s[at] = v
		}
		return s
	}
	for _, c := range []struct {
		name string
		s    []int64
		want int
	}{
		{"empty", nil, 0},
		{"one", []int64{0}, 0},
		{"flat", []int64{0, 0, 0}, 0},
		{"down", []int64{0, 5, 4, 6}, 2},
		{"block edge", long(2000, 513, 0), 513},
		{"last item", long(2000, 1999, 3), 1999},
		{"second block only", long(1500, 1200, -1), 1200},
		{"max then min", []int64{0, math.MaxInt64, math.MinInt64}, 2},
		{"increasing", long(3000, 0, 0), 0},
	} {
		if got := firstDecrease(c.s); got != c.want {
			t.Errorf("%s: firstDecrease = %d, want %d", c.name, got, c.want)
		}
		s32 := make([]int32, len(c.s))
		for i, v := range c.s {
			s32[i] = int32(min(max(v, math.MinInt32), math.MaxInt32))
		}
		if got := firstDecrease(s32); got != c.want {
			t.Errorf("%s (int32): firstDecrease = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestValidateDecimalTypes: a decimal whose precision or scale is outside
// its width's range (as a corrupt file's schema states it) is an ErrData
// error, not a panic when a value is printed; the extremes of the range
// are valid.
func TestValidateDecimalTypes(t *testing.T) {
	cases := []struct {
		dt arrow.DataType
		ok bool
	}{
		{&arrow.Decimal128Type{Precision: 38, Scale: 38}, true},
		{&arrow.Decimal128Type{Precision: 10, Scale: -38}, true},
		{&arrow.Decimal128Type{Precision: 10, Scale: 127}, false},
		{&arrow.Decimal128Type{Precision: 39, Scale: 2}, false},
		{&arrow.Decimal128Type{Precision: 0, Scale: 0}, false},
		{&arrow.Decimal256Type{Precision: 76, Scale: 76}, true},
		{&arrow.Decimal256Type{Precision: 77, Scale: 2}, false},
		{&arrow.Decimal64Type{Precision: 18, Scale: 19}, false},
		{&arrow.Decimal32Type{Precision: 9, Scale: 2}, true},
	}
	for _, c := range cases {
		b := array.NewBuilder(memory.DefaultAllocator, c.dt)
		b.AppendNull()
		a := b.NewArray()
		b.Release()
		tn := Must(FromFields([]FieldValue{{"d", Must(NewDense(a))}}, 1))
		a.Release()
		err := tn.Validate()
		if c.ok && err != nil || !c.ok && (!errors.Is(err, ErrData) || !strings.Contains(err.Error(), "precision and scale")) {
			t.Errorf("%s: Validate = %v, want ok %v", c.dt, err, c.ok)
		}
	}
}
