package json

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/compresstest"

	"github.com/structframe/structframe/structured"
)

// compressions make the compressed copies of an input the readers take.
var compressions = []struct {
	name string
	ext  string
	make func(t testing.TB, b []byte) []byte
}{
	{"gzip", ".gz", compresstest.Gzip},
	{"gzip multi-member", ".gz", func(t testing.TB, b []byte) []byte {
		h := len(b) / 2
		return append(compresstest.Gzip(t, b[:h]), compresstest.Gzip(t, b[h:])...)
	}},
	{"zstd", ".zst", compresstest.Zstd},
	{"zstd, no extension", "", compresstest.Zstd},
}

// TestReadCompressed: gzip and zstd NDJSON, arrays and documents read as
// their text does, through every entry point, in one block or many.
func TestReadCompressed(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	rows := append(randRows(rng, 300), map[string]any{"late": "here"})
	want, err := structured.FromValue(rows)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, array := range []bool{false, true} {
		plain := []byte(encodeRows(t, rows, array))
		for _, c := range compressions {
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".json"+c.ext)
			z := c.make(t, plain)
			if err := os.WriteFile(path, z, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, opts := range [][]Option{nil, {WithParallelism(1)}, tinyBlocks} {
				check := func(how string, got *structured.Tensor, err error) {
					t.Helper()
					if err != nil {
						t.Fatalf("%s %s (array %v): %v", how, c.name, array, err)
					}
					if !structured.Equal(got, want) {
						t.Errorf("%s %s (array %v): differs", how, c.name, array)
					}
				}
				got, err := ReadTensorFile(path, opts...)
				check("ReadTensorFile", got, err)
				if f, err := ReadFile(path, opts...); err != nil || f.NumRows() != len(rows) {
					t.Fatalf("ReadFile %s: %v", c.name, err)
				}
				got, err = ReadTensor(bytes.NewReader(z), opts...)
				check("ReadTensor", got, err)
				got, err = ReadTensor(onlyReader{bytes.NewReader(z)}, opts...)
				check("ReadTensor of a stream", got, err)
				r, err := OpenFile(path, append(opts, WithBatchSize(7))...)
				if err != nil {
					t.Fatal(err)
				}
				got, err = structured.Concat(0, readBatches(t, r)...)
				r.Close()
				check("OpenFile", got, err)
			}
		}
	}
}

// TestReadNotText: binary formats the reader does not read are refused
// with an error saying what they look like, naming the file.
func TestReadNotText(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"parquet", "PAR1\x15\x04\x15\x10\x15\x14L", "looks like a Parquet file, not JSON text; read it with io/parquet"},
		{"arrow stream", "\xff\xff\xff\xff\x78\x00\x00\x00\x10\x00", "looks like an Arrow IPC stream, not JSON text; read it with io/ipc"},
		{"xz", "\xfd7zXZ\x00\x00\x04", "looks like an xz stream"},
		{"gzip of parquet", string(compresstest.Gzip(t, []byte("PAR1\x15\x04\x15\x10"))), "looks like a Parquet file compressed with gzip, not JSON text"},
	}
	path := filepath.Join(t.TempDir(), "x.json")
	for _, tt := range tests {
		if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(strings.NewReader(tt.data))
		if !errors.Is(err, ErrNotText) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Read: %v, want %q", tt.name, err, tt.want)
		}
		_, err = ReadFile(path)
		if !errors.Is(err, ErrNotText) || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ReadFile: %v, want %q naming the file", tt.name, err, tt.want)
		}
		r, err := OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if r.Next() || !errors.Is(r.Err(), ErrNotText) || !strings.HasPrefix(r.Err().Error(), path+": ") {
			t.Errorf("%s: OpenFile: %v", tt.name, r.Err())
		}
		r.Close()
	}
	// A NUL byte in text is the parser's to report, with its position.
	var se *SyntaxError
	if _, err := Read(strings.NewReader("{\"a\":1}\n\x00\n")); !errors.As(err, &se) || se.Line != 2 {
		t.Errorf("NUL: %v, want a *SyntaxError on line 2", err)
	}
}

