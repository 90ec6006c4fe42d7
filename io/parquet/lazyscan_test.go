package parquet

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// TestScanRowGroups: a filter comparing a column with a constant becomes
// row-group predicates, and the row groups their statistics rule out are
// not read; the query's result is the eager one.
func TestScanRowGroups(t *testing.T) {
	n := 100
	id, x, s := make([]int64, n), make([]float64, n), make([]string, n)
	for i := range n {
		id[i], x[i], s[i] = int64(i), float64(i)/2, strings.Repeat("s", i%7)
	}
	f := frame.FromColumns([]string{"id", "x", "s"}, id, x, s)
	path := filepath.Join(t.TempDir(), "x.parquet")
	if err := WriteFile(path, f, WithRowGroupRows(10)); err != nil {
		t.Fatal(err)
	}
	m, err := Stats(path)
	if err != nil {
		t.Fatal(err)
	}
	cond := frame.Col("id").Ge(frame.Lit(int64(85))).And(frame.Lit(40.0).Lt(frame.Col("x")))
	preds := scanPredicates(m.Schema, []frame.Expr{cond})
	if len(preds) != 2 {
		t.Fatalf("%d predicates of %v, want 2", len(preds), cond)
	}
	r, err := OpenFile(path, WithRowGroupFilter(preds...))
	if err != nil {
		t.Fatal(err)
	}
	groups := 0
	for r.Next() {
		groups++
	}
	r.Close()
	if groups != 2 { // ids 80-89 and 90-99
		t.Errorf("read %d row groups, want 2", groups)
	}
	// A constant of another kind than its column rules nothing out.
	if p := scanPredicates(m.Schema, []frame.Expr{frame.Col("id").Eq(frame.Lit("85"))}); len(p) != 0 {
		t.Errorf("a string compared with an integer column gave %v", p)
	}
	q := Scan(path).Filter(cond).Select("id")
	got, err := q.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := f.Filter(cond).Select("id"); got.String() != want.String() {
		t.Errorf("scan %v, eager %v", got, want)
	}
	plan, err := q.Explain(context.Background())
	if err != nil || !strings.Contains(plan, "row-group predicates: 2, over 10 row groups") || !strings.Contains(plan, "columns: id, x") {
		t.Errorf("Explain:\n%s (%v)", plan, err)
	}
}

// TestScanPaths: a query reading one field of a struct column and one of
// a list of structs reads those leaves only, nested as they were.
func TestScanPaths(t *testing.T) {
	n := 40
	id, user, items := make([]int64, n), make([]any, n), make([]any, n)
	for i := range n {
		id[i] = int64(i)
		user[i] = map[string]any{"name": fmt.Sprint("n", i), "bio": strings.Repeat("b", i)}
		items[i] = []any{map[string]any{"p": int64(i % 7), "q": "x"}}
	}
	f := frame.FromColumns([]string{"id", "user", "items"}, id, user, items)
	path := filepath.Join(t.TempDir(), "x.parquet")
	if err := WriteFile(path, f, WithRowGroupRows(10)); err != nil {
		t.Fatal(err)
	}
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	exprs := []frame.Expr{frame.Col("id"), frame.Col("user.name").Alias("name"), frame.Col("items.p").Alias("p")}
	q := Scan(path).SelectExprs(exprs...)
	plan, err := q.Explain(ctx)
	if err != nil || !strings.Contains(plan, "columns: id, user.name, items.p") {
		t.Errorf("Explain:\n%s (%v)", plan, err)
	}
	got, err := q.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.SelectExprs(exprs...); got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
}

// TestScanJoinBuildsLeft: the footer's row count lets a join whose left
// side is a small frame build its hash table on the left and stream the
// file, with the eager join's rows.
func TestScanJoinBuildsLeft(t *testing.T) {
	n := 3000
	id, g := make([]int64, n), make([]string, n)
	for i := range n {
		id[i], g[i] = int64(i), fmt.Sprintf("g%d", i%50)
	}
	big := frame.FromColumns([]string{"id", "g"}, id, g)
	path := filepath.Join(t.TempDir(), "big.parquet")
	if err := WriteFile(path, big, WithRowGroupRows(500)); err != nil {
		t.Fatal(err)
	}
	small := frame.FromColumns([]string{"g", "label"}, []string{"g3", "g7", "g3", "none"}, []string{"a", "b", "c", "d"})
	q := lazy.From(small).Join(Scan(path), frame.On("g"), frame.Inner)
	plan, err := q.Explain(context.Background())
	if err != nil || !strings.Contains(plan, "hash table on the left side") {
		t.Errorf("plan: %v\n%s", err, plan)
	}
	got, err := q.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := small.Join(big, frame.On("g"), frame.Inner)
	gt, _ := got.Tensor()
	wt, _ := want.Tensor()
	if got.NumRows() != want.NumRows() || !reflect.DeepEqual(gt.ToValue(), wt.ToValue()) {
		t.Errorf("join\n%v\neager\n%v", got, want)
	}
}

// TestScanPages: a lazy filter reaches the pages of a row group through
// the page index (the row group is not ruled out, most of its pages
// are); the query gives the eager result, folded constants included.
func TestScanPages(t *testing.T) {
	f := pagesFrame(30000, 2)
	path := filepath.Join(t.TempDir(), "x.parquet")
	if err := WriteFile(path, f, WithDataPageSize(1024)); err != nil {
		t.Fatal(err)
	}
	cond := frame.MustParseExpr("id >= 29000 - 1000 and x > 270 + 0.5")
	q := Scan(path).Filter(cond).Select("id", "x", "pt")
	got, err := q.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := f.Filter(cond).Select("id", "x", "pt")
	if got.NumRows() == 0 || got.String() != want.String() || got.NumRows() != want.NumRows() {
		t.Fatalf("scan %v, eager %v", got, want)
	}
	// What the scan reads: the Reader under the predicates the plan made.
	m, err := Stats(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenFile(path, WithRowGroupFilter(scanPredicates(m.Schema, cond.Simplify().Conjuncts())...))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rows := 0
	for r.Next() {
		rows += r.Frame().NumRows()
	}
	if rows > 4000 || rows < want.NumRows() {
		t.Errorf("the scan reads %d rows of 30000 for %d", rows, want.NumRows())
	}
}
