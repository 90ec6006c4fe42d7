package csv

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// The reader makes two passes over the bytes of a block of records.
//
// Both split records into fields with scan (this file), quote-aware, a
// block of rows at a time: for each kept cell, where it is (a packed
// uint64: start, end and flags, relative to the block's first record)
// goes into a small buffer that stays in cache, and a sink consumes the
// block column by column. No cell positions are kept for the whole input:
// on this kind of machine touching fresh memory costs more than
// splitting the bytes a second time.
//
// Pass 1 (sink count) counts rows, nulls and the bytes of each column's
// non-null cells, and, for each column still being inferred, narrows the
// set of types every cell so far fits (infer.go). The input is cut into
// chunks at record boundaries, scanned in parallel.
//
// Pass 2 (sink fill, build.go) splits each chunk again and converts its
// cells straight into presized Arrow buffers: the chunks' rows and string
// bytes are known, so every chunk writes its own part of the final
// buffers, on every core, with no join copy.

// Cell flags, in the top three bits of a cell.
const (
	fQuoted  = 1 << 61
	fEscaped = 1 << 62 // quoted, with doubled quotes to unescape
	fNull    = 1 << 63 // a record short of fields, padded

	endBits    = 29
	endMask    = 1<<endBits - 1
	maxBlock   = endMask // a block's cells must end within this many bytes of its start
	blockRows  = 1024
	blockCells = 64 << 10
)

func cellStart(c uint64) int { return int(uint32(c)) }
func cellEnd(c uint64) int   { return int((c >> 32) & endMask) }

// chunk is a byte range of the input whose records are scanned together:
// the records that start in [from, to).
type chunk struct {
	from, to int
	end      int // where the scan stopped: the start of the next record
	rows     int
	row0     int      // the chunk's first row in the input
	cells    []uint64 // a block: rows x kept columns
	plain    plainScratch
	base     int    // where the block's first record starts
	masks    []kind // per kept column: the types every cell fits
	bytes    []int  // per kept column: bytes of non-null cells, unescaped
	nulls    []int  // per kept column
	pos      []int  // pass 2, per kept column: where the next string goes
	done     int    // pass 2: rows filled
	err      *ParseError
	errOff   int // the byte offset of err in the data
	cerr     *cellError
	partial  bool
}

// sink consumes a block of rows x kept cells, relative to data[ch.base:].
type sink func(ch *chunk, cells []uint64, rows int)

// scanner holds what pass 1 needs about the dialect and the columns.
type scanner struct {
	data                  []byte
	delim, quote, comment byte
	ncols                 int     // fields per record (the header's)
	slot                  []int32 // per column: its kept position, or -1
	names                 []string
	nkeep                 int
	infer                 []bool // per kept column: classify cells
	nulls                 nullSet
	pad, strict           bool
	final                 bool // the data ends the input (else a record cut off at the end is left for later)
	maxRows               int  // stop after this many records (0: no limit)
	scalar                bool // test hook: split every record with the field-by-field code
}

// nullSet tells the null markers apart fast: a bit per marker length.
type nullSet struct {
	lens    uint64
	markers [][]byte
	long    bool
}

func makeNullSet(markers []string) nullSet {
	var s nullSet
	for _, m := range markers {
		if len(m) < 64 {
			s.lens |= 1 << len(m)
		} else {
			s.long = true
		}
		s.markers = append(s.markers, []byte(m))
	}
	return s
}

func (s *nullSet) is(b []byte) bool {
	if len(b) == 0 {
		return s.lens&1 != 0
	}
	if len(b) < 64 {
		if s.lens&(1<<len(b)) == 0 {
			return false
		}
	} else if !s.long {
		return false
	}
	for _, m := range s.markers {
		if len(m) == len(b) && (len(b) == 0 || m[0] == b[0]) && string(m) == string(b) {
			return true
		}
	}
	return false
}

func (s *scanner) newChunk(from, to int) *chunk {
	ch := &chunk{from: from, to: to, end: from}
	ch.masks = make([]kind, s.nkeep)
	for i := range ch.masks {
		ch.masks[i] = kAll
	}
	ch.bytes = make([]int, s.nkeep)
	ch.nulls = make([]int, s.nkeep)
	return ch
}

