package structured

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// noPanic runs fn and fails the test, naming the call, if it panics.
func noPanic(t *testing.T, name string, fn func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panicked: %v", name, r)
		}
	}()
	fn()
}

// misuseRecipes is a rank-1 Tensor with a dense, a ragged and a nested
// rank-2 field.
func misuseRecipes(t *testing.T) *Tensor {
	t.Helper()
	st, err := FromValue([]any{
		map[string]any{"name": "soup", "tags": []any{"hot", "easy"}, "ingredients": []any{
			map[string]any{"item": "water", "amount": 1.5},
			map[string]any{"item": "salt", "amount": 0.1},
		}},
		map[string]any{"name": "salad", "tags": []any{}, "ingredients": []any{
			map[string]any{"item": "leaf", "amount": 2.0},
		}},
		map[string]any{"name": "toast", "tags": []any{"easy"}, "ingredients": []any{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func misuseInt64s(vals ...int64) arrow.Array {
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(vals, nil)
	return b.NewArray()
}

// misuseCase is one careless or hostile call: it must return an error
// wrapping kind whose message contains want.
type misuseCase struct {
	name string
	call func() error
	kind error
	want string
}

func runMisuse(t *testing.T, cases []misuseCase) {
	t.Helper()
	for _, c := range cases {
		var err error
		noPanic(t, c.name, func() { err = c.call() })
		switch {
		case err == nil:
			t.Errorf("%s: no error, want %v", c.name, c.kind)
		case !errors.Is(err, c.kind):
			t.Errorf("%s: error %q does not wrap %v", c.name, err, c.kind)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: error %q does not mention %q", c.name, err, c.want)
		}
	}
}

func errOf[T any](_ T, err error) error { return err }

func TestMisuseConstructors(t *testing.T) {
	st := misuseRecipes(t)
	ints := misuseInt64s(1, 2, 3, 4)
	p22, _ := PartitionFromUniform(2, Unknown, 2)
	vec, _ := NewDense(ints)
	runMisuse(t, []misuseCase{
		{"NewDense(nil)", func() error { return errOf(NewDense(nil)) }, ErrType, "nil"},
		{"NewDense(nil, 2)", func() error { return errOf(NewDense(nil, 2)) }, ErrType, "nil"},
		{"NewDense negative dim", func() error { return errOf(NewDense(ints, -2, -2)) }, ErrShape, "dimension 0"},
		{"NewDense overflowing shape", func() error { return errOf(NewDense(misuseInt64s(), 1<<32, 1<<32)) }, ErrShape, "overflow"},
		{"NewDense overflowing shape to len", func() error {
			return errOf(NewDense(ints, 1<<62+1, 4))
		}, ErrShape, "overflow"},
		{"NewDense wrong size", func() error { return errOf(NewDense(ints, 3)) }, ErrShape, "3"},
		{"NewScalar(nil)", func() error { return errOf(NewScalar(nil)) }, ErrType, "nil"},
		{"NewScalar long", func() error { return errOf(NewScalar(ints)) }, ErrShape, "length 1"},
		{"NewRagged(nil, p)", func() error { return errOf(NewRagged(nil, p22)) }, ErrType, "nil"},
		{"NewRagged(a, nil)", func() error { return errOf(NewRagged(ints, nil)) }, ErrPartition, "partition 0"},
		{"NewRagged(a, p, nil)", func() error { return errOf(NewRagged(ints, p22, nil)) }, ErrPartition, "partition 1"},
		{"NewRagged()", func() error { return errOf(NewRagged(ints)) }, ErrShape, "at least one"},
		{"FromArrow(nil)", func() error { return errOf(FromArrow(nil)) }, ErrType, "nil"},
		{"FromArrow(int64)", func() error { return errOf(FromArrow(ints)) }, ErrType, "int64"},
		{"FromRecordBatch(nil)", func() error { return errOf(FromRecordBatch(nil)) }, ErrType, "nil"},
		{"FromShape negative rows", func() error { return errOf(FromShape(Shape{-5})) }, ErrShape, "-5"},
		{"FromShape negative inner", func() error { return errOf(FromShape(Shape{2, -3})) }, ErrShape, "-3"},
		{"FromShape MinInt", func() error { return errOf(FromShape(Shape{math.MinInt})) }, ErrShape, "dimension 0"},
		{"FromShape overflow", func() error { return errOf(FromShape(Shape{1 << 40, 1 << 40, 1 << 40})) }, ErrShape, "overflow"},
		{"FromShape nil partition", func() error { return errOf(FromShape(Shape{2, 2}, nil)) }, ErrPartition, "partition 0"},
		{"FromShape nil second partition", func() error { return errOf(FromShape(Shape{2, 2, Unknown}, p22, nil)) }, ErrPartition, "partition 1"},
		{"FromShape too many partitions", func() error { return errOf(FromShape(Shape{2, 2}, p22, p22)) }, ErrShape, "needs 1"},
		{"FromFields negative rank", func() error { return errOf(FromFields(nil, -1)) }, ErrShape, "-1"},
		{"FromFields MinInt rank", func() error { return errOf(FromFields(nil, math.MinInt)) }, ErrShape, "rank"},
		{"FromFields huge rank", func() error { return errOf(FromFields([]FieldValue{{"a", vec}}, math.MaxInt)) }, ErrShape, "a"},
		{"FromFields nil value", func() error { return errOf(FromFields([]FieldValue{{"a", nil}}, 1)) }, ErrShape, "field a"},
		{"FromFields nil *Dense value", func() error { return errOf(FromFields([]FieldValue{{"a", (*Dense)(nil)}}, 1)) }, ErrShape, "field a"},
		{"FromFields nil *Tensor value", func() error { return errOf(FromFields([]FieldValue{{"a", (*Tensor)(nil)}}, 0)) }, ErrShape, "field a"},
		{"FromFields duplicate", func() error { return errOf(FromFields([]FieldValue{{"a", vec}, {"a", vec}}, 1)) }, ErrPath, "field a"},
		{"FromFields rows differ", func() error {
			return errOf(FromFields([]FieldValue{{"a", vec}, {"b", Must(NewDense(misuseInt64s(1, 2)))}}, 1))
		}, ErrShape, "field b"},
		{"FromFields ragged partitions differ", func() error {
			r1 := Must(NewRagged(ints, Must(PartitionFromSplits([]int64{0, 1, 4}))))
			r2 := Must(NewRagged(ints, Must(PartitionFromSplits([]int64{0, 2, 4}))))
			return errOf(FromFields([]FieldValue{{"a", r1}, {"b", r2}}, 2))
		}, ErrShape, "field b"},
		{"FromFieldsShape rank vs partition", func() error {
			return errOf(FromFieldsShape([]FieldValue{{"a", vec}}, Shape{4}, p22))
		}, ErrShape, "rank"},
		{"FromValueSpec nil spec", func() error { return errOf(FromValueSpec(map[string]any{}, nil)) }, ErrSchema, "nil"},
		{"FromValueSpec spec leaf without type", func() error {
			return errOf(FromValueSpec(map[string]any{"a": 1}, &Spec{Fields: []FieldSpec{{Name: "a"}}}))
		}, ErrSchema, "a"},
		{"FromValueSpec spec negative dims", func() error {
			return errOf(FromValueSpec(map[string]any{"a": []any{1}}, &Spec{Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{-7}}}}))
		}, ErrShape, "-7"},
		{"FromValueSpec spec negative shape", func() error {
			return errOf(FromValueSpec([]any{}, &Spec{Shape: Shape{-3}}))
		}, ErrShape, "-3"},
		{"FromValueSpec spec duplicate name", func() error {
			f := FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true}
			return errOf(FromValueSpec(map[string]any{}, &Spec{Fields: []FieldSpec{f, f}}))
		}, ErrPath, "a"},
		{"ConformsTo(nil)", func() error { return st.ConformsTo(nil) }, ErrSchema, "nil"},
		{"Spec.Compatible(nil)", func() error { return st.Spec().Compatible(nil) }, ErrSchema, "nil"},
		{"SpecOf(nil)", func() error { return errOf(SpecOf(nil)) }, ErrType, "nil"},
		{"SpecFromArrowSchema(nil)", func() error { return errOf(SpecFromArrowSchema(nil)) }, ErrType, "nil"},
		{"SpecFromArrowType(nil)", func() error { return errOf(SpecFromArrowType(nil)) }, ErrType, "nil"},
		{"ArrowType(nil)", func() error { return errOf(ArrowType(nil)) }, ErrType, "nil"},
		{"ArrowType(nil *Dense)", func() error { return errOf(ArrowType((*Dense)(nil))) }, ErrType, "nil"},
		{"FieldSpecOf nil", func() error { return errOf(FieldSpecOf("a", nil, 0)) }, ErrType, "a"},
		{"FieldSpecOf rank too big", func() error { return errOf(FieldSpecOf("a", vec, 5)) }, ErrShape, "a"},
		{"FieldSpecOf negative rank", func() error { return errOf(FieldSpecOf("a", vec, -1)) }, ErrShape, "a"},
		{"Spec.Field missing", func() error { _, _, err := st.Spec().Field("nope"); return err }, ErrPath, "nope"},
		{"ToGo(nil)", func() error { return st.ToGo(nil) }, ErrType, "nil"},
		{"ToGo(non-pointer)", func() error { return st.ToGo([]int{}) }, ErrType, "pointer"},
		{"ToGo(typed nil pointer)", func() error { return st.ToGo((*[]struct{ Name string })(nil)) }, ErrType, "nil"},
		{"ParseSlice(::0)", func() error { return errOf(ParseSlice("::0")) }, ErrIndex, "step"},
		{"ParseSlice(huge)", func() error { return errOf(ParseSlice("99999999999999999999999:")) }, ErrIndex, "9999"},
	})
}

func TestMisusePartitions(t *testing.T) {
	runMisuse(t, []misuseCase{
		{"PartitionFromUniform overflow", func() error { return errOf(PartitionFromUniform(math.MaxInt, Unknown, 2)) }, ErrPartition, "overflow"},
		{"PartitionFromUniform overflow big", func() error { return errOf(PartitionFromUniform(1<<32, Unknown, 1<<32)) }, ErrPartition, "overflow"},
		{"PartitionFromUniform MinInt", func() error { return errOf(PartitionFromUniform(math.MinInt, Unknown, 1)) }, ErrPartition, "length"},
		{"PartitionFromUniform negative rows", func() error { return errOf(PartitionFromUniform(1, Unknown, -1)) }, ErrPartition, "nrows"},
		{"PartitionFromValueRowIDs MaxInt rows", func() error { return errOf(PartitionFromValueRowIDs([]int{0}, math.MaxInt)) }, ErrPartition, "nrows"},
		{"PartitionFromValueRowIDs MaxInt id", func() error { return errOf(PartitionFromValueRowIDs([]int{math.MaxInt}, -1)) }, ErrPartition, "ids[0]"},
		{"PartitionFromValueRowIDs negative", func() error { return errOf(PartitionFromValueRowIDs([]int32{-1}, 3)) }, ErrPartition, "ids[0]"},
		{"PartitionFromValueRowIDs unsorted", func() error { return errOf(PartitionFromValueRowIDs([]int{1, 0}, 3)) }, ErrPartition, "ids[1]"},
		{"PartitionFromValueRowIDs unsorted implicit", func() error { return errOf(PartitionFromValueRowIDs([]int{2, 0}, -1)) }, ErrPartition, "ids[1]"},
		{"PartitionFromValueRowIDs negative implicit", func() error { return errOf(PartitionFromValueRowIDs([]int{-5}, -1)) }, ErrPartition, "ids[0]"},
		{"PartitionFromLengths negative", func() error { return errOf(PartitionFromLengths([]int{1, -1})) }, ErrPartition, "lengths[1]"},
		{"PartitionFromLengths overflow", func() error { return errOf(PartitionFromLengths([]int{math.MaxInt, math.MaxInt})) }, ErrPartition, "lengths[1]"},
		{"PartitionFromLengths int32 overflow", func() error { return errOf(PartitionFromLengths([]int64{math.MaxInt64, 1})) }, ErrPartition, "lengths[1]"},
		{"PartitionFromSplits empty", func() error { return errOf(PartitionFromSplits([]int{})) }, ErrPartition, "empty"},
		{"PartitionFromSplits nonzero", func() error { return errOf(PartitionFromSplits([]int{1, 2})) }, ErrPartition, "start at 0"},
		{"PartitionFromSplits decreasing", func() error { return errOf(PartitionFromSplits([]int32{0, 3, 2})) }, ErrPartition, "splits[2]"},
		{"PartitionFromStarts nvals negative", func() error { return errOf(PartitionFromStarts([]int{0}, -1)) }, ErrPartition, "-1"},
		{"PartitionFromStarts nvals MinInt", func() error { return errOf(PartitionFromStarts([]int{}, math.MinInt)) }, ErrPartition, "start"},
		{"PartitionFromLimits decreasing", func() error { return errOf(PartitionFromLimits([]int{3, 1})) }, ErrPartition, "splits[2]"},
		{"PartitionFromLimits negative", func() error { return errOf(PartitionFromLimits([]int{-1})) }, ErrPartition, "-1"},
		{"WithValidity wrong length", func() error {
			return errOf(Must(PartitionFromLengths([]int{0, 1})).WithValidity([]bool{false}))
		}, ErrPartition, "1 validity entries for 2 rows"},
		{"WithValidity null non-empty", func() error {
			return errOf(Must(PartitionFromLengths([]int{0, 1})).WithValidity([]bool{true, false}))
		}, ErrPartition, "row 1"},
	})
}

func TestMisuseTensorOps(t *testing.T) {
	st := misuseRecipes(t)
	r0 := Must(FromValue(map[string]any{"a": int64(1)}))
	vec3 := Must(NewDense(misuseInt64s(1, 2, 3)))
	id := func(args ...Value) (Value, error) { return args[0], nil }
	runMisuse(t, []misuseCase{
		{"Index(MaxInt)", func() error { return errOf(st.Index(math.MaxInt)) }, ErrIndex, "dimension 0"},
		{"Index(MinInt)", func() error { return errOf(st.Index(math.MinInt)) }, ErrIndex, "dimension 0"},
		{"Index(uint64 huge)", func() error { return errOf(st.Index(uint64(math.MaxUint64))) }, ErrIndex, "too large"},
		{"Index(float)", func() error { return errOf(st.Index(1.0)) }, ErrIndex, "float64"},
		{"Index(nil)", func() error { return errOf(st.Index(nil)) }, ErrIndex, "nil"},
		{"Index(All, MinInt)", func() error { return errOf(st.Index(All, "tags", math.MinInt)) }, ErrIndex, "tags"},
		{"Index slice MinInt..MaxInt by MinInt", func() error {
			_, err := st.Index(Slice{Start: math.MinInt, Stop: math.MaxInt, Step: math.MinInt, HasStart: true, HasStop: true}, "nope")
			return err
		}, ErrPath, "nope"},
		{"Index(0, name, too many)", func() error { return errOf(st.Index(0, "name", 0)) }, ErrIndex, "name"},
		{"Index missing field", func() error { return errOf(st.Index(0, "nope")) }, ErrPath, "nope"},
		{"Dense.Index(MaxInt)", func() error { return errOf(vec3.Index(math.MaxInt)) }, ErrIndex, "3"},
		{"Dense.Index(nil)", func() error { return errOf(vec3.Index(nil)) }, ErrIndex, "nil"},
		{"Dense.Index too many", func() error { return errOf(vec3.Index(0, 0)) }, ErrIndex, "rank"},
		{"Slice axis MaxInt", func() error { return errOf(st.Slice(math.MaxInt, All)) }, ErrIndex, "axis"},
		{"Slice axis MinInt", func() error { return errOf(st.Slice(math.MinInt, All)) }, ErrIndex, "axis"},
		{"Slice rank 0", func() error { return errOf(r0.Slice(0, All)) }, ErrIndex, "axis"},
		{"Gather axis MinInt", func() error { return errOf(st.Gather([]int{0}, math.MinInt)) }, ErrIndex, "axis"},
		{"Gather index MaxInt", func() error { return errOf(st.Gather([]int{0, math.MaxInt}, 0)) }, ErrIndex, "indices[1]"},
		{"Gather index MinInt", func() error { return errOf(st.Gather([]int{math.MinInt}, 0)) }, ErrIndex, "indices[0]"},
		{"Gather rank 0", func() error { return errOf(r0.Gather([]int{0}, 0)) }, ErrIndex, "axis"},
		{"Take MinInt", func() error { return errOf(st.Take([]int{math.MinInt})) }, ErrIndex, "indices[0]"},
		{"GatherRagged axis 0", func() error { return errOf(st.GatherRagged([][]int{{0}}, 0)) }, ErrIndex, "axis"},
		{"GatherRagged wrong rows", func() error { return errOf(st.GatherRagged([][]int{{0}}, 1)) }, ErrIndex, "axis"},
		{"ExpandDims MaxInt", func() error { return errOf(st.ExpandDims(math.MaxInt)) }, ErrIndex, "axis"},
		{"ExpandDims MinInt", func() error { return errOf(st.ExpandDims(math.MinInt)) }, ErrIndex, "axis"},
		{"MergeDims MinInt", func() error { return errOf(st.MergeDims(math.MinInt, 0)) }, ErrIndex, "axis"},
		{"MergeDims MaxInt", func() error { return errOf(st.MergeDims(0, math.MaxInt)) }, ErrIndex, "axis"},
		{"MergeDims reversed", func() error { return errOf(Must(st.ExpandDims(1)).MergeDims(1, 0)) }, ErrIndex, "1"},
		{"PartitionOuterDimension(nil)", func() error { return errOf(st.PartitionOuterDimension(nil)) }, ErrPartition, "nil"},
		{"PartitionOuterDimension wrong", func() error { return errOf(st.PartitionOuterDimension(Must(PartitionFromUniform(2, Unknown, 2)))) }, ErrShape, "4"},
		{"PartitionOuterDimension rank 0", func() error { return errOf(r0.PartitionOuterDimension(Must(PartitionFromUniform(1, Unknown, 1)))) }, ErrShape, "rank-0"},
		{"BooleanMask short", func() error { return errOf(st.BooleanMask([]bool{true})) }, ErrShape, "1"},
		{"BooleanMask nil", func() error { return errOf(st.BooleanMask(nil)) }, ErrShape, "0"},
		{"BooleanMask rank 0", func() error { return errOf(r0.BooleanMask(nil)) }, ErrShape, "rank-0"},
		{"BooleanMaskRagged(nil)", func() error { return errOf(st.BooleanMaskRagged(nil)) }, ErrShape, "nil"},
		{"BooleanMaskRagged(nil *Dense)", func() error { return errOf(st.BooleanMaskRagged((*Dense)(nil))) }, ErrShape, "nil"},
		{"BooleanMaskRagged(int)", func() error { return errOf(st.BooleanMaskRagged(vec3)) }, ErrType, "bool"},
		{"Concat()", func() error { return errOf(Concat(0)) }, ErrShape, "at least one"},
		{"Concat(nil)", func() error { return errOf(Concat(0, st, nil)) }, ErrShape, "input 1"},
		{"Concat ranks", func() error { return errOf(Concat(0, st, Must(st.ExpandDims(0)))) }, ErrShape, "input 1"},
		{"Concat axis MaxInt", func() error { return errOf(Concat(math.MaxInt, st, st)) }, ErrIndex, "axis"},
		{"Concat axis MinInt", func() error { return errOf(Concat(math.MinInt, st, st)) }, ErrIndex, "axis"},
		{"Concat rank 0", func() error { return errOf(Concat(0, r0, r0)) }, ErrIndex, "rank-0"},
		{"Stack(nil)", func() error { return errOf(Stack(0, nil)) }, ErrShape, "input 0"},
		{"Stack axis MinInt", func() error { return errOf(Stack(math.MinInt, st)) }, ErrIndex, "axis"},
		{"WithUpdates SetField nil path", func() error { return errOf(st.WithUpdates(SetField(vec3))) }, ErrPath, "empty"},
		{"WithUpdates SetField wrong rows", func() error {
			return errOf(st.WithUpdates(SetField(Must(NewDense(misuseInt64s(1, 2))), "x")))
		}, ErrShape, "x"},
		{"WithUpdates SetField nil *Dense", func() error { return errOf(st.WithUpdates(SetField((*Dense)(nil), "x"))) }, ErrType, "x"},
		{"WithUpdates SetField nil *Tensor", func() error { return errOf(st.WithUpdates(SetField((*Tensor)(nil), "x"))) }, ErrType, "x"},
		{"WithUpdates twice", func() error { return errOf(st.WithUpdates(SetField(vec3, "x"), DeleteField("x"))) }, ErrPath, "x"},
		{"WithUpdates zero Update", func() error { return errOf(st.WithUpdates(Update{})) }, ErrPath, "empty"},
		{"WithUpdates TransformField nil fn", func() error { return errOf(st.WithUpdates(TransformField(nil, "name"))) }, ErrType, "name"},
		{"WithUpdates TransformField (nil, nil)", func() error {
			return errOf(st.WithUpdates(TransformField(func(Value) (Value, error) { return nil, nil }, "name")))
		}, ErrType, "name"},
		{"WithUpdates nested wrong rows", func() error {
			return errOf(st.WithUpdates(SetField(vec3, "ingredients", "x")))
		}, ErrShape, "ingredients.x"},
		{"Without missing", func() error { return errOf(st.Without("nope")) }, ErrPath, "nope"},
		{"WithOnly duplicate", func() error { return errOf(st.WithOnly("name", "name")) }, ErrPath, "name"},
		{"Field missing", func() error { return errOf(st.Field("ingredients", "nope")) }, ErrPath, "ingredients.nope"},
		{"Field through leaf", func() error { return errOf(st.Field("name", "x")) }, ErrPath, "name"},
		{"Apply nil fn", func() error { return errOf(st.Apply(nil, [][]string{{"name"}}, []string{"x"})) }, ErrType, "function is nil"},
		{"Apply (nil, nil)", func() error {
			return errOf(st.Apply(func(...Value) (Value, error) { return nil, nil }, [][]string{{"name"}}, []string{"x"}))
		}, ErrType, "x"},
		{"Apply typed nil result", func() error {
			return errOf(st.Apply(func(...Value) (Value, error) { return (*Ragged)(nil), nil }, [][]string{{"name"}}, []string{"x"}))
		}, ErrType, "x"},
		{"Apply wrong shape", func() error {
			return errOf(st.Apply(func(...Value) (Value, error) { return Must(NewDense(misuseInt64s(1))), nil }, [][]string{{"name"}}, []string{"x"}))
		}, ErrShape, "x"},
		{"Apply empty target", func() error { return errOf(st.Apply(id, [][]string{{"name"}}, nil)) }, ErrPath, "target"},
		{"Apply nil source", func() error { return errOf(st.Apply(id, [][]string{nil}, []string{"x"})) }, ErrPath, "source"},
		{"Apply source above target", func() error {
			return errOf(st.Apply(id, [][]string{{"name"}}, []string{"ingredients", "x"}))
		}, ErrShape, "name"},
		{"Broadcast empty", func() error { return errOf(st.Broadcast(nil, nil)) }, ErrPath, "empty"},
		{"Broadcast existing", func() error { return errOf(st.Broadcast([]string{"name"}, []string{"ingredients", "item"})) }, ErrPath, "ingredients.item"},
		{"Promote short", func() error { return errOf(st.Promote([]string{"name"}, "x")) }, ErrPath, "name"},
		{"Promote empty newName", func() error { return errOf(st.Promote([]string{"ingredients", "item"}, "")) }, ErrPath, "empty"},
		{"Promote existing", func() error { return errOf(st.Promote([]string{"ingredients", "item"}, "name")) }, ErrPath, "name"},
		{"ToRecordBatch rank 0", func() error { return errOf(r0.ToRecordBatch()) }, ErrShape, "rank"},
		{"ArrowSchema rank 0", func() error { return errOf(r0.ArrowSchema()) }, ErrShape, "rank"},
	})
}

// TestMisuseNoPanicAccessors calls getters and error-free methods with
// edge arguments that must not panic.
func TestMisuseNoPanicAccessors(t *testing.T) {
	st := misuseRecipes(t)
	noPanic(t, "Equal(nil, nil)", func() { _ = Equal(nil, nil) })
	noPanic(t, "Equal(st, nil)", func() {
		if Equal(st, nil) {
			t.Error("Equal(st, nil) is true")
		}
	})
	noPanic(t, "Tensor.Equal(nil)", func() {
		if st.Equal(nil) {
			t.Error("st.Equal(nil) is true")
		}
	})
	noPanic(t, "RowPartition.Equal(nil)", func() {
		if Must(PartitionFromUniform(1, Unknown, 1)).Equal(nil) {
			t.Error("p.Equal(nil) is true")
		}
	})
	noPanic(t, "Spec.Equal(nil)", func() { _ = st.Spec().Equal(nil) })
	noPanic(t, "FieldSpec.Equal(nil)", func() { _ = st.Spec().Fields[0].Equal(nil) })
	noPanic(t, "Slice.Indices hostile", func() {
		for _, s := range []Slice{
			{Step: 0},
			{Start: math.MinInt, Stop: math.MaxInt, Step: math.MinInt, HasStart: true, HasStop: true},
			{Start: math.MaxInt, Stop: math.MinInt, Step: math.MaxInt, HasStart: true, HasStop: true},
			{Step: math.MinInt},
		} {
			for _, n := range []int{0, 1, 5} {
				start, stop, step := s.Indices(n)
				if step == 0 {
					t.Errorf("%v.Indices(%d) step 0", s, n)
				}
				if l := s.Len(n); l < 0 || l > n {
					t.Errorf("%#v.Len(%d) = %d (start %d stop %d step %d)", s, n, l, start, stop, step)
				}
				_ = s.String()
			}
		}
	})
	noPanic(t, "Slice{Step: 0} selects all", func() {
		got, err := st.Slice(0, Slice{})
		if err != nil || got.NumRows() != 3 {
			t.Errorf("Slice{} = %v, %v", got, err)
		}
		rev, err := st.Slice(0, Slice{Step: math.MinInt})
		if err != nil || rev.NumRows() != 1 {
			t.Errorf("Slice{Step: MinInt} = %v, %v", rev, err)
		}
	})
	noPanic(t, "Shape hostile", func() {
		_ = (Shape{1 << 40, 1 << 40}).NumElements()
		_ = Shape{math.MinInt}.String()
	})
	noPanic(t, "Kind(99).String", func() { _ = Kind(99).String() })
	noPanic(t, "StringAt out of range", func() {
		d := Must(st.Field("name")).(*Dense)
		if _, err := d.StringAt(99); !errors.Is(err, ErrIndex) {
			t.Errorf("StringAt(99) = %v, want ErrIndex", err)
		}
		if _, err := d.StringAt(-1); !errors.Is(err, ErrIndex) {
			t.Errorf("StringAt(-1) = %v, want ErrIndex", err)
		}
	})
	noPanic(t, "FieldSpec zero value", func() {
		var f FieldSpec
		_ = f.String()
		_ = f.Kind(nil)
		_ = f.Shape(nil)
		_ = f.RaggedRank(Shape{Unknown})
	})
	noPanic(t, "Spec zero value", func() {
		var s Spec
		_ = s.String()
		_ = s.Tree()
		_, _ = s.ArrowType()
		_, _ = s.ArrowSchema()
		_, _, _ = s.Field()
		_ = s.Compatible(&Spec{})
	})
	noPanic(t, "Spec with nil Type, no Fields", func() {
		s := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "a", Dims: Shape{-9}}}}
		_ = s.String()
		_ = s.Tree()
		_, _ = s.ArrowType()
		_ = s.Compatible(st.Spec())
		_ = st.Spec().Compatible(s)
		_ = st.ConformsTo(s)
		_, _ = ParseSpec(s.String())
	})
	noPanic(t, "ToGo into odd targets", func() {
		var m map[string]int
		_ = st.ToGo(&m)
		var f func()
		_ = st.ToGo(&f)
		var ch chan int
		_ = st.ToGo(&ch)
		var arr [1]struct{ Name string }
		if err := st.ToGo(&arr); !errors.Is(err, ErrShape) {
			t.Errorf("ToGo into [1]T = %v, want ErrShape", err)
		}
	})
}

