// Package golden compares a test's output with a file kept in testdata/,
// which `go test -update` rewrites: the examples' tests share it.
package golden

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
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

// CheckFromAnyDirectory runs an example as go run does, from the
// repository's root (two levels above the example's folder, as the README
// says to run it) and from an unrelated temporary directory, and fails t
// unless each run prints exactly the golden file at path (read before
// moving): an example must find its data wherever it is run from.
func CheckFromAnyDirectory(t *testing.T, path string, run func(w io.Writer) error) {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, t.TempDir()} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Chdir(dir)
			var buf bytes.Buffer
			if err := run(&buf); err != nil {
				t.Fatalf("from %s: %v", dir, err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("from %s: the output differs from %s:\n%s", dir, path, buf.Bytes())
			}
		})
	}
}
