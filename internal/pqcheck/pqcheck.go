// Package pqcheck walks the page headers of a Parquet column chunk and
// checks the sizes and counts they state against the bytes of the chunk,
// before a decoder trusts them.
//
// arrow-go's page reader allocates a page's stated compressed and
// uncompressed sizes before reading it, and decodes as many values as a
// page header says it holds, up to 2^31 of them from a few bytes of
// run-length encoding. A corrupt header therefore becomes gigabytes of
// allocation or minutes of decoding. [Chunk.Check] reads only the headers
// (the page bodies are skipped) and refuses a page that ends past its
// chunk, an uncompressed size past the chunk's own or past a page's
// limit, a value count past what the chunk says it holds, or a dictionary
// or plain page whose values cannot fit in its bytes.
//
// The headers are Thrift compact-protocol structs (parquet.thrift's
// PageHeader); the decoder here reads the fields it needs and skips the
// others, its nesting bounded, its lengths checked against the bytes.
package pqcheck

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Page types of parquet.thrift's PageType.
const (
	DataPage       = 0
	IndexPage      = 1
	DictionaryPage = 2
	DataPageV2     = 3
)

// Physical types of parquet.thrift's Type, which give a value's smallest
// encoded size.
const (
	Boolean           = 0
	Int32             = 1
	Int64             = 2
	Int96             = 3
	Float             = 4
	Double            = 5
	ByteArray         = 6
	FixedLenByteArray = 7
)

// parquet.thrift's Encodings: PLAIN, and the two of dictionary indices.
const (
	encodingPlain     = 0
	encodingPlainDict = 2
	encodingRLEDict   = 8
)

// PageHeader is what a page header says of its page: the page's type,
// sizes and counts. The counts of a page type the header does not
// describe are zero.
type PageHeader struct {
	Type             int32
	UncompressedSize int32
	CompressedSize   int32
	NumValues        int32 // data pages (v1 and v2) and dictionary pages
	Encoding         int32 // of the values
	DefEncoding      int32 // v1 data pages: of the definition levels (RLE 3, BIT_PACKED 4)
	RepEncoding      int32 // v1 data pages: of the repetition levels
	NumNulls         int32 // v2 data pages
	NumRows          int32 // v2 data pages
	DefLevelsLen     int32 // v2 data pages: bytes of definition levels
	RepLevelsLen     int32 // v2 data pages: bytes of repetition levels
	NotCompressed    bool  // v2 data pages: the values are stored as they are (is_compressed false)
}

// ErrShort is the error of [ParsePageHeader] when the bytes end before
// the header does: read more and try again.
var ErrShort = errors.New("the page header runs past the bytes read")

// maxDepth bounds the nesting of structs, lists and maps in a header: the
// deepest parquet.thrift defines is 4 (statistics in a data page header).
const maxDepth = 16

// ParsePageHeader decodes the page header at the start of b and returns
// it with its length in bytes. It returns [ErrShort] when b ends inside
// the header, another error when the header is malformed.
func ParsePageHeader(b []byte) (PageHeader, int, error) {
	d := decoder{b: b}
	var h PageHeader
	err := d.structFields(0, func(id int16, typ byte) error {
		switch id {
		case 1:
			return d.i32(typ, &h.Type)
		case 2:
			return d.i32(typ, &h.UncompressedSize)
		case 3:
			return d.i32(typ, &h.CompressedSize)
		case 5, 7: // data page header, dictionary page header
			if typ != tStruct {
				return d.skip(typ, 1)
			}
			data := id == 5
			return d.structFields(1, func(id int16, typ byte) error {
				switch {
				case id == 1:
					return d.i32(typ, &h.NumValues)
				case id == 2:
					return d.i32(typ, &h.Encoding)
				case id == 3 && data:
					return d.i32(typ, &h.DefEncoding)
				case id == 4 && data:
					return d.i32(typ, &h.RepEncoding)
				}
				return d.skip(typ, 2)
			})
		case 8: // data page header v2
			if typ != tStruct {
				return d.skip(typ, 1)
			}
			return d.structFields(1, func(id int16, typ byte) error {
				switch id {
				case 1:
					return d.i32(typ, &h.NumValues)
				case 2:
					return d.i32(typ, &h.NumNulls)
				case 3:
					return d.i32(typ, &h.NumRows)
				case 4:
					return d.i32(typ, &h.Encoding)
				case 5:
					return d.i32(typ, &h.DefLevelsLen)
				case 6:
					return d.i32(typ, &h.RepLevelsLen)
				case 7:
					if typ != tTrue && typ != tFalse {
						return fmt.Errorf("field of type %d where a bool was expected", typ)
					}
					h.NotCompressed = typ == tFalse
					return nil
				}
				return d.skip(typ, 2)
			})
		}
		return d.skip(typ, 1)
	})
	return h, d.pos, err
}