// TestMisuseNilReceiver checks the nil-receiver policy of doc.go: methods
// of a nil *Tensor, *Dense, *Ragged or *RowPartition panic, as a write to
// a nil map does, but fmt prints such a nil as <nil>; a nil *Spec gives
// errors, false or "<nil>".
func TestMisuseNilReceiver(t *testing.T) {
	var st *Tensor
	var d *Dense
	var r *Ragged
	var p *RowPartition
	var s *Spec
	for _, v := range []any{st, d, r, p, s} {
		noPanic(t, fmt.Sprintf("fmt.Sprint(%T(nil))", v), func() {
			if got := fmt.Sprint(v); got != "<nil>" {
				t.Errorf("fmt.Sprint(%T(nil)) = %q, want <nil>", v, got)
			}
		})
	}
	panics := func(name string, fn func()) {
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		fn()
	}
	panics("(*Tensor)(nil).Rank", func() { _ = st.Rank() })
	panics("(*Tensor)(nil).Index", func() { _, _ = st.Index(0) })
	panics("(*RowPartition)(nil).NumRows", func() { _ = p.NumRows() })
	runMisuse(t, []misuseCase{
		{"(*Spec)(nil).Field", func() error { _, _, err := s.Field("a"); return err }, ErrSchema, "nil"},
		{"(*Spec)(nil).ArrowSchema", func() error { return errOf(s.ArrowSchema()) }, ErrSchema, "nil"},
		{"(*Spec)(nil).ArrowType", func() error { return errOf(s.ArrowType()) }, ErrSchema, "nil"},
		{"(*Spec)(nil).Compatible", func() error { return s.Compatible(&Spec{}) }, ErrSchema, "nil"},
	})
	noPanic(t, "(*Spec)(nil).Equal/Tree", func() {
		if s.Equal(&Spec{}) || !s.Equal(nil) {
			t.Error("nil Spec equality is wrong")
		}
		_ = s.Tree()
	})
}

