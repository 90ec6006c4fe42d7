package dataset

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func TestFormatOfCompressed(t *testing.T) {
	for name, want := range map[string]Format{
		"a.csv.gz": CSV, "a.TSV.zst": CSV, "a.ndjson.gz": JSON, "a.json.zstd": JSON,
		"a.parquet.gz": Auto, "a.gz": Auto, "a.csv": CSV, "a.arrow": IPC,
	} {
		if got := formatOf(name); got != want {
			t.Errorf("formatOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestReadCompressed: a directory of gzip and zstd CSV and NDJSON files
// reads as their text does, partitions and all.
func TestReadCompressed(t *testing.T) {
	gz := func(b string) string {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write([]byte(b))
		w.Close()
		return buf.String()
	}
	zs := func(b string) string {
		w, _ := zstd.NewWriter(nil)
		defer w.Close()
		return string(w.EncodeAll([]byte(b), nil))
	}
	for _, ext := range []string{"csv", "ndjson"} {
		dir := t.TempDir()
		rows := map[string]string{"csv": "a\n1\n2\n", "ndjson": "{\"a\":1}\n{\"a\":2}\n"}[ext]
		putBytes(t, dir, "k=x/0."+ext+".gz", gz(rows))
		putBytes(t, dir, "k=y/0."+ext+".zst", zs(rows))
		putBytes(t, dir, "k=z/0."+ext, rows)
		f, err := Read(dir)
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		if f.NumRows() != 6 || f.NumColumns() != 2 {
			t.Errorf("%s: %d rows, %d columns\n%v", ext, f.NumRows(), f.NumColumns(), f)
		}
		one, err := Read(filepath.Join(dir, "k=x", "0."+ext+".gz"))
		if err != nil || one.NumRows() != 2 {
			t.Errorf("%s: one file: %v", ext, err)
		}
	}
}
