package json

import (
	"bytes"
	"errors"
	"io"
)

// block is a piece of the input holding whole rows, parsed on one
// goroutine: NDJSON lines, or elements of a top-level array with the
// commas between them.
type block struct {
	data     []byte
	base     int64  // offset of data[0] in the input
	line     int    // 1-based line of data[0]
	col      int    // 1-based column of data[0]
	rows     int    // rows it holds, as the splitter counts them
	batchEnd bool   // its last row ends a batch
	first    bool   // Array: it starts just after the '[' (later ones just after a comma)
	last     bool   // Array: it ends with the array's closing bracket, or the input
	tail     error  // an error of the input after these rows (reported once they are read)
	buf      []byte // the buffer data is in, handed back with recycle once parsed
}

// splitter cuts an input into blocks of about size bytes at row
// boundaries: NDJSON at line ends, an array after the commas between its
// elements. It never cuts a row, and cuts after exactly the row that
// completes a batch. It checks only what it must to find the cuts; the
// scanner checks the rest.
type splitter struct {
	r      io.Reader
	format Format // NDJSON or Array
	size   int
	batch  int // rows per batch (0: no batches)

	pend      []byte   // input read and not yet handed out
	free      [][]byte // buffers of parsed blocks, for reuse
	eof       bool
	failed    error // the input's read error: the rows before it are still handed out
	base      int64 // offset of pend[0]
	inputEnd  int64 // offset where the input ends, if known exactly (else -1)
	line, col int   // position of pend[0]
	inBatch   int   // rows handed out in the current batch
	done      bool  // everything handed out

	// Array state, over pend[scan:].
	scan    int
	started bool // the '[' was seen
	depth   int  // nesting, the top-level array being 1
	inStr   bool
	ended   bool // the ']' was seen at pend[scan-1]
	value   bool // an element has started since the last comma
	rows    int  // elements ended in pend before end
	end     int  // the last cut point in pend (0: none)
	blocks  int  // blocks of elements handed out
}

// first reports whether the block being cut is the array's first (each
// later one starts just after a comma), counting it.
func (s *splitter) first() bool {
	s.blocks++
	return s.blocks == 1
}

func newSplitter(r io.Reader, f Format, size, batch int) *splitter {
	return &splitter{r: r, format: f, size: size, batch: batch, line: 1, col: 1, inputEnd: -1}
}

// fill reads until pend holds at least n bytes or the input ends.
func (s *splitter) fill(n int) error {
	if cap(s.pend) < n {
		// Geometric growth for a row longer than a block, so that reading
		// it costs linear time; to the end of an input of known size at
		// once (see longer).
		c := max(n, s.size+s.size/4, 2*cap(s.pend))
		if s.inputEnd >= 0 && int64(n) == s.inputEnd-s.base+1 {
			c = n
		}
		grown := s.buffer(c)[:len(s.pend)]
		copy(grown, s.pend)
		s.pend = grown
	}
	for len(s.pend) < n && !s.eof && s.failed == nil {
		m, err := s.r.Read(s.pend[len(s.pend):cap(s.pend)])
		s.pend = s.pend[:len(s.pend)+m]
		if errors.Is(err, io.EOF) {
			s.eof = true
		} else if err != nil {
			// Held, not returned: the complete rows before it are cut
			// and parsed first, so that a syntax error earlier in the
			// text is the one reported, whatever the block size.
			s.failed = err
		}
	}
	return nil
}

// failure is the last block of an input whose reading failed: no rows,
// only the read error, reported after the blocks before it are parsed.
func (s *splitter) failure() *block {
	s.done = true
	return &block{base: s.base, line: s.line, col: s.col, last: true, tail: s.failed}
}

// next returns the next block, or nil at the end of the input.
func (s *splitter) next() (*block, error) {
	if s.done {
		return nil, nil
	}
	if s.format == Array {
		return s.nextElements()
	}
	return s.nextLines()
}

