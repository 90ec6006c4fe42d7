package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
)

// testCell builds one code cell of an executed notebook.
func testCell(tag, source string, outputs ...map[string]any) map[string]any {
	meta := map[string]any{}
	if tag != "" {
		meta["tags"] = []string{tag}
	}
	if outputs == nil {
		outputs = []map[string]any{}
	}
	return map[string]any{"cell_type": "code", "metadata": meta, "source": source, "outputs": outputs}
}

func stdout(lines ...string) map[string]any {
	return map[string]any{"output_type": "stream", "name": "stdout", "text": lines}
}

func htmlOutput(h string) map[string]any {
	return map[string]any{"output_type": "display_data", "data": map[string]any{"text/html": h}}
}

func TestCheckNotebook(t *testing.T) {
	f := frame.FromRecords([]map[string]any{{"title": "Snickerdoodle cookies", "time": 55}, {"title": "Tomato soup", "time": 40}})
	other := f.Head(1)
	want := []stepOutput{
		{printed: "snickerdoodle\ncount 50\n"},
		{printed: "2 recipes\n", shown: []view{{f: f}}},
	}
	good := func() []map[string]any {
		return []map[string]any{
			testCell("setup", "!*go mod edit"),
			testCell("step-1", "fmt.Println(x)", stdout("snickerdoodle\n", "count 50\n")),
			testCell("step-2", "gonbui.DisplayHTML(f.HTML())", stdout("2 recipes\n"), htmlOutput(f.HTML())),
		}
	}
	tests := []struct {
		name  string
		edit  func(cells []map[string]any) []map[string]any
		wants []string // substrings of the error; none: no error
	}{
		{"all good", func(c []map[string]any) []map[string]any { return c }, nil},
		{"an error output", func(c []map[string]any) []map[string]any {
			c[0]["outputs"] = []map[string]any{{"output_type": "error", "ename": "ERROR", "evalue": "go get failed"}}
			return c
		}, []string{"cell 1: error ERROR: go get failed"}},
		{"stderr", func(c []map[string]any) []map[string]any {
			c[1]["outputs"] = append(c[1]["outputs"].([]map[string]any), map[string]any{"output_type": "stream", "name": "stderr", "text": "panic: boom\ngoroutine 1"})
			return c
		}, []string{"cell 2 (step-1): wrote to stderr: panic: boom …"}},
		{"other text", func(c []map[string]any) []map[string]any {
			c[1]["outputs"] = []map[string]any{stdout("snickerdoodle\n", "count 49\n")}
			return c
		}, []string{"cell 2 (step-1): printed what step 1", `notebook "count 49"`, `main.go  "count 50"`}},
		{"less printed", func(c []map[string]any) []map[string]any {
			c[1]["outputs"] = []map[string]any{stdout("snickerdoodle\n")}
			return c
		}, []string{"cell 2 (step-1): printed what step 1", `main.go  "count 50"`}},
		{"no HTML", func(c []map[string]any) []map[string]any {
			c[2]["outputs"] = []map[string]any{stdout("2 recipes\n")}
			return c
		}, []string{"cell 3 (step-2): showed 0 HTML outputs, step 2 of main.go shows 1 frames"}},
		{"the HTML of another frame", func(c []map[string]any) []map[string]any {
			c[2]["outputs"] = []map[string]any{stdout("2 recipes\n"), htmlOutput(other.HTML())}
			return c
		}, []string{"cell 3 (step-2): HTML output 1 is not the HTML of frame 1 of step 2", "shape: (1, 2)", "shape: (2, 2)"}},
		{"a step missing", func(c []map[string]any) []map[string]any { return c[:2] },
			[]string{"no code cell is tagged step-2"}},
		{"a step the tour has not", func(c []map[string]any) []map[string]any {
			return append(c, testCell("step-3", "", stdout("x\n")))
		}, []string{"cell 4 (step-3): the tour has no step 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb, err := json.Marshal(map[string]any{"cells": tt.edit(good())})
			if err != nil {
				t.Fatal(err)
			}
			err = checkNotebook(nb, want)
			if tt.wants == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want one with %q", tt.wants)
			}
			for _, w := range tt.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\ndoes not contain %q", err, w)
				}
			}
		})
	}
}

func TestCheckNotebookBadJSON(t *testing.T) {
	if err := checkNotebook([]byte("{"), nil); err == nil || !strings.Contains(err.Error(), "reading the executed notebook") {
		t.Fatalf("got %v, want an error reading the notebook", err)
	}
}

// TestWithOutputs fills the step cells of a notebook without outputs and
// checks that the result passes checkNotebook, while other cells are kept.
func TestWithOutputs(t *testing.T) {
	f := frame.FromRecords([]map[string]any{{"title": "Snickerdoodle cookies", "time": 55}})
	want := []stepOutput{
		{printed: "a\nb\n"},
		{printed: "1 recipe\n", shown: []view{{f: f}, {f: f.Select("title")}}},
	}
	setup := testCell("setup", "!*go mod edit", stdout("kept\n"))
	nb, err := json.Marshal(map[string]any{"cells": []map[string]any{
		setup,
		{"cell_type": "markdown", "metadata": map[string]any{}, "source": "# A tour"},
		testCell("step-1", "fmt.Println(x)"),
		testCell("step-2", "gonbui.DisplayHTML(f.HTML())"),
	}, "nbformat": 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkNotebook(nb, want); err == nil {
		t.Fatal("a notebook without outputs passes the check")
	}
	filled, err := withOutputs(nb, want)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkNotebook(filled, want); err != nil {
		t.Fatalf("filled notebook fails the check: %v", err)
	}
	for _, s := range []string{`"text": [` + "\n" + `      "a\n",` + "\n" + `      "b\n"` + "\n", `"kept\n"`, `"# A tour"`, `"nbformat": 4`, "<table"} {
		if !strings.Contains(string(filled), s) {
			t.Errorf("filled notebook lacks %q:\n%s", s, filled)
		}
	}
	if _, err := withOutputs(nb, want[:1]); err == nil || !strings.Contains(err.Error(), "cell 4: the tour has no step 2") {
		t.Errorf("got %v, want an error naming cell 4 and step 2", err)
	}
}
