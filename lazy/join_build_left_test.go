package lazy_test

import (
	"context"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// countedSource is a countingSource whose rows are known before reading
// (as a Parquet footer's).
type countedSource struct{ countingSource }

func (s *countedSource) RowCount(context.Context) (int64, bool) { return int64(s.f.NumRows()), true }

// TestJoinBuildsLeft: an inner, semi or anti join whose left side is
// known to be much smaller builds on the left and streams the right side,
// and gives the eager join: the left order, a row's matches in right
// order, null keys, several matches a row.
func TestJoinBuildsLeft(t *testing.T) {
	ctx := context.Background()
	big := testFrame(2000, false, 12)
	small := frame.FromColumns([]string{"g", "label", "id"}, []any{"a", "b", "b", nil, "zz", "a"}, []string{"A", "B1", "B2", "none", "Z", "A2"}, []int64{7, 8, 9, 10, 11, 12})
	for _, how := range []frame.JoinHow{frame.Inner, frame.Semi, frame.Anti} {
		for _, on := range []frame.JoinOn{frame.On("g"), frame.On("g", "id")} {
			want := small.Join(big, on, how)
			q := lazy.From(small).Join(lazy.Scan(&countedSource{countingSource{f: big}}), on, how)
			if !lazy.JoinBuildsLeft(ctx, q) {
				t.Fatalf("join %v: not built on its left side", how)
			}
			got, err := q.Collect(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !lazy.SameRows(t, got, want) {
				t.Errorf("join %v on %v:\n%v\neager\n%v", how, on, got, want)
			}
			// Without counts, the right side is built, as before.
			if lazy.JoinBuildsLeft(ctx, lazy.From(small).Join(lazy.Scan(&countingSource{f: big}), on, how)) {
				t.Errorf("join %v: built on the left with no row count", how)
			}
		}
	}
}

// TestJoinSideUncountedSlice: a Head of a source of unknown size is not
// taken for a small side: the join builds on the counted, smaller right.
func TestJoinSideUncountedSlice(t *testing.T) {
	big := testFrame(2000, false, 12)
	q := lazy.Scan(&countingSource{f: big}).Head(1_000_000).
		Join(lazy.Scan(&countedSource{countingSource{f: big.Head(100)}}), frame.On("g"), frame.Inner)
	if lazy.JoinBuildsLeft(context.Background(), q) {
		t.Error("Head(1e6) of an uncounted source taken as the small side")
	}
}
