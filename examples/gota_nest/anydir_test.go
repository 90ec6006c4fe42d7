package main

import (
	"io"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRunsFromAnyDirectory runs the example as go run does, without
// arguments, from the repository's root (as the README says) and from an
// unrelated directory: its data are found wherever it is run from.
func TestRunsFromAnyDirectory(t *testing.T) {
	golden.CheckFromAnyDirectory(t, "testdata/output.golden", func(w io.Writer) error { return mainRun([]string{}, w) })
}
