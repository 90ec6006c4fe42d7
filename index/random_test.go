package index

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// idxRandomLeaf makes n random labels of a random type among int64,
// string and timestamp, drawn from a few values so that they repeat, with
// some nulls.
func idxRandomLeaf(t testing.TB, rng *rand.Rand, kind, n int) structured.Value {
	t.Helper()
	mem := memory.DefaultAllocator
	valid := make([]bool, n)
	for i := range valid {
		valid[i] = rng.IntN(6) != 0
	}
	var arr arrow.Array
	switch kind {
	case 0:
		b := array.NewInt64Builder(mem)
		for range n {
			b.Append(int64(rng.IntN(4)))
		}
		for i := range n {
			if !valid[i] {
				b.SetNull(i)
			}
		}
		arr = b.NewArray()
		b.Release()
	case 1:
		b := array.NewStringBuilder(mem)
		vals := make([]string, n)
		for i := range vals {
			vals[i] = string(rune('a' + rng.IntN(4)))
		}
		b.AppendValues(vals, valid)
		arr = b.NewArray()
		b.Release()
	default:
		b := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"})
		base := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
		vals := make([]arrow.Timestamp, n)
		for i := range vals {
			vals[i] = arrow.Timestamp(base.Add(time.Duration(rng.IntN(4)) * time.Hour).UnixMicro())
		}
		b.AppendValues(vals, valid)
		arr = b.NewArray()
		b.Release()
	}
	return idxTestArrow(t, arr)
}

// idxRandomMulti makes a random MultiIndex: 2 to 4 levels, each of a
// random label type, groups of 0 to 3 children, null labels, random names.
func idxRandomMulti(t testing.TB, rng *rand.Rand) *Multi {
	t.Helper()
	L := 2 + rng.IntN(3)
	names := make([]string, L)
	labels := make([]structured.Value, L)
	parts := make([]*structured.RowPartition, L-1)
	n := rng.IntN(5)
	for k := range L {
		if rng.IntN(2) == 0 {
			names[k] = string(rune('p' + k))
		}
		labels[k] = idxRandomLeaf(t, rng, rng.IntN(3), n)
		if k == L-1 {
			break
		}
		lengths := make([]int, n)
		next := 0
		for i := range lengths {
			lengths[i] = rng.IntN(4)
			next += lengths[i]
		}
		p, err := structured.PartitionFromLengths(lengths)
		if err != nil {
			t.Fatal(err)
		}
		parts[k] = p
		n = next
	}
	m, err := NewMulti(names, labels, parts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
