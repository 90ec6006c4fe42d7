package frame

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// parseNestedFrame holds the rows the expected results below were
// computed from by DuckDB:
//
//	(1, [1,2,NULL], ['b','a','b'], {'x': 1}), (2, [], [], {'x': NULL}),
//	(3, NULL, NULL, NULL), (4, [5], ['日本語'], {'x': 4}),
//	(5, [3,1,3,NULL,1], ['Ünïcödé', NULL, '🙂'], {'x': 5})
func parseNestedFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns([]string{"id", "l", "s", "n", "ll", "st"},
		[]int64{1, 2, 3, 4, 5},
		[]any{[]any{int64(1), int64(2), nil}, []any{}, nil, []any{int64(5)}, []any{int64(3), int64(1), int64(3), nil, int64(1)}},
		[]any{[]any{"b", "a", "b"}, []any{}, nil, []any{"日本語"}, []any{"Ünïcödé", nil, "🙂"}},
		[]any{map[string]any{"x": int64(1)}, map[string]any{"x": nil}, nil, map[string]any{"x": int64(4)}, map[string]any{"x": int64(5)}},
		[]any{[]any{[]any{int64(1), int64(2)}}, []any{}, nil, []any{[]any{}, nil}, []any{[]any{int64(3)}}},
		[]any{[]any{map[string]any{"a": int64(1)}}, []any{}, nil, []any{map[string]any{"a": int64(-1)}}, []any{map[string]any{"a": nil}, map[string]any{"a": int64(2)}}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestParseListFunctions checks the text form's list functions against
// DuckDB's results on the same rows (the want columns are DuckDB's
// output, as JSON).
func TestParseListFunctions(t *testing.T) {
	f := parseNestedFrame(t)
	for _, tc := range []struct{ in, want string }{
		{`list_slice(l, 2, 3)`, `[[2,null],[],null,[],[1,3]]`},
		{`list_slice(l, -2, -1)`, `[[2,null],[],null,[5],[null,1]]`},
		{`list_slice(l, 0, 2)`, `[[1,2],[],null,[5],[3,1]]`},
		{`list_slice(l, 2, -2)`, `[[2],[],null,[],[1,3,null]]`},
		{`list_extract(l, 1)`, `[1,null,null,5,3]`},
		{`list_element(l, -1)`, `[null,null,null,5,1]`},
		{`l[1]`, `[1,null,null,5,3]`},
		{`l[-1]`, `[null,null,null,5,1]`},
		{`l[0]`, `[null,null,null,null,null]`},
		{`list_sort(l)`, `[[1,2,null],[],null,[5],[1,1,3,3,null]]`},
		{`list_sort(l, 'DESC')`, `[[2,1,null],[],null,[5],[3,3,1,1,null]]`},
		{`list_sort(l, 'ASC', 'NULLS FIRST')`, `[[null,1,2],[],null,[5],[null,1,1,3,3]]`},
		{`list_reverse_sort(l)`, `[[2,1,null],[],null,[5],[3,3,1,1,null]]`},
		{`list_distinct(l)`, `[[1,2],[],null,[5],[3,1]]`}, // DuckDB: no order
		{`list_unique(l)`, `[2,0,null,1,2]`},
		{`list_reverse(l)`, `[[null,2,1],[],null,[5],[1,null,3,1,3]]`},
		{`list_concat(l, l)`, `[[1,2,null,1,2,null],[],[],[5,5],[3,1,3,null,1,3,1,3,null,1]]`},
		{`list_concat(l, null)`, `[[1,2,null],[],[],[5],[3,1,3,null,1]]`},
		{`list_contains(l, 3)`, `[false,false,null,false,true]`},
		{`list_has(s, '🙂')`, `[false,false,null,false,true]`},
		{`list_transform(l, x -> x * 2)`, `[[2,4,null],[],null,[10],[6,2,6,null,2]]`},
		{`list_filter(l, x -> x > 1)`, `[[2],[],null,[5],[3,3]]`},
		{`list_transform(s, x -> x + '!')`, `[["b!","a!","b!"],[],null,["日本語!"],["Ünïcödé!",null,"🙂!"]]`},
		{`array_length(l)`, `[3,0,null,1,5]`},
		{`len(l)`, `[3,0,null,1,5]`},
		{`array_to_string(s, '-')`, `["b-a-b","",null,"日本語","Ünïcödé-🙂"]`},
		{`struct_extract(n, 'x')`, `[1,null,null,4,5]`},
		{`list_avg(l)`, `[1.5,null,null,5,2]`},
		{`list_max(l)`, `[2,null,null,5,3]`},
		{`list_count(l)`, `[2,0,null,1,4]`},
		// Nested: lists of lists and of structures, lambdas within lambdas.
		{`list_transform(ll, x -> len(x))`, `[[2],[],null,[0,null],[1]]`},
		{`list_transform(ll, x -> list_transform(x, y -> y + 1))`, `[[[2,3]],[],null,[[],null],[[4]]]`},
		{`list_filter(st, x -> x.a > 0)`, `[[{"a":1}],[],null,[],[{"a":2}]]`},
		{`list_transform(st, e -> e.a)`, `[[1],[],null,[-1],[null,2]]`},
		{`list_transform(l, X -> x + 1)`, `[[2,3,null],[],null,[6],[4,2,4,null,2]]`},
		{`list_transform(l, x -> x + id)`, ``}, // a column inside a lambda: an error
	} {
		t.Run(tc.in, func(t *testing.T) {
			e, err := ParseExpr(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := exprTestEval(f, e)
			if tc.want == "" {
				if !errors.Is(err, ErrColumn) {
					t.Errorf("err = %v, want a column error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(got)
			if string(b) != tc.want {
				t.Errorf("got  %s\nwant %s", b, tc.want)
			}
		})
	}
}

// TestParseAggregates checks the text form's aggregations against
// DuckDB's results, over the whole frame and per group:
//
//	(g, v, s) = ('x', NULL, 'b'), ('x', 3, NULL), ('y', 1, 'Ünïcödé'),
//	            ('y', 3, 'a'), ('y', 2, '🙂')
func TestParseAggregates(t *testing.T) {
	f := FromColumns([]string{"g", "v", "s"},
		[]any{"x", "x", "y", "y", "y"},
		[]any{nil, int64(3), int64(1), int64(3), int64(2)},
		[]any{"b", nil, "Ünïcödé", "a", "🙂"},
	)
	exprs := []string{"count(*)", "count(v)", "count(DISTINCT v)", "sum(v)", "avg(v)", "min(s)", "max(s)",
		"string_agg(s, '|')", "list(v)", "any_value(v)", "arg_min(s, v)", "arg_max(s, v)", "any_value(s)"}
	want := map[string]string{
		"count(*)": `5`, "count(v)": `4`, "count(DISTINCT v)": `3`, "sum(v)": `9`, "avg(v)": `2.25`,
		"min(s)": `"a"`, "max(s)": `"🙂"`, "string_agg(s, '|')": `"b|Ünïcödé|a|🙂"`, "list(v)": `[null,3,1,3,2]`,
		"any_value(v)": `3`, "arg_min(s, v)": `"Ünïcödé"`, "arg_max(s, v)": `"a"`, "any_value(s)": `"b"`,
	}
	wantByGroup := map[string]string{
		"count(*)": `[2,3]`, "count(DISTINCT v)": `[1,3]`, "string_agg(s, '|')": `["b","Ünïcödé|a|🙂"]`,
		"arg_min(s, v)": `[null,"Ünïcödé"]`, "arg_max(s, v)": `[null,"a"]`, "any_value(s)": `["b","Ünïcödé"]`,
	}
	var es []Expr
	for _, s := range exprs {
		es = append(es, MustParseExpr(s).Alias(s))
	}
	one := f.SelectExprs(es...)
	if err := one.Err(); err != nil {
		t.Fatal(err)
	}
	groups := f.GroupBy("g").Agg(es...)
	if err := groups.Err(); err != nil {
		t.Fatal(err)
	}
	for _, s := range exprs {
		col, _ := one.Column(s)
		b, _ := json.Marshal(col.ToValue()[0])
		if string(b) != want[s] {
			t.Errorf("%s = %s, want %s", s, b, want[s])
		}
		if w, ok := wantByGroup[s]; ok {
			col, _ := groups.Column(s)
			b, _ := json.Marshal(col.ToValue())
			if string(b) != w {
				t.Errorf("per group %s = %s, want %s", s, b, w)
			}
		}
	}
	// string_agg of only nulls is null, as DuckDB's.
	nulls := FromColumns([]string{"s"}, []any{nil, "a"}).Filter(MustParseExpr("s is null"))
	col, _ := nulls.SelectExprs(MustParseExpr("string_agg(s)").Alias("x")).Column("x")
	if got := col.ToValue(); got[0] != nil {
		t.Errorf("string_agg of nulls = %v", got)
	}
}

// TestParseNestedErrors checks the messages of misused lambdas, * and
// DISTINCT, and that the old names are gone.
func TestParseNestedErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		off  int
		want string
	}{
		{`list_transform(l, 2)`, 18, "list_transform takes a lambda here"},
		{`len(x -> x)`, 4, "len takes no lambda"},
		{`list_transform(ll, x -> list_transform(x, y -> x))`, 47, "parameter of an outer lambda"},
		{`sum(*)`, 4, "only count takes *"},
		{`count(* x)`, 8, "want ) after count(*"},
		{`sum(DISTINCT x)`, 4, "sum takes no DISTINCT"},
		{`list_sort(l, 'UP')`, 13, "'ASC' or 'DESC'"},
		{`list_sort(l, 'ASC', 'NULLS')`, 20, "'NULLS FIRST' or 'NULLS LAST'"},
		{`n_unique(x)`, 0, "unknown function n_unique"},
		{`fill_null(x, 0)`, 0, "unknown function fill_null"},
		{`is_null(x)`, 0, "unknown function is_null"},
		{`get(x, 1)`, 0, "unknown function get"},
		{`field(x, 'a')`, 0, "unknown function field"},
		{`join(x, ',')`, 0, "unknown function join"},
		{`std(x)`, 0, "unknown function std"},
	} {
		_, err := ParseExpr(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != tc.off || !strings.Contains(se.Msg, tc.want) {
			t.Errorf("%s: %v, want offset %d %q", tc.in, err, tc.off, tc.want)
		}
		if se != nil && strings.Contains(se.Msg, "count distinct") {
			t.Errorf("%s: the message lists count distinct: %s", tc.in, se.Msg)
		}
	}
	// A column named distinct is a column.
	f := FromColumns([]string{"distinct"}, []any{int64(1), nil})
	col, err := f.SelectExprs(MustParseExpr("count(distinct)").Alias("n")).Column("n")
	if err != nil || col.ToValue()[0] != int64(1) {
		t.Errorf("count(distinct) of a column named distinct = %v, %v", col, err)
	}
}
