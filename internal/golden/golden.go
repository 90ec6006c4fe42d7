// Package golden compares a test's output with a file kept in testdata/,
// which `go test -update` rewrites: the examples' tests share it.
package golden

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

// update is the -update flag of the test binary that imports the package.
var update = flag.Bool("update", false, "rewrite the golden files")

// Check fails t unless got equals the file at path; with -update it
// writes got there first.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it); got:\n%s", path, got)
	}
}

// Updating reports whether the test binary runs with -update, for tests
// that rewrite other saved outputs the same way.
func Updating() bool { return *update }