// Chunk is what a column chunk's metadata says of it, and what its
// column's schema says of the values.
type Chunk struct {
	Start             int64 // the offset of the chunk's first page (the dictionary page, if any)
	Size              int64 // total_compressed_size: the bytes of its pages, headers included
	TotalUncompressed int64 // total_uncompressed_size
	NumValues         int64 // the values (levels) the chunk holds, nulls included
	PhysicalType      int   // Boolean ... FixedLenByteArray
	TypeLength        int   // the bytes of a FixedLenByteArray value
	HasLevels         bool  // the column has definition or repetition levels
	MaxPageSize       int64 // the largest uncompressed page accepted, 0 for none
	Codec             int   // parquet.thrift's CompressionCodec: Snappy and Zstd state their output's size
}

// Codecs of parquet.thrift's CompressionCodec whose compressed bytes
// begin with the size of what they decompress to, which the decoder
// allocates.
const (
	Snappy = 1
	Zstd   = 6
)

// maxHeaderSize is the largest page header read, as arrow-go's.
const maxHeaderSize = 16 << 20

// Check reads the page headers of the chunk from r, from Start for as
// long as the pages' value counts fall short of NumValues (where a reader
// stops), and checks each: its body lies inside the chunk; its sizes are
// non-negative, the uncompressed one no larger than the chunk's
// uncompressed size nor MaxPageSize; its counts are non-negative and the
// values of the data pages so far no more than NumValues; the values of a
// dictionary page, or of a plain data page without levels, fit in its
// uncompressed bytes at their smallest encoded size. A chunk whose pages
// end before NumValues is left to the reader to report.
func (c Chunk) Check(r io.ReaderAt) error {
	_, err := c.CheckDict(r)
	return err
}

// CheckDict is Check, which also reports whether the chunk has data pages
// and every one holds dictionary indices (RLE_DICTIONARY or
// PLAIN_DICTIONARY): what its encoding statistics, when the writer left
// them out (DuckDB and Polars do), would have said.
func (c Chunk) CheckDict(r io.ReaderAt) (dictOnly bool, err error) {
	end := c.Start + c.Size
	pos := c.Start
	seen := int64(0)
	buf := make([]byte, 256)
	data, dict := false, true
	for page := 0; seen < c.NumValues && pos < end; page++ {
		h, next, values, err := c.checkPage(r, page, pos, c.NumValues-seen, &buf)
		if err != nil {
			return false, err
		}
		if h.Type == DataPage || h.Type == DataPageV2 {
			data = true
			dict = dict && (h.Encoding == encodingPlainDict || h.Encoding == encodingRLEDict)
		}
		seen += values
		pos = next
	}
	return data && dict, nil
}

