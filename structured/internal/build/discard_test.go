package build

import (
	"reflect"
	"strconv"
	"testing"
)

// TestDiscardBoundedMemory: dropping the rows as they go keeps the column
// buffers at the size of one chunk, reused.
func TestDiscardBoundedMemory(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder"})
	// {"a": n, "s": "abcdefgh", "l": [1, 2, n], "o": {"x": n.5}}, as a
	// tokenizer gives it.
	row := func(n int) {
		text := strconv.AppendInt(nil, int64(n), 10)
		for _, err := range []error{
			b.BeginRecord(), b.Key("a"), b.Number(text), b.Key("s"), b.String("abcdefgh"),
			b.Key("l"), b.BeginList(), b.Number([]byte("1")), b.Number([]byte("2")), b.Number(text), b.EndList(),
			b.Key("o"), b.BeginRecord(), b.Key("x"), b.Number(append(text, ".5"...)), b.EndRecord(),
			b.EndRecord(),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	var caps []int
	for chunk := range 100 {
		for i := range 1000 {
			row(chunk*1000 + i)
		}
		if err := b.DiscardRows(); err != nil {
			t.Fatal(err)
		}
		spine := b.spine()
		a, s, l := spine.children["a"], spine.children["s"], spine.children["l"]
		x := spine.children["o"].children["x"]
		if a.n != 0 || len(a.i64) != 0 || len(s.bytes) != 0 || len(s.off32) != 1 || len(l.splits) != 1 || l.child.n != 0 || len(x.f64) != 0 {
			t.Fatalf("chunk %d: buffers not emptied", chunk)
		}
		c := []int{cap(a.i64), cap(s.bytes), cap(s.off32), cap(l.splits), cap(l.child.i64), cap(x.f64)}
		if caps == nil {
			caps = c
		} else if !reflect.DeepEqual(c, caps) {
			t.Fatalf("chunk %d: capacities %v, after the first chunk %v", chunk, c, caps)
		}
	}
	if caps[0] > 4096 || caps[1] > 16384 {
		t.Errorf("capacities %v for chunks of 1000 rows", caps)
	}
	col, err := b.Inferred()
	if err != nil {
		t.Fatal(err)
	}
	if got := describe(col); got != "[{a: int64, s: string, l: [int64], o: {x: float64}}]" {
		t.Errorf("Inferred %s", got)
	}
}