// cut hands out pend[:n] as a block of rows rows and keeps the rest, in a
// new buffer: the block's bytes stay the block's.
func (s *splitter) cut(n, rows int) *block {
	b := &block{data: s.pend[:n:n], base: s.base, line: s.line, col: s.col, rows: rows, buf: s.pend}
	s.advance(b.data)
	rest := s.pend[n:]
	s.pend = s.buffer(max(s.size+s.size/4, len(rest)))[:len(rest)]
	copy(s.pend, rest)
	s.scan -= n
	if s.batch > 0 {
		s.inBatch += rows
		if s.inBatch >= s.batch {
			b.batchEnd, s.inBatch = true, 0
		}
	}
	return b
}

// buffer returns an empty buffer of at least n bytes, a recycled one if
// it can: fresh memory costs a page fault per 4 KiB.
func (s *splitter) buffer(n int) []byte {
	for i, b := range s.free {
		if cap(b) >= n {
			s.free = append(s.free[:i], s.free[i+1:]...)
			return b[:0]
		}
	}
	return make([]byte, 0, n)
}

// recycle takes back the buffer of a block that has been parsed. Buffers
// grown for one long row are let go.
func (s *splitter) recycle(b *block) {
	if b.buf != nil && cap(b.buf) <= 2*s.size && len(s.free) < 16 {
		s.free = append(s.free, b.buf)
	}
	b.buf, b.data = nil, nil
}

// advance moves the position of pend[0] past data.
func (s *splitter) advance(data []byte) {
	s.base += int64(len(data))
	if nl := bytes.Count(data, []byte{'\n'}); nl > 0 {
		s.line += nl
		s.col = len(data) - bytes.LastIndexByte(data, '\n')
	} else {
		s.col += len(data)
	}
}

// nextLines cuts a block of NDJSON lines.
func (s *splitter) nextLines() (*block, error) {
	want := s.size
	for {
		if err := s.fill(want); err != nil {
			return nil, err
		}
		if s.eof && len(s.pend) == 0 {
			s.done = true
			return nil, nil
		}
		budget := -1
		if s.batch > 0 {
			budget = s.batch - s.inBatch
		}
		rows, end, pos := 0, 0, 0
		for pos < len(s.pend) {
			lineEnd, next := len(s.pend), len(s.pend)
			if nl := bytes.IndexByte(s.pend[pos:], '\n'); nl >= 0 {
				lineEnd, next = pos+nl, pos+nl+1
			} else if !s.eof {
				break // an unfinished line: read more or cut before it
			}
			if !blank(s.pend[pos:lineEnd]) {
				rows++
			}
			pos = next
			end = pos
			if rows == budget || end >= s.size {
				break
			}
		}
		if end > 0 {
			b := s.cut(end, rows)
			if s.eof && len(s.pend) == 0 {
				s.done = true
			}
			return b, nil
		}
		if s.failed != nil {
			return s.failure(), nil // the unfinished line the error cut
		}
		want = s.longer(2 * max(len(s.pend), s.size)) // one line longer than a block
	}
}

// longer returns how many bytes to hold for a row longer than pend: want
// (double), or, when the input's end is known, all the rest of it and one
// byte to see the end by, so that a row of a gigabyte is read into one
// buffer of its size rather than copied into ever larger ones.
func (s *splitter) longer(want int) int {
	if s.inputEnd < 0 {
		return want
	}
	rest := s.inputEnd - s.base + 1
	if rest <= int64(len(s.pend)) || rest > int64(want)*64 || rest != int64(int(rest)) {
		return want // not as known (the file grew), or far off
	}
	return max(int(rest), len(s.pend)+1)
}

