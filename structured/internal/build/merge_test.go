package build

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestForkKeepsOptions: a Fork has its parent's options and schema.
func TestForkKeepsOptions(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder", Options: Options{StrictKeys: true}})
	f := fork(b)
	if f.opts != b.opts || f.schema != nil {
		t.Errorf("Fork of an inferring Builder")
	}
	mustFeed(t, b, `{"a": 1}`)
	mustFinish(t, b)
	b.Freeze(&given{Shape: []int{Unknown}, Nullable: true, Fields: []Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true}}})
	if f := fork(b); f.schema != b.schema || !f.frozen {
		t.Errorf("Fork after Finish does not build against the frozen schema")
	}
}

// TestMergeKeepsCapacityWithSpec: a Builder with a given schema keeps its
// columns' room after Merge, so the next chunk built into it does not
// allocate them again; one that infers starts afresh.
func TestMergeKeepsCapacityWithSpec(t *testing.T) {
	schema := &Schema{Shape: []int{Unknown}, Fields: []Field{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64},
		{Name: "s", Type: arrow.BinaryTypes.String},
	}}
	rows := strings.Repeat(`{"a": 1, "s": "abc"}`+"\n", 100)
	for _, c := range []struct {
		schema *Schema
		keep   bool
	}{{schema, true}, {nil, false}} {
		acc := mustNew(t, Config{Op: "Builder", Schema: c.schema})
		chunk := fork(acc)
		for round := range 2 {
			mustFeed(t, chunk, rows)
			a := chunk.spine().children["a"]
			before := unsafe.Pointer(unsafe.SliceData(a.i64))
			if err := acc.Merge(chunk, true); err != nil {
				t.Fatal(err)
			}
			if chunk.NumRows() != 0 {
				t.Fatalf("%d rows left in the merged Builder", chunk.NumRows())
			}
			after := chunk.spine().children["a"]
			kept := after != nil && cap(after.i64) > 0 && unsafe.Pointer(unsafe.SliceData(after.i64)) == before
			if round > 0 && kept != c.keep {
				t.Errorf("schema %v: the column's buffer kept %v, want %v", c.schema != nil, kept, c.keep)
			}
		}
		if got := mustFinish(t, acc).Child().Len(); got != 200 {
			t.Errorf("%d rows merged", got)
		}
	}
}
