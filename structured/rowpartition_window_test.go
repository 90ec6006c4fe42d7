package structured

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// windowRows is a rank-2 value: rows of structures with a null list, a
// ragged leaf (with a null item) and a nested list of lists.
func windowRows() []any {
	x := func(a int, b ...any) any { return map[string]any{"a": a, "b": b} }
	return []any{
		[]any{x(1, "p"), x(2, "q", "r")},
		[]any{},
		nil,
		[]any{x(3), x(4, "s", nil, "t"), x(5, "u")},
		[]any{x(6, "v", "w")},
		[]any{x(7), x(8, "x")},
	}
}

// windowWant builds rows as a fresh Tensor of windowRows' schema.
func windowWant(rows []any) *Tensor {
	spec := Must(ParseSpec(fmt.Sprintf("?%d * var * {a: int64, b: ?var * string}", len(rows))))
	return Must(FromValueSpec(append([]any{}, rows...), spec))
}

// storedSplitsIn reports whether q's stored splits lie inside p's (the
// window shares p's memory).
func storedSplitsIn(p, q *RowPartition) bool {
	switch {
	case p.s32 != nil && q.s32 != nil:
		_, ok := bufIndex(arrow.Int32Traits.CastToBytes(p.s32), arrow.Int32Traits.CastToBytes(q.s32), 4)
		return ok
	case p.s64 != nil && q.s64 != nil:
		_, ok := bufIndex(arrow.Int64Traits.CastToBytes(p.s64), arrow.Int64Traits.CastToBytes(q.s64), 8)
		return ok
	}
	return false
}

