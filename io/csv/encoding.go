package csv

import (
	"errors"
	"io"
	"unicode/utf8"
)

// Encoding is the character encoding of a CSV input. Spreadsheets on
// Windows still export Windows-1252 (and older tools ISO-8859-1); the
// readers turn such input into UTF-8 before parsing, as pandas'
// read_csv(encoding=...) does.
type Encoding uint8

const (
	// UTF8 is the default: the input is read as it is (a UTF-8 byte order
	// mark is skipped).
	UTF8 Encoding = iota
	// Latin1 is ISO-8859-1: each byte is the code point of its value.
	Latin1
	// Windows1252 is ISO-8859-1 with printable characters in 0x80-0x9F
	// (€, ‚, „, …, ’, “, ”, –, —, ™, ...), as the WHATWG Encoding
	// Standard defines it: the five bytes it leaves undefined map to the
	// C1 control of their value.
	Windows1252
)

// WithEncoding sets the character encoding of the input (default [UTF8]).
// The input is decoded to UTF-8 before it is parsed, so the byte offsets of
// errors count the decoded bytes. Reading.
func WithEncoding(e Encoding) Option { return func(c *config) { c.encoding = e } }

// cp1252 holds the code points of bytes 0x80-0x9F in Windows-1252.
var cp1252 = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

// rune is the code point of byte c (>= 0x80) in e.
func (e Encoding) rune(c byte) rune {
	if e == Windows1252 && c < 0xA0 {
		return cp1252[c-0x80]
	}
	return rune(c)
}

// decode appends src, in e, to dst as UTF-8.
func (e Encoding) decode(dst, src []byte) []byte {
	for len(src) > 0 {
		i := 0
		for i < len(src) && src[i] < utf8.RuneSelf {
			i++
		}
		dst = append(dst, src[:i]...)
		if i == len(src) {
			break
		}
		dst = utf8.AppendRune(dst, e.rune(src[i]))
		src = src[i+1:]
	}
	return dst
}

// decodeReader decodes what it reads from r from e to UTF-8.
type decodeReader struct {
	r   io.Reader
	enc Encoding
	in  []byte
	out []byte // decoded, not yet read
}

func (d *decodeReader) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if cap(d.in) == 0 {
			d.in = make([]byte, 64<<10)
		}
		n, err := d.r.Read(d.in[:cap(d.in)])
		d.out = d.enc.decode(d.out[:0], d.in[:n])
		if n == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

// Seek supports what a Reader asks of its input to read it twice: where
// it stands (Seek(0, io.SeekCurrent), before reading) and going back
// there. Positions are those of the encoded input.
func (d *decodeReader) Seek(offset int64, whence int) (int64, error) {
	s, ok := d.r.(io.Seeker)
	if !ok {
		return 0, errNotSeeker
	}
	if whence == io.SeekCurrent && offset == 0 && len(d.out) > 0 {
		return 0, errors.New("csv: a decoded input's position is known only between reads")
	}
	d.out = d.out[:0]
	return s.Seek(offset, whence)
}

// errNotSeeker is the error of Seek on a decoder of an input that cannot
// seek.
var errNotSeeker = errors.New("csv: the input cannot seek")