func (s *scanner) fail(ch *chunk, off, col int, cause error, format string, args ...any) {
	name := ""
	if col < len(s.names) {
		name = s.names[col]
	}
	ch.err = &ParseError{Column: col + 1, Field: name, Err: fmt.Errorf("%w: "+format, append([]any{cause}, args...)...)}
	ch.errOff = off
}

// scan runs pass 1 over the records starting in [ch.end, ch.to), appending
// to ch. It stops at the first error, after maxRows records, or (not
// final) before a record the data cuts off, setting ch.partial.
func (s *scanner) scan(ch *chunk, out sink) {
	data := s.data
	n := len(data)
	delim, quote, comment := s.delim, s.quote, s.comment
	i := ch.end
	nk := s.nkeep
	// A block holds at most blockCells cells (it stays in cache, and a
	// header of many columns cannot make it large), and no more rows than
	// the chunk has bytes.
	brMax := max(1, min(blockRows, blockCells/max(nk, 1), ch.to-i+1))
	if s.maxRows > 0 {
		brMax = min(brMax, s.maxRows)
	}
	if cap(ch.cells) < brMax*nk+64 { // (64 cells of slack: plainRecords)
		ch.cells = make([]uint64, 0, brMax*nk+64)
	}
	ch.cells = ch.cells[:0]
	ch.base = i
	brows := 0
	flush := func() {
		if brows > 0 {
			out(ch, ch.cells, brows)
		}
		ch.cells = ch.cells[:0]
		brows = 0
	}
	single := s.ncols == 1
	dmask := uint64(delim) * lsb
	// The window of the record splitter (see blockMasks): the bits of the
	// 64 bytes from wb that may be the delimiter, '\n' or the quote.
	fast := !s.scalar
	qmask := uint64(quote) * lsb
	if quote == 0 {
		qmask = nlm
	}
	slot := s.slot
	var wb int
	var rem uint64 // the window's bits not yet taken
	wpos := -1     // where the window was left (rem holds the bits from there)
	last := s.ncols - 1
	// The plain-record splitter (plain.go) takes what it can; after it
	// stops at a record, that record is split below, and it waits for
	// twice as many records each time it stops at the first (a file of
	// quoted fields is not tried on every record).
	plain := fast && !single
	if plain {
		s.plainScratch(&ch.plain, brMax)
	}
	wait, backoff := 0, 1
	for i < ch.to && i < n {
		if brows == brMax {
			flush()
			ch.base = i
		}
		if s.maxRows > 0 && ch.rows >= s.maxRows {
			break
		}
		if plain && wait == 0 {
			if brows == 0 {
				ch.base = i
			}
			m := brMax - brows
			if s.maxRows > 0 {
				m = min(m, s.maxRows-ch.rows)
			}
			base := len(ch.cells)
			r, next := s.plainRecords(i, ch.to, ch.base, m, ch.cells[base:base+m*nk+64], &ch.plain)
			if r > 0 {
				ch.cells = ch.cells[:base+r*nk]
				ch.rows += r
				brows += r
				i = next
				wpos = -1
				backoff = 1
				if r < m {
					wait = 1 // it stopped at a record it does not take: split below
				}
				continue
			}
			wait, backoff = backoff, min(2*backoff, 64)
		}
		if wait > 0 {
			wait--
		}
		c := data[i]
		if !single {
			if c == '\n' {
				i++
				continue
			}
			if c == '\r' && i+1 < n && data[i+1] == '\n' {
				i += 2
				continue
			}
		}
		if c == comment && comment != 0 {
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				if !s.final {
					ch.partial = true
					break
				}
				i = n
			} else {
				i += j + 1
			}
			continue
		}
		rowStart := i
		if brows == 0 {
			ch.base = i
		}
		base := len(ch.cells)
		ch.cells = ch.cells[:base+nk]
		if fast {
			// A record of unquoted fields, the header's number of them,
			// ended by '\n', is split here from the window's bits. Any
			// other (a quote in it, another number of fields, no '\n'
			// before the end of the data, too far from the block's start)
			// is split again from its start by the code below, which says
			// what is wrong with it.
			if i != wpos {
				wb = i
				rem = windowMasks(data, wb, dmask, qmask)
			}
			cells := ch.cells[base : base+nk]
			cb := ch.base
			col := 0
			for {
				for rem == 0 {
					wb += 64
					if wb+64 <= n {
						rem = window64((*[64]byte)(data[wb:wb+64]), dmask, qmask)
					} else if wb < n {
						rem = windowMasks(data, wb, dmask, qmask)
					} else {
						break
					}
				}
				if rem == 0 {
					break
				}
				j := wb + bits.TrailingZeros64(rem)
				rem &= rem - 1
				c := data[j]
				if c == delim {
					if col == last {
						break
					}
					if k := slot[col]; k >= 0 {
						cells[k] = uint64(i-cb) | uint64(j-cb)<<32
					}
					col++
					i = j + 1
					continue
				}
				if c != '\n' {
					if c == quote {
						break
					}
					continue // not one of them
				}
				if col != last || j-cb > maxBlock {
					break
				}
				if k := slot[col]; k >= 0 {
					fe := j
					if fe > i && data[fe-1] == '\r' {
						fe--
					}
					cells[k] = uint64(i-cb) | uint64(fe-cb)<<32
				}
				i = j + 1
				col = -1
				break
			}
			if col < 0 {
				wpos = i
				ch.rows++
				brows++
				continue
			}
			i = rowStart
			wpos = -1
		}
		col := 0
		cut := false
		for {
			var fs, fe, esc int
			var flags uint64
			if quote != 0 && i < n && data[i] == quote {
				j := i + 1
				for {
					k := bytes.IndexByte(data[j:], quote)
					if k < 0 {
						j = -1
						break
					}
					j += k
					if j+1 < n && data[j+1] == quote {
						esc++
						j += 2
						continue
					}
					break
				}
				if j < 0 || (!s.final && j+1 >= n) {
					if !s.final {
						cut = true
						break
					}
					s.fail(ch, i, col, ErrQuote, "quoted field not closed")
					return
				}
				fs, fe = i+1, j
				flags = fQuoted
				if esc > 0 {
					flags |= fEscaped
				}
				i = j + 1
				if i < n {
					if c := data[i]; c != delim && c != '\n' && !(c == '\r' && (i+1 == n || data[i+1] == '\n')) {
						s.fail(ch, i, col, ErrQuote, "text after the closing quote")
						return
					}
				}
			} else {
				j := findEnd(data, i, dmask)
				if j == n && !s.final {
					cut = true
					break
				}
				fs, fe = i, j
				if fe > fs && data[fe-1] == '\r' && (j == n || data[j] == '\n') {
					fe--
				}
				i = j
				if s.strict && quote != 0 && bytes.IndexByte(data[fs:fe], quote) >= 0 {
					s.fail(ch, fs, col, ErrQuote, "a quote in an unquoted field")
					return
				}
			}
			if col < s.ncols {
				if k := s.slot[col]; k >= 0 {
					if fe-ch.base > maxBlock {
						s.fail(ch, fs, col, ErrFieldCount, "%d records span more than %d bytes", blockRows, maxBlock)
						return
					}
					ch.cells[base+int(k)] = uint64(fs-ch.base) | uint64(fe-ch.base)<<32 | flags
				}
			} else if col == s.ncols {
				s.fail(ch, fs, col, ErrFieldCount, "more than the %d fields of the header", s.ncols)
				return
			}
			col++
			if i >= n {
				break
			}
			if data[i] == delim {
				i++
				continue
			}
			if data[i] == '\r' {
				i++
			}
			i++ // '\n'
			break
		}
		if cut {
			ch.cells = ch.cells[:base]
			ch.partial = true
			i = rowStart
			break
		}
		if col < s.ncols {
			if !s.pad {
				s.fail(ch, rowStart, col, ErrFieldCount, "%d fields, the header has %d", col, s.ncols)
				return
			}
			for ; col < s.ncols; col++ {
				if k := s.slot[col]; k >= 0 {
					ch.cells[base+int(k)] = fNull
				}
			}
		}
		ch.rows++
		brows++
	}
	if i > n {
		i = n
	}
	ch.end = i
	flush()
}