// CheckPages checks, as Check does, the pages that start at the given
// offsets of the chunk (its page index's locations, and its dictionary
// page's): the pages a reader seeking by the page index reads, without
// reading the headers of the others. Each data page may hold at most
// the chunk's NumValues.
func (c Chunk) CheckPages(r io.ReaderAt, offsets []int64) error {
	end := c.Start + c.Size
	buf := make([]byte, 256)
	for page, pos := range offsets {
		if pos < c.Start || pos >= end {
			return fmt.Errorf("page %d (at %d): outside the column chunk (%d bytes at %d)", page, pos, c.Size, c.Start)
		}
		if _, _, _, err := c.checkPage(r, page, pos, c.NumValues, &buf); err != nil {
			return err
		}
	}
	return nil
}

// checkPage checks the page whose header is at pos, of which data pages
// may hold left values at most, and returns its header, where the next
// page starts and the values (rows, for a data page v2) the page holds
// toward the chunk's.
func (c Chunk) checkPage(r io.ReaderAt, page int, pos, left int64, buf *[]byte) (h PageHeader, next, values int64, err error) {
	end := c.Start + c.Size
	h, n, err := c.readHeader(r, pos, end, buf)
	if err != nil {
		return h, 0, 0, fmt.Errorf("page %d (at %d): %w", page, pos, err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("page %d (at %d): "+format, append([]any{page, pos}, args...)...)
	}
	body := pos + int64(n)
	switch {
	case h.CompressedSize < 0 || h.UncompressedSize < 0:
		return h, 0, 0, bad("negative page size (%d compressed, %d uncompressed)", h.CompressedSize, h.UncompressedSize)
	case int64(h.CompressedSize) > end-body:
		return h, 0, 0, bad("the page's %d bytes end past the column chunk (%d bytes left)", h.CompressedSize, end-body)
	case int64(h.UncompressedSize) > c.TotalUncompressed:
		return h, 0, 0, bad("the page's uncompressed size %d is past the column chunk's, %d", h.UncompressedSize, c.TotalUncompressed)
	case c.MaxPageSize > 0 && int64(h.UncompressedSize) > c.MaxPageSize:
		return h, 0, 0, bad("the page's uncompressed size %d is past the limit of %d bytes", h.UncompressedSize, c.MaxPageSize)
	case h.NumValues < 0 || h.NumNulls < 0 || h.NumRows < 0 || h.DefLevelsLen < 0 || h.RepLevelsLen < 0:
		return h, 0, 0, bad("negative count in the page header")
	}
	switch h.Type {
	case DictionaryPage:
		if !fits(int64(h.NumValues), c.PhysicalType, c.TypeLength, int64(h.UncompressedSize)) {
			return h, 0, 0, bad("the dictionary's %d values cannot fit in its %d bytes", h.NumValues, h.UncompressedSize)
		}
	case DataPage, DataPageV2:
		if int64(h.NumValues) > left {
			return h, 0, 0, bad("the page holds %d values, past the %d the column chunk has left", h.NumValues, left)
		}
		if h.Type == DataPageV2 {
			if h.NumNulls > h.NumValues || h.NumRows > h.NumValues {
				return h, 0, 0, bad("the page holds %d values, %d of them null, in %d rows", h.NumValues, h.NumNulls, h.NumRows)
			}
			if int64(h.DefLevelsLen)+int64(h.RepLevelsLen) > int64(h.CompressedSize) {
				return h, 0, 0, bad("the page's levels (%d bytes) are past its %d bytes", int64(h.DefLevelsLen)+int64(h.RepLevelsLen), h.CompressedSize)
			}
			values = int64(h.NumRows) // as arrow-go counts
		} else {
			values = int64(h.NumValues)
		}
		if h.Encoding == encodingPlain && !c.HasLevels && !fits(int64(h.NumValues), c.PhysicalType, c.TypeLength, int64(h.UncompressedSize)) {
			return h, 0, 0, bad("the page's %d values cannot fit in its %d bytes", h.NumValues, h.UncompressedSize)
		}
	}
	if err := c.checkCodec(r, h, body); err != nil {
		return h, 0, 0, bad("%v", err)
	}
	return h, body + int64(h.CompressedSize), values, nil
}

// checkCodec checks that the compressed bytes of the page whose body
// starts at body say they decompress to the page's uncompressed size (to
// no more than it, for zstd, whose frame may leave it unsaid): the snappy
// and zstd decoders allocate what those bytes say, up to 4 GiB and 64
// GiB, before finding them corrupt.
func (c Chunk) checkCodec(r io.ReaderAt, h PageHeader, body int64) error {
	if c.Codec != Snappy && c.Codec != Zstd || h.Type == IndexPage {
		return nil
	}
	start, n, want := body, int64(h.CompressedSize), int64(h.UncompressedSize)
	if h.Type == DataPageV2 {
		if h.NotCompressed {
			return nil
		}
		levels := int64(h.DefLevelsLen) + int64(h.RepLevelsLen)
		start, n, want = start+levels, n-levels, want-levels
	}
	if n <= 0 {
		return nil
	}
	var buf [18]byte
	b := buf[:min(n, int64(len(buf)))]
	if k, err := r.ReadAt(b, start); k < len(b) {
		return fmt.Errorf("reading the compressed page: %w", err)
	}
	if c.Codec == Snappy {
		size, k := binary.Uvarint(b)
		if k <= 0 {
			return errors.New("corrupt snappy block: its length is not a varint")
		}
		if size != uint64(want) {
			return fmt.Errorf("the snappy block says it decompresses to %d bytes, the page header %d", size, want)
		}
		return nil
	}
	size, known := zstdContentSize(b)
	if known && size > uint64(want) {
		return fmt.Errorf("the zstd frame says it decompresses to %d bytes, the page header %d", size, want)
	}
	return nil
}

// zstdContentSize reads the content size a zstd frame's header states,
// if it states one (RFC 8878, 3.1.1.1).
func zstdContentSize(b []byte) (uint64, bool) {
	if len(b) < 5 || binary.LittleEndian.Uint32(b) != 0xFD2FB528 {
		return 0, false
	}
	fhd := b[4]
	single := fhd&0x20 != 0
	pos := 5
	if !single {
		pos++ // window descriptor
	}
	pos += [4]int{0, 1, 2, 4}[fhd&3] // dictionary id
	size := [4]int{0, 2, 4, 8}[fhd>>6]
	if size == 0 && single {
		size = 1
	}
	if size == 0 || pos+size > len(b) {
		return 0, false
	}
	var v uint64
	for i := size - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[pos+i])
	}
	if size == 2 {
		v += 256
	}
	return v, true
}

