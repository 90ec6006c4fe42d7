package parquet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// lowLevelList writes one list<int32> column "xs" shaped as list (the
// LIST-annotated group, built by the test case) with the rows
// [1, 2, null-or-2], null, [] through arrow-go's low-level writer, as
// other writers lay lists out.
func lowLevelList(t *testing.T, list schema.Node, vals []int32, def, rep []int16) []byte {
	t.Helper()
	root, err := schema.NewGroupNode("schema", pq.Repetitions.Required, schema.FieldList{list}, -1)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := file.NewParquetWriter(&b, root)
	rg, err := w.AppendRowGroupChecked()
	if err != nil {
		t.Fatal(err)
	}
	cw, err := rg.NextColumn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cw.(*file.Int32ColumnChunkWriter).WriteBatch(vals, def, rep); err != nil {
		t.Fatal(err)
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rg.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestOtherWritersLists: the list layouts of other writers read as the
// same lists: the standard three-level list (pyarrow, Polars, DuckDB,
// Spark with writeLegacyFormat=false), Spark's legacy three-level
// "bag"/"array" list, and the legacy two-level list (parquet-mr's
// AvroParquetWriter, old Hive), where the repeated field is the element.
func TestOtherWritersLists(t *testing.T) {
	want := `[[1, 2, null], null, []]`
	wantTwo := `[[1, 2, 3], null, []]`
	opt, req, rpt := pq.Repetitions.Optional, pq.Repetitions.Required, pq.Repetitions.Repeated
	list := schema.NewListLogicalType()
	cases := []struct {
		name string
		node schema.Node
		vals []int32
		def  []int16
		rep  []int16
		want string
	}{
		{"three-level", must(schema.NewGroupNodeLogical("xs", opt, schema.FieldList{
			must(schema.NewGroupNode("list", rpt, schema.FieldList{
				must(schema.NewPrimitiveNode("element", opt, pq.Types.Int32, -1, -1))}, -1))}, list, -1)),
			[]int32{1, 2}, []int16{3, 3, 2, 0, 1}, []int16{0, 1, 1, 0, 0}, want},
		{"spark-legacy", must(schema.NewGroupNodeLogical("xs", opt, schema.FieldList{
			must(schema.NewGroupNode("bag", rpt, schema.FieldList{
				must(schema.NewPrimitiveNode("array", opt, pq.Types.Int32, -1, -1))}, -1))}, list, -1)),
			[]int32{1, 2}, []int16{3, 3, 2, 0, 1}, []int16{0, 1, 1, 0, 0}, want},
		{"two-level", must(schema.NewGroupNodeLogical("xs", opt, schema.FieldList{
			must(schema.NewPrimitiveNode("array", rpt, pq.Types.Int32, -1, -1))}, list, -1)),
			[]int32{1, 2, 3}, []int16{2, 2, 2, 0, 1}, []int16{0, 1, 1, 0, 0}, wantTwo},
		{"two-level-required", must(schema.NewGroupNodeLogical("xs", req, schema.FieldList{
			must(schema.NewPrimitiveNode("element", rpt, pq.Types.Int32, -1, -1))}, list, -1)),
			[]int32{1, 2, 3, 4}, []int16{1, 1, 1, 0, 1}, []int16{0, 1, 1, 0, 0}, `[[1, 2, 3], [], [4]]`},
	}
	for _, c := range cases {
		data := lowLevelList(t, c.node, c.vals, c.def, c.rep)
		f, err := Read(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		rec, err := f.ToRecordBatch()
		if err != nil {
			t.Fatal(err)
		}
		got := rec.Column(0)
		wantArr, _, err := array.FromJSON(memory.DefaultAllocator, arrow.ListOf(arrow.PrimitiveTypes.Int32), strings.NewReader(c.want))
		if err != nil {
			t.Fatal(err)
		}
		if !array.Equal(got, wantArr) {
			t.Errorf("%s: read %v, want %s", c.name, got, c.want)
		}
		rec.Release()
		wantArr.Release()
	}
}
