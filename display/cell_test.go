package display

import (
	"strings"
	"testing"
)

// TestCellText checks how single values read: nulls apart from empties,
// cuts that say what they hide and close their brackets.
func TestCellText(t *testing.T) {
	st := fromJSON(t, `[
		{"l": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], "s": "", "m": {"a": [], "b": {"c": null}}},
		{"l": [], "s": null, "m": null},
		{"l": null, "s": "line\nbreak", "m": {"a": [1], "b": null}}
	]`)
	o := Options{MaxItems: 4, MaxString: 30, Precision: -1}
	cell := func(field string, row, budget int) string {
		for _, f := range st.Fields() {
			if f.Name == field {
				return cellText(newNode(f.Name, f.Value, 1, -1), row, &o, budget)
			}
		}
		t.Fatalf("no field %s", field)
		return ""
	}
	for _, c := range []struct {
		field  string
		row    int
		budget int
		want   string
	}{
		{"l", 0, 0, "[1.0, 2.0, 3.0, … +11, 15.0]"},
		{"l", 1, 0, "[]"},
		{"l", 2, 0, "null"},
		{"s", 0, 0, `""`},
		{"s", 1, 0, "null"},
		{"s", 2, 0, `line\nbreak`},
		{"m", 0, 0, "{a: [], b: {c: null}}"},
		{"m", 1, 0, "null"},
		{"m", 2, 0, "{a: [1.0], b: null}"},
		{"l", 0, 20, "[1.0, … +13, 15.0]"},
		{"l", 0, 8, "[1.0, … +14]"}, // the first item stays, over the budget
	} {
		if got := cell(c.field, c.row, c.budget); got != c.want {
			t.Errorf("%s[%d] budget %d = %q, want %q", c.field, c.row, c.budget, got, c.want)
		}
	}
}

// TestCellBracketsClose cuts a deep value to every budget and checks that
// each rendering closes every bracket it opens and fits when it can.
func TestCellBracketsClose(t *testing.T) {
	st := deep3(t)
	grid := st.Fields()[0]
	n := newNode(grid.Name, grid.Value, 1, -1)
	o := Options{MaxItems: 4, MaxString: 30, Precision: -1}
	for budget := 1; budget < 120; budget++ {
		for row := range st.NumRows() {
			s := cellText(n, row, &o, budget)
			if !balanced(s) {
				t.Errorf("budget %d row %d: %q leaves a bracket open", budget, row, s)
			}
		}
	}
}

func balanced(s string) bool {
	var stack []rune
	inString := false
	for i, r := range s {
		switch {
		case inString:
			if r == '"' && s[i-1] != '\\' {
				inString = false
			}
		case r == '"':
			inString = true
		case r == '[' || r == '{':
			stack = append(stack, r)
		case r == ']' || r == '}':
			if len(stack) == 0 || (r == ']') != (stack[len(stack)-1] == '[') {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return len(stack) == 0 && !inString && !strings.Contains(s, "[,")
}

// TestDeepNestingFitsWidth prints structures and lists nested far deeper
// than a line holds: the cells give up depth ({…}, […]) from the inside
// until every line fits, and the dtype is cut as cells are.
func TestDeepNestingFitsWidth(t *testing.T) {
	deepList := `[{"l": ` + strings.Repeat("[", 40) + "1" + strings.Repeat("]", 40) + `}]`
	for _, c := range []struct {
		name, json string
		opts       []Option
	}{
		{"struct60_depth1", deepJSON(60), []Option{WithMaxDepth(1)}},
		{"struct60", deepJSON(60), nil},
		{"list40", deepList, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := resolve(append([]Option{WithWidth(80)}, c.opts...))
			out := Text(fromJSON(t, c.json), append([]Option{WithWidth(80)}, c.opts...)...)
			checkLines(t, out, o)
			if !strings.Contains(out, "{…}") && !strings.Contains(out, "[…]") {
				t.Errorf("no level given up:\n%s", out)
			}
			if !balanced(out[strings.Index(out, "╡"):]) {
				t.Errorf("unbalanced brackets:\n%s", out)
			}
		})
	}
}
