package structured

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestCells checks every kind of value's cells against ToValue: the items
// of cell i, read from the flat values, are those of row i.
func TestCells(t *testing.T) {
	st := columnTable() // id, tags (null list), xy [4, 2], mm var*var, in {k}
	rank2 := Must(FromValue([]any{
		[]any{map[string]any{"a": int64(1)}}, nil, []any{}, []any{map[string]any{"a": int64(2)}, map[string]any{"a": int64(3)}},
	}))
	for _, tc := range []struct {
		name  string
		v     Value
		want  []Cell // Value is filled in
		items func(c Cell) any
	}{
		{"vector", Must(st.Field("id")), []Cell{{Start: 0, End: 1}, {Start: 1, End: 2}, {Start: 2, End: 3}, {Start: 3, End: 4}},
			func(c Cell) any { return Must(CellValues[int64](c)) }},
		{"null items", Must(st.Field("in", "k")), []Cell{{Start: 0, End: 1}, {Start: 1, End: 2, Null: true}, {Start: 2, End: 3}, {Start: 3, End: 4}}, nil},
		{"ragged", Must(st.Field("tags")), []Cell{{Start: 0, End: 2}, {Start: 2, End: 2, Null: true}, {Start: 2, End: 2}, {Start: 2, End: 3}}, nil},
		{"dense [4, 2]", Must(st.Field("xy")), []Cell{{Start: 0, End: 2}, {Start: 2, End: 4}, {Start: 4, End: 6}, {Start: 6, End: 8}},
			func(c Cell) any { return Must(CellValues[float64](c)) }},
		{"ragged rank 3", Must(st.Field("mm")), []Cell{{Start: 0, End: 3}, {Start: 3, End: 3}, {Start: 3, End: 4}, {Start: 4, End: 6}},
			func(c Cell) any { return Must(CellValues[int64](c)) }},
		{"nested rank 1", Must(st.Field("in")), []Cell{{Start: 0, End: 1}, {Start: 1, End: 2}, {Start: 2, End: 3}, {Start: 3, End: 4}}, nil},
		{"tensor rank 2", rank2, []Cell{{Start: 0, End: 1}, {Start: 1, End: 1, Null: true}, {Start: 1, End: 1}, {Start: 1, End: 3}}, nil},
		{"sliced ragged rank 3", Must(SliceValue(Must(st.Field("mm")), From(2))), []Cell{{Start: 0, End: 1}, {Start: 1, End: 3}},
			func(c Cell) any { return Must(CellValues[int64](c)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Cell
			for i, c := range Cells(tc.v) {
				if i != len(got) {
					t.Fatalf("index %d after %d cells", i, len(got))
				}
				if c != CellAt(tc.v, i) {
					t.Errorf("cell %d = %+v, CellAt gives %+v", i, c, CellAt(tc.v, i))
				}
				c.Value = nil
				got = append(got, c)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Cells = %+v\nwant %+v", got, tc.want)
			}
			if tc.items == nil {
				return
			}
			// The flat items of each cell are the row's items, flattened.
			rows := tc.v.ToValue().([]any)
			for i, c := range Cells(tc.v) {
				if want := flattenGo(rows[i]); fmt.Sprint(tc.items(c)) != fmt.Sprint(want) {
					t.Errorf("cell %d items %v, want %v", i, tc.items(c), want)
				}
			}
		})
	}
	scalar := Must(NewScalar(opInts(7)))
	n := 0
	for i, c := range Cells(scalar) {
		n++
		if i != 0 || c.Start != 0 || c.End != 1 || c.Null {
			t.Errorf("scalar cell %d = %+v", i, c)
		}
	}
	if n != 1 {
		t.Errorf("a scalar has %d cells, want 1", n)
	}
	for range Cells(nil) {
		t.Error("a nil value has no cells")
	}
	if _, err := CellValues[int64](CellAt((*Dense)(nil), 0)); !errors.Is(err, ErrType) {
		t.Errorf("CellValues of a nil value's cell: err %v, want ErrType", err)
	}
	if _, err := CellValues[int64](CellAt(st, 0)); err == nil {
		t.Error("CellValues of a Tensor cell: want an error")
	}
}

// flattenGo lists the scalars of nested []any in order.
func flattenGo(v any) []any {
	l, ok := v.([]any)
	if !ok {
		return []any{v}
	}
	out := []any{}
	for _, x := range l {
		out = append(out, flattenGo(x)...)
	}
	return out
}

func TestRowsAndFields(t *testing.T) {
	st := Must(FromValue([]any{
		map[string]any{"n": int64(1), "s": "a"},
		nil,
		map[string]any{"n": int64(3), "s": "c"},
	}))
	var names []string
	for name, v := range st.FieldsSeq() {
		names = append(names, name)
		if !Equal(v, Must(st.Field(name))) {
			t.Errorf("field %s: %v", name, v)
		}
	}
	if !reflect.DeepEqual(names, st.FieldNames()) {
		t.Errorf("FieldsSeq names %v, want %v", names, st.FieldNames())
	}
	var seen []string
	for i, r := range st.Rows() {
		if r.Index() != i || r.IsNull() != (i == 1) {
			t.Errorf("row %d: Index %d IsNull %v", i, r.Index(), r.IsNull())
		}
		for name, c := range r.Cells() {
			seen = append(seen, fmt.Sprintf("%d.%s:%v", i, name, c.Null))
		}
		if r.Cell(0) != CellAt(Must(st.Field("n")), i) {
			t.Errorf("row %d: Cell(0) = %+v", i, r.Cell(0))
		}
	}
	want := []string{"0.n:false", "0.s:false", "1.n:true", "1.s:true", "2.n:false", "2.s:false"}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("cells %v, want %v", seen, want)
	}
	// Breaking out of the loops stops the iterators.
	count := 0
	for range st.Rows() {
		count++
		break
	}
	for range st.FieldsSeq() {
		count++
		break
	}
	for range Cells(Must(st.Field("n"))) {
		count++
		break
	}
	if count != 3 {
		t.Errorf("%d steps, want 3", count)
	}
	for range Must(FromValue(map[string]any{"a": 1})).Rows() {
		t.Error("a rank-0 Tensor has no rows")
	}
}

// TestIteratorsDoNotAllocatePerStep iterates 10 and 10,000 rows: the
// allocations (at most those of the iterator closures) must not grow with
// the number of steps.
func TestIteratorsDoNotAllocatePerStep(t *testing.T) {
	table := func(n int) *Tensor {
		st, _ := opBenchTensor(n, 3)
		return st
	}
	small, large := table(10), table(10_000)
	var sink int
	walk := func(st *Tensor) func() {
		docs := Must(st.Field("docs", "tokens"))
		return func() {
			for _, r := range st.Rows() {
				for k := range r.NumFields() {
					sink += r.Cell(k).Len()
				}
			}
			for _, c := range Cells(docs) {
				v, _ := CellValues[int64](c)
				sink += len(v)
			}
			for name := range st.FieldsSeq() {
				sink += len(name)
			}
		}
	}
	a, b := testing.AllocsPerRun(20, walk(small)), testing.AllocsPerRun(20, walk(large))
	if a != b || b > 16 {
		t.Errorf("allocations: %v for 10 rows, %v for 10000 rows; want the same few", a, b)
	}
	_ = sink
}
