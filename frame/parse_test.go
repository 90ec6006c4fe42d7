package frame

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// parseTestFrame is a small nested frame the parsed expressions run on.
func parseTestFrame(t testing.TB) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"title": "Tomato soup", "time": 30, "score": 4.5, "vegan": true,
			"tags": []any{"soup", "quick"}, "ratings": []any{map[string]any{"score": 5.0}, map[string]any{"score": 4.0}},
			"recipe": map[string]any{"serves": 4}, "odd name": 1},
		map[string]any{"title": "Beef stew", "time": 150, "score": nil, "vegan": false,
			"tags": []any{}, "ratings": []any{map[string]any{"score": 3.0}},
			"recipe": map[string]any{"serves": 6}, "odd name": 2},
		map[string]any{"title": "Pea soup", "time": 45, "score": 3.0, "vegan": true,
			"tags": []any{"soup"}, "ratings": []any{},
			"recipe": map[string]any{"serves": nil}, "odd name": 3},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// titles runs a filter and lists the titles it keeps.
func titles(t *testing.T, f *Frame, e Expr) string {
	t.Helper()
	got := f.Filter(e)
	if err := got.Err(); err != nil {
		t.Fatalf("Filter(%s): %v", e, err)
	}
	s, err := got.Column("title")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range s.ToValue() {
		out = append(out, fmt.Sprint(v))
	}
	return strings.Join(out, "|")
}

