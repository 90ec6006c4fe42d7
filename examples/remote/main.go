// Command remote runs structframe against data beyond the local disk,
// with the servers started in this process on 127.0.0.1, so that it runs
// anywhere with no account and no network:
//
//   - an S3 protocol server (gofakes3) holding a hive-partitioned Parquet
//     dataset that structframe writes, then queries by URL: the partitions
//     the filter rules out are never opened, and of the object kept only
//     the footer and the chunks of the columns used are fetched;
//
//   - arrow-go's SQLite-backed Flight SQL example server, queried through
//     io/flightsql (with a parameter, and a nested table read as nested
//     columns) and through ADBC's Flight SQL driver (io/adbc).
//
//     go run ./examples/remote
//
// Against real servers the same calls take their URLs:
// "s3://bucket/events?region=eu-west-1", "grpc+tls://host:443".
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"

	"github.com/apache/arrow-adbc/go/adbc"
	adbcflight "github.com/apache/arrow-adbc/go/adbc/driver/flightsql"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	sfadbc "github.com/structframe/structframe/io/adbc"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/flightsql"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
	_ "github.com/structframe/structframe/io/remote"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "remote:", err)
		os.Exit(1)
	}
}

// run runs the example, printing to w.
func run(w io.Writer) error {
	ctx := context.Background()
	if err := objectStorage(ctx, w); err != nil {
		return err
	}
	return flightSQL(ctx, w)
}

// trips is one order per row: a year, a city, a fare and the stops of
// the trip, a list of structures.
type trip struct {
	Year  int64
	City  string
	Fare  float64
	Note  string
	Stops []stop
}

type stop struct {
	Name    string
	Minutes int64
}

func trips(n int) *frame.Frame {
	cities := []string{"Lyon", "Oslo", "Kyoto", "Lima"}
	rows := make([]trip, n)
	for i := range rows {
		rows[i] = trip{
			Year: int64(2023 + i%3), City: cities[i/3%4],
			Fare:  float64(i*7919%10007) / 100,
			Note:  fmt.Sprintf("%016x", uint64(i)*0x9E3779B97F4A7C15),
			Stops: []stop{{"A", int64(i % 7)}, {"B", int64(i % 11)}}[:1+i%2],
		}
	}
	return frame.FromStructs(rows)
}

// served counts the object reads an S3 server answers.
type served struct {
	h     http.Handler
	mu    sync.Mutex
	reads map[string]int   // object key: requests
	bytes map[string]int64 // object key: bytes sent
}

func (s *served) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	q := r.URL.Query()
	if r.Method != http.MethodGet || key == "" || q.Has("list-type") || q.Has("uploadId") {
		s.h.ServeHTTP(w, r)
		return
	}
	// counted before they are sent, so that a client holding the answer
	// finds it counted
	s.mu.Lock()
	s.reads[key]++
	s.mu.Unlock()
	s.h.ServeHTTP(&counting{ResponseWriter: w, s: s, key: key}, r)
}

// counts returns what was served since the last call, and forgets it.
func (s *served) counts() (reads map[string]int, bytes map[string]int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	reads, bytes = s.reads, s.bytes
	s.reads, s.bytes = map[string]int{}, map[string]int64{}
	return reads, bytes
}

type counting struct {
	http.ResponseWriter
	s   *served
	key string
}

func (c *counting) Write(p []byte) (int, error) {
	c.s.mu.Lock()
	c.s.bytes[c.key] += int64(len(p))
	c.s.mu.Unlock()
	return c.ResponseWriter.Write(p)
}

