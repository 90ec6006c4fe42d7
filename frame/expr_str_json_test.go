package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/structframe/structframe/structured"
)

func jsonTestFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns([]string{"j", "p"},
		[]any{`{"a":1,"b":[1,2],"c":{"d":"x"}}`, `{"a":2.5}`, nil, `null`, ` {"日本":"語","a":null} `},
		[]any{`{"a":{"b":[10,"x",{"c":true}]},"k y":"v\"q","e":"日本"}`, `{"a":null}`, nil, `[1, 2]`, `not json`},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestExprStrJSONDecode(t *testing.T) {
	f := jsonTestFrame(t)
	got, err := exprTestEval(f, Col("j").Str().JSONDecode(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"a": 1.0, "b": []any{int64(1), int64(2)}, "c": map[string]any{"d": "x"}, "日本": nil},
		map[string]any{"a": 2.5, "b": nil, "c": nil, "日本": nil},
		nil, nil,
		map[string]any{"a": nil, "b": nil, "c": nil, "日本": "語"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("json_decode =\n%#v, want\n%#v", got, want)
	}
	// A field of the result by path, as any struct column.
	out := f.WithColumns(Col("j").Str().JSONDecode(nil).Alias("d")).SelectExprs(Col("d.c.d").Str().ToUpper().Alias("x"))
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.Column("x")
	if v := s.ToValue(); !reflect.DeepEqual(v, []any{"X", nil, nil, nil, nil}) {
		t.Errorf("d.c.d upper = %#v", v)
	}

	// With a Spec: the values are converted to its types.
	spec, err := structured.ParseSpec("{a: float32}")
	if err != nil {
		t.Fatal(err)
	}
	g := FromColumns([]string{"j"}, []any{`{"a":1}`, nil, `{"a":-2.5}`})
	got, err = exprTestEval(g, Col("j").Str().JSONDecode(spec))
	if err != nil {
		t.Fatal(err)
	}
	if want := []any{map[string]any{"a": float32(1)}, nil, map[string]any{"a": float32(-2.5)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("json_decode with a spec =\n%#v, want\n%#v", got, want)
	}

	// Malformed text, or a value that does not fit, names the row.
	for _, tc := range []struct {
		f    *Frame
		e    Expr
		want string
	}{
		{FromColumns([]string{"j"}, []string{`{"a":1}`, `{"a":`}), Col("j").Str().JSONDecode(nil), "row 1"},
		{FromColumns([]string{"j"}, []string{`{"a":1}`, `{"a":"x"}`}), Col("j").Str().JSONDecode(spec), "row 1"},
		{FromColumns([]string{"j"}, []string{`{"a":1}`, `{"a":1} x`}), Col("j").Str().JSONDecode(nil), "row 1"},
	} {
		_, err := exprTestEval(tc.f, tc.e)
		if !errors.Is(err, structured.ErrData) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want an ErrData naming %s", tc.e, err, tc.want)
		}
	}
}

func TestExprStrJSONPathMatch(t *testing.T) {
	f := jsonTestFrame(t)
	p := Col("p").Str()
	for _, tc := range []struct {
		path string
		want []any
	}{
		{"$.a.b[0]", strs("10", null, null, null, null)},
		{"$.a.b[1]", strs("x", null, null, null, null)},
		{"$.a.b[-1]", strs(`{"c":true}`, null, null, null, null)},
		{"$.a.b[2].c", strs("true", null, null, null, null)},
		{"$.a.b[3]", strs(null, null, null, null, null)},
		{"$['k y']", strs(`v"q`, null, null, null, null)},
		{`$["e"]`, strs("日本", null, null, null, null)},
		{"$.a", strs(`{"b":[10,"x",{"c":true}]}`, null, null, null, null)},
		{"$[1]", strs(null, null, null, "2", null)},
		{"$", strs(`{"a":{"b":[10,"x",{"c":true}]},"k y":"v\"q","e":"日本"}`, `{"a":null}`, null, `[1, 2]`, null)},
	} {
		got, err := exprTestEval(f, p.JSONPathMatch(tc.path))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s =\n%#v, want\n%#v", tc.path, got, tc.want)
		}
	}
	for _, bad := range []string{"a.b", "$.", "$[x]", "$['a'", "$a"} {
		if _, err := exprTestEval(f, Col("nope").Str().JSONPathMatch(bad)); !errors.Is(err, ErrArgument) {
			t.Errorf("%s: err = %v, want ErrArgument", bad, err)
		}
	}
}