// misuseArrowBytes collects every buffer byte of an Arrow array, recursively.
func misuseArrowBytes(a arrow.Array) [][]byte {
	var out [][]byte
	var walk func(d arrow.ArrayData)
	walk = func(d arrow.ArrayData) {
		for _, b := range d.Buffers() {
			if b != nil {
				out = append(out, bytes.Clone(b.Bytes()))
			}
		}
		for _, c := range d.Children() {
			walk(c)
		}
	}
	walk(a.Data())
	return out
}

// tensorSnapshot is the Go value and every Arrow and split byte of a Tensor.
type tensorSnapshot struct {
	value  any
	arrays [][]byte
	splits []int64
}

func misuseSnapshot(t *testing.T, st *Tensor) tensorSnapshot {
	t.Helper()
	s := tensorSnapshot{value: st.ToValue()}
	var walk func(v Value)
	walk = func(v Value) {
		switch x := v.(type) {
		case *Tensor:
			for _, p := range x.parts {
				s.splits = append(s.splits, p.RowSplits()...)
			}
			for _, f := range x.fieldValues() {
				walk(f)
			}
		case *Ragged:
			for _, p := range x.parts {
				s.splits = append(s.splits, p.RowSplits()...)
			}
			s.arrays = append(s.arrays, misuseArrowBytes(x.values)...)
		case *Dense:
			s.arrays = append(s.arrays, misuseArrowBytes(x.values)...)
		}
	}
	walk(st)
	return s
}

