package structured

import (
	"testing"
	"unsafe"

	"github.com/structframe/structframe/structured/internal/build"
)

// TestFinishHandsOverBuffers: Finish wraps the columns' Go slices as the
// Arrow buffers of the Tensor, without copying them, so that building a
// batch never holds its values twice. The engine hands its slices over as
// the columns (its test of the same name); the Tensor keeps the columns'
// buffers.
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
	col := Must(b.e.Finish())
	column := func(name string) build.Column {
		rows := col.Child()
		for i, n := range rows.Names() {
			if n == name {
				return rows.Field(i)
			}
		}
		t.Fatalf("no column %s", name)
		return build.Column{}
	}
	buffer := func(c build.Column, buf int) unsafe.Pointer {
		return unsafe.Pointer(&c.Values().Data().Buffers()[buf].Bytes()[0])
	}
	want := map[string]unsafe.Pointer{
		"i":        buffer(column("i"), 1),
		"i valid":  buffer(column("i"), 0),
		"f":        buffer(column("f"), 1),
		"s bytes":  buffer(column("s"), 2),
		"s offs":   buffer(column("s"), 1),
		"l items":  buffer(column("l").Child(), 1),
		"l splits": unsafe.Pointer(&column("l").Splits()[0]),
	}
	st := assemble(col, 0, Unknown, nil).(*Tensor)
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

// TestFinishMakesNextBatchLazily: after a Finish no row is pending (the
// engine makes the next batch's nodes when the next row comes, see its
// test of the same name), and the next rows are built with the schema
// frozen by the first batch.
func TestFinishMakesNextBatchLazily(t *testing.T) {
	b := Must(NewBuilder(nil))
	if err := scanJSON(b, []byte(`{"a": 1, "b": {"c": "x"}}`+"\n")); err != nil {
		t.Fatal(err)
	}
	Must(b.Finish())
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
