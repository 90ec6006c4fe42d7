package json

import (
	"bytes"
	stdjson "encoding/json"
	"io"
	"testing"

	"github.com/structframe/structframe/internal/compresstest"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// fuzzMaxText bounds the text a fuzz input may decompress to (a few
// kilobytes of zstd can make gigabytes).
const fuzzMaxText = 1 << 20

// FuzzRead reads any input, compressed or not, in one block on one
// goroutine and in tiny blocks on several: both must fail with the same
// error or give equal Tensors, and a Tensor read must hold the values
// encoding/json decodes from the input's text. With the default options
// a whole read and a Reader's batches agree.
func FuzzRead(f *testing.F) {
	for _, c := range errorCases {
		f.Add([]byte(c.in), uint8(c.format))
	}
	f.Add([]byte("{\"a\":1,\"b\":[1,2]}\n{\"a\":2.5,\"c\":\"x\"}\n"), uint8(Auto))
	f.Add([]byte(`[{"s":"a,b]","l":[[1],[2,3]]},{"s":"\"],"}]`), uint8(Auto))
	f.Add([]byte("{\n \"a\": 1\n}\n{\"a\": 3}"), uint8(Auto))
	f.Add([]byte("[{\"a\":1}]\n[]\n"), uint8(NDJSON))
	f.Add(compresstest.Gzip(f, []byte("{\"a\":1,\"b\":[1,2]}\n{\"a\":2.5,\"c\":\"x\"}\n")), uint8(Auto))
	f.Add(compresstest.Zstd(f, []byte(`[{"s":"a,b]","l":[[1],[2,3]]},{"s":"\"],"}]`)), uint8(Array))
	f.Add(append(compresstest.Gzip(f, []byte("{\"a\":")), compresstest.Gzip(f, []byte("1}\n{\"a\":2}\n"))...), uint8(NDJSON))
	f.Add([]byte("PAR1\x15\x04\x15\x10"), uint8(Auto))
	f.Fuzz(func(t *testing.T, in []byte, format uint8) {
		if len(in) > 4096 {
			return
		}
		text, isText := fuzzText(in)
		if isText {
			readDefault(t, in)
		}
		fm := Format(format % 4)
		one, err1 := ReadTensor(bytes.NewReader(in), WithFormat(fm), WithParallelism(1), WithMaxDecompressed(fuzzMaxText))
		many, err2 := ReadTensor(bytes.NewReader(in), WithFormat(fm), WithParallelism(3), withBlockBytes(1+int(format)%7), WithMaxDecompressed(fuzzMaxText))
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("one block: %v; tiny blocks: %v", err1, err2)
		}
		if err1 != nil {
			if err1.Error() != err2.Error() {
				t.Fatalf("errors differ:\none block:   %v\ntiny blocks: %v", err1, err2)
			}
			return
		}
		if !one.Equal(many) {
			t.Fatalf("tensors differ:\n%v\n%v", one, many)
		}
		// encoding/json agrees on the values (it accepts all we accept).
		if !isText {
			return
		}
		in = text
		if fm == Array || fm == Auto && bytes.HasPrefix(bytes.TrimLeft(in, " \t\r\n"), []byte("[")) {
			return // checked by the scanner's own tests; rows of arrays need unwrapping
		}
		d := stdjson.NewDecoder(bytes.NewReader(in))
		d.UseNumber()
		var rows []any
		for d.More() {
			var v any
			if err := d.Decode(&v); err != nil {
				t.Fatalf("we read %q, encoding/json fails: %v", in, err)
			}
			rows = append(rows, v)
		}
		var want *structured.Tensor
		var err error
		if one.Rank() == 0 {
			want, err = structured.FromValue(rows[0])
		} else {
			want, err = structured.FromValue(rows)
		}
		if err != nil {
			return // FromValue of Go maps can differ (key order decides conflicts)
		}
		if a, b := mustJSON(t, one.ToValue()), mustJSON(t, want.ToValue()); a != b {
			t.Fatalf("values differ:\nread:          %s\nencoding/json: %s", a, b)
		}
	})
}

// fuzzText is the text of a fuzz input: itself, or decompressed; ok is
// false past fuzzMaxText or when it is not text.
func fuzzText(data []byte) (text []byte, ok bool) {
	in, err := sniff.Open(bytes.NewReader(data), sniff.Options{Want: "JSON", MaxDecompressed: fuzzMaxText, KeepNUL: true})
	if err != nil {
		return nil, false
	}
	defer in.Close()
	text, err = io.ReadAll(in.Reader)
	return text, err == nil
}

// readDefault reads in with the default options, whole as Read does and
// with a Reader
// of batches of 2 rows (a seekable input: the schema of the whole input):
// both fail, or give the same rows.
func readDefault(t *testing.T, in []byte) {
	whole, err1 := readAny(bytes.NewReader(in), false, makeConfig(nil)) // Read, before its Frame
	r := NewReader(bytes.NewReader(in), WithBatchSize(2))
	defer r.Close()
	var parts []*structured.Tensor
	for r.Next() {
		parts = append(parts, r.Tensor())
	}
	err2 := r.Err()
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("default options: Read %v, Reader %v", err1, err2)
	}
	if err1 != nil || len(parts) == 0 && whole.NumRows() == 0 {
		return
	}
	got, err := structured.Concat(0, parts...)
	if err != nil {
		t.Fatalf("batches do not join: %v", err)
	}
	if !structured.Equal(got, whole) {
		t.Fatalf("default options: Read and Reader differ:\n%v\n%v", whole, got)
	}
}