func TestParseExprFilters(t *testing.T) {
	f := parseTestFrame(t)
	for _, tc := range []struct {
		in   string
		want string // the titles kept
	}{
		{`time < 60`, "Tomato soup|Pea soup"},
		{`time <= 45 and vegan`, "Tomato soup|Pea soup"},
		{`time > 100 or score >= 4.5`, "Tomato soup|Beef stew"},
		{`not vegan`, "Beef stew"},
		{`!(time == 30)`, "Beef stew|Pea soup"},
		{`time = 30`, "Tomato soup"},
		{`time <> 30 AND time != 45`, "Beef stew"},
		{`score is null`, "Beef stew"},
		{`score IS NOT NULL`, "Tomato soup|Pea soup"},
		{`contains(title, 'soup')`, "Tomato soup|Pea soup"},
		{`contains(lower(title), 'beef')`, "Beef stew"},
		{`contains(tags, 'quick')`, "Tomato soup"},
		{`len(tags) == 0`, "Beef stew"},
		{`len(title) > 9`, "Tomato soup"},
		{`mean(ratings.score) >= 4`, "Tomato soup"},
		{`max(ratings.score) < 4`, "Beef stew"},
		{`time > mean(time)`, "Beef stew"},
		{`recipe.serves >= 5`, "Beef stew"},
		{"`odd name` % 2 == 1", "Tomato soup|Pea soup"},
		{"recipe.`serves` is null", "Pea soup"},
		{`(time + 15) * 2 / 3 == 40`, "Pea soup"},
		{`-time < -100`, "Beef stew"},
		{`time - -20 == 50`, "Tomato soup"},
		{`tags[1] == 'soup'`, "Tomato soup|Pea soup"},
		{`ratings[1].score == 3`, "Beef stew"},
		{"ratings[-1].`score` > 3.5", "Tomato soup"},
		{`ratings[1].score == ratings.score[1]`, "Tomato soup|Beef stew"},
		{`list_extract(tags, -1) == 'quick'`, "Tomato soup"},
		{`starts_with(title, 'Pea')`, "Pea soup"},
		{`ends_with(title, 'stew')`, "Beef stew"},
		{`score is null or score < 1`, "Beef stew"},
		{`recipe.serves is null or struct_extract(recipe, 'serves') > 5`, "Beef stew|Pea soup"},
		{`array_to_string(tags, '+') == 'soup+quick'`, "Tomato soup"},
		{`upper(title) == 'PEA SOUP'`, "Pea soup"},
		{`time > 1e2`, "Beef stew"},
		{`time in (30, 150)`, "Tomato soup|Beef stew"},
		{`title not in ('Beef stew', 'Pea soup')`, "Tomato soup"},
		{`'quick' in tags`, "Tomato soup"},
		{`'soup' not in tags`, "Beef stew"},
		{`5 in ratings.score or time in (45)`, "Tomato soup|Pea soup"},
		{`time < .5e2 and time > 40.`, "Pea soup"},
		{`'x' + title == 'xPea soup'`, "Pea soup"},
		{`len(tags) == len() - 2 or count(score) == 3`, "Pea soup"},
		{`count(score) == 2 and sum(ratings.score) > 8`, "Tomato soup"},
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

// TestParseExprTree checks that the text builds the same tree as the Go
// methods: precedence and associativity.
func TestParseExprTree(t *testing.T) {
	a, b, c := Col("a"), Col("b"), Col("c")
	for _, tc := range []struct {
		in   string
		want Expr
	}{
		{`a + b * c`, a.Add(b.Mul(c))},
		{`(a + b) * c`, a.Add(b).Mul(c)},
		{`a - b - c`, a.Sub(b).Sub(c)},
		{`a / b % c`, exprRem(a.Div(b), c)},
		{`a or b and c`, a.Or(b.And(c))},
		{`not a and b`, a.Not().And(b)},
		{`not a == b`, a.Eq(b).Not()},
		{`a < b + 1`, a.Lt(b.Add(Lit(int64(1))))},
		{`-a * 2`, a.Neg().Mul(Lit(int64(2)))},
		{`-9223372036854775808`, Lit(int64(-9223372036854775808))},
		{`a.b.c`, Col("a.b.c")},
		{"`a.b`.c", Col(Path("a.b", "c"))},
		{`'it''s' == 'say "hi"'`, Lit("it's").Eq(Lit(`say "hi"`))},
		{`'été' || "odd ""name"""`, exprConcatOp(Lit("été"), Col(`odd "name"`))},
		{`null`, Lit(nil)},
		{`TRUE or False`, Lit(true).Or(Lit(false))},
		{`a[3][-1]`, a.List().Get(2).List().Get(-1)},
		{"a[1].b.`c d`[2]", a.List().Get(0).Struct().Field("b").Struct().Field("c d").List().Get(1)},
		{`a in (1, b)`, a.Eq(Lit(int64(1))).Or(a.Eq(b))},
		{`a not in b and c`, b.List().Contains(a).Not().And(c)},
		{`créé > 1`, Col("créé").Gt(Lit(int64(1)))},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseExpr(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tc.want.String() {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestParseExprErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "empty expression"},
		{`   `, 0, "empty expression"},
		{`a >`, 3, "unexpected end of input"},
		{`a > > b`, 4, `unexpected ">"`},
		{`(a > 1`, 6, "want ) to close the ( at offset 0"},
		{`a > 1)`, 5, `unexpected ")" after the expression`},
		{`a < b < c`, 6, "comparisons do not chain"},
		{`a is 3`, 5, "want null after is"},
		{`'abc`, 0, "unterminated string"},
		{`"abc`, 0, "unterminated quoted name"},
		{`"" > 1`, 0, "empty quoted name"},
		{"`abc", 0, "unterminated backquoted name"},
		{"``", 0, "empty backquoted name"},
		{`a # b`, 2, `unexpected character '#'`},
		{`12abc`, 2, "malformed number"},
		{`1e+`, 0, "malformed number"},
		{`99999999999999999999`, 0, "does not fit int64"},
		{`nosuch(a)`, 0, "unknown function nosuch"},
		{`len(a, b)`, 0, "len takes 0 to 1 arguments, got 2"},
		{`starts_with(a, b)`, 15, "starts_with takes a string literal"},
		{`starts_with(a, "x" + "y")`, 15, "starts_with takes a string literal"},
		{`list_extract(a, b)`, 16, "list_extract takes an integer literal"},
		{`f(a b)`, 0, "unknown function f"},
		{`lower(a b)`, 8, "want , or ) in the arguments of lower"},
		{`a.`, 2, "want a field name after '.'"},
		{`a.1`, 1, `unexpected ".1" after`},
		{`a[b]`, 2, "want an integer index"},
		{`a[1`, 3, "want ] to close the [ at offset 1"},
		{`a[1].`, 5, "want a field name after '.'"},
		{`a[1].2`, 4, `unexpected ".2" after`},
		{`a and`, 5, "unexpected end of input"},
		{`and a`, 0, "unexpected keyword and"},
		{`a in ()`, 6, "in () needs at least one value"},
		{`a in (1 2)`, 8, "want , or ) to close the ( at offset 5"},
		{`a not b`, 6, "want in after not"},
		{`a in b in c`, 7, "comparisons do not chain"},
		{`in`, 0, "unexpected keyword in"},
		{`a == null`, 5, "write a is null"},
		{`a.b + 1 = NULL and b`, 10, "write a.b + 1 is null"},
		{`null != a`, 0, "write a is not null"},
		{`a <> (null)`, 5, "write a is not null"},
		{strings.Repeat("(", 300) + "a" + strings.Repeat(")", 300), maxParseDepth, "nested deeper than"},
		{strings.Repeat("-", 300) + "a", maxParseDepth, "nested deeper than"},
		{strings.Repeat("not ", 300) + "a", 4 * maxParseDepth, "nested deeper than"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseExpr(tc.in)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyntaxError", err)
			}
			if se.Offset != tc.offset || !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("got offset %d %q, want offset %d %q", se.Offset, se.Msg, tc.offset, tc.msg)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("offset %d:", tc.offset)) {
				t.Errorf("Error() %q does not give the offset", err)
			}
		})
	}
}

