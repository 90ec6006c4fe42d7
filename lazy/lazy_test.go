package lazy_test

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
	"github.com/structframe/structframe/lazy"
)

// testFrame is n rows: an id, a group key with nulls, a number with
// nulls, a string, and (nested) a list and a struct column.
func testFrame(n int, nested bool, seed uint64) *frame.Frame {
	r := rand.New(rand.NewPCG(seed, 1))
	id, g, x, s := make([]int64, n), make([]any, n), make([]any, n), make([]string, n)
	tags, pt, items := make([]any, n), make([]any, n), make([]any, n)
	for i := range n {
		id[i] = int64(i)
		if r.IntN(8) > 0 {
			g[i] = []string{"a", "b", "c"}[r.IntN(3)]
		}
		if r.IntN(6) > 0 {
			x[i] = float64(r.IntN(200)) / 4
		}
		s[i] = fmt.Sprintf("w%d", r.IntN(30))
		k := r.IntN(3)
		list := make([]any, k)
		for j := range list {
			list[j] = int64(r.IntN(9))
		}
		tags[i] = list
		pt[i] = map[string]any{"u": int64(r.IntN(5)), "v": fmt.Sprint(r.IntN(3))}
		switch k := r.IntN(6); k {
		case 0:
			items[i] = nil
		default:
			its := make([]any, k-1)
			for j := range its {
				its[j] = map[string]any{"a": int64(r.IntN(50)), "b": fmt.Sprint("b", r.IntN(4))}
			}
			items[i] = its
		}
	}
	if !nested {
		return frame.FromColumns([]string{"id", "g", "x", "s"}, id, g, x, s)
	}
	return frame.FromColumns([]string{"id", "g", "x", "s", "tags", "pt", "items"}, id, g, x, s, tags, pt, items)
}

// step is one verb applied the same way to an eager frame and a query.
type step struct {
	name   string
	eager  func(*frame.Frame) *frame.Frame
	lazy   func(*lazy.Frame) *lazy.Frame
	nested bool // needs the nested columns
}

