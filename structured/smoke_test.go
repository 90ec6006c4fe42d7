package structured

import (
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func TestSmoke(t *testing.T) {
	mem := memory.NewGoAllocator()
	b := array.NewInt64Builder(mem)
	b.AppendValues([]int64{1, 2, 3, 4, 5}, []bool{true, true, false, true, true})
	vals := b.NewArray()
	p := Must(PartitionFromLengths([]int64{2, 0, 3}))
	r := Must(NewRagged(vals, p))
	sb := array.NewStringBuilder(mem)
	sb.AppendValues([]string{"a", "b", "c"}, nil)
	d := Must(NewDense(sb.NewArray()))
	st := Must(FromFields([]FieldValue{{"x", r}, {"name", d}}, 1))
	fmt.Println(st, st.ToValue())
	st2 := Must(FromFields([]FieldValue{{"t", st}}, 0))
	fmt.Println(st2, st2.ToValue())
	st3 := Must(FromShape(Shape{2, Unknown}, Must(PartitionFromLengths([]int{3, 2}))))
	fmt.Println(st3, st3.ToValue())
	st4 := Must(FromFields([]FieldValue{{"v", Must(NewRagged(vals, p))}}, 2))
	fmt.Println(st4, st4.ToValue())
}
