package parquet

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// encodeHybrid writes vals in the RLE / bit-packed hybrid at width bits:
// runs of eight or more equal values as runs, the rest packed in groups
// of eight (the last padded with zeros), as Parquet writers do.
func encodeHybrid(vals []uint32, width int) []byte {
	var b []byte
	vbytes := (width + 7) / 8
	for i := 0; i < len(vals); {
		run := 1
		for i+run < len(vals) && vals[i+run] == vals[i] {
			run++
		}
		if run >= 8 {
			b = binary.AppendUvarint(b, uint64(run)<<1)
			for k := range vbytes {
				b = append(b, byte(vals[i]>>(8*k)))
			}
			i += run
			continue
		}
		// pack groups until a run of 8 starts (or the values end)
		start := i
		for i < len(vals) {
			r := 1
			for i+r < len(vals) && vals[i+r] == vals[i] {
				r++
			}
			if r >= 8 && (i-start)%8 == 0 {
				break
			}
			i++
		}
		groups := (i - start + 7) / 8
		i = start + groups*8 // the padding of the last group takes the values after it
		if i > len(vals) {
			i = len(vals)
		}
		b = binary.AppendUvarint(b, uint64(groups)<<1|1)
		packed := make([]byte, groups*width)
		for k, v := range vals[start:i] {
			for bit := range width {
				if v>>bit&1 != 0 {
					p := k*width + bit
					packed[p/8] |= 1 << (p % 8)
				}
			}
		}
		b = append(b, packed...)
	}
	return b
}

// TestDecodeHybrid: random values of every width, in runs and packed
// groups, decode to themselves, as bytes (widths to 8) and as uint32;
// fewer values than encoded decode to the first ones.
func TestDecodeHybrid(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for width := 0; width <= 32; width++ {
		for trial := range 20 {
			n := r.IntN(300)
			vals := make([]uint32, n)
			for i := range vals {
				if r.IntN(3) == 0 && i > 0 {
					vals[i] = vals[i-1]
					continue
				}
				if width > 0 {
					vals[i] = uint32(r.Uint64() & (1<<width - 1))
				}
			}
			if trial%4 == 0 && n > 20 { // a long run
				for i := 5; i < 20; i++ {
					vals[i] = vals[4]
				}
			}
			enc := encodeHybrid(vals, width)
			got := make([]uint32, n)
			if err := decodeHybrid(enc, width, got); err != nil || !slices.Equal(got, vals) {
				t.Fatalf("width %d: %v, %v; want %v", width, got, err, vals)
			}
			if width <= 8 {
				got8 := make([]uint8, n)
				if err := decodeHybrid(enc, width, got8); err != nil {
					t.Fatalf("width %d as bytes: %v", width, err)
				}
				for i := range got8 {
					if uint32(got8[i]) != vals[i] {
						t.Fatalf("width %d as bytes: %v; want %v", width, got8, vals)
					}
				}
			}
			if n > 0 {
				k := r.IntN(n)
				part := make([]uint32, k)
				if err := decodeHybrid(enc, width, part); err != nil || !slices.Equal(part, vals[:k]) {
					t.Fatalf("width %d, first %d: %v, %v", width, k, part, err)
				}
			}
		}
	}
}

// TestDecodeHybridErrors: bytes that end inside a header, a run's value
// or packed values, a run value wider than its width, and a width past
// the output's, are errors.
func TestDecodeHybridErrors(t *testing.T) {
	cases := []struct {
		name  string
		in    []byte
		width int
		n     int
		err   string
	}{
		{"no bytes", nil, 3, 1, "end past"},
		{"a header cut short", []byte{0x80}, 3, 1, "end past"},
		{"a run without its value", []byte{8 << 1}, 3, 1, "end past"},
		{"packed values cut short", []byte{1<<1 | 1, 0xff}, 3, 8, "end past"},
		{"a run value past the width", []byte{8 << 1, 9}, 3, 8, "wider than 3 bits"},
		{"a width past 32", []byte{8 << 1, 1}, 33, 8, "out of range"},
		{"a width past a byte's", []byte{8 << 1, 1, 0}, 9, 8, "out of range"},
	}
	for _, c := range cases {
		var err error
		if c.width == 9 {
			err = decodeHybrid(c.in, c.width, make([]uint8, c.n))
		} else {
			err = decodeHybrid(c.in, c.width, make([]uint32, c.n))
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}

// TestGatherHybrid: dictionary indices of every width, in runs and in
// packed groups longer than a block, gather the dictionary's values; an
// index past the dictionary, in a run or packed, is an error.
func TestGatherHybrid(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	for width := 0; width <= 20; width++ {
		size := 1 << width
		dict := make([]uint64, size)
		for i := range dict {
			dict[i] = r.Uint64()
		}
		n := r.IntN(3000)
		idx := make([]uint32, n)
		for i := range idx {
			if i > 0 && r.IntN(4) == 0 {
				idx[i] = idx[i-1]
			} else {
				idx[i] = uint32(r.IntN(size))
			}
		}
		enc := encodeHybrid(idx, width)
		got := make([]uint64, n)
		if err := gatherHybrid(enc, width, dict, got); err != nil {
			t.Fatalf("width %d: %v", width, err)
		}
		for i, k := range idx {
			if got[i] != dict[k] {
				t.Fatalf("width %d: value %d is %d, want dict[%d] = %d", width, i, got[i], k, dict[k])
			}
		}
		if width > 0 && n > 0 {
			// the dictionary one shorter than the greatest index
			top := slices.Max(idx)
			if err := gatherHybrid(enc, width, dict[:top], got); err == nil || !strings.Contains(err.Error(), "dictionary index") {
				t.Errorf("width %d: a dictionary of %d values for index %d: %v", width, top, top, err)
			}
		}
	}
	// a run of an index past the dictionary
	if err := gatherHybrid([]byte{8 << 1, 3}, 2, []uint32{1, 2}, make([]uint32, 8)); err == nil {
		t.Error("a run of index 3 in a dictionary of 2: no error")
	}
}
