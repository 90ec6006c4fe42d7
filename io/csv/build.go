package csv

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/hugepage"
)

// colOut is one output column of a block: its type, and the presized
// buffers pass 2 writes into, rows of different chunks at once.
type colOut struct {
	name  string
	col   int // position in the record
	slot  int // position among the kept columns
	dt    arrow.DataType
	nulls int
	null  []byte // a byte per row (1: null), written only for the nulls, packed into the validity at the end; nil without nulls

	fixed   []byte // fixed-width values, n * width bytes
	width   int
	strBase []int // per chunk: where its strings start in data
	offs32  []int32
	offs64  []int64
	data    []byte
	dataBuf *memory.Buffer // the buffer data is, when counted (the one pass's): array hands it over
}

// release gives back c's counted buffer, of a read that gave up.
func (c *colOut) release() {
	if c.dataBuf != nil {
		c.dataBuf.Release()
		c.dataBuf = nil
	}
}

// dataBuffer is the Arrow buffer of c's string bytes.
func (c *colOut) dataBuffer() *memory.Buffer {
	if c.dataBuf != nil {
		return c.dataBuf
	}
	return memory.NewBufferBytes(c.data)
}

func isStringType(dt arrow.DataType) bool {
	return dt.ID() == arrow.STRING || dt.ID() == arrow.LARGE_STRING
}

// supportedType says whether WithTypes may ask for dt.
func supportedType(dt arrow.DataType) bool {
	switch dt.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64,
		arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.FLOAT32, arrow.FLOAT64, arrow.BOOL, arrow.STRING, arrow.LARGE_STRING,
		arrow.DATE32, arrow.TIMESTAMP:
		return true
	}
	return false
}

func fixedWidth(dt arrow.DataType) int {
	switch dt.ID() {
	case arrow.INT8, arrow.UINT8, arrow.BOOL:
		return 1
	case arrow.INT16, arrow.UINT16:
		return 2
	case arrow.INT32, arrow.UINT32, arrow.FLOAT32, arrow.DATE32:
		return 4
	}
	return 8
}

// alloc presizes c's buffers for n rows of the chunks, which the chunks
// write at once (hugepage.FilledInParts).
func (c *colOut) alloc(n int, chunks []*chunk) {
	if c.nulls > 0 {
		c.null = make([]byte, n) // pages written only where there are nulls
	}
	if isStringType(c.dt) {
		c.strBase = make([]int, len(chunks))
		total := 0
		for i, ch := range chunks {
			c.strBase[i] = total
			total += ch.bytes[c.slot]
		}
		c.data = hugepage.FilledInParts[byte](total)
		if c.dt.ID() == arrow.STRING && total > math.MaxInt32 {
			c.dt = arrow.BinaryTypes.LargeString
		}
		c.allocOffsets(n)
		return
	}
	c.allocFixed(n)
}

// grow returns a buffer of at least n bytes (twice b's, 4 KiB at least)
// holding b's first keep bytes.
func grow(b []byte, keep, n int) []byte {
	nb := make([]byte, max(n, 2*len(b), 4<<10))
	copy(nb, b[:keep])
	return nb
}

// allocOffsets makes the n+1 offsets of a string column, 32 or 64 bits
// as its type says.
func (c *colOut) allocOffsets(n int) {
	if c.dt.ID() == arrow.STRING {
		c.offs32 = hugepage.FilledInParts[int32](n + 1)
	} else {
		c.offs64 = hugepage.FilledInParts[int64](n + 1)
	}
}

// allocFixed makes the values of n rows of a fixed-width column (8 bytes
// of slack: a word is stored whole).
func (c *colOut) allocFixed(n int) {
	c.width = fixedWidth(c.dt)
	c.fixed = hugepage.FilledInParts[byte](n*c.width + 8)
}

// cellError is a pass-2 error before it has a line number.
type cellError struct {
	off int // byte offset in the data
	col *colOut
	err error
}

func view[T any](b []byte) []T {
	var z T
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/int(unsafe.Sizeof(z)))
}

