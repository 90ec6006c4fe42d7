package csv

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/compresstest"

	"github.com/structframe/structframe/frame"
)

// compressions make the compressed copies of an input the readers take.
var compressions = []struct {
	name string
	ext  string
	make func(t testing.TB, b []byte) []byte
}{
	{"gzip", ".csv.gz", compresstest.Gzip},
	{"gzip multi-member", ".csv.gz", func(t testing.TB, b []byte) []byte {
		h := len(b) / 2
		return append(compresstest.Gzip(t, b[:h]), compresstest.Gzip(t, b[h:])...)
	}},
	{"zstd", ".csv.zst", compresstest.Zstd},
	{"zstd, no extension", "", compresstest.Zstd},
}

// readEveryWay reads the file at path with ReadFile, Read, OpenFile and
// NewReader over a non-seekable stream, and checks each gives want.
func readEveryWay(t *testing.T, path string, want *frame.Frame, opts ...Option) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	batches := func(r *Reader) *frame.Frame {
		defer r.Close()
		var fs []*frame.Frame
		for f, err := range r.All() {
			if err != nil {
				t.Fatalf("%s: batches: %v", path, err)
			}
			fs = append(fs, f)
		}
		f := frame.Concat(fs...)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		return f
	}
	ways := map[string]func() (*frame.Frame, error){
		"ReadFile": func() (*frame.Frame, error) { return ReadFile(path, opts...) },
		"Read":     func() (*frame.Frame, error) { return Read(bytes.NewReader(data), opts...) },
		"OpenFile": func() (*frame.Frame, error) {
			r, err := OpenFile(path, append(opts, WithBatchSize(7))...)
			if err != nil {
				return nil, err
			}
			return batches(r), nil
		},
		"NewReader, a stream": func() (*frame.Frame, error) {
			return batches(NewReader(struct{ io.Reader }{bytes.NewReader(data)}, append(opts, WithBatchSize(7))...)), nil
		},
	}
	for name, read := range ways {
		got, err := read()
		if err != nil {
			t.Fatalf("%s %s: %v", name, path, err)
		}
		if !frameEqual(t, got, want) {
			t.Errorf("%s %s:\n%s\nwant\n%s", name, path, dump(t, got), dump(t, want))
		}
	}
}

// TestReadCompressed: gzip and zstd input, whatever the file's name,
// reads as the plain text does, through every entry point.
func TestReadCompressed(t *testing.T) {
	var text strings.Builder
	text.WriteString("id,name,score,day\n")
	for i := range 100 {
		text.WriteString(strings.Repeat("x", i%5))
		text.WriteString(",\"a, b\",1.5,2024-01-02\n")
	}
	plain := []byte(text.String())
	want, err := Read(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+c.ext)
			if err := os.WriteFile(path, c.make(t, plain), 0o644); err != nil {
				t.Fatal(err)
			}
			readEveryWay(t, path, want)
			readEveryWay(t, path, want, WithParallelism(1), WithEncoding(Latin1))
		})
	}
}

