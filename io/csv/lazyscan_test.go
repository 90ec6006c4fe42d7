package csv

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// TestScanCountsInput: a scan gives the eager read's rows for the columns
// it reads, and a run's Stats count the bytes it parsed: the whole file
// once it is read (a progress bar's count).
func TestScanCountsInput(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,s,x\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "%d,row %d,%d.5\n", i, i, i%7)
	}
	path := filepath.Join(t.TempDir(), "x.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stats lazy.Stats
	cond := frame.Col("x").Gt(frame.Lit(3.0))
	got, err := Scan(path, WithBatchSize(500)).Filter(cond).Select("a").Collect(context.Background(), lazy.WithStats(&stats))
	if err != nil {
		t.Fatal(err)
	}
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.Filter(cond).Select("a"); got.NumRows() != want.NumRows() || got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
	if n := stats.InputBytes.Load(); n != int64(b.Len()) {
		t.Errorf("counted %d bytes of %d", n, b.Len())
	}
}
