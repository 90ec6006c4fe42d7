package parquet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/structframe/structframe/internal/mmapfile"
	"github.com/structframe/structframe/internal/pqcheck"
)

// The direct reader's leaves: one leaf column of every row group read,
// its pages decompressed into one reused buffer, its levels kept a byte
// each, its non-null values written densely into the Arrow buffers they
// end in (see direct.go for how the field is put together).

// errUnsupported is what the direct reader meets in a page it does not
// decode (levels bit-packed the deprecated way, an encoding another type
// than the column's, values past int32 offsets): the field is read by
// pqarrow instead.
var errUnsupported = errors.New("a page the direct reader does not decode")

// Parquet's encodings, as parquet.thrift numbers them.
const (
	encPlain     = 0
	encPlainDict = 2
	encRLE       = 3
	encRLEDict   = 8
)

// valueKind is how a leaf's values are stored.
type valueKind int

const (
	fixedValues valueKind = iota // width bytes each, little-endian
	byteValues                   // int32 offsets and bytes
	boolValues                   // a bit each
)

// leafOut is one leaf column decoded, its row groups one after the
// other: a level of each kind per entry, and its n non-null values.
type leafOut struct {
	defs, reps []uint8 // nil when the column has no such levels
	defsSeen   uint64  // bit d set when some entry has definition level d (all set past 63)
	entries    int     // level entries (values, nulls and empty lists)
	n          int     // non-null values
	kind       valueKind
	width      int            // bytes of a fixed value
	bigEndian  bool           // fixed values are fixed-length byte arrays (decimals among them big-endian)
	vals       *memory.Buffer // fixed: n values; bool: n bits; bytes: nbytes bytes
	offs       *memory.Buffer // bytes: n+1 int32 offsets
	nbytes     int
	// fixed: defs and vals are views of a whole leaf's own, for a part
	// decoded in place (leafParts): they do not grow
	fixed bool
}

// release gives the leaf's buffers back.
func (o *leafOut) release() {
	for _, b := range []*memory.Buffer{o.vals, o.offs} {
		if b != nil {
			b.Release()
		}
	}
	o.vals, o.offs = nil, nil
}

// leafReader decodes one leaf column, chunk after chunk.
type leafReader struct {
	src            io.ReaderAt
	mem            memory.Allocator
	desc           *schema.Column
	maxDef, maxRep uint8
	out            *leafOut

	mapped []byte // the file mapped into memory, or nil: read with src
	chunk  []byte // the chunk's bytes: in mapped, or scratch's own
	raw    bool   // the chunk is not compressed
	dictN  int    // the values of the chunk's dictionary (in scratch)
	*leafScratch
}

// leafScratch is the memory a leaf reader uses while it decodes and
// gives back: each goroutine of a read keeps one for the leaves it
// decodes, so that a read faults in a page buffer per core, not per
// leaf.
type leafScratch struct {
	own, page      []byte // a chunk's bytes read, a page decompressed
	idx            []uint32
	bools          []uint8 // run-length encoded booleans, a byte each
	lens, prefixes []int32 // of delta-encoded byte arrays
	// the chunk's dictionary: fixed values, or offsets and bytes (slack
	// after them)
	dictVals []byte
	dictOffs []int32
}

// directKind returns how the values of the column desc are stored, and
// their width.
func directKind(desc *schema.Column) (valueKind, int, bool) {
	switch desc.PhysicalType() {
	case pq.Types.Boolean:
		return boolValues, 0, true
	case pq.Types.Int32, pq.Types.Float:
		return fixedValues, 4, true
	case pq.Types.Int64, pq.Types.Double:
		return fixedValues, 8, true
	case pq.Types.ByteArray:
		return byteValues, 0, true
	case pq.Types.FixedLenByteArray:
		if w := desc.TypeLength(); w > 0 {
			return fixedValues, w, true
		}
	}
	return 0, 0, false
}

// readLeaf decodes the column col of the given row groups, from mapped
// (the file's bytes, mapped into memory) when not nil, from src
// otherwise, with the scratch memory sc (nil: its own).
func readLeaf(src io.ReaderAt, mapped []byte, md *metadata.FileMetaData, col int, groups []int, mem memory.Allocator, sc *leafScratch) (*leafOut, error) {
	return readLeafInto(nil, src, mapped, md, col, groups, mem, sc)
}