func steps() []step {
	gt := frame.Col("x").Gt(frame.Lit(20.0))
	twice := frame.Col("id").Mul(frame.Lit(int64(2))).Alias("id2")
	keys := []frame.SortKey{frame.Asc("g"), frame.Desc("x"), frame.Asc("id")}
	agg := []frame.Expr{frame.Col("x").Sum().Alias("sx"), frame.Len().Alias("n"), frame.Col("x").Mean().Alias("mx"),
		frame.Col("x").Min().Alias("lo"), frame.Col("id").Max().Alias("hi"), frame.Col("x").Count().Alias("c")}
	labels := frame.FromColumns([]string{"g", "label"}, []any{"a", "b", "b", nil}, []string{"A", "B1", "B2", "none"})
	join := func(how frame.JoinHow) step {
		return step{fmt.Sprintf("join-%d", how),
			func(f *frame.Frame) *frame.Frame { return f.Join(labels, frame.On("g"), how) },
			func(q *lazy.Frame) *lazy.Frame { return q.Join(lazy.From(labels), frame.On("g"), how) }, false}
	}
	return []step{
		join(frame.Inner), join(frame.Left), join(frame.Semi), join(frame.Anti), join(frame.Outer),
		{"filter", func(f *frame.Frame) *frame.Frame { return f.Filter(gt) }, func(q *lazy.Frame) *lazy.Frame { return q.Filter(gt) }, false},
		{"filter-g", func(f *frame.Frame) *frame.Frame { return f.Filter(frame.Col("g").Eq(frame.Lit("b"))) }, func(q *lazy.Frame) *lazy.Frame { return q.Filter(frame.Col("g").Eq(frame.Lit("b"))) }, false},
		{"with", func(f *frame.Frame) *frame.Frame { return f.WithColumns(twice) }, func(q *lazy.Frame) *lazy.Frame { return q.WithColumns(twice) }, false},
		{"select", func(f *frame.Frame) *frame.Frame { return f.Select("id", "x", "g") }, func(q *lazy.Frame) *lazy.Frame { return q.Select("id", "x", "g") }, false},
		{"drop", func(f *frame.Frame) *frame.Frame { return f.Drop("s") }, func(q *lazy.Frame) *lazy.Frame { return q.Drop("s") }, false},
		{"sort", func(f *frame.Frame) *frame.Frame { return f.Sort(keys...) }, func(q *lazy.Frame) *lazy.Frame { return q.Sort(keys...) }, false},
		{"head", func(f *frame.Frame) *frame.Frame { return f.Head(13) }, func(q *lazy.Frame) *lazy.Frame { return q.Head(13) }, false},
		{"slice", func(f *frame.Frame) *frame.Frame { return f.Slice(min(5, f.NumRows()), min(40, f.NumRows())) }, func(q *lazy.Frame) *lazy.Frame { return q.Slice(5, 40) }, false},
		{"tail", func(f *frame.Frame) *frame.Frame { return f.Tail(7) }, func(q *lazy.Frame) *lazy.Frame { return q.Tail(7) }, false},
		{"rename", func(f *frame.Frame) *frame.Frame { return f.Rename(map[string]string{"s": "word"}) }, func(q *lazy.Frame) *lazy.Frame { return q.Rename(map[string]string{"s": "word"}) }, false},
		{"groupby", func(f *frame.Frame) *frame.Frame { return f.GroupBy("g").Agg(agg...).Sort(frame.Asc("g")) }, func(q *lazy.Frame) *lazy.Frame { return q.GroupBy("g").Agg(agg...).Sort(frame.Asc("g")) }, false},
		{"unique", func(f *frame.Frame) *frame.Frame { return f.Unique([]string{"g"}, frame.WithMaintainOrder(true)) }, func(q *lazy.Frame) *lazy.Frame { return q.Unique([]string{"g"}, frame.WithMaintainOrder(true)) }, false},
		{"explode", func(f *frame.Frame) *frame.Frame { return f.Explode([]string{"tags"}) }, func(q *lazy.Frame) *lazy.Frame { return q.Explode([]string{"tags"}) }, true},
		{"unnest", func(f *frame.Frame) *frame.Frame { return f.Unnest("pt") }, func(q *lazy.Frame) *lazy.Frame { return q.Unnest("pt") }, true},
		{"path", func(f *frame.Frame) *frame.Frame {
			return f.SelectExprs(frame.Col("id"), frame.Col("pt.u").Alias("pu"))
		},
			func(q *lazy.Frame) *lazy.Frame { return q.SelectExprs(frame.Col("id"), frame.Col("pt.u").Alias("pu")) }, true},
		{"flatten", func(f *frame.Frame) *frame.Frame { return f.Flatten() }, func(q *lazy.Frame) *lazy.Frame { return q.Flatten() }, true},
		{"unpivot", func(f *frame.Frame) *frame.Frame { return f.Unpivot([]string{"id", "x"}, []string{"s"}) },
			func(q *lazy.Frame) *lazy.Frame { return q.Unpivot([]string{"id", "x"}, []string{"s"}) }, false},
		{"row-index", func(f *frame.Frame) *frame.Frame { return f.WithRowIndex("nr", 3) }, func(q *lazy.Frame) *lazy.Frame { return q.WithRowIndex("nr", 3) }, false},
		{"explode-path", func(f *frame.Frame) *frame.Frame {
			return f.Select("id", "items").Explode([]string{"items"}).SelectExprs(frame.Col("id"), frame.Col("items.a").Alias("ia"))
		}, func(q *lazy.Frame) *lazy.Frame {
			return q.Select("id", "items").Explode([]string{"items"}).SelectExprs(frame.Col("id"), frame.Col("items.a").Alias("ia"))
		}, true},
		{"explode-path-filter", func(f *frame.Frame) *frame.Frame {
			return f.Explode([]string{"items"}, frame.WithEmptyAs(frame.ExplodeDrop)).Filter(frame.Col("items.b").Eq(frame.Lit("b1"))).Select("id", "x")
		}, func(q *lazy.Frame) *lazy.Frame {
			return q.Explode([]string{"items"}, frame.WithEmptyAs(frame.ExplodeDrop)).Filter(frame.Col("items.b").Eq(frame.Lit("b1"))).Select("id", "x")
		}, true},
		{"self-join", func(f *frame.Frame) *frame.Frame {
			return f.Join(f.GroupBy("g").Agg(frame.Len().Alias("gn")), frame.On("g"), frame.Left)
		}, func(q *lazy.Frame) *lazy.Frame {
			return q.Join(q.GroupBy("g").Agg(frame.Len().Alias("gn")), frame.On("g"), frame.Left)
		}, false},
		{"self-concat", func(f *frame.Frame) *frame.Frame { return frame.Concat(f.Head(20), f.Filter(gt)) },
			func(q *lazy.Frame) *lazy.Frame { return q.Head(20).Concat(q.Filter(gt)) }, false},
		{"path-filter", func(f *frame.Frame) *frame.Frame { return f.Filter(frame.Col("pt.v").Eq(frame.Lit("1"))) },
			func(q *lazy.Frame) *lazy.Frame { return q.Filter(frame.Col("pt.v").Eq(frame.Lit("1"))) }, true},
	}
}

