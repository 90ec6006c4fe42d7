package frame

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// listOpsRows are the rows of listOpsFrame, as JSON: an extra first row
// that the sliced frames drop, then null items, an empty list, a null
// list, one item, repeated items, non-ASCII strings.
const listOpsRows = `[
{"l": [9], "s": ["z"], "ll": [[9]], "st": [{"a": 9, "b": "z"}], "o": [0]},
{"l": [1, 2, null], "s": ["b", "a", "b"], "ll": [[1, 2], [], null], "st": [{"a": 1, "b": "x"}, {"a": 2, "b": null}], "o": [7]},
{"l": [], "s": [], "ll": [], "st": [], "o": [8, 9]},
{"l": null, "s": null, "ll": null, "st": null, "o": [1]},
{"l": [5], "s": ["日本語"], "ll": [[3]], "st": [null], "o": null},
{"l": [3, 1, 3, null, 1], "s": ["Ünïcödé", null, "🙂", "Ünïcödé"], "ll": [[1], [1], [2]], "st": [{"a": 1, "b": "x"}, {"a": 1, "b": "x"}], "o": [3, 1]}
]`

// listOpsFrame reads listOpsRows with list offsets of Arrow type lt (a
// list or a large_list), sliced past its first row when sliced.
func listOpsFrame(t *testing.T, large, sliced bool) *Frame {
	t.Helper()
	list := func(elem arrow.DataType) arrow.DataType {
		if large {
			return arrow.LargeListOf(elem)
		}
		return arrow.ListOf(elem)
	}
	st := arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, arrow.Field{Name: "b", Type: arrow.BinaryTypes.String, Nullable: true})
	dt := arrow.StructOf(
		arrow.Field{Name: "l", Type: list(arrow.PrimitiveTypes.Int64), Nullable: true},
		arrow.Field{Name: "s", Type: list(arrow.BinaryTypes.String), Nullable: true},
		arrow.Field{Name: "ll", Type: list(list(arrow.PrimitiveTypes.Int64)), Nullable: true},
		arrow.Field{Name: "st", Type: list(st), Nullable: true},
		arrow.Field{Name: "o", Type: list(arrow.PrimitiveTypes.Int64), Nullable: true},
	)
	arr, _, err := array.FromJSON(memory.DefaultAllocator, dt, strings.NewReader(listOpsRows))
	if err != nil {
		t.Fatal(err)
	}
	defer arr.Release()
	if !sliced {
		// The first row stays, the others compare as the sliced ones.
		sl := array.NewSlice(arr, 0, int64(arr.Len()))
		defer sl.Release()
		arr = sl
	} else {
		sl := array.NewSlice(arr, 1, int64(arr.Len()))
		defer sl.Release()
		arr = sl
	}
	tn, err := structured.FromArrow(arr)
	if err != nil {
		t.Fatal(err)
	}
	f := FromTensor(tn)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestListOps checks each list function over list, large_list and sliced
