package parquet

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/structframe/structframe/internal/pqcheck"
	"github.com/structframe/structframe/io/json"
)

// withFooter returns the Parquet file data with its footer changed by
// edit: the footer decoded, edited, encoded again in its place.
func withFooter(t *testing.T, data []byte, edit func(fm *metadata.FileMetaData)) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	start := len(data) - 8 - n
	fm, err := metadata.NewFileMetaData(data[start:len(data)-8], nil)
	if err != nil {
		t.Fatal(err)
	}
	edit(fm)
	footer, err := fm.Serialize(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := append(append([]byte(nil), data[:start]...), footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	return append(out, "PAR1"...)
}

// leafIndex is the position of the leaf whose schema path (list levels
// included) ends in suffix.
func leafIndex(t *testing.T, fm *metadata.FileMetaData, prefix, suffix string) int {
	for i := range fm.Schema.NumColumns() {
		if p := fm.Schema.Column(i).Path(); strings.HasPrefix(p, prefix) && strings.HasSuffix(p, suffix) {
			return i
		}
	}
	t.Fatalf("no leaf %s...%s", prefix, suffix)
	return -1
}

// TestCorruptFooterCounts: a footer whose counts or lengths do not fit
// the file is an *Error naming the row group and the column, from every
// read, where arrow-go allocated what the footer said (a negative column
// chunk size ended the process from one of pqarrow's goroutines) or read
// garbage.
func TestCorruptFooterCounts(t *testing.T) {
	recipes, err := json.ReadFile("../../testdata/recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	data := writeBytes(t, recipes)
	chunk := func(fm *metadata.FileMetaData, prefix, suffix string) int {
		return leafIndex(t, fm, prefix, suffix)
	}
	cases := []struct {
		name   string
		edit   func(fm *metadata.FileMetaData)
		column string // "" for an error of the whole file
		want   string
	}{
		{"negative chunk size", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns[chunk(fm, "ingredients", "name")].MetaData.TotalCompressedSize = -640
		}, "ingredients.name", "size is -640 bytes"},
		{"chunk past the file", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns[chunk(fm, "recipe", "serves")].MetaData.TotalCompressedSize = 1 << 40
		}, "recipe.serves", "end past the"},
		{"negative data page offset", func(fm *metadata.FileMetaData) {
			md := fm.RowGroups[0].Columns[chunk(fm, "id", "id")].MetaData
			md.DataPageOffset, md.DictionaryPageOffset = -5, nil
		}, "id", "starts at -5"},
		{"dictionary after the data pages", func(fm *metadata.FileMetaData) {
			md := fm.RowGroups[0].Columns[chunk(fm, "tags", "element")].MetaData
			if md.DictionaryPageOffset == nil {
				t.Fatal("tags has no dictionary page")
			}
			off := md.DataPageOffset + 1
			md.DictionaryPageOffset = &off
		}, "tags", "dictionary page"},
		{"a flat column with fewer values than rows", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns[chunk(fm, "id", "id")].MetaData.NumValues = 5
		}, "id", "holds 5 values, the row group 10 rows"},
		{"a list column with fewer values than rows", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns[chunk(fm, "steps", "element")].MetaData.NumValues = 3
		}, "steps", "fewer than the row group's 10 rows"},
		{"a page larger than its chunk uncompressed", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns[chunk(fm, "ingredients", "unit")].MetaData.TotalUncompressedSize = 1
		}, "ingredients.unit", "uncompressed size"},
		{"a row group larger than the file", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].NumRows = 1 << 40
		}, "", "the footer says 10 rows, its row groups hold 1099511627776"},
		{"a negative row count", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].NumRows, fm.NumRows = -1, -1
		}, "", "the row group has -1 rows"},
		{"a row group missing a column chunk", func(fm *metadata.FileMetaData) {
			fm.RowGroups[0].Columns = fm.RowGroups[0].Columns[1:]
		}, "", "column chunks, the schema"},
	}
	for _, c := range cases {
		bad := withFooter(t, data, c.edit)
		reads := map[string]func() error{
			"Read": func() error { _, err := Read(bytes.NewReader(bad), int64(len(bad))); return err },
			"Read WithParallelism(1)": func() error {
				_, err := Read(bytes.NewReader(bad), int64(len(bad)), WithParallelism(1))
				return err
			},
			"Reader": func() error {
				r, err := NewReader(bytes.NewReader(bad))
				if err != nil {
					return err
				}
				for r.Next() {
				}
				return r.Err()
			},
		}
		for how, read := range reads {
			err := read()
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %s: error %v, want one saying %q", c.name, how, err, c.want)
				continue
			}
			if e.Field != c.column || (c.column != "" && e.RowGroup != 0) {
				t.Errorf("%s, %s: error of column %q in row group %d, want column %q in row group 0", c.name, how, e.Field, e.RowGroup, c.column)
			}
		}
	}
}