// sources are the ways a query reads the test frame: from memory and
// through each format's Scan, in batches of 7 rows.
func sources(t *testing.T, f *frame.Frame, nested bool) map[string]*lazy.Frame {
	dir := t.TempDir()
	out := map[string]*lazy.Frame{"frame": lazy.From(f)}
	js := filepath.Join(dir, "x.ndjson")
	if err := json.WriteFile(js, f); err != nil {
		t.Fatal(err)
	}
	out["json"] = json.Scan(js, json.WithBatchSize(7))
	pq := filepath.Join(dir, "x.parquet")
	if err := parquet.WriteFile(pq, f, parquet.WithRowGroupRows(7)); err != nil {
		t.Fatal(err)
	}
	out["parquet"] = parquet.Scan(pq)
	ar := filepath.Join(dir, "x.arrow")
	if err := ipc.WriteFile(ar, f, ipc.WithBatchSize(7)); err != nil {
		t.Fatal(err)
	}
	out["ipc"] = ipc.Scan(ar)
	if !nested {
		c := filepath.Join(dir, "x.csv")
		if err := csv.WriteFile(c, f); err != nil {
			t.Fatal(err)
		}
		out["csv"] = csv.Scan(c, csv.WithBatchSize(7))
	}
	return out
}

// TestLazyEqualsEager runs random chains of verbs eagerly on a frame and
// lazily over every source of it, and compares the results.
func TestLazyEqualsEager(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(9, 9))
	all := steps()
	for _, nested := range []bool{false, true} {
		f := testFrame(100, nested, 3)
		eagerSource := map[string]*frame.Frame{}
		for name, q := range sources(t, f, nested) {
			// Each source's whole read, eagerly: what its chains compare to.
			whole, err := q.Collect(ctx)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			eagerSource[name] = whole
		}
		for trial := range 60 {
			var chain []step
			for range 1 + r.IntN(4) {
				s := all[r.IntN(len(all))]
				if s.nested && !nested {
					continue
				}
				chain = append(chain, s)
			}
			for name, q := range sources(t, f, nested) {
				want := eagerSource[name]
				var names []string
				for _, s := range chain {
					want = s.eager(want)
					q = s.lazy(q)
					names = append(names, s.name)
				}
				label := fmt.Sprintf("trial %d, %s: %s", trial, name, strings.Join(names, " "))
				got, err := q.Collect(ctx)
				if want.Err() != nil {
					if err == nil {
						t.Errorf("%s: eager error %v, lazy none", label, want.Err())
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				if !reflect.DeepEqual(got.Columns(), want.Columns()) || got.NumRows() != want.NumRows() || got.String() != want.String() {
					plan, _ := q.Explain(ctx)
					t.Fatalf("%s:\nlazy\n%v\neager\n%v\nplan\n%s", label, got, want, plan)
				}
			}
		}
	}
}

// countingSource is a Source of a frame in batches of 10 rows that
// records what the plan pushed into it and how many batches were read.
type countingSource struct {
	f       *frame.Frame
	specs   []lazy.ScanSpec
	batches int
}

func (s *countingSource) Schema(context.Context) (*frame.Frame, error) { return s.f.Head(0), nil }

func (s *countingSource) Describe(lazy.ScanSpec) []string { return []string{"counting"} }

func (s *countingSource) Open(_ context.Context, spec lazy.ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	s.specs = append(s.specs, spec)
	return func(yield func(*frame.Frame, error) bool) {
		for lo := 0; lo < s.f.NumRows(); lo += 10 {
			s.batches++
			b := s.f.Slice(lo, min(lo+10, s.f.NumRows()))
			if spec.Columns != nil {
				b = b.Select(spec.Columns...)
			}
			if !yield(b, nil) {
				return
			}
		}
	}, nil
}

// TestPushdown checks what the optimizer pushes into a scan: the columns
// read, the filters, the limit; and that Schema reads nothing.
func TestPushdown(t *testing.T) {
	ctx := context.Background()
	f := testFrame(100, true, 4)
	cases := []struct {
		name    string
		q       func(*lazy.Frame) *lazy.Frame
		columns []string // nil: all
		filters int
		limit   int
		batches int // read, at most
	}{
		{"select", func(q *lazy.Frame) *lazy.Frame { return q.Select("x", "id") }, []string{"id", "x"}, 0, -1, 10},
		{"filter then select", func(q *lazy.Frame) *lazy.Frame {
			return q.Filter(frame.Col("g").Eq(frame.Lit("a"))).Select("id")
		}, []string{"id", "g"}, 1, -1, 10},
		{"filter under with_columns", func(q *lazy.Frame) *lazy.Frame {
			return q.WithColumns(frame.Col("x").Mul(frame.Lit(2.0)).Alias("x2")).Filter(frame.Col("id").Lt(frame.Lit(int64(50)))).Select("x2")
		}, []string{"id", "x"}, 1, -1, 10},
		{"filter on a made column stays", func(q *lazy.Frame) *lazy.Frame {
			return q.WithColumns(frame.Col("x").Mul(frame.Lit(2.0)).Alias("x2")).Filter(frame.Col("x2").Gt(frame.Lit(3.0))).Select("id")
		}, []string{"id", "x"}, 0, -1, 10},
		{"head", func(q *lazy.Frame) *lazy.Frame { return q.Select("s").Head(15) }, []string{"s"}, 0, 15, 2},
		{"group by", func(q *lazy.Frame) *lazy.Frame { return q.GroupBy("g").Agg(frame.Col("x").Mean()) }, []string{"g", "x"}, 0, -1, 10},
		{"a filter on group keys goes below the group-by", func(q *lazy.Frame) *lazy.Frame {
			return q.GroupBy("g").Agg(frame.Col("x").Sum().Alias("sx")).Filter(frame.Col("g").Eq(frame.Lit("a")).And(frame.Col("sx").Gt(frame.Lit(10.0))))
		}, []string{"g", "x"}, 1, -1, 10},
		{"a filter on a unique subset goes below it", func(q *lazy.Frame) *lazy.Frame {
			return q.Unique([]string{"g"}, frame.WithMaintainOrder(true)).Filter(frame.Col("g").Ne(frame.Lit("b"))).Select("id", "g")
		}, []string{"id", "g"}, 1, -1, 10},
		{"explode keeps a filter below", func(q *lazy.Frame) *lazy.Frame {
			return q.Explode([]string{"tags"}).Filter(frame.Col("id").Gt(frame.Lit(int64(90)))).Select("tags")
		}, []string{"id", "tags"}, 1, -1, 10},
		{"a nested path reads its column", func(q *lazy.Frame) *lazy.Frame {
			return q.SelectExprs(frame.Col("pt.u").Alias("u"))
		}, []string{"pt"}, 0, -1, 10},
		{"a pattern reads all", func(q *lazy.Frame) *lazy.Frame { return q.SelectExprs(frame.Col("^(i|x).*$")) }, nil, 0, -1, 10},
		{"a filter always true goes", func(q *lazy.Frame) *lazy.Frame {
			return q.Filter(frame.Lit(int64(2)).Gt(frame.Lit(int64(1)))).Select("id")
		}, []string{"id"}, 0, -1, 10},
		{"a filter never true reads nothing", func(q *lazy.Frame) *lazy.Frame {
			return q.Filter(frame.Lit(int64(2)).Lt(frame.Lit(int64(1)))).Select("id")
		}, []string{"id"}, 0, 0, 1},
		{"a filter goes below a rename, over the old name", func(q *lazy.Frame) *lazy.Frame {
			return q.Rename(map[string]string{"x": "score", "id": "x"}).Filter(frame.Col("score").Gt(frame.Lit(10.0)).And(frame.Col("x").Lt(frame.Lit(int64(80))))).Select("x")
		}, []string{"id", "x"}, 2, -1, 10},
		{"a path below a rename", func(q *lazy.Frame) *lazy.Frame {
			return q.Rename(map[string]string{"pt": "point"}).Filter(frame.Col("point.u").Eq(frame.Lit(int64(2)))).Select("id")
		}, []string{"id", "pt"}, 1, -1, 10},
		{"a window over a rename stays", func(q *lazy.Frame) *lazy.Frame {
			return q.Rename(map[string]string{"x": "score"}).Filter(frame.Col("score").Gt(frame.Col("score").Mean().Over("g"))).Select("id")
		}, []string{"id", "g", "x"}, 0, -1, 10},
		{"constants folded inside a predicate", func(q *lazy.Frame) *lazy.Frame {
			return q.Filter(frame.MustParseExpr("x > 2.5 * 4")).Select("id")
		}, []string{"id", "x"}, 1, -1, 10},
	}
	for _, c := range cases {
		src := &countingSource{f: f}
		q := c.q(lazy.Scan(src))
		if _, err := q.Schema(ctx); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(src.specs) != 0 || src.batches != 0 {
			t.Errorf("%s: Schema opened the source", c.name)
		}
		got, err := q.Collect(ctx)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		spec := src.specs[0]
		if !slices.Equal(spec.Columns, c.columns) {
			t.Errorf("%s: read columns %v, want %v", c.name, spec.Columns, c.columns)
		}
		if len(spec.Filter) != c.filters {
			t.Errorf("%s: %d filters pushed, want %d", c.name, len(spec.Filter), c.filters)
		}
		if spec.Limit != c.limit {
			t.Errorf("%s: limit %d, want %d", c.name, spec.Limit, c.limit)
		}
		if src.batches > c.batches {
			t.Errorf("%s: read %d batches, want at most %d", c.name, src.batches, c.batches)
		}
		want := c.q(lazy.From(f))
		wf, err := want.Collect(ctx)
		if err != nil || got.String() != wf.String() {
			t.Errorf("%s: %v differs from the frame's %v (%v)", c.name, got, wf, err)
		}
	}
}

// TestErrorsBeforeReading: an unknown column is an error of Schema,
// Explain and Collect before the source is opened.
func TestErrorsBeforeReading(t *testing.T) {
	ctx := context.Background()
	src := &countingSource{f: testFrame(20, false, 5)}
	q := lazy.Scan(src).Filter(frame.Col("nope").Gt(frame.Lit(1)))
	if _, err := q.Schema(ctx); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Schema: %v", err)
	}
	if _, err := q.Collect(ctx); err == nil {
		t.Error("Collect of an unknown column: no error")
	}
	if len(src.specs) != 0 {
		t.Error("the source was opened")
	}
}

