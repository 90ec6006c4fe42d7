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
// delta, a miniblock padded past the last value); headers and blocks
// that do not hold are errors.
func TestDecodeDelta(t *testing.T) {
	// 7 values from 10: the deltas -1, 2, 0, 3, 1, 0, that is 0, 3, 1, 4,
	// 2, 1 above the minimum -1, in one block of 16 values: its first
	// miniblock of 8 at width 3 (two of padding), its second, of no
	// value wanted, at width 0.
	block := deltaHeader(16, 2, 7, 10)
	block = binary.AppendVarint(block, -1) // min delta
	block = append(block, 3, 0)            // widths of the two miniblocks
	// six deltas above the minimum, 3 bits each, then two of padding: 24 bits
	ups := []uint64{0, 3, 1, 4, 2, 1, 0, 0}
	var bits uint64
	for i, u := range ups {
		bits |= u << (3 * i)
	}
	block = append(block, byte(bits), byte(bits>>8), byte(bits>>16))
	got := make([]int64, 7)
	n, err := decodeDelta(block, got)
	want := []int64{10, 9, 11, 11, 14, 15, 15}
	if err != nil || !slices.Equal(got, want) || n != len(block) {
		t.Fatalf("decodeDelta: %v, %d bytes, %v; want %v, %d bytes", got, n, err, want, len(block))
	}
	cases := []struct {
		name string
		in   []byte
		n    int
		err  string
	}{
		{"no miniblocks", deltaHeader(128, 0, 1, 0), 1, "corrupt delta"},
		{"miniblocks of 3 values", deltaHeader(12, 4, 1, 0), 1, "corrupt delta"},
		{"fewer values than wanted", deltaHeader(128, 4, 2, 0), 3, "2 values where 3"},
		{"a header cut short", deltaHeader(128, 4, 2, 0)[:3], 1, "end past"},
		{"a block cut short", append(deltaHeader(128, 4, 9, 0), 2), 9, "end past"},
		{"deltas of 65 bits", append(binary.AppendVarint(deltaHeader(32, 1, 2, 0), 0), 65), 2, "65-bit"},
	}
	for _, c := range cases {
		_, err := decodeDelta(c.in, make([]int32, c.n))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}
