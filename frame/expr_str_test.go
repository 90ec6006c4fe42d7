package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// strTestFrame has strings with nulls, an empty string, non-ASCII text and
// white space, numbers as text, and a structure whose field x is a string
// (null where the structure is).
func strTestFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns(
		[]string{"s", "num", "st"},
		[]any{"Hello, World", "", nil, "Ünïcödé 日本語 🎉", " a1b22c333\t"},
		[]any{"-12", "+1", nil, "7", "12345"},
		[]any{map[string]any{"x": "ab-cd"}, map[string]any{"x": nil}, nil, map[string]any{"x": "日本-語"}, map[string]any{"x": "x"}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// strs is a column of strings, "\x00" standing for null.
func strs(xs ...string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		if x != "\x00" {
			out[i] = x
		}
	}
	return out
}

// lists is a column of lists of strings, nil standing for null.
func lists(xs ...[]string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		if x != nil {
			items := make([]any, len(x))
			for k, s := range x {
				items[k] = s
			}
			out[i] = items
		}
	}
	return out
}

const null = "\x00"

func TestExprStr(t *testing.T) {
	f := strTestFrame(t)
	s, x := Col("s").Str(), Col("st.x").Str()
	b := func(v ...any) []any { return v }
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		{"len chars", s.LenChars(), b(int64(12), int64(0), nil, int64(13), int64(11))},
		{"len bytes", s.LenBytes(), b(int64(12), int64(0), nil, int64(26), int64(11))},
		{"contains regex", s.Contains("[0-9]+"), b(false, false, nil, false, true)},
		{"contains plain pattern", s.Contains("o, W"), b(true, false, nil, false, false)},
		{"contains flag", s.Contains("(?i)hello"), b(true, false, nil, false, false)},
		{"contains dot is a pattern", s.Contains("."), b(true, false, nil, true, true)},
		{"contains literal dot", s.ContainsLiteral("."), b(false, false, nil, false, false)},
		{"contains non-ASCII", s.Contains("ö.é"), b(false, false, nil, true, false)},
		{"starts with", s.StartsWith("Ü"), b(false, false, nil, true, false)},
		{"starts with empty", s.StartsWith(""), b(true, true, nil, true, true)},
		{"ends with", s.EndsWith("🎉"), b(false, false, nil, true, false)},
		{"find", s.Find("[0-9]"), b(nil, nil, nil, nil, int64(2))},
		{"find counts characters", s.Find("日"), b(nil, nil, nil, int64(8), nil)},
		{"find empty", s.Find(""), b(int64(0), int64(0), nil, int64(0), int64(0))},
		{"count matches", s.CountMatches("[0-9]+"), b(int64(0), int64(0), nil, int64(0), int64(3))},
		{"count matches o", s.CountMatches("o"), b(int64(2), int64(0), nil, int64(0), int64(0))},
		{"extract group", s.Extract("([a-z])([0-9]+)", 2), strs(null, null, null, null, "1")},
		{"extract whole", s.Extract(`\pL+`, 0), strs("Hello", null, null, "Ünïcödé", "a")},
		{"extract ASCII word", s.Extract(`\w+`, 0), strs("Hello", null, null, "n", "a1b22c333")},
		{"extract second word", s.Extract(`(\w+), (\w+)`, 2), strs("World", null, null, null, null)},
		{"extract group not in match", s.Extract("(a)|(b)", 2), strs(null, null, null, null, null)},
		{"extract all", s.ExtractAll("[0-9]+"), lists([]string{}, []string{}, nil, []string{}, []string{"1", "22", "333"})},
		{"extract all non-ASCII", s.ExtractAll(`[^\x00-\x7f]+`), lists([]string{}, []string{}, nil, []string{"Ü", "ï", "ö", "é", "日本語", "🎉"}, []string{})},
		{"replace first", s.Replace("o", "0"), strs("Hell0, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"replace all", s.ReplaceAll("o", "0"), strs("Hell0, W0rld", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"replace groups", s.ReplaceAll(`(\w+), (\w+)`, "$2 $1"), strs("World Hello", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"replace first group", s.Replace("([0-9]+)", "<${1}>"), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a<1>b22c333\t")},
		{"replace all digits", s.ReplaceAll("[0-9]+", "#"), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a#b#c#\t")},
		{"replace anchored at the end", s.ReplaceAll(`[0-9]+\t$`, "!"), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c!")},
		{"replace first of a class", s.Replace(`[^a-z ]+`, "_"), strs("_ello, World", "", null, "_nïcödé 日本語 🎉", " a_b22c333\t")},
		{"replace non-ASCII", s.ReplaceAll("é|本", "_"), strs("Hello, World", "", null, "Ünïcöd_ 日_語 🎉", " a1b22c333\t")},
		{"replace literal", s.ReplaceLiteral(".", "!"), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"replace literal dollar", s.ReplaceLiteral("l", "$1"), strs("He$1lo, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"replace all literal", s.ReplaceAllLiteral("l", "L"), strs("HeLLo, WorLd", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"split", s.Split(", "), lists([]string{"Hello", "World"}, []string{""}, nil, []string{"Ünïcödé 日本語 🎉"}, []string{" a1b22c333\t"})},
		{"split non-ASCII", s.Split(" "), lists([]string{"Hello,", "World"}, []string{""}, nil, []string{"Ünïcödé", "日本語", "🎉"}, []string{"", "a1b22c333\t"})},
		{"split n", s.SplitN(" ", 2), lists([]string{"Hello,", "World"}, []string{""}, nil, []string{"Ünïcödé", "日本語 🎉"}, []string{"", "a1b22c333\t"})},
		{"strip white space", s.Strip(""), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", "a1b22c333")},
		{"strip chars", s.Strip("Hd"), strs("ello, Worl", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"strip start", s.StripStart("HÜe"), strs("llo, World", "", null, "nïcödé 日本語 🎉", " a1b22c333\t")},
		{"strip end", s.StripEnd("\t3"), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c")},
		{"strip end space", s.StripEnd(""), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333")},
		{"pad start", s.PadStart(14, '*'), strs("**Hello, World", "**************", null, "*Ünïcödé 日本語 🎉", "*** a1b22c333\t")},
		{"pad end", s.PadEnd(13, '·'), strs("Hello, World·", "·············", null, "Ünïcödé 日本語 🎉", " a1b22c333\t··")},
		{"zfill", Col("num").Str().ZFill(5), strs("-0012", "+0001", null, "00007", "12345")},
		{"slice", s.Slice(1, 3), strs("ell", "", null, "nïc", "a1b")},
		{"slice from end", s.Slice(-3, 2), strs("rl", "", null, "語 ", "33")},
		{"slice before start", s.Slice(-20, 3), strs("", "", null, "", "")},
		{"slice across start", s.Slice(-14, 3), strs("H", "", null, "Ün", "")},
		{"slice to end", s.Slice(5, -1), strs(", World", "", null, "dé 日本語 🎉", "2c333\t")},
		{"slice past end", s.Slice(12, 5), strs("", "", null, "🎉", "")},
		{"head", s.Head(3), strs("Hel", "", null, "Ünï", " a1")},
		{"head negative", s.Head(-3), strs("Hello, Wo", "", null, "Ünïcödé 日本", " a1b22c3")},
		{"tail", s.Tail(2), strs("ld", "", null, " 🎉", "3\t")},
		{"tail negative", s.Tail(-2), strs("llo, World", "", null, "ïcödé 日本語 🎉", "1b22c333\t")},
		{"tail zero", s.Tail(0), strs("", "", null, "", "")},
		{"to lower", s.ToLower(), strs("hello, world", "", null, "ünïcödé 日本語 🎉", " a1b22c333\t")},
		{"to upper", s.ToUpper(), strs("HELLO, WORLD", "", null, "ÜNÏCÖDÉ 日本語 🎉", " A1B22C333\t")},
		{"to title", s.ToTitle(), strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " A1b22c333\t")},
		{"to title literal", Lit("it's ÉLAN o'neil").Str().ToTitle(), strs("It'S Élan O'Neil")},
		{"reverse", s.Reverse(), strs("dlroW ,olleH", "", null, "🎉 語本日 édöcïnÜ", "\t333c22b1a ")},
		{"null literal", Lit(nil).Str().ToUpper(), b(nil)},
		{"field upper", x.ToUpper(), strs("AB-CD", null, null, "日本-語", "X")},
		{"field contains", x.Contains("^[a-z]+-"), b(true, nil, nil, false, false)},
		{"field split", x.Split("-"), lists([]string{"ab", "cd"}, nil, nil, []string{"日本", "語"}, []string{"x"})},
		{"field split chars", x.Split(""), lists([]string{"a", "b", "-", "c", "d"}, nil, nil, []string{"日", "本", "-", "語"}, []string{"x"})},
		{"field extract all", x.ExtractAll(`\pL+`), lists([]string{"ab", "cd"}, nil, nil, []string{"日本", "語"}, []string{"x"})},
		{"concat propagates nulls", ConcatStr("-", false, Col("s"), Col("st.x")), strs("Hello, World-ab-cd", null, null, "Ünïcödé 日本語 🎉-日本-語", " a1b22c333\t-x")},
		{"concat skips nulls", ConcatStr("-", true, Col("st.x"), Lit(nil), Col("num")), strs("ab-cd--12", "+1", "", "日本-語-7", "x-12345")},
		{"concat numbers", ConcatStr("", false, Col("num"), Lit(1), Lit(true), Lit(2.5)), strs("-121true2.5", "+11true2.5", null, "71true2.5", "123451true2.5")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s =\n%#v, want\n%#v", tc.e, got, tc.want)
			}
		})
	}
}

// An invalid pattern or group is an ErrArgument error naming the pattern
// and the expression, found before any row is read: a missing column is
// not what it reports.
func TestExprStrBadPattern(t *testing.T) {
	f := strTestFrame(t)
	tests := []struct {
		e    Expr
		want []string
	}{
		{Col("nope").Str().Contains("a("), []string{`col(nope).str.contains("a(")`, `invalid pattern "a("`}},
		{Col("nope").Str().Find("["), []string{`str.find("[")`, `invalid pattern "["`}},
		{Col("nope").Str().CountMatches("*"), []string{`invalid pattern "*"`}},
		{Col("nope").Str().Extract("(a)", 2), []string{`str.extract("(a)", 2)`, `has no group 2`}},
		{Col("nope").Str().ExtractAll(`\`), []string{`invalid pattern`}},
		{Col("nope").Str().Replace("(?P<", "x"), []string{`str.replace(`, `invalid pattern`}},
		{Col("nope").Str().ReplaceAll("+", "x"), []string{`invalid pattern "+"`}},
		{Col("nope").Str().SplitN(",", 0), []string{`splitn takes n >= 1`}},
		{Col("s").Str().Contains("a(").Alias("z"), []string{`invalid pattern "a("`}},
		{ConcatStr(",", true), []string{"at least one"}},
	}
	for _, tc := range tests {
		_, err := exprTestEval(f, tc.e)
		if !errors.Is(err, ErrArgument) {
			t.Errorf("%s: err = %v, want ErrArgument", tc.e, err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: err = %v, want it to say %s", tc.e, err, w)
			}
		}
	}
}

func TestExprStrTypes(t *testing.T) {
	f := FromColumns([]string{"i", "ls"}, []int64{1, 2}, []any{[]any{"a"}, nil})
	for _, e := range []Expr{
		Col("i").Str().Contains("a"), Col("i").Str().Split(","), Col("ls").Str().ToUpper(),
		Col("i").Str().Slice(0, 1), ConcatStr(",", true, Col("ls")),
	} {
		if _, err := exprTestEval(f, e); !errors.Is(err, ErrType) {
			t.Errorf("%s: err = %v, want ErrType", e, err)
		}
	}
}

// exprStrBenchFrame is n rows of short text with digits.
func exprStrBenchFrame(n int) *Frame {
	words := []string{"alpha", "beta 12", "gamma-3", "delta 2024-01-15", "épsilon", "zeta 7 8 9"}
	col := make([]string, n)
	for i := range col {
		col[i] = words[i%len(words)] + " item"
	}
	return FromColumns([]string{"s"}, col)
}

func BenchmarkExprStrContainsRegex(b *testing.B) {
	f := exprStrBenchFrame(100_000)
	e := Col("s").Str().Contains(`[0-9]+-[0-9]+`)
	b.ResetTimer()
	for b.Loop() {
		if out := f.WithColumns(e.Alias("m")); out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

func BenchmarkExprStrReplaceAll(b *testing.B) {
	f := exprStrBenchFrame(100_000)
	e := Col("s").Str().ReplaceAll(`([0-9]+)`, "<$1>")
	b.ResetTimer()
	for b.Loop() {
		if out := f.WithColumns(e.Alias("m")); out.Err() != nil {
			b.Fatal(out.Err())
		}
	}
}

// The literal every match must contain lets rows without it skip the
// pattern: it must never rule out a row that matches.
func TestExprMustLiteral(t *testing.T) {
	for _, tc := range []struct{ pattern, must string }{
		{`[0-9]+-[0-9]+`, "-"},
		{`(foo|bar)baz`, "baz"},
		{`x(abc)+y`, "abc"},
		{`(?i)abc`, ""},
		{`a|b`, ""},
		{`(abc)?`, ""},
		{`日本\d`, "日本"},
		{`^a.*bcd$`, "bcd"},
	} {
		re, err := exprRegex(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if re.must != tc.must {
			t.Errorf("%s: must = %q, want %q", tc.pattern, re.must, tc.must)
		}
	}
}

// TestExprStrMapOfLiteral: a string function of a literal is a literal
// that comparisons, IsIn and the rest read as one decoded value.
func TestExprStrMapOfLiteral(t *testing.T) {
	f := FromColumns([]string{"s"}, []any{"ab", "AB", nil})
	for _, c := range []struct {
		e    Expr
		want []any
	}{
		{Col("s").Eq(Lit("ab").Str().ToUpper()), []any{false, true, nil}},
		{Lit("x").Str().ToUpper().Lt(Col("s")), []any{true, false, nil}},
		{Col("s").IsIn([]string{"AB"}).Or(Col("s").Eq(Lit(" ab ").Str().Strip(" "))), []any{true, true, nil}},
	} {
		got, err := f.SelectExprs(c.e.Alias("r")).Column("r")
		if err != nil {
			t.Fatalf("%s: %v", c.e, err)
		}
		if !reflect.DeepEqual(got.ToValue(), c.want) {
			t.Errorf("%s = %v, want %v", c.e, got.ToValue(), c.want)
		}
	}
}
