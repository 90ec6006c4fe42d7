package pqcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// enc writes Thrift compact-protocol structs, as a Parquet writer writes
// page headers.
type enc struct {
	b    []byte
	last []int16 // the last field id of each open struct
}

func (e *enc) field(id int16, typ byte) {
	top := &e.last[len(e.last)-1]
	if d := id - *top; d > 0 && d <= 15 {
		e.b = append(e.b, byte(d)<<4|typ)
	} else {
		e.b = append(e.b, typ)
		e.b = binary.AppendVarint(e.b, int64(id))
	}
	*top = id
}

func (e *enc) i32(id int16, v int32) *enc {
	e.field(id, tI32)
	e.b = binary.AppendVarint(e.b, int64(v))
	return e
}

// flag writes a bool field, its value in the field's type.
func (e *enc) flag(id int16, v bool) *enc {
	if v {
		e.field(id, tTrue)
	} else {
		e.field(id, tFalse)
	}
	return e
}

func (e *enc) bin(id int16, v []byte) *enc {
	e.field(id, tBinary)
	e.b = binary.AppendUvarint(e.b, uint64(len(v)))
	e.b = append(e.b, v...)
	return e
}

func (e *enc) begin(id int16) *enc {
	e.field(id, tStruct)
	e.last = append(e.last, 0)
	return e
}

func (e *enc) end() *enc {
	e.b = append(e.b, tStop)
	e.last = e.last[:len(e.last)-1]
	return e
}

func newEnc() *enc { return &enc{last: []int16{0}} }

// v1 is the header of a data page (v1) of n values in the encoding.
func v1(uncompressed, compressed, n, encoding int32) []byte {
	return newEnc().i32(1, DataPage).i32(2, uncompressed).i32(3, compressed).
		begin(5).i32(1, n).i32(2, encoding).i32(3, 3).i32(4, 3).
		begin(5).bin(1, []byte("max")).bin(2, []byte("min")).end().end().end().b
}

func dict(uncompressed, compressed, n int32) []byte {
	return newEnc().i32(1, DictionaryPage).i32(2, uncompressed).i32(3, compressed).
		begin(7).i32(1, n).i32(2, 0).end().end().b
}

func v2(uncompressed, compressed, n, nulls, rows, defLen, repLen int32) []byte {
	return v2enc(uncompressed, compressed, n, nulls, rows, defLen, repLen, 0)
}

// v2enc is v2 with the values' encoding given.
func v2enc(uncompressed, compressed, n, nulls, rows, defLen, repLen, encoding int32) []byte {
	return newEnc().i32(1, DataPageV2).i32(2, uncompressed).i32(3, compressed).
		begin(8).i32(1, n).i32(2, nulls).i32(3, rows).i32(4, encoding).i32(5, defLen).i32(6, repLen).end().end().b
}

func TestParsePageHeader(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		want PageHeader
		err  string
	}{
		{"data page v1 with statistics", v1(100, 80, 12, 8), PageHeader{Type: DataPage, UncompressedSize: 100, CompressedSize: 80, NumValues: 12, Encoding: 8, DefEncoding: 3, RepEncoding: 3}, ""},
		{"data page v1 with bit-packed levels", newEnc().i32(1, DataPage).i32(2, 10).i32(3, 10).begin(5).i32(1, 4).i32(2, 0).i32(3, 4).i32(4, 3).end().end().b,
			PageHeader{Type: DataPage, UncompressedSize: 10, CompressedSize: 10, NumValues: 4, DefEncoding: 4, RepEncoding: 3}, ""},
		{"sorted dictionary page", newEnc().i32(1, DictionaryPage).i32(2, 64).i32(3, 64).begin(7).i32(1, 8).i32(2, 0).flag(3, true).end().end().b,
			PageHeader{Type: DictionaryPage, UncompressedSize: 64, CompressedSize: 64, NumValues: 8}, ""},
		{"dictionary page", dict(64, 64, 8), PageHeader{Type: DictionaryPage, UncompressedSize: 64, CompressedSize: 64, NumValues: 8}, ""},
		{"data page v2", v2(50, 40, 10, 2, 5, 3, 4), PageHeader{Type: DataPageV2, UncompressedSize: 50, CompressedSize: 40, NumValues: 10, NumNulls: 2, NumRows: 5, DefLevelsLen: 3, RepLevelsLen: 4}, ""},
		{"truncated", v1(100, 80, 12, 0)[:9], PageHeader{}, ErrShort.Error()},
		{"a binary longer than the bytes", newEnc().i32(1, 0).bin(4, []byte("x")).b[:4], PageHeader{}, ErrShort.Error()},
		{"a list longer than the bytes", append(newEnc().i32(1, 0).b, 0x49, 0xf5, 0xff, 0xff, 0xff, 0x0f), PageHeader{}, ErrShort.Error()},
		{"a size of the wrong type", append([]byte{0x26}, 2), PageHeader{}, "where an i32 was expected"},
		{"an i32 out of range", append([]byte{0x15}, binary.AppendVarint(nil, 1<<40)...), PageHeader{}, "out of range"},
		{"an unknown type", []byte{0x6e}, PageHeader{}, "unknown field type"},
		{"structs nested past the limit", append([]byte{0x6c}, bytes.Repeat([]byte{0x1c}, 40)...), PageHeader{}, "nested too deep"},
	}
	for _, c := range cases {
		h, n, err := ParsePageHeader(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || h != c.want || n != len(c.in) {
			t.Errorf("%s: %+v, %d bytes, %v; want %+v, %d bytes", c.name, h, n, err, c.want, len(c.in))
		}
	}
}