func TestMisuseNoMutation(t *testing.T) {
	double := MapFloat64(func(x float64) float64 { return 2 * x })
	ops := []struct {
		name string
		op   func(st *Tensor) error
	}{
		{"WithUpdates", func(st *Tensor) error {
			return errOf(st.WithUpdates(TransformField(double, "ingredients", "amount"), DeleteField("name"),
				SetField(Must(NewDense(misuseInt64s(7, 8, 9))), "n")))
		}},
		{"Promote", func(st *Tensor) error { return errOf(st.Promote([]string{"ingredients", "amount"}, "amounts")) }},
		{"Broadcast", func(st *Tensor) error {
			return errOf(st.Broadcast([]string{"name"}, []string{"ingredients", "recipe"}))
		}},
		{"Apply", func(st *Tensor) error {
			return errOf(st.Apply(ZipFloat64(func(x ...float64) float64 { return x[0] + 1 }),
				[][]string{{"ingredients", "amount"}}, []string{"ingredients", "amount"}))
		}},
		{"MergeDims", func(st *Tensor) error { return errOf(Must(st.ExpandDims(0)).MergeDims(0, 1)) }},
		{"PartitionOuterDimension", func(st *Tensor) error {
			return errOf(st.PartitionOuterDimension(Must(PartitionFromLengths([]int{2, 1}))))
		}},
		{"Concat", func(st *Tensor) error { return errOf(Concat(0, st, st)) }},
		{"Concat axis 1", func(st *Tensor) error {
			e := Must(st.ExpandDims(1))
			return errOf(Concat(1, e, e))
		}},
		{"Gather", func(st *Tensor) error { return errOf(st.Gather([]int{2, 0, -1}, 0)) }},
		{"BooleanMask", func(st *Tensor) error { return errOf(st.BooleanMask([]bool{true, false, true})) }},
		{"Index", func(st *Tensor) error { return errOf(st.Index(Span(0, 3).By(2), "ingredients", All.By(-1))) }},
		{"ExpandDims", func(st *Tensor) error { return errOf(st.ExpandDims(-1)) }},
		{"ToArrow", func(st *Tensor) error {
			a, err := st.ToArrow()
			if err == nil {
				a.Release()
			}
			return err
		}},
		{"ToGo", func(st *Tensor) error {
			var out []struct {
				Name        string
				Tags        []string
				Ingredients []struct {
					Item   string
					Amount float64
				}
			}
			err := st.ToGo(&out)
			if err == nil && len(out) > 0 && len(out[0].Tags) > 0 {
				out[0].Tags[0] = "mutated" // must not reach the Tensor
				out[0].Ingredients[0].Amount = -1
			}
			return err
		}},
	}
	for _, o := range ops {
		st := misuseRecipes(t)
		before := misuseSnapshot(t, st)
		var err error
		noPanic(t, o.name, func() { err = o.op(st) })
		if err != nil {
			t.Errorf("%s: %v", o.name, err)
			continue
		}
		after := misuseSnapshot(t, st)
		if !reflect.DeepEqual(before, after) {
			t.Errorf("%s modified its input:\nbefore %v\nafter  %v", o.name, before.value, after.value)
		}
	}
}