// inputs: null lists stay null, empty lists empty, null items are items.
func TestListOps(t *testing.T) {
	tests := []struct {
		name string
		e    Expr
		want []any // the rows after the first
		err  error
	}{
		{"slice", Col("l").List().Slice(1, 2), []any{[]any{int64(2), nil}, []any{}, nil, []any{}, []any{int64(1), int64(3)}}, nil},
		{"slice negative offset", Col("l").List().Slice(-2, 1), []any{[]any{int64(2)}, []any{}, nil, []any{}, []any{nil}}, nil},
		{"slice clipped before", Col("l").List().Slice(-5, 3), []any{[]any{int64(1)}, []any{}, nil, []any{}, []any{int64(3), int64(1), int64(3)}}, nil},
		{"slice to the end", Col("l").List().Slice(3, -1), []any{[]any{}, []any{}, nil, []any{}, []any{nil, int64(1)}}, nil},
		{"head", Col("l").List().Head(2), []any{[]any{int64(1), int64(2)}, []any{}, nil, []any{int64(5)}, []any{int64(3), int64(1)}}, nil},
		{"head negative", Col("l").List().Head(-1), nil, ErrArgument},
		{"tail", Col("s").List().Tail(2), []any{[]any{"a", "b"}, []any{}, nil, []any{"日本語"}, []any{"🙂", "Ünïcödé"}}, nil},
		{"reverse", Col("l").List().Reverse(), []any{[]any{nil, int64(2), int64(1)}, []any{}, nil, []any{int64(5)}, []any{int64(1), nil, int64(3), int64(1), int64(3)}}, nil},
		{"reverse list of lists", Col("ll").List().Reverse(), []any{[]any{nil, []any{}, []any{int64(1), int64(2)}}, []any{}, nil, []any{[]any{int64(3)}}, []any{[]any{int64(2)}, []any{int64(1)}, []any{int64(1)}}}, nil},
		{"sort", Col("l").List().Sort(false, false), []any{[]any{nil, int64(1), int64(2)}, []any{}, nil, []any{int64(5)}, []any{nil, int64(1), int64(1), int64(3), int64(3)}}, nil},
		{"sort descending nulls last", Col("l").List().Sort(true, true), []any{[]any{int64(2), int64(1), nil}, []any{}, nil, []any{int64(5)}, []any{int64(3), int64(3), int64(1), int64(1), nil}}, nil},
		{"sort strings", Col("s").List().Sort(false, true), []any{[]any{"a", "b", "b"}, []any{}, nil, []any{"日本語"}, []any{"Ünïcödé", "Ünïcödé", "🙂", nil}}, nil},
		{"sort structures", Col("st").List().Sort(false, false), nil, ErrType},
		{"unique", Col("l").List().Unique(), []any{[]any{int64(1), int64(2), nil}, []any{}, nil, []any{int64(5)}, []any{int64(3), int64(1), nil}}, nil},
		{"unique strings", Col("s").List().Unique(), []any{[]any{"b", "a"}, []any{}, nil, []any{"日本語"}, []any{"Ünïcödé", nil, "🙂"}}, nil},
		{"unique lists", Col("ll").List().Unique(), []any{[]any{[]any{int64(1), int64(2)}, []any{}, nil}, []any{}, nil, []any{[]any{int64(3)}}, []any{[]any{int64(1)}, []any{int64(2)}}}, nil},
		{"unique structures", Col("st").List().Unique(), []any{[]any{map[string]any{"a": int64(1), "b": "x"}, map[string]any{"a": int64(2), "b": nil}}, []any{}, nil, []any{nil}, []any{map[string]any{"a": int64(1), "b": "x"}}}, nil},
		{"arg min", Col("l").List().ArgMin(), []any{int64(0), nil, nil, int64(0), int64(1)}, nil},
		{"arg max", Col("l").List().ArgMax(), []any{int64(1), nil, nil, int64(0), int64(0)}, nil},
		{"arg max strings", Col("s").List().ArgMax(), []any{int64(0), nil, nil, int64(0), int64(2)}, nil},
		{"concat", Col("l").List().Concat(Col("o")), []any{[]any{int64(1), int64(2), nil, int64(7)}, []any{int64(8), int64(9)}, nil, nil, []any{int64(3), int64(1), int64(3), nil, int64(1), int64(3), int64(1)}}, nil},
		{"concat types differ", Col("l").List().Concat(Col("s")), nil, structured.ErrSchema},
		{"concat a scalar", Col("l").List().Concat(Lit(1)), nil, ErrType},
		{"eval", Col("l").List().Eval(Element().Mul(Lit(2))), []any{[]any{int64(2), int64(4), nil}, []any{}, nil, []any{int64(10)}, []any{int64(6), int64(2), int64(6), nil, int64(2)}}, nil},
		{"eval strings", Col("s").List().Eval(Element().Add(Lit("!"))), []any{[]any{"b!", "a!", "b!"}, []any{}, nil, []any{"日本語!"}, []any{"Ünïcödé!", nil, "🙂!", "Ünïcödé!"}}, nil},
		{"eval a literal", Col("l").List().Eval(Lit(0)), []any{[]any{int64(0), int64(0), int64(0)}, []any{}, nil, []any{int64(0)}, []any{int64(0), int64(0), int64(0), int64(0), int64(0)}}, nil},
		{"eval aggregates", Col("l").List().Eval(Element().Max().Sub(Element().Min())), []any{[]any{int64(1)}, []any{nil}, nil, []any{int64(0)}, []any{int64(2)}}, nil},
		{"eval count", Col("l").List().Eval(Element().Count()), []any{[]any{int64(2)}, []any{int64(0)}, nil, []any{int64(1)}, []any{int64(4)}}, nil},
		{"eval struct field", Col("st").List().Eval(Element().Struct().Field("a")), []any{[]any{int64(1), int64(2)}, []any{}, nil, []any{nil}, []any{int64(1), int64(1)}}, nil},
		{"eval nested", Col("ll").List().Eval(Element().List().Eval(Element().Add(Lit(10)))), []any{[]any{[]any{int64(11), int64(12)}, []any{}, nil}, []any{}, nil, []any{[]any{int64(13)}}, []any{[]any{int64(11)}, []any{int64(11)}, []any{int64(12)}}}, nil},
		{"eval inner lengths", Col("ll").List().Eval(Element().List().Len()), []any{[]any{int64(2), int64(0), nil}, []any{}, nil, []any{int64(1)}, []any{int64(1), int64(1), int64(1)}}, nil},
		{"eval a column", Col("l").List().Eval(Col("o")), nil, ErrColumn},
		{"eval element beside an aggregation", Col("l").List().Eval(Element().Sub(Element().Mean())), nil, ErrArgument},
		{"filter", Col("l").List().Filter(Element().Gt(Lit(1))), []any{[]any{int64(2)}, []any{}, nil, []any{int64(5)}, []any{int64(3), int64(3)}}, nil},
		{"filter nulls out", Col("s").List().Filter(Element().IsNotNull()), []any{[]any{"b", "a", "b"}, []any{}, nil, []any{"日本語"}, []any{"Ünïcödé", "🙂", "Ünïcödé"}}, nil},
		{"filter structures", Col("st").List().Filter(Element().Struct().Field("a").Eq(Lit(2))), []any{[]any{map[string]any{"a": int64(2), "b": nil}}, []any{}, nil, []any{}, []any{}}, nil},
		{"filter not bool", Col("l").List().Filter(Element()), nil, ErrType},
		{"filter aggregate", Col("l").List().Filter(Element().Sum().Gt(Lit(1))), nil, ErrArgument},
		{"any", Col("l").List().Eval(Element().Gt(Lit(2))).List().Any(), []any{false, false, nil, true, true}, nil},
		{"all", Col("l").List().Eval(Element().Gt(Lit(0))).List().All(), []any{true, true, nil, true, true}, nil},
		{"any of ints", Col("l").List().Any(), nil, ErrType},
		{"contains", Col("l").List().Contains(Lit(1)), []any{true, false, nil, false, true}, nil},
		{"contains a float", Col("l").List().Contains(Lit(5.0)), []any{false, false, nil, true, false}, nil},
		{"contains a null", Col("l").List().Contains(Lit(nil)), []any{nil, nil, nil, nil, nil}, nil},
		{"contains a string", Col("s").List().Contains(Lit("🙂")), []any{false, false, nil, false, true}, nil},
		{"contains a structure", Col("st").List().Contains(Struct(Lit(1).Alias("a"), Lit("x").Alias("b"))), []any{true, false, nil, false, true}, nil},
		{"contains a list", Col("ll").List().Contains(Col("o")), []any{false, false, nil, nil, false}, nil},
		{"contains each row's item", Col("ll").List().Contains(Col("ll").List().Get(-1)), []any{nil, nil, nil, true, true}, nil},
		{"len", Col("ll").List().Len(), []any{int64(3), int64(0), nil, int64(1), int64(3)}, nil},
		{"not a list", Lit(1).List().Slice(0, 1), nil, ErrType},
	}
	for _, large := range []bool{false, true} {
		for _, sliced := range []bool{false, true} {
			f := listOpsFrame(t, large, sliced)
			for _, tc := range tests {
				t.Run(fmt.Sprintf("%s/large=%t/sliced=%t", tc.name, large, sliced), func(t *testing.T) {
					got, err := exprTestEval(f, tc.e)
					if tc.err != nil {
						if !errors.Is(err, tc.err) {
							t.Fatalf("err = %v, want %v", err, tc.err)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					if !sliced {
						got = got[1:]
					}
					if tc.want != nil && !reflect.DeepEqual(got, tc.want) {
						t.Errorf("got  %#v\nwant %#v", got, tc.want)
					}
				})
			}
		}
	}
}

// TestListOpsKeepOffsets checks that a list result keeps its input's
// offset width, and that Slice of every item shares the items.
func TestListOpsKeepOffsets(t *testing.T) {
	for _, large := range []bool{false, true} {
		f := listOpsFrame(t, large, true)
		for _, e := range []Expr{Col("l").List().Head(2), Col("ll").List().Sort(false, false).List().Len(), Col("ll").List().Reverse(), Col("l").List().Eval(Element().Add(Lit(1)))} {
			out := f.SelectExprs(e.Alias("x"))
			if err := out.Err(); err != nil {
				if strings.Contains(e.String(), "sort") {
					continue // lists of lists do not sort
				}
				t.Fatal(err)
			}
			rec, err := out.ToRecordBatch()
			if err != nil {
				t.Fatal(err)
			}
			dt := rec.Schema().Field(0).Type
			rec.Release()
			if dt.ID() == arrow.INT64 {
				continue
			}
			if isLarge := dt.ID() == arrow.LARGE_LIST; isLarge != large {
				t.Errorf("%s over large=%t gives %s", e, large, dt)
			}
		}
	}
	f := listOpsFrame(t, false, true)
	in, _ := f.Column("l")
	out := f.SelectExprs(Col("l").List().Head(10).Alias("x"))
	got, _ := out.Column("x")
	a, b := in.Value().(*structured.Ragged), got.Value().(*structured.Ragged)
	if &a.Values().Data().Buffers()[1].Bytes()[0] != &b.Values().Data().Buffers()[1].Bytes()[0] {
		t.Errorf("Head keeping every item copied them")
	}
}

// TestElementOutsideEval checks that Element refers to nothing outside
// List().Eval.
func TestElementOutsideEval(t *testing.T) {
	f := listOpsFrame(t, false, false)
	if _, err := exprTestEval(f, Element().Add(Lit(1))); !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "element()") {
		t.Errorf("Element outside Eval: %v", err)
	}
	// In GroupBy.Agg, Eval's aggregation is per list, not per group.
	g := f.WithColumns(Lit(1).Alias("k")).GroupBy("k").Agg(Col("l").List().Eval(Element().Sum()).First().Alias("x"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := g.Column("x")
	if got := fmt.Sprint(s.ToValue()); got != "[[9]]" {
		t.Errorf("Eval in GroupBy.Agg = %s", got)
	}
}

// BenchmarkListEval doubles 1M items of 100k lists with one expression.
func BenchmarkListEval(b *testing.B) {
	const rows, per = 100_000, 10
	lists := make([][]int64, rows)
	for r := range lists {
		lists[r] = make([]int64, per)
		for k := range lists[r] {
			lists[r][k] = int64(r + k)
		}
	}
	f := FromColumns([]string{"l"}, lists)
	e := Col("l").List().Eval(Element().Mul(Lit(2))).Alias("x")
	b.ResetTimer()
	for range b.N {
		if err := f.SelectExprs(e).Err(); err != nil {
			b.Fatal(err)
		}
	}
}
