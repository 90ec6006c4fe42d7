package remote_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// BenchmarkReadS3 reads the bench's recipes files whole from the
// in-process S3 server, against the same read of the local file: what
// the requests cost over loopback. STRUCTFRAME_BENCHDATA names the
// directory of ../shared/bench/gen's output:
//
//	STRUCTFRAME_BENCHDATA=/tmp/benchdata go test ./io/remote -run - -bench ReadS3
func BenchmarkReadS3(b *testing.B) {
	dir := os.Getenv("STRUCTFRAME_BENCHDATA")
	if dir == "" {
		b.Skip("STRUCTFRAME_BENCHDATA is not set")
	}
	s := newS3(b, "bench")
	for _, c := range []struct {
		file string
		read func(string) (*frame.Frame, error)
	}{
		{"recipes.parquet", func(p string) (*frame.Frame, error) { return parquet.ReadFile(p) }},
		{"recipes.ndjson", func(p string) (*frame.Frame, error) { return json.ReadFile(p) }},
	} {
		path := filepath.Join(dir, c.file)
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.backend.PutObject("bench", c.file, map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
			b.Fatal(err)
		}
		for _, where := range []struct{ name, url string }{{"local", path}, {"s3", s.url("bench", c.file)}} {
			b.Run(c.file+"/"+where.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.read(where.url); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