func TestMisuseGettersReturnCopies(t *testing.T) {
	st := misuseRecipes(t)
	st2 := Must(st.ExpandDims(1))
	names := st.FieldNames()
	names[0] = "mutated"
	if st.FieldNames()[0] == "mutated" {
		t.Error("FieldNames shares the Tensor's slice")
	}
	parts := st2.RowPartitions()
	parts[0] = nil
	if st2.RowPartitions()[0] == nil {
		t.Error("RowPartitions shares the Tensor's slice")
	}
	shape := st2.Shape()
	shape[0] = 99
	if st2.Shape()[0] == 99 {
		t.Error("Tensor.Shape shares the Tensor's slice")
	}
	fields := st.Fields()
	fields[0].Value = nil
	if st.Fields()[0].Value == nil {
		t.Error("Fields shares the Tensor's slice")
	}
	d := Must(NewDense(misuseInt64s(1, 2, 3, 4), 2, 2))
	ds := d.Shape()
	ds[0] = 99
	if d.Shape()[0] == 99 {
		t.Error("Dense.Shape shares the value's slice")
	}
	r := Must(st.Field("tags")).(*Ragged)
	rp := r.RowPartitions()
	rp[0] = nil
	if r.RowPartitions()[0] == nil {
		t.Error("Ragged.RowPartitions shares the value's slice")
	}
	rs := r.Shape()
	rs[0] = 99
	if r.Shape()[0] == 99 {
		t.Error("Ragged.Shape shares the value's slice")
	}
	p32 := Must(PartitionFromSplits([]int32{0, 1, 3}))
	s := p32.RowSplits()
	s[1] = 99
	if p32.RowSplits()[1] == 99 {
		t.Error("RowSplits of an int32 partition shares its splits")
	}
	lens := p32.RowLengths()
	lens[0] = 99
	if p32.RowLengths()[0] == 99 {
		t.Error("RowLengths shares the partition's memory")
	}
	sp := st.Spec()
	sp.Fields[0].Name = "mutated"
	if st.Spec().Fields[0].Name == "mutated" {
		t.Error("Spec shares the Tensor's memory")
	}
}

