package main

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"

	"github.com/structframe/structframe/io/formats"
)

func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want plan
	}{
		{nil, plan{}},
		{[]string{"data.json"}, plan{input: "data.json"}},
		{[]string{"show", "data.json"}, plan{input: "data.json", steps: []step{{verb: "show"}}}},
		{[]string{"head", "data.json"}, plan{input: "data.json", steps: []step{{verb: "head", n: 10}}}},
		{[]string{"head", "-n", "3", "data.json"}, plan{input: "data.json", steps: []step{{verb: "head", n: 3}}}},
		{[]string{"tail", "-n7", "data.json"}, plan{input: "data.json", steps: []step{{verb: "tail", n: 7}}}},
		{[]string{"tail", "-n=0", "data.json"}, plan{input: "data.json", steps: []step{{verb: "tail", n: 0}}}},
		{[]string{"data.json", "head", "4"}, plan{input: "data.json", steps: []step{{verb: "head", n: 4}}}},
		{[]string{"select", "a.b, c", "-"}, plan{input: "-", steps: []step{{verb: "select", arg: "a.b, c"}}}},
		{[]string{"d.csv", "filter", "x > 1", "explode", "tags", "describe"}, plan{input: "d.csv", steps: []step{
			{verb: "filter", arg: "x > 1"}, {verb: "explode", arg: "tags"}, {verb: "describe"}}}},
		{[]string{"d.json", "unnest", "r", "sort", "-a,b"}, plan{input: "d.json", steps: []step{{verb: "unnest", arg: "r"}, {verb: "sort", arg: "-a,b"}}}},
		{[]string{"convert", "a.json", "b.parquet", "select", "x"}, plan{input: "a.json", output: "b.parquet", steps: []step{{verb: "select", arg: "x"}}}},
		{[]string{"convert", "-", "-", "--from", "ndjson", "--to=pq"}, plan{input: "-", output: "-", from: formats.NDJSON, to: formats.Parquet}},
		{[]string{"--rows", "5", "d.json", "--depth=2", "--style", "ASCII", "--expand", "--width", "120"},
			plan{input: "d.json", view: viewOptions{rows: 5, depth: 2, style: "ascii", expand: true, width: 120}}},
		{[]string{"--expand=false", "d.json"}, plan{input: "d.json"}},
		{[]string{"--", "filter", "--weird"}, plan{steps: []step{{verb: "filter", arg: "--weird"}}}},
		{[]string{"limit", "3", "d.json"}, plan{input: "d.json", steps: []step{{verb: "head", n: 3}}}},
		{[]string{"d.json", "with", "a=x == 1; b='p;q'"}, plan{input: "d.json", steps: []step{{verb: "with", arg: "a=x == 1; b='p;q'"}}}},
		{[]string{"d.json", "group-by", "k,l", "agg", "n=count(x)"}, plan{input: "d.json", steps: []step{{verb: "group-by", arg: "k,l", aggs: "n=count(x)"}}}},
		{[]string{"group-by", "agg", "n=count(x)", "d.json"}, plan{input: "d.json", steps: []step{{verb: "group-by", aggs: "n=count(x)"}}}},
		{[]string{"group-by", "agg", "agg", "n=count(x)", "d.json"}, plan{input: "d.json", steps: []step{{verb: "group-by", arg: "agg", aggs: "n=count(x)"}}}},
		{[]string{"distinct", "d.json"}, plan{input: "d.json", steps: []step{{verb: "distinct"}}}},
		{[]string{"distinct", "a,b", "d.json"}, plan{input: "d.json", steps: []step{{verb: "distinct", arg: "a,b"}}}},
		{[]string{"distinct", "head", "d.json"}, plan{input: "d.json", steps: []step{{verb: "distinct"}, {verb: "head", n: 10}}}},
		{[]string{"d.json", "--to", "ndjson"}, plan{input: "d.json", output: "-", to: formats.NDJSON}},
		{[]string{"d.json", "-o", "out.csv"}, plan{input: "d.json", output: "out.csv", written: "out.csv"}},
		{[]string{"d.json", "--output=out.csv", "--to", "tsv"}, plan{input: "d.json", output: "out.csv", written: "out.csv", to: formats.TSV}},
		{[]string{"d.json", "--strict"}, plan{input: "d.json", strict: true}},
		{[]string{"-h"}, plan{help: true}},
		{[]string{"help"}, plan{help: true}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got, err := parseArgs(tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("got %+v, want %+v", *got, tc.want)
			}
		})
	}
}

func TestParseArgsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"frobnicate"}, `unknown verb "frobnicate"`},
		{[]string{"a.json", "b.json"}, `unexpected argument "b.json"`},
		{[]string{"select"}, "select takes an argument"},
		{[]string{"explode"}, "explode takes an argument"},
		{[]string{"sort"}, "sort takes an argument"},
		{[]string{"convert", "a.json"}, "convert takes an input and an output"},
		{[]string{"a.json", "convert", "b.json", "c.json"}, "convert names its input itself"},
		{[]string{"convert", "a.json", "-"}, "needs --to FORMAT"},
		{[]string{"a.json", "-o", "-"}, "needs --to FORMAT"},
		{[]string{"a.json", "with", "x=1", "group-by"}, "group-by takes keys"},
		{[]string{"convert", "a.json", "b.txt"}, `cannot tell the format of "b.txt"`},
		{[]string{"convert", "a.json", "b.csv", "schema"}, "schema shows a table"},
		{[]string{"schema", "head"}, "schema prints the schema and must come last"},
		{[]string{"head", "-n"}, "-n needs a number"},
		{[]string{"head", "-n", "-3"}, `want a count of rows, got "-3"`},
		{[]string{"--rows", "0"}, "--rows takes a whole number of at least 1"},
		{[]string{"--width", "5"}, "--width takes a whole number of at least 10"},
		{[]string{"--depth"}, "--depth needs a value"},
		{[]string{"--style", "round"}, `unknown style "round"`},
		{[]string{"--expand=maybe"}, "--expand takes true or false"},
		{[]string{"--from", "xls"}, `unknown format "xls"`},
		{[]string{"--nope"}, "unknown option --nope"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, err := parseArgs(tc.args)
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("got %v, want a usage error", err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %q, want it to contain %q", err, tc.msg)
			}
		})
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string][]string{
		" a.b, c  d,,e\tf ":          {"a.b", "c", "d", "e", "f"},
		"`Major Genre`, `US Gross`":  {"Major Genre", "US Gross"},
		"`odd name`.x,`a.b`.c `x,y`": {frame.Path("odd name", "x"), frame.Path("a.b", "c"), "x,y"},
		"":                           nil,
	} {
		if got := splitList(in); !reflect.DeepEqual(got, want) {
			t.Errorf("splitList(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParseArgs reads any command line: no panic, and every error is a
// usage error (exit status 2).
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"head\x00-n\x005\x00data.json", "convert\x00a.json\x00-\x00--to\x00csv",
		"--rows=3\x00filter\x00a > 1\x00select\x00a,b", "--expand\x00tail\x00-n", "--\x00--x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []string
		if s != "" {
			args = strings.Split(s, "\x00")
		}
		p, err := parseArgs(args)
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("%q: error %v is not a usage error", args, err)
			}
			return
		}
		for _, st := range p.steps {
			if _, ok := verbs[st.verb]; !ok {
				t.Fatalf("%q: step of unknown verb %q", args, st.verb)
			}
			if (st.verb == "head" || st.verb == "tail") && st.n < 0 {
				t.Fatalf("%q: negative count %d", args, st.n)
			}
		}
	})
}
