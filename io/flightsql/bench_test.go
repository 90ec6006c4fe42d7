package flightsql

import (
	"context"
	"fmt"
	"testing"

	"github.com/structframe/structframe/internal/sqlbind"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// BenchmarkQuery1M reads a result of 1,000,000 rows of {id: int64, x:
// float64, name: utf8} over Flight SQL on loopback into one Frame and
// reports rows/s, from two servers: arrow-go's SQLite example (rows
// scanned from SQLite through database/sql into batches of 1024 rows:
// the server's pace) and record batches held in memory by the test
// server (16 batches of 62,500 rows: the client's and the transport's
// pace), each result in 1 or 4 endpoints.
//
//	go test -run '^$' -bench BenchmarkQuery1M -benchtime 3x ./io/flightsql/
func BenchmarkQuery1M(b *testing.B) {
	const rows = 1_000_000
	for _, bc := range []struct {
		source    string
		endpoints int
	}{{"sqlite", 1}, {"sqlite", 4}, {"memory", 1}, {"memory", 4}} {
		b.Run(fmt.Sprintf("%s/endpoints=%d", bc.source, bc.endpoints), func(b *testing.B) {
			srv := flightsqltest.Start(b, flightsqltest.WithEndpoints(bc.endpoints))
			if bc.source == "memory" {
				recs := flightsqltest.IntBatches(16, rows/16)
				srv.AddTable("big", recs...)
				sqlbind.Release(recs)
			} else if _, err := srv.DB.Exec(`CREATE TABLE big (id INTEGER, x REAL, name TEXT);
				WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ?)
				INSERT INTO big SELECT i, i / 2.0, 'row-' || (i % 1000) FROM c`, rows-1); err != nil {
				b.Fatal(err)
			}
			c := open(b, srv, WithMaxMessage(64<<20))
			ctx := context.Background()
			for b.Loop() {
				f, err := c.Query(ctx, "SELECT * FROM big")
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