// page is a header and a body of its compressed size.
func page(hdr []byte, body int) []byte {
	return append(append([]byte(nil), hdr...), make([]byte, body)...)
}

func TestChunkCheck(t *testing.T) {
	int64s := Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20}
	strs := Chunk{PhysicalType: ByteArray, HasLevels: true, TotalUncompressed: 1 << 20}
	cases := []struct {
		name  string
		chunk Chunk
		pages [][]byte
		err   string
	}{
		{"plain int64 pages", int64s, [][]byte{page(v1(80, 80, 10, 0), 80), page(v1(16, 16, 2, 0), 16)}, ""},
		{"a dictionary and indices", strs, [][]byte{page(dict(12, 12, 3), 12), page(v1(6, 6, 1000, 8), 6)}, ""},
		{"v2 pages counted by rows", strs, [][]byte{page(v2(10, 10, 600, 100, 500, 2, 2), 10), page(v2(10, 10, 500, 0, 500, 2, 2), 10)}, ""},
		{"a page past the chunk", int64s, [][]byte{page(v1(80, 80, 10, 0), 40)}, "end past the column chunk"},
		{"a negative size", int64s, [][]byte{page(v1(-1, 80, 10, 0), 80)}, "negative page size"},
		{"an uncompressed size past the chunk's", Chunk{PhysicalType: Int64, TotalUncompressed: 100}, [][]byte{page(v1(1000, 8, 10, 0), 8)}, "past the column chunk's"},
		{"an uncompressed size past the limit", Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 30, MaxPageSize: 1 << 20}, [][]byte{page(v1(1<<21, 8, 10, 0), 8)}, "past the limit"},
		{"more values than the chunk", int64s, [][]byte{page(v1(80, 80, 10, 0), 80), page(v1(80, 80, 1<<30, 8), 80)}, "past the 990 the column chunk has left"},
		{"a dictionary too large for its bytes", strs, [][]byte{page(dict(12, 12, 4), 12)}, "cannot fit"},
		{"plain values too many for their bytes", int64s, [][]byte{page(v1(80, 80, 11, 0), 80)}, "cannot fit"},
		{"v2 nulls past the values", strs, [][]byte{page(v2(10, 10, 5, 6, 5, 0, 0), 10)}, "null"},
		{"v2 levels past the page", strs, [][]byte{page(v2(10, 10, 5, 0, 5, 8, 8), 10)}, "levels"},
		{"negative count", strs, [][]byte{page(v1(10, 10, -5, 0), 10)}, "negative count"},
		{"a snappy block of the page's size", Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20, Codec: Snappy},
			[][]byte{append(v1(80, 6, 10, 0), 80, 0, 0, 0, 0, 0)}, ""},
		{"a snappy block larger than the page", Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20, Codec: Snappy},
			[][]byte{append(v1(80, 6, 10, 0), 0xff, 0xff, 0xff, 0x7f, 0, 0)}, "snappy block says it decompresses to 268435455 bytes"},
		{"a snappy v2 page's values after its levels", Chunk{PhysicalType: ByteArray, HasLevels: true, TotalUncompressed: 1 << 20, Codec: Snappy},
			[][]byte{append(v2(84, 10, 10, 0, 10, 4, 0), 1, 2, 3, 4, 80, 0, 0, 0, 0, 0)}, ""},
		{"a zstd frame larger than the page", Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20, Codec: Zstd},
			[][]byte{append(v1(80, 12, 10, 0), 0x28, 0xb5, 0x2f, 0xfd, 0x80, 0, 0, 0, 0, 0x10, 0, 0)}, "zstd frame says it decompresses to 268435456 bytes"},
		{"a zstd frame of unstated size", Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20, Codec: Zstd},
			[][]byte{append(v1(80, 8, 10, 0), 0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58, 0, 0)}, ""},
		{"a header cut by the chunk's end", int64s, [][]byte{v1(80, 80, 10, 0)[:6]}, "runs past the column chunk"},
	}
	for _, c := range cases {
		file := []byte("PAR1")
		for _, p := range c.pages {
			file = append(file, p...)
		}
		ch := c.chunk
		ch.Start, ch.Size = 4, int64(len(file)-4)
		if ch.NumValues == 0 {
			ch.NumValues = 1000
		}
		if c.name == "plain int64 pages" {
			ch.NumValues = 12
		}
		err := ch.Check(bytes.NewReader(file))
		if c.err == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}

