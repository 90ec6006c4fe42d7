package parquet

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"
)

// deltaHeader is the header of DELTA_BINARY_PACKED values: block size,
// miniblocks, value count, first value.
func deltaHeader(block, minis, total uint64, first int64) []byte {
	b := binary.AppendUvarint(nil, block)
	b = binary.AppendUvarint(b, minis)
	b = binary.AppendUvarint(b, total)
	return binary.AppendVarint(b, first)
}

// TestDecodeDelta: a block written by hand decodes (a negative minimum
// delta, a miniblock padded past the last value, miniblocks of width 0);
// headers and blocks arrow-go refuses are errors.
func TestDecodeDelta(t *testing.T) {
	// 7 values from 10: the deltas -1, 2, 0, 3, 1, 0, that is 0, 3, 1, 4,
	// 2, 1 above the minimum -1, in one block of 128 values: its first
	// miniblock of 32 at width 3 (26 of padding), the three others, of no
	// value wanted, at width 0.
	block := deltaHeader(128, 4, 7, 10)
	block = binary.AppendVarint(block, -1) // min delta
	block = append(block, 3, 0, 0, 0)      // widths of the miniblocks
	packed := make([]byte, 32*3/8)
	for i, u := range []uint64{0, 3, 1, 4, 2, 1} {
		for bit := range 3 {
			if u>>bit&1 != 0 {
				packed[(3*i+bit)/8] |= 1 << ((3*i + bit) % 8)
			}
		}
	}
	block = append(block, packed...)
	got := make([]int64, 7)
	n, total, err := decodeDelta(block, got)
	want := []int64{10, 9, 11, 11, 14, 15, 15}
	if err != nil || !slices.Equal(got, want) || n != len(block) || total != 7 {
		t.Fatalf("decodeDelta: %v, %d bytes, %d values, %v; want %v, %d bytes, 7 values", got, n, total, err, want, len(block))
	}
	oneMini := func(first int64, minDelta int64, width byte, body int) []byte {
		b := binary.AppendVarint(deltaHeader(128, 4, 2, first), minDelta)
		return append(append(b, width, 0, 0, 0), make([]byte, body)...)
	}
	cases := []struct {
		name string
		in   []byte
		n    int
		err  string
	}{
		{"no miniblocks", deltaHeader(128, 0, 1, 0), 1, "corrupt delta"},
		{"miniblocks of 8 values", deltaHeader(128, 16, 1, 0), 1, "corrupt delta"},
		{"blocks of 96 values", deltaHeader(96, 3, 1, 0), 1, "corrupt delta"},
		{"fewer values than wanted", deltaHeader(128, 4, 2, 0), 3, "2 values where 3"},
		{"a header cut short", deltaHeader(128, 4, 2, 0)[:3], 1, "end past"},
		{"a miniblock cut short", oneMini(0, 0, 3, 11), 2, "end past"},
		{"deltas of 65 bits", oneMini(0, 0, 65, 0), 2, "65-bit"},
		{"32-bit deltas of 33 bits", oneMini(0, 0, 33, 132), 2, "33-bit"},
		{"a 32-bit first value past 32 bits", oneMini(1<<31, 0, 1, 4), 2, "first value"},
		{"a 32-bit minimum delta past 32 bits", oneMini(0, -1<<32, 1, 4), 2, "minimum delta"},
	}
	for _, c := range cases {
		_, _, err := decodeDelta(c.in, make([]int32, c.n))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}