// readLeafInto is readLeaf into reuse, a leaf of the same column decoded
// before and appended elsewhere (leafParts), whose buffers it keeps and
// grows; nil: new buffers. On an error, reuse is left to its owner.
func readLeafInto(reuse *leafOut, src io.ReaderAt, mapped []byte, md *metadata.FileMetaData, col int, groups []int, mem memory.Allocator, sc *leafScratch) (out *leafOut, err error) {
	desc := md.Schema.Column(col)
	kind, width, ok := directKind(desc)
	if !ok || desc.MaxDefinitionLevel() > math.MaxUint8 || desc.MaxRepetitionLevel() > math.MaxUint8 {
		return nil, errUnsupported
	}
	if sc == nil {
		sc = &leafScratch{}
	}
	r := &leafReader{src: src, mapped: mapped, leafScratch: sc, mem: mem, desc: desc, maxDef: uint8(desc.MaxDefinitionLevel()), maxRep: uint8(desc.MaxRepetitionLevel())}
	// The buffers start at what the chunks likely hold and grow as the
	// pages say (room): a chunk's value count is the footer's word, and
	// a corrupt one must not be allocated before a page is read. The
	// start is bounded by the chunks' bytes in the file.
	entries, stored, raw := int64(0), int64(0), int64(0)
	for _, g := range groups {
		cc, err := md.RowGroup(g).ColumnChunk(col)
		if err != nil {
			return nil, err
		}
		entries += cc.NumValues()
		stored += cc.TotalCompressedSize()
		raw += cc.TotalUncompressedSize()
	}
	if entries > math.MaxInt32 {
		return nil, errUnsupported
	}
	start := int(min(entries, 8*stored+1024))
	o := reuse
	if o != nil {
		if o.kind != kind || o.width != width || (o.defs == nil) != (r.maxDef == 0) || (o.reps == nil) != (r.maxRep == 0) {
			return nil, errStructure
		}
		o.defs, o.reps = o.defs[:0], o.reps[:0]
		o.defsSeen, o.entries, o.n, o.nbytes = 0, 0, 0, 0
		switch kind {
		case boolValues:
			clear(o.vals.Bytes()) // bits are set, not written
		case byteValues:
			asInt32s(o.offs.Bytes())[0] = 0
		}
	} else {
		o = &leafOut{kind: kind, width: width, bigEndian: desc.PhysicalType() == pq.Types.FixedLenByteArray}
		defer func() {
			if out == nil { // an error, or a panic on its way to the guard
				o.release()
			}
		}()
		if r.maxDef > 0 {
			o.defs = make([]uint8, 0, start)
		}
		if r.maxRep > 0 {
			o.reps = make([]uint8, 0, start)
		}
		switch kind {
		case fixedValues:
			o.vals = newBuffer(mem, start*width)
		case boolValues:
			o.vals = newBuffer(mem, (start+7)/8)
			clear(o.vals.Bytes()) // bits are set, not written
		case byteValues:
			o.offs = newBuffer(mem, (start+1)*4)
			asInt32s(o.offs.Bytes())[0] = 0
			o.vals = newBuffer(mem, int(min(raw, stored*8, math.MaxInt32))+slack)
		}
	}
	r.out = o
	for _, g := range groups {
		cc, _ := md.RowGroup(g).ColumnChunk(col)
		if err := r.readChunk(cc); err != nil {
			return nil, fmt.Errorf("row group %d: %w", g, err)
		}
	}
	if kind == byteValues && reuse == nil {
		o.vals.Resize(o.nbytes) // (the others are sized by leafData; a scratch leaf keeps its room)
	}
	return o, nil
}

