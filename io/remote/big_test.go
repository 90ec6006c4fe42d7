package remote_test

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
)

// TestBigPrunedQuery measures a selective query on a large Parquet file
// served by the in-process S3 server: the requests made and the bytes
// fetched against the file's size. It runs when STRUCTFRAME_BIG_PARQUET
// names a Parquet file with an int64 column "id" and a column
// "c02_score":
//
//	STRUCTFRAME_BIG_PARQUET=/path/wide1g.parquet go test ./io/remote -run BigPruned -v
func TestBigPrunedQuery(t *testing.T) {
	path := os.Getenv("STRUCTFRAME_BIG_PARQUET")
	if path == "" {
		t.Skip("STRUCTFRAME_BIG_PARQUET is not set")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := newS3(t, "big")
	if _, err := s.backend.PutObject("big", "wide.parquet", map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
	u := s.url("big", "wide.parquet")
	s.reads()
	start := time.Now()
	got, err := parquet.Scan(u).Filter(frame.Col("id").Lt(frame.Lit(200000))).Select("id", "c02_score").Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	var fetched int64
	reads := s.reads()
	for _, g := range reads {
		fetched += g.bytes
	}
	t.Logf("%d rows in %v: %d requests, %d of %d bytes (%.2f%%)", got.NumRows(), elapsed.Round(time.Millisecond), len(reads), fetched, len(data), 100*float64(fetched)/float64(len(data)))
	if fetched > int64(len(data))/10 {
		t.Errorf("fetched %d of %d bytes", fetched, len(data))
	}
}
