package csv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/internal/mmapfile"
	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// layout is what the header decides: the columns, which are kept, and
// their types (nil: inferred).
type layout struct {
	cfg   *config
	names []string // every column of a record
	slot  []int32  // per column: its kept position or -1
	keep  []int    // per kept column: its position in the record
	types []arrow.DataType
}

func newLayout(cfg *config, header []string) (*layout, error) {
	l := &layout{cfg: cfg}
	if cfg.header {
		l.names = columnNames(header)
	} else {
		l.names = make([]string, len(header))
		for i := range header {
			l.names[i] = fmt.Sprintf("column_%d", i+1)
		}
	}
	l.slot = make([]int32, len(l.names))
	pos := make(map[string]int, len(l.names))
	for i, n := range l.names {
		pos[n] = i
	}
	if cfg.columns != nil {
		for i := range l.slot {
			l.slot[i] = -1
		}
		for _, c := range cfg.columns {
			i, ok := pos[c]
			if !ok {
				return nil, &ParseError{Line: 1, Field: c, Err: fmt.Errorf("%w: WithColumns names %q, not a column (columns: %v)", ErrHeader, c, l.names)}
			}
			l.slot[i] = 0
		}
	}
	for i := range l.slot {
		if l.slot[i] >= 0 {
			l.slot[i] = int32(len(l.keep))
			l.keep = append(l.keep, i)
		}
	}
	l.types = make([]arrow.DataType, len(l.keep))
	for name, dt := range cfg.types {
		i, ok := pos[name]
		if !ok {
			return nil, &ParseError{Line: 1, Field: name, Err: fmt.Errorf("%w: WithTypes names %q, not a column", ErrHeader, name)}
		}
		if !supportedType(dt) {
			return nil, &ParseError{Line: 1, Column: i + 1, Field: name, Err: fmt.Errorf("%w: WithTypes: a CSV column cannot be read as %s", ErrHeader, dt)}
		}
		if k := l.slot[i]; k >= 0 {
			l.types[k] = dt
		}
	}
	return l, nil
}

func (l *layout) scanner(data []byte, final bool) *scanner {
	c := l.cfg
	s := &scanner{
		data: data, delim: c.delim, quote: c.quote, comment: c.comment,
		ncols: len(l.names), slot: l.slot, names: l.names, nkeep: len(l.keep),
		nulls: makeNullSet(c.nulls), pad: c.padRows, strict: c.strict, final: final,
	}
	s.infer = make([]bool, len(l.keep))
	for k, dt := range l.types {
		s.infer[k] = dt == nil
	}
	return s
}

// position fills in a ParseError's line and offset from a block offset.
type position struct {
	data []byte // the block
	off  int64  // input offset of data[0]
	line int64  // newlines before data[0]
}

func (p position) fix(e *ParseError, off int) *ParseError {
	e.Offset = p.off + int64(off)
	e.Line = int(p.line) + 1 + bytes.Count(p.data[:min(off, len(p.data))], []byte{'\n'})
	return e
}

// cuts cuts data[from:] into chunks for the parallel scans: each cut is
// the start of the line after a tentative position. A cut is right
// unless it falls inside a quoted field with a line break; pass1 finds
// such a cut (a chunk must start where the one before stopped) and scans
// that chunk again. Counting quotes from the start would find the quote
// state exactly, at the price of a pass over the input that most files,
// with no quoted line breaks, do not need.
func (l *layout) cuts(data []byte, from int) []int {
	p := l.cfg.parallelism
	size := len(data) - from
	cs := l.cfg.chunkBytes
	if cs <= 0 {
		cs = max(size/(4*p), 1<<20)
		if p == 1 {
			cs = 256 << 20
		}
	}
	return l.cutsOf(data, from, cs)
}

// cutsOf is cuts with chunks of about cs bytes (at most 256 MiB).
func (l *layout) cutsOf(data []byte, from, cs int) []int {
	size := len(data) - from
	cs = min(cs, 256<<20)
	nch := max(1, (size+cs-1)/cs)
	cuts := make([]int, nch+1)
	cuts[0], cuts[nch] = from, len(data)
	for k := 1; k < nch; k++ {
		if t := from + k*size/nch; t < cuts[k-1] {
			cuts[k] = cuts[k-1]
		} else if j := bytes.IndexByte(data[t:], '\n'); j >= 0 {
			cuts[k] = t + j + 1
		} else {
			cuts[k] = len(data)
		}
	}
	return cuts
}

