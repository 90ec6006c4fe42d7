// Package sniff tells what an input is from its first bytes: text, a
// compressed stream the text readers decompress (gzip, zstd), or a binary
// format they must refuse (Parquet, Arrow, zip, ...). The CSV and JSON
// readers and the command ask it, so that a Parquet file given to the CSV
// reader is an error saying so ("looks like a Parquet file; read it with
// io/parquet"), never a one-row frame with a binary header.
//
// [Detect] looks at a head of bytes; [Open] reads the head of an input,
// refuses binary content and returns the text to read, decompressing it as
// it streams, within a bound on the bytes it makes.
package sniff

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// HeadSize is the number of bytes [Detect] needs to decide: the magic
// numbers need at most 8, the NUL check looks at the first KiB.
const HeadSize = 1024

// Format is what the first bytes of an input say it is.
type Format uint8

const (
	// Text is anything else: CSV, JSON, or text not yet known to be
	// malformed. The reader of the format decides.
	Text Format = iota
	// Gzip is a gzip stream (1f 8b), a single member or several
	// (bgzip).
	Gzip
	// Zstd is a Zstandard frame (28 b5 2f fd).
	Zstd
	// Parquet is an Apache Parquet file ("PAR1").
	Parquet
	// ArrowFile is an Arrow IPC file, also Feather v2 ("ARROW1").
	ArrowFile
	// ArrowStream is an Arrow IPC stream (continuation marker ff ff ff ff
	// and a metadata length).
	ArrowStream
	// Feather1 is a Feather v1 file ("FEA1").
	Feather1
	// ORC is an Apache ORC file ("ORC").
	ORC
	// Avro is an Avro object container file ("Obj" 01).
	Avro
	// Zip is a zip archive (PK 03 04), which is also what .xlsx files are.
	Zip
	// OLE is a Microsoft compound file (d0 cf 11 e0): an old .xls.
	OLE
	// Bzip2 is a bzip2 stream ("BZh").
	Bzip2
	// Xz is an xz stream (fd 37 7a 58 5a 00).
	Xz
	// SevenZip is a 7z archive (37 7a bc af 27 1c).
	SevenZip
	// LZ4 is an LZ4 frame (04 22 4d 18).
	LZ4
	// UTF16 is text in UTF-16 or UTF-32 (a byte order mark, or NUL bytes
	// between ASCII ones): the readers take UTF-8 only.
	UTF16
	// Image is a PNG or JPEG image.
	Image
	// Binary is content with a NUL byte in its first line that is not
	// blank, within the first KiB, that is none of the above: no CSV
	// header holds one.
	Binary
)

// info says how each format is named in errors and where to read it.
var info = [...]struct{ name, hint string }{
	Text:        {"text", ""},
	Gzip:        {"gzip", ""},
	Zstd:        {"zstd", ""},
	Parquet:     {"a Parquet file", "read it with io/parquet"},
	ArrowFile:   {"an Arrow IPC file", "read it with io/ipc"},
	ArrowStream: {"an Arrow IPC stream", "read it with io/ipc"},
	Feather1:    {"a Feather v1 file", "convert it to Arrow IPC (Feather v2) with pyarrow"},
	ORC:         {"an ORC file", "convert it to Parquet or Arrow first"},
	Avro:        {"an Avro file", "convert it to Parquet or Arrow first"},
	Zip:         {"a zip archive (or .xlsx workbook)", "unzip it first (export a workbook as CSV)"},
	OLE:         {"an .xls workbook", "export it as CSV first"},
	Bzip2:       {"a bzip2 stream", "decompress it first (bunzip2), or recompress it with gzip or zstd"},
	Xz:          {"an xz stream", "decompress it first (unxz), or recompress it with gzip or zstd"},
	SevenZip:    {"a 7z archive", "extract it first"},
	LZ4:         {"an LZ4 frame", "decompress it first (lz4 -d), or recompress it with gzip or zstd"},
	UTF16:       {"UTF-16 or UTF-32 text", "convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)"},
	Image:       {"an image", ""},
	Binary:      {"binary data (a NUL byte in its first line)", ""},
}

