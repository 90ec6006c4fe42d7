package csv

import (
	"bytes"
	"math"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/internal/mmapfile"
)

// The one-pass read: readAll splits each record once, where the two
// passes (pass1, pass2) split it twice. What the first pass told the
// second, the one pass gets otherwise:
//
//   - the types, from a sample (the first sampleRows records, counted as
//     pass 1 counts them), checked on every later cell: a column with a
//     cell that does not fit its sampled type (fits) is read again alone
//     in the two passes (retype), so the types are always those of the
//     whole input;
//   - where each chunk's rows go, from its line breaks (bytes.Count, at
//     memory speed): a chunk has at most that many records, fewer when it
//     holds blank lines, comments or quoted line breaks;
//   - where its strings go: each chunk writes them into scratch buffers
//     of its own, a buffer per string column, which fill grows as it
//     needs.
//
// Each chunk is then put in place as soon as the chunks before it are
// (inOrder): its strings copied to the column's, its rows moved down only
// after a chunk that had fewer records than line breaks.
// Anything else out of the ordinary (an error, a cut inside quotes, more
// than half the columns with a cell that does not fit) makes onePass give
// up, and readAll runs the two passes, which give the result or the
// error.

// sampleRows is the number of records whose cells decide the types of a
// one-pass read (DuckDB's sample_size).
const sampleRows = 20480

// onePassChunk is the size of the one pass's chunks: small enough that
// what a chunk wrote is still in cache when it is put in place (inOrder).
const onePassChunk = 1 << 20

