package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The checks of an executed tour.ipynb (run.sh, -check; checkNotebook),
// so the notebook and this program are the same tour.

// notebook is the part of the .ipynb format (nbformat 4) the checks read.
type notebook struct {
	Cells []cell `json:"cells"`
}

type cell struct {
	CellType string `json:"cell_type"`
	Metadata struct {
		Tags []string `json:"tags"`
	} `json:"metadata"`
	Source  multiline `json:"source"`
	Outputs []output  `json:"outputs"`
}

type output struct {
	OutputType string               `json:"output_type"`
	Name       string               `json:"name"` // stdout or stderr, for a stream
	Text       multiline            `json:"text"`
	Data       map[string]multiline `json:"data"`
	Ename      string               `json:"ename"`
	Evalue     string               `json:"evalue"`
}

// multiline is a text field of the format: a string or a list of lines.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		// Non-text data (a JSON mime bundle) is not checked.
		return nil
	}
	*m = multiline(strings.Join(lines, ""))
	return nil
}

// stepTag is the tag of the code cell that runs step N of the tour.
var stepTag = regexp.MustCompile(`^step-([0-9]+)$`)

// checkNotebook checks the executed notebook nb against want, the tour's
// steps as runTour ran them: every code cell ran without an error and
// wrote nothing to stderr, and the cell tagged step-N printed what step N
// prints and showed, in order, the HTML of the frames step N shows. It
// returns every problem found, one per line, or nil.
func checkNotebook(nb []byte, want []stepOutput) error {
	var book notebook
	if err := json.Unmarshal(nb, &book); err != nil {
		return fmt.Errorf("reading the executed notebook: %w", err)
	}
	var problems []string
	seen := map[int]bool{}
	for i, c := range book.Cells {
		if c.CellType != "code" {
			continue
		}
		where := fmt.Sprintf("cell %d", i+1)
		step := 0
		for _, tag := range c.Metadata.Tags {
			if m := stepTag.FindStringSubmatch(tag); m != nil {
				step, _ = strconv.Atoi(m[1])
				where = fmt.Sprintf("cell %d (%s)", i+1, tag)
			}
		}
		var stdout strings.Builder
		var htmls []string
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error":
				problems = append(problems, fmt.Sprintf("%s: error %s: %s", where, o.Ename, o.Evalue))
			case o.OutputType == "stream" && o.Name == "stderr":
				problems = append(problems, fmt.Sprintf("%s: wrote to stderr: %s", where, firstLine(string(o.Text))))
			case o.OutputType == "stream":
				stdout.WriteString(string(o.Text))
			case o.OutputType == "display_data" || o.OutputType == "execute_result":
				if h, ok := o.Data["text/html"]; ok {
					htmls = append(htmls, string(h))
				}
			}
		}
		if step == 0 {
			continue
		}
		if step > len(want) {
			problems = append(problems, fmt.Sprintf("%s: the tour has no step %d", where, step))
			continue
		}
		seen[step] = true
		w := want[step-1]
		if got := stdout.String(); got != w.printed {
			problems = append(problems, fmt.Sprintf("%s: printed what step %d of main.go does not:\n%s", where, step, diffLine(got, w.printed)))
		}
		if len(htmls) != len(w.shown) {
			problems = append(problems, fmt.Sprintf("%s: showed %d HTML outputs, step %d of main.go shows %d frames", where, len(htmls), step, len(w.shown)))
			continue
		}
		for k, v := range w.shown {
			h := v.html()
			if !strings.Contains(h, "<table") {
				problems = append(problems, fmt.Sprintf("%s: frame %d of step %d renders no <table>", where, k+1, step))
			}
			if htmls[k] != h {
				problems = append(problems, fmt.Sprintf("%s: HTML output %d is not the HTML of frame %d of step %d:\n%s", where, k+1, k+1, step, diffLine(htmls[k], h)))
			}
		}
	}
	for n := 1; n <= len(want); n++ {
		if !seen[n] {
			problems = append(problems, fmt.Sprintf("no code cell is tagged step-%d", n))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return nil
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// diffLine names the first line where got and want differ.
func diffLine(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		switch {
		case i >= len(g):
			return fmt.Sprintf("  line %d: the notebook has no more lines, main.go has %q", i+1, w[i])
		case i >= len(w):
			return fmt.Sprintf("  line %d: the notebook has %q, main.go has no more lines", i+1, g[i])
		case g[i] != w[i]:
			gi, wi := around(g[i], w[i])
			return fmt.Sprintf("  line %d: notebook %q\n  line %d: main.go  %q", i+1, gi, i+1, wi)
		}
	}
	return "  (equal)"
}

// around cuts two long lines that differ to the 60 bytes either side of
// their first difference.
func around(a, b string) (string, string) {
	d := 0
	for d < len(a) && d < len(b) && a[d] == b[d] {
		d++
	}
	cut := func(s string) string {
		lo, hi := max(d-60, 0), min(d+60, len(s))
		out := s[lo:hi]
		if lo > 0 {
			out = "…" + out
		}
		if hi < len(s) {
			out += "…"
		}
		return out
	}
	return cut(a), cut(b)
}
