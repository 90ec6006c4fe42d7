package dtype

import (
	"math"

	"github.com/apache/arrow-go/v18/arrow/float16"
)

// Sort keys are uint64 whose unsigned order is the order of the items
// they encode, so that one radix sort, comparison and hash serves every
// numeric storage (and the temporal types and decimal32/64, by their
// storage):
//
//	int8 .. int64, uint8 .. uint32   the value as int64, sign bit flipped
//	uint64                           the value itself
//	float16, float32, float64        SortKeyFloat of the value as float64
//
// The integers but uint64 share one encoding, so that keys of two widths
// (an int32 and an int64 column) compare and match; uint64 keys compare
// with uint64 keys only, float keys with float keys only.

// SortKeyInt is the sort key of an integer item stored in at most 63
// bits of magnitude (every integer storage but uint64).
func SortKeyInt(v int64) uint64 { return uint64(v) ^ (1 << 63) }

// SortKeyIntValue is the integer whose key is k (SortKeyInt reversed).
func SortKeyIntValue(k uint64) int64 { return int64(k ^ (1 << 63)) }

// SortKeyFloat is the sort key of a float: -Inf < ... < -0 = +0 < ... <
// +Inf < NaN. Every NaN is one key, above +Inf, and -0 is +0 (IEEE
// equal).
func SortKeyFloat(f float64) uint64 {
	if f != f {
		return math.MaxUint64
	}
	if f == 0 {
		f = 0
	}
	b := math.Float64bits(f)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// SortKeyFloatValue is the float whose key is k (NaN for the NaN key).
func SortKeyFloatValue(k uint64) float64 {
	if k == math.MaxUint64 {
		return math.NaN()
	}
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// sortKeys writes the keys of src into dst; uint64 items are their own
// keys and are returned as they are.
func sortKeys[S number](src []S, dst []uint64) []uint64 {
	switch s := any(src).(type) {
	case []uint64:
		return s
	case []float32:
		return sortKeysFloat(s, dst)
	case []float64:
		return sortKeysFloat(s, dst)
	}
	dst = grow(dst, len(src))
	for i, v := range src {
		dst[i] = uint64(int64(v)) ^ (1 << 63)
	}
	return dst
}

// sortKeysFloat writes the keys of floats into dst.
func sortKeysFloat[S float32 | float64](src []S, dst []uint64) []uint64 {
	dst = grow(dst, len(src))
	for i, v := range src {
		dst[i] = SortKeyFloat(float64(v))
	}
	return dst
}

// sortKeysFloat16 writes the keys of float16 items into dst.
func sortKeysFloat16(src []float16.Num, dst []uint64) []uint64 {
	dst = grow(dst, len(src))
	for i, v := range src {
		dst[i] = SortKeyFloat(float64(v.Float32()))
	}
	return dst
}
