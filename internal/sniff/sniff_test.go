package sniff

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/compresstest"

	"github.com/klauspost/compress/gzip"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want Format
	}{
		{"", Text},
		{"a,b\n1,2\n", Text},
		{`{"a":1}`, Text},
		{"\xef\xbb\xbfa,b\n", Text},
		{"caf\xc3\xa9,\xe9\n", Text}, // UTF-8 and Latin-1 bytes are text
		{"\x1f\x8b\x08\x00", Gzip},
		{"\x28\xb5\x2f\xfd\x24", Zstd},
		{"PAR1\x15\x04", Parquet},
		{"PAR1,PAR2\n", Text},
		{"PAR1", Text},
		{"ARROW1\x00\x00\xff\xff", ArrowFile},
		{"\xff\xff\xff\xff\x10\x01\x00\x00", ArrowStream},
		{"\xff\xff\xff\xff\x00\x00\x00\x00", ArrowStream}, // end of stream
		{"\xff\xff\xff\xff,a\n", Text},                    // Latin-1 ÿÿÿÿ
		{"FEA1\x00\x00", Feather1},
		{"ORC\x03\x00\x00", ORC},
		{"ORC,x\n", Text},
		{"Obj\x01\x04\x14", Avro},
		{"PK\x03\x04\x14\x00", Zip},
		{"PK\x05\x06\x00\x00", Zip},
		{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00", OLE},
		{"BZh91AY&SY\x4e", Bzip2},
		{"BZh9\x17rE8P\x90\x00", Bzip2},
		{"BZh,x\n", Text},
		{"\xfd7zXZ\x00\x00\x04", Xz},
		{"7z\xbc\xaf\x27\x1c\x00\x04", SevenZip},
		{"\x04\x22\x4d\x18\x64", LZ4},
		{"\xff\xfea\x00\n\x00", UTF16},
		{"\xfe\xff\x00a\x00\n", UTF16},
		{"a\x00,\x00b\x00\n\x00", UTF16},
		{"\x00a\x00,\x00b\x00\n", UTF16},
		{"a,b\x00c\n", Binary},
		{"a,b\x00c", Binary},
		{"a,b\n1,x\x00y\n", Text},    // a string holding a NUL, as a writer writes it
		{"\n\r\n a\x00,b\n", Binary}, // blank lines before the header
		{"a,b\n" + strings.Repeat("\x01\x00", 8) + strings.Repeat("x", 200), Text},
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", Image},
		{"\xff\xd8\xff\xe0\x00\x10JFIF\x00", Image},
		{"\x7fELF\x02\x01\x01\x00\x00", Binary},
		{"x\n" + strings.Repeat("\x03\x00\x9c\x11", 64), Text}, // past the first line: the parser's
		{strings.Repeat("x", HeadSize) + "\x00", Text},         // past the first KiB
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.head, got, tt.want)
		}
		if got := Magic([]byte(tt.head)); got != tt.want && !(got == Text && (tt.want == Binary || tt.want == UTF16 && tt.head[0] != 0xff && tt.head[0] != 0xfe)) {
			t.Errorf("Magic(%q) = %v", tt.head, got)
		}
	}
}

