package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

// TestRun runs the example and compares its output
// with testdata/output.golden (go test -update rewrites it).
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/output.golden", buf.Bytes())
}

// TestReadme: the README's tour shows this example's code (between the
// tour:begin and tour:end comments) and its output, as they are.
func TestReadme(t *testing.T) {
	readme, err := os.ReadFile(repoFile("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(src), "// tour:begin\n")
	body, _, ok2 := strings.Cut(body, "\t// tour:end")
	if !ok || !ok2 {
		t.Fatal("main.go lost its tour:begin/tour:end comments")
	}
	var code strings.Builder
	for _, line := range strings.SplitAfter(body, "\n") {
		code.WriteString(strings.TrimPrefix(line, "\t"))
	}
	if !strings.Contains(string(readme), code.String()) {
		t.Errorf("README.md does not show the tour's code as main.go has it:\n%s", code.String())
	}
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), out.String()) {
		t.Errorf("README.md does not show the tour's output:\n%s", out.String())
	}
}
