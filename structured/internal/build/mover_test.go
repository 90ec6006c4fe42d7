package build

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// TestMergeMovesInPieces merges random rows built in two halves, with the
// merge's moves cut into pieces of a few items and run on four
// goroutines, and checks every column against one pass over all the rows:
// a piece boundary copied wrong, an offset not shifted or a move run
// after its room was taken again would show.
func TestMergeMovesInPieces(t *testing.T) {
	defer func(p, m int) { pieceItems, minParallelItems = p, m }(pieceItems, minParallelItems)
	pieceItems, minParallelItems = 3, 0
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 11))
		rows := make([]string, 20+r.IntN(60))
		for i := range rows {
			rows[i] = moverRow(r)
		}
		cfg := Config{Op: "Builder", Options: Options{Parallelism: 4}}
		one := mustNew(t, cfg)
		mustFeed(t, one, strings.Join(rows, "\n"))
		want := mustFinish(t, one)

		cut := 1 + r.IntN(len(rows)-1)
		acc := mustNew(t, cfg)
		mustFeed(t, acc, strings.Join(rows[:cut], "\n"))
		half := fork(acc)
		mustFeed(t, half, strings.Join(rows[cut:], "\n"))
		if err := acc.Merge(half, true); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		got := mustFinish(t, acc)
		if why := sameColumn(got, want, "rows"); why != "" {
			t.Fatalf("seed %d, cut %d: %s\n%s", seed, cut, why, strings.Join(rows, "\n"))
		}
	}
}

// moverRow is a JSON row with a column of every stored type: integers,
// floats, strings (some long), booleans, lists of integers and lists of
// records, some null or absent.
func moverRow(r *rand.Rand) string {
	var f []string
	if r.IntN(8) > 0 {
		f = append(f, fmt.Sprintf(`"i": %d`, r.IntN(1000)-500))
	}
	f = append(f, fmt.Sprintf(`"x": %g`, r.Float64()*100))
	switch r.IntN(6) {
	case 0:
		f = append(f, `"s": null`)
	case 1:
		f = append(f, fmt.Sprintf(`"s": %q`, strings.Repeat("long", 20+r.IntN(30))))
	default:
		f = append(f, fmt.Sprintf(`"s": "s%d"`, r.IntN(100)))
	}
	f = append(f, fmt.Sprintf(`"b": %v`, r.IntN(2) == 0))
	ns := make([]string, r.IntN(5))
	for i := range ns {
		ns[i] = fmt.Sprint(r.IntN(100))
	}
	f = append(f, `"l": [`+strings.Join(ns, ", ")+`]`)
	recs := make([]string, r.IntN(4))
	for i := range recs {
		recs[i] = fmt.Sprintf(`{"n": %q, "q": %d}`, strings.Repeat("n", r.IntN(6)), r.IntN(9))
	}
	f = append(f, `"r": [`+strings.Join(recs, ", ")+`]`)
	return "{" + strings.Join(f, ", ") + "}"
}

// sameColumn says how two finished columns differ ("" if they do not).
func sameColumn(a, b Column, path string) string {
	switch {
	case a.Layout() != b.Layout():
		return fmt.Sprintf("%s: layout %d, want %d", path, a.Layout(), b.Layout())
	case a.Len() != b.Len():
		return fmt.Sprintf("%s: %d slots, want %d", path, a.Len(), b.Len())
	}
	ab, an := a.Validity()
	bb, bn := b.Validity()
	if an != bn {
		return fmt.Sprintf("%s: %d nulls, want %d", path, an, bn)
	}
	for i := range a.Len() {
		if an > 0 && bitutil.BitIsSet(ab, i) != bitutil.BitIsSet(bb, i) {
			return fmt.Sprintf("%s: slot %d valid %v", path, i, bitutil.BitIsSet(ab, i))
		}
	}
	switch a.Layout() {
	case Leaf:
		if !array.Equal(a.Values(), b.Values()) {
			return fmt.Sprintf("%s: values\n%v\nwant\n%v", path, a.Values(), b.Values())
		}
	case List:
		if !slices.Equal(a.Splits(), b.Splits()) {
			return fmt.Sprintf("%s: splits %v, want %v", path, a.Splits(), b.Splits())
		}
		return sameColumn(a.Child(), b.Child(), path+"[]")
	case Struct:
		if !slices.Equal(a.Names(), b.Names()) {
			return fmt.Sprintf("%s: fields %v, want %v", path, a.Names(), b.Names())
		}
		for i := range a.Names() {
			if why := sameColumn(a.Field(i), b.Field(i), path+"."+a.Names()[i]); why != "" {
				return why
			}
		}
	}
	return ""
}

// TestMoverRun: every item of every move is done once, on one goroutine
// or several, after the room made for it (even where making the room
// copied the slice).
func TestMoverRun(t *testing.T) {
	defer func(p, m int) { pieceItems, minParallelItems = p, m }(pieceItems, minParallelItems)
	pieceItems, minParallelItems = 7, 0
	for _, workers := range []int{1, 2, 5} {
		var m mover
		srcs := [][]int64{{1, 2, 3}, make([]int64, 50), {}, {9}}
		for i := range srcs[1] {
			srcs[1][i] = int64(100 + i)
		}
		dsts := make([][]int64, len(srcs))
		for i, s := range srcs {
			dsts[i] = moveAppend(&m, []int64{-1, -2}, s)
		}
		offs := shiftAppend(&m, make([]int32, 1, 2), []int64{0, 4, 9, 20}, 3, int32(10))
		m.run(workers)
		for i, s := range srcs {
			if want := append([]int64{-1, -2}, s...); !slices.Equal(dsts[i], want) {
				t.Errorf("%d workers: moved %v, want %v", workers, dsts[i], want)
			}
		}
		if !slices.Equal(offs, []int32{0, 14, 19, 30}) {
			t.Errorf("%d workers: offsets %v", workers, offs)
		}
		if len(m.pieces) != 0 || m.items != 0 {
			t.Errorf("%d workers: mover not emptied", workers)
		}
	}
}
