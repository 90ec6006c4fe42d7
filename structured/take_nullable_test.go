package structured

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// nullableRows is a table with a vector, a ragged list, a fixed-length
// list and a nested structure.
func nullableRows() []any {
	return []any{
		map[string]any{"id": int64(1), "tags": []any{"a", "b"}, "xy": []any{1.5, 2.5}, "in": map[string]any{"k": "p"}},
		map[string]any{"id": int64(2), "tags": []any{}, "xy": []any{3.5, 4.5}, "in": map[string]any{"k": "q"}},
		map[string]any{"id": int64(3), "tags": []any{"c"}, "xy": []any{5.5, 6.5}, "in": map[string]any{"k": nil}},
	}
}

// nullableSpec fixes xy at length 2, so that it is a dense [n, 2] leaf.
const nullableSpec = "3 * {id: int64, tags: var * string, xy: 2 * float64, in: {k: ?string}}"

func TestTakeNullable(t *testing.T) {
	rows := nullableRows()
	st := Must(FromValueSpec(rows, Must(ParseSpec(nullableSpec))))
	rank2 := Must(FromValue([]any{rows[:2], []any{}, rows[2:]}))
	for _, tc := range []struct {
		name string
		st   *Tensor
		idx  []int
		want []any
	}{
		{"table", st, []int{1, -1, 0, -1, 2}, []any{rows[1], nil, rows[0], nil, rows[2]}},
		{"only nulls", st, []int{-1, -1}, []any{nil, nil}},
		{"no nulls, run", st, []int{1, 2}, rows[1:]},
		{"none", st, []int{}, []any{}},
		{"rank 2", rank2, []int{2, -1, 0}, []any{[]any{rows[2]}, nil, []any{rows[0], rows[1]}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.st.TakeNullable(tc.idx)
			if err != nil {
				t.Fatal(err)
			}
			if v := got.ToValue(); !reflect.DeepEqual(v, tc.want) {
				t.Fatalf("TakeNullable(%v)\n got %v\nwant %v", tc.idx, v, tc.want)
			}
			if err := got.Validate(); err != nil {
				t.Error(err)
			}
			if got.Rank() != 1 {
				return
			}
			// Null rows are null all the way down: the structure, its
			// items, its lists and its nested structures.
			for i, j := range tc.idx {
				if got.IsNull(i) != (j == NullRow) {
					t.Errorf("row %d: IsNull %v, want %v", i, got.IsNull(i), j == NullRow)
				}
				if j != NullRow {
					continue
				}
				id := Must(got.Field("id")).(*Dense)
				tags := Must(got.Field("tags")).(*Ragged)
				in := Must(got.Field("in")).(*Tensor)
				if !id.IsNull(i) || !tags.parts[0].IsNull(i) || !in.IsNull(i) {
					t.Errorf("row %d: id null %v, tags null %v, in null %v; want all null", i, id.IsNull(i), tags.parts[0].IsNull(i), in.IsNull(i))
				}
				xy := Must(got.Field("xy")).(*Ragged)
				if s, e := xy.parts[0].Bounds(i); !xy.parts[0].IsNull(i) || e-s != 2 || !xy.IsNull(s) || !xy.IsNull(s+1) {
					t.Errorf("row %d: xy should be a null list of 2 null items", i)
				}
			}
		})
	}
}

func TestTakeNullableErrors(t *testing.T) {
	st := Must(FromValue(nullableRows()))
	for _, idx := range [][]int{{-2}, {3}, {0, -5}} {
		if _, err := st.TakeNullable(idx); !errors.Is(err, ErrIndex) {
			t.Errorf("TakeNullable(%v): err %v, want ErrIndex", idx, err)
		}
		if _, err := TakeValueNullable(Must(st.Field("id")), idx); !errors.Is(err, ErrIndex) {
			t.Errorf("TakeValueNullable(%v): err %v, want ErrIndex", idx, err)
		}
	}
	// Take keeps counting -1 from the end.
	if got := Must(st.Take([]int{-1})).ToValue(); !reflect.DeepEqual(got, []any{nullableRows()[2]}) {
		t.Errorf("Take(-1) = %v, want the last row", got)
	}
	scalar := Must(FromValue(map[string]any{"a": 1}))
	if _, err := scalar.TakeNullable([]int{0}); !errors.Is(err, ErrIndex) {
		t.Errorf("rank 0: err %v, want ErrIndex", err)
	}
}