func TestMisuseInnerDims(t *testing.T) {
	st := misuseRecipes(t)
	st2 := Must(st.ExpandDims(0))
	id := func(a ...Value) (Value, error) { return a[0], nil }
	runMisuse(t, []misuseCase{
		{"Index ragged MaxInt", func() error { return errOf(st.Index(All, "tags", math.MaxInt)) }, ErrIndex, "tags[0]"},
		{"Index nested MinInt", func() error { return errOf(st.Index(0, "ingredients", math.MinInt)) }, ErrIndex, "ingredients[0]"},
		{"Gather inner MinInt", func() error { return errOf(st2.Gather([]int{math.MinInt}, 1)) }, ErrIndex, "indices[0]"},
		{"Gather inner MaxInt", func() error { return errOf(st2.Gather([]int{math.MaxInt}, -1)) }, ErrIndex, "indices[0]"},
		{"GatherRagged MinInt", func() error { return errOf(st2.GatherRagged([][]int{{math.MinInt}}, 1)) }, ErrIndex, "indices[0]"},
		{"GatherRagged nil rows", func() error { return errOf(st2.GatherRagged(nil, 1)) }, ErrShape, "0 index lists"},
		{"MergeDims equal hostile", func() error { return errOf(st2.MergeDims(math.MinInt, math.MinInt)) }, ErrIndex, "outer_axis"},
		{"Stack axis MaxInt", func() error { return errOf(Stack(math.MaxInt, st, st)) }, ErrIndex, "axis"},
		{"Concat axis 1 mismatched rows", func() error { return errOf(Concat(1, st2, Must(st.ExpandDims(1)))) }, ErrShape, "input 1"},
		{"Concat schemas differ", func() error { return errOf(Concat(0, st, Must(st.Without("name")))) }, ErrSchema, "name"},
		{"Promote empty names", func() error { return errOf(st.Promote([]string{"", ""}, "x")) }, ErrPath, "empty"},
		{"Broadcast to leaf parent", func() error { return errOf(st.Broadcast([]string{"name"}, []string{"tags", "x"})) }, ErrPath, "tags"},
		{"Apply source missing", func() error { return errOf(st.Apply(id, [][]string{{"nope"}}, []string{"x"})) }, ErrPath, "nope"},
		{"Spec negative Dims ArrowSchema", func() error {
			s := &Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64, Dims: Shape{-9}}}}
			return errOf(s.ArrowSchema())
		}, ErrShape, "field a"},
		{"Spec negative shape ArrowType", func() error {
			s := &Spec{Shape: Shape{Unknown, -4}, Fields: []FieldSpec{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}}
			return errOf(s.ArrowType())
		}, ErrShape, "dimension 1"},
		{"Spec duplicate ArrowSchema", func() error {
			f := FieldSpec{Name: "a", Type: arrow.PrimitiveTypes.Int64}
			return errOf((&Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{f, f}}).ArrowSchema())
		}, ErrPath, "field a"},
		{"ValueOf mixed depth", func() error { return errOf(ValueOf([]any{[]any{1}, 2})) }, ErrSchema, "row 1"},
		{"FromValue nil", func() error { return errOf(FromValue(nil)) }, ErrType, "nil"},
		{"Uniform WithValidity", func() error {
			return errOf(Must(PartitionFromUniform(1, Unknown, 2)).WithValidity([]bool{false, true}))
		}, ErrPartition, "row 0"},
	})
	// Hostile Slices are clamped, never an error.
	hostile := Slice{Start: math.MinInt, Stop: math.MaxInt, Step: math.MaxInt, HasStart: true, HasStop: true}
	for name, fn := range map[string]func() (Value, error){
		"Slice inner hostile":     func() (Value, error) { return st2.Slice(1, hostile) },
		"Slice inner MinInt step": func() (Value, error) { return st2.Slice(-1, Slice{Step: math.MinInt}) },
		"Index ragged hostile":    func() (Value, error) { return st.Index(All, "tags", hostile) },
	} {
		noPanic(t, name, func() {
			v, err := fn()
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			if err := validateValue(v, ""); err != nil {
				t.Errorf("%s gave an invalid value: %v", name, err)
			}
		})
	}
}

