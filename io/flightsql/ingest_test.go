package flightsql

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestIngest writes frames by bulk ingest into a server that implements
// it (the test server's, around arrow-go's example), in each mode, and
// reads the table back.
func TestIngest(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithIngest(true))
	c := open(t, srv, WithBatchSize(2)) // 3 rows: two record batches
	ctx := context.Background()
	scores := frame.FromColumns([]string{"name", "score"}, []string{"ada", "bob", "cy"}, []float64{9.5, 7, 8.25})
	more := frame.FromColumns([]string{"name", "score"}, []string{"dee"}, []float64{6})
	tests := []struct {
		name  string
		f     *frame.Frame
		opts  []Option
		code  codes.Code // the error's status, OK for none
		names []any      // the table after
	}{
		{"create", scores, nil, codes.OK, []any{"ada", "bob", "cy"}},
		{"create again fails", scores, nil, codes.AlreadyExists, []any{"ada", "bob", "cy"}},
		{"append", more, []Option{WithExisting(Append)}, codes.OK, []any{"ada", "bob", "cy", "dee"}},
		{"overwrite", more, []Option{WithExisting(Overwrite)}, codes.OK, []any{"dee"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := c.Ingest(ctx, "scores", tt.f, tt.opts...)
			if got := status.Code(err); got != tt.code {
				t.Fatalf("Ingest: %v, want %v", err, tt.code)
			}
			if err == nil && n != int64(tt.f.NumRows()) {
				t.Errorf("%d rows written, want %d", n, tt.f.NumRows())
			}
			back, err := c.Query(ctx, "SELECT name, score FROM scores ORDER BY name")
			if err != nil {
				t.Fatal(err)
			}
			if got := column(t, back, "name"); !reflect.DeepEqual(got, tt.names) {
				t.Errorf("table holds %v, want %v", got, tt.names)
			}
		})
	}
	// A label index is written as a leading column.
	indexed := frame.FromColumns([]string{"city", "pop"}, []string{"Oslo", "Rome"}, []int64{709, 2873}).SetIndex("city")
	if _, err := c.Ingest(ctx, "cities", indexed); err != nil {
		t.Fatal(err)
	}
	back, err := c.Query(ctx, "SELECT * FROM cities ORDER BY city")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.Schema().String(), "2 * {city: string, pop: int64}"; got != want {
		t.Errorf("cities: %s, want %s", got, want)
	}
	// What the server refuses (SQLite holds no lists) is its error.
	lists := frame.FromColumns([]string{"l"}, [][]int64{{1, 2}, {3}})
	if _, err := c.Ingest(ctx, "lists", lists); status.Code(err) != codes.InvalidArgument {
		t.Errorf("ingest of a list column: %v, want InvalidArgument", err)
	}
	var e *Error
	if _, err := c.Ingest(ctx, "", scores); !errors.As(err, &e) || e.Op != "ingest" || !errors.Is(err, ErrParameter) {
		t.Errorf("ingest without a table name: %v", err)
	}
}

// TestIngestFallback: arrow-go's example has no bulk ingest. Append then
// inserts into the existing table with a prepared INSERT; the other modes
// say Unimplemented.
func TestIngestFallback(t *testing.T) {
	srv := flightsqltest.Start(t)
	c := open(t, srv, WithBatchSize(2))
	ctx := context.Background()
	scores := frame.FromColumns([]string{"name", "score"}, []string{"ada", "bob", "cy"}, []float64{9.5, 7, 8.25})
	for _, e := range []Existing{ErrorIfExists, Overwrite} {
		_, err := c.Ingest(ctx, "scores", scores, WithExisting(e))
		if status.Code(err) != codes.Unimplemented {
			t.Errorf("%v: %v, want Unimplemented", e, err)
		}
	}
	if _, err := c.Ingest(ctx, "scores", scores, WithExisting(Append)); err == nil {
		t.Error("Append into a missing table on a server without bulk ingest: no error")
	}
	if _, err := c.Exec(ctx, `CREATE TABLE scores (name TEXT, score REAL)`); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		n, err := c.Ingest(ctx, "scores", scores, WithExisting(Append))
		if err != nil || n != 3 {
			t.Fatalf("Append: %d, %v; want 3 rows", n, err)
		}
	}
	back, err := c.Query(ctx, "SELECT name, score FROM scores ORDER BY score, name")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := column(t, back, "score"), []any{7.0, 7.0, 8.25, 8.25, 9.5, 9.5}; !reflect.DeepEqual(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
}
