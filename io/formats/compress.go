package formats

import (
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/structframe/structframe/internal/sniff"
)

// Compressed reports whether a path ends in a compression extension
// (.gz, .gzip, .zst, .zstd, in any case): the readers of the text formats
// decompress such a file, and [Compress] compresses an output so named.
func Compressed(path string) bool { return sniff.Compression(path) != sniff.Text }

// Compress is what compresses an output named with a compression
// extension (gzip for .gz and .gzip, zstd for .zst and .zstd), or w itself
// with a Close that does nothing. Close it before w: it writes the end of
// the compressed stream.
func Compress(path string, w io.Writer) (io.WriteCloser, error) {
	switch sniff.Compression(path) {
	case sniff.Gzip:
		return gzip.NewWriter(w), nil
	case sniff.Zstd:
		return zstd.NewWriter(w)
	}
	return nopCloser{w}, nil
}

// nopCloser is an io.Writer with a Close that does nothing.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
