package frame

import (
	"fmt"
	"testing"
)

// TestParseExprListAggregates checks that every aggregation of the text
// language works per list on a list column in a filter, as sum and mean
// do: first(tags) is each row's first tag, not the first row's list.
func TestParseExprListAggregates(t *testing.T) {
	f := parseTestFrame(t)
	for _, tc := range []struct {
		in   string
		want string // the titles kept
	}{
		{`first(tags) == 'soup'`, "Tomato soup|Pea soup"},
		{`last(tags) == 'quick'`, "Tomato soup"},
		{`last(ratings.score) == 3`, "Beef stew"},
		{`stddev(ratings.score) > 0.5`, "Tomato soup"}, // one or no item: null
		{`count(ratings.score) == 1`, "Beef stew"},
		{`count(tags) == 0`, "Beef stew"},
		{`count(DISTINCT tags) == 1`, "Pea soup"},
		{`first(time) == 30`, "Tomato soup|Beef stew|Pea soup"}, // a scalar column: over the rows
		{`count(score) == 2`, "Tomato soup|Beef stew|Pea soup"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			e, err := ParseExpr(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := titles(t, f, e); got != tc.want {
				t.Errorf("kept %q, want %q (expr %s)", got, tc.want, e)
			}
		})
	}
}

// TestParseExprListAggregatesInGroupBy checks that in GroupBy.Agg the same
// functions aggregate the groups' rows, lists included.
func TestParseExprListAggregatesInGroupBy(t *testing.T) {
	f := parseTestFrame(t)
	agg := func(s string) Expr { return MustParseExpr(s).Alias(s) }
	g := f.GroupBy("vegan").Agg(agg("first(tags)"), agg("last(title)"), agg("count(ratings.score)"), agg("count(DISTINCT tags)"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	for col, want := range map[string]string{
		"first(tags)":          "[[soup quick] []]",
		"last(title)":          "[Pea soup Beef stew]",
		"count(ratings.score)": "[2 1]",
		"count(DISTINCT tags)": "[2 0]",
	} {
		s, err := g.Column(col)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(s.ToValue()); got != want {
			t.Errorf("%s = %s, want %s", col, got, want)
		}
	}
}