// room makes room in r's buffers for n more level entries and nv more
// values, doubling what is short; where they are views that cannot grow,
// it reports the entries that do not fit.
func (r *leafReader) room(n, nv int) error {
	o := r.out
	if o.fixed {
		// (values past the view's end are cut off there by the slicing
		// that writes them, and counted: the part's count then differs
		// from the footer's, an error)
		if o.defs != nil && len(o.defs)+n > cap(o.defs) || o.defs == nil && (o.n+nv)*o.width > o.vals.Len() {
			return fmt.Errorf("%w: more entries than the footer counts", errStructure)
		}
		return nil
	}
	if o.defs != nil {
		o.defs = slices.Grow(o.defs, n)
	}
	if o.reps != nil {
		o.reps = slices.Grow(o.reps, n)
	}
	grow := func(b *memory.Buffer, need int, zero bool) {
		if have := b.Len(); need > have {
			b.Resize(max(need, 2*have))
			if zero {
				clear(b.Bytes()[have:])
			}
		}
	}
	switch o.kind {
	case fixedValues:
		grow(o.vals, (o.n+nv)*o.width, false)
	case boolValues:
		grow(o.vals, (o.n+nv+7)/8, true)
	case byteValues:
		grow(o.offs, (o.n+nv+1)*4, false)
	}
	return nil
}

// newBuffer returns a buffer of n bytes from mem.
func newBuffer(mem memory.Allocator, n int) *memory.Buffer {
	b := memory.NewResizableBuffer(mem)
	b.Resize(n)
	return b
}

// readChunk decodes the pages of one column chunk.
func (r *leafReader) readChunk(cc *metadata.ColumnChunkMetaData) error {
	codec, err := compress.GetCodec(cc.Compression())
	if err != nil {
		return errUnsupported
	}
	start, size := cc.DataPageOffset(), cc.TotalCompressedSize()
	if d := cc.DictionaryPageOffset(); cc.HasDictionaryPage() && d > 0 && d < start {
		start = d
	}
	if size < 0 || size > math.MaxInt32 {
		return errUnsupported
	}
	r.raw = cc.Compression() == compress.Codecs.Uncompressed
	if r.mapped != nil {
		if start < 0 || start > int64(len(r.mapped))-size {
			return fmt.Errorf("the column chunk's %d bytes at %d end past the file", size, start)
		}
		r.chunk = r.mapped[start : start+size]
	} else {
		r.chunk = grow(r.own, int(size))
		r.own = r.chunk
		if n, err := r.src.ReadAt(r.chunk, start); n < len(r.chunk) {
			return fmt.Errorf("reading the column chunk: %w", err)
		}
	}
	r.dictN = 0
	want := int(cc.NumValues())
	first := len(r.out.reps)
	seen, dicts := 0, 0
	for pos := 0; seen < want; {
		if pos >= len(r.chunk) {
			return fmt.Errorf("the pages end after %d of the chunk's %d values", seen, want)
		}
		h, hn, err := pqcheck.ParsePageHeader(r.chunk[pos:])
		if err != nil {
			return fmt.Errorf("page header at %d: %w", start+int64(pos), err)
		}
		body := pos + hn
		end := body + int(h.CompressedSize)
		if h.CompressedSize < 0 || h.UncompressedSize < 0 || end > len(r.chunk) || end < body {
			return fmt.Errorf("page at %d: sizes out of the chunk", start+int64(pos))
		}
		switch h.Type {
		case pqcheck.DictionaryPage:
			if h.Encoding != encPlain && h.Encoding != encPlainDict {
				return errUnsupported
			}
			if dicts++; dicts > 1 || seen > 0 {
				return errors.New("a dictionary page after the chunk's first page") // (as pqarrow refuses it)
			}
			data, err := r.decompress(codec, r.chunk[body:end], int(h.UncompressedSize))
			if err != nil {
				return err
			}
			if err := r.setDict(data, int(h.NumValues)); err != nil {
				return err
			}
		case pqcheck.DataPage, pqcheck.DataPageV2:
			if int(h.NumValues) > want-seen || h.NumValues < 0 {
				return fmt.Errorf("a page of %d values past the chunk's %d", h.NumValues, want)
			}
			if err := r.readPage(codec, h, r.chunk[body:end]); err != nil {
				return err
			}
			seen += int(h.NumValues)
		}
		pos = end
	}
	if r.maxRep > 0 && len(r.out.reps) > first && r.out.reps[first] != 0 {
		return errors.New("the column chunk does not start a row")
	}
	if r.mapped != nil {
		// read: its pages need not stay in the read's resident memory
		// (W4b's peak 253 -> 199 MB)
		mmapfile.Drop(r.chunk)
	}
	return nil
}