// onePass reads data[from:] as readAll does, in one split of the input:
// the kept columns' arrays and the number of rows, or false where the two
// passes must run instead.
func (l *layout) onePass(s *scanner, from int) ([]arrow.Array, int, bool) {
	data := s.data
	if len(data)-from > math.MaxInt32 {
		return nil, 0, false // strings might need 64-bit offsets: the two passes decide
	}
	p := l.cfg.parallelism
	cs := l.cfg.chunkBytes
	if cs <= 0 {
		cs = onePassChunk
	}
	cuts := l.cutsOf(data, from, cs)
	nch := len(cuts) - 1

	// One parallel look at every byte: each chunk's line breaks and
	// quotes; and, as the first task, the sample, which decides the types.
	sample := *s
	sample.maxRows = sampleRows
	if l.cfg.sampleRows > 0 {
		sample.maxRows = l.cfg.sampleRows
	}
	sch := sample.newChunk(cuts[0], len(data)) // across the cuts, which need not be right
	q := l.cfg.quote
	lines, quotes := make([]int, nch), make([]int, nch)
	parallelFor(p, nch+1, func(i int) {
		if i == 0 {
			sample.scan(sch, sample.count)
			return
		}
		lines[i-1], quotes[i-1] = countLinesQuotes(data[cuts[i-1]:cuts[i]], q)
	})
	if sch.err != nil {
		return nil, 0, false
	}
	types := make([]arrow.DataType, len(l.keep))
	want := make([]kind, len(l.keep)) // per kept column: the type every cell must fit (0: any)
	for k := range types {
		if types[k] = l.types[k]; types[k] != nil {
			continue
		}
		m := sch.masks[k]
		types[k], want[k] = inferredType(m), firstKind(m)
	}

	// Each chunk's room: rows up to its line breaks, strings up to its
	// bytes. room[ci], the first row of chunk ci, is the line breaks
	// before it, after the cuts moved out of quotes (never back).
	room := make([]int, nch+1)
	for ci := range nch {
		room[ci+1] = room[ci] + lines[ci]
	}
	if q != 0 && nch > 1 && slices.ContainsFunc(quotes, func(n int) bool { return n > 0 }) {
		moved := parityCuts(data, cuts, quotes, q)
		// The line breaks before a moved cut: those before the last cut
		// at or before it, and those from there, within one chunk, so
		// that a cut moved far (to the end, after a stray quote) is not
		// counted over again for every chunk it passed.
		before := slices.Clone(room)
		parallelFor(p, nch-1, func(i int) {
			ci := i + 1
			j, _ := slices.BinarySearch(cuts, moved[ci]+1)
			j-- // the last cut at or before moved[ci]
			room[ci] = before[j] + bytes.Count(data[cuts[j]:moved[ci]], []byte{'\n'})
		})
		cuts = moved
	}
	if n := len(data); n > cuts[0] && data[n-1] != '\n' {
		for ci := nch; ci > 0 && cuts[ci] == n; ci-- {
			room[ci]++ // the last record, unended, is in the last chunk that is not empty
		}
	}
	cols := make([]*colOut, len(l.keep))
	for k, i := range l.keep {
		cols[k] = &colOut{name: l.names[i], col: i, slot: k, dt: types[k]}
	}
	allocRooms(cols, room[nch], cuts[nch]-cuts[0])

	ok := false
	defer func() {
		if !ok {
			for _, c := range cols {
				c.release()
			}
		}
	}()

	// One split: fill, checking each cell against its sampled type; each
	// chunk is put in place (o) once the chunks before it are. A column
	// with a cell that does not fit is lost: no longer filled, and read
	// again alone at the end (retype). When more than half the columns
	// are lost, the read gives up.
	var stop atomic.Bool
	lost := make([]atomic.Bool, len(cols))
	var nlost atomic.Int32
	o := newInOrder(cols, room)
	// A mapped file's chunk leaves the process's memory once filled (its
	// strings are copied out): on every core as the chunks are read,
	// rather than in one unmapping of the whole file at the end, on one
	// core (an 84 MB file: about 3 ms). A chunk read again (retype, the
	// two passes) maps its pages again from the page cache.
	drop := l.cfg.mapping != nil && unsafe.SliceData(l.cfg.mapping) == unsafe.SliceData(data)
	chunks := make([]*chunk, nch)
	parallelFor(p, nch, func(ci int) {
		re := s.newChunk(cuts[ci], cuts[ci+1])
		chunks[ci] = re
		re.row0 = room[ci]
		re.pos = make([]int, len(cols))
		sc := o.scratch()
		re.cells, re.plain = sc.cells, sc.plain

		giveUp := func() {
			stop.Store(true)
			o.stop()
			re.to = re.from // the scan stops at the next record
		}
		s.scan(re, func(re *chunk, cells []uint64, rows int) {
			if re.cerr != nil || stop.Load() || !s.fitsRoom(re, cells, rows, room[ci+1]-room[ci]) {
				giveUp()
				return
			}
			blk, g := s.data[re.base:], re.row0+re.done
			for k, c := range cols {
				if lost[k].Load() {
					continue
				}
				fit, bad, nulls := true, -1, 0
				switch w := want[k]; w {
				case kInt:
					bad, nulls = fillIntsFit(view[int64](c.fixed)[g:g+rows], s, blk, cells, k, c.null[g:g+rows])
					fit = bad < 0
				case kFloat:
					bad, nulls = fillFloatsFit(view[float64](c.fixed)[g:g+rows], s, blk, cells, k, c.null[g:g+rows])
					fit = bad < 0
				default:
					if w == kTS || w == kTSZone || w == kAll {
						fit = s.fits(blk, cells, rows, k, w)
					}
					if !fit {
						break
					}
					var err *cellError
					re.pos[k], nulls, err = c.fill(s, &sc.str[k], blk, cells, rows, g, re.pos[k], re.base)
					switch {
					case err == nil:
					case w != 0:
						// An inferred bool or date column: a cell fill
						// cannot parse is one that does not fit (see fits).
						fit = false
					default:
						re.cerr = err // an error of the input: the two passes give it
					}
				}
				re.nulls[k] += nulls
				if !fit && !lost[k].Swap(true) && 2*int(nlost.Add(1)) > len(cols) {
					giveUp()
					return
				}
			}
			re.done += rows
		})
		// (Not deferred: a chunk that panicked, on a file cut short while
		// mapped, is not placed; the panic ends the read.)
		sc.cells, sc.plain = re.cells, re.plain
		if drop {
			mmapfile.Drop(data[cuts[ci]:cuts[ci+1]])
		}
		o.done(ci, re, sc)
	})
	if stop.Load() {
		return nil, 0, false
	}
	for ci, re := range chunks {
		if re.err != nil || re.cerr != nil || re.partial || re.end != cuts[ci+1] {
			return nil, 0, false
		}
	}

	if o.next != nch || o.skip {
		return nil, 0, false
	}
	o.finish()
	n := o.rows
	arrs := make([]arrow.Array, len(cols))
	var again []int
	for k := range cols {
		if lost[k].Load() {
			again = append(again, k)
		}
	}
	parallelFor(p, len(cols), func(k int) {
		if !lost[k].Load() {
			arrs[k] = cols[k].array(n)
		}
	})
	if len(again) > 0 && !l.retype(data, from, again, arrs, n) {
		for _, a := range arrs {
			if a != nil {
				a.Release()
			}
		}
		return nil, 0, false
	}
	for _, k := range again {
		cols[k].release()
	}
	ok = true
	return arrs, n, true
}

