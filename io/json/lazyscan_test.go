package json

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
)

// TestScanLateKeys: a scan's schema is the whole file's: a key first
// seen after the first batch, and a field null in the first batch and a
// number later, read as Read reads them; a Head reads only its rows.
func TestScanLateKeys(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		switch {
		case i == 2999:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": 2.5, \"z\": \"late\"}\n", i)
		case i < 1500:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": null}\n", i)
		default:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": %d.5}\n", i, i)
		}
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cond := frame.Col("z").IsNotNull().Or(frame.Col("x").Gt(frame.Lit(2990.0)))
	got, err := Scan(path, WithBatchSize(100)).Filter(cond).Select("a", "x", "z").Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.Filter(cond).Select("a", "x", "z"); got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
	head, err := Scan(path).Head(2).Collect(ctx)
	if err != nil || head.NumRows() != 2 {
		t.Errorf("head: %v (%v)", head, err)
	}
}

// TestScanPaths: a query reading one field of a nested column reads that
// path only (the scan's columns), nested as it was, and gives the eager
// result.
func TestScanPaths(t *testing.T) {
	var b strings.Builder
	for i := range 50 {
		fmt.Fprintf(&b, "{\"id\": %d, \"user\": {\"name\": \"n%d\", \"bio\": \"%s\"}, \"items\": [{\"p\": %d, \"q\": \"x\"}]}\n", i, i, strings.Repeat("b", i), i%7)
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	exprs := []frame.Expr{frame.Col("id"), frame.Col("user.name").Alias("name"), frame.Col("items.p").Alias("p")}
	q := Scan(path).Filter(frame.Col("id").Gt(frame.Lit(int64(40)))).SelectExprs(exprs...)
	plan, err := q.Explain(ctx)
	if err != nil || !strings.Contains(plan, "columns: id, user.name, items.p") {
		t.Errorf("Explain:\n%s (%v)", plan, err)
	}
	got, err := q.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.Filter(frame.Col("id").Gt(frame.Lit(int64(40)))).SelectExprs(exprs...); got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
}