// TestReadNotText: binary formats the reader does not read are refused
// with an error saying what they look like, through every entry point,
// naming the file when there is one.
func TestReadNotText(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string
	}{
		{"parquet", "PAR1\x15\x04\x15\x10\x15\x14L", "looks like a Parquet file, not CSV text; read it with io/parquet"},
		{"arrow file", "ARROW1\x00\x00\xff\xff\xff\xff", "looks like an Arrow IPC file, not CSV text; read it with io/ipc"},
		{"arrow stream", "\xff\xff\xff\xff\x78\x00\x00\x00\x10\x00", "looks like an Arrow IPC stream"},
		{"zip", "PK\x03\x04\x14\x00\x00\x00", "looks like a zip archive"},
		{"bzip2", "BZh91AY&SY\x00\x01", "looks like a bzip2 stream"},
		{"xz", "\xfd7zXZ\x00\x00\x04", "looks like an xz stream"},
		{"7z", "7z\xbc\xaf\x27\x1c\x00\x04", "looks like a 7z archive"},
		{"NUL in the header", "a,b\x00c\n1,2\n", "looks like binary data (a NUL byte in its first line), not CSV text"},
		{"PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "looks like an image, not CSV text"},
		{"UTF-16", "\xff\xfea\x00,\x00b\x00\n\x00", "looks like UTF-16 or UTF-32 text"},
		{"gzip of parquet", string(compresstest.Gzip(t, []byte("PAR1\x15\x04\x15\x10"))), "looks like a Parquet file compressed with gzip, not CSV text; read it with io/parquet"},
		{"gzip of gzip", string(compresstest.Gzip(t, compresstest.Gzip(t, []byte("a\n1\n")))), "looks like gzip compressed with gzip"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "x.csv")
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			check := func(how string, err error, file bool) {
				t.Helper()
				if !errors.Is(err, ErrNotText) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%s: %v, want ErrNotText and %q", how, err, tt.want)
				}
				if file && err != nil && !strings.HasPrefix(err.Error(), path+": ") {
					t.Errorf("%s: %v does not name the file", how, err)
				}
			}
			_, err := Read(strings.NewReader(tt.data))
			check("Read", err, false)
			_, err = ReadFile(path)
			check("ReadFile", err, true)
			r, err := OpenFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if r.Next() {
				t.Errorf("OpenFile: a batch")
			}
			check("OpenFile", r.Err(), true)
			r.Close()
		})
	}
	// Text that merely starts like a signature is text, and so is a
	// string holding a NUL byte past the header, as Write writes it.
	for _, s := range []string{"PAR1,PAR2\n1,2\n", "ORC\n1\n", "BZh\n1\n", "FEA1,x\n1,2\n", "a,b\n1,x\x00y\n"} {
		if _, err := Read(strings.NewReader(s)); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// TestReadMaxDecompressed: a compressed input past WithMaxDecompressed is
// an error of cause ErrTooLarge naming the file, through every entry point.
func TestReadMaxDecompressed(t *testing.T) {
	plain := []byte("a,b\n" + strings.Repeat("1,2\n", 10000)) // 40,004 bytes
	dir := t.TempDir()
	for _, c := range compressions {
		path := filepath.Join(dir, "big"+c.ext)
		if err := os.WriteFile(path, c.make(t, plain), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, bound := range []int64{10, 40003, 40004, -1} {
			opts := []Option{WithMaxDecompressed(bound)}
			wantErr := bound > 0 && bound < int64(len(plain))
			check := func(how string, err error) {
				t.Helper()
				if wantErr != errors.Is(err, ErrTooLarge) || wantErr && !strings.Contains(err.Error(), path) {
					t.Errorf("%s %s, bound %d: %v", c.name, how, bound, err)
				}
			}
			_, err := ReadFile(path, opts...)
			check("ReadFile", err)
			r, err := OpenFile(path, append(opts, WithBatchSize(1000))...)
			if err != nil {
				t.Fatal(err)
			}
			for r.Next() {
			}
			check("OpenFile", r.Err())
			r.Close()
		}
	}
}

// TestReadCorruptCompressed: a cut or damaged stream is an error, never
// a short frame read as if whole.
func TestReadCorruptCompressed(t *testing.T) {
	plain := []byte("a,b\n" + strings.Repeat("1,2\n", 1000))
	for _, c := range compressions[:3] {
		z := c.make(t, plain)
		for _, bad := range [][]byte{z[:len(z)/2], z[:len(z)-3], append(bytes.Clone(z[:len(z)-8]), 1, 2, 3, 4, 5, 6, 7, 8)} {
			if f, err := Read(bytes.NewReader(bad)); err == nil {
				t.Errorf("%s, %d of %d bytes: %d rows, no error", c.name, len(bad), len(z), f.NumRows())
			}
		}
	}
}