func TestMisuseFieldFunctions(t *testing.T) {
	st := misuseRecipes(t)
	amount := Must(st.Field("ingredients", "amount"))
	f := MapFloat64(math.Sqrt)
	z := ZipFloat64(func(x ...float64) float64 { return x[0] })
	d := Must(NewDense(misuseInt64s(1, 2, 3, 4, 5, 6), 2, 3))
	runMisuse(t, []misuseCase{
		{"MapFloat64(nil value)", func() error { return errOf(f(nil)) }, ErrType, "nil"},
		{"MapFloat64(nil *Dense)", func() error { return errOf(f((*Dense)(nil))) }, ErrType, "nil"},
		{"MapInt64(nil *Ragged)", func() error { return errOf(MapInt64(func(x int64) int64 { return x })((*Ragged)(nil))) }, ErrType, "nil"},
		{"MapFloat64(nil fn)", func() error { return errOf(MapFloat64(nil)(amount)) }, ErrType, "function is nil"},
		{"MapFloat64 on a Tensor", func() error { return errOf(f(st)) }, ErrType, "leaf"},
		{"ZipFloat64()", func() error { return errOf(z()) }, ErrShape, "at least one"},
		{"ZipFloat64(nil)", func() error { return errOf(z(nil)) }, ErrType, "argument 0"},
		{"ZipFloat64(x, nil *Dense)", func() error { return errOf(z(amount, (*Dense)(nil))) }, ErrType, "argument 1"},
		{"ZipFloat64(nil fn)", func() error { return errOf(ZipFloat64(nil)(amount)) }, ErrType, "function is nil"},
		{"ZipFloat64 shapes differ", func() error { return errOf(z(d, Must(NewDense(misuseInt64s(1))))) }, ErrShape, "argument 1"},
		{"TransformField MapFloat64 on strings", func() error { return errOf(st.WithUpdates(TransformField(f, "name"))) }, ErrType, "field name"},
		{"Dense.Index MinInt inner", func() error { return errOf(d.Index(Slice{Step: math.MinInt}, math.MinInt)) }, ErrIndex, "dimension 1"},
		{"scalar Index", func() error { return errOf(Must(NewScalar(misuseInt64s(1))).Index(All)) }, ErrIndex, "rank-0"},
	})
}

