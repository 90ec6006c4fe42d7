package csv

import (
	"encoding/binary"
	"math/bits"
)

// The plain-record splitter: most records of most files are plain (the
// header's number of fields, ended by '\n', quoted or not), and for those
// the splitter needs no decision per field. plainRecords takes them a
// block at a time, a window of 64 bytes at a time:
//
//  1. The windows' bits of delimiters, line breaks and quotes come from
//     one call per 16 windows (sepLineQuoteRun). Separators inside
//     quotes are dropped (a prefix XOR of the quotes), and every one
//     left ends a cell that starts after the one before: the cells are
//     written as the bits are taken, eight at a time without a branch
//     per bit.
//  2. After each window, each record now whole is checked with one test,
//     that its last separator is the next line break; the cells of a
//     record holding quotes are checked to be quoted fields and marked
//     so (plainQuoted).
//
// Anything else stops the block before that record, which scan's record
// splitters then split (and report, when it is wrong): at most a window
// past it is read, and a stray quote (12" ruler), which would hide the
// separators up to the next quote, stops the windows before it. The
// split of flat.csv (84 MB, one record in twenty with a quoted field)
// went from 29.6-31.2 to 17.6-18.4 ms of CPU (BenchmarkCPUSplit): the
// field-by-field splitter decided each field's byte with a branch, and
// kept more state than the registers hold. A file with a record that is
// not plain every tenth (BenchmarkSplitIrregular) splits at 1.6-1.8 GB/s,
// the field-by-field code at about 1.1 GB/s and scan's window splitter,
// before this one, at 1.8-2.2 GB/s; one in a hundred, at 2.0-2.6 GB/s
// against that splitter's 2.2 GB/s.

// plainScratch is what plainRecords writes besides the cells: every
// cell of a record (where not every column is kept), the line breaks, the
// quotes and the windows' masks.
type plainScratch struct {
	all    []uint64 // nil when every column is kept, in order: the cells are written in place
	nls    []uint32
	quotes []uint32
	kept   []keptCol
	masks  [16][3]uint64 // the windows' masks, 16 at a time (one call)
}

// keptCol is a kept column: its position in the record and among the kept.
type keptCol struct{ col, k int }

// plainScratch sizes ps, the plain-record splitter's scratch, for
// blocks of up to rows records of s's columns, reusing its buffers.
func (s *scanner) plainScratch(ps *plainScratch, rows int) {
	ps.kept = ps.kept[:0]
	direct := s.nkeep == s.ncols
	for col, k := range s.slot {
		if k >= 0 {
			ps.kept = append(ps.kept, keptCol{col, int(k)})
			direct = direct && int(k) == col
		}
	}
	need := rows*s.ncols + 64
	if direct {
		ps.all = nil
	} else if cap(ps.all) < need {
		ps.all = make([]uint64, need)
	}
	if cap(ps.nls) < need+2 {
		ps.nls = make([]uint32, need+2)
	}
	if cap(ps.quotes) < 2*need { // (two a field, all quoted)
		ps.quotes = make([]uint32, 0, 2*need)
	}
}