// retype reads the kept columns ks again, alone, in the two passes, into
// arrs: the columns a cell after the sample took from their sampled type,
// which take the type of all their cells. It reports false when that read
// does not give n rows without an error; the two passes over every column
// then run, and give the error.
func (l *layout) retype(data []byte, from int, ks []int, arrs []arrow.Array, n int) bool {
	sub := &layout{cfg: l.cfg, names: l.names, slot: make([]int32, len(l.names)), types: make([]arrow.DataType, len(ks))}
	for i := range sub.slot {
		sub.slot[i] = -1
	}
	for j, k := range ks {
		i := l.keep[k]
		sub.slot[i] = int32(j)
		sub.keep = append(sub.keep, i)
		sub.types[j] = l.types[k]
	}
	s := sub.scanner(data, true)
	chunks, perr, _ := sub.pass1(s, from)
	if perr != nil {
		return false
	}
	rows := 0
	for _, ch := range chunks {
		rows += ch.rows
	}
	if rows != n {
		return false
	}
	got, cerr := sub.pass2(s, chunks, sub.resolve(chunks))
	if cerr != nil {
		return false
	}
	for j, k := range ks {
		arrs[k] = got[j]
	}
	return true
}

// firstKind is the type inferredType gives a column whose cells fit m, as
// the kind every cell must fit for it to stay that type: 0 for a string
// (every cell fits), kAll when no cell had a value (any value then
// changes the type).
func firstKind(m kind) kind {
	if m == kAll {
		return kAll
	}
	for _, k := range []kind{kBool, kInt, kFloat, kDate, kTS, kTSZone} {
		if m&k != 0 {
			return k
		}
	}
	return 0
}

// fits reports whether every cell of column k of a block fits type want,
// as pass 1's count would narrow the column: a null fits any type, an
// empty or escaped cell only a string, and no cell a column whose sample
// had no value (want kAll).
func (s *scanner) fits(data []byte, cells []uint64, rows, k int, want kind) bool {
	nk := s.nkeep
	lens, long := s.nulls.lens, s.nulls.long
	for r := k; r < rows*nk; r += nk {
		cell := cells[r]
		if cell&fNull != 0 {
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		if n := len(b); cell&fQuoted == 0 && (n < 64 && lens&(1<<n) != 0 || n >= 64 && long) && s.nulls.is(b) {
			continue
		}
		if want == kAll || len(b) == 0 || cell&fEscaped != 0 {
			return false
		}
		ok := false
		switch want {
		case kInt:
			ok = plainInt(b)
		case kFloat:
			ok = plainDecimal(b)
		case kBool:
			ok = len(b) <= 5 && isBool(b)
		case kDate:
			ok = len(b) == 10 && validDate(b)
		}
		if !ok && classify(b)&want == 0 {
			return false
		}
	}
	return true
}

// fillIntsFit is fillInts for a column whose int64 type was sampled: it
// returns the first row whose cell pass 1's count would not call an
// int64 (a leading zero, a sign, spaces and all). The common cell is
// checked and parsed in one loop (plainInt). The null test is written out
// in each of these loops, as in fillInts: as a method it is too large to
// inline, and the call cost pass 1 a tenth of its speed.
func fillIntsFit(out []int64, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	lens, long := s.nulls.lens, s.nulls.long
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 {
			null[r] = 1
			nulls++
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		if n := len(b); cell&fQuoted == 0 && (n < 64 && lens&(1<<n) != 0 || n >= 64 && long) && s.nulls.is(b) {
			null[r] = 1
			nulls++
			continue
		}
		if v, ok := plainIntValue(b); ok {
			out[r] = v
			continue
		}
		if len(b) == 0 || cell&fEscaped != 0 || classify(b)&kInt == 0 {
			return r, nulls
		}
		v, ok := parseInt(trimCell(b))
		if !ok {
			return r, nulls
		}
		out[r] = v
	}
	return -1, nulls
}

// plainIntValue is the value of a cell plainInt accepts.
func plainIntValue(b []byte) (int64, bool) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	n := len(b) - i
	if n < 1 || n > 15 || (b[i] == '0' && n > 1) {
		return 0, false
	}
	var v int64
	for ; i < len(b); i++ {
		d := b[i] - '0'
		if d > 9 {
			return 0, false
		}
		v = v*10 + int64(d)
	}
	if neg {
		v = -v
	}
	return v, true
}

