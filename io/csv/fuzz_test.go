package csv

import (
	"bytes"
	encsv "encoding/csv"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/compresstest"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

var fuzzSeeds = []string{
	"a,b\n1,2\n",
	"a,b,c\n1,x,2.5\n\"q\"\"\",\"\n\",NA\n",
	"\xEF\xBB\xBFa\r\n007\r\n\r\n",
	"a,a,\n1,2,3\n",
	"x\n9223372036854775808\n1e400\n0.1\n",
	"d,t\n2020-02-29,2020-01-01T00:00:00Z\n2021-02-29,x\n",
	"a,b\n1\n1,2,3\n",
	"a\n\"unclosed\n",
	"a,b\n\"x\"y,1\n",
}

// fuzzMaxText bounds the text a fuzz input may decompress to (a few
// kilobytes of zstd can make gigabytes).
const fuzzMaxText = 1 << 20

// fuzzText is the text of a fuzz input: itself, or decompressed; ok is
// false past fuzzMaxText or when it is not text.
func fuzzText(data []byte) (text []byte, ok bool) {
	in, err := sniff.Open(bytes.NewReader(data), sniff.Options{Want: "CSV", MaxDecompressed: fuzzMaxText})
	if err != nil {
		return nil, false
	}
	defer in.Close()
	text, err = io.ReadAll(in.Reader)
	return text, err == nil
}

// FuzzRead: no input panics, compressed or not; a serial read and a read
// in tiny parallel chunks agree; a read with the default options agrees
// with a Reader's batches (default options, a seekable input: types
// inferred over the whole input); what reads back from writing a frame
// (with its types) is that frame; and where encoding/csv splits the
// input's text, the fields agree.
func FuzzRead(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add(compresstest.Gzip(f, []byte(fuzzSeeds[1])))
	f.Add(compresstest.Zstd(f, []byte(fuzzSeeds[5])))
	f.Add(append(compresstest.Gzip(f, []byte("a,b\n1,")), compresstest.Gzip(f, []byte("2\n3,4\n"))...))
	f.Add([]byte("PAR1\x15\x04\x15\x10"))
	f.Add([]byte("a,b\x00\n1,2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		text, isText := fuzzText(data)
		if isText {
			readDefault(t, data)
		}
		serial, err1 := Read(bytes.NewReader(data), WithParallelism(1), WithMaxColumns(1024), WithMaxDecompressed(fuzzMaxText))
		par, err2 := Read(bytes.NewReader(data), WithParallelism(3), withChunkBytes(5), WithMaxColumns(1024), WithMaxDecompressed(fuzzMaxText))
		if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
			t.Fatalf("serial %v, parallel %v", err1, err2)
		}
		// The one pass, on a sample of two records, against the two passes.
		one, err3 := Read(bytes.NewReader(data), WithParallelism(3), withChunkBytes(7), withSampleRows(2), WithMaxColumns(1024), WithMaxDecompressed(fuzzMaxText))
		two, err4 := Read(bytes.NewReader(data), WithParallelism(3), withChunkBytes(7), withTwoPass(), WithMaxColumns(1024), WithMaxDecompressed(fuzzMaxText))
		if fmt.Sprint(err3) != fmt.Sprint(err4) || fmt.Sprint(err3) != fmt.Sprint(err1) {
			t.Fatalf("one pass %v, two passes %v, serial %v", err3, err4, err1)
		}
		if err3 == nil && (!frameEqual(t, one, two) || !frameEqual(t, one, serial)) {
			t.Fatalf("one pass, two passes and serial differ:\n%s\n%s\n%s", dump(t, one), dump(t, two), dump(t, serial))
		}
		if err1 == nil {
			if !frameEqual(t, serial, par) {
				t.Fatalf("serial and parallel reads differ")
			}
			var buf bytes.Buffer
			if err := Write(&buf, serial); err != nil {
				t.Fatal(err)
			}
			back, err := Read(bytes.NewReader(buf.Bytes()), typesOf(t, serial), WithMaxColumns(1024))
			if err != nil {
				t.Fatalf("re-reading %q: %v", buf.String(), err)
			}
			if !frameEqual(t, serial, back) {
				t.Fatalf("write/read differs:\n%q\n%s\n%s", buf.String(), dump(t, serial), dump(t, back))
			}
		}
		if isText {
			compareEncodingCSV(t, text)
		}
	})
}

// readDefault reads data with the default options, whole and with a
// Reader of batches of 3 rows: both fail, or give equal frames.
func readDefault(t *testing.T, data []byte) {
	whole, err1 := Read(bytes.NewReader(data))
	r := NewReader(bytes.NewReader(data), WithBatchSize(3))
	defer r.Close()
	var parts []*frame.Frame
	var err2 error
	for b, err := range r.All() {
		if err != nil {
			err2 = err
			break
		}
		parts = append(parts, b)
	}
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("default options: Read %v, Reader %v", err1, err2)
	}
	if err1 != nil {
		return
	}
	if len(parts) == 0 {
		if whole.NumRows() != 0 {
			t.Fatalf("Reader: no batch, Read: %d rows", whole.NumRows())
		}
		return
	}
	if !frameEqual(t, whole, frame.Concat(parts...)) {
		t.Fatalf("default options: Read and Reader differ:\n%s\n%s", dump(t, whole), dump(t, frame.Concat(parts...)))
	}
}