// plainRecords splits the plain records from data[i] on, as scan would:
// at most max of them, each starting before to, into cells (s.nkeep a
// record, relative to cb; cells has room for 64 more past max records).
// It stops before the first record that is not plain (a quote that is
// not a quoted field's, a blank line, a comment, another number of
// fields), at the end of the whole windows of data, or where a cell would
// end more than maxBlock bytes from cb. It returns the records split and
// where the next one starts.
//
// Every separator ends a cell and the next one starts after it, across
// records too: the cells of every column are the pairs of consecutive
// separators, written as the window's bits are taken, eight at a time
// without a branch per bit. Each record is then checked with one test,
// after the window that ends it: its last separator is the next line
// break.
func (s *scanner) plainRecords(i, to, cb, max int, cells []uint64, ps *plainScratch) (rows, next int) {
	data := s.data
	nc := s.ncols
	d, q := s.delim, s.quote
	out := ps.all
	if out == nil {
		out = cells
	}
	nls := ps.nls
	end := min(to, len(data)-63, cb+maxBlock-63)
	need := max * nc
	quotes := ps.quotes[:0]
	cnt, nn := 0, 0
	prev := uint32(i-cb) - 1                    // the separator before the first cell
	var inq uint64                              // all ones while inside quotes
	prevSep, prevQm := uint64(1)<<63, uint64(0) // the window before's (the records' start counts as a separator)
	masks := &ps.masks
	nk := s.nkeep
	last := nc - 1
	comment := s.comment
	rs := i
	qi, f := 0, 0 // the first quote and separator not in a record before
	for wb := i; cnt < need && wb < end; {
		// Step 1, for up to 16 windows (4 the first time: a call that
		// stops at a record not plain after a few does not take the
		// masks of 16).
		mn := min(len(masks), (end-wb+63)/64, 4+12*b2i(wb > i))
		sepLineQuoteRun(data[wb:], d, q, masks[:mn])
		for mi := 0; mi < mn && cnt < need; mi, wb = mi+1, wb+64 {
			sep, nl, qm := masks[mi][0], masks[mi][1], masks[mi][2]
			off := uint32(wb - cb)
			rawSep, rawQm := sep, qm
			if q != 0 && qm|inq != 0 {
				if len(quotes)+64 > cap(quotes) {
					end = wb // no room for this window's quotes: the records so far
					break
				}
				// The bytes from an opening quote to its closing one (the
				// prefix XOR of the quotes) hold no separator. Whether
				// each quote is where a quoted field allows is checked
				// with its record (plainQuoted).
				in := qm
				in ^= in << 1
				in ^= in << 2
				in ^= in << 4
				in ^= in << 8
				in ^= in << 16
				in ^= in << 32
				in ^= inq
				// A quote that opens neither a field nor the second of
				// a doubled pair (a stray one, as in 12" ruler) would
				// hide every separator up to the next quote, perhaps
				// far: the windows stop before it, and its record goes
				// to scan's splitters.
				after := sep<<1 | prevSep>>63 | qm<<1 | prevQm>>63 // the bytes after a separator or a quote
				if open := in &^ (in<<1 | inq&1); open&^after != 0 {
					end = wb
					break
				}
				inq = uint64(int64(in) >> 63)
				sep &^= in
				nl &^= in
				for ; qm != 0; qm &= qm - 1 {
					quotes = append(quotes, off+uint32(bits.TrailingZeros64(qm)))
				}
			}
			if c := bits.OnesCount64(sep); c > 0 {
				p := out[cnt : cnt+64 : cnt+64]
				x := sep
				for k := 0; k < c; k += 8 {
					w := (*[8]uint64)(p[k : k+8])
					e0 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e1 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e2 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e3 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e4 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e5 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e6 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					e7 := off + uint32(bits.TrailingZeros64(x))
					x &= x - 1
					w[0] = uint64(prev+1) | uint64(e0)<<32
					w[1] = uint64(e0+1) | uint64(e1)<<32
					w[2] = uint64(e1+1) | uint64(e2)<<32
					w[3] = uint64(e2+1) | uint64(e3)<<32
					w[4] = uint64(e3+1) | uint64(e4)<<32
					w[5] = uint64(e4+1) | uint64(e5)<<32
					w[6] = uint64(e5+1) | uint64(e6)<<32
					w[7] = uint64(e6+1) | uint64(e7)<<32
					prev = e7
				}
				prev = off + 63 - uint32(bits.LeadingZeros64(sep))
				cnt += c
			}
			// Two line breaks written whether the window has them or
			// not: a loop's exit on zero, one or two was mispredicted a
			// window in four on records of about a window's length.
			c := bits.OnesCount64(nl)
			w := (*[2]uint32)(nls[nn : nn+2])
			w[0] = off + uint32(bits.TrailingZeros64(nl))
			nl &= nl - 1
			w[1] = off + uint32(bits.TrailingZeros64(nl))
			nl &= nl - 1
			for k := 2; k < c; k++ { // (short records)
				nls[nn+k] = off + uint32(bits.TrailingZeros64(nl))
				nl &= nl - 1
			}
			nn += c
			prevSep, prevQm = rawSep, rawQm

			// Step 2, for the records whose separators are now all
			// there: its last one is the next line break (so none before
			// it is), and it does not start with the comment byte. The
			// first that is not plain ends the call, a window past it at
			// most (a file with a blank line every few records is not
			// read a block ahead for each).
			for ; rows < max && rows < nn && rs < to && f+nc <= cnt; f += nc {
				lc := out[f+last]
				e := int(lc >> 32)
				if uint32(e) != nls[rows] || comment != 0 && data[rs] == comment {
					return rows, rs
				}
				if e > int(uint32(lc)) && data[cb+e-1] == '\r' {
					out[f+last] = lc - 1<<32 // a '\r' before the '\n' ends no cell
				}
				if qi < len(quotes) && quotes[qi] < uint32(e) {
					var ok bool
					if qi, ok = plainQuoted(out[f:f+nc], quotes, qi); !ok {
						return rows, rs
					}
				}
				if ps.all != nil {
					row := cells[rows*nk : rows*nk+nk]
					for _, kc := range ps.kept {
						row[kc.k] = out[f+kc.col]
					}
				}
				rs = cb + e + 1
				rows++
			}
			if rows == max || rs >= to {
				return rows, rs
			}
		}
	}
	return rows, rs
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// plainQuoted checks and marks the cells of a record that hold quotes,
// from quotes[qi] on (positions, as the cells' are): each must be a
// quoted field, a quote first and last and every quote between doubled,
// and becomes its quoted text with fQuoted (and fEscaped when it has
// doubled quotes), as scan splits it. It returns the first quote past
// the record, or false when a cell is not a quoted field (scan then
// splits the record, and says what is wrong with it).
func plainQuoted(rec []uint64, quotes []uint32, qi int) (int, bool) {
	for k, c := range rec {
		st, en := uint32(c), uint32(c>>32)
		if qi == len(quotes) || quotes[qi] >= en {
			continue // no quote in this cell
		}
		if quotes[qi] != st || en-st < 2 {
			return qi, false
		}
		// The quotes between the first and the last come in pairs.
		j := qi + 1
		for ; j < len(quotes) && quotes[j] < en-1; j += 2 {
			if j+1 >= len(quotes) || quotes[j+1] != quotes[j]+1 || quotes[j+1] >= en-1 {
				return qi, false
			}
		}
		if j == len(quotes) || quotes[j] != en-1 {
			return qi, false
		}
		flags := uint64(fQuoted)
		if j > qi+1 {
			flags |= fEscaped
		}
		rec[k] = uint64(st+1) | uint64(en-1)<<32 | flags
		qi = j + 1
	}
	return qi, true
}

// zeroBytes has the top bit of each byte of x that is zero set, and no
// other bit: exact, where the carry trick of candidates is not.
func zeroBytes(x uint64) uint64 {
	return ^((x&lo7 + lo7) | x | lo7)
}

// sepLineQuoteRunSWAR is sepLineQuoteRun a window at a time
// (sepLineQuoteSWAR).
func sepLineQuoteRunSWAR(p []byte, d, q byte, out [][3]uint64) {
	for k := range out {
		out[k][0], out[k][1], out[k][2] = sepLineQuoteSWAR((*[64]byte)(p[64*k:]), d, q)
	}
}

// sepLineQuoteSWAR is one window of sepLineQuoteRun, eight bytes at a
// time in a word.
func sepLineQuoteSWAR(p *[64]byte, d, q byte) (sep, nl, quote uint64) {
	dm, qm := uint64(d)*lsb, uint64(q)*lsb
	for w := 0; w < 8; w++ {
		x := binary.LittleEndian.Uint64(p[8*w:])
		n := zeroBytes(x ^ nlm)
		sep |= ((zeroBytes(x^dm) | n) >> 7) * gather >> 56 << (8 * w)
		nl |= (n >> 7) * gather >> 56 << (8 * w)
		quote |= (zeroBytes(x^qm) >> 7) * gather >> 56 << (8 * w)
	}
	return sep, nl, quote
}
