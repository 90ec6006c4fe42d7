package structured

import (
	"math"
	"reflect"
	"testing"
)

func coreFloats(vals ...float64) *Dense { return Must(NewDense(arwF64(vals, nil))) }

func TestEqual(t *testing.T) {
	ints := func(v ...int64) *Dense { return Must(NewDense(arwI64(v, nil))) }
	lens := func(l ...int64) *RowPartition { return Must(PartitionFromLengths(l)) }
	table := func(fields ...FieldValue) *Tensor { return Must(FromFields(fields, 1)) }
	base := table(FieldValue{"a", ints(1, 2)}, FieldValue{"b", coreFloats(1.5, math.NaN())})
	cases := []struct {
		name  string
		other Value
		equal bool
	}{
		{"itself", base, true},
		{"field order differs", table(FieldValue{"b", coreFloats(1.5, math.NaN())}, FieldValue{"a", ints(1, 2)}), true},
		{"value differs", table(FieldValue{"a", ints(1, 3)}, FieldValue{"b", coreFloats(1.5, math.NaN())}), false},
		{"null differs", table(FieldValue{"a", Must(NewDense(arwI64([]int64{1, 2}, []bool{true, false})))}, FieldValue{"b", coreFloats(1.5, math.NaN())}), false},
		{"field missing", table(FieldValue{"a", ints(1, 2)}), false},
		{"field renamed", table(FieldValue{"a", ints(1, 2)}, FieldValue{"c", coreFloats(1.5, math.NaN())}), false},
		{"dtype differs", table(FieldValue{"a", coreFloats(1, 2)}, FieldValue{"b", coreFloats(1.5, math.NaN())}), false},
		{"not a tensor", ints(1, 2), false},
	}
	for _, c := range cases {
		if got := Equal(base, c.other); got != c.equal {
			t.Errorf("%s: Equal = %v, want %v", c.name, got, c.equal)
		}
	}
	// Kinds: a dense [2, 2] and a ragged of the same items are not equal.
	dense := Must(NewDense(arwI64([]int64{1, 2, 3, 4}, nil), 2, 2))
	ragged := Must(NewRagged(arwI64([]int64{1, 2, 3, 4}, nil), lens(2, 2)))
	uniform := Must(NewRagged(arwI64([]int64{1, 2, 3, 4}, nil), Must(PartitionFromUniform(2, Unknown, 2))))
	if Equal(dense, ragged) || Equal(ragged, uniform) || !Equal(ragged, Must(NewRagged(arwI64([]int64{1, 2, 3, 4}, nil), lens(2, 2)))) {
		t.Error("dense, ragged and uniform-ragged values must differ from each other and equal themselves")
	}
	if Equal(ragged, Must(NewRagged(arwI64([]int64{1, 2, 3, 4}, nil), lens(1, 3)))) {
		t.Error("ragged values with other row splits must differ")
	}
}

func TestToValueNulls(t *testing.T) {
	p := Must(Must(PartitionFromLengths([]int64{2, 0, 1})).WithValidity([]bool{true, false, true}))
	r := Must(NewRagged(arwI64([]int64{1, 0, 3}, []bool{true, false, true}), p))
	st := Must(FromFields([]FieldValue{{"r", r}}, 1))
	want := []any{
		map[string]any{"r": []any{int64(1), nil}},
		map[string]any{"r": nil},
		map[string]any{"r": []any{int64(3)}},
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue = %v, want %v", got, want)
	}
	// Null structures.
	st.valid = validityFromBools([]bool{true, true, false})
	want[2] = nil
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue with a null structure = %v, want %v", got, want)
	}
}

func TestString(t *testing.T) {
	inner := Must(FromFields([]FieldValue{{"sizes", Must(NewRagged(coreFloats(8, 7.5, 11, 9, 9.5, 10, 1, 2).values, Must(PartitionFromLengths([]int64{2, 1, 5}))))}}, 1))
	st := Must(FromFields([]FieldValue{
		{"age", Must(NewDense(arwI64([]int64{12, 82, 42}, nil)))},
		{"first name", Must(NewDense(arwStr([]string{"Jo", "Bob", "Elmo"}, nil)))},
		{"shoes", inner},
	}, 1))
	want := `<StructuredTensor shape=[3] fields={
  age: int64 [12, 82, 42]
  "first name": string ["Jo", "Bob", "Elmo"]
  shoes: <StructuredTensor shape=[3] fields={
    sizes: float64 [3, var] [[8, 7.5], [11], [9, 9.5, 10, 1, 2]]
  }>
}>`
	if got := st.String(); got != want {
		t.Errorf("String =\n%s\nwant\n%s", got, want)
	}
	long := Must(NewDense(arwI64([]int64{1, 2, 3, 4, 5, 6, 7, 8, 9}, nil)))
	if got := long.String(); got != "<Dense int64 shape=[9] [1, 2, 3, 4, 5, 6, ... 3 more]>" {
		t.Errorf("long String = %s", got)
	}
}

// String reads only the items it prints: printing a large leaf allocates
// as much as printing a small one.
func TestStringReadsOnlyPrintedItems(t *testing.T) {
	table := func(n int) *Tensor {
		vals := make([]int64, n)
		lens := make([]int64, n/4)
		for i := range lens {
			lens[i] = 4
		}
		r := Must(NewRagged(arwI64(vals, nil), Must(PartitionFromLengths(lens))))
		return Must(FromFields([]FieldValue{{"r", r}}, 1))
	}
	small, large := table(40), table(400_000)
	a := testing.AllocsPerRun(5, func() { _ = small.String() })
	b := testing.AllocsPerRun(5, func() { _ = large.String() })
	// Reading every item would cost at least one allocation per row (100,000);
	// the margin absorbs sync.Pool misses in fmt (frequent under -race).
	if b > a+100 {
		t.Errorf("String of 100,000 rows made %v allocations, of 10 rows %v: it must not read unprinted items", b, a)
	}
}
