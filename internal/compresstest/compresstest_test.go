package compresstest

import (
	"bytes"
	"io"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// TestRoundTrip: both copies decompress to the input.
func TestRoundTrip(t *testing.T) {
	in := []byte("a,b\n1,2\n")
	zr, err := gzip.NewReader(bytes.NewReader(Gzip(t, in)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, in) {
		t.Errorf("gzip: %q %v", got, err)
	}
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got, err = d.DecodeAll(Zstd(t, in), nil)
	if err != nil || !bytes.Equal(got, in) {
		t.Errorf("zstd: %q %v", got, err)
	}
}