// blank reports whether line holds only JSON whitespace.
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// nextElements cuts a block of array elements.
func (s *splitter) nextElements() (*block, error) {
	want := s.size
	for {
		if err := s.fill(want); err != nil {
			return nil, err
		}
		if !s.started {
			if b, err := s.open(); b != nil || err != nil {
				return b, err
			}
			if !s.started {
				if s.failed != nil {
					return s.failure(), nil
				}
				want = len(s.pend) + s.size
				continue
			}
		}
		budget := -1
		if s.batch > 0 {
			budget = s.batch - s.inBatch
		}
		s.walk(budget)
		rows, end := s.rows, s.end
		stop := s.eof || s.failed != nil // no more input comes
		if s.ended || end > 0 && (rows == budget || end >= s.size || stop) || s.eof {
			s.rows, s.end = 0, 0 // a block is cut
		}
		switch {
		case s.ended:
			// The last block holds the closing bracket, for the scanner
			// to check; only whitespace may follow.
			b := s.cut(s.scan, rows)
			b.last, b.first = true, s.first()
			b.tail = s.trailer()
			s.done = true
			return b, nil
		case end > 0 && (rows == budget || end >= s.size || stop):
			b := s.cut(end, rows)
			b.first = s.first()
			return b, nil
		case s.failed != nil:
			return s.failure(), nil // the unfinished element the error cut
		case s.eof:
			// The input ends inside the array: the scanner reports it at
			// the end of the last block.
			b := s.cut(len(s.pend), rows)
			b.last, b.first = true, s.first()
			s.done = true
			return b, nil
		}
		want = len(s.pend) + s.size
	}
}

// open skips the whitespace before the array's '['. It returns an empty
// last block holding the error when the input is not an array.
func (s *splitter) open() (*block, error) {
	i := 0
	for i < len(s.pend) && isSpace(s.pend[i]) {
		i++
	}
	switch {
	case i < len(s.pend) && s.pend[i] == '[':
		s.advance(s.pend[:i+1])
		s.pend, s.started, s.depth = s.pend[i+1:], true, 1
	case i < len(s.pend):
		s.done = true
		return &block{last: true, tail: s.errAt(i, "invalid character "+quoteChar(s.pend[i])+" looking for beginning of array")}, nil
	case s.eof:
		s.done = true
		return &block{last: true, tail: s.errAt(i, "unexpected end of JSON input")}, nil
	default:
		s.advance(s.pend[:i])
		s.pend = s.pend[i:]
	}
	return nil, nil
}

// walk follows the structure of pend from scan, counting in rows the
// elements that end and keeping in end the last cut point (just after a
// comma between elements, 0 if none), until the batch budget is met, the
// block is big enough or the array ends. Both carry over to the next walk
// when pend runs out first; cutting a block resets them.
func (s *splitter) walk(budget int) {
	p := s.pend
	i := s.scan
	defer func() { s.scan = i }()
	for i < len(p) {
		if s.inStr {
			j := bytes.IndexByte(p[i:], '"')
			if j < 0 {
				i = len(p)
				return
			}
			i += j
			// A quote after an odd run of backslashes is escaped.
			k := i - 1
			for k >= 0 && p[k] == '\\' {
				k--
			}
			i++
			if (i-2-k)%2 == 0 {
				s.inStr = false
			}
			continue
		}
		c := p[i]
		i++
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			s.inStr = true
		case '{', '[':
			s.depth++
		case '}', ']':
			s.depth--
			if s.depth == 0 {
				if s.value {
					s.rows++
				}
				s.ended = true
				return
			}
		case ',':
			if s.depth == 1 {
				s.rows++
				s.value = false
				s.end = i
				if s.rows == budget || s.end >= s.size {
					return
				}
				continue
			}
		}
		s.value = true
	}
}

// trailer checks that only whitespace follows the array.
func (s *splitter) trailer() error {
	for {
		for i, c := range s.pend {
			if !isSpace(c) {
				return s.errAt(i, "invalid character "+quoteChar(c)+" after top-level value")
			}
		}
		if s.eof || s.failed != nil {
			return s.failed
		}
		s.advance(s.pend)
		s.pend = s.pend[:0]
		if err := s.fill(s.size); err != nil {
			return err
		}
	}
}

// errAt is a SyntaxError at pend[i].
func (s *splitter) errAt(i int, msg string) error {
	line, col := s.line, s.col
	if nl := bytes.Count(s.pend[:i], []byte{'\n'}); nl > 0 {
		line += nl
		col = i - bytes.LastIndexByte(s.pend[:i], '\n')
	} else {
		col += i
	}
	return &SyntaxError{Line: line, Column: col, Offset: s.base + int64(i), Msg: msg}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