// fillFloatsFit is fillFloats for a column whose float64 type was
// sampled: it returns the first row whose cell pass 1's count would not
// call a float64 (an integer beyond 2^53, digits a float64 does not hold).
func fillFloatsFit(out []float64, s *scanner, data []byte, cells []uint64, k int, null []byte) (bad, nulls int) {
	nk := s.nkeep
	lens, long := s.nulls.lens, s.nulls.long
	for r := range out {
		cell := cells[r*nk+k]
		if cell&fNull != 0 {
			null[r] = 1
			nulls++
			continue
		}
		b := data[cellStart(cell):cellEnd(cell)]
		if n := len(b); cell&fQuoted == 0 && (n < 64 && lens&(1<<n) != 0 || n >= 64 && long) && s.nulls.is(b) {
			null[r] = 1
			nulls++
			continue
		}
		if v, ok := plainDecimalValue(b); ok {
			out[r] = v
			continue
		}
		if len(b) == 0 || cell&fEscaped != 0 || classify(b)&kFloat == 0 {
			return r, nulls
		}
		v, ok := parseFloat(trimCell(b))
		if !ok {
			return r, nulls
		}
		out[r] = v
	}
	return -1, nulls
}

// plainDecimalValue is the value of a cell plainDecimal accepts, checked
// and parsed in one loop: the value parseFloat gives it.
func plainDecimalValue(b []byte) (float64, bool) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	start, dot := i, -1
	var m uint64
	for ; i < len(b); i++ {
		if c := b[i] - '0'; c <= 9 {
			m = m*10 + uint64(c)
			continue
		}
		if b[i] != '.' || dot >= 0 {
			return 0, false
		}
		dot = i
	}
	if dot <= start || dot == len(b)-1 || len(b)-start-1 > 15 || b[start] == '0' && dot != start+1 {
		return 0, false
	}
	v := float64(m) / pow10[len(b)-dot-1]
	if neg {
		v = -v
	}
	return v, true
}

// fitsRoom reports whether a block of a one-pass chunk stays in the
// chunk's room: no more rows than its line breaks (of which it has
// rowRoom), no byte past its end. Only a cut inside quotes breaks either,
// and then the two passes run.
func (s *scanner) fitsRoom(ch *chunk, cells []uint64, rows, rowRoom int) bool {
	if ch.done+rows > rowRoom {
		return false
	}
	nk := s.nkeep
	for _, c := range cells[(rows-1)*nk : rows*nk] {
		if c&fNull == 0 && ch.base+cellEnd(c) > ch.to {
			return false
		}
	}
	return true
}

// allocRooms sizes the columns' buffers for the one-pass read: n rows
// (the line breaks of the input), and for strings size bytes (the
// input's).
//
//   - The values and offsets of every column are one allocation of Go
//     memory, which the columns then share (a column kept alone keeps it
//     all). Large allocations made one after another each wait for a
//     collection to end, since the collector has no work to give their
//     assists: on W1, 16 of them took three collections and about 2 ms
//     of the read.
//   - The null flags, a byte per row of every column written only where
//     there is a null, are a second allocation, dropped once packed into
//     the arrays' bitmaps. (As a mapping of their own, fresh on every
//     read, their pages faulted in again in a long-lived process each
//     time rows were moved down: a file with a blank line every ten
//     records read in 48-63 ms against 37-40.)
//   - The string bytes are a hugepage.Sparse buffer per column, sized by
//     the input: only the pages written take memory, and none is zeroed
//     first (Go memory reused would be, all of it, on every read of a
//     long-lived process).
func allocRooms(cols []*colOut, n, size int) {
	const align = 64 // each part on a cache line of its own
	room := make([]int, len(cols))
	total := 0
	for k, c := range cols {
		switch {
		case c.dt.ID() == arrow.STRING:
			room[k] = 4 * (n + 1)
		case c.dt.ID() == arrow.LARGE_STRING:
			room[k] = 8 * (n + 1)
		default:
			c.width = fixedWidth(c.dt)
			room[k] = n*c.width + 8 // (8 bytes of slack: a word is stored whole)
		}
		total += (room[k] + align - 1) &^ (align - 1)
	}
	slab := hugepage.FilledInParts[byte](total)
	stride := (n + align - 1) &^ (align - 1)
	flags := make([]byte, len(cols)*stride)
	for k, c := range cols {
		b := slab[:room[k]:room[k]]
		slab = slab[min(len(slab), (room[k]+align-1)&^(align-1)):]
		c.null = flags[k*stride:][:n:n]
		switch c.dt.ID() {
		case arrow.STRING:
			c.offs32 = view[int32](b)
		case arrow.LARGE_STRING:
			c.offs64 = view[int64](b)
		default:
			c.fixed = b
		}
		if isStringType(c.dt) {
			c.dataBuf = hugepage.Sparse(size)
			c.data = c.dataBuf.Bytes()
		}
	}
}

// moveOffsets moves the offsets that end rows src+1..src+n to d+1..d+n
// (d <= src), less shift.
func moveOffsets[T int32 | int64](o []T, d, src, n int, shift T) {
	for r := 1; r <= n; r++ {
		o[d+r] = o[src+r] - shift
	}
}
