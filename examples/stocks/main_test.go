package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRun runs the example on the bundled CSVs and compares its output
// with testdata/output.golden (go test -update rewrites it). Its figures
// were checked against DuckDB on the same files: IBM's 2008 returns,
// 12-month means (ROWS BETWEEN 11 PRECEDING AND CURRENT ROW), running
// highs and drawdowns; the five best months; each company's deepest
// drawdown, its date (arg_min), the standard deviation and median of its
// returns; the yearly means of 2004 and 2010; and the quarter-end prices
// per 1000 points of the index (the last observation on or before the
// date, by a correlated subquery).
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

// TestBadFile: a file that is not there is an error naming it, not a
// panic or an empty report.
func TestBadFile(t *testing.T) {
	err := mainRun([]string{"-stocks", "testdata/nope.csv"}, io.Discard)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("nope.csv")) {
		t.Fatalf("err = %v, want an error naming nope.csv", err)
	}
}
