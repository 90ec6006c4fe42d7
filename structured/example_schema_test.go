package structured_test

import (
	"bytes"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/structframe/structframe/structured"
)

// ToRecordBatchAs writes every batch with the schema of its Spec, so one
// IPC writer takes batches whatever splits type or nulls each one has.
func ExampleTensor_ToRecordBatchAs() {
	spec := structured.Must(structured.ParseSpec("var * {id: int64, tags: ?var * string}"))
	schema := structured.Must(spec.ArrowSchema())
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(schema))
	for _, rows := range [][]any{
		{map[string]any{"id": 1, "tags": []any{"a"}}},
		{map[string]any{"id": 2, "tags": nil}, map[string]any{"id": 3, "tags": []any{}}},
	} {
		st := structured.Must(structured.FromValueSpec(rows, spec))
		rec := structured.Must(st.ToRecordBatchAs(schema))
		if err := w.Write(rec); err != nil {
			fmt.Println(err)
		}
		rec.Release()
	}
	fmt.Println(w.Close(), schema)
	// Output:
	// <nil> schema:
	//   fields: 2
	//     - id: type=int64
	//     - tags: type=large_list<item: utf8, nullable>, nullable
}
