package parquet

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
)

// FuzzRead feeds corrupted Parquet bytes to every read entry point: each
// gives a Frame or an error, never a panic or a hang (arrow-go's decoder
// panics on some inputs; guard turns those into errors).
func FuzzRead(f *testing.F) {
	small := frame.FromColumns([]string{"id", "name"}, []int64{1, 2, 3}, []string{"a", "", "c"})
	f.Add(writeBytes(f, small))
	f.Add(writeBytes(f, small, WithCompression(Uncompressed)))
	f.Add(writeBytes(f, kindFrame(f), WithRowGroupRows(2)))
	f.Add(writeBytes(f, kindFrame(f), WithCompression(Zstd)))
	f.Add([]byte("PAR1PAR1"))
	f.Add(writeBytes(f, filterFrame(&testing.T{}), WithRowGroupRows(4)))
	f.Add(writeBytes(f, zeroDimFrame(&testing.T{})))
	files, _ := filepath.Glob("testdata/otherwriters/*.parquet")
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil && len(data) <= 1<<16 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		r := bytes.NewReader(data)
		n := int64(len(data))
		if g, err := Read(r, n); err == nil {
			if _, err := g.Tensor(); err != nil {
				t.Fatalf("Read gave a Frame that does not convert: %v", err)
			}
		}
		_, _ = Read(r, n, WithSerial(), WithColumns("name"))
		_, _ = Read(r, n, WithRowGroupFilter(Gt("id", 1), In("name", "a", "c")))
		_, _ = Read(r, n, WithRowGroupFilter(Le("i", 5.5), Eq("s", "k05"), Ge("ts", time.Unix(1.7e9, 0))))
		_, _ = ReadStats(r, n)
		if rd, err := NewReader(bytes.NewReader(data)); err == nil {
			for rd.Next() {
			}
			rd.Close()
		}
	})
}