// count is the sink of pass 1.
func (s *scanner) count(ch *chunk, cells []uint64, rows int) {
	nk := s.nkeep
	data := s.data[ch.base:]
	// The null markers' lengths, held in locals: a cell of another length
	// (most) is no null, decided without a call or a load from s.
	lens, long := s.nulls.lens, s.nulls.long
	for k := 0; k < nk; k++ {
		nulls, nbytes, m := 0, 0, ch.masks[k]
		infer := s.infer[k] && m != kString
		for r := k; r < rows*nk; r += nk {
			cell := cells[r]
			if cell&fNull != 0 {
				nulls++
				continue
			}
			b := data[cellStart(cell):cellEnd(cell)]
			if n := len(b); cell&fQuoted == 0 && (n < 64 && lens&(1<<n) != 0 || n >= 64 && long) && s.nulls.is(b) {
				nulls++
				continue
			}
			nbytes += len(b)
			if cell&fEscaped != 0 {
				nbytes -= bytes.Count(b, []byte{s.quote}) / 2
				m = kString
			}
			if infer {
				switch {
				case len(b) == 0:
					m = kString
				case m&kInt != 0 && plainInt(b):
					m &= kInt | kFloat | kString
				case m&(kInt|kFloat) == kFloat && plainDecimal(b):
					m &= kFloat | kString
				case m&kBool != 0 && len(b) <= 5 && isBool(b):
					m &= kBool | kString // as classify says
				case m&kDate != 0 && len(b) == 10 && validDate(b):
					m &= kDate | kString // as classify says
				default:
					m &= classify(b)
				}
				infer = m != kString
			}
		}
		ch.nulls[k] += nulls
		ch.bytes[k] += nbytes
		ch.masks[k] = m
	}
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
	lo7 = 0x7f7f7f7f7f7f7f7f
	nlm = '\n' * lsb

	// gather moves the top bit of each byte, shifted down to its bit 0,
	// to bits 56..63, in byte order.
	gather = 0x0102040810204080
)

