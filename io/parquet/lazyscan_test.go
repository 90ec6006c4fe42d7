package parquet

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
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
