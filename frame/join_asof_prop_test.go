package frame

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// asofRandFrame makes one side of a random as-of join: a by key g ("a",
// "b", "c" or null) interleaved at random, a key t ascending within each
// group (by) or over all rows with ties and nulls (ints, or halves as
// floats), the row's id under idName and a list column.
func asofRandFrame(rng *rand.Rand, n int, idName string, floats, by bool) *Frame {
	g, t, ids, lists := make([]any, n), make([]any, n), make([]int64, n), make([]any, n)
	next := map[any]int64{}
	for i := range n {
		if k := rng.IntN(4); k < 3 {
			g[i] = string(rune('a' + k))
		}
		var grp any
		if by {
			grp = g[i]
		}
		next[grp] += int64(rng.IntN(4)) // 0: a tie
		if rng.IntN(8) > 0 {
			if floats {
				t[i] = float64(next[grp]) / 2
			} else {
				t[i] = next[grp]
			}
		}
		ids[i] = int64(i)
		if rng.IntN(2) == 0 {
			lists[i] = []any{idName, fmt.Sprint(i)}
		}
	}
	return FromColumns([]string{"g", "t", idName, idName + "_list"}, g, t, ids, lists)
}

// asofNaive is JoinAsof by a scan of every right row for each left row
// (O(n·m)) over ToValue: the matched right row of each left row, -1 for
// none. tol < 0 is no tolerance.
func asofNaive(l, r *Frame, by bool, s AsofStrategy, exact bool, tol float64) []int {
	lrows, _ := randNormalize(l.data.ToValue()).([]any)
	rrows, _ := randNormalize(r.data.ToValue()).([]any)
	num := func(x any) float64 {
		if i, ok := x.(int64); ok {
			return float64(i)
		}
		return x.(float64)
	}
	out := make([]int, len(lrows))
	for i, lr := range lrows {
		a := lr.(map[string]any)
		out[i] = -1
		if a["t"] == nil || (by && a["g"] == nil) {
			continue
		}
		x := num(a["t"])
		best, bestKey, bestDist := -1, 0.0, 0.0
		for j, rr := range rrows {
			b := rr.(map[string]any)
			if b["t"] == nil || (by && b["g"] != a["g"]) {
				continue
			}
			y := num(b["t"])
			var ok bool
			switch s {
			case AsofBackward:
				ok = y < x || (exact && y == x)
			case AsofForward:
				ok = y > x || (exact && y == x)
			default:
				ok = y != x || exact
			}
			if !ok {
				continue
			}
			d := max(x-y, y-x)
			if best < 0 {
				best, bestKey, bestDist = j, y, d
				continue
			}
			switch s {
			case AsofBackward: // the greatest key, the last of its rows
				if y >= bestKey {
					best, bestKey, bestDist = j, y, d
				}
			case AsofForward: // the least key, the first of its rows
				if y < bestKey {
					best, bestKey, bestDist = j, y, d
				}
			default: // the least distance, then the greater key, then the last row
				if d < bestDist || (d == bestDist && y >= bestKey) {
					best, bestKey, bestDist = j, y, d
				}
			}
		}
		if best >= 0 && (tol < 0 || bestDist <= tol) {
			out[i] = best
		}
	}
	return out
}

// TestJoinAsofProperty checks JoinAsof against asofNaive on random frames
// built every way (int32 keys, dictionary by keys, ...), each strategy,
// with and without by, exact matches and a tolerance; the right list
// column is carried with the matched row.
func TestJoinAsofProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, uint64(w)))
			for iter := range 60 {
				floats := iter%3 == 2
				by := rng.IntN(3) > 0
				l := randBuild(t, rng, asofRandFrame(rng, rng.IntN(30), "lid", floats, by), w)
				r := randBuild(t, rng, asofRandFrame(rng, rng.IntN(30), "rid", floats, by), randWay(rng.IntN(int(numRandWays))))
				s := AsofStrategy(rng.IntN(3))
				exact := rng.IntN(3) > 0
				tol := []float64{-1, 0, 1, 2.5}[rng.IntN(4)]
				opts := []AsofOption{WithAsofStrategy(s), WithAllowExactMatches(exact)}
				if by {
					opts = append(opts, WithAsofBy(On("g")))
				}
				if tol >= 0 {
					if floats {
						opts = append(opts, WithAsofTolerance(tol))
					} else {
						opts = append(opts, WithAsofTolerance(int(tol)))
						tol = float64(int(tol))
					}
				}
				got := l.JoinAsof(r, On("t"), opts...)
				if err := got.Err(); err != nil {
					t.Fatalf("iter %d: %v", iter, err)
				}
				want := asofNaive(l, r, by, s, exact, tol)
				rows, _ := randNormalize(got.data.ToValue()).([]any)
				rrows, _ := randNormalize(r.data.ToValue()).([]any)
				var bad []string
				for i, row := range rows {
					m := row.(map[string]any)
					var wantID, wantList any
					if want[i] >= 0 {
						rr := rrows[want[i]].(map[string]any)
						wantID, wantList = rr["rid"], rr["rid_list"]
					}
					if fmt.Sprint(m["rid"], m["rid_list"]) != fmt.Sprint(wantID, wantList) {
						bad = append(bad, fmt.Sprintf("left row %d: got %v %v, want %v %v", i, m["rid"], m["rid_list"], wantID, wantList))
					}
				}
				if len(rows) != len(want) || len(bad) > 0 {
					t.Fatalf("iter %d %v by=%v exact=%v tol=%v floats=%v (%d rows, want %d):\n%s\nleft %v\nright %v",
						iter, s, by, exact, tol, floats, len(rows), len(want), strings.Join(bad, "\n"), l.data.ToValue(), r.data.ToValue())
				}
			}
		})
	}
}
