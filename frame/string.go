package frame

import (
	"encoding/json"
	"fmt"
	"strings"
)

// stringRows is how many rows String shows at the head and at the tail.
const stringRows = 5

// String prints the shape, the schema and the first and last rows, one
// record per line; a Frame holding an error prints the error.
func (f *Frame) String() string {
	if err := f.Err(); err != nil {
		return "frame error: " + err.Error()
	}
	var b strings.Builder
	rows, cols := f.Shape()
	fmt.Fprintf(&b, "shape: (%d, %d)  index: %s\nschema: %s\n", rows, cols, f.idx, f.data.Spec())
	writeRows := func(g *Frame, from int) {
		vals, _ := g.data.ToValue().([]any)
		names := g.data.FieldNames()
		for i, v := range vals {
			fmt.Fprintf(&b, "%d: ", from+i)
			m, _ := v.(map[string]any)
			for k, name := range names {
				if k > 0 {
					b.WriteString(", ")
				}
				b.WriteString(name)
				b.WriteString("=")
				b.WriteString(cellText(m[name]))
			}
			b.WriteString("\n")
		}
	}
	if rows <= 2*stringRows {
		writeRows(f, 0)
	} else {
		writeRows(f.Head(stringRows), 0)
		b.WriteString("…\n")
		writeRows(f.Tail(stringRows), rows-stringRows)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// cellText renders one cell as JSON text when it can, cut to 60 bytes.
func cellText(v any) string {
	var s string
	if bs, err := json.Marshal(v); err == nil {
		s = string(bs)
	} else {
		s = fmt.Sprint(v)
	}
	if len(s) > 60 {
		s = s[:57] + "…"
	}
	return s
}
