package frame

import (
	"errors"
	"strings"
	"testing"
)

// sqlWinFrame is the table the text form's window tests run over; every
// expected value below is DuckDB's on the same rows (checked with
// @duckdb/node-api: SELECT expr FROM t ORDER BY id).
func sqlWinFrame(t testing.TB) *Frame {
	t.Helper()
	f := FromColumns([]string{"id", "g", "k", "x"},
		[]any{int64(1), int64(2), int64(3), int64(4), int64(5), int64(6), int64(7), int64(8)},
		[]any{"a", "b", "a", "b", "a", nil, nil, "a"},
		[]any{int64(3), int64(1), int64(3), nil, int64(1), int64(2), int64(2), nil},
		[]any{1.5, nil, 2.5, 4.0, nil, 6.0, 7.0, 1.0})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestParseWindow(t *testing.T) {
	f := sqlWinFrame(t)
	third := 1.0 / 3
	tests := []struct {
		text string
		want []any
	}{
		// ORDER BY makes the frame run to the current row's last peer.
		{"sum(x) OVER (PARTITION BY g ORDER BY k)", []any{4.0, nil, 4.0, 4.0, nil, 13.0, 13.0, 5.0}},
		{"row_number() OVER (PARTITION BY g ORDER BY k DESC NULLS FIRST)", ints(2, 2, 3, 1, 4, 1, 2, 1)},
		{"rank() OVER (PARTITION BY g ORDER BY k)", ints(2, 1, 2, 2, 1, 1, 1, 4)},
		{"dense_rank() OVER (PARTITION BY g ORDER BY k)", ints(2, 1, 2, 2, 1, 1, 1, 3)},
		{"percent_rank() OVER (PARTITION BY g ORDER BY k)", []any{third, 0.0, third, 1.0, 0.0, 0.0, 0.0, 1.0}},
		{"cume_dist() OVER (PARTITION BY g ORDER BY k)", []any{0.75, 0.5, 0.75, 1.0, 0.25, 1.0, 1.0, 1.0}},
		{"rank() OVER ()", ints(1, 1, 1, 1, 1, 1, 1, 1)},
		{"cume_dist() OVER (PARTITION BY g)", []any{1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}},
		{"ntile(3) OVER (ORDER BY id)", ints(1, 1, 1, 2, 2, 2, 3, 3)},
		{"ntile(5) OVER (PARTITION BY g ORDER BY id)", ints(1, 1, 2, 2, 3, 1, 2, 4)},
		{"lag(k, 2, 0) OVER (PARTITION BY g ORDER BY id)", ints(0, 0, 0, 0, 3, 0, 0, 3)},
		{"lead(g, 1, 'z') OVER (ORDER BY id)", []any{"b", "a", "b", "a", nil, nil, "a", "z"}},
		{"lead(x) OVER (ORDER BY id)", []any{nil, 2.5, 4.0, nil, 6.0, 7.0, 1.0, nil}},
		{"lag(x, -1) OVER (ORDER BY id)", []any{nil, 2.5, 4.0, nil, 6.0, 7.0, 1.0, nil}},
		{"lag(x, 0) OVER (ORDER BY id)", []any{1.5, nil, 2.5, 4.0, nil, 6.0, 7.0, 1.0}},
		{"first_value(x) OVER (PARTITION BY g ORDER BY k)", []any{nil, nil, nil, nil, nil, 6.0, 6.0, nil}},
		{"last_value(x) OVER (PARTITION BY g ORDER BY k)", []any{2.5, nil, 2.5, 4.0, nil, 7.0, 7.0, 1.0}},
		{"first_value(k) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING)", ints(1, 3, nil, 1, 2, 2, nil, nil)},
		{"last_value(k) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 PRECEDING)", ints(nil, nil, 3, 1, 3, nil, 2, 1)},
		{"count(*) OVER ()", ints(8, 8, 8, 8, 8, 8, 8, 8)},
		{"count(*) OVER (PARTITION BY g ORDER BY k)", ints(3, 1, 3, 2, 1, 2, 2, 4)},
		{"count(x) OVER (PARTITION BY g ORDER BY id)", ints(1, 0, 2, 1, 2, 1, 2, 3)},
		{"avg(k) OVER (PARTITION BY g)", []any{7.0 / 3, 1.0, 7.0 / 3, 1.0, 7.0 / 3, 2.0, 2.0, 7.0 / 3}},
		{"stddev(x) OVER (PARTITION BY g)", []any{0.7637626158259734, nil, 0.7637626158259734, nil, 0.7637626158259734, 0.7071067811865476, 0.7071067811865476, 0.7637626158259734}},
		{"min(g) OVER (ORDER BY id)", []any{"a", "a", "a", "a", "a", "a", "a", "a"}},
		{"min(k) OVER (PARTITION BY g ORDER BY k DESC)", ints(3, 1, 3, 1, 1, 2, 2, 1)},
		{"max(x) OVER (PARTITION BY g ORDER BY k ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", []any{1.5, nil, 2.5, 4.0, nil, 6.0, 7.0, 2.5}},
		{"sum(x) OVER (PARTITION BY g ORDER BY k RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)", []any{5.0, 4.0, 5.0, 4.0, 5.0, 13.0, 13.0, 1.0}},
		{"sum(k) OVER (ORDER BY g)", ints(7, 8, 7, 8, 7, 12, 12, 7)},
		{"sum(k) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING)", ints(3, 4, 7, 7, 8, 10, 12, 12)},
		{"row_number() OVER (ORDER BY id) + 1", ints(2, 3, 4, 5, 6, 7, 8, 9)},
		{"sum(x) OVER () / 2", []any{11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0}},
		{"string_agg(g, '-') OVER (PARTITION BY k)", []any{"a-a", "b-a", "a-a", "b-a", "b-a", nil, nil, "b-a"}},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			e, err := ParseExpr(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			got, err := exprTestEval(f, e)
			if err != nil {
				t.Fatal(err)
			}
			if !winSame(got, tc.want) {
				t.Errorf("%s = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

// TestParseWindowBoundedRows checks ROWS frames of offsets on both sides,
// which winFrameAgg computes.
func TestParseWindowBoundedRows(t *testing.T) {
	f := sqlWinFrame(t)
	got, err := exprTestEval(f, MustParseExpr("sum(k) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)"))
	if err != nil {
		t.Fatal(err)
	}
	if want := ints(4, 7, 4, 4, 3, 5, 4, 2); !mathSame(got, want) { // DuckDB's
		t.Errorf("got %v, want %v", got, want)
	}
	// Frames wholly before or after the row, and one unbounded; DuckDB
	// 1.5.6 gave these values on the same table.
	for _, tc := range []struct {
		text string
		want []any
	}{
		{"sum(k) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING)", []any{nil, int64(3), int64(4), int64(4), int64(3), int64(1), int64(3), int64(4)}},
		{"sum(k) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING)", []any{int64(4), int64(3), int64(1), int64(3), int64(4), int64(2), nil, nil}},
		{"count(x) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 3 PRECEDING AND 2 PRECEDING)", []any{int64(0), int64(0), int64(0), int64(0), int64(1), int64(0), int64(0), int64(2)}},
		{"avg(x) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)", []any{4.1, 4.1, 4.5, 14.0 / 3, 14.0 / 3, 4.0, 1.0, nil}},
	} {
		got, err := exprTestEval(f, MustParseExpr(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if !mathSame(got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestParseWindowFilter checks a window function in a filter, which
// DuckDB refuses in WHERE (it has QUALIFY): here it is a value per row.
func TestParseWindowFilter(t *testing.T) {
	out := sqlWinFrame(t).Filter(MustParseExpr("row_number() OVER (PARTITION BY g ORDER BY id) = 1"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.Column("id")
	if got := s.ToValue(); !mathSame(got, ints(1, 2, 6)) {
		t.Errorf("ids %v, want [1 2 6]", got)
	}
}

func TestParseWindowErrors(t *testing.T) {
	f := sqlWinFrame(t)
	for _, tc := range []struct {
		text string
		msg  string // in the syntax error; "" for an error evaluating
		err  error
	}{
		{"row_number()", "window function", nil},
		{"lag(x)", "window function", nil},
		{"abs(x) OVER ()", "not an aggregate or window function", nil},
		{"sum(x) OVER w", "want ( after OVER", nil},
		{"sum(x) OVER (PARTITION g)", "want BY after PARTITION", nil},
		{"sum(x) OVER (ORDER BY id NULLS LOW)", "want FIRST or LAST", nil},
		{"sum(x) OVER (ORDER BY id GROUPS UNBOUNDED PRECEDING)", "GROUPS frames", nil},
		{"sum(x) OVER (ORDER BY id ROWS BETWEEN CURRENT AND 1 FOLLOWING)", "want ROW after CURRENT", nil},
		{"sum(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING 1 FOLLOWING)", "want AND", nil},
		{"sum(x) OVER (ORDER BY id ROWS BETWEEN x PRECEDING AND CURRENT ROW)", "want UNBOUNDED PRECEDING", nil},
		{"sum(x) OVER (ORDER BY id ROWS BETWEEN 1 ROW AND CURRENT ROW)", "want PRECEDING or FOLLOWING", nil},
		{"sum(x) OVER (ORDER BY id", "to close the OVER (", nil},
		{"ntile(0) OVER ()", "", ErrArgument},
		{"ntile(k) OVER ()", "", ErrArgument},
		{"lag(x, k) OVER ()", "", ErrArgument},
		{"sum(x) OVER (ORDER BY id RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)", "", ErrArgument},
		{"sum(x) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED FOLLOWING AND CURRENT ROW)", "", ErrArgument},
		{"list(x) OVER (ORDER BY id)", "", ErrArgument},
		{"sum(g) OVER (ORDER BY id)", "", ErrType},
		{"sum(x) OVER (PARTITION BY nope)", "", ErrColumn},
	} {
		e, err := ParseExpr(tc.text)
		if tc.msg != "" {
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("%s: err = %v, want a syntax error saying %q", tc.text, err, tc.msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.text, err)
			continue
		}
		if _, err := exprTestEval(f, e); !errors.Is(err, tc.err) {
			t.Errorf("%s: err = %v, want %v", tc.text, err, tc.err)
		}
	}
}

func TestParseWindowRendering(t *testing.T) {
	e := MustParseExpr("sum(x) OVER (PARTITION BY g ORDER BY k DESC NULLS FIRST ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)")
	want := "sum(col(x)) over (partition by col(g) order by col(k) desc nulls first rows between 2 preceding and current row)"
	if got := e.String(); got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	if got := e.Name(); got != "x" {
		t.Errorf("Name = %s", got)
	}
	if got := MustParseExpr("row_number() OVER ()").Name(); got != "row_number" {
		t.Errorf("Name = %s", got)
	}
	if got := e.Columns(); len(got) != 3 {
		t.Errorf("Columns = %v", got)
	}
}

// TestStringAggNullGroups checks string_agg over several groups without a
// non-null string: each is null (a second one used to index an empty
// validity).
func TestStringAggNullGroups(t *testing.T) {
	f := FromColumns([]string{"k", "g"}, []int64{1, 2, 3}, []any{nil, nil, "a"})
	out := f.GroupBy("k").Agg(MustParseExpr("string_agg(g, ',')").Alias("s"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.Column("s")
	if got := s.ToValue(); !mathSame(got, []any{nil, nil, "a"}) {
		t.Errorf("got %v", got)
	}
	got, err := exprTestEval(f, MustParseExpr("string_agg(g, ',') OVER (PARTITION BY k)"))
	if err != nil || !mathSame(got, []any{nil, nil, "a"}) {
		t.Errorf("over: %v, %v", got, err)
	}
}

// FuzzParseWindow parses window expressions and, when they parse,
// evaluates them: neither may panic.
func FuzzParseWindow(f *testing.F) {
	for _, s := range []string{
		"sum(x) OVER (PARTITION BY g ORDER BY k DESC NULLS FIRST ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING)",
		"lag(x, 2, k) OVER (PARTITION BY g, k % 2 ORDER BY id)", "ntile(3) OVER ()", "rank() OVER (ORDER BY g, k)",
		"first_value(g) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 1 PRECEDING)",
		"count(*) OVER (RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) + row_number() OVER (ORDER BY x)",
		"string_agg(g, ',') OVER (PARTITION BY k ORDER BY id ROWS UNBOUNDED PRECEDING)",
		"cume_dist() OVER (PARTITION BY x IS NULL ORDER BY x DESC)",
	} {
		f.Add(s)
	}
	fr := sqlWinFrame(f)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExpr(s)
		if err != nil {
			return
		}
		_ = e.String()
		_ = fr.Filter(e).Err()
		_ = fr.WithColumns(e.Alias("r")).Err()
	})
}

// TestParseSumOfNoValues: the text form's sum is SQL's, null over no
// non-null value (Polars' Sum gives 0), in a group, a partition and the
// whole frame, as DuckDB.
func TestParseSumOfNoValues(t *testing.T) {
	f := FromColumns([]string{"g", "x"}, []any{"a", "b", "a", "b"}, []any{1.0, nil, 2.0, nil})
	for _, tc := range []struct {
		text string
		want []any
	}{
		{"sum(x) OVER (PARTITION BY g)", []any{3.0, nil, 3.0, nil}},
		{"sum(x) OVER (PARTITION BY g ORDER BY x)", []any{1.0, nil, 3.0, nil}},
		{"sum(x + NULL)", []any{nil}},
	} {
		got, err := exprTestEval(f, MustParseExpr(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if !mathSame(got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.text, got, tc.want)
		}
	}
	g := f.GroupBy("g").Agg(MustParseExpr("sum(x)").Alias("s"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if s, _ := g.Column("s"); !mathSame(s.ToValue(), []any{3.0, nil}) {
		t.Errorf("sum(x) per group = %v, want [3 <nil>]", s.ToValue())
	}
}
