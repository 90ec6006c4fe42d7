package structured

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestFromFieldsTable(t *testing.T) {
	// from_fields({'foo': [1, 2], 'bar': [3, 4]}, shape=[2])
	foo := Must(NewDense(arwI64([]int64{1, 2}, nil)))
	bar := Must(NewDense(arwI64([]int64{3, 4}, nil)))
	st, err := FromFieldsShape([]FieldValue{{"foo", foo}, {"bar", bar}}, Shape{2})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{map[string]any{"foo": int64(1), "bar": int64(3)}, map[string]any{"foo": int64(2), "bar": int64(4)}}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue = %v, want %v", got, want)
	}
	if !reflect.DeepEqual(st.FieldNames(), []string{"foo", "bar"}) {
		t.Errorf("FieldNames = %v: the given order must be kept", st.FieldNames())
	}
	// from_fields_and_rank gives the same Tensor.
	if st2 := Must(FromFields([]FieldValue{{"bar", bar}, {"foo", foo}}, 1)); !st2.Equal(st) {
		t.Error("FromFields(rank 1) differs from FromFieldsShape([2]) (field order must not matter for Equal)")
	}
}

// to_pyval's docstring: from_fields({'a': [1, 2, 3]}, [3]).to_pyval() is
// [{'a': 1}, {'a': 2}, {'a': 3}].
func TestFromFieldsToValue(t *testing.T) {
	a := Must(NewDense(arwI64([]int64{1, 2, 3}, nil)))
	st := Must(FromFieldsShape([]FieldValue{{"a", a}}, Shape{3}))
	want := []any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}, map[string]any{"a": int64(3)}}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue = %v, want %v", got, want)
	}
}

func TestFromFieldsScalar(t *testing.T) {
	// from_fields({'x': 1, 'y': [1, 2, 3]}): a rank-0 Tensor.
	x := Must(NewScalar(arwI64([]int64{1}, nil)))
	y := Must(NewDense(arwI64([]int64{1, 2, 3}, nil)))
	st := Must(FromFields([]FieldValue{{"x", x}, {"y", y}}, 0))
	if st.Rank() != 0 || st.NumRows() != Unknown || st.Size() != 1 || len(st.Shape()) != 0 {
		t.Errorf("rank %d nrows %d size %d shape %v", st.Rank(), st.NumRows(), st.Size(), st.Shape())
	}
	want := map[string]any{"x": int64(1), "y": []any{int64(1), int64(2), int64(3)}}
	if got := st.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue = %v, want %v", got, want)
	}
}

