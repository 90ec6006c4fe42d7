package structured

import (
	"bytes"
	"testing"
	"unsafe"
)

// TestFinishHandsOverBuffers: Finish wraps the columns' Go slices as the
// Arrow buffers of the Tensor, without copying them, so that building a
// batch never holds its values twice.
func TestFinishHandsOverBuffers(t *testing.T) {
	b := Must(NewBuilder(nil))
	var rows []byte
	for i := range 1000 {
		rows = append(rows, `{"i": 1, "f": 1.5, "s": "abc", "n": null, "l": [1, 2, 3]}`...)
		if i%7 == 0 {
			rows = append(rows, `{"i": null, "s": null, "l": null}`...)
		}
	}
	if err := scanJSON(b, rows); err != nil {
		t.Fatal(err)
	}
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
	st := Must(b.Finish())
	field := func(name string) Leaf { return Must(st.Field(name)).(Leaf) }
	data := func(name string, buf int) unsafe.Pointer {
		return unsafe.Pointer(&field(name).Values().Data().Buffers()[buf].Bytes()[0])
	}
	got := map[string]unsafe.Pointer{
		"i":        data("i", 1),
		"i valid":  data("i", 0),
		"f":        data("f", 1),
		"s bytes":  data("s", 2),
		"s offs":   data("s", 1),
		"l items":  data("l", 1),
		"l splits": unsafe.Pointer(&field("l").(*Ragged).parts[0].s64[0]),
	}
	for k, p := range want {
		if got[k] != p {
			t.Errorf("%s: the Tensor's buffer is a copy", k)
		}
	}
}

// TestFinishPresizesNextBatch: the columns of the batch after a Finish
// start with the room the batch before needed, so a batch like it grows
// no column.
func TestFinishPresizesNextBatch(t *testing.T) {
	b := Must(NewBuilder(nil))
	batch := []byte(`{"i": 1, "s": "abc", "l": [1.5, 2], "m": {"x": true}}` + "\n")
	for range 3 {
		if err := scanJSON(b, bytes.Repeat(batch, 500)); err != nil {
			t.Fatal(err)
		}
		Must(b.Finish())
	}
	if err := scanJSON(b, batch); err != nil {
		t.Fatal(err)
	}
	spine := b.spine()
	i, s, l, x := spine.children["i"], spine.children["s"], spine.children["l"], spine.children["m"].children["x"]
	first := []unsafe.Pointer{unsafe.Pointer(&i.i64[0]), unsafe.Pointer(&s.bytes[0]), unsafe.Pointer(&s.off32[0]),
		unsafe.Pointer(&l.splits[0]), unsafe.Pointer(&l.child.f64[0]), unsafe.Pointer(&x.bits[0])}
	if err := scanJSON(b, bytes.Repeat(batch, 499)); err != nil {
		t.Fatal(err)
	}
	last := []unsafe.Pointer{unsafe.Pointer(&i.i64[0]), unsafe.Pointer(&s.bytes[0]), unsafe.Pointer(&s.off32[0]),
		unsafe.Pointer(&l.splits[0]), unsafe.Pointer(&l.child.f64[0]), unsafe.Pointer(&x.bits[0])}
	for k := range first {
		if first[k] != last[k] {
			t.Errorf("column %d grew in a batch like the one before", k)
		}
	}
	st := Must(b.Finish())
	if st.NumRows() != 500 || cap(i.i64) > 600 {
		t.Errorf("rows %d, capacity %d", st.NumRows(), cap(i.i64))
	}
	// Sized when the next batch's first row comes: a Builder finished
	// for the last time holds no room for another batch.
	if c := cap(b.spine().children["i"].i64); c > 8 {
		t.Errorf("capacity %d allocated before the next batch's first row", c)
	}
}

// TestFinishMakesNextBatchLazily: Finish does not build the next batch's
// nodes (a read's last Finish would build them for nothing); the next row
// does, with the schema frozen by the first batch.
func TestFinishMakesNextBatchLazily(t *testing.T) {
	b := Must(NewBuilder(nil))
	if err := scanJSON(b, []byte(`{"a": 1, "b": {"c": "x"}}`+"\n")); err != nil {
		t.Fatal(err)
	}
	Must(b.Finish())
	if b.root != nil {
		t.Fatal("Finish built the next batch's nodes")
	}
	if n := b.NumRows(); n != 0 {
		t.Fatalf("NumRows after Finish: %d", n)
	}
	if err := scanJSON(b, []byte(`{"a": 2}`+"\n")); err != nil {
		t.Fatal(err)
	}
	if err := scanJSON(b, []byte(`{"z": 2}`+"\n")); err == nil {
		t.Fatal("a key the first batch did not have was accepted after Finish")
	}
}
