package structured

import (
	"fmt"
	"testing"
)

// BenchmarkClone copies a Tensor over Arrow memory into fresh Go memory,
// whole and as its first tenth (the case Clone is for).
func BenchmarkClone(b *testing.B) {
	rec := arwBenchBatch(100_000)
	defer rec.Release()
	st, err := FromRecordBatch(rec)
	if err != nil {
		b.Fatal(err)
	}
	head := Must(st.Slice(0, Span(0, st.NumRows()/10)))
	for _, tc := range []struct {
		name  string
		st    *Tensor
		bytes int64
		fn    func(*Tensor) (*Tensor, error)
	}{
		{"clone", st, arwBatchBytes(rec), (*Tensor).Clone},
		{"clone head", head, arwBatchBytes(rec) / 10, (*Tensor).Clone},
	} {
		b.Run(fmt.Sprintf("%s/rows=%d", tc.name, tc.st.NumRows()), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(tc.bytes)
			for b.Loop() {
				if _, err := tc.fn(tc.st); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
