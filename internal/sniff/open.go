package sniff

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// DefaultMaxDecompressed is the bound on the bytes a compressed input may
// decompress to unless the reader's WithMaxDecompressed option says
// otherwise: 64 GiB. Polars and DuckDB set none; this one is far above any
// text file read on one machine, yet stops a decompression bomb (a few
// megabytes of zstd can claim terabytes) after about a minute of work
// instead of never. A service reading uploads whole should set one that
// fits its memory.
const DefaultMaxDecompressed int64 = 64 << 30

// MaxWindow is the largest zstd window accepted: 128 MiB, the zstd
// command's own default limit (files made with --long=28 or more need
// --memory there too). The decoder holds one window, so a crafted frame
// header cannot make it allocate more.
const MaxWindow = 128 << 20

// ErrTooLarge is the cause of the error of an input that decompresses to
// more bytes than its bound, to test with errors.Is.
var ErrTooLarge = errors.New("decompressed input too large")

// Options say how [Open] reads an input.
type Options struct {
	// Want is the format of the text, for errors: "CSV", "JSON".
	Want string
	// MaxDecompressed bounds the bytes a compressed input decompresses to:
	// 0 is DefaultMaxDecompressed, a negative value no bound.
	MaxDecompressed int64
	// Option is the name of the option that sets MaxDecompressed, for the
	// error that says it was exceeded.
	Option string
	// KeepNUL leaves text with NUL bytes to the parser (see [Magic]):
	// JSON's reports the first with its line and column.
	KeepNUL bool
}

func (o *Options) detect(head []byte) Format {
	if o.KeepNUL {
		return Magic(head)
	}
	return Detect(head)
}

// Input is an input opened by [Open].
type Input struct {
	// Reader reads the text: r itself when r is text (at the position it
	// had, the head put back by seeking when r can seek), else a
	// decompressor, which is an io.Seeker when r is an io.ReadSeeker
	// (seeking back decompresses again from the start).
	Reader io.Reader
	// Format is Text, Gzip or Zstd.
	Format Format
	// Size is a guess at the bytes of text, -1 when unknown: for a
	// seekable compressed input, the size its trailer (gzip) or frame
	// header (zstd) records, when plausible. Use it to size buffers, not
	// to trust.
	Size int64
	dec  *decoder
}

// Close releases the decompressor (zstd's goroutines); it does not close
// the input given to Open.
func (in *Input) Close() error {
	if in.dec != nil {
		in.dec.close()
		in.dec = nil
	}
	return nil
}

// Open reads the first bytes of r and returns its text to read: r itself
// when it is text, a streaming decompressor when it is gzip or zstd (whose
// content must be text too). Anything else is an *[Error] saying what it
// looks like. Reading more than o.MaxDecompressed bytes from a decompressor
// is an error of cause [ErrTooLarge]; a corrupt stream is an error naming
// the decompressed offset where it was found. Close the Input when done.
func Open(r io.Reader, o Options) (*Input, error) {
	head, rest, err := Peek(r, HeadSize)
	if err != nil {
		return nil, err
	}
	in := &Input{Reader: rest, Format: o.detect(head), Size: -1}
	if in.Format == Text {
		return in, nil
	}
	if !in.Format.Compressed() {
		return nil, &Error{Format: in.Format, Want: o.Want}
	}
	max := o.MaxDecompressed
	if max == 0 {
		max = DefaultMaxDecompressed
	}
	d := &decoder{r: rest, format: in.Format, max: max, option: o.Option}
	if rs, ok := rest.(io.ReadSeeker); ok {
		if at, err := rs.Seek(0, io.SeekCurrent); err == nil {
			d.seek, d.start = rs, at
			in.Size = d.sizeHint()
		}
	}
	if err := d.open(); err != nil {
		return nil, d.wrap(err)
	}
	in.dec = d
	if d.seek != nil {
		in.Reader = &seekDecoder{d}
	} else {
		in.Reader = d
	}
	// The text inside must be text too.
	head, inner, err := Peek(in.Reader, HeadSize)
	if err != nil {
		d.close()
		return nil, err
	}
	if f := o.detect(head); f != Text {
		d.close()
		return nil, &Error{Format: in.Format, Inner: f, Want: o.Want}
	}
	in.Reader = inner
	return in, nil
}

// Peek returns the first n bytes of r (fewer if r ends first) and a reader
// of r from where it was: r itself, sought back, when r is an io.Seeker,
// else the bytes read followed by the rest of r.
func Peek(r io.Reader, n int) (head []byte, rest io.Reader, err error) {
	head = make([]byte, n)
	s, canSeek := r.(io.Seeker)
	var at int64
	if canSeek {
		if at, err = s.Seek(0, io.SeekCurrent); err != nil {
			canSeek = false
		}
	}
	k, err := io.ReadFull(r, head)
	head = head[:k]
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, nil, err
	}
	if canSeek {
		if _, err := s.Seek(at, io.SeekStart); err != nil {
			return nil, nil, err
		}
		return head, r, nil
	}
	if k == 0 {
		return head, r, nil
	}
	return head, io.MultiReader(&headReader{b: head}, r), nil
}

// headReader reads b once (bytes.Reader would do, but then the result
// would look seekable).
type headReader struct{ b []byte }

func (h *headReader) Read(p []byte) (int, error) {
	if len(h.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, h.b)
	h.b = h.b[n:]
	return n, nil
}

