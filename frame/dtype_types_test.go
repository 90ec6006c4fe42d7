package frame

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/internal/dtype"
)

// The per-type operations over every integer, float, temporal and string
// type, on sliced columns (an offset not 0) holding nulls.

// typedVals is the column the tests slice: rows 1..10 are kept; one
// digit each, so that strings ("s3") order as the numbers do.
var typedVals = []int64{8, 3, 1, 4, 1, 5, 9, 2, 6, 0, 3, 7}

// typedNull puts a null in rows 2 and 6 of the full column (1 and 5 of
// the slice).
func typedNull(i int) bool { return i%4 == 2 }

// typedSliced is typedVals of type dt, nulls in, sliced to rows 1..10,
// with the slice's row values and nulls.
func typedSliced(t *testing.T, dt arrow.DataType) (a arrow.Array, vals []int64, null []bool) {
	t.Helper()
	full := typedArray(t, dt, typedVals, typedNull)
	t.Cleanup(full.Release)
	a = typedSlice(full, 1, 11)
	t.Cleanup(a.Release)
	for i := 1; i < 11; i++ {
		vals, null = append(vals, typedVals[i]), append(null, typedNull(i))
	}
	return a, vals, null
}

// typedColumn is the Go values of column name of f, row by row.
func typedColumn(t *testing.T, f *Frame, name string) []any {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	rows, ok := f.data.ToValue().([]any)
	if !ok {
		t.Fatalf("rows: %T", f.data.ToValue())
	}
	out := make([]any, len(rows))
	for i, r := range rows {
		out[i] = r.(map[string]any)[name]
	}
	return out
}

// typedType is the Arrow type of column name of f.
func typedType(t *testing.T, f *Frame, name string) arrow.DataType {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for _, fs := range f.data.Spec().Fields {
		if fs.Name == name {
			return fs.Type
		}
	}
	t.Fatalf("no column %q", name)
	return nil
}

func TestSortEveryType(t *testing.T) {
	for _, dt := range append(slices.Clone(typedNumbers), typedStrings...) {
		a, vals, null := typedSliced(t, dt)
		f := typedFrame(t, []string{"k"}, a)
		items := typedColumn(t, f, "k")
		for _, desc := range []bool{false, true} {
			key := Asc("k")
			if desc {
				key = Desc("k")
			}
			perm := make([]int, len(vals))
			for i := range perm {
				perm[i] = i
			}
			slices.SortStableFunc(perm, func(i, j int) int {
				switch {
				case null[i] || null[j]:
					return boolCmp(null[i], null[j]) // nulls last either way
				case desc:
					return int(vals[j] - vals[i])
				}
				return int(vals[i] - vals[j])
			})
			want := make([]any, len(perm))
			for i, p := range perm {
				want[i] = items[p]
			}
			if got := typedColumn(t, f.Sort(key), "k"); !reflect.DeepEqual(got, want) {
				t.Errorf("%s desc=%v: %v, want %v", dt, desc, got, want)
			}
		}
	}
}

// boolCmp orders false before true.
func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// TestJoinKeysOfTwoWidths joins integer keys of two widths and
// signedness (uint64 too, its values being small), and refuses keys of
// two families.
func TestJoinKeysOfTwoWidths(t *testing.T) {
	ints := []arrow.DataType{
		arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
		arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	}
	for _, lt := range ints {
		for _, rt := range ints {
			la, _, _ := typedSliced(t, lt)
			ra, _, _ := typedSliced(t, rt)
			l := typedFrame(t, []string{"k"}, la)
			r := typedFrame(t, []string{"k"}, ra)
			got := typedColumn(t, l.Join(r, On("k"), Inner), "k")
			// The slice's keys but the nulls: 3 4 1 5 2 6 0, each once.
			if fmt.Sprint(got) != "[3 4 1 5 2 6 0]" {
				t.Errorf("%s join %s: %v, want [3 4 1 5 2 6 0]", lt, rt, got)
			}
		}
	}
	for _, c := range [][2]arrow.DataType{
		{arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Float32},
		{arrow.PrimitiveTypes.Uint64, arrow.PrimitiveTypes.Float64},
		{arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64},
	} {
		la, _, _ := typedSliced(t, c[0])
		ra, _, _ := typedSliced(t, c[1])
		err := typedFrame(t, []string{"k"}, la).Join(typedFrame(t, []string{"k"}, ra), On("k"), Inner).Err()
		if !errors.Is(err, ErrType) {
			t.Errorf("%s join %s: err %v, want ErrType", c[0], c[1], err)
		}
	}
}