// TestParseExprEvalErrors checks errors that only the data can tell: they
// come from Filter, naming the expression.
func TestParseExprEvalErrors(t *testing.T) {
	f := parseTestFrame(t)
	for _, tc := range []struct{ in, msg string }{
		{`nosuch > 1`, `column "nosuch" not found`},
		{`title > 1`, "type mismatch"},
		{`contains(title, time)`, "contains on a string takes a string literal, got time"},
		{`contains(time, 3)`, "contains takes a string or a list, got int64"},
		{`len(time) > 1`, "`len(time)` (offset 0): type mismatch: len takes a string or a list, got int64"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			err := f.Filter(MustParseExpr(tc.in)).Err()
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %v, want an error containing %q", err, tc.msg)
			}
		})
	}
}

func TestSyntaxErrorCaret(t *testing.T) {
	_, err := ParseExpr("été > > 1")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatal(err)
	}
	want := "été > > 1\n      ^"
	if got := se.Caret(); got != want {
		t.Errorf("Caret:\n%s\nwant:\n%s", got, want)
	}
}

// TestSyntaxErrorCaretLong checks that a long input is cut around the
// offset rather than shown whole.
func TestSyntaxErrorCaretLong(t *testing.T) {
	_, err := ParseExpr(strings.Repeat("(", 5000) + "a" + strings.Repeat(")", 5000))
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatal(err)
	}
	want := "…" + strings.Repeat("(", 60) + "…\n" + strings.Repeat(" ", 31) + "^"
	if got := se.Caret(); got != want {
		t.Errorf("Caret:\n%s\nwant:\n%s", got, want)
	}
}

func TestMustParseExprPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParseExpr did not panic on a malformed input")
		}
	}()
	MustParseExpr("a >")
}

// FuzzParseExpr parses any text and, when it parses, evaluates it on a
// small nested frame: neither may panic, an error names an offset inside
// the input, and the parsed tree renders.
func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{
		`time < 60 and contains(title, "soup")`, `len(tags) == 0 or score is null`,
		`mean(ratings.score) >= 4`, "`odd name` % 2", `-(-1) * tags[0]`, `"\u00e9" + 'x'`,
		`not not !vegan`, `list_extract(tags, -1) is not null`, `ratings[-1].score > first(ratings.score)`, `score / 0 + 1.5e3`,
	} {
		f.Add(s)
	}
	fr := parseTestFrame(f)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExpr(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			if se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("offset %d outside the input of %d bytes", se.Offset, len(s))
			}
			_ = se.Caret()
			return
		}
		if e.String() == "" {
			t.Fatal("parsed expression renders empty")
		}
		_ = fr.Filter(e).Err()
		_ = fr.WithColumns(e.Alias("x")).Err()
	})
}

func ExampleParseExpr() {
	df := FromRecords([]any{
		map[string]any{"title": "Tomato soup", "time": 30, "tags": []any{"soup", "quick"}},
		map[string]any{"title": "Beef stew", "time": 150, "tags": []any{}},
		map[string]any{"title": "Pea soup", "time": 45, "tags": []any{"soup"}},
	})
	e, err := ParseExpr(`time < 60 and contains(tags, 'soup') and len(title) > 8`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e)
	t, _ := df.Filter(e).Column("title")
	fmt.Println(t.ToValue())

	_, err = ParseExpr(`time < < 60`)
	fmt.Println(err)
	// Output:
	// col(time).lt(lit(60)).and(contains(col(tags), lit("soup"))).and(len(col(title)).gt(lit(8)))
	// [Tomato soup]
	// expression: offset 7: unexpected "<", want a value
}

// TestParseExprAgg checks that sum, mean, min and max aggregate the groups
// in GroupBy.Agg, where they cannot be per-row list functions.
func TestParseExprAgg(t *testing.T) {
	f := parseTestFrame(t)
	got := f.GroupBy("vegan").Agg(MustParseExpr("mean(time)"), MustParseExpr("max(time) - min(time)").Alias("spread"), MustParseExpr("len()").Alias("n"))
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := Must(FromColumns([]string{"vegan", "time", "spread", "n"}, []bool{true, false}, []float64{37.5, 150}, []int64{15, 0}, []int64{2, 1}))
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkParseExpr parses a filter of the size a command line holds.
func BenchmarkParseExpr(b *testing.B) {
	const s = `recipe.est_time < 60 and contains(title, "soup") or len(ingredients) >= 5 and unit not in ("cup", "g")`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseExpr(s); err != nil {
			b.Fatal(err)
		}
	}
}