// String names the format as errors do: "gzip", "a Parquet file".
func (f Format) String() string {
	if int(f) < len(info) {
		return info[f].name
	}
	return fmt.Sprintf("sniff.Format(%d)", f)
}

// Hint says how to read content of format f, "" when there is nothing to
// say ("read it with io/parquet").
func (f Format) Hint() string {
	if int(f) < len(info) {
		return info[f].hint
	}
	return ""
}

// Compressed reports whether the text readers decompress f themselves.
func (f Format) Compressed() bool { return f == Gzip || f == Zstd }

// Readable reports whether the text readers read content of format f:
// text, or text they decompress.
func (f Format) Readable() bool { return f == Text || f.Compressed() }

// magic is a format's signature at offset 0; next, when set, must hold for
// the byte after it (the signature alone could start a line of text).
var magic = []struct {
	f     Format
	sig   string
	check func(rest []byte) bool
}{
	{Gzip, "\x1f\x8b", nil},
	{Zstd, "\x28\xb5\x2f\xfd", nil},
	{Parquet, "PAR1", notText},
	{ArrowFile, "ARROW1\x00\x00", nil},
	{ArrowStream, "\xff\xff\xff\xff", arrowLength},
	{Feather1, "FEA1", notText},
	{ORC, "ORC", notText},
	{Avro, "Obj\x01", nil},
	{Zip, "PK\x03\x04", nil},
	{Zip, "PK\x05\x06", nil}, // an empty archive
	{OLE, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", nil},
	{Bzip2, "BZh", bzip2Block},
	{Xz, "\xfd7zXZ\x00", nil},
	{SevenZip, "7z\xbc\xaf\x27\x1c", nil},
	{LZ4, "\x04\x22\x4d\x18", nil},
	{Image, "\x89PNG\r\n\x1a\n", nil},
	{Image, "\xff\xd8\xff", nil},
	{UTF16, "\xff\xfe", nil},
	{UTF16, "\xfe\xff", nil},
	{UTF16, "\x00\x00\xfe\xff", nil},
}

// notText reports whether the byte after a signature could not continue a
// line of text: a control byte other than tab, CR and LF, or nothing
// readable at all.
func notText(rest []byte) bool {
	if len(rest) == 0 {
		return false
	}
	c := rest[0]
	return c < 0x20 && c != '\t' && c != '\r' && c != '\n'
}

// arrowLength reports whether rest starts with the little-endian int32
// metadata length of an Arrow stream message (or the end-of-stream 0):
// below 16 MiB, so its top byte is 0.
func arrowLength(rest []byte) bool { return len(rest) >= 4 && rest[3] == 0 }

// bzip2Block reports whether rest is a block size digit followed by the
// magic of a block (pi) or of the end of the stream (sqrt pi).
func bzip2Block(rest []byte) bool {
	if len(rest) < 7 || rest[0] < '1' || rest[0] > '9' {
		return false
	}
	return bytes.HasPrefix(rest[1:], []byte("1AY&SY")) || bytes.HasPrefix(rest[1:], []byte("\x17rE8P\x90"))
}

// Signed reports whether b starts with a format's signature, whatever
// follows it: a text writer quotes a first field that does, so that what
// it writes is not taken for that format when read back (a column named
// "\xff\xfe" written bare starts a file that reads as UTF-16).
func Signed(b []byte) bool {
	for _, m := range magic {
		if bytes.HasPrefix(b, []byte(m.sig)) {
			return true
		}
	}
	return false
}

// Magic tells the format of an input from the signature its first bytes
// hold, [Text] when none matches: [Detect] without the NUL check, for
// formats whose parser reports a NUL byte with its position (JSON).
func Magic(head []byte) Format {
	for _, m := range magic {
		if bytes.HasPrefix(head, []byte(m.sig)) && (m.check == nil || m.check(head[len(m.sig):])) {
			return m.f
		}
	}
	return Text
}

// Detect tells the format of an input from its first bytes (up to
// [HeadSize] are used; fewer when the input is shorter). It is [Text]
// unless a signature matches or NUL bytes say it is binary (see
// [Binary]).
func Detect(head []byte) Format {
	if f := Magic(head); f != Text {
		return f
	}
	head = head[:min(len(head), HeadSize)]
	i := bytes.IndexByte(head, 0)
	if i < 0 {
		return Text
	}
	// ASCII text in UTF-16 or UTF-32 without a byte order mark has a NUL
	// byte beside most others; binary formats rarely alternate so.
	if len(head) >= 4 && (head[0] == 0) != (head[1] == 0) && ascii(head) {
		return UTF16
	}
	// A NUL byte in the first line that is not blank (a CSV header) is
	// binary; one further on is left to the parser: it may be a value a
	// writer wrote (a string holding NUL bytes).
	start := 0
	for start < len(head) && isSpace(head[start]) {
		start++
	}
	if nl := bytes.IndexByte(head[start:], '\n'); nl < 0 || i < start+nl {
		return Binary
	}
	return Text
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// ascii reports whether every non-NUL byte of b is printable ASCII or
// whitespace, and at least a third of b is NUL.
func ascii(b []byte) bool {
	nul := 0
	for _, c := range b {
		switch {
		case c == 0:
			nul++
		case c >= 0x80 || c < 0x20 && c != '\t' && c != '\r' && c != '\n':
			return false
		}
	}
	return 3*nul >= len(b)
}

// ErrNotText is the cause of an error for an input that is not text a
// reader can read (see [Error]), to test with errors.Is.
var ErrNotText = errors.New("not text")

// Error is the error for an input the text readers refuse: what it looks
// like, and what to do about it.
type Error struct {
	Format Format // what the input looks like
	Inner  Format // when Format is compressed: what its content looks like
	Want   string // what the reader reads: "CSV", "JSON"
}

func (e *Error) Error() string {
	f := e.Format
	s := "looks like " + f.String()
	if f.Compressed() {
		f = e.Inner
		s = "looks like " + f.String() + " compressed with " + e.Format.String()
	}
	s += ", not " + e.Want + " text"
	if h := f.Hint(); h != "" {
		s += "; " + h
	}
	return s
}

// Is makes errors.Is(err, ErrNotText) true.
func (e *Error) Is(target error) bool { return target == ErrNotText }

// compressionExts are the compression extensions and what each says.
var compressionExts = map[string]Format{".gz": Gzip, ".gzip": Gzip, ".zst": Zstd, ".zstd": Zstd}

// Compression is the compression a name's extension says (.gz and .gzip
// [Gzip], .zst and .zstd [Zstd], in any case), [Text] for none.
func Compression(name string) Format {
	if f, ok := compressionExts[strings.ToLower(filepath.Ext(noQuery(name)))]; ok {
		return f
	}
	return Text
}

// TrimExt returns name without a compression extension (see
// [Compression]), so that the extension left says the format of the
// text: "events.csv.gz" gives "events.csv".
//
// A URL's query is left out first: "s3://b/x.csv.gz?region=r" gives
// "s3://b/x.csv".
func TrimExt(name string) string {
	name = noQuery(name)
	if Compression(name) == Text {
		return name
	}
	return name[:len(name)-len(filepath.Ext(name))]
}

// noQuery is name without the query of a URL ("scheme://...?query"),
// whose extension is its path's.
func noQuery(name string) string {
	if strings.Contains(name, "://") {
		if i := strings.IndexByte(name, '?'); i >= 0 {
			return name[:i]
		}
	}
	return name
}

// File tells the format of the file at path from its first [HeadSize]
// bytes, as [Detect] does: for a command choosing a reader by content
// rather than by extension.
func File(path string) (Format, error) {
	f, err := os.Open(path)
	if err != nil {
		return Text, err
	}
	defer f.Close()
	head := make([]byte, HeadSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return Text, err
	}
	return Detect(head[:n]), nil
}