// grow returns b resized to n bytes, reallocated when it is too small.
func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// decompress returns the n bytes src decompresses to, in r's page
// buffer (src itself when the chunk is not compressed).
func (r *leafReader) decompress(codec compress.Codec, src []byte, n int) ([]byte, error) {
	if r.raw {
		if len(src) != n {
			return nil, fmt.Errorf("an uncompressed page of %d bytes, its header says %d", len(src), n)
		}
		return src, nil
	}
	r.page = grow(r.page, n)
	out, err := compress.Decode(codec, r.page, src)
	if err != nil {
		return nil, fmt.Errorf("decompressing a page: %w", err)
	}
	if len(out) != n {
		return nil, fmt.Errorf("a page decompressed to %d bytes, its header says %d", len(out), n)
	}
	return out, nil
}

// readPage decodes one data page (v1 or v2) whose body is b.
func (r *leafReader) readPage(codec compress.Codec, h pqcheck.PageHeader, b []byte) error {
	n := int(h.NumValues)
	var values []byte
	repW, defW := bits.Len8(r.maxRep), bits.Len8(r.maxDef)
	o := r.out
	if err := r.room(n, n); err != nil { // (a page's values are no more than its entries)
		return err
	}
	reps, defs := len(o.reps), len(o.defs)
	if h.Type == pqcheck.DataPage {
		data, err := r.decompress(codec, b, int(h.UncompressedSize))
		if err != nil {
			return err
		}
		levels := func(top uint8, enc int32, w int, to *[]uint8) error {
			if top == 0 {
				return nil
			}
			if enc != encRLE {
				return errUnsupported
			}
			runs, rest, err := lengthPrefixed(data)
			if err != nil {
				return err
			}
			if err := decodeHybrid(runs, w, (*to)[len(*to):len(*to)+n]); err != nil {
				return fmt.Errorf("levels: %w", err)
			}
			*to = (*to)[:len(*to)+n]
			data = rest
			return nil
		}
		if err := levels(r.maxRep, h.RepEncoding, repW, &o.reps); err != nil {
			return err
		}
		if err := levels(r.maxDef, h.DefEncoding, defW, &o.defs); err != nil {
			return err
		}
		values = data
	} else {
		rl, dl := int(h.RepLevelsLen), int(h.DefLevelsLen)
		if rl+dl > len(b) || int(h.UncompressedSize) < rl+dl {
			return errShortRun
		}
		if r.maxRep > 0 {
			if err := decodeHybrid(b[:rl], repW, o.reps[reps:reps+n]); err != nil {
				return fmt.Errorf("repetition levels: %w", err)
			}
			o.reps = o.reps[:reps+n]
		}
		if r.maxDef > 0 {
			if err := decodeHybrid(b[rl:rl+dl], defW, o.defs[defs:defs+n]); err != nil {
				return fmt.Errorf("definition levels: %w", err)
			}
			o.defs = o.defs[:defs+n]
		}
		values = b[rl+dl:]
		if !h.NotCompressed {
			var err error
			if values, err = r.decompress(codec, values, int(h.UncompressedSize)-rl-dl); err != nil {
				return err
			}
		}
	}
	// the page's values: the entries at the greatest definition level
	nv := n
	if r.maxDef > 0 {
		nv = 0
		var seen uint64
		top := uint8(0)
		for _, d := range o.defs[defs:] {
			nv += b2i(d == r.maxDef)
			seen |= 1 << (d & 63)
			top = max(top, d)
		}
		if top > r.maxDef {
			return fmt.Errorf("definition level %d past the column's greatest, %d", top, r.maxDef)
		}
		if r.maxDef >= 64 {
			seen = ^uint64(0)
		}
		o.defsSeen |= seen
	}
	if r.maxRep > 0 {
		for _, l := range o.reps[reps:] {
			if l > r.maxRep {
				return fmt.Errorf("repetition level %d past the column's greatest, %d", l, r.maxRep)
			}
		}
	}
	o.entries += n
	switch h.Encoding {
	case encPlain:
		return r.plain(values, nv)
	case encPlainDict, encRLEDict:
		return r.indices(values, nv)
	case encRLE:
		return r.rleBools(values, nv)
	case encDeltaBinaryPacked:
		return r.deltaInts(values, nv)
	case encDeltaLengthByteArray:
		return r.deltaLengthBytes(values, nv)
	case encDeltaByteArray:
		return r.deltaBytes(values, nv)
	case encByteStreamSplit:
		return r.streamSplit(values, nv)
	}
	return errUnsupported
}