// TestExplain shows the optimized plan with what the scan reads.
func TestExplain(t *testing.T) {
	ctx := context.Background()
	src := &countingSource{f: testFrame(20, false, 6)}
	q := lazy.Scan(src).Filter(frame.Col("x").Gt(frame.Lit(3.0))).Select("id").Head(5)
	got, err := q.Explain(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := `SLICE rows 0..5
  SELECT id
    FILTER col(x).gt(lit(3))
      SCAN
        counting
        columns: id, x
        filter: col(x).gt(lit(3))
`
	if got != want {
		t.Errorf("Explain:\n%s\nwant\n%s", got, want)
	}

	// Constants folded and a rename crossed: the scan gets x > 10.
	q = lazy.Scan(src).Rename(map[string]string{"x": "score"}).Filter(frame.MustParseExpr("score > 2.5 * 4")).Select("id")
	if got, err = q.Explain(ctx); err != nil {
		t.Fatal(err)
	}
	want = `SELECT id
  RENAME x -> score
    FILTER col(x).gt(lit(10))
      SCAN
        counting
        columns: id, x
        filter: col(x).gt(lit(10))
`
	if got != want {
		t.Errorf("Explain:\n%s\nwant\n%s", got, want)
	}
}

// TestStreamStops: breaking out of Stream stops the scan.
func TestStreamStops(t *testing.T) {
	src := &countingSource{f: testFrame(100, false, 7)}
	for range lazy.Scan(src).Stream(context.Background()) {
		break
	}
	if src.batches != 1 {
		t.Errorf("read %d batches after one was taken", src.batches)
	}
}

// TestJoinStreamsLeft: an inner join reads its left side batch by batch:
// stopping after the first result stops the scan.
func TestJoinStreamsLeft(t *testing.T) {
	src := &countingSource{f: testFrame(100, false, 8)}
	labels := frame.FromColumns([]string{"g", "label"}, []string{"a", "b", "c"}, []string{"A", "B", "C"})
	q := lazy.Scan(src).Join(lazy.From(labels), frame.On("g"), frame.Inner)
	for range q.Stream(context.Background()) {
		break
	}
	if src.batches != 1 {
		t.Errorf("read %d batches of the left side after one result", src.batches)
	}
}

// TestJoinPushdown: each side of a join reads the columns the result
// needs from it and its keys, and takes the filters on its own columns.
func TestJoinPushdown(t *testing.T) {
	ctx := context.Background()
	f := testFrame(100, false, 9)
	labels := frame.FromColumns([]string{"g", "label", "extra"}, []string{"a", "b", "c"}, []string{"A", "B", "C"}, []int64{1, 2, 3})
	for _, how := range []frame.JoinHow{frame.Inner, frame.Left, frame.Semi} {
		left, right := &countingSource{f: f}, &countingSource{f: labels}
		build := func(l, r *lazy.Frame) *lazy.Frame {
			q := l.Join(r, frame.On("g"), how).Filter(frame.Col("x").Gt(frame.Lit(10.0)))
			if how == frame.Inner {
				q = q.Filter(frame.Col("label").Ne(frame.Lit("C")))
			}
			if how == frame.Semi {
				return q.Select("id")
			}
			return q.Select("id", "label")
		}
		got, err := build(lazy.Scan(left), lazy.Scan(right)).Collect(ctx)
		if err != nil {
			t.Fatalf("join %d: %v", how, err)
		}
		want, err := build(lazy.From(f), lazy.From(labels)).Collect(ctx)
		if err != nil || got.String() != want.String() {
			t.Fatalf("join %d: %v, want %v (%v)", how, got, want, err)
		}
		l, r := left.specs[0], right.specs[0]
		if !slices.Equal(l.Columns, []string{"id", "g", "x"}) || len(l.Filter) != 1 {
			t.Errorf("join %d: left read %v with %d filters", how, l.Columns, len(l.Filter))
		}
		wantRight := []string{"g", "label"}
		if how == frame.Semi {
			wantRight = []string{"g"}
		}
		if !slices.Equal(r.Columns, wantRight) {
			t.Errorf("join %d: right read %v, want %v", how, r.Columns, wantRight)
		}
		if wantFilters := map[frame.JoinHow]int{frame.Inner: 1}[how]; len(r.Filter) != wantFilters {
			t.Errorf("join %d: right took %d filters, want %d", how, len(r.Filter), wantFilters)
		}
	}
}

// TestRenameSwapFilters: filters over swapped names read the right
// columns once moved below the Rename, or stay above it.
func TestRenameSwapFilters(t *testing.T) {
	f := frame.FromColumns([]string{"a", "b", "p"}, []string{"x", "p"}, []string{"y", "q"},
		[]any{map[string]any{"u": "y"}, map[string]any{"u": "z"}})
	swap := map[string]string{"a": "b", "b": "a"}
	for _, e := range []frame.Expr{
		frame.MustParseExpr("b || a = 'xy'"),
		frame.MustParseExpr("b = 'x' and a = 'y'"),
		frame.Col("p").Struct().WithFields(frame.Col("a").Alias("z")).Struct().Field("z").Eq(frame.Lit("y")),
	} {
		got, err := lazy.From(f).Rename(swap).Filter(e).Collect(context.Background())
		want := f.Rename(swap).Filter(e)
		if err != nil || want.Err() != nil || got.String() != want.String() {
			t.Errorf("%s: lazy %v (%v), eager %v (%v)", e, got, err, want, want.Err())
		}
	}
}

// TestExplodePaths: a list of structures exploded, then read by paths,
// reads those fields only, from every reader that reads nested paths.
func TestExplodePaths(t *testing.T) {
	ctx := context.Background()
	f := testFrame(60, true, 12)
	q := func(q *lazy.Frame) *lazy.Frame {
		return q.Select("items").Explode([]string{"items"}, frame.WithEmptyAs(frame.ExplodeDrop), frame.WithNullAs(frame.ExplodeDrop)).
			SelectExprs(frame.Col("items.a").Alias("a")).GroupBy("a").Agg(frame.Len().Alias("n")).Sort(frame.Asc("a"))
	}
	want, err := q(lazy.From(f)).Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range sources(t, f, true) {
		if name == "frame" {
			continue
		}
		got, err := q(src).Collect(ctx)
		if err != nil || got.String() != want.String() {
			t.Errorf("%s: %v (%v), want %v", name, got, err, want)
		}
		if name == "ipc" {
			continue // (an Arrow file's columns are read whole, from memory)
		}
		plan, err := q(src).Explain(ctx)
		if err != nil || !strings.Contains(plan, "columns: items.a\n") {
			t.Errorf("%s reads more than items.a:\n%s", name, plan)
		}
	}
}

// TestFlattenPaths: a query over flattened names reads the paths they
// stand for, from the readers of nested paths.
func TestFlattenPaths(t *testing.T) {
	ctx := context.Background()
	f := testFrame(40, true, 15)
	q := func(q *lazy.Frame) *lazy.Frame {
		return q.Flatten().Filter(frame.Col("pt.u").Gt(frame.Lit(int64(1)))).Select("id", "items.a")
	}
	want, err := q(lazy.From(f)).Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range sources(t, f, true) {
		got, err := q(src).Collect(ctx)
		if err != nil || got.String() != want.String() {
			t.Errorf("%s: %v (%v), want %v", name, got, err, want)
		}
		if name != "json" && name != "parquet" {
			continue
		}
		if plan, err := q(src).Explain(ctx); err != nil || !strings.Contains(plan, "columns: id, pt.u, items.a\n") {
			t.Errorf("%s reads more than it needs:\n%s", name, plan)
		}
	}
}
