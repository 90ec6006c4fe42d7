package main

import (
	"encoding/json"
	"strings"
	"testing"
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

func TestCheckNotebook(t *testing.T) {
	const tour = "== 1. first\nsnickerdoodle\ncount 50\n\n== 2. second\nshape: (3, 6)\nmore\n"
	html := map[string]any{"output_type": "display_data", "data": map[string]any{"text/html": []string{"<table>", "</table>"}}}
	good := func() []map[string]any {
		return []map[string]any{
			testCell("setup", "!*go mod edit"),
			testCell("step-1", "fmt.Println(x)", stdout("snickerdoodle\n", "count 50\n")),
			testCell("step-2", "gonbui.DisplayHTML(f.HTML())", stdout("shape: (3, 6)\n"), html),
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
		{"a cut line is not a prefix", func(c []map[string]any) []map[string]any {
			c[2]["outputs"] = []map[string]any{stdout("shape: (3"), html}
			return c
		}, []string{"cell 3 (step-2): printed what step 2"}},
		{"nothing printed", func(c []map[string]any) []map[string]any {
			c[1]["outputs"] = []map[string]any{}
			return c
		}, []string{"cell 2 (step-1): printed nothing"}},
		{"HTML without a table", func(c []map[string]any) []map[string]any {
			c[2]["outputs"] = []map[string]any{stdout("shape: (3, 6)\n")}
			return c
		}, []string{"cell 3 (step-2): shows HTML but no <table> came out"}},
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
			err = checkNotebook(nb, tour, 2)
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
	if err := checkNotebook([]byte("{"), "", 0); err == nil || !strings.Contains(err.Error(), "reading the executed notebook") {
		t.Fatalf("got %v, want an error reading the notebook", err)
	}
}