// decoder decompresses r, counting the bytes it makes.
type decoder struct {
	r      io.Reader
	format Format
	max    int64
	option string
	seek   io.ReadSeeker // r, when it can be read again
	start  int64         // r's position at the start
	br     *bufio.Reader
	gz     *gzip.Reader
	zs     *zstd.Decoder
	out    io.Reader
	pos    int64 // bytes made
	err    error // sticky
}

// open starts decompressing from r's current position.
func (d *decoder) open() error {
	if d.br == nil {
		d.br = bufio.NewReaderSize(d.r, 64<<10)
	} else {
		d.br.Reset(d.r)
	}
	var err error
	switch d.format {
	case Gzip:
		if d.gz == nil {
			d.gz, err = gzip.NewReader(d.br)
		} else {
			err = d.gz.Reset(d.br)
		}
		d.out = d.gz
	case Zstd:
		if d.zs == nil {
			// One goroutine: the reader parses on the others, and a
			// decoder nobody closes then leaks none.
			d.zs, err = zstd.NewReader(d.br, zstd.WithDecoderConcurrency(1),
				zstd.WithDecoderMaxWindow(MaxWindow), zstd.WithDecoderLowmem(true))
		} else {
			err = d.zs.Reset(d.br)
		}
		d.out = d.zs
	}
	d.pos, d.err = 0, err
	return err
}

func (d *decoder) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.max >= 0 && int64(len(p)) > d.max-d.pos+1 {
		p = p[:d.max-d.pos+1] // one byte past the bound tells it is exceeded
	}
	n, err := d.out.Read(p)
	d.pos += int64(n)
	if d.max >= 0 && d.pos > d.max {
		n -= int(d.pos - d.max)
		d.pos = d.max
		d.err = fmt.Errorf("%w: %s decompresses to more than %s (the bound %s sets)", ErrTooLarge, d.format, bytesText(d.max), d.option)
		return n, d.err
	}
	if err != nil && !errors.Is(err, io.EOF) {
		d.err = fmt.Errorf("%w (after %d bytes of text)", d.wrap(err), d.pos)
		return n, d.err
	}
	return n, err
}

// wrap names the format in an error of the decompressor, unless it does.
func (d *decoder) wrap(err error) error {
	if strings.HasPrefix(err.Error(), d.format.String()+":") {
		return err
	}
	return fmt.Errorf("%s: %w", d.format, err)
}

// sizeHint reads what the input records of its decompressed size, or -1.
// It never trusts more than 1,032 times the compressed size (gzip's
// largest ratio), so a crafted header cannot make a caller reserve much.
func (d *decoder) sizeHint() int64 {
	end, err := d.seek.Seek(0, io.SeekEnd)
	defer d.seek.Seek(d.start, io.SeekStart)
	if err != nil || end <= d.start {
		return -1
	}
	csize := end - d.start
	var hint int64 = -1
	switch d.format {
	case Gzip:
		var b [4]byte
		if csize > 18 {
			if _, err := d.seek.Seek(end-4, io.SeekStart); err == nil {
				if _, err := io.ReadFull(d.seek, b[:]); err == nil {
					hint = int64(binary.LittleEndian.Uint32(b[:])) // mod 2^32
				}
			}
		}
	case Zstd:
		b := make([]byte, zstd.HeaderMaxSize)
		if _, err := d.seek.Seek(d.start, io.SeekStart); err == nil {
			if n, _ := io.ReadFull(d.seek, b); n > 0 {
				var h zstd.Header
				if h.Decode(b[:n]) == nil && h.HasFCS {
					hint = int64(min(h.FrameContentSize, 1<<62))
				}
			}
		}
	}
	if hint < 0 || hint > 1032*csize || d.max >= 0 && hint > d.max {
		return -1
	}
	return hint
}

func (d *decoder) close() {
	if d.zs != nil {
		d.zs.Close()
		d.zs = nil
	}
	if d.gz != nil {
		d.gz.Close()
	}
	d.err = errors.New("read after close")
}

// seekDecoder is a decoder of an input it can read again: Seek to an
// offset of the text behind the current one decompresses again from the
// start; ahead, it reads and discards.
type seekDecoder struct{ *decoder }

// Seek moves to an offset of the decompressed text (io.SeekStart or
// io.SeekCurrent).
func (s *seekDecoder) Seek(offset int64, whence int) (int64, error) {
	d := s.decoder
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += d.pos
	default:
		return d.pos, fmt.Errorf("%s: cannot seek from the end of a compressed input", d.format)
	}
	if offset < 0 {
		return d.pos, fmt.Errorf("%s: seek to %d", d.format, offset)
	}
	if offset == d.pos && d.err == nil {
		return d.pos, nil
	}
	if offset < d.pos || d.err != nil {
		if _, err := d.seek.Seek(d.start, io.SeekStart); err != nil {
			return d.pos, err
		}
		if err := d.open(); err != nil {
			return d.pos, err
		}
	}
	if _, err := io.CopyN(io.Discard, d, offset-d.pos); err != nil {
		return d.pos, err
	}
	return d.pos, nil
}

// bytesText writes n in the largest binary unit that divides it, for
// errors: "64 GiB".
func bytesText(n int64) string {
	for _, u := range []struct {
		s string
		v int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.v && n%u.v == 0 {
			return fmt.Sprintf("%d %s", n/u.v, u.s)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