// pass1 scans data[from:] (all of it: final) in parallel chunks.
func (l *layout) pass1(s *scanner, from int) ([]*chunk, *ParseError, int) {
	cuts := l.cuts(s.data, from)
	nch := len(cuts) - 1
	chunks := make([]*chunk, nch)
	for k := range chunks {
		chunks[k] = s.newChunk(cuts[k], cuts[k+1])
	}
	parallelFor(l.cfg.parallelism, nch, func(k int) { s.scan(chunks[k], s.count) })
	// A chunk is right only if it starts where the one before stopped.
	// At the first that is not (its cut fell inside a quoted line break),
	// the later cuts are found again from the quote parity, counted in
	// parallel from that record boundary, and those chunks scanned again
	// in parallel; a chunk still wrong after that (a bare quote or a quote
	// in a comment misleads the parity) is scanned again from where the
	// one before stopped.
	recut := false
	for k, ch := range chunks {
		if k > 0 {
			prev := chunks[k-1]
			if ch.from != prev.end && !recut && l.cfg.quote != 0 && k+1 < nch {
				recut = true
				l.recutFrom(s, chunks[k:], prev.end)
			}
			if ch.from != prev.end {
				*ch = *s.newChunk(prev.end, max(ch.to, prev.end))
				s.scan(ch, s.count)
			}
			ch.row0 = prev.row0 + prev.rows
		}
		if ch.err != nil {
			return nil, ch.err, ch.errOff
		}
	}
	return chunks, nil, 0
}

// recutFrom cuts data[start:] again for the chunks given, from the quote
// parity at their tentative starts, and scans them in parallel.
func (l *layout) recutFrom(s *scanner, chunks []*chunk, start int) {
	n := len(chunks)
	targets := make([]int, n+1)
	targets[0], targets[n] = start, chunks[n-1].to
	for j := 1; j < n; j++ {
		targets[j] = max(chunks[j].from, start)
	}
	cuts := quoteCuts(s.data, targets, l.cfg.quote, l.cfg.parallelism)
	parallelFor(l.cfg.parallelism, n, func(j int) {
		*chunks[j] = *s.newChunk(cuts[j], cuts[j+1])
		s.scan(chunks[j], s.count)
	})
}

// quoteCuts returns the record starts at or after the targets, from the
// parity of the quotes before each (counted in parallel): targets[0] is a
// record start, and the last target the end.
func quoteCuts(data []byte, targets []int, q byte, p int) []int {
	n := len(targets) - 1
	counts := make([]int, n)
	parallelFor(p, n, func(j int) {
		counts[j] = bytes.Count(data[targets[j]:max(targets[j], targets[j+1])], []byte{q})
	})
	return parityCuts(data, targets, counts, q)
}

// parityCuts is quoteCuts given the quotes between the targets (counts[j]:
// those in data[targets[j]:targets[j+1]]). Each cut is at or after its
// target.
func parityCuts(data []byte, targets, counts []int, q byte) []int {
	n := len(targets) - 1
	cuts := make([]int, n+1)
	cuts[0], cuts[n] = targets[0], targets[n]
	inQuote := false
	for j := 1; j < n; j++ {
		inQuote = inQuote != (counts[j-1]%2 == 1)
		if targets[j] < cuts[j-1] {
			cuts[j] = cuts[j-1]
		} else {
			cuts[j] = nextRecord(data, targets[j], inQuote, q)
		}
	}
	return cuts
}

// nextRecord returns the start of the first record at or after i, given
// whether i is inside quotes.
func nextRecord(data []byte, i int, inQuote bool, quote byte) int {
	for i < len(data) {
		if inQuote {
			k := bytes.IndexByte(data[i:], quote)
			if k < 0 {
				return len(data)
			}
			i += k + 1
			inQuote = false
			continue
		}
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return len(data)
		}
		if k := bytes.IndexByte(data[i:i+j], quote); k >= 0 {
			i += k + 1
			inQuote = true
			continue
		}
		return i + j + 1
	}
	return len(data)
}

// parallelFor calls f(0..n-1) on up to p goroutines. A memory fault on
// one of them (the mapped file truncated during ReadFile) is raised again
// on this goroutine, where ReadFile turns it into an error, as is any
// other panic.
func parallelFor(p, n int, f func(i int)) {
	if p <= 1 || n <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var (
		g    fault.Group
		next atomic.Int64
	)
	for range min(p, n) {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return nil
				}
				f(i)
			}
		})
	}
	if err := g.Wait(); err != nil {
		panic(err)
	}
}