func TestConcatEveryWidth(t *testing.T) {
	classes := [][]arrow.DataType{
		{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64},
		{arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64},
		{arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64},
		typedStrings,
	}
	for ci, class := range classes {
		for i, at := range class {
			for j, bt := range class {
				a, _, _ := typedSliced(t, at)
				b, _, _ := typedSliced(t, bt)
				fa, fb := typedFrame(t, []string{"k"}, a), typedFrame(t, []string{"k"}, b)
				got := Concat(fa, fb)
				want := class[max(i, j)]
				switch {
				case ci == len(classes)-1 && i != j:
					want = arrow.BinaryTypes.LargeString
				case ci == len(classes)-1:
					want = at
				}
				if gt := typedType(t, got, "k"); !arrow.TypeEqual(gt, want) {
					t.Errorf("%s + %s: %s, want %s", at, bt, gt, want)
					continue
				}
				wantItems := append(typedColumn(t, fa, "k"), typedColumn(t, fb, "k")...)
				if g, w := fmt.Sprint(typedColumn(t, got, "k")), fmt.Sprint(wantItems); g != w {
					t.Errorf("%s + %s: %s, want %s", at, bt, g, w)
				}
			}
		}
	}
	// Across classes: an error.
	for _, c := range [][2]arrow.DataType{
		{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Uint8},
		{arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Float32},
		{arrow.PrimitiveTypes.Int64, arrow.FixedWidthTypes.Timestamp_us},
		{arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64},
		{arrow.FixedWidthTypes.Time32ms, arrow.FixedWidthTypes.Time64us},
		{arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String},
	} {
		a, _, _ := typedSliced(t, c[0])
		b, _, _ := typedSliced(t, c[1])
		if err := Concat(typedFrame(t, []string{"k"}, a), typedFrame(t, []string{"k"}, b)).Err(); !errors.Is(err, ErrType) {
			t.Errorf("%s + %s: err %v, want ErrType", c[0], c[1], err)
		}
	}
}

func TestFillNullEveryType(t *testing.T) {
	for _, dt := range append(slices.Clone(typedNumbers), typedStrings...) {
		a, _, null := typedSliced(t, dt)
		f := typedFrame(t, []string{"k"}, a)
		items := typedColumn(t, f, "k")
		fv := dtype.Of(dt)
		var fill any = 7
		switch {
		case fv.Class == dtype.ClassString || fv.Class == dtype.ClassDictionary:
			fill = "x"
		case fv.Temporal():
			// Not written: the broadcast leaves the column, the map form
			// is an error.
			if got := typedColumn(t, f.FillNull(fill), "k"); !reflect.DeepEqual(got, items) {
				t.Errorf("%s: FillNull(7) changed the column: %v", dt, got)
			}
			if err := f.FillNull(map[string]any{"k": fill}).Err(); !errors.Is(err, ErrType) {
				t.Errorf("%s: FillNull(map) err %v, want ErrType", dt, err)
			}
			continue
		}
		for _, g := range []*Frame{f.FillNull(fill), f.FillNull(map[string]any{"k": fill})} {
			if gt := typedType(t, g, "k"); !arrow.TypeEqual(gt, dt) {
				t.Errorf("%s: filled as %s", dt, gt)
			}
			got := typedColumn(t, g, "k")
			for i, x := range got {
				want := fmt.Sprint(items[i])
				if null[i] {
					want = fmt.Sprint(fill)
				}
				if fmt.Sprint(x) != want {
					t.Errorf("%s row %d: %v, want %s", dt, i, x, want)
				}
			}
		}
	}
}