// TestMisuseIsNullOutOfRange checks the index policy of IsNull: an index
// out of range panics naming the method, as a slice index does, rather
// than answering false, whether or not the value holds nulls.
func TestMisuseIsNullOutOfRange(t *testing.T) {
	withNulls := Must(FromValue([]any{map[string]any{"a": int64(1), "b": []any{int64(1)}}, nil, map[string]any{"a": nil, "b": nil}}))
	noNulls := misuseRecipes(t)
	ragged := func(st *Tensor, name string) *Ragged { return Must(st.Field(name)).(*Ragged) }
	cases := []struct {
		name   string
		n      int // the valid range is [0, n)
		isNull func(i int) bool
	}{
		{"Tensor with nulls", withNulls.Size(), withNulls.IsNull},
		{"Tensor without nulls", noNulls.Size(), noNulls.IsNull},
		{"Dense with nulls", 3, Must(withNulls.Field("a")).(*Dense).IsNull},
		{"Dense without nulls", 3, Must(noNulls.Field("name")).(*Dense).IsNull},
		{"Ragged", 3, ragged(noNulls, "tags").IsNull},
		{"RowPartition with nulls", 3, ragged(withNulls, "b").RowPartitions()[0].IsNull},
		{"RowPartition without nulls", 3, ragged(noNulls, "tags").RowPartitions()[0].IsNull},
		{"Bitmap with nulls", withNulls.Size(), withNulls.Validity().IsNull},
		{"Bitmap without nulls", 3, Must(noNulls.Field("name")).(*Dense).Validity().IsNull},
	}
	for _, c := range cases {
		noPanic(t, c.name+" in range", func() {
			for i := range c.n {
				_ = c.isNull(i)
			}
		})
		for _, i := range []int{-1, c.n, c.n + 100, math.MinInt} {
			func() {
				defer func() {
					r := recover()
					if msg, _ := r.(string); !strings.HasPrefix(msg, "structured: ") || !strings.Contains(msg, "out of range") {
						t.Errorf("%s: IsNull(%d) panicked with %v, want an out of range panic", c.name, i, r)
					}
				}()
				c.isNull(i)
			}()
		}
	}
}