// fill converts column c of a block of rows (cells relative to data, the
// block) into rows g, g+1, ... of its buffers. The strings go into *sb, a
// chunk's scratch buffer in the one pass, grown here as needed, or, when
// sb is nil (pass 2), into c.data, which pass 1 sized. pos is where the
// block's strings start; fill returns where the next block's do, and the
// number of nulls among the rows.
func (c *colOut) fill(s *scanner, sb *[]byte, data []byte, cells []uint64, rows, g, pos int, base int) (int, int, *cellError) {
	nk := s.nkeep
	k := c.slot
	bad := func(r int, cause error, format string, args ...any) *cellError {
		cell := cells[r*nk+k]
		return &cellError{off: base + cellStart(cell), col: c, err: fmt.Errorf("%w: "+format, append([]any{cause}, args...)...)}
	}
	var null []byte
	if c.null != nil {
		null = c.null[g : g+rows]
	}
	nulls := 0
	isNull := func(r int, cell uint64) bool {
		if cell&fNull != 0 || (cell&fQuoted == 0 && s.nulls.is(data[cellStart(cell):cellEnd(cell)])) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			return true
		}
		return false
	}
	switch c.dt.ID() {
	case arrow.STRING, arrow.LARGE_STRING:
		buf := &c.data
		if sb != nil {
			buf = sb
		}
		var r int
		if c.offs32 != nil {
			pos, nulls, r = fillStrings(c.offs32[g+1:g+rows+1], buf, sb != nil, pos, s, data, cells, k, null)
		} else {
			pos, nulls, r = fillStrings(c.offs64[g+1:g+rows+1], buf, sb != nil, pos, s, data, cells, k, null)
		}
		if r >= 0 {
			cell := cells[r*nk+k]
			return pos, nulls, bad(r, ErrUTF8, "%q", data[cellStart(cell):cellEnd(cell)])
		}
		return pos, nulls, nil
	case arrow.INT64:
		r, nulls := fillInts(view[int64](c.fixed)[g:g+rows], s, data, cells, k, null)
		if r >= 0 {
			cell := cells[r*nk+k]
			return pos, nulls, bad(r, ErrType, "%q is not an int64", data[cellStart(cell):cellEnd(cell)])
		}
		return pos, nulls, nil
	case arrow.FLOAT64:
		r, nulls := fillFloats(view[float64](c.fixed)[g:g+rows], s, data, cells, k, null)
		if r >= 0 {
			cell := cells[r*nk+k]
			return pos, nulls, bad(r, ErrType, "%q is not a float64", data[cellStart(cell):cellEnd(cell)])
		}
		return pos, nulls, nil
	case arrow.BOOL:
		r, nulls := fillBools(c.fixed[g:g+rows], s, data, cells, k, null)
		if r >= 0 {
			cell := cells[r*nk+k]
			return pos, nulls, bad(r, ErrType, "%q is not a %s", data[cellStart(cell):cellEnd(cell)], c.dt)
		}
		return pos, nulls, nil
	case arrow.DATE32:
		r, nulls := fillDates(view[int32](c.fixed)[g:g+rows], s, data, cells, k, null)
		if r >= 0 {
			cell := cells[r*nk+k]
			return pos, nulls, bad(r, ErrType, "%q is not a %s", data[cellStart(cell):cellEnd(cell)], c.dt)
		}
		return pos, nulls, nil
	}
	// The other types: one loop over a cell parser.
	conv := converter(c.dt)
	w := c.width
	for r := 0; r < rows; r++ {
		cell := cells[r*nk+k]
		if isNull(r, cell) {
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		if !conv(c.fixed[(g+r)*w:], trimCell(b)) {
			return pos, nulls, bad(r, ErrType, "%q is not a %s", b, c.dt)
		}
	}
	return pos, nulls, nil
}

// fillInts is fill's loop for the int64 columns: it parses the cells of
// column k of a block (one row per item of out) into out, nulls skipped
// (as fill's isNull tests them, written out here so that the test stays
// inline and marked in null), and returns the first row that does not
// parse (-1 when every one does) and the number of nulls. fillFloats and
// fillDates are the same loop for float64 and date32 (a loop of its own
// per type, so that the parser is called directly, inline where it can
// be).
func fillInts(out []int64, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 || (cell&fQuoted == 0 && s.nulls.is(data[cellStart(cell):cellEnd(cell)])) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			continue
		}
		v, ok := parseInt(trimCell(data[cellStart(cell):cellEnd(cell)]))
		if !ok {
			return r, nulls
		}
		out[r] = v
	}
	return -1, nulls
}

func fillFloats(out []float64, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 || (cell&fQuoted == 0 && s.nulls.is(data[cellStart(cell):cellEnd(cell)])) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			continue
		}
		v, ok := parseFloat(trimCell(data[cellStart(cell):cellEnd(cell)]))
		if !ok {
			return r, nulls
		}
		out[r] = v
	}
	return -1, nulls
}

func fillDates(out []int32, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 || (cell&fQuoted == 0 && s.nulls.is(data[cellStart(cell):cellEnd(cell)])) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		v, ok := parseDate(b)
		if !ok {
			if v, ok = parseDate(trimCell(b)); !ok {
				return r, nulls
			}
		}
		out[r] = v
	}
	return -1, nulls
}