// TestFillNullRange fills each integer width with the values at and
// just past its bounds.
func TestFillNullRange(t *testing.T) {
	for _, dt := range typedNumbers {
		fv := dtype.Of(dt)
		if !fv.Integer() {
			continue
		}
		bits := 8 * fv.Width
		a, _, _ := typedSliced(t, dt)
		f := typedFrame(t, []string{"k"}, a)
		var fits, fails []any
		if fv.Class == dtype.ClassSigned {
			hi := int64(math.MaxInt64) >> (64 - bits)
			lo := -hi - 1
			fits = []any{hi, lo, float64(lo), -1.0, uint64(hi)}
			fails = []any{1.5, math.NaN(), uint64(hi) + 1, math.Ldexp(1, bits-1)}
			if bits < 64 {
				fails = append(fails, hi+1, lo-1)
			}
		} else {
			hi := uint64(math.MaxUint64) >> (64 - bits)
			fits = []any{hi, 0, 0.0}
			fails = []any{-1, -1.0, 2.5, math.Ldexp(1, bits)}
			if bits < 64 {
				fits = append(fits, int64(hi), float64(hi))
				fails = append(fails, hi+1, int64(hi)+1)
			}
		}
		for _, x := range fits {
			g := f.FillNull(map[string]any{"k": x})
			if err := g.Err(); err != nil {
				t.Errorf("%s fill %v (%T): %v", dt, x, x, err)
				continue
			}
			if got, want := fmt.Sprint(typedColumn(t, g, "k")[1]), fmt.Sprint(x); got != want && !strings.HasSuffix(want, ".0") && want != "-0" {
				if fx, ok := x.(float64); !ok || got != fmt.Sprint(int64(fx)) {
					t.Errorf("%s fill %v (%T): %s", dt, x, x, got)
				}
			}
		}
		for _, x := range fails {
			if err := f.FillNull(map[string]any{"k": x}).Err(); !errors.Is(err, ErrType) {
				t.Errorf("%s fill %v (%T): err %v, want ErrType", dt, x, x, err)
			}
		}
	}
}

// TestFillNullDictionaries fills dictionaries of strings of every index
// width; a dictionary of large strings, which Arrow's builder does not
// write, is an error, not a panic.
func TestFillNullDictionaries(t *testing.T) {
	for _, idx := range []arrow.DataType{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Uint64} {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: arrow.BinaryTypes.String}
		a, _, null := typedSliced(t, dt)
		got := typedColumn(t, typedFrame(t, []string{"k"}, a).FillNull("x"), "k")
		for i, x := range got {
			if (x == "x") != null[i] {
				t.Errorf("%s row %d: %v", dt, i, x)
			}
		}
	}
	dt := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.LargeString}
	entries := typedArray(t, arrow.BinaryTypes.LargeString, []int64{1, 2}, nil)
	defer entries.Release()
	indices := typedArray(t, arrow.PrimitiveTypes.Int32, []int64{0, 1, 0}, func(i int) bool { return i == 1 })
	defer indices.Release()
	a := array.NewDictionaryArray(dt, indices, entries)
	defer a.Release()
	f := typedFrame(t, []string{"k"}, a)
	if err := f.FillNull(map[string]any{"k": "x"}).Err(); !errors.Is(err, ErrType) {
		t.Errorf("dictionary of large strings: err %v, want ErrType", err)
	}
	if err := f.FillNull("x").Err(); err != nil {
		t.Errorf("dictionary of large strings, broadcast: %v", err)
	}
}

func TestGroupByEveryType(t *testing.T) {
	for _, dt := range append(slices.Clone(typedNumbers), typedStrings...) {
		a, vals, null := typedSliced(t, dt)
		distinct := map[int64]bool{}
		nulls := 0
		for i, v := range vals {
			if null[i] {
				nulls++
			} else {
				distinct[v] = true
			}
		}
		g := typedFrame(t, []string{"k"}, a).GroupBy("k").Agg(Len().Alias("n"))
		keys, counts := typedColumn(t, g, "k"), typedColumn(t, g, "n")
		if len(keys) != len(distinct)+1 {
			t.Errorf("%s: %d groups %v, want %d", dt, len(keys), keys, len(distinct)+1)
			continue
		}
		for i, k := range keys {
			if k == nil && fmt.Sprint(counts[i]) != fmt.Sprint(nulls) {
				t.Errorf("%s: %v nulls, want %d", dt, counts[i], nulls)
			}
		}
	}
}
