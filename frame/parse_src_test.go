package frame

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestParseExprSourceInErrors checks that an error evaluating a parsed
// expression quotes the text the user wrote and its offset, not the Go
// rendering of the expression.
func TestParseExprSourceInErrors(t *testing.T) {
	f := parseTestFrame(t)
	for _, tc := range []struct{ in, want string }{
		{`time < 'a'`, "`time < 'a'` (offset 0): type mismatch: cannot compare int64 and string"},
		{`vegan and (time + title > 1)`, "`time + title` (offset 11): type mismatch"},
		{`contains(time, 3)`, "`contains(time, 3)` (offset 0): type mismatch: contains takes a string or a list, got int64"},
		{`stddev(tags) > 1`, "`stddev(tags)` (offset 0): type mismatch: cannot take the std of string"},
		{`time + 1`, "predicate `time + 1` is int64, not bool"},
		{` title `, "predicate `title` is string, not bool"},
		{`title[0] == "x"`, "`title[0]` (offset 0): type mismatch: a list function takes a list column"},
		{`time < '` + strings.Repeat("x", 100) + `'`, "`time < '" + strings.Repeat("x", 22) + "…" + strings.Repeat("x", 29) + "'` (offset 0)"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			err := f.Filter(MustParseExpr(tc.in)).Err()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "col(") {
				t.Errorf("error %v shows the Go rendering", err)
			}
		})
	}
}

// TestParseExprMeta checks that Columns and Conjuncts see through the
// nodes ParseExpr adds: a dataset reader prunes partitions with them.
func TestParseExprMeta(t *testing.T) {
	e := MustParseExpr("len(tags) > 1 and a.b == c and contains(d, e)")
	if got, want := e.Columns(), []string{"tags", "a.b", "c", "d", "e"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Columns = %v, want %v", got, want)
	}
	if got := len(e.Conjuncts()); got != 3 {
		t.Errorf("%d conjuncts, want 3", got)
	}
}

// TestColumnNotFoundNested checks that a nested path naming no field
// lists the fields of its parent structure, not the top-level columns.
func TestColumnNotFoundNested(t *testing.T) {
	f := parseTestFrame(t)
	for _, tc := range []struct{ in, want string }{
		{`recipe.nope > 1`, `column "recipe.nope" not found (fields of recipe: serves)`},
		{`title.x > 1`, `column "title.x" not found (title is not a structure)`},
		{`nope > 1`, `column "nope" not found (columns: odd name, ratings, recipe`},
	} {
		err := f.Filter(MustParseExpr(tc.in)).Err()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

// TestParseQuotedNameHint: a double-quoted name is a column (SQL's rule);
// when there is none of that name the error says how a string is written.
func TestParseQuotedNameHint(t *testing.T) {
	f := FromColumns([]string{"title", "odd name"}, []string{"soup"}, []int64{1})
	if err := f.Filter(MustParseExpr(`"odd name" = 1`)).Err(); err != nil {
		t.Fatalf("a double-quoted column: %v", err)
	}
	err := f.Filter(MustParseExpr(`title = "soup"`)).Err()
	if err == nil || !errors.Is(err, ErrColumn) || !strings.Contains(err.Error(), `column "soup" not found`) || !strings.Contains(err.Error(), "a string is written between single quotes: 'soup'") {
		t.Errorf("got %v", err)
	}
}

// TestParseSQLOperators: DuckDB's // (integer division truncating, a zero
// divisor null, plain division with a float) and || (concatenation of
// strings, a number written as text, null with a null; of lists).
func TestParseSQLOperators(t *testing.T) {
	f := FromColumns([]string{"i", "d", "s", "l"},
		[]int64{-7, 7, 5}, []int64{2, 0, 2}, []any{"a", nil, "c"}, [][]int64{{1}, {}, {2, 3}})
	for _, c := range []struct {
		in   string
		want string
	}{
		{"i // d", "[-3 <nil> 2]"},
		{"i // 2.0", "[-3.5 3.5 2.5]"},
		{"s || '-' || i", "[a--7 <nil> c-5]"},
	} {
		out := f.SelectExprs(MustParseExpr(c.in).Alias("x"))
		if err := out.Err(); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		s, _ := out.Column("x")
		if got := fmt.Sprint(s.ToValue()); got != c.want {
			t.Errorf("%s = %s, want %s", c.in, got, c.want)
		}
	}
	out := f.SelectExprs(MustParseExpr("l || l").Alias("x"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.Column("x")
	if got := fmt.Sprint(s.ToValue()); got != "[[1 1] [] [2 3 2 3]]" {
		t.Errorf("l || l = %s", got)
	}
}
