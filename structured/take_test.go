package structured

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ixArray builds an Arrow array from JSON, for tests.
func ixArray(t testing.TB, dt arrow.DataType, js string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(memory.NewGoAllocator(), dt, strings.NewReader(js))
	if err != nil {
		t.Fatalf("FromJSON(%s, %s): %v", dt, js, err)
	}
	return a
}

func TestTakeArrayEveryType(t *testing.T) {
	ts := &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
	for _, tc := range []struct {
		dt arrow.DataType
		js string
	}{
		{arrow.FixedWidthTypes.Boolean, `[true, null, false, true, false]`},
		{arrow.PrimitiveTypes.Int8, `[1, null, -3, 4, 5]`},
		{arrow.PrimitiveTypes.Int16, `[1, null, -3, 4, 5]`},
		{arrow.PrimitiveTypes.Int32, `[1, null, -3, 4, 5]`},
		{arrow.PrimitiveTypes.Int64, `[1, null, -3, 4, 5]`},
		{arrow.PrimitiveTypes.Uint8, `[1, null, 3, 4, 255]`},
		{arrow.PrimitiveTypes.Uint16, `[1, null, 3, 4, 5]`},
		{arrow.PrimitiveTypes.Uint32, `[1, null, 3, 4, 5]`},
		{arrow.PrimitiveTypes.Uint64, `[1, null, 3, 4, 18446744073709551615]`},
		{arrow.PrimitiveTypes.Float32, `[1.5, null, -3, 4, 5]`},
		{arrow.PrimitiveTypes.Float64, `[1.5, null, -3, 4, 5e300]`},
		{arrow.BinaryTypes.String, `["a", null, "", "ccc", "dd"]`},
		{arrow.BinaryTypes.LargeString, `["a", null, "", "ccc", "dd"]`},
		{arrow.BinaryTypes.Binary, `["YQ==", null, "", "Y2Nj", "ZGQ="]`},
		{arrow.BinaryTypes.LargeBinary, `["YQ==", null, "", "Y2Nj", "ZGQ="]`},
		{arrow.FixedWidthTypes.Date32, `["2020-01-01", null, "1970-01-02", "2024-02-29", "1999-12-31"]`},
		{ts, `["2020-01-01T10:00:00Z", null, "1970-01-01T00:00:01Z", "2024-02-29T23:59:59.5Z", "1999-12-31T00:00:00Z"]`},
		{arrow.Null, `[null, null, null, null, null]`},
	} {
		full := ixArray(t, tc.dt, tc.js)
		for _, src := range []arrow.Array{full, array.NewSlice(full, 1, 5)} {
			for _, idx := range [][]int{{}, {0}, {3, 0, 0, -1, 2, 1}, {1, 1, 1}, {-1, -1}} {
				if len(idx) > 0 && idx[0] >= src.Len() {
					continue
				}
				got, err := takeArray(src, idx)
				if err != nil {
					t.Fatalf("%s: takeArray(%v): %v", tc.dt, idx, err)
				}
				if !arrow.TypeEqual(got.DataType(), src.DataType()) || got.Len() != len(idx) {
					t.Fatalf("%s: takeArray(%v) gave %s of length %d", tc.dt, idx, got.DataType(), got.Len())
				}
				nulls := 0
				for i, j := range idx {
					var want any
					if j >= 0 {
						want = scalarAt(src, j)
					}
					if want == nil {
						nulls++
					}
					if g := scalarAt(got, i); !reflect.DeepEqual(g, want) {
						t.Errorf("%s (offset %d): takeArray(%v)[%d] = %v, want %v", tc.dt, src.Data().Offset(), idx, i, g, want)
					}
				}
				if got.NullN() != nulls {
					t.Errorf("%s: takeArray(%v) has %d nulls, want %d", tc.dt, idx, got.NullN(), nulls)
				}
			}
		}
	}
}

func TestTakeArrayErrors(t *testing.T) {
	a := ixArray(t, arrow.PrimitiveTypes.Int64, `[1, 2, 3]`)
	_, err := takeArray(a, []int{0, 3})
	if !errors.Is(err, ErrIndex) || !strings.Contains(err.Error(), "item index 3 (position 1) is out of range for 3 items") {
		t.Errorf("out of range: %v", err)
	}
	union := array.MakeArrayOfNull(goAllocator, arrow.SparseUnionOf([]arrow.Field{{Name: "i", Type: arrow.PrimitiveTypes.Int64}}, []arrow.UnionTypeCode{0}), 1)
	if _, err := takeArray(union, []int{0}); !errors.Is(err, ErrType) {
		t.Errorf("union: %v, want ErrType", err)
	}
}

