package main

import (
	"bytes"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRun runs the example on the bundled sample and compares its output
// with testdata/output.golden (go test -update rewrites it).
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf, "../../testdata/recipes_sample.ndjson"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/output.golden", buf.Bytes())
}
