package adbc

import (
	"context"
	"fmt"
	"testing"

	"github.com/structframe/structframe/internal/sqlbind"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// BenchmarkQuery1M reads a result of 1,000,000 rows of {id: int64, x:
// float64, name: utf8} through ADBC's Flight SQL driver on loopback into one Frame
// and reports rows/s: record batches held in memory by the test server
// (16 batches of 62,500 rows), in 1 or 4 endpoints, to compare with
// io/flightsql's benchmark of the same name.
//
//	go test -run '^$' -bench BenchmarkQuery1M -benchtime 3x ./io/adbc/
func BenchmarkQuery1M(b *testing.B) {
	const rows = 1_000_000
	for _, endpoints := range []int{1, 4} {
		b.Run(fmt.Sprintf("memory/endpoints=%d", endpoints), func(b *testing.B) {
			srv := flightsqltest.Start(b, flightsqltest.WithEndpoints(endpoints))
			recs := flightsqltest.IntBatches(16, rows/16)
			srv.AddTable("big", recs...)
			sqlbind.Release(recs)
			conn := connect(b, srv)
			ctx := context.Background()
			for b.Loop() {
				f, err := Query(ctx, conn, "SELECT * FROM big")
				if err != nil {
					b.Fatal(err)
				}
				if f.NumRows() != rows {
					b.Fatalf("%d rows, want %d", f.NumRows(), rows)
				}
			}
			b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
