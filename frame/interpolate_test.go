package frame

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func TestInterpolate(t *testing.T) {
	nan := math.NaN()
	u8 := array.NewUint8Builder(memory.DefaultAllocator)
	u8.AppendValues([]uint8{1, 0, 4, 0, 0, 0, 0, 6}, []bool{true, false, true, false, false, false, false, true})
	f32 := array.NewFloat32Builder(memory.DefaultAllocator)
	f32.AppendValues([]float32{1, 0, 2, 0, 0, 0, 0, 0}, []bool{true, false, true, false, false, false, false, false})
	d := array.NewDate32Builder(memory.DefaultAllocator)
	d.AppendValues([]arrow.Date32{18262, 0, 18265, 0, 0, 0, 0, 0}, []bool{true, false, true, false, false, false, false, false})
	f := FromColumns([]string{"a", "x", "u8", "f32", "d", "s", "l"},
		[]any{nil, int64(1), nil, nil, int64(2), int64(5), nil, nil},
		[]any{1.0, nil, nan, nil, 3.0, nil, nil, nil},
		u8.NewArray(), f32.NewArray(), d.NewArray(),
		[]any{"p", nil, nil, "q", nil, nil, nil, nil},
		[]any{[]any{int64(1)}, nil, []any{}, nil, nil, nil, nil, nil},
	)
	g := FromColumns([]string{"a"}, []any{int64(10), nil, nil, int64(1), nil, int64(5), nil, nil, nil, int64(5)})
	if err := errors.Join(f.Err(), g.Err()); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		f    *Frame
		e    Expr
		want []any
	}{
		// Checked against nodejs-polars 0.26 (Polars 0.55): interpolate()
		// and interpolate("nearest") on each column.
		{"linear ints", f, Col("a").Interpolate(InterpolateLinear), []any{nil, 1.0, 4.0 / 3, 5.0 / 3, 2.0, 5.0, nil, nil}},
		{"nearest ints", f, Col("a").Interpolate(InterpolateNearest), []any{nil, int64(1), int64(1), int64(2), int64(2), int64(5), nil, nil}},
		{"linear down", g, Col("a").Interpolate(InterpolateLinear), []any{10.0, 7.0, 4.0, 1.0, 3.0, 5.0, 5.0, 5.0, 5.0, 5.0}},
		{"nearest down", g, Col("a").Interpolate(InterpolateNearest), []any{int64(10), int64(10), int64(1), int64(1), int64(5), int64(5), int64(5), int64(5), int64(5), int64(5)}},
		{"linear NaN", f, Col("x").Interpolate(InterpolateLinear), []any{1.0, nan, nan, nan, 3.0, nil, nil, nil}},
		{"nearest NaN", f, Col("x").Interpolate(InterpolateNearest), []any{1.0, nan, nan, 3.0, 3.0, nil, nil, nil}},
		{"linear uint8", f, Col("u8").Interpolate(InterpolateLinear), []any{1.0, 2.5, 4.0, 4.4, 4.8, 5.2, 5.6, 6.0}},
		{"nearest uint8", f, Col("u8").Interpolate(InterpolateNearest), []any{uint8(1), uint8(4), uint8(4), uint8(4), uint8(4), uint8(6), uint8(6), uint8(6)}},
		{"linear float32", f, Col("f32").Interpolate(InterpolateLinear), []any{float32(1), float32(1.5), float32(2), nil, nil, nil, nil, nil}},
		{"linear date", f, Col("d").Interpolate(InterpolateLinear), []any{arrow.Date32(18262), arrow.Date32(18263), arrow.Date32(18265), nil, nil, nil, nil, nil}},
		{"nearest date", f, Col("d").Interpolate(InterpolateNearest), []any{arrow.Date32(18262), arrow.Date32(18265), arrow.Date32(18265), nil, nil, nil, nil, nil}},
		{"nearest strings", f, Col("s").Interpolate(InterpolateNearest), []any{"p", "p", "q", "q", nil, nil, nil, nil}},
		{"nearest lists", f, Col("l").Interpolate(InterpolateNearest), []any{[]any{int64(1)}, []any{}, []any{}, nil, nil, nil, nil, nil}},
	}
	for _, tc := range tests {
		got, err := rowsEval(t, tc.f, tc.e)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !interpClose(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, e := range []Expr{Col("s").Interpolate(InterpolateLinear), Col("l").Interpolate(InterpolateLinear)} {
		if _, err := rowsEval(t, f, e); !errors.Is(err, ErrType) {
			t.Errorf("%s: %v, want ErrType", e, err)
		}
	}
	if _, err := rowsEval(t, f, Col("a").Interpolate(InterpolationMethod(7))); !errors.Is(err, ErrArgument) {
		t.Errorf("unknown method: %v", err)
	}
	if s := InterpolateNearest.String(); s != "nearest" {
		t.Errorf("String = %q", s)
	}
}

// interpClose is randDeepEqual with floats equal to 1e-12.
func interpClose(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, ok1 := a[i].(float64)
		y, ok2 := b[i].(float64)
		if ok1 && ok2 && math.Abs(x-y) < 1e-12 {
			continue
		}
		if !randDeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestInterpolateParts interpolates over two interleaved parts, as Over
// sets them.
func TestInterpolateParts(t *testing.T) {
	f := FromColumns([]string{"v"}, []any{int64(0), int64(100), nil, nil, int64(4), int64(200), nil, nil})
	p := &winParts{order: []int{0, 2, 4, 6, 1, 3, 5, 7}, starts: []int{0, 4, 8}}
	for _, tc := range []struct {
		m    InterpolationMethod
		want []any
	}{
		{InterpolateLinear, []any{0.0, 100.0, 2.0, 150.0, 4.0, 200.0, nil, nil}},
		{InterpolateNearest, []any{int64(0), int64(100), int64(4), int64(200), int64(4), int64(200), nil, nil}},
	} {
		c := &exprCtx{op: "test", f: f, rows: true, win: p}
		v, err := Col("v").Interpolate(tc.m).eval(c)
		if err != nil {
			t.Fatal(err)
		}
		val, err := v.toValue(8)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Series{v: val}).ToValue(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.m, got, tc.want)
		}
	}
}