func TestGatherRowsLeaves(t *testing.T) {
	vals := ixArray(t, arrow.PrimitiveTypes.Int64, `[0, 1, 2, 3, 4, 5, 6, 7, null, 9]`)
	// [[0 1 2] [] null [3 4 5 6] [7 null 9]] (int32 splits)
	p := Must(PartitionFromSplits([]int32{0, 3, 3, 3, 7, 10}))
	p = Must(p.WithValidity([]bool{true, true, false, true, true}))
	r := Must(NewRagged(vals, p))
	d := Must(NewDense(vals, 5, 2))
	for _, tc := range []struct {
		name string
		v    Value
		rows []int
		want any
	}{
		{"ragged gather", r, []int{4, 2, -1, 0, 0}, []any{[]any{int64(7), nil, int64(9)}, nil, nil, []any{int64(0), int64(1), int64(2)}, []any{int64(0), int64(1), int64(2)}}},
		{"ragged run", r, []int{1, 2, 3}, []any{[]any{}, nil, []any{int64(3), int64(4), int64(5), int64(6)}}},
		{"ragged none", r, []int{}, []any{}},
		{"dense gather", d, []int{4, -1, 0}, []any{[]any{nil, int64(9)}, nil, []any{int64(0), int64(1)}}},
		{"dense run", d, []int{3, 4}, []any{[]any{int64(6), int64(7)}, []any{nil, int64(9)}}},
	} {
		got, err := gatherRows(tc.v, tc.rows)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got.ToValue(), tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got.ToValue(), tc.want)
		}
		if got.NumRows() != len(tc.rows) {
			t.Errorf("%s: %d rows, want %d", tc.name, got.NumRows(), len(tc.rows))
		}
	}
	// A gathered ragged leaf keeps int32 splits; a dense one with no null
	// row stays dense, with a null row it becomes ragged (a uniform
	// partition with a null row).
	g := Must(gatherRows(r, []int{3, 0}))
	if p := g.(*Ragged).parts[0]; p.DType().ID() != arrow.INT32 {
		t.Errorf("gathered splits are %s, want int32", p.DType())
	}
	if g := Must(gatherRows(d, []int{4, 0})); reflect.TypeOf(g) != reflect.TypeOf(&Dense{}) {
		t.Errorf("dense gather gave %T", g)
	}
	if g := Must(gatherRows(d, []int{4, -1})).(*Ragged); !g.parts[0].IsUniform() || !g.parts[0].IsNull(1) {
		t.Errorf("dense gather with a null row: %v", g.parts[0])
	}
	if _, err := gatherRows(r, []int{5}); !errors.Is(err, ErrIndex) {
		t.Errorf("row 5 of 5: %v", err)
	}
}

func TestGatherRowsTensor(t *testing.T) {
	st := Must(FromValue([]any{
		[]any{map[string]any{"a": int64(1), "b": []any{"x"}}, nil},
		[]any{},
		nil,
		[]any{map[string]any{"a": nil, "b": []any{"y", "z"}}},
	}))
	for _, rows := range [][]int{{3, 0, -1, 2, 0}, {0, 1, 2, 3}, {1, 2}, {}} {
		got, err := gatherRows(st, rows)
		if err != nil {
			t.Fatal(err)
		}
		all := st.ToValue().([]any)
		want := make([]any, len(rows))
		for i, r := range rows {
			if r >= 0 {
				want[i] = all[r]
			}
		}
		if !reflect.DeepEqual(got.ToValue(), want) {
			t.Errorf("rows %v: got %v, want %v", rows, got.ToValue(), want)
		}
		// Fields share the Tensor's partition objects.
		g := got.(*Tensor)
		for _, f := range g.fields {
			if fp := chainParts(f); fp[0] != g.parts[0] {
				t.Errorf("rows %v: a field does not share the Tensor's partition", rows)
			}
		}
	}
}
