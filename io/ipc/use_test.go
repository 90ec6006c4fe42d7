package ipc

import (
	"fmt"
	"io"

	"github.com/structframe/structframe/frame"
	sfcsv "github.com/structframe/structframe/io/csv"
	sfjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// useFrame does with a Frame read what the command does: prints it as
// text and HTML and writes it as JSON, CSV and Parquet (to io.Discard).
// Errors are fine; a panic is what the callers look for. It returns how
// many of the writes failed.
func useFrame(f *frame.Frame) int {
	_ = fmt.Sprint(f)
	_ = f.HTML()
	failed := 0
	for _, write := range []func() error{
		func() error { return sfjson.Write(io.Discard, f) },
		func() error { return sfcsv.Write(io.Discard, f) },
		func() error { return parquet.Write(io.Discard, f) },
	} {
		if write() != nil {
			failed++
		}
	}
	return failed
}