// resolve fixes the types of the inferred columns from the chunks' masks.
func (l *layout) resolve(chunks []*chunk) []arrow.DataType {
	types := make([]arrow.DataType, len(l.keep))
	for k := range types {
		if l.types[k] != nil {
			types[k] = l.types[k]
			continue
		}
		m := kAll
		for _, ch := range chunks {
			m &= ch.masks[k]
		}
		types[k] = inferredType(m)
	}
	return types
}

// pass2 splits the chunks again and converts their cells into Arrow
// arrays of the given types.
func (l *layout) pass2(s *scanner, chunks []*chunk, types []arrow.DataType) ([]arrow.Array, *cellError) {
	n := 0
	for _, ch := range chunks {
		n += ch.rows
	}
	cols := make([]*colOut, len(l.keep))
	for k, i := range l.keep {
		c := &colOut{name: l.names[i], col: i, slot: k, dt: types[k]}
		for _, ch := range chunks {
			c.nulls += ch.nulls[k]
		}
		cols[k] = c
	}
	parallelFor(l.cfg.parallelism, len(cols), func(k int) { cols[k].alloc(n, chunks) })
	errs := make([]*cellError, len(chunks))
	parallelFor(l.cfg.parallelism, len(chunks), func(ci int) {
		ch := chunks[ci]
		re := s.newChunk(ch.from, ch.end)
		re.row0 = ch.row0
		re.pos = make([]int, len(cols))
		for k, c := range cols {
			if c.strBase != nil {
				re.pos[k] = c.strBase[ci]
			}
		}
		s.scan(re, func(re *chunk, cells []uint64, rows int) {
			if re.cerr != nil {
				return
			}
			data := s.data[re.base:]
			for k, c := range cols {
				var err *cellError
				re.pos[k], _, err = c.fill(s, nil, data, cells, rows, re.row0+re.done, re.pos[k], re.base)
				if err != nil && (re.cerr == nil || err.off < re.cerr.off) {
					re.cerr = err
				}
			}
			re.done += rows
		})
		errs[ci] = re.cerr
	})
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	arrs := make([]arrow.Array, len(cols))
	parallelFor(l.cfg.parallelism, len(cols), func(k int) { arrs[k] = cols[k].array(n) })
	return arrs, nil
}

// toFrame makes the Frame of the kept columns' arrays, then nests and
// indexes it as the options ask.
func (l *layout) toFrame(arrs []arrow.Array, n int) (*frame.Frame, error) {
	var t *structured.Tensor
	var err error
	if len(arrs) == 0 {
		t, err = structured.FromShape(structured.Shape{n})
	} else {
		fields := make([]structured.FieldValue, len(arrs))
		for k, a := range arrs {
			v, err := structured.NewDense(a)
			a.Release()
			if err != nil {
				return nil, err
			}
			fields[k] = structured.FieldValue{Name: l.names[l.keep[k]], Value: v}
		}
		t, err = structured.FromFields(fields, 1)
	}
	if err != nil {
		return nil, err
	}
	f := frame.FromTensor(t)
	if l.cfg.nested == NestedFlatten {
		f = f.Unflatten()
	}
	if len(l.cfg.indexCols) > 0 {
		f = f.SetIndex(l.cfg.indexCols...)
	}
	return f, f.Err()
}

// readAll reads a whole input held in memory.
func readAll(data []byte, cfg *config) (*frame.Frame, error) {
	if err := cfg.err(); err != nil {
		return nil, err
	}
	if cfg.encoding != UTF8 {
		data = cfg.encoding.decode(make([]byte, 0, len(data)+len(data)/8), data)
	}
	i := 0
	if bytes.HasPrefix(data, bom) {
		i = len(bom)
	}
	pos := position{data: data}
	header, next, _, perr, off := cfg.readRecord(data, i, true)
	if perr != nil {
		return nil, pos.fix(perr, off)
	}
	if header == nil {
		if len(cfg.columns) > 0 {
			return nil, &ParseError{Line: 1, Err: fmt.Errorf("%w: WithColumns on an empty input", ErrHeader)}
		}
		l := &layout{cfg: cfg}
		return l.toFrame(nil, 0)
	}
	if !cfg.header {
		next = i
	}
	l, err := newLayout(cfg, header)
	if err != nil {
		return nil, err
	}
	s := l.scanner(data, true)
	if !cfg.twoPass {
		if arrs, n, ok := l.onePass(s, next); ok {
			return l.toFrame(arrs, n)
		}
	}
	chunks, perr, off := l.pass1(s, next)
	if perr != nil {
		return nil, pos.fix(perr, off)
	}
	arrs, cerr := l.pass2(s, chunks, l.resolve(chunks))
	if cerr != nil {
		return nil, pos.fix(&ParseError{Column: cerr.col.col + 1, Field: cerr.col.name, Err: cerr.err}, cerr.off)
	}
	n := 0
	for _, ch := range chunks {
		n += ch.rows
	}
	return l.toFrame(arrs, n)
}

