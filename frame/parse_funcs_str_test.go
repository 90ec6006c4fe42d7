package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The text form's string functions follow DuckDB: each case's expected
// values are DuckDB's on the same data.
func TestParseFuncsStr(t *testing.T) {
	f := strTestFrame(t)
	b := func(v ...any) []any { return v }
	tests := []struct {
		in   string
		want []any
	}{
		{`length(s)`, b(int64(12), int64(0), nil, int64(13), int64(11))},
		{`len(s)`, b(int64(12), int64(0), nil, int64(13), int64(11))},
		{`strlen(s)`, b(int64(12), int64(0), nil, int64(26), int64(11))},
		{`lower(s)`, strs("hello, world", "", null, "ünïcödé 日本語 🎉", " a1b22c333\t")},
		{`upper(st.x)`, strs("AB-CD", null, null, "日本-語", "X")},
		{`upper(concat(st.x, 'straße'))`, strs("AB-CDSTRAẞE", "STRAẞE", "STRAẞE", "日本-語STRAẞE", "XSTRAẞE")}, // DuckDB: ß is ẞ
		{`starts_with(s, 'Ü')`, b(false, false, nil, true, false)},
		{`ends_with(s, 'ld')`, b(true, false, nil, false, false)},
		{`contains(s, '.')`, b(false, false, nil, false, false)},
		{`contains(s, 'o, W')`, b(true, false, nil, false, false)},
		{`regexp_matches(s, '.')`, b(true, false, nil, true, true)},
		{`regexp_matches(s, '[0-9]')`, b(false, false, nil, false, true)},
		{`regexp_matches(s, 'HELLO')`, b(false, false, nil, false, false)},
		{`regexp_matches(s, 'HELLO', 'i')`, b(true, false, nil, false, false)},
		{`regexp_matches(s, '.', 'l')`, b(false, false, nil, false, false)},
		{`regexp_matches(st.x, '^[a-z]+-')`, b(true, nil, nil, false, false)},
		{`regexp_extract(s, '([a-z])([0-9]+)', 2)`, strs("", "", null, "", "1")},
		{`regexp_extract(s, '[0-9]+')`, strs("", "", null, "", "1")},
		{`regexp_extract(s, 'WORLD', 0, 'i')`, strs("World", "", null, "", "")},
		{`regexp_extract_all(s, '[0-9]+')`, lists([]string{}, []string{}, nil, []string{}, []string{"1", "22", "333"})},
		{`regexp_extract_all(s, '([a-z])([0-9]+)', 1)`, lists([]string{}, []string{}, nil, []string{}, []string{"a", "b", "c"})},
		{`regexp_replace(s, '([0-9]+)', '<\1>')`, strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a<1>b22c333\t")},
		{`regexp_replace(s, '([0-9]+)', '<\1>', 'g')`, strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a<1>b<22>c<333>\t")},
		{`regexp_replace(s, 'o', '$1\\')`, strs("Hell$1\\, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{`regexp_replace(s, 'L', '_', 'gi')`, strs("He__o, Wor_d", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{`string_split(s, ', ')`, lists([]string{"Hello", "World"}, []string{""}, nil, []string{"Ünïcödé 日本語 🎉"}, []string{" a1b22c333\t"})},
		{`string_split(st.x, '')`, lists([]string{"a", "b", "-", "c", "d"}, nil, nil, []string{"日", "本", "-", "語"}, []string{"x"})},
		{`trim(s)`, strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", "a1b22c333\t")},
		{`trim('  x  ')`, strs("x")},
		{`ltrim(s)`, strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", "a1b22c333\t")},
		{"rtrim(s, '\t3')", strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c")},
		{`trim(s, 'Hd🎉 ')`, strs("ello, Worl", "", null, "Ünïcödé 日本語", "a1b22c333\t")},
		{`lpad(s, 5, '*')`, strs("Hello", "*****", null, "Ünïcö", " a1b2")},
		{`lpad(num, 5, 'ab')`, strs("ab-12", "aba+1", null, "abab7", "12345")},
		{`rpad(num, 4, '0')`, strs("-120", "+100", null, "7000", "1234")},
		{`rpad(st.x, 4, '·')`, strs("ab-c", null, null, "日本-語", "x···")},
		{`substr(s, 2, 3)`, strs("ell", "", null, "nïc", "a1b")},
		{`substring(s, 0, 2)`, strs("H", "", null, "Ü", " ")},
		{`substr(s, -3)`, strs("rld", "", null, "語 🎉", "33\t")},
		{`substr(s, 3, -2)`, strs("He", "", null, "Ün", " a")},
		{`substr(s, 12)`, strs("d", "", null, " 🎉", "")},
		{`substr(s, -20, 3)`, strs("Hel", "", null, "Ünï", " a1")},
		{`left(s, 2)`, strs("He", "", null, "Ün", " a")},
		{`left(s, -10)`, strs("He", "", null, "Ünï", " ")},
		{`right(s, 2)`, strs("ld", "", null, " 🎉", "3\t")},
		{`right(s, -10)`, strs("ld", "", null, "語 🎉", "\t")},
		{`strpos(s, 'o')`, b(int64(5), int64(0), nil, int64(0), int64(0))},
		{`instr(s, '日')`, b(int64(0), int64(0), nil, int64(9), int64(0))},
		{`strpos(s, '')`, b(int64(1), int64(1), nil, int64(1), int64(1))},
		{`replace(s, 'l', 'L')`, strs("HeLLo, WorLd", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{`replace(s, '.', '$1')`, strs("Hello, World", "", null, "Ünïcödé 日本語 🎉", " a1b22c333\t")},
		{`reverse(st.x)`, strs("dc-ba", null, null, "語-本日", "x")},
		{`concat(st.x, '|', num)`, strs("ab-cd|-12", "|+1", "|", "日本-語|7", "x|12345")},
		{`concat(num)`, strs("-12", "+1", "", "7", "12345")},
		{`concat(num, 1, true)`, strs("-121true", "+11true", "1true", "71true", "123451true")},
		{`concat_ws('/', st.x, num)`, strs("ab-cd/-12", "+1", "", "日本-語/7", "x/12345")},
		{`upper(concat_ws(', ', string_split(s, ', ')[2], num))`, strs("WORLD, -12", "+1", "", "7", "12345")},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			e, err := ParseExpr(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := exprTestEval(f, e)
			if err != nil {
				t.Fatalf("%s: %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s =\n%#v, want\n%#v", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseFuncsStrErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{`startswith(s, 'a')`, 0, "unknown function startswith"},
		{`endswith(s, 'a')`, 0, "unknown function endswith"},
		{`concat()`, 0, "concat takes at least 1 arguments, got 0"},
		{`concat_ws('-')`, 0, "concat_ws takes at least 2 arguments, got 1"},
		{`concat_ws(s, s)`, 10, "concat_ws takes a string literal"},
		{`regexp_matches(s, s)`, 18, "regexp_matches takes a string literal"},
		{`regexp_matches(s, 'a', 'x')`, 23, `unknown option 'x'`},
		{`regexp_matches(s, 'a', 'g')`, 23, `takes no option g`},
		{`regexp_extract(s, 'a', 'b')`, 23, "takes an integer literal"},
		{`lpad(s, 'a', 'b')`, 8, "takes an integer literal"},
		{`substr(s)`, 0, "substr takes 2 to 3 arguments, got 1"},
		{`replace(s, 'a')`, 0, "replace takes 3 arguments, got 2"},
	} {
		_, err := ParseExpr(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: err = %v, want a SyntaxError", tc.in, err)
			continue
		}
		if se.Offset != tc.offset || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("%s: offset %d %q, want offset %d %q", tc.in, se.Offset, se.Msg, tc.offset, tc.msg)
		}
	}
	// An invalid pattern is found before the rows are read, and the error
	// quotes the text.
	f := strTestFrame(t)
	for _, in := range []string{`regexp_matches(nope, '(')`, `regexp_extract(s, '(a)', 2)`, `regexp_replace(s, '*', '')`} {
		e := MustParseExpr(in)
		_, err := exprTestEval(f, e)
		if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), in) {
			t.Errorf("%s: err = %v, want ErrArgument quoting the text", in, err)
		}
	}
}