// candidates has the top bit set in each byte of x that is the
// delimiter, '\n' or the quote (repeated in dm and qm), and perhaps in a
// byte just above such a byte (x-lsb borrows across a zero byte), never
// elsewhere: the splitter reads each byte it finds, so a false one costs
// a test and a true one is never missed.
func candidates(x, dm, qm uint64) uint64 {
	a, b, c := x^dm, x^nlm, x^qm
	return ((a-lsb)&^a | (b-lsb)&^b | (c-lsb)&^c) & msb
}

// blockMasks returns a bit per byte of the 64 bytes at p (bit k: byte k)
// that may be the delimiter, '\n' or the quote (see candidates): the
// record splitter's window, in the manner of simdcsv, eight bytes at a
// time in a word. The top bits of each word are gathered to its low byte
// by a multiplication (gather).
func blockMasks(p *[64]byte, dm, qm uint64) uint64 {
	le := binary.LittleEndian
	return (candidates(le.Uint64(p[0:8]), dm, qm)>>7)*gather>>56 |
		(candidates(le.Uint64(p[8:16]), dm, qm)>>7)*gather>>48&0xff00 |
		(candidates(le.Uint64(p[16:24]), dm, qm)>>7)*gather>>40&0xff0000 |
		(candidates(le.Uint64(p[24:32]), dm, qm)>>7)*gather>>32&0xff000000 |
		(candidates(le.Uint64(p[32:40]), dm, qm)>>7)*gather>>24&0xff00000000 |
		(candidates(le.Uint64(p[40:48]), dm, qm)>>7)*gather>>16&0xff0000000000 |
		(candidates(le.Uint64(p[48:56]), dm, qm)>>7)*gather>>8&0xff000000000000 |
		(candidates(le.Uint64(p[56:64]), dm, qm)>>7)*gather&0xff00000000000000
}

// windowMasks is window64 of data[wb:wb+64], the bytes past the end of
// data counting as none.
func windowMasks(data []byte, wb int, dm, qm uint64) uint64 {
	if wb+64 <= len(data) {
		return window64((*[64]byte)(data[wb:wb+64]), dm, qm)
	}
	var tail [64]byte
	k := copy(tail[:], data[wb:])
	return window64(&tail, dm, qm) & (1<<k - 1)
}

// findEnd returns the index of the first delimiter or '\n' at or after i
// (len(data) if none), eight bytes at a time: a byte of x equal to the
// delimiter is a zero byte of x^dmask, found by the carry trick (whose
// false positives only follow a true zero, so the lowest one is right).
func findEnd(data []byte, i int, dmask uint64) int {
	n := len(data)
	for i+8 <= n {
		x := binary.LittleEndian.Uint64(data[i:])
		a, b := x^dmask, x^nlm
		m := ((a-lsb)&^a | (b-lsb)&^b) & msb
		if m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	d := byte(dmask)
	for i < n && data[i] != d && data[i] != '\n' {
		i++
	}
	return i
}
