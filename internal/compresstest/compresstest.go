// Package compresstest makes gzip and zstd copies of test inputs, for the
// tests of every reader that takes compressed input (csv, json, sniff and
// the command), so they all compress the same way.
package compresstest

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Gzip returns b as one gzip member, failing t on error.
func Gzip(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Zstd returns b as one zstd frame, failing t on error.
func Zstd(t testing.TB, b []byte) []byte {
	t.Helper()
	w, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	return w.EncodeAll(b, nil)
}