// compareEncodingCSV checks the splitting against encoding/csv where the
// dialects agree: no '\r' (encoding/csv rewrites \r\n in quoted fields),
// no BOM, more than one field (encoding/csv skips blank lines always).
func compareEncodingCSV(t *testing.T, data []byte) {
	if bytes.IndexByte(data, '\r') >= 0 || bytes.HasPrefix(data, bom) {
		return
	}
	recs, err := encsv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(recs) == 0 || len(recs[0]) < 2 || len(recs[0]) > 64 {
		return
	}
	types := map[string]arrow.DataType{}
	for i := range recs[0] {
		types[fmt.Sprintf("column_%d", i+1)] = arrow.BinaryTypes.String
	}
	f, err := Read(bytes.NewReader(data), WithHeader(false), WithNullValues(), WithTypes(types))
	if err != nil {
		t.Fatalf("encoding/csv reads %q, we fail: %v", data, err)
	}
	if f.NumRows() != len(recs) {
		t.Fatalf("%d records, encoding/csv %d", f.NumRows(), len(recs))
	}
	for j := range recs[0] {
		s, err := f.Column(fmt.Sprintf("column_%d", j+1))
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range s.ToValue() {
			if v != recs[i][j] {
				t.Fatalf("record %d field %d: %q, encoding/csv %q", i, j, v, recs[i][j])
			}
		}
	}
}

// FuzzWriteRead builds a frame of every written type, nulls included,
// from the fuzz inputs, writes it and reads it back (serial, and in tiny
// parallel chunks): the same frame.
func FuzzWriteRead(f *testing.F) {
	f.Add("x", "a,\"b\nc", int64(7), 1.5, true, uint8(0), int32(1))
	f.Add("", "NA", int64(math.MinInt64), math.NaN(), false, uint8(0xff), int32(-1))
	f.Add("null", "#", int64(0), math.Inf(-1), true, uint8(0x55), int32(20000))
	f.Fuzz(func(t *testing.T, s1, s2 string, i int64, fl float64, b bool, nulls uint8, day int32) {
		const n = 3
		mem := memory.DefaultAllocator
		valid := func(col, row int) bool { return nulls&(1<<((col*n+row)%8)) == 0 || col == 0 }
		sb := array.NewStringBuilder(mem)
		ib := array.NewInt64Builder(mem)
		fb := array.NewFloat64Builder(mem)
		bb := array.NewBooleanBuilder(mem)
		db := array.NewDate32Builder(mem)
		tb := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"})
		strs := []string{s1, s2, s1 + s2}
		for r := 0; r < n; r++ {
			sb.Append(strs[r])
			appendOr(ib, valid(1, r), func() { ib.Append(i + int64(r)) })
			appendOr(fb, valid(2, r), func() { fb.Append(fl * float64(r)) })
			appendOr(bb, valid(3, r), func() { bb.Append(b != (r == 1)) })
			appendOr(db, valid(4, r), func() { db.Append(arrow.Date32(day%2000000 + int32(r))) })
			appendOr(tb, valid(5, r), func() { tb.Append(arrow.Timestamp(int64(day) * 1_000_003 * int64(r+1))) })
		}
		names := []string{"s", "i", "f", "b", "d", "t"}
		arrs := []arrow.Array{sb.NewArray(), ib.NewArray(), fb.NewArray(), bb.NewArray(), db.NewArray(), tb.NewArray()}
		fields := make([]structured.FieldValue, len(arrs))
		for k, a := range arrs {
			v, err := structured.NewDense(a)
			if err != nil {
				t.Fatal(err)
			}
			fields[k] = structured.FieldValue{Name: names[k], Value: v}
		}
		tt, err := structured.FromFields(fields, 1)
		if err != nil {
			t.Fatal(err)
		}
		fr := frame.FromTensor(tt)
		var buf bytes.Buffer
		if err := Write(&buf, fr); err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]Option{{WithParallelism(1)}, {WithParallelism(3), withChunkBytes(3)}} {
			back, err := Read(bytes.NewReader(buf.Bytes()), append(opts, typesOf(t, fr))...)
			if err != nil {
				t.Fatalf("%q: %v", buf.String(), err)
			}
			if !frameEqual(t, fr, back) {
				t.Fatalf("%q:\n%s\n%s", buf.String(), dump(t, fr), dump(t, back))
			}
		}
		// The same through the Reader, one row per batch.
		r := NewReader(strings.NewReader(buf.String()), WithBatchSize(1), typesOf(t, fr))
		var parts []*frame.Frame
		for b, err := range r.All() {
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, b)
		}
		if !frameEqual(t, fr, frame.Concat(parts...)) {
			t.Fatalf("Reader batches differ")
		}
	})
}

func appendOr(b array.Builder, ok bool, add func()) {
	if ok {
		add()
	} else {
		b.AppendNull()
	}
}
