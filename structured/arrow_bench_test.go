package structured

import (
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// arwBenchBatch builds a record batch of n rows and 8 columns of mixed
// kinds: int64, float64 (with nulls), string, bool, date32, list<float64>,
// fixed_size_list<4, float32> and list<struct<qty: int64, label: string>>.
func arwBenchBatch(n int) arrow.RecordBatch {
	mem := memory.NewGoAllocator()
	valid := make([]bool, n)
	ids := make([]int64, n)
	scores := make([]float64, n)
	names := make([]string, n)
	flags := make([]bool, n)
	days := make([]arrow.Date32, n)
	for i := range n {
		valid[i] = i%10 != 3
		ids[i] = int64(i)
		scores[i] = float64(i) / 7
		names[i] = fmt.Sprintf("name-%d", i%1000)
		flags[i] = i%2 == 0
		days[i] = arrow.Date32(19000 + i%365)
	}
	idb := array.NewInt64Builder(mem)
	idb.AppendValues(ids, nil)
	scb := array.NewFloat64Builder(mem)
	scb.AppendValues(scores, valid)
	nmb := array.NewStringBuilder(mem)
	nmb.AppendValues(names, nil)
	flb := array.NewBooleanBuilder(mem)
	flb.AppendValues(flags, nil)
	dyb := array.NewDate32Builder(mem)
	dyb.AppendValues(days, nil)

	// list<float64>: row i has i%5 items.
	offs := make([]int32, n+1)
	for i := range n {
		offs[i+1] = offs[i] + int32(i%5)
	}
	vb := array.NewFloat64Builder(mem)
	for k := range int(offs[n]) {
		vb.Append(float64(k))
	}
	vals := vb.NewArray()
	list := array.NewListData(array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Float64), n,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs))}, []arrow.ArrayData{vals.Data()}, 0, 0))

	// fixed_size_list<4, float32>.
	eb := array.NewFloat32Builder(mem)
	for k := range 4 * n {
		eb.Append(float32(k))
	}
	emb := array.NewFixedSizeListData(array.NewData(arrow.FixedSizeListOf(4, arrow.PrimitiveTypes.Float32), n,
		[]*memory.Buffer{nil}, []arrow.ArrayData{eb.NewArray().Data()}, 0, 0))

	// list<struct<qty, label>>: row i has i%4 items.
	ioffs := make([]int32, n+1)
	for i := range n {
		ioffs[i+1] = ioffs[i] + int32(i%4)
	}
	m := int(ioffs[n])
	qb, lb := array.NewInt64Builder(mem), array.NewStringBuilder(mem)
	for k := range m {
		qb.Append(int64(k % 9))
		lb.Append("label")
	}
	item, err := array.NewStructArray([]arrow.Array{qb.NewArray(), lb.NewArray()}, []string{"qty", "label"})
	if err != nil {
		panic(err)
	}
	items := array.NewListData(array.NewData(arrow.ListOf(item.DataType()), n,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(ioffs))}, []arrow.ArrayData{item.Data()}, 0, 0))

	cols := []arrow.Array{idb.NewArray(), scb.NewArray(), nmb.NewArray(), flb.NewArray(), dyb.NewArray(), list, emb, items}
	names8 := []string{"id", "score", "name", "flag", "day", "values", "emb", "items"}
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: names8[i], Type: c.DataType(), Nullable: true}
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(n))
}

// arwBatchBytes is the size of every buffer a record batch references.
func arwBatchBytes(rec arrow.RecordBatch) int64 {
	var size func(d arrow.ArrayData) int64
	size = func(d arrow.ArrayData) int64 {
		var s int64
		for _, b := range d.Buffers() {
			if b != nil {
				s += int64(b.Len())
			}
		}
		for _, c := range d.Children() {
			s += size(c)
		}
		return s
	}
	var total int64
	for _, c := range rec.Columns() {
		total += size(c.Data())
	}
	return total
}

var arwBenchRows = []int{100_000, 1_000_000}

func BenchmarkFromRecordBatch(b *testing.B) {
	for _, n := range arwBenchRows {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			rec := arwBenchBatch(n)
			defer rec.Release()
			b.ReportAllocs()
			b.SetBytes(arwBatchBytes(rec))
			for b.Loop() {
				if _, err := FromRecordBatch(rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkToRecordBatch(b *testing.B) {
	for _, n := range arwBenchRows {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			rec := arwBenchBatch(n)
			defer rec.Release()
			st, err := FromRecordBatch(rec)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(arwBatchBytes(rec))
			for b.Loop() {
				out, err := st.ToRecordBatch()
				if err != nil {
					b.Fatal(err)
				}
				out.Release()
			}
		})
	}
}