func TestTakeValueNullable(t *testing.T) {
	st := Must(FromValueSpec(nullableRows(), Must(ParseSpec(nullableSpec))))
	idx := []int{2, -1, 0}
	for _, name := range []string{"id", "tags", "xy", "in"} {
		t.Run(name, func(t *testing.T) {
			got := Must(TakeValueNullable(Must(st.Field(name)), idx))
			want := Must(Must(st.TakeNullable(idx)).Field(name))
			if !Equal(got, want) {
				t.Errorf("got %v\nwant %v", got, want)
			}
			if v := got.ToValue().([]any); v[1] != nil {
				t.Errorf("row 1 = %v, want nil", v[1])
			}
		})
	}
}

func TestNullRows(t *testing.T) {
	rows := nullableRows()
	for _, tc := range []struct {
		name string
		st   *Tensor
	}{
		{"table", Must(FromValueSpec(rows, Must(ParseSpec(nullableSpec))))},
		{"rank 2", Must(FromValue([]any{rows[:2], []any{}, rows[2:]}))},
		{"rank 2 uniform", Must(FromValue([]any{rows[:2], rows[1:]}))},
	} {
		for _, n := range []int{0, 1, 3} {
			t.Run(fmt.Sprintf("%s/n=%d", tc.name, n), func(t *testing.T) {
				nulls, err := NullRows(tc.st.Spec(), n)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]any, n)
				if got := nulls.ToValue(); !reflect.DeepEqual(got, want) {
					t.Errorf("ToValue = %v, want %v", got, want)
				}
				if nulls.Rank() != tc.st.Rank() || !reflect.DeepEqual(nulls.FieldNames(), tc.st.FieldNames()) {
					t.Errorf("rank %d fields %v, want %d %v", nulls.Rank(), nulls.FieldNames(), tc.st.Rank(), tc.st.FieldNames())
				}
				cat, err := Concat(0, tc.st, nulls)
				if err != nil {
					t.Fatal(err)
				}
				wantCat := append(tc.st.ToValue().([]any), want...)
				if got := cat.ToValue(); !reflect.DeepEqual(got, wantCat) {
					t.Errorf("Concat = %v, want %v", got, wantCat)
				}
			})
		}
	}
	for _, tc := range []struct {
		spec *Spec
		n    int
		kind error
	}{
		{nil, 1, ErrSchema},
		{Must(ParseSpec("{a: int64}")), 1, ErrShape},
		{Must(ParseSpec("var * {a: int64}")), -1, ErrShape},
	} {
		if _, err := NullRows(tc.spec, tc.n); !errors.Is(err, tc.kind) {
			t.Errorf("NullRows(%v, %d): err %v, want %v", tc.spec, tc.n, err, tc.kind)
		}
	}
}

// BenchmarkTakeWithNulls takes as many rows as the Tensor has in random
// order, one in ten of them -1 (a null row, as a left join's unmatched
// rows), against the same Take without nulls. Both copy every field.
func BenchmarkTakeWithNulls(b *testing.B) {
	for _, n := range []int{100_000} {
		st, bytes := opBenchTensor(n, 3)
		rng := rand.New(rand.NewPCG(3, 4))
		plain := rng.Perm(n)
		withNulls := append([]int{}, plain...)
		for i := range withNulls {
			if i%10 == 0 {
				withNulls[i] = NullRow
			}
		}
		for _, c := range []struct {
			name string
			idx  []int
			take func([]int) (*Tensor, error)
		}{{"nulls=10%", withNulls, st.TakeNullable}, {"nulls=0", plain, st.Take}} {
			b.Run(fmt.Sprintf("rows=%d/%s", n, c.name), func(b *testing.B) {
				b.SetBytes(bytes)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.take(c.idx); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
