package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func selTestFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns(
		[]string{"id", "price_a", "price_b", "name", "ok", "when", "tags", "s", "ratio"},
		[]int64{1, 2, 1},
		[]any{int64(10), nil, int64(30)},
		[]float64{1.5, 2.5, 3.5},
		[]any{"Ünïcödé", "日本語", nil},
		[]bool{true, false, true},
		[]time.Time{time.Date(2024, 3, 10, 7, 0, 0, 0, time.UTC), time.Date(2024, 11, 3, 6, 0, 0, 0, time.UTC), time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)},
		[]any{[]any{"x"}, []any{}, nil},
		[]any{map[string]any{"x": int64(1)}, map[string]any{"x": int64(2)}, nil},
		[]float32{0.5, 0.25, 1},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSelectorColumns(t *testing.T) {
	f := selTestFrame(t)
	tests := []struct {
		name string
		refs []string
		want []string
	}{
		{"regex", []string{"^price_.*$"}, []string{"price_a", "price_b"}},
		{"regex beside a name", []string{"name", "^price_.*$"}, []string{"name", "price_a", "price_b"}},
		{"numeric", []string{ColsByType(TypeNumeric)}, []string{"id", "price_a", "price_b", "ratio"}},
		{"integer", []string{ColsByType(TypeInteger)}, []string{"id", "price_a"}},
		{"float", []string{ColsByType(TypeFloat)}, []string{"price_b", "ratio"}},
		{"string", []string{ColsByType(TypeString)}, []string{"name"}},
		{"temporal", []string{ColsByType(TypeTemporal)}, []string{"when"}},
		{"boolean", []string{ColsByType(TypeBoolean)}, []string{"ok"}},
		{"nested", []string{ColsByType(TypeNested)}, []string{"tags", "s"}},
		{"list", []string{ColsByType(TypeList)}, []string{"tags"}},
		{"struct", []string{ColsByType(TypeStruct)}, []string{"s"}},
		{"two classes", []string{ColsByType(TypeBoolean, TypeString)}, []string{"name", "ok"}},
		{"no match", []string{"^zzz$"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := f.Select(tc.refs...)
			if err := out.Err(); err != nil {
				t.Fatal(err)
			}
			if got := out.Columns(); !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("Select(%q) = %v, want %v", tc.refs, got, tc.want)
			}
		})
	}
	if got := f.Drop(ColsByType(TypeNumeric, TypeNested)).Columns(); !reflect.DeepEqual(got, []string{"name", "ok", "when"}) {
		t.Errorf("Drop = %v", got)
	}
	if err := f.Select("^(unclosed$").Err(); !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "^(unclosed$") {
		t.Errorf("invalid pattern: %v", err)
	}
	// A column named like a pattern is that column.
	g := FromColumns([]string{"^x$", "xy"}, []int64{1}, []int64{2})
	if got := g.Select("^x$").Columns(); !reflect.DeepEqual(got, []string{"^x$"}) {
		t.Errorf("literal column = %v", got)
	}
}