// TestReadMaxDecompressed: past WithMaxDecompressed a read stops with
// ErrTooLarge naming the file, whole or batch by batch.
func TestReadMaxDecompressed(t *testing.T) {
	plain := []byte(strings.Repeat("{\"a\":1}\n", 5000)) // 40,000 bytes
	dir := t.TempDir()
	for _, c := range compressions {
		path := filepath.Join(dir, "big.ndjson"+c.ext)
		if err := os.WriteFile(path, c.make(t, plain), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, bound := range []int64{10, 39999, 40000, -1} {
			opts := []Option{WithMaxDecompressed(bound)}
			wantErr := bound > 0 && bound < int64(len(plain))
			_, err := ReadFile(path, opts...)
			if wantErr != errors.Is(err, ErrTooLarge) || wantErr && !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("%s ReadFile, bound %d: %v", c.name, bound, err)
			}
			r, err := OpenFile(path, append(opts, WithBatchSize(1000))...)
			if err != nil {
				t.Fatal(err)
			}
			for r.Next() {
			}
			if err := r.Err(); wantErr != errors.Is(err, ErrTooLarge) || wantErr && !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("%s OpenFile, bound %d: %v", c.name, bound, err)
			}
			r.Close()
		}
	}
}

// TestReadTruncatedCompressed: an input whose decompression fails part way
// reports the first error in its text, whatever the block size: a syntax
// error before the break wins over the break, and the rows before the
// break are read (batch by batch) before it is reported. (The last block
// of an array holds the check of what follows it: its rows come with it.)
func TestReadTruncatedCompressed(t *testing.T) {
	gz := func(text string) []byte {
		whole := compresstest.Gzip(t, []byte(text))
		return whole[:len(whole)-8] // no trailer: "unexpected EOF" after the text
	}
	cases := []struct {
		name   string
		in     []byte
		format Format
		want   string // the error's text
		rows   int    // rows a Reader hands out before the error
	}{
		{"array not opened", gz("0123456789"), Array, "line 1, column 1 (offset 0): invalid character '0' looking for beginning of array", 0},
		{"array cut", gz(`[{"a":1},{"a":2},{"a"`), Array, "gzip: unexpected EOF", 2},
		{"array bad element", gz(`[{"a":1},{"a":x},{"a"`), Array, "line 1, column 15 (offset 14): invalid character 'x'", 1},
		{"array ended, trailer cut", gz("[{\"a\":1}]   "), Array, "gzip: unexpected EOF", 0},
		{"array ended, bad trailer", gz("[{\"a\":1}] x"), Array, "invalid character 'x' after top-level value", 0},
		{"lines cut", gz("{\"a\":1}\n{\"a\":2}\n{\"a\""), NDJSON, "gzip: unexpected EOF", 2},
		{"lines bad first", gz("{\"a\":1}}\n{\"a\":2}\n{\"a\""), NDJSON, "line 1, column 8 (offset 7)", 0},
	}
	for _, c := range cases {
		for _, block := range []int{1, 3, 7, 1 << 20} {
			_, err := ReadTensor(bytes.NewReader(c.in), WithFormat(c.format), withBlockBytes(block), WithParallelism(2))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, blocks of %d: got %v, want %q", c.name, block, err, c.want)
			}
			r := NewReader(bytes.NewReader(c.in), WithFormat(c.format), withBlockBytes(block), WithBatchSize(1), WithSchemaFromFirstBatch(true))
			rows := 0
			for r.Next() {
				rows += r.Tensor().NumRows()
			}
			if err := r.Err(); err == nil || !strings.Contains(err.Error(), c.want) || rows != c.rows {
				t.Errorf("%s, Reader, blocks of %d: %d rows then %v; want %d rows then %q", c.name, block, rows, err, c.rows, c.want)
			}
			r.Close()
		}
	}
}