// lengthPrefixed splits b into the runs of a hybrid encoding its first 4
// bytes give the length of (levels in v1 pages, run-length encoded
// booleans), and what follows them.
func lengthPrefixed(b []byte) (runs, rest []byte, err error) {
	if len(b) < 4 {
		return nil, nil, errShortRun
	}
	l := binary.LittleEndian.Uint32(b)
	if uint64(l) > uint64(len(b)-4) {
		return nil, nil, errShortRun
	}
	return b[4 : 4+l], b[4+l:], nil
}

// rleBools appends nv booleans RLE-encoded in b (as writers of version 2
// pages store them): a 4-byte length, then runs of bit width 1.
func (r *leafReader) rleBools(b []byte, nv int) error {
	o := r.out
	if o.kind != boolValues {
		return errUnsupported
	}
	runs, _, err := lengthPrefixed(b)
	if err != nil {
		return err
	}
	if cap(r.bools) < nv {
		r.bools = make([]uint8, nv)
	}
	bs := r.bools[:nv]
	if err := decodeHybrid(runs, 1, bs); err != nil {
		return fmt.Errorf("booleans: %w", err)
	}
	to := o.vals.Buf()
	for i, v := range bs {
		at := o.n + i
		to[at>>3] |= (v & 1) << (at & 7)
	}
	o.n += nv
	return nil
}

// plain appends nv values PLAIN-encoded in b.
func (r *leafReader) plain(b []byte, nv int) error {
	o := r.out
	switch o.kind {
	case fixedValues:
		k := nv * o.width
		if k > len(b) {
			return fmt.Errorf("%d values in %d bytes", nv, len(b))
		}
		copy(o.vals.Buf()[o.n*o.width:], b[:k])
	case boolValues:
		if (nv+7)/8 > len(b) {
			return fmt.Errorf("%d booleans in %d bytes", nv, len(b))
		}
		appendBits(o.vals.Buf(), o.n, b, nv)
	case byteValues:
		if o.nbytes+len(b) > math.MaxInt32 {
			return errUnsupported // past int32 offsets
		}
		r.reserve(len(b))
		at, err := plainByteArrays(b, nv, o.vals.Buf(), o.nbytes, asInt32s(o.offs.Buf())[o.n+1:])
		if err != nil {
			return err
		}
		o.nbytes = at
	}
	o.n += nv
	return nil
}

// plainByteArrays copies the n PLAIN byte arrays of b (each a 4-byte
// length, then its bytes) into data from at, which has room for b's
// bytes, writing the end of each into offs; it returns the end of the
// last.
func plainByteArrays(b []byte, n int, data []byte, at int, offs []int32) (int, error) {
	offs = offs[:n]
	p := 0
	for i := range offs {
		if p+4 > len(b) {
			return 0, fmt.Errorf("value %d of %d runs past the page", i, n)
		}
		l := int(binary.LittleEndian.Uint32(b[p:]))
		p += 4
		if l > len(b)-p {
			return 0, fmt.Errorf("value %d of %d runs past the page", i, n)
		}
		at += copy(data[at:], b[p:p+l])
		p += l
		offs[i] = int32(at)
	}
	return at, nil
}

// slack is the bytes kept past the values of a byte-array column and of
// a dictionary, for copies of short values two words at a time.
const slack = 16

// reserve makes room for n more bytes of byte-array values, and slack.
func (r *leafReader) reserve(n int) {
	o := r.out
	if need := o.nbytes + n + slack; need > o.vals.Cap() {
		o.vals.Reserve(max(need, 2*o.vals.Cap()))
		o.vals.ResizeNoShrink(o.vals.Cap())
	}
}

