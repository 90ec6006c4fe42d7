package build

import "testing"

func TestChunkingChunks(t *testing.T) {
	for _, tc := range []struct {
		c    Chunking
		n    int
		want int
	}{
		{Chunking{MinRows: 10, Most: 4}, 5, 1},
		{Chunking{MinRows: 10, Most: 4}, 25, 2},
		{Chunking{MinRows: 10, Most: 4}, 1000, 4},
		{Chunking{MinRows: 0, Most: 3}, 2, 2},
	} {
		if got := tc.c.chunks(tc.n); got != tc.want {
			t.Errorf("%+v.chunks(%d) = %d, want %d", tc.c, tc.n, got, tc.want)
		}
	}
}
