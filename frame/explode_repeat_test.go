package frame

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// explRandVectors makes vectors of several Arrow types, n items with
// some nulls, sliced at a random offset (so that offsets are exercised).
func explRandVectors(t *testing.T, rng *rand.Rand, n int) []structured.Value {
	t.Helper()
	mem := memory.DefaultAllocator
	bs := []array.Builder{
		array.NewInt64Builder(mem), array.NewInt32Builder(mem), array.NewUint8Builder(mem),
		array.NewFloat64Builder(mem), array.NewBooleanBuilder(mem), array.NewStringBuilder(mem),
		array.NewLargeStringBuilder(mem), array.NewBinaryBuilder(mem, arrow.BinaryTypes.Binary),
		array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}),
		array.NewNullBuilder(mem),
	}
	extra := rng.IntN(3)
	for i := range n + extra {
		null := rng.IntN(4) == 0
		for _, b := range bs {
			if null {
				b.AppendNull()
				continue
			}
			switch b := b.(type) {
			case *array.Int64Builder:
				b.Append(int64(i * 7))
			case *array.Int32Builder:
				b.Append(int32(-i))
			case *array.Uint8Builder:
				b.Append(uint8(i))
			case *array.Float64Builder:
				b.Append(float64(i) / 4)
			case *array.BooleanBuilder:
				b.Append(i%3 == 0)
			case *array.StringBuilder:
				b.Append(string(rune('a' + i%26)))
			case *array.LargeStringBuilder:
				b.Append("large" + string(rune('a'+i%26)))
			case *array.BinaryBuilder:
				b.Append([]byte{byte(i), byte(i + 1)})
			case *array.BinaryDictionaryBuilder:
				_ = b.AppendString(string(rune('x' + i%3)))
			case *array.NullBuilder:
				b.AppendNull()
			}
		}
	}
	var out []structured.Value
	for _, b := range bs {
		a := b.NewArray()
		s := array.NewSlice(a, int64(extra), int64(a.Len()))
		d, err := structured.NewDense(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// TestExplodeRepeat checks the repeat kernels against a gather by parent
// row, for vectors of many types and for every column of random frames.
func TestExplodeRepeat(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for iter := range 200 {
		f, _ := nestRandFrame(rng, rng.IntN(7), true)
		n := f.NumRows()
		cols := explRandVectors(t, rng, n)
		for _, fv := range f.data.Fields() {
			cols = append(cols, fv.Value)
		}
		plan := &explPlan{n: n, counts: make([]int32, n)}
		for i := range plan.counts {
			plan.counts[i] = int32(rng.IntN(4))
			plan.rows += int(plan.counts[i])
		}
		for _, v := range cols {
			if v.NumRows() != n {
				continue
			}
			got, err := explRepeatValue(v, plan)
			if err != nil {
				t.Fatal(err)
			}
			want, err := structured.TakeValue(v, plan.parent())
			if err != nil {
				t.Fatal(err)
			}
			if !structured.Equal(got, want) || !reflect.DeepEqual(got.ToValue(), want.ToValue()) {
				t.Fatalf("iter %d: repeat %v by %v\n got %v\nwant %v", iter, v, plan.counts, got, want)
			}
		}
	}
}