// setDict keeps the n PLAIN values of a dictionary page.
func (r *leafReader) setDict(b []byte, n int) error {
	o := r.out
	switch o.kind {
	case fixedValues:
		if n*o.width > len(b) || n < 0 {
			return fmt.Errorf("a dictionary of %d values in %d bytes", n, len(b))
		}
		r.dictVals = append(r.dictVals[:0], b[:n*o.width]...)
	case byteValues:
		if cap(r.dictOffs) < n+1 {
			r.dictOffs = make([]int32, n+1)
		}
		r.dictOffs = r.dictOffs[:n+1]
		vals := grow(r.dictVals, len(b)+slack)
		r.dictOffs[0] = 0
		at, err := plainByteArrays(b, n, vals, 0, r.dictOffs[1:])
		if err != nil {
			return fmt.Errorf("the dictionary: %w", err)
		}
		r.dictVals = vals[:at+slack]
	default:
		return errUnsupported
	}
	r.dictN = n
	return nil
}

// indices appends nv values given as dictionary indices in b (a byte of
// bit width, then the hybrid encoding).
func (r *leafReader) indices(b []byte, nv int) error {
	if r.dictN == 0 && nv > 0 || r.out.kind == boolValues {
		if r.out.kind == boolValues {
			return errUnsupported
		}
		return errors.New("dictionary indices without a dictionary page")
	}
	if nv == 0 {
		return nil
	}
	if len(b) < 1 {
		return errShortRun
	}
	o := r.out
	if o.kind == fixedValues && (o.width == 4 || o.width == 8) {
		var err error
		if o.width == 8 {
			err = gatherHybrid(b[1:], int(b[0]), asUint64s(r.dictVals)[:r.dictN], asUint64s(o.vals.Buf())[o.n:o.n+nv])
		} else {
			err = gatherHybrid(b[1:], int(b[0]), asUint32s(r.dictVals)[:r.dictN], asUint32s(o.vals.Buf())[o.n:o.n+nv])
		}
		if err != nil {
			return fmt.Errorf("dictionary indices: %w", err)
		}
		o.n += nv
		return nil
	}
	if cap(r.idx) < nv {
		r.idx = make([]uint32, nv)
	}
	idx := r.idx[:nv]
	if err := decodeHybrid(b[1:], int(b[0]), idx); err != nil {
		return fmt.Errorf("dictionary indices: %w", err)
	}
	top := uint32(0)
	for _, k := range idx {
		top = max(top, k)
	}
	if int(top) >= r.dictN {
		return fmt.Errorf("dictionary index %d of %d values", top, r.dictN)
	}
	switch o.kind {
	case fixedValues: // of another width: fixed-length byte arrays
		w := o.width
		to := o.vals.Buf()[o.n*w : (o.n+nv)*w]
		for i, k := range idx {
			copy(to[i*w:(i+1)*w], r.dictVals[int(k)*w:])
		}
	case byteValues:
		total := 0
		for _, k := range idx {
			total += int(r.dictOffs[k+1] - r.dictOffs[k])
		}
		if o.nbytes+total > math.MaxInt32 {
			return errUnsupported
		}
		r.reserve(total)
		data := o.vals.Buf()
		offs := asInt32s(o.offs.Buf())[o.n+1:]
		at := o.nbytes
		dv, do := r.dictVals, r.dictOffs
		for i, k := range idx {
			s, e := int(do[k]), int(do[k+1])
			if e-s <= 16 {
				// two words: the slack after each buffer's bytes takes
				// their overrun, the next value's copy the bytes
				*(*[2]uint64)(unsafe.Pointer(&data[at])) = *(*[2]uint64)(unsafe.Pointer(&dv[s]))
			} else {
				copy(data[at:], dv[s:e])
			}
			at += e - s
			offs[i] = int32(at)
		}
		o.nbytes = at
	}
	o.n += nv
	return nil
}

// appendBits copies the first n bits of src to dst from bit at.
func appendBits(dst []byte, at int, src []byte, n int) {
	for i := range n {
		if src[i>>3]>>(i&7)&1 != 0 {
			dst[(at+i)>>3] |= 1 << ((at + i) & 7)
		}
	}
}

// asInt32s views b as int32s (little-endian, as Arrow's buffers are).
func asInt32s(b []byte) []int32 {
	return unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/4)
}

// asInt64s views b as int64s.
func asInt64s(b []byte) []int64 {
	return unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/8)
}

// asUint32s views b as uint32s.
func asUint32s(b []byte) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/4)
}

// asUint64s views b as uint64s.
func asUint64s(b []byte) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/8)
}
