package structured

import (
	"errors"
	"math"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

const opKitchen = `[
	{"title": "soup", "ingredients": [{"amount": 2.0, "price": 1.5, "qty": 3}, {"amount": 0.5, "price": 4.0, "qty": 1}]},
	{"title": "tea", "ingredients": []},
	{"title": "cake", "ingredients": [{"amount": 1.0, "price": null, "qty": 2}]}]`

func opTimes(x ...float64) float64 { return x[0] * x[1] }

// opRowSums sums the innermost rows of a float64 Ragged [n, var]: a
// reduction from the ingredients' level to the recipes'.
func opRowSums(args ...Value) (Value, error) {
	r := args[0].(*Ragged)
	items, err := r.Float64s()
	if err != nil {
		return nil, err
	}
	p := r.RowPartitions()[0]
	sums := make([]float64, p.NumRows())
	for i := range sums {
		s, e := p.Bounds(i)
		for _, x := range items[s:e] {
			sums[i] += x
		}
	}
	b := array.NewFloat64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(sums, nil)
	return NewDense(b.NewArray())
}

func TestApply(t *testing.T) {
	cases := []struct {
		name    string
		fn      func(...Value) (Value, error)
		sources [][]string
		target  []string
		want    string
	}{
		{"product per ingredient", ZipFloat64(opTimes), [][]string{{"ingredients", "amount"}, {"ingredients", "price"}},
			[]string{"ingredients", "cost"}, `[[3.0, 2.0], [], [null]]`},
		{"int64 arguments are converted", ZipFloat64(opTimes), [][]string{{"ingredients", "amount"}, {"ingredients", "qty"}},
			[]string{"ingredients", "weight"}, `[[6.0, 0.5], [], [2.0]]`},
		{"reduction to the parent level", opRowSums, [][]string{{"ingredients", "amount"}},
			[]string{"total"}, `[2.5, 0.0, 1.0]`},
		{"replaces an existing target", ZipFloat64(func(x ...float64) float64 { return 2 * x[0] }), [][]string{{"ingredients", "amount"}},
			[]string{"ingredients", "amount"}, `[[4.0, 1.0], [], [2.0]]`},
		{"no sources", func(...Value) (Value, error) { return Must(NewDense(opInts(1, 2, 3))), nil }, nil,
			[]string{"n"}, `[1, 2, 3]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := opST(t, opKitchen)
			got, err := st.Apply(c.fn, c.sources, c.target)
			if err != nil {
				t.Fatal(err)
			}
			opCheck(t, "target", opField(t, got, c.target...), c.want)
			opCheck(t, "input", st, opKitchen)
			if opField(t, got, "title") != opField(t, st, "title") {
				t.Error("title was rebuilt, want it shared")
			}
		})
	}
}

func TestApplyErrors(t *testing.T) {
	st := opST(t, opKitchen)
	boom := errors.New("boom")
	three := func(...Value) (Value, error) { return Must(NewDense(opInts(1, 2, 3))), nil }
	cases := []struct {
		name      string
		st        *Tensor
		fn        func(...Value) (Value, error)
		sources   [][]string
		target    []string
		kind      error
		fragments []string
	}{
		{"source above the target", st, three, [][]string{{"title"}}, []string{"ingredients", "t"}, ErrShape,
			[]string{"field title", "rank 1", "ingredients (rank 2)", "Broadcast"}},
		{"sources in other branches", opST(t, `[{"a": [{"x": 1.0}], "b": [{"y": 1.0}, {"y": 2.0}]}]`), three,
			[][]string{{"a", "x"}}, []string{"b", "z"}, ErrShape, []string{"field a.x", "dimension 1", "of b"}},
		{"result of the wrong shape", st, three, [][]string{{"ingredients", "amount"}}, []string{"ingredients", "t"}, ErrShape,
			[]string{"field ingredients.t", "rank 1", "rank >= 2"}},
		{"result of the wrong length", st, func(...Value) (Value, error) { return Must(NewDense(opInts(1))), nil }, nil, []string{"t"}, ErrShape,
			[]string{"field t", "1 rows, want 3"}},
		{"function error", st, func(...Value) (Value, error) { return nil, boom }, nil, []string{"t"}, boom,
			[]string{"field t", "boom"}},
		{"function returns nil", st, func(...Value) (Value, error) { return nil, nil }, nil, []string{"t"}, ErrType,
			[]string{"returned nil"}},
		{"nil function", st, nil, nil, []string{"t"}, ErrType, []string{"nil"}},
		{"missing source", st, three, [][]string{{"ingredients", "salt"}}, []string{"t"}, ErrPath,
			[]string{"field ingredients.salt", "no such field"}},
		{"empty source", st, three, [][]string{{}}, []string{"t"}, ErrPath, []string{"source 0: empty path"}},
		{"missing target parent", st, three, nil, []string{"steps", "t"}, ErrPath, []string{"field steps"}},
		{"empty target", st, three, nil, nil, ErrPath, []string{"empty target path"}},
		{"zip of mismatched shapes", st, ZipFloat64(opTimes), [][]string{{"ingredients", "amount"}, {"ingredients", "amount"}, {"title"}},
			[]string{"title2"}, ErrShape, []string{"argument 2", "[3]"}},
		{"zip of strings", st, ZipFloat64(opTimes), [][]string{{"title"}}, []string{"t"}, ErrType, []string{"holds string", "not float64 or int64"}},
		{"zip of a structure", st, ZipFloat64(opTimes), [][]string{{"ingredients"}}, []string{"t"}, ErrType, []string{"not a leaf"}},
		{"zip of nothing", st, ZipFloat64(opTimes), nil, []string{"t"}, ErrShape, []string{"at least one"}},
	}
	for _, c := range cases {
		_, err := c.st.Apply(c.fn, c.sources, c.target)
		opErr(t, c.name, err, c.kind, append(c.fragments, "Apply")...)
	}
}

func TestMapFloat64(t *testing.T) {
	// Nulls stay null (and their validity bitmap is shared), partitions
	// are shared, only the values are new.
	b := array.NewFloat64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues([]float64{1, 4, 9, 16, 25}, []bool{true, false, true, true, true})
	vals := b.NewArray()
	p := opLens(2, 0, 3)
	r := Must(NewRagged(vals, p))
	got, err := MapFloat64(math.Sqrt)(r)
	if err != nil {
		t.Fatal(err)
	}
	opCheck(t, "sqrt", got, `[[1.0, null], [], [3.0, 4.0, 5.0]]`)
	g := got.(*Ragged)
	if g.RowPartitions()[0] != p {
		t.Error("partition was rebuilt, want it shared")
	}
	if !sameMemory(g.Values().Data().Buffers()[0], vals.Data().Buffers()[0]) {
		t.Error("validity bitmap was copied, want it shared")
	}
	// A sliced (offset) array: its validity is re-based.
	sliced := array.NewSlice(vals, 1, 4)
	got = Must(MapFloat64(func(x float64) float64 { return -x })(Must(NewDense(sliced))))
	opCheck(t, "sliced", got, `[null, -9.0, -16.0]`)
	if d := got.(*Dense); !d.Shape().Equal(Shape{3}) {
		t.Errorf("shape %v, want [3]", d.Shape())
	}
	// MapInt64 on a dense [2, 2].
	got = Must(MapInt64(func(x int64) int64 { return x * 10 })(Must(NewDense(opInts(1, 2, 3, 4), 2, 2))))
	opCheck(t, "MapInt64", got, `[[10, 20], [30, 40]]`)
	// Errors.
	_, err = MapFloat64(math.Sqrt)(Must(NewDense(opInts(1))))
	opErr(t, "MapFloat64 of ints", err, ErrType, "MapFloat64", "float64", "int64")
	_, err = MapInt64(func(x int64) int64 { return x })(r)
	opErr(t, "MapInt64 of floats", err, ErrType, "MapInt64", "int64", "float64")
	_, err = MapInt64(func(x int64) int64 { return x })(opST(t, `[{"a": 1}]`))
	opErr(t, "MapInt64 of a structure", err, ErrType, "needs a leaf")
}

func TestZipFloat64(t *testing.T) {
	a := Must(NewRagged(opFloats(1, 2, 3), opLens(1, 2)))
	b := Must(NewRagged(opInts(10, 20, 30), opLens(1, 2)))
	got := Must(ZipFloat64(func(x ...float64) float64 { return x[0] + x[1] })(a, b))
	opCheck(t, "sum", got, `[[11.0], [22.0, 33.0]]`)
	if got.(*Ragged).RowPartitions()[0] != a.RowPartitions()[0] {
		t.Error("the result must share the first argument's partitions")
	}
	_, err := ZipFloat64(opTimes)(a, Must(NewRagged(opFloats(1, 2, 3), opLens(2, 1))))
	opErr(t, "different cuts", err, ErrShape, "ZipFloat64", "dimension 1")
}
