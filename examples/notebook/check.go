package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The checks of an executed tour.ipynb (run.sh, -check): every code cell
// ran without an error, and each step cell (tagged "step-N") printed what
// step N of this program prints, so the notebook and main.go are the same
// tour. A step cell that shows HTML (gonbui.DisplayHTML) must have shown a
// <table>.

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

// sectionHeader starts step N's output in this program's output.
var sectionHeader = regexp.MustCompile(`(?m)^== ([0-9]+)\. .*\n`)

// sections cuts the tour's output into the text each step printed.
func sections(tour string) map[int]string {
	out := map[int]string{}
	locs := sectionHeader.FindAllStringSubmatchIndex(tour, -1)
	for i, loc := range locs {
		n, _ := strconv.Atoi(tour[loc[2]:loc[3]])
		end := len(tour)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out[n] = strings.TrimRight(tour[loc[1]:end], "\n")
	}
	return out
}

// checkNotebook checks the executed notebook nb against tour, the output
// of run; wantSteps is how many steps the tour has. It returns every
// problem found, one per line, or nil.
func checkNotebook(nb []byte, tour string, wantSteps int) error {
	var book notebook
	if err := json.Unmarshal(nb, &book); err != nil {
		return fmt.Errorf("reading the executed notebook: %w", err)
	}
	want := sections(tour)
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
		hasTable := false
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error":
				problems = append(problems, fmt.Sprintf("%s: error %s: %s", where, o.Ename, o.Evalue))
			case o.OutputType == "stream" && o.Name == "stderr":
				problems = append(problems, fmt.Sprintf("%s: wrote to stderr: %s", where, firstLine(string(o.Text))))
			case o.OutputType == "stream":
				stdout.WriteString(string(o.Text))
			case o.OutputType == "display_data" || o.OutputType == "execute_result":
				if strings.Contains(string(o.Data["text/html"]), "<table") {
					hasTable = true
				}
			}
		}
		if step == 0 {
			continue
		}
		seen[step] = true
		got := strings.TrimRight(stdout.String(), "\n")
		w, ok := want[step]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s: the tour has no step %d", where, step))
		case got == "":
			problems = append(problems, fmt.Sprintf("%s: printed nothing", where))
		case got != w && !strings.HasPrefix(w, got+"\n"):
			problems = append(problems, fmt.Sprintf("%s: printed what step %d of main.go does not:\n%s", where, step, diffLine(got, w)))
		}
		if strings.Contains(string(c.Source), "gonbui.DisplayHTML(") && !hasTable {
			problems = append(problems, fmt.Sprintf("%s: shows HTML but no <table> came out", where))
		}
	}
	for n := 1; n <= wantSteps; n++ {
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
	for i := range g {
		if i >= len(w) {
			return fmt.Sprintf("  line %d: notebook %q, main.go has no more lines", i+1, g[i])
		}
		if g[i] != w[i] {
			return fmt.Sprintf("  line %d: notebook %q\n  line %d: main.go  %q", i+1, g[i], i+1, w[i])
		}
	}
	return "  (the notebook printed a line main.go ends without)"
}
