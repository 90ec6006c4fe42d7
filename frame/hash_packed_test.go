package frame

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// TestGrpPackedAgrees: grouping by keys packed into one word gives the
// groups, in the same order, as hashing and comparing the columns one by
// one, over keys of every width, with and without nulls, bools and dates.
func TestGrpPackedAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mem := memory.DefaultAllocator
	makeKey := func(kind, n int, nulls bool) structured.Value {
		var b array.Builder
		switch kind {
		case 0:
			b = array.NewInt8Builder(mem)
		case 1:
			b = array.NewUint16Builder(mem)
		case 2:
			b = array.NewInt32Builder(mem)
		case 3:
			b = array.NewDate32Builder(mem)
		default:
			b = array.NewBooleanBuilder(mem)
		}
		defer b.Release()
		for i := 0; i < n; i++ {
			if nulls && rng.IntN(5) == 0 {
				b.AppendNull()
				continue
			}
			x := rng.IntN(4) - 1
			switch b := b.(type) {
			case *array.Int8Builder:
				b.Append(int8(x))
			case *array.Uint16Builder:
				b.Append(uint16(x + 1))
			case *array.Int32Builder:
				b.Append(int32(x * 1000))
			case *array.Date32Builder:
				b.Append(arrow.Date32(19000 + x))
			case *array.BooleanBuilder:
				b.Append(x > 0)
			}
		}
		a := b.NewArray()
		defer a.Release()
		d, err := structured.NewDense(a)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(300)
		k := 2 + rng.IntN(3)
		vals := make([]structured.Value, k)
		names := make([]string, k)
		bits := 0
		for j := range vals {
			kind, nulls := rng.IntN(5), rng.IntN(2) == 0
			vals[j] = makeKey(kind, n, nulls)
			names[j] = "k"
			bits += 8 * []int{1, 2, 4, 4, 1}[kind]
			if nulls && vals[j].(*structured.Dense).Values().NullN() > 0 {
				bits++
			}
		}
		got, ok := grpPacked(n, vals)
		if ok != (bits <= 64) {
			t.Fatalf("trial %d: keys of %d bits packed: %v", trial, bits, ok)
		}
		if !ok {
			continue
		}
		h := make([]uint64, n)
		eqs := make([]grpEq, k)
		for j, v := range vals {
			eq, err := grpHashValue(names[j], v, h)
			if err != nil {
				t.Fatal(err)
			}
			eqs[j] = eq
		}
		want := grpBuild(n, h, eqs)
		if got.n != want.n || !slices.Equal(got.ids, want.ids) || !slices.Equal(got.first, want.first) {
			t.Fatalf("trial %d: packed %d groups %v, general %d groups %v", trial, got.n, got.ids, want.n, want.ids)
		}
	}
	// Too wide together: not packed.
	i64, err := structured.NewDense(array.NewInt64Builder(mem).NewArray())
	if err != nil {
		t.Fatal(err)
	}
	i8, err := structured.NewDense(array.NewInt8Builder(mem).NewArray())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := grpPacked(0, []structured.Value{i64, i8}); ok {
		t.Error("an int64 and an int8 key were packed into 64 bits")
	}
}
