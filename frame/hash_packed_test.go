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
		case 5:
			b = array.NewInt64Builder(mem)
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
			case *array.Int64Builder:
				b.Append(int64(1<<40 + x))
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
			kind, nulls := rng.IntN(6), rng.IntN(2) == 0
			vals[j] = makeKey(kind, n, nulls)
			names[j] = "k"
			bits += 8 * []int{1, 2, 4, 4, 1, 8}[kind]
			if nulls && vals[j].(*structured.Dense).Values().NullN() > 0 {
				bits++
			}
		}
		got, ok := grpPacked(n, vals)
		if bits <= 64 && !ok {
			// Each key less its least value takes at most its width.
			t.Fatalf("trial %d: keys of at most %d bits not packed", trial, bits)
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
	// Too wide together: an int64 spanning every bit pattern and an int8
	// spanning two need 65 bits.
	i64b := array.NewInt64Builder(mem)
	i64b.AppendValues([]int64{0, -1}, nil) // bits 0 and all ones
	i8b := array.NewInt8Builder(mem)
	i8b.AppendValues([]int8{0, 1}, nil)
	var wide []structured.Value
	for _, b := range []array.Builder{i64b, i8b} {
		d, err := structured.NewDense(b.NewArray())
		if err != nil {
			t.Fatal(err)
		}
		wide = append(wide, d)
	}
	if _, ok := grpPacked(2, wide); ok {
		t.Error("keys needing 65 bits were packed into 64")
	}
	// Narrow together although wide each: two int64 keys of short spans
	// (a year and a month) pack, and their groups agree with hashing.
	yb, mb := array.NewInt64Builder(mem), array.NewInt64Builder(mem)
	for i := range 1000 {
		yb.Append(int64(2020 + i%5))
		mb.Append(int64(1 + i%12))
	}
	var ym []structured.Value
	for _, b := range []array.Builder{yb, mb} {
		d, err := structured.NewDense(b.NewArray())
		if err != nil {
			t.Fatal(err)
		}
		ym = append(ym, d)
	}
	got, ok := grpPacked(1000, ym)
	if !ok || got.n != 60 {
		t.Fatalf("a year and a month: packed %v, %d groups, want 60", ok, got.n)
	}
	for i := range 1000 {
		if j := got.first[got.ids[i]]; i%60 != int(j) {
			t.Fatalf("row %d is in the group first seen at row %d, want %d", i, j, i%60)
		}
	}
}

// TestGrpDirect: keys of a short span are grouped through a table, in
// first-seen order with nulls one group; a span wider than the rows is
// left to the hash table.
func TestGrpDirect(t *testing.T) {
	for _, c := range []struct {
		name  string
		vals  []uint32
		valid []byte
		ok    bool
		ids   []int32
	}{
		{"short span", []uint32{7, 5, 7, 6, 5}, nil, true, []int32{0, 1, 0, 2, 1}},
		{"nulls one group", []uint32{7, 99, 7, 0}, []byte{0b0101}, true, []int32{0, 1, 0, 1}},
		{"every row null", []uint32{3, 4}, []byte{0}, true, []int32{0, 0}},
		{"span wider than the rows", []uint32{0, 1000}, nil, false, nil},
		{"no rows", nil, nil, false, nil},
	} {
		g, ok := grpDirect(c.vals, c.valid)
		if ok != c.ok {
			t.Errorf("%s: ok = %v, want %v", c.name, ok, c.ok)
			continue
		}
		if ok && !slices.Equal(g.ids, c.ids) {
			t.Errorf("%s: ids %v, want %v", c.name, g.ids, c.ids)
		}
	}
}