// fillStrings is fill's loop for the string columns: it copies the cells
// of column k of a block into *buf from pos (unescaped), growing it when
// grows is set (a chunk's scratch; pass 2's buffer is sized), and sets the
// offset that ends each row (ends: one per row). It returns where the
// next string goes, the number of nulls, and the first row whose bytes
// are not UTF-8 under WithStrict (-1 when none). Into a scratch buffer,
// a short string is copied as two words where the input and the buffer
// have 16 bytes from there (the bytes past it are written over by the
// next): the call of a copy costs more than the copy itself, and
// flat.csv's names and cities are 9 bytes. Pass 2's chunks write one
// buffer side by side, where a word past a string is another chunk's.
func fillStrings[T int32 | int64](ends []T, buf *[]byte, grows bool, pos int, s *scanner, data []byte, cells []uint64, k int, null []byte) (int, int, int) {
	nk := s.nkeep
	lens, long := s.nulls.lens, s.nulls.long
	nulls := 0
	b0 := *buf
	for r := range ends {
		cell := cells[r*nk+k]
		b := data[cellStart(cell):cellEnd(cell)]
		n := len(b)
		if cell&fNull != 0 || cell&fQuoted == 0 && (n < 64 && lens&(1<<n) != 0 || n >= 64 && long) && s.nulls.is(b) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			ends[r] = T(pos)
			continue
		}
		if grows && pos+n > len(b0) { // (unescaped, a string is no longer than its cell)
			b0 = grow(b0, pos, pos+n)
			*buf = b0
		}
		switch {
		case cell&fEscaped != 0:
			pos = unescapeInto(b0, pos, b, s.quote)
		case grows && n <= 16 && cap(b) >= 16 && pos+16 <= len(b0):
			copy(b0[pos:pos+16], b[:16])
			pos += n
		case grows && n <= 32 && cap(b) >= 32 && pos+32 <= len(b0):
			copy(b0[pos:pos+16], b[:16])
			copy(b0[pos+16:pos+32], b[16:32])
			pos += n
		default:
			pos += copy(b0[pos:], b)
		}
		if s.strict && !utf8.Valid(b) {
			return pos, nulls, r
		}
		ends[r] = T(pos)
	}
	return pos, nulls, -1
}

// fillBools is fillInts for the bool columns, a byte per row (1: true).
func fillBools(out []byte, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 || (cell&fQuoted == 0 && s.nulls.is(data[cellStart(cell):cellEnd(cell)])) {
			if null != nil {
				null[r] = 1
			}
			nulls++
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		if v, ok := wordBool(b); ok {
			out[r] = v
			continue
		}
		v, ok := parseBool(trimCell(b))
		if !ok {
			return r, nulls
		}
		out[r] = 0
		if v {
			out[r] = 1
		}
	}
	return -1, nulls
}

// The spellings parseBool takes, as little-endian words, with their
// length in the top byte (a "true" followed by a zero byte is no "true").
const (
	wTrue1, wTrue2, wTrue3    = 4<<56 | 0x65757274, 4<<56 | 0x65757254, 4<<56 | 0x45555254       // true True TRUE
	wFalse1, wFalse2, wFalse3 = 5<<56 | 0x65736c6166, 5<<56 | 0x65736c6146, 5<<56 | 0x45534c4146 // false False FALSE
)

// wordBool is parseBool of a cell followed by at least 8 bytes of input
// (1 for true), without a branch on the cell's length or spelling: a
// column of random booleans is half 4-byte and half 5-byte cells, and
// the branch on the length was mispredicted half the time. ok is false
// for anything else, which parseBool then reads.
func wordBool(b []byte) (byte, bool) {
	if cap(b) < 8 || len(b) > 5 {
		return 0, false
	}
	w := binary.LittleEndian.Uint64(b[:8])&(1<<(8*uint(len(b)))-1) | uint64(len(b))<<56
	t := isWord(w, wTrue1) | isWord(w, wTrue2) | isWord(w, wTrue3)
	f := isWord(w, wFalse1) | isWord(w, wFalse2) | isWord(w, wFalse3)
	return t, t|f != 0
}

// isWord is 1 when w is v, else 0: a comparison and a SETcc, where an
// || would branch.
func isWord(w, v uint64) byte {
	var b byte
	if w == v {
		b = 1
	}
	return b
}

// unescapeInto copies the quoted field s, whose quotes are doubled, to
// dst at pos, one quote for two.
func unescapeInto(dst []byte, pos int, s []byte, quote byte) int {
	for i := 0; i < len(s); i++ {
		dst[pos] = s[i]
		pos++
		if s[i] == quote {
			i++
		}
	}
	return pos
}

