package arrowspec

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// zeroDimTensor has a top-level leaf of dimension 0, one of dimensions
// [2, 0] inside a structure, and a [3] leaf Arrow says itself.
func zeroDimTensor(t *testing.T) *structured.Tensor {
	t.Helper()
	b := array.NewFloat64Builder(memory.DefaultAllocator)
	defer b.Release()
	empty := b.NewArray()
	defer empty.Release()
	b.AppendValues([]float64{1, 2, 3, 4, 5, 6}, nil)
	six := b.NewArray()
	defer six.Release()
	z := structured.Must(structured.NewDense(empty, 2, 0))
	z2 := structured.Must(structured.NewDense(empty, 2, 2, 0))
	p := structured.Must(structured.NewDense(six, 2, 3))
	inner := structured.Must(structured.FromFieldsShape([]structured.FieldValue{{Name: "z2", Value: z2}}, structured.Shape{2}))
	return structured.Must(structured.FromFields([]structured.FieldValue{{Name: "z", Value: z}, {Name: "p", Value: p}, {Name: "s", Value: inner}}, 1))
}

// TestRestore: the Tensor read back from Arrow (its 0 dimensions read as
// var) gets the Spec written, and Note is empty for a Tensor whose Arrow
// schema says all.
func TestRestore(t *testing.T) {
	want := zeroDimTensor(t)
	note := Note(want)
	if note == "" {
		t.Fatal("no note for fixed dimensions of 0")
	}
	rec, err := want.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	read := structured.Must(structured.FromRecordBatch(rec))
	if read.Spec().Equal(want.Spec()) {
		t.Fatalf("Arrow kept the Spec %s: nothing to test", read.Spec())
	}
	got, err := Restore(read, note)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Errorf("restored %s, want %s", got.Spec(), want.Spec())
	}
	plain, err := want.Without("z", "s")
	if err != nil {
		t.Fatal(err)
	}
	if n := Note(plain); n != "" {
		t.Errorf("Note of %s = %q, want none", plain.Spec(), n)
	}
}

// TestRestoreErrors: a stored Spec that does not parse, or that the data
// contradict, is an error naming the key or the field.
func TestRestoreErrors(t *testing.T) {
	read := structured.Must(structured.FromValue([]any{
		map[string]any{"z": []any{1.5}},
		map[string]any{"z": []any{}},
	}))
	for _, c := range []struct{ stored, want string }{
		{"2 * {z: 0 *", Key},
		{"2 * {z: 0 * float64}", "field [z]"},
	} {
		if _, err := Restore(read, c.stored); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Restore(%q) = %v, want an error naming %s", c.stored, err, c.want)
		}
	}
}