func TestFromShape(t *testing.T) {
	cases := []struct {
		name  string
		shape Shape
		parts []*RowPartition
		want  any
	}{
		{"three empty structures", Shape{3}, nil, []any{map[string]any{}, map[string]any{}, map[string]any{}}},
		{"ragged", Shape{2, Unknown}, []*RowPartition{Must(PartitionFromLengths([]int64{3, 2}))},
			[]any{[]any{map[string]any{}, map[string]any{}, map[string]any{}}, []any{map[string]any{}, map[string]any{}}}},
		{"known shape gives uniform partitions", Shape{1, 2}, nil, []any{[]any{map[string]any{}, map[string]any{}}}},
		{"from_shape lengths [1, 0]", Shape{1, Unknown}, []*RowPartition{Must(PartitionFromLengths([]int64{0}))}, []any{[]any{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := FromShape(c.shape, c.parts...)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.ToValue(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ToValue = %#v, want %#v", got, c.want)
			}
			if !st.Shape().Equal(c.shape) {
				t.Errorf("Shape = %v, want %v", st.Shape(), c.shape)
			}
		})
	}
}

func TestFromFieldsSharesPartitions(t *testing.T) {
	p := Must(PartitionFromLengths([]int64{2, 1}))
	q := Must(PartitionFromSplits([]int64{0, 2, 3})) // same cut, another object
	a := Must(NewRagged(arwI64([]int64{1, 2, 3}, nil), p))
	b := Must(NewRagged(arwStr([]string{"x", "y", "z"}, nil), q))
	st := Must(FromFields([]FieldValue{{"a", a}, {"b", b}}, 2))
	fb := Must(st.Field("b")).(*Ragged)
	if fb.RowPartitions()[0] != st.RowPartitions()[0] {
		t.Error("fields must share the Tensor's partition objects")
	}
	if fb.Values() != b.Values() {
		t.Error("field values must be shared, not copied")
	}
	if !reflect.DeepEqual(st.Shape(), Shape{2, Unknown}) {
		t.Errorf("shape %v", st.Shape())
	}
}

func TestFromFieldsErrors(t *testing.T) {
	two := Must(NewDense(arwI64([]int64{1, 2}, nil)))
	three := Must(NewDense(arwI64([]int64{1, 2, 3}, nil)))
	scalar := Must(NewScalar(arwI64([]int64{1}, nil)))
	r21 := Must(NewRagged(arwI64([]int64{1, 2, 3}, nil), Must(PartitionFromLengths([]int64{2, 1}))))
	r12 := Must(NewRagged(arwI64([]int64{1, 2, 3}, nil), Must(PartitionFromLengths([]int64{1, 2}))))
	cases := []struct {
		name string
		f    func() (*Tensor, error)
		kind error
		want string
	}{
		{"mismatched lengths", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", two}, {"b", three}}, 1) }, ErrShape, "field b: has 3 rows, want 2"},
		{"shape disagrees", func() (*Tensor, error) { return FromFieldsShape([]FieldValue{{"a", two}}, Shape{3}) }, ErrShape, "field a: has 2 rows, want 3"},
		{"rank too low", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", scalar}}, 1) }, ErrShape, "has rank 0"},
		{"partitions differ", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", r21}, {"b", r12}}, 2) }, ErrShape, "field b: row partition 0"},
		{"duplicate name", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", two}, {"a", two}}, 1) }, ErrPath, "field a: field given twice"},
		{"nil value", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", nil}}, 1) }, ErrShape, "value is nil"},
		{"no fields", func() (*Tensor, error) { return FromFields(nil, 1) }, ErrShape, "needs a shape"},
		{"negative rank", func() (*Tensor, error) { return FromFields(nil, -1) }, ErrShape, "rank must be >= 0"},
		{"rank 2 without partitions", func() (*Tensor, error) { return FromShape(Shape{2, Unknown}) }, ErrShape, "needs row partitions"},
		{"partitions for rank 1", func() (*Tensor, error) {
			return FromShape(Shape{2}, Must(PartitionFromLengths([]int64{1, 1})))
		}, ErrShape, "only for rank > 1"},
		{"partition count", func() (*Tensor, error) {
			return FromShape(Shape{2, Unknown, Unknown}, Must(PartitionFromLengths([]int64{1, 1})))
		}, ErrShape, "needs 2 row partitions"},
		{"uniform dim disagrees", func() (*Tensor, error) { return FromFieldsShape([]FieldValue{{"a", r21}}, Shape{2, 2}) }, ErrShape, "dimension 1 is 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.f()
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q (kind %v), want kind %v saying %q", err, errors.Unwrap(err), c.kind, c.want)
			}
		})
	}
}

func TestFieldPaths(t *testing.T) {
	inner := Must(FromFields([]FieldValue{{"b", Must(NewDense(arwI64([]int64{1, 2}, nil)))}}, 1))
	st := Must(FromFields([]FieldValue{{"a", inner}, {"c", Must(NewDense(arwStr([]string{"x", "y"}, nil)))}}, 1))
	v, err := st.Field("a", "b")
	if err != nil {
		t.Fatal(err)
	}
	if got := v.ToValue(); !reflect.DeepEqual(got, []any{int64(1), int64(2)}) {
		t.Errorf(`Field("a", "b") = %v`, got)
	}
	if v, _ := st.Field(); v != Value(st) {
		t.Error("an empty path must return the Tensor itself")
	}
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"x"}, "field x: no such field (fields: [a c])"},
		{[]string{"a", "z"}, "field a.z: no such field (fields: [b])"},
		{[]string{"c", "d"}, `field c: is a dense leaf, not a structure, so it has no field "d"`},
	} {
		_, err := st.Field(c.path...)
		if !errors.Is(err, ErrPath) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Field(%v) error %v, want %q", c.path, err, c.want)
		}
	}
}

