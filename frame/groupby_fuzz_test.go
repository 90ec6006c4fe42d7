package frame

import (
	"math/rand/v2"
	"testing"
)

// FuzzGroupBy builds a frame from the fuzzer's bytes (4 bytes a row: an
// int key, a string key, an int value and a float value, each possibly
// null) and checks GroupBy.Agg of every aggregation against the naive
// map-based computation, for one key and for two. A byte left over after
// the rows picks the way (randWays) the frame is built.
func FuzzGroupBy(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 255, 255, 255, 255})
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4*200+1 {
			data = data[:4*200+1]
		}
		n := len(data) / 4
		ki, ks, vi, vf, vs, vl, kf, flag := make([]any, n), make([]any, n), make([]any, n), make([]any, n), make([]any, n), make([]any, n), make([]any, n), make([]bool, n)
		for i := 0; i < n; i++ {
			b := data[4*i : 4*i+4]
			if b[0] < 240 {
				ki[i] = int64(b[0] % 5)
			}
			if b[1] < 240 {
				ks[i] = string(rune('a' + b[1]%4))
			}
			if b[2] < 240 {
				vi[i] = int64(b[2]) - 100
				vs[i] = string(rune('p' + b[2]%3))
			}
			if b[3] < 240 {
				vf[i] = float64(b[3]) / 4
				kf[i] = float64(b[3]%3) / 2
			}
			if b[2]%5 != 0 {
				l := []any{}
				for k := 0; k < int(b[3]%4); k++ {
					l = append(l, int64(k+int(b[0]%3)))
				}
				vl[i] = l
			}
			flag[i] = b[0]&1 == 1
		}
		var fr *Frame
		if n == 0 {
			fr = grpRandFrame(nil, 0)
		} else {
			fr = FromColumns([]string{"ki", "ks", "kf", "vi", "vf", "vs", "vl", "flag"}, ki, ks, kf, vi, vf, vs, vl, flag)
		}
		if err := fr.Err(); err != nil {
			t.Fatal(err)
		}
		if len(data)%4 != 0 {
			fr = randBuild(t, rand.New(rand.NewPCG(uint64(len(data)), 0)), fr, randWay(int(data[len(data)-1])%int(numRandWays)))
		}
		grpCheckAgainstNaive(t, fr, []string{"ki"})
		grpCheckAgainstNaive(t, fr, []string{"ks", "kf"})
	})
}
