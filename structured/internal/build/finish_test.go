package build

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestFinishHandsOverBuffers: Finish hands the columns' Go slices over as
// the Arrow buffers and the list offsets of the Column tree, without
// copying them, so that building a batch never holds its values twice.
// (structured's test of the same name checks that the Tensor keeps them.)
func TestFinishHandsOverBuffers(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder"})
	var rows strings.Builder
	for i := range 1000 {
		rows.WriteString(`{"i": 1, "f": 1.5, "s": "abc", "n": null, "l": [1, 2, 3]}`)
		if i%7 == 0 {
			rows.WriteString(`{"i": null, "s": null, "l": null}`)
		}
	}
	mustFeed(t, b, rows.String())
	spine := b.spine()
	i, f, s, l := spine.children["i"], spine.children["f"], spine.children["s"], spine.children["l"]
	want := map[string]unsafe.Pointer{
		"i":        unsafe.Pointer(&i.i64[0]),
		"i valid":  unsafe.Pointer(&i.valid.bits[0]),
		"f":        unsafe.Pointer(&f.f64[0]),
		"s bytes":  unsafe.Pointer(&s.bytes[0]),
		"s offs":   unsafe.Pointer(&s.off32[0]),
		"l items":  unsafe.Pointer(&l.child.i64[0]),
		"l splits": unsafe.Pointer(&l.splits[0]),
	}
	col := mustFinish(t, b)
	data := func(c Column, buf int) unsafe.Pointer {
		return unsafe.Pointer(&c.Values().Data().Buffers()[buf].Bytes()[0])
	}
	got := map[string]unsafe.Pointer{
		"i":        data(field(t, col, "i"), 1),
		"i valid":  data(field(t, col, "i"), 0),
		"f":        data(field(t, col, "f"), 1),
		"s bytes":  data(field(t, col, "s"), 2),
		"s offs":   data(field(t, col, "s"), 1),
		"l items":  data(field(t, col, "l").Child(), 1),
		"l splits": unsafe.Pointer(&field(t, col, "l").Splits()[0]),
	}
	for k, p := range want {
		if got[k] != p {
			t.Errorf("%s: the column's buffer is a copy", k)
		}
	}
}

// TestFinishPresizesNextBatch: the columns of the batch after a Finish
// start with the room the batch before needed, so a batch like it grows
// no column.
func TestFinishPresizesNextBatch(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder"})
	batch := `{"i": 1, "s": "abc", "l": [1.5, 2], "m": {"x": true}}` + "\n"
	// The schema structured freezes after the first batch.
	frozen := &Schema{Shape: []int{Unknown}, Nullable: true, Fields: []Field{
		{Name: "i", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l", Type: arrow.PrimitiveTypes.Float64, Dims: []int{Unknown}, Nullable: true},
		{Name: "m", Fields: []Field{{Name: "x", Type: arrow.FixedWidthTypes.Boolean, Nullable: true}}, Nullable: true},
	}}
	for k := range 3 {
		mustFeed(t, b, strings.Repeat(batch, 500))
		mustFinish(t, b)
		if k == 0 {
			b.Freeze((*given)(frozen))
		}
	}
	mustFeed(t, b, batch)
	spine := b.spine()
	i, s, l, x := spine.children["i"], spine.children["s"], spine.children["l"], spine.children["m"].children["x"]
	first := []unsafe.Pointer{unsafe.Pointer(&i.i64[0]), unsafe.Pointer(&s.bytes[0]), unsafe.Pointer(&s.off32[0]),
		unsafe.Pointer(&l.splits[0]), unsafe.Pointer(&l.child.f64[0]), unsafe.Pointer(&x.bits[0])}
	mustFeed(t, b, strings.Repeat(batch, 499))
	last := []unsafe.Pointer{unsafe.Pointer(&i.i64[0]), unsafe.Pointer(&s.bytes[0]), unsafe.Pointer(&s.off32[0]),
		unsafe.Pointer(&l.splits[0]), unsafe.Pointer(&l.child.f64[0]), unsafe.Pointer(&x.bits[0])}
	for k := range first {
		if first[k] != last[k] {
			t.Errorf("column %d grew in a batch like the one before", k)
		}
	}
	col := mustFinish(t, b)
	if col.Child().Len() != 500 || cap(i.i64) > 600 {
		t.Errorf("rows %d, capacity %d", col.Child().Len(), cap(i.i64))
	}
	// Sized when the next batch's first row comes: a Builder finished
	// for the last time holds no room for another batch.
	if c := cap(b.spine().children["i"].i64); c > 8 {
		t.Errorf("capacity %d allocated before the next batch's first row", c)
	}
}

// TestFinishMakesNextBatchLazily: Finish does not build the next batch's
// nodes (a read's last Finish would build them for nothing); the next row
// does, with the schema frozen after the first batch.
func TestFinishMakesNextBatchLazily(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder"})
	mustFeed(t, b, `{"a": 1, "b": {"c": "x"}}`+"\n")
	mustFinish(t, b)
	b.Freeze(&given{Shape: []int{Unknown}, Nullable: true, Fields: []Field{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "b", Fields: []Field{{Name: "c", Type: arrow.BinaryTypes.String, Nullable: true}}, Nullable: true},
	}})
	if b.root != nil {
		t.Fatal("Finish built the next batch's nodes")
	}
	if n := b.NumRows(); n != 0 {
		t.Fatalf("NumRows after Finish: %d", n)
	}
	mustFeed(t, b, `{"a": 2}`+"\n")
	if err := feedJSON(b, `{"z": 2}`+"\n"); err == nil || !strings.Contains(err.Error(), "not in the schema of the first batch") {
		t.Fatalf("a key the first batch did not have: %v", err)
	}
}