// TestChunkCheckLongHeader: a header past the first read (large
// statistics) is read whole, and a reader's error is returned.
func TestChunkCheckLongHeader(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 5000)
	hdr := newEnc().i32(1, DataPage).i32(2, 16).i32(3, 16).begin(5).i32(1, 2).i32(2, 0).begin(5).bin(1, big).end().end().end().b
	file := append([]byte("PAR1"), page(hdr, 16)...)
	ch := Chunk{Start: 4, Size: int64(len(file) - 4), NumValues: 2, PhysicalType: Int64, TotalUncompressed: 1 << 20}
	if err := ch.Check(bytes.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	ch.Size += 100 // past the end of the bytes
	ch.NumValues = 3
	if err := ch.Check(bytes.NewReader(file)); err == nil || !errors.Is(err, io.EOF) || !strings.Contains(err.Error(), "reading the page header") {
		t.Fatalf("a chunk past the file: %v", err)
	}
}

// TestChunkCheckPages: CheckPages checks the pages at the offsets given
// (a read seeking by the page index) as Check checks every page, and
// reads no other: a corrupt page it is not given is not its concern.
// (An offset inside a page reads what is there as a header, as the
// reader seeking to it would, with the same limits.)
func TestChunkCheckPages(t *testing.T) {
	int64s := Chunk{PhysicalType: Int64, TotalUncompressed: 1 << 20, NumValues: 30}
	good, bad := page(v1(80, 80, 10, 0), 80), page(v1(-1, 80, 10, 0), 80)
	file := []byte("PAR1")
	var offsets []int64
	for _, p := range [][]byte{good, bad, good} {
		offsets = append(offsets, int64(len(file)))
		file = append(file, p...)
	}
	ch := int64s
	ch.Start, ch.Size = 4, int64(len(file)-4)
	if err := ch.Check(bytes.NewReader(file)); err == nil || !strings.Contains(err.Error(), "negative page size") {
		t.Errorf("Check: %v", err)
	}
	for _, c := range []struct {
		offsets []int64
		err     string
	}{
		{[]int64{offsets[0], offsets[2]}, ""},
		{[]int64{offsets[2]}, ""},
		{[]int64{offsets[0], offsets[1]}, fmt.Sprintf("page 1 (at %d): negative page size", offsets[1])},
		{[]int64{int64(len(file))}, "outside the column chunk"},
		{[]int64{2}, "outside the column chunk"},
	} {
		err := ch.CheckPages(bytes.NewReader(file), c.offsets)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%v: %v, want %q", c.offsets, err, c.err)
		}
	}
	// A data page holding more values than the whole chunk.
	ch.NumValues = 5
	if err := ch.CheckPages(bytes.NewReader(file), offsets[2:]); err == nil || !strings.Contains(err.Error(), "past the 5 the column chunk has left") {
		t.Errorf("too many values: %v", err)
	}
}

// TestChunkCheckDict: CheckDict says whether every data page of a chunk
// holds dictionary indices, as a read of all its page headers finds.
func TestChunkCheckDict(t *testing.T) {
	strs := Chunk{PhysicalType: ByteArray, HasLevels: true, TotalUncompressed: 1 << 20, NumValues: 2000}
	cases := []struct {
		name  string
		pages [][]byte
		want  bool
	}{
		{"a dictionary and RLE_DICTIONARY pages", [][]byte{page(dict(12, 12, 3), 12), page(v1(6, 6, 1000, 8), 6), page(v1(6, 6, 1000, 8), 6)}, true},
		{"PLAIN_DICTIONARY pages", [][]byte{page(dict(12, 12, 3), 12), page(v1(6, 6, 2000, 2), 6)}, true},
		{"a fall back to plain", [][]byte{page(dict(12, 12, 3), 12), page(v1(6, 6, 1000, 8), 6), page(v1(6, 6, 1000, 0), 6)}, false},
		{"plain pages", [][]byte{page(v1(6, 6, 2000, 0), 6)}, false},
		{"a v2 plain page", [][]byte{page(dict(12, 12, 3), 12), page(v2(10, 10, 2000, 0, 2000, 2, 2), 10)}, false},
		{"v2 RLE_DICTIONARY pages", [][]byte{page(dict(12, 12, 3), 12), page(v2enc(10, 10, 1000, 0, 1000, 2, 2, 8), 10), page(v2enc(10, 10, 1000, 0, 1000, 2, 2, 8), 10)}, true},
		{"v1 indices, then a v2 plain page", [][]byte{page(dict(12, 12, 3), 12), page(v1(6, 6, 1000, 8), 6), page(v2enc(10, 10, 1000, 0, 1000, 2, 2, 0), 10)}, false},
		{"a dictionary and no data page", [][]byte{page(dict(12, 12, 3), 12)}, false},
	}
	for _, c := range cases {
		file := []byte("PAR1")
		for _, p := range c.pages {
			file = append(file, p...)
		}
		ch := strs
		ch.Start, ch.Size = 4, int64(len(file)-4)
		got, err := ch.CheckDict(bytes.NewReader(file))
		if err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}