// Read reads CSV from r into a Frame, inferring the type of each column
// over the whole input (see WithTypes to fix them): bool, int64, float64,
// date32, timestamp[us] (UTC when the cells have a zone) or string. It
// reads r to the end, then parses on every core (WithParallelism). An
// empty input is a Frame with no columns and no rows; a header alone gives
// the columns with no rows. Errors in the input are *ParseError values.
//
// Input compressed with gzip or zstd is decompressed as it is read
// (recognized by its magic number; see WithMaxDecompressed); binary
// content the reader does not read (Parquet, Arrow, zip, ...) is an error
// of cause ErrNotText saying what it looks like.
func Read(r io.Reader, opts ...Option) (*frame.Frame, error) {
	cfg := makeConfig(opts)
	if err := cfg.err(); err != nil {
		return nil, err
	}
	in, err := cfg.open(r)
	if err != nil {
		return nil, fmt.Errorf("csv: %w", err)
	}
	defer in.Close()
	var buf bytes.Buffer
	if in.Size > 0 {
		buf.Grow(int(in.Size) + 1)
	} else if l, ok := r.(interface{ Len() int }); ok && in.Format == sniff.Text {
		buf.Grow(l.Len() + 1)
	}
	if _, err := buf.ReadFrom(in.Reader); err != nil {
		return nil, fmt.Errorf("csv: %w", err)
	}
	return readAll(buf.Bytes(), &cfg)
}

// open sniffs r: its text, decompressed if need be, or an error saying
// what it is instead.
func (c *config) open(r io.Reader) (*sniff.Input, error) {
	return sniff.Open(r, sniff.Options{Want: "CSV", MaxDecompressed: c.maxDecomp, Option: "csv.WithMaxDecompressed"})
}

// ReadFile reads the CSV file at path, as [Read] does. A plain file is
// memory-mapped; a gzip or zstd file (whatever its name) is decompressed
// as it is read, into memory, since the parse needs the whole text.
// Errors name the file.
func ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	cfg := makeConfig(opts)
	if err := cfg.err(); err != nil {
		return nil, err
	}
	file, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var data []byte
	var unmap func()
	osf, ok := file.(*os.File)
	if ok {
		// Mapped, the file costs no fresh memory: reading it into a
		// buffer first would fault in as many pages as it has bytes,
		// which on a VM costs more than the parse. Its pages are mapped
		// as the reader first looks at them, on every core (counting
		// each chunk's line breaks), not all at once (MAP_POPULATE): on
		// an 84 MB file that read 0.082 s against 0.078 s. Every string
		// kept is copied out of it.
		data, unmap, ok = mmapfile.Map(osf)
	}
	if ok {
		defer unmap()
		if f := sniff.Detect(data[:min(len(data), sniff.HeadSize)]); f != sniff.Text {
			ok = false // refused or decompressed below, streaming
		} else {
			cfg.mapping = data
		}
	}
	if !ok {
		in, err := cfg.open(file)
		if err != nil {
			return nil, store.Wrap(path, err)
		}
		defer in.Close()
		var buf bytes.Buffer
		if in.Size > 0 {
			buf.Grow(int(in.Size) + 1)
		} else if st, err := file.Stat(); err == nil && in.Format == sniff.Text {
			buf.Grow(int(st.Size()) + 1)
		}
		if _, err := buf.ReadFrom(in.Reader); err != nil {
			return nil, store.Wrap(path, err)
		}
		data = buf.Bytes()
	}
	// A mapped file truncated by another process while it is parsed
	// faults: an error, not the end of the process.
	var f *frame.Frame
	err = fault.Run(func() (err error) {
		f, err = readAll(data, &cfg)
		return err
	})
	if err != nil {
		var fe *fault.Error
		if errors.As(err, &fe) {
			return nil, store.Wrap(path, err)
		}
		if pe, ok := err.(*ParseError); ok {
			return nil, fmt.Errorf("%s: %w", path, pe)
		}
		return nil, err
	}
	return f, nil
}