// TestSliceSharesSplits slices a ragged rank-2 Tensor and checks that the
// result shares the splits (no rebase) while every reader of the splits
// (Bounds, RowSplits, Equal, ToValue, ToArrow, Concat, MergeDims, Gather,
// a second slice) sees the rows of the window, as for a Tensor built from
// those rows directly.
func TestSliceSharesSplits(t *testing.T) {
	rows := windowRows()
	wide := Must(FromValue(rows)) // int64 splits
	// The same rows with int32 splits, read from Arrow list arrays.
	narrowType := arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		arrow.Field{Name: "b", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true}))
	narrow := Must(FromArrow(Must(wide.ToArrowAs(narrowType))))
	if _, ok := narrow.parts[0].RowSplits32(); !ok {
		t.Fatal("want int32 splits")
	}
	for _, st := range []*Tensor{wide, narrow} {
		for _, c := range []struct{ lo, hi int }{{0, 6}, {1, 4}, {3, 6}, {4, 5}, {2, 2}, {5, 6}, {0, 3}} {
			t.Run(fmt.Sprintf("%s/%d:%d", st.parts[0].DType(), c.lo, c.hi), func(t *testing.T) {
				got := Must(st.Index(Span(c.lo, c.hi))).(*Tensor)
				want := windowWant(rows[c.lo:c.hi])
				if c.lo < c.hi {
					if !storedSplitsIn(st.parts[0], got.parts[0]) {
						t.Error("outer splits were copied, want a window of them")
					}
					b := Must(st.Field("b")).(*Ragged)
					gb := Must(got.Field("b")).(*Ragged)
					if !storedSplitsIn(b.parts[1], gb.parts[1]) {
						t.Error("inner splits of b were copied, want a window of them")
					}
				}
				if !got.Equal(want) || !reflect.DeepEqual(got.ToValue(), want.ToValue()) {
					t.Fatalf("slice %v\nwant %v", got, want)
				}
				if s := got.parts[0].RowSplits(); s[0] != 0 || !reflect.DeepEqual(s, want.parts[0].RowSplits()) {
					t.Errorf("RowSplits %v, want %v", s, want.parts[0].RowSplits())
				}
				if s, ok := got.parts[0].RowSplits32(); ok && (s[0] != 0 || int(s[len(s)-1]) != got.parts[0].NumValues()) {
					t.Errorf("RowSplits32 %v do not start at 0 and end at %d", s, got.parts[0].NumValues())
				}
				// ToArrow writes offsets Arrow accepts, equal to a slice of the
				// whole Tensor's array.
				full := Must(st.ToArrow())
				defer full.Release()
				wantArr := array.NewSlice(full, int64(c.lo), int64(c.hi))
				defer wantArr.Release()
				arr := Must(got.ToArrow())
				defer arr.Release()
				if err := array.ValidateFull(arr); err != nil {
					t.Fatalf("ToArrow: %v", err)
				}
				if !array.Equal(arr, wantArr) {
					t.Errorf("ToArrow\n got %v\nwant %v", arr, wantArr)
				}
				if back := Must(FromArrow(arr)); !back.Equal(want) {
					t.Errorf("FromArrow(ToArrow) %v, want %v", back, want)
				}
				twice := append(append([]any{}, rows[c.lo:c.hi]...), rows[c.lo:c.hi]...)
				if cat := Must(Concat(0, got, got)); !cat.Equal(windowWant(twice)) {
					t.Errorf("Concat %v", cat)
				}
				if m, w := Must(got.MergeDims(0, 1)), Must(want.MergeDims(0, 1)); !m.Equal(w) {
					t.Errorf("MergeDims %v, want %v", m, w)
				}
				if m, w := Must(MergeValueDims(Must(got.Field("b")), 1, 2)), Must(MergeValueDims(Must(want.Field("b")), 1, 2)); !Equal(m, w) {
					t.Errorf("MergeValueDims(b, 1, 2) %v, want %v", m, w)
				}
				if n := c.hi - c.lo; n > 0 {
					idx := []int{n - 1, 0, n - 1}
					if g, w := Must(got.Gather(idx, 0)), Must(want.Gather(idx, 0)); !g.Equal(w) {
						t.Errorf("Gather %v, want %v", g, w)
					}
					inner := Must(got.Index(From(n / 2))).(*Tensor)
					if w := windowWant(rows[c.lo+n/2 : c.hi]); !inner.Equal(w) {
						t.Errorf("slice of slice %v, want %v", inner, w)
					}
				}
				if err := got.Validate(); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// TestFromArrowSlicedListWindow reads a list array sliced past its start:
// the partition views the Arrow offsets (no rebase), reads rows from 0,
// and ToArrow writes offsets starting at 0 again.
func TestFromArrowSlicedListWindow(t *testing.T) {
	for _, typ := range []arrow.DataType{
		arrow.ListOf(arrow.StructOf(arwF("a", arrow.PrimitiveTypes.Int64))),
		arrow.LargeListOf(arrow.StructOf(arwF("a", arrow.PrimitiveTypes.Int64))),
	} {
		t.Run(typ.String(), func(t *testing.T) {
			full := arwJSON(t, typ, `[[{"a":1}],[{"a":2},{"a":3}],null,[],[{"a":4}]]`)
			defer full.Release()
			sliced := array.NewSlice(full, 1, 5)
			defer sliced.Release()
			st := Must(FromArrow(sliced))
			p := st.parts[0]
			offs := sliced.Data().Buffers()[1].Bytes()
			var ok bool
			if p.s32 != nil {
				_, ok = bufIndex(offs, arrow.Int32Traits.CastToBytes(p.s32), 4)
			} else {
				_, ok = bufIndex(offs, arrow.Int64Traits.CastToBytes(p.s64), 8)
			}
			if !ok {
				t.Error("splits were copied, want them to alias the Arrow offsets")
			}
			if got, want := p.RowSplits(), []int64{0, 2, 2, 2, 3}; !reflect.DeepEqual(got, want) {
				t.Errorf("RowSplits %v, want %v", got, want)
			}
			if got, ok := p.RowSplits32(); ok && !reflect.DeepEqual(got, []int32{0, 2, 2, 2, 3}) {
				t.Errorf("RowSplits32 %v, want [0 2 2 2 3]", got)
			}
			out := Must(st.ToArrow())
			defer out.Release()
			if err := array.ValidateFull(out); err != nil {
				t.Fatal(err)
			}
			if !array.Equal(out, sliced) {
				t.Errorf("ToArrow %v, want %v", out, sliced)
			}
		})
	}
}

// windowBenchTensor is opBenchTensor with int32 splits: n rows with 0 to 4
// docs of about 3 tokens each.
func windowBenchTensor(n int) *Tensor {
	st, _ := opBenchTensor(n, 3)
	return st
}

// BenchmarkSliceRagged slices the middle half of a ragged rank-1 Tensor
// with two nested ragged levels (docs, docs.tokens). The partitions view
// a window of their splits, so time and allocations do not grow with the
// row count (compare rows=100000 with rows=1000000).
func BenchmarkSliceRagged(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		st := windowBenchTensor(n)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := st.Slice(0, Span(n/4, 3*n/4)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