func TestFile(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]Format{"a.csv": Text, "b": Parquet, "c.gz": Gzip, "empty": Text} {
		data := map[string]string{"a.csv": "a,b\n", "b": "PAR1\x15\x04", "c.gz": "\x1f\x8b\x08", "empty": ""}[name]
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := File(path); err != nil || got != want {
			t.Errorf("File(%s) = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := File(filepath.Join(dir, "missing")); err == nil {
		t.Error("File of a missing file: no error")
	}
}

func TestTrimExt(t *testing.T) {
	for in, want := range map[string]string{
		"a.csv.gz": "a.csv", "a.ndjson.ZST": "a.ndjson", "a.json.zstd": "a.json",
		"a.csv": "a.csv", "a.gz": "a", "dir.gz/a": "dir.gz/a", "a.tar.gz": "a.tar",
	} {
		if got := TrimExt(in); got != want {
			t.Errorf("TrimExt(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompression(t *testing.T) {
	for in, want := range map[string]Format{
		"a.csv.gz": Gzip, "a.GZIP": Gzip, "a.ndjson.ZST": Zstd, "a.json.zstd": Zstd,
		"a.csv": Text, "gz": Text, "dir.gz/a": Text, "a.tgz": Text, "a.bz2": Text,
	} {
		if got := Compression(in); got != want {
			t.Errorf("Compression(%q) = %v, want %v", in, got, want)
		}
	}
}

// nonSeeker hides every method of r but Read.
type nonSeeker struct{ io.Reader }

// TestOpen: text comes back as it was (r itself when r can seek), gzip
// and zstd decompressed, anything else refused; a seekable decompressor
// reads again from any offset.
func TestOpen(t *testing.T) {
	text := []byte(strings.Repeat("line of text\n", 500))
	inputs := map[string][]byte{"text": text, "gzip": compresstest.Gzip(t, text), "zstd": compresstest.Zstd(t, text),
		"gzip, two members": append(compresstest.Gzip(t, text[:100]), compresstest.Gzip(t, text[100:])...)}
	for name, data := range inputs {
		for _, seekable := range []bool{true, false} {
			var r io.Reader = bytes.NewReader(data)
			if !seekable {
				r = nonSeeker{r}
			}
			in, err := Open(r, Options{Want: "CSV"})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if name == "text" && seekable && in.Reader != r {
				t.Errorf("text: not the reader itself")
			}
			if s, ok := in.Reader.(io.Seeker); ok != seekable {
				t.Errorf("%s: seekable %v, want %v", name, ok, seekable)
			} else if ok {
				got, _ := io.ReadAll(in.Reader)
				if !bytes.Equal(got, text) {
					t.Fatalf("%s: read %d bytes, want %d", name, len(got), len(text))
				}
				for _, at := range []int64{0, 4000, 13, 6499, 6500} {
					if pos, err := s.Seek(at, io.SeekStart); err != nil || pos != at {
						t.Fatalf("%s: Seek(%d) = %d, %v", name, at, pos, err)
					}
					got, err := io.ReadAll(in.Reader)
					if err != nil || !bytes.Equal(got, text[at:]) {
						t.Fatalf("%s: from %d: %d bytes, %v", name, at, len(got), err)
					}
				}
			} else {
				got, err := io.ReadAll(in.Reader)
				if err != nil || !bytes.Equal(got, text) {
					t.Fatalf("%s: %d bytes, %v", name, len(got), err)
				}
			}
			if seekable && name != "text" && name != "gzip, two members" && in.Size != int64(len(text)) {
				t.Errorf("%s: Size %d, want %d", name, in.Size, len(text))
			}
			in.Close()
		}
	}
}

// TestOpenBound: a decompressor stops one byte past the bound with
// ErrTooLarge, after giving exactly the bytes allowed.
func TestOpenBound(t *testing.T) {
	text := bytes.Repeat([]byte("0123456789"), 10000)
	for _, data := range [][]byte{compresstest.Gzip(t, text), compresstest.Zstd(t, text)} {
		for _, max := range []int64{1, 1024, 99999, 100000, -1} {
			in, err := Open(bytes.NewReader(data), Options{Want: "CSV", MaxDecompressed: max, Option: "WithMaxDecompressed"})
			if err != nil {
				if max < HeadSize && errors.Is(err, ErrTooLarge) {
					continue // the head read past it already
				}
				t.Fatal(err)
			}
			got, err := io.ReadAll(in.Reader)
			if over := max >= 0 && max < int64(len(text)); over {
				if !errors.Is(err, ErrTooLarge) || int64(len(got)) != max || !strings.Contains(err.Error(), "WithMaxDecompressed") {
					t.Errorf("bound %d: %d bytes, %v", max, len(got), err)
				}
			} else if err != nil || len(got) != len(text) {
				t.Errorf("bound %d: %d bytes, %v", max, len(got), err)
			}
			in.Close()
		}
	}
}

// TestOpenRefuses: binary content, and compressed binary content, is an
// *Error saying what it looks like.
func TestOpenRefuses(t *testing.T) {
	tests := []struct {
		data []byte
		want string
	}{
		{[]byte("PAR1\x15\x04"), "looks like a Parquet file, not CSV text; read it with io/parquet"},
		{compresstest.Gzip(t, []byte("ARROW1\x00\x00")), "looks like an Arrow IPC file compressed with gzip, not CSV text; read it with io/ipc"},
		{compresstest.Zstd(t, []byte("a,\x00\n")), "looks like binary data (a NUL byte in its first line) compressed with zstd, not CSV text"},
		{[]byte("\x1f\x8bnot gzip"), "gzip: invalid header"},
	}
	for _, tt := range tests {
		_, err := Open(bytes.NewReader(tt.data), Options{Want: "CSV"})
		if err == nil || err.Error() != tt.want && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.data, err, tt.want)
		}
	}
	// JSON leaves NUL bytes to its parser.
	in, err := Open(bytes.NewReader([]byte("[\x00]")), Options{Want: "JSON", KeepNUL: true})
	if err != nil || in.Format != Text {
		t.Errorf("KeepNUL: %v", err)
	}
}

func ExampleDetect() {
	for _, head := range []string{"id,name\n1,x\n", "\x1f\x8b\x08\x00", "PAR1\x15\x04\x15\x10"} {
		f := Detect([]byte(head))
		fmt.Printf("%s (readable: %v) %q\n", f, f.Readable(), f.Hint())
	}
	// Output:
	// text (readable: true) ""
	// gzip (readable: true) ""
	// a Parquet file (readable: false) "read it with io/parquet"
}

func ExampleOpen() {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write([]byte("a,b\n1,2\n"))
	w.Close()
	in, err := Open(&buf, Options{Want: "CSV"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Close()
	text, _ := io.ReadAll(in.Reader)
	fmt.Printf("%s: %q\n", in.Format, text)

	_, err = Open(strings.NewReader("PAR1\x15\x04"), Options{Want: "CSV"})
	fmt.Println(err, errors.Is(err, ErrNotText))
	// Output:
	// gzip: "a,b\n1,2\n"
	// looks like a Parquet file, not CSV text; read it with io/parquet true
}
