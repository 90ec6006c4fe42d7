package main

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden file")

// TestRun runs the example on the bundled payloads and compares its output
// with testdata/output.golden (go test -update rewrites it).
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf, "testdata"); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/output.golden"
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("output differs from %s; got:\n%s", golden, buf.String())
	}
}
