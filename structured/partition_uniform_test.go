package structured

import (
	"errors"
	"strings"
	"testing"
)

// TestPartitionFromUniform follows TensorFlow's
// from_uniform_row_length(uniform_row_length, nvals, nrows): nvals,
// nrows or both, checked against each other.
func TestPartitionFromUniform(t *testing.T) {
	for _, tc := range []struct {
		length, nvals, nrows int
		wantRows, wantVals   int
		err                  string
	}{
		{3, 6, Unknown, 2, 6, ""},
		{3, Unknown, 2, 2, 6, ""},
		{3, 6, 2, 2, 6, ""},
		{0, 0, Unknown, 0, 0, ""},
		{0, Unknown, 4, 4, 0, ""},
		{0, 0, 4, 4, 0, ""},
		{2, 0, Unknown, 0, 0, ""},
		{3, 7, 2, 0, 0, "uniform row length 3 times nrows 2 must equal nvals 7"},
		{3, 7, Unknown, 0, 0, "uniform row length 3 times nrows 2 must equal nvals 7"},
		{0, 5, Unknown, 0, 0, "uniform row length 0 cannot hold nvals 5"},
		{2, Unknown, Unknown, 0, 0, "either (or both) of nvals and nrows"},
		{-1, 2, Unknown, 0, 0, "uniform row length must be >= 0"},
		{2, -2, Unknown, 0, 0, "nvals must be >= 0"},
		{2, Unknown, -3, 0, 0, "nrows must be >= 0"},
		{1 << 62, Unknown, 4, 0, 0, "overflows"},
	} {
		p, err := PartitionFromUniform(tc.length, tc.nvals, tc.nrows)
		if tc.err != "" {
			if err == nil || !errors.Is(err, ErrPartition) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("(%d, %d, %d): error %v, want ErrPartition %q", tc.length, tc.nvals, tc.nrows, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("(%d, %d, %d): %v", tc.length, tc.nvals, tc.nrows, err)
			continue
		}
		if p.NumRows() != tc.wantRows || p.NumValues() != tc.wantVals {
			t.Errorf("(%d, %d, %d): %d rows, %d values; want %d, %d", tc.length, tc.nvals, tc.nrows, p.NumRows(), p.NumValues(), tc.wantRows, tc.wantVals)
		}
		if want := Must(PartitionFromUniform(tc.length, Unknown, tc.wantRows)); !p.Equal(want) {
			t.Errorf("(%d, %d, %d) differs from PartitionFromUniform(%d, Unknown, %d)", tc.length, tc.nvals, tc.nrows, tc.length, tc.wantRows)
		}
	}
}