// objectStorage writes a partitioned dataset to an S3 server and queries
// it by URL.
func objectStorage(ctx context.Context, w io.Writer) error {
	// the SDK's credentials, as a real program finds them in the
	// environment (any will do for this server)
	for k, v := range map[string]string{"AWS_ACCESS_KEY_ID": "example", "AWS_SECRET_ACCESS_KEY": "example", "AWS_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"} {
		if os.Getenv(k) == "" {
			os.Setenv(k, v)
		}
	}
	backend := s3mem.New()
	if err := backend.CreateBucket("lake"); err != nil {
		return err
	}
	srv := &served{h: gofakes3.New(backend).Server(), reads: map[string]int{}, bytes: map[string]int64{}}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	// endpoint and path style point the S3 driver at this server
	root := "s3://lake/trips?use_path_style=true&endpoint=" + url.QueryEscape(hs.URL)

	all := trips(120000)
	if err := dataset.Write(root, all, dataset.WithPartitionBy("Year", "City"), dataset.WithFormat(dataset.Parquet)); err != nil {
		return err
	}
	srv.counts()

	fmt.Fprintln(w, "== S3: trips of 2025 in Oslo, from s3://lake/trips (12 partitions, Parquet)")
	q := dataset.Scan(root).
		Filter(frame.Col("Year").Eq(frame.Lit(2025)).And(frame.Col("City").Eq(frame.Lit("Oslo")))).
		Select("Fare", "Stops").
		Explode([]string{"Stops"}).Unnest("Stops").
		GroupBy("Name").Agg(frame.Col("Fare").Count().Alias("trips"), frame.Col("Minutes").Mean().Alias("minutes")).
		Sort(frame.Asc("Name"))
	f, err := q.Collect(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, f.Text(display.WithWidth(100)))
	reads, bytes := srv.counts()
	kept := "trips/Year=2025/City=Oslo/part-0.parquet"
	obj, err := backend.HeadObject("lake", kept)
	if err != nil {
		return err
	}
	others, otherBytes := 0, int64(0)
	for k, n := range reads {
		if k != kept {
			others, otherBytes = others+n, otherBytes+bytes[k]
		}
	}
	fmt.Fprintf(w, "the kept object: %d requests, %d of its %d bytes\n", reads[kept], bytes[kept], obj.Size)
	how := ""
	if others == 11 && otherBytes <= 11*64<<10 {
		how = ": one read of its footer each, for the dataset's schema"
	}
	fmt.Fprintf(w, "the 11 other objects: %d requests, %d bytes%s\n\n", others, otherBytes, how)
	return nil
}

// flightSQL queries a Flight SQL server through io/flightsql and ADBC.
func flightSQL(ctx context.Context, w io.Writer) error {
	srv, err := flightsqltest.NewServer(flightsqltest.WithEndpoints(2), flightsqltest.WithInfoSchema(true))
	if err != nil {
		return err
	}
	defer srv.Close()
	c, err := flightsql.Open(ctx, srv.URI)
	if err != nil {
		return err
	}
	defer c.Close()

	fmt.Fprintln(w, "== Flight SQL: SELECT keyName, value FROM intTable WHERE value >= ? (0), two endpoints")
	f, err := c.Query(ctx, "SELECT keyName, value FROM intTable WHERE value >= ? ORDER BY value", 0)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, f)

	// a table of nested columns, served as Arrow record batches
	rec, err := trips(6).Select("City", "Fare", "Stops").ToRecordBatch()
	if err != nil {
		return err
	}
	srv.AddTable("trips", rec)
	rec.Release()
	fmt.Fprintln(w, "\n== Flight SQL: SELECT * FROM trips (a list of structures, read as nested columns)")
	f, err = c.Query(ctx, "SELECT * FROM trips")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, f.Text(display.WithWidth(100)))

	// ADBC's Flight SQL driver (v1.8.0) races with itself over a result
	// of several endpoints (see io/adbc): it gets a server of one
	one, err := flightsqltest.NewServer()
	if err != nil {
		return err
	}
	defer one.Close()
	fmt.Fprintln(w, "\n== ADBC (Flight SQL driver): SELECT id, keyName FROM intTable ORDER BY id")
	db, err := adbcflight.NewDriver(memory.DefaultAllocator).NewDatabase(map[string]string{adbc.OptionKeyURI: one.URI})
	if err != nil {
		return err
	}
	defer db.Close()
	f, err = sfadbc.QueryDatabase(ctx, db, "SELECT id, keyName FROM intTable ORDER BY id")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, f)
	return nil
}
