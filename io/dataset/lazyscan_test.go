package dataset

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
)

// TestScan: a lazy query over a hive-partitioned directory gives the
// eager result, and its filter reaches the dataset reader (WithFilter),
// which prunes the partitions that cannot match.
func TestScan(t *testing.T) {
	n := 60
	id, g, x := make([]int64, n), make([]string, n), make([]float64, n)
	for i := range n {
		id[i], g[i], x[i] = int64(i), []string{"a", "b", "c"}[i%3], float64(i)/3
	}
	f := frame.FromColumns([]string{"id", "g", "x"}, id, g, x)
	dir := filepath.Join(t.TempDir(), "ds")
	if err := Write(dir, f, WithPartitionBy("g")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eager, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	cond := frame.Col("g").Eq(frame.Lit("b")).And(frame.Col("x").Gt(frame.Lit(5.0)))
	q := Scan(dir).Filter(cond).Select("id", "x").Sort(frame.Asc("id"))
	got, err := q.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := eager.Filter(cond).Select("id", "x").Sort(frame.Asc("id"))
	if got.String() != want.String() || got.NumRows() == 0 {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
	plan, err := q.Explain(ctx)
	if err != nil || !strings.Contains(plan, "dataset "+dir) || !strings.Contains(plan, "filter: col(g).eq(") {
		t.Errorf("Explain:\n%s (%v)", plan, err)
	}
}