// converter returns the parser of one cell into its little-endian slot,
// for the types fill has no loop of its own for.
func converter(dt arrow.DataType) func(dst, s []byte) bool {
	switch dt.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32:
		bits := fixedWidth(dt) * 8
		return func(dst, s []byte) bool {
			v, err := strconv.ParseInt(unsafeString(s), 10, bits)
			putLE(dst, uint64(v), bits/8)
			return err == nil
		}
	case arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		bits := fixedWidth(dt) * 8
		return func(dst, s []byte) bool {
			v, err := strconv.ParseUint(unsafeString(s), 10, bits)
			putLE(dst, v, bits/8)
			return err == nil
		}
	case arrow.FLOAT32:
		return func(dst, s []byte) bool {
			v, ok := parseFloat32(s)
			putLE(dst, uint64(math.Float32bits(v)), 4)
			return ok
		}
	case arrow.DATE32:
		return func(dst, s []byte) bool {
			v, ok := parseDate(s)
			putLE(dst, uint64(uint32(v)), 4)
			return ok
		}
	case arrow.TIMESTAMP:
		unit := dt.(*arrow.TimestampType).Unit
		return func(dst, s []byte) bool {
			v, ok := timestampIn(s, unit)
			putLE(dst, uint64(v), 8)
			return ok
		}
	}
	return func([]byte, []byte) bool { return false }
}

func putLE(dst []byte, v uint64, n int) {
	for i := 0; i < n; i++ {
		dst[i] = byte(v >> (8 * i))
	}
}

// timestampIn reads a timestamp in the given unit; a unit coarser than
// the cell's precision is an error (the rest would be cut).
func timestampIn(s []byte, unit arrow.TimeUnit) (int64, bool) {
	if unit == arrow.Nanosecond {
		for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999", "2006-01-02"} {
			if t, err := time.Parse(layout, unsafeString(s)); err == nil {
				if t.Year() < 1678 || t.Year() > 2261 {
					return 0, false
				}
				return t.UnixNano(), true
			}
		}
		return 0, false
	}
	us, _, ok := parseTimestamp(s)
	if !ok {
		d, ok := parseDate(s)
		if !ok {
			return 0, false
		}
		us = int64(d) * 86400e6
	}
	switch unit {
	case arrow.Microsecond:
		return us, true
	case arrow.Millisecond:
		return us / 1000, us%1000 == 0
	default:
		return us / 1e6, us%1e6 == 0
	}
}

// packBits turns a byte per row (0 or 1) into an Arrow bitmap.
func packBits(b []byte) []byte {
	out := make([]byte, (len(b)+63)/64*8)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := *(*uint64)(unsafe.Pointer(&b[i]))
		out[i/8] = byte((x * 0x0102040810204080) >> 56)
	}
	for ; i < len(b); i++ {
		if b[i] != 0 {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

// packNotBits is packBits of the bytes' complements: the validity bitmap
// of the null flags b.
func packNotBits(b []byte) []byte {
	out := make([]byte, (len(b)+63)/64*8)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := *(*uint64)(unsafe.Pointer(&b[i])) ^ lsb // the bytes are 0 or 1
		out[i/8] = byte((x * 0x0102040810204080) >> 56)
	}
	for ; i < len(b); i++ {
		if b[i] == 0 {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

// array returns the column as an Arrow array of n rows.
func (c *colOut) array(n int) arrow.Array {
	var validity *memory.Buffer
	if c.null != nil {
		validity = memory.NewBufferBytes(packNotBits(c.null))
	}
	var d *array.Data
	switch c.dt.ID() {
	case arrow.STRING:
		d = array.NewData(c.dt, n, []*memory.Buffer{validity, memory.NewBufferBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(c.offs32))), 4*len(c.offs32))), c.dataBuffer()}, nil, c.nulls, 0)
	case arrow.LARGE_STRING:
		d = array.NewData(c.dt, n, []*memory.Buffer{validity, memory.NewBufferBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(c.offs64))), 8*len(c.offs64))), c.dataBuffer()}, nil, c.nulls, 0)
	case arrow.BOOL:
		d = array.NewData(c.dt, n, []*memory.Buffer{validity, memory.NewBufferBytes(packBits(c.fixed[:n]))}, nil, c.nulls, 0)
	default:
		d = array.NewData(c.dt, n, []*memory.Buffer{validity, memory.NewBufferBytes(c.fixed[:n*c.width])}, nil, c.nulls, 0)
	}
	defer d.Release()
	c.release() // d holds its own reference
	return array.MakeFromData(d)
}
