package structured

import (
	"errors"
	"reflect"
	"testing"
)

// columnTable has a vector, a ragged list with a null list, a [n, 2]
// dense leaf, a list of lists and a nested structure.
func columnTable() *Tensor {
	spec := Must(ParseSpec("4 * {id: int64, tags: ?var * string, xy: 2 * float64, mm: var * var * int64, in: {k: ?string}}"))
	x := func(id int64, tags any, mm any, k any) any {
		return map[string]any{"id": id, "tags": tags, "xy": []any{float64(id), -float64(id)}, "mm": mm, "in": map[string]any{"k": k}}
	}
	return Must(FromValueSpec([]any{
		x(1, []any{"a", "b"}, []any{[]any{int64(1)}, []any{}, []any{int64(2), int64(3)}}, "p"),
		x(2, nil, []any{}, nil),
		x(3, []any{}, []any{[]any{int64(4)}}, "q"),
		x(4, []any{"c"}, []any{[]any{}, []any{int64(5), int64(6)}}, "r"),
	}, spec))
}

// TestColumnOps checks each column operation on every field against the
// same Tensor operation applied to the whole table.
func TestColumnOps(t *testing.T) {
	st := columnTable()
	for _, name := range st.FieldNames() {
		col := Must(st.Field(name))
		t.Run(name, func(t *testing.T) {
			for _, idx := range [][]int{{3, 0, -1}, {1, 2}, {}} {
				got, err := TakeValue(col, idx)
				if err != nil {
					t.Fatal(err)
				}
				if want := Must(Must(st.Take(idx)).Field(name)); !Equal(got, want) {
					t.Errorf("TakeValue(%v) = %v, want %v", idx, got, want)
				}
			}
			for _, s := range []Slice{Span(1, 3), All.By(-2), From(2), Span(3, 1), To(-1).By(2)} {
				got, err := SliceValue(col, s)
				if err != nil {
					t.Fatal(err)
				}
				if want := Must(Must(st.Slice(0, s)).Field(name)); !Equal(got, want) {
					t.Errorf("SliceValue(%v) = %v, want %v", s, got, want)
				}
			}
			a, b := Must(SliceValue(col, To(1))), Must(TakeValue(col, []int{3, 1}))
			got, err := ConcatValues(a, b, col)
			if err != nil {
				t.Fatal(err)
			}
			want := Must(Must(Concat(0, Must(st.Slice(0, To(1))), Must(st.Take([]int{3, 1})), st)).Field(name))
			if !Equal(got, want) {
				t.Errorf("ConcatValues = %v, want %v", got, want)
			}
			if col.Rank() < 2 {
				return
			}
			m, err := MergeValueDims(col, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			var flat []any // the rows' lists, one after the other
			for _, row := range col.ToValue().([]any) {
				if row != nil {
					flat = append(flat, row.([]any)...)
				}
			}
			if v := m.ToValue(); !reflect.DeepEqual(v, flat) {
				t.Errorf("MergeValueDims(0, 1) = %v, want %v", v, flat)
			}
		})
	}
}

func TestFlattenRows(t *testing.T) {
	st := columnTable()
	for _, tc := range []struct {
		name string
		want []any
	}{
		{"mm", []any{[]any{int64(1), int64(2), int64(3)}, []any{}, []any{int64(4)}, []any{int64(5), int64(6)}}},
		{"xy", []any{[]any{1.0, -1.0}, []any{2.0, -2.0}, []any{3.0, -3.0}, []any{4.0, -4.0}}},
		{"tags", []any{[]any{"a", "b"}, nil, []any{}, []any{"c"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FlattenRows(Must(st.Field(tc.name)))
			if err != nil {
				t.Fatal(err)
			}
			if got.Rank() != 2 {
				t.Errorf("rank %d, want 2", got.Rank())
			}
			if v := got.ToValue(); !reflect.DeepEqual(v, tc.want) {
				t.Errorf("FlattenRows = %v, want %v", v, tc.want)
			}
		})
	}
	// A rank-3 Tensor: each outer row gets all of its structures.
	rank3 := Must(FromValue([]any{
		[]any{[]any{map[string]any{"a": int64(1)}}, []any{map[string]any{"a": int64(2)}, map[string]any{"a": int64(3)}}},
		[]any{},
		[]any{[]any{}, []any{map[string]any{"a": int64(4)}}},
	}))
	got := Must(FlattenRows(rank3))
	want := []any{
		[]any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}, map[string]any{"a": int64(3)}},
		[]any{},
		[]any{map[string]any{"a": int64(4)}},
	}
	if v := got.ToValue(); !reflect.DeepEqual(v, want) {
		t.Errorf("FlattenRows(rank 3) = %v, want %v", v, want)
	}
}

func TestColumnOpsErrors(t *testing.T) {
	st := columnTable()
	id := Must(st.Field("id"))
	scalar := Must(NewScalar(opInts(7)))
	for _, tc := range []struct {
		name string
		err  error
		kind error
	}{
		{"take out of range", second(TakeValue(id, []int{4})), ErrIndex},
		{"take from the end too far", second(TakeValue(id, []int{-5})), ErrIndex},
		{"take scalar", second(TakeValue(scalar, []int{0})), ErrIndex},
		{"take nil", second(TakeValue(nil, []int{0})), ErrType},
		{"slice scalar", second(SliceValue(scalar, All)), ErrIndex},
		{"concat none", second(ConcatValues()), ErrShape},
		{"concat nil", second(ConcatValues(id, nil)), ErrShape},
		{"concat scalar", second(ConcatValues(scalar, scalar)), ErrShape},
		{"concat dtypes", second(ConcatValues(id, Must(st.Field("xy")))), ErrSchema},
		{"merge axis", second(MergeValueDims(id, 0, 1)), ErrIndex},
		{"merge order", second(MergeValueDims(Must(st.Field("mm")), 2, 1)), ErrIndex},
		{"merge nil", second(MergeValueDims(nil, 0, 1)), ErrType},
		{"flatten rank 1", second(FlattenRows(id)), ErrShape},
		{"flatten nil", second(FlattenRows(nil)), ErrType},
	} {
		if !errors.Is(tc.err, tc.kind) {
			t.Errorf("%s: err %v, want %v", tc.name, tc.err, tc.kind)
		}
	}
}

// second returns the error of a (value, error) pair.
func second(_ Value, err error) error { return err }
