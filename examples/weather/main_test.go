package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRun runs the example on the bundled CSV and compares its output
// with testdata/output.golden (go test -update rewrites it). Its figures
// were checked against DuckDB on the same file: per year the days, wet
// days, rain, mean and highest maximum and the hottest day, and the 26
// sunny July days of 30 °C or more.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := mainRun(nil, &buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/output.golden", buf.Bytes())
}

// TestRunsFromAnyDirectory runs the example as go run does, from the
// repository's root and from an unrelated directory: its data are
// embedded.
func TestRunsFromAnyDirectory(t *testing.T) {
	golden.CheckFromAnyDirectory(t, "testdata/output.golden", func(w io.Writer) error { return mainRun(nil, w) })
}