// TestCorruptSnappyLength: a snappy page whose block says it decompresses
// to 256 MiB is an error naming the column, found before the decoder
// allocates the 256 MiB (a 7 KB file took seconds and gigabytes to
// read, the FuzzRead stall).
func TestCorruptSnappyLength(t *testing.T) {
	recipes, err := json.ReadFile("../../testdata/recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	data := writeBytes(t, recipes)
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	fm, err := metadata.NewFileMetaData(data[len(data)-8-n:len(data)-8], nil)
	if err != nil {
		t.Fatal(err)
	}
	md := fm.RowGroups[0].Columns[leafIndex(t, fm, "recipe", "est_time")].MetaData
	start := md.DataPageOffset
	if md.DictionaryPageOffset != nil && *md.DictionaryPageOffset > 0 {
		start = *md.DictionaryPageOffset
	}
	_, hn, err := pqcheck.ParsePageHeader(data[start:])
	if err != nil {
		t.Fatal(err)
	}
	bad := append([]byte(nil), data...)
	copy(bad[int(start)+hn:], []byte{0xff, 0xff, 0xff, 0x7f})
	for _, opts := range [][]Option{nil, {WithParallelism(1)}} {
		_, err := Read(bytes.NewReader(bad), int64(len(bad)), opts...)
		var e *Error
		if !errors.As(err, &e) || e.Field != "recipe.est_time" || !strings.Contains(err.Error(), "snappy block says it decompresses to 268435455 bytes") {
			t.Errorf("error %v, want one of recipe.est_time saying the snappy block's length", err)
		}
	}
}

// TestCorruptDecodedColumn: a file whose pages pass the checks but
// decode to invalid Arrow data (a byte of the mutation test's file of
// every kind set to 0: the list of structs recs decodes to offsets past
// its items) is an error naming the column, where FromRecordBatch
// panicked on the caller's goroutine.
func TestCorruptDecodedColumn(t *testing.T) {
	data := writeBytes(t, kindFrame(t), WithRowGroupRows(2), WithPageIndex(false))
	if data[5384] == 0 {
		t.Fatal("the file changed: byte 5384 is 0 already")
	}
	bad := append([]byte(nil), data...)
	bad[5384] = 0
	failed := 0
	for _, opts := range [][]Option{nil, {WithParallelism(1)}, {WithColumns("recs.tags")}} {
		_, err := Read(bytes.NewReader(bad), int64(len(bad)), opts...)
		if err == nil {
			continue // what is decoded depends on the buffers reused: some reads make valid (wrong) data
		}
		var e *Error
		var p *PanicError
		if !errors.As(err, &e) || e.Field != "recs" || !errors.As(err, &p) && !strings.Contains(err.Error(), "decoded column is invalid") {
			t.Errorf("%d options: error %v, want one of the column recs", len(opts), err)
		}
		failed++
	}
	if failed == 0 {
		t.Error("every read of the corrupt file succeeded")
	}
}