func TestSelectorExprs(t *testing.T) {
	f := selTestFrame(t)
	out := f.SelectExprs(Col("^price_.*$").Sum())
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	if got := out.Columns(); !reflect.DeepEqual(got, []string{"price_a", "price_b"}) {
		t.Errorf("columns = %v", got)
	}
	a, _ := out.Column("price_a")
	b, _ := out.Column("price_b")
	if !reflect.DeepEqual(a.ToValue(), []any{int64(40)}) || !reflect.DeepEqual(b.ToValue(), []any{7.5}) {
		t.Errorf("sums = %v %v", a.ToValue(), b.ToValue())
	}
	// Every use of the selector is the same column.
	w := f.WithColumns(Col(ColsByType(TypeFloat)).Sub(Col(ColsByType(TypeFloat)).Mean()).Round(2))
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	pb, _ := w.Column("price_b")
	if !reflect.DeepEqual(pb.ToValue(), []any{-1.0, 0.0, 1.0}) {
		t.Errorf("centred = %v", pb.ToValue())
	}
	// All with Exclude, as Polars' pl.all().exclude(...).
	got := f.SelectExprs(All().Exclude("^price_.*$", ColsByType(TypeNested), "when")).Columns()
	if !reflect.DeepEqual(got, []string{"id", "name", "ok", "ratio"}) {
		t.Errorf("All().Exclude = %v", got)
	}
	got = f.SelectExprs(Col(ColsByType(TypeNumeric)).Max().Exclude("id")).Columns()
	if !reflect.DeepEqual(got, []string{"price_a", "price_b", "ratio"}) {
		t.Errorf("Exclude above = %v", got)
	}
	// GroupBy.Agg leaves the keys out.
	g := f.GroupBy("id").Agg(Col(ColsByType(TypeNumeric)).Sum())
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if got := g.Columns(); !reflect.DeepEqual(got, []string{"id", "price_a", "price_b", "ratio"}) {
		t.Errorf("Agg columns = %v", got)
	}
	// Sort by a selector sorts by each column.
	s := f.Sort(Desc("^price_.*$"))
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	ids, _ := s.Column("id")
	if !reflect.DeepEqual(ids.ToValue(), []any{int64(1), int64(1), int64(2)}) {
		t.Errorf("sorted ids = %v", ids.ToValue())
	}
	// GroupBy by a selector.
	if got := f.GroupBy(ColsByType(TypeBoolean)).Agg(Len()).Columns(); !reflect.DeepEqual(got, []string{"ok", "len"}) {
		t.Errorf("GroupBy selector = %v", got)
	}
	// Errors: two selectors, a selector where one column is wanted,
	// Exclude without a selector.
	for _, fr := range []*Frame{
		f.SelectExprs(Col("^price_.*$").Add(Col(ColsByType(TypeFloat)))),
		f.Filter(Col("^price_.*$").Gt(Lit(0))),
		f.SelectExprs(Col("id").Exclude("id")),
	} {
		if err := fr.Err(); !errors.Is(err, ErrArgument) {
			t.Errorf("err = %v, want ErrArgument", err)
		}
	}
	if got := Col(ColsByType(TypeNumeric, TypeString)).Exclude("id").String(); got != "col(cs.by_type(numeric, string).exclude(id))" {
		t.Errorf("String = %s", got)
	}
}

// TestSelectorsInRowVerbs: Unique, DropNulls and Explode take selectors
// as the other verbs do, expanded to the columns they name.
func TestSelectorsInRowVerbs(t *testing.T) {
	f := FromColumns([]string{"k", "name", "tags", "score"},
		[]int64{1, 1, 2},
		[]any{"a", "a", nil},
		[][]string{{"x", "y"}, {"x", "y"}, {"z"}},
		[]any{1.5, 1.5, 2.5})
	if got := f.Unique([]string{ColsByType(TypeNumeric)}); got.Err() != nil || got.NumRows() != 2 {
		t.Errorf("Unique(numeric): %d rows, %v; want 2", got.NumRows(), got.Err())
	}
	if got := f.DropNulls([]string{"^na.*$"}); got.Err() != nil || got.NumRows() != 2 {
		t.Errorf("DropNulls(^na.*$): %d rows, %v; want 2", got.NumRows(), got.Err())
	}
	if got := f.Explode([]string{ColsByType(TypeList)}); got.Err() != nil || got.NumRows() != 5 {
		t.Errorf("Explode(list): %d rows, %v; want 5", got.NumRows(), got.Err())
	}
	// A selector naming no column is an error, not "every column".
	for _, g := range []*Frame{f.Unique([]string{"^nomatch$"}), f.DropNulls([]string{ColsByType(TypeTemporal)})} {
		if err := g.Err(); !errors.Is(err, ErrColumn) {
			t.Errorf("a selector naming no column: %v, want ErrColumn", err)
		}
	}
}
