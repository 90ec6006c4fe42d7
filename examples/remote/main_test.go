package main

import (
	"bytes"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRun runs the example, its servers in the test's process, and
// compares its output with testdata/output.golden (go test -update
// rewrites it): the query results, and the requests and bytes the S3
// server served for the pruned query.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/output.golden", buf.Bytes())
}
