package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// withOutputs returns the notebook nb with each step cell's outputs set to
// what the step prints and shows: its printed text as one stdout stream,
// then one HTML output per frame. These are the outputs executing the
// notebook gives (run.sh checks that they are), so go test -update can
// save them again after a change of the library's printing, where Jupyter
// is absent. The notebook is written as nbformat writes it: keys sorted,
// one space of indent, text as lists of lines, no escapes of non-ASCII.
func withOutputs(nb []byte, want []stepOutput) ([]byte, error) {
	var book map[string]any
	if err := json.Unmarshal(nb, &book); err != nil {
		return nil, fmt.Errorf("reading the notebook: %w", err)
	}
	cells, _ := book["cells"].([]any)
	for i, c := range cells {
		cell, _ := c.(map[string]any)
		if cell == nil || cell["cell_type"] != "code" {
			continue
		}
		step := cellStep(cell)
		if step == 0 {
			continue
		}
		if step > len(want) {
			return nil, fmt.Errorf("cell %d: the tour has no step %d", i+1, step)
		}
		w := want[step-1]
		outputs := []any{}
		if w.printed != "" {
			outputs = append(outputs, map[string]any{
				"name": "stdout", "output_type": "stream", "text": lines(w.printed),
			})
		}
		for _, v := range w.shown {
			outputs = append(outputs, map[string]any{
				"data":        map[string]any{"text/html": lines(v.html())},
				"metadata":    map[string]any{},
				"output_type": "display_data",
			})
		}
		cell["outputs"] = outputs
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(book); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// cellStep is N for a cell tagged step-N, else 0.
func cellStep(cell map[string]any) int {
	meta, _ := cell["metadata"].(map[string]any)
	tags, _ := meta["tags"].([]any)
	for _, t := range tags {
		s, _ := t.(string)
		if m := stepTag.FindStringSubmatch(s); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	return 0
}

// lines splits s after each line break, as nbformat stores text.
func lines(s string) []string {
	out := strings.SplitAfter(s, "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
