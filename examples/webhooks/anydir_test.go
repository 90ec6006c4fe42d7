package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestRunsFromAnyDirectory runs the example as go run does, without
// arguments, from the repository's root (as the README says) and from an
// unrelated directory: its data are found wherever it is run from.
func TestRunsFromAnyDirectory(t *testing.T) {
	want, err := os.ReadFile("testdata/output.golden")
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
			if err := mainRun([]string{}, &buf); err != nil {
				t.Fatalf("from %s: %v", dir, err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("from %s: the output differs from testdata/output.golden:\n%s", dir, buf.Bytes())
			}
		})
	}
}