func TestNewLeafErrors(t *testing.T) {
	if _, err := NewDense(arwI64([]int64{1, 2, 3}, nil), 2, 2); !errors.Is(err, ErrShape) {
		t.Errorf("NewDense with a wrong shape: %v", err)
	}
	if _, err := NewDense(arwI64([]int64{1}, nil), Unknown); !errors.Is(err, ErrShape) {
		t.Errorf("NewDense with an unknown dim: %v", err)
	}
	if _, err := NewRagged(arwI64([]int64{1, 2}, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("NewRagged without partitions: %v", err)
	}
	if _, err := NewRagged(arwI64([]int64{1, 2}, nil), Must(PartitionFromLengths([]int64{3}))); !errors.Is(err, ErrShape) {
		t.Errorf("NewRagged with a partition of 3 items over 2: %v", err)
	}
	if _, err := NewScalar(arwI64([]int64{1, 2}, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("NewScalar of 2 items: %v", err)
	}
}

// TestFromFieldsDenseOnly checks that a rank >= 2 Tensor whose fields are
// all dense takes uniform row partitions from their shape, with or
// without an explicit shape, and that a ragged field still wins.
func TestFromFieldsDenseOnly(t *testing.T) {
	d23 := Must(NewDense(arwI64([]int64{1, 2, 3, 4, 5, 6}, nil), 2, 3))
	d232 := Must(NewDense(arwF64([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, nil), 2, 3, 2))
	d32 := Must(NewDense(arwI64([]int64{1, 2, 3, 4, 5, 6}, nil), 3, 2))
	r := Must(NewRagged(arwI64([]int64{1, 2, 3, 4, 5, 6}, nil), Must(PartitionFromLengths([]int64{3, 3}))))
	fields := []FieldValue{{"a", d23}, {"b", d232}}
	cases := []struct {
		name      string
		build     func() (*Tensor, error)
		shape     Shape
		last      any    // field a of the last structure
		kind      error  // nil: success
		errorText string // for an error
	}{
		{"FromFields rank 2", func() (*Tensor, error) { return FromFields(fields, 2) }, Shape{2, 3}, int64(6), nil, ""},
		{"FromFields rank 3", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", d232}}, 3) }, Shape{2, 3, 2}, 12.0, nil, ""},
		{"FromFieldsShape unknown dims", func() (*Tensor, error) { return FromFieldsShape(fields, Shape{Unknown, Unknown}) }, Shape{2, 3}, int64(6), nil, ""},
		{"FromFieldsShape known rows", func() (*Tensor, error) { return FromFieldsShape(fields, Shape{2, Unknown}) }, Shape{2, 3}, int64(6), nil, ""},
		{"ragged field first", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", d23}, {"r", r}}, 2) }, Shape{2, Unknown}, int64(6), nil, ""},
		{"dense shapes disagree", func() (*Tensor, error) { return FromFields([]FieldValue{{"a", d23}, {"c", d32}}, 2) }, nil, nil, ErrShape, "field c: has 3 rows, want 2"},
		{"shape disagrees", func() (*Tensor, error) { return FromFieldsShape(fields, Shape{Unknown, 4}) }, nil, nil, ErrShape, "dimension 1 is 4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := c.build()
			if c.kind != nil {
				if !errors.Is(err, c.kind) || !strings.Contains(fmt.Sprint(err), c.errorText) {
					t.Fatalf("error %v, want %v saying %q", err, c.kind, c.errorText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !st.Shape().Equal(c.shape) {
				t.Errorf("shape %v, want %v", st.Shape(), c.shape)
			}
			if err := st.Validate(); err != nil {
				t.Error(err)
			}
			// The last structure holds the last item of field a.
			key := append([]any{-1, -1, -1}[:st.Rank()], "a")
			if got := Must(st.Index(key...)).ToValue(); got != c.last {
				t.Errorf("st%v = %v, want %v", key, got, c.last)
			}
		})
	}
}