// TestInterpolateProperty checks linear interpolation against a naive
// one over ToValue on random float columns.
func TestInterpolateProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 21))
	for iter := range 200 {
		n := rng.IntN(20)
		vals := make([]any, n)
		for i := range vals {
			if rng.IntN(2) == 0 {
				vals[i] = float64(rng.IntN(100))
			}
		}
		want := make([]any, n)
		copy(want, vals)
		prev := -1
		for i, x := range vals {
			if x == nil {
				continue
			}
			if prev >= 0 {
				a, b := vals[prev].(float64), x.(float64)
				for k := prev + 1; k < i; k++ {
					want[k] = a + (b-a)*float64(k-prev)/float64(i-prev)
				}
			}
			prev = i
		}
		f := FromColumns([]string{"v"}, vals)
		if n == 0 {
			f = FromColumns([]string{"v"}, []float64{})
		}
		got, err := rowsEval(t, f, Col("v").Interpolate(InterpolateLinear))
		if err != nil {
			t.Fatal(err)
		}
		if !interpClose(got, want) {
			t.Fatalf("iteration %d: %v, want %v", iter, got, want)
		}
	}
}

func TestFrameInterpolate(t *testing.T) {
	f := FromColumns([]string{"i", "s", "k"},
		[]any{int64(1), nil, int64(3)},
		[]any{"a", nil, "b"},
		[]int64{1, 2, 3},
	)
	lin := f.Interpolate(InterpolateLinear)
	if err := lin.Err(); err != nil {
		t.Fatal(err)
	}
	if got := sortColumn(t, lin, "i"); !reflect.DeepEqual(got, []any{1.0, 2.0, 3.0}) {
		t.Errorf("linear i: %v", got)
	}
	if got := sortColumn(t, lin, "s"); !reflect.DeepEqual(got, []any{"a", nil, "b"}) {
		t.Errorf("linear s: %v", got)
	}
	if got := sortColumn(t, lin, "k"); !reflect.DeepEqual(got, []any{1.0, 2.0, 3.0}) {
		t.Errorf("linear k (ints become floats): %v", got)
	}
	near := f.Interpolate(InterpolateNearest)
	if got := sortColumn(t, near, "s"); !reflect.DeepEqual(got, []any{"a", "b", "b"}) {
		t.Errorf("nearest s: %v", got)
	}
	if got := sortColumn(t, near, "i"); !reflect.DeepEqual(got, []any{int64(1), int64(3), int64(3)}) {
		t.Errorf("nearest i: %v", got)
	}
	if err := f.Interpolate(InterpolationMethod(3)).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("unknown method: %v", err)
	}
}
