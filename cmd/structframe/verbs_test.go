package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/structframe/structframe/io/formats"
	sjson "github.com/structframe/structframe/io/json"
)

// runHere runs the command in process, in the test's directory.
func runHere(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut, false)
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

func TestSplitTop(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"a=1", []string{"a=1"}},
		{"a=1; b=2;", []string{"a=1", "b=2"}},
		{" ; a=1 ;; b=2 ", []string{"a=1", "b=2"}},
		{`a='x;y'; b="p;q"`, []string{`a='x;y'`, `b="p;q"`}},
		{`a='it\'s;'; b=2`, []string{`a='it\'s;'`, "b=2"}},
		{"a=f(x, ';'); b=g(h(1;2))", []string{"a=f(x, ';')", "b=g(h(1;2))"}},
		{"a=`odd;name` + 1; b=[1;2]", []string{"a=`odd;name` + 1", "b=[1;2]"}},
		{"a='unterminated; b=2", []string{"a='unterminated; b=2"}},
		{"a=f(1; b=2", []string{"a=f(1; b=2"}},
		{"日本語='ü;ö'; 😀=1", []string{"日本語='ü;ö'", "😀=1"}},
	} {
		if got := splitTop(tc.in, ';'); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitTop(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseAssignments(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []assignment
		err  string
	}{
		{"a=x", []assignment{{"a", "x"}}, ""},
		{" a = x == 1 ; b=x<=2", []assignment{{"a", "x == 1"}, {"b", "x<=2"}}, ""},
		{"ok=x != 1 and y >= 2", []assignment{{"ok", "x != 1 and y >= 2"}}, ""},
		{"s=contains(t, 'a=b;c')", []assignment{{"s", "contains(t, 'a=b;c')"}}, ""},
		{"`odd name`=x; 'q'=y; \"é\"=z", []assignment{{"odd name", "x"}, {"q", "y"}, {"é", "z"}}, ""},
		{"f=g(x = 1)", []assignment{{"f", "g(x = 1)"}}, ""},
		{"x == 1", nil, `want NAME=EXPR, got "x == 1"`},
		{"=x", nil, "no NAME before ="},
		{"a=", nil, "no expression after a="},
		{" ; ", nil, "no NAME=EXPR"},
	} {
		got, err := parseAssignments("with", tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriteAnyChain: --to and -o write the result of any chain, streamed
// or read whole, and what is written is the table the chain shows.
func TestWriteAnyChain(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string // the NDJSON written
	}{
		{"stream", []string{"recipes.json", "filter", "recipe.est_time > 60", "with", "title=upper(recipe.title)", "select", "id,title"},
			`{"id":3,"title":"BEEF STEW"}` + "\n" + `{"id":10,"title":"LEMON DRIZZLE CAKE"}` + "\n"},
		{"whole", []string{"recipes.json", "group-by", "vegetarian", "agg", "n=count(id)", "sort", "n"},
			`{"vegetarian":false,"n":3}` + "\n" + `{"vegetarian":true,"n":7}` + "\n"},
		{"distinct", []string{"recipes.json", "distinct", "vegetarian", "select", "vegetarian"},
			`{"vegetarian":true}` + "\n" + `{"vegetarian":false}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, whole := range []bool{false, true} {
				wholeOnly = whole
				r := runHere(t, "", append(tc.args, "--to", "ndjson")...)
				if r.code != 0 || r.stdout != tc.want {
					t.Errorf("--to ndjson (whole %v): exit %d, stdout %q, stderr %q; want %q", whole, r.code, r.stdout, r.stderr, tc.want)
				}
				out := filepath.Join(dir, tc.name+".ndjson")
				r = runHere(t, "", append(tc.args, "-o", out)...)
				b, err := os.ReadFile(out)
				if r.code != 0 || err != nil || string(b) != tc.want {
					t.Errorf("-o (whole %v): exit %d, stderr %q, file %q (%v); want %q", whole, r.code, r.stderr, b, err, tc.want)
				}
			}
			wholeOnly = false
		})
	}
	// -o with --to: the format is --to's whatever the extension.
	out := filepath.Join(dir, "x.data")
	if r := runHere(t, "", "recipes.json", "limit", "1", "select", "id", "-o", out, "--to", "csv"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "id\n1\n" {
		t.Errorf("-o x.data --to csv wrote %q", b)
	}
}

func TestWriteArgsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"recipes.json", "-o"}, "-o needs a file"},
		{[]string{"recipes.json", "-o", "a.csv", "-o", "b.csv"}, "-o is given twice"},
		{[]string{"recipes.json", "-o", "a.txt"}, `cannot tell the format of "a.txt"`},
		{[]string{"convert", "a.json", "b.csv", "-o", "c.csv"}, "convert names its output itself"},
		{[]string{"recipes.json", "show", "--to", "csv"}, "show shows a table"},
		{[]string{"--strict=maybe"}, "--strict takes true or false"},
		{[]string{"group-by", "a", "b", "c"}, "group-by takes keys, agg and aggregations"},
		{[]string{"group-by", "a", "agg"}, "group-by takes keys, agg and aggregations"},
		{[]string{"with"}, "with takes an argument"},
	} {
		_, err := parseArgs(tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want %q", tc.args, err, tc.msg)
		}
	}
}

// TestConflictReadAsText: a JSON field of two types is read as JSON text
// by the command, streamed or whole, with one line on standard error
// naming every such field, nested ones included; --strict keeps the
// library's error.
func TestConflictReadAsText(t *testing.T) {
	dir := t.TempDir()
	nested := filepath.Join(dir, "nested.ndjson")
	text := `{"a":1,"s":"x","b":2,"n":{"c":1,"d":"q"},"l":[{"e":1}],"u":"Ünïcödé"}` + "\n" +
		`{"a":"日本語","s":"y","b":"z","n":{"c":"w","d":"r"},"l":[{"e":"k"}],"u":"😀"}` + "\n" +
		`{"a":null,"s":null,"b":[1,2],"n":{"c":{"deep":true},"d":null},"l":[],"u":""}` + "\n"
	if err := os.WriteFile(nested, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		fields string
		out    string // a part of standard output
	}{
		{[]string{"testdata/movies.json"}, "in field Title", "│ 1776 "},
		{[]string{"testdata/movies.json", "sort", "US_Gross", "select", "Title", "--to", "ndjson"}, "in field Title", `{"Title":"54"}`},
		{[]string{"testdata/installation.ndjson", "schema"}, "in field installation.created_at", "created_at: string"},
		{[]string{nested, "select", "a,b,n,l", "--to", "ndjson"}, "in fields a, b, n.c, l.e", `"b":"[1,2]","n":{"c":"{\"deep\":true}","d":null}`},
		{[]string{"-", "--from", "ndjson", "tail", "-n", "1", "--to", "ndjson"}, "in fields a, b, n.c, l.e", `"a":null`},
	} {
		for _, whole := range []bool{false, true} {
			wholeOnly = whole
			r := runHere(t, text, tc.args...)
			if r.code != 0 {
				t.Errorf("%q (whole %v): exit %d: %s", tc.args, whole, r.code, r.stderr)
				continue
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "read as JSON text") || !strings.HasSuffix(r.stderr, tc.fields+"\n") {
				t.Errorf("%q (whole %v): stderr %q, want one line ending %q", tc.args, whole, r.stderr, tc.fields)
			}
			if !strings.Contains(r.stdout, tc.out) {
				t.Errorf("%q (whole %v): stdout lacks %q:\n%s", tc.args, whole, tc.out, r.stdout)
			}
			r = runHere(t, text, append(tc.args, "--strict")...)
			if r.code != 1 || !strings.Contains(r.stderr, "Builder: field") {
				t.Errorf("%q --strict (whole %v): exit %d, stderr %q; want the conflict error", tc.args, whole, r.code, r.stderr)
			}
		}
		wholeOnly = false
	}
	// The library's default stays an error.
	if _, err := sjson.ReadFile("testdata/movies.json"); !isConflict(err) {
		t.Errorf("json.ReadFile of a conflict: %v, want a schema error", err)
	}
	if _, err := formats.JSON.ReadFile("testdata/movies.json", formatOptions...); !isConflict(err) {
		t.Errorf("formats.JSON.ReadFile of a conflict: %v, want a schema error", err)
	}
	// A file without conflicts says nothing.
	if r := runHere(t, "", "recipes.json", "head", "-n", "1"); r.stderr != "" {
		t.Errorf("stderr %q for a file without conflicts", r.stderr)
	}
}

// TestEmptyKey: {"": 0} is read (an empty key is valid JSON and a legal
// Arrow field name), shown, and kept through every format that holds
// names as they are; dotted paths beside it still work.
func TestEmptyKey(t *testing.T) {
	dir := t.TempDir()
	text := `{"": 0, "a": {"": "x", "b": 1}, "l": [{"": 2}]}` + "\n" + `{"": 1, "a": {"": "日本語", "b": 2}, "l": []}` + "\n"
	in := filepath.Join(dir, "in.ndjson")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runHere(t, "", in, "schema")
	if r.code != 0 || !strings.Contains(r.stdout, `"": int64`) {
		t.Fatalf("schema: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runHere(t, "", in)
	if r.code != 0 || !strings.Contains(r.stdout, "日本語") {
		t.Errorf("show: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runHere(t, "", in, "select", "a.b", "--to", "ndjson")
	if r.stdout != `{"a.b":1}`+"\n"+`{"a.b":2}`+"\n" {
		t.Errorf("select a.b: %q %q", r.stdout, r.stderr)
	}
	want := readAny(t, in)
	for _, ext := range []string{"json", "ndjson", "arrow", "arrows", "parquet"} {
		out := filepath.Join(dir, "out."+ext)
		if r := runHere(t, "", "convert", in, out); r.code != 0 {
			t.Errorf("convert to %s: %s", ext, r.stderr)
			continue
		}
		back := filepath.Join(dir, "back-"+ext+".ndjson")
		if r := runHere(t, "", "convert", out, back); r.code != 0 {
			t.Errorf("convert from %s: %s", ext, r.stderr)
			continue
		}
		equalFrames(t, ext, readAny(t, back), want)
	}
	r = runHere(t, "", in, "--to", "csv")
	if r.code != 0 || !strings.HasPrefix(r.stdout, `"",a.,a.b,l.`+"\n") {
		t.Errorf("CSV header: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
