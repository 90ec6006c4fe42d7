package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/structframe/structframe/internal/sniff"
)

// textWant names the text formats in errors about content none of them
// is: "CSV or JSON".
var textWant = func() string {
	var kinds []string
	for _, f := range registry {
		if k := strings.ToUpper(f.kind.String()); f.text && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return strings.Join(kinds, " or ")
}()

// Detect tells the format of an input whose name says nothing (standard
// input, an unknown extension) from its first bytes, read from r (which
// is consumed: read it again from its start). See [Sniff].
func Detect(r io.Reader) (*Format, error) {
	head, rest, err := sniff.Peek(r, sniff.HeadSize)
	if err != nil {
		return nil, err
	}
	if !sniff.Magic(head).Compressed() {
		return Sniff(head, nil)
	}
	in, err := sniff.Open(rest, sniff.Options{Want: textWant, KeepNUL: true})
	var se *sniff.Error
	if errors.As(err, &se) && byMagic(se.Inner) != nil {
		return nil, compressedBinary(se.Format, se.Inner)
	}
	if err != nil {
		return nil, err
	}
	defer in.Close()
	inner, _, err := sniff.Peek(in.Reader, sniff.HeadSize)
	if err != nil {
		return nil, err
	}
	return Sniff(head, inner)
}

// Sniff tells the format of content from its first bytes (up to
// sniff.HeadSize of them): Arrow's and Parquet's magic, else text, which
// is JSON when its first byte past a byte order mark and spaces is a
// bracket or a brace, CSV otherwise. Text compressed with gzip or zstd is
// looked into: inner is the first bytes of the text inside head's stream.
// Content no reader reads (a zip archive, an xz stream, NUL bytes, an
// Arrow or Parquet file compressed whole) is an error saying what it looks
// like.
func Sniff(head, inner []byte) (*Format, error) {
	k := sniff.Detect(head)
	switch {
	case k == sniff.Text:
		return textFormat(head), nil
	case k.Compressed():
		switch in := sniff.Detect(inner); {
		case in == sniff.Text:
			return textFormat(inner), nil
		case byMagic(in) != nil:
			return nil, compressedBinary(k, in)
		default:
			return nil, &sniff.Error{Format: k, Inner: in, Want: textWant}
		}
	}
	if f := byMagic(k); f != nil {
		return f, nil
	}
	return nil, &sniff.Error{Format: k, Want: textWant}
}

// Refused is the format of the content a text format's reader refused in
// err (a Parquet file given to the CSV reader), nil when err is no such
// refusal or the content is none of the formats (a zip archive).
func Refused(err error) *Format {
	var se *sniff.Error
	if !errors.As(err, &se) || se.Format.Compressed() {
		return nil
	}
	return byMagic(se.Format)
}

// byMagic is the format whose magic bytes say k, nil for none.
func byMagic(k sniff.Format) *Format {
	for _, f := range registry {
		if slices.Contains(f.magic, k) {
			return f
		}
	}
	return nil
}

// textFormat is the text format whose leading bytes head starts with,
// past a byte order mark and spaces; CSV when none's does.
func textFormat(head []byte) *Format {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	for _, f := range registry {
		if len(t) > 0 && f.leads != "" && strings.IndexByte(f.leads, t[0]) >= 0 {
			return f
		}
	}
	return CSV
}

// compressedBinary is the error for an Arrow or Parquet file compressed
// whole.
func compressedBinary(k, in sniff.Format) error {
	return fmt.Errorf("looks like %s compressed with %s: Arrow and Parquet files are read uncompressed (they compress their own pages); decompress it first", in, k)
}