// readHeader reads and decodes the page header at pos, before end,
// reading more while it runs past what was read.
func (c Chunk) readHeader(r io.ReaderAt, pos, end int64, buf *[]byte) (PageHeader, int, error) {
	for {
		want := int64(len(*buf))
		if want > end-pos {
			want = end - pos
		}
		b := (*buf)[:want]
		n, err := r.ReadAt(b, pos)
		if n < len(b) {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return PageHeader{}, 0, fmt.Errorf("reading the page header: %w", err)
		}
		h, hn, err := ParsePageHeader(b)
		if err != ErrShort {
			if err != nil {
				err = fmt.Errorf("corrupt page header: %w", err)
			}
			return h, hn, err
		}
		if want < int64(len(*buf)) || len(*buf) >= maxHeaderSize {
			return PageHeader{}, 0, errors.New("corrupt page header: it runs past the column chunk")
		}
		*buf = make([]byte, 2*len(*buf))
	}
}

// fits reports whether n values of the physical type fit in size bytes at
// their smallest plain encoding: a bit for a boolean, the value's width
// for fixed-width types, the 4-byte length of an empty byte array.
func fits(n int64, physical, typeLength int, size int64) bool {
	switch physical {
	case Boolean:
		return (n+7)/8 <= size
	case Int32, Float, ByteArray:
		return n <= size/4
	case Int64, Double:
		return n <= size/8
	case Int96:
		return n <= size/12
	case FixedLenByteArray:
		if typeLength <= 0 {
			return true
		}
		return n <= size/int64(typeLength)
	}
	return true
}
