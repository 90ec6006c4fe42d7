package index

import (
	"math/bits"

	"github.com/structframe/structframe/structured"
)

// idxIntTable is the lookup table of integer labels (every integer and
// temporal Arrow type): open addressing with linear probing over two flat
// arrays, a slot per distinct label at most half full, so building it for
// a million labels is a few passes over memory instead of a million map
// inserts. Positions of one label chain through next, ascending.
type idxIntTable struct {
	shift uint
	slots []idxIntSlot
	next  []int32
	nulls []int
}

// idxIntSlot holds a label and its first position (-1: an empty slot),
// side by side so that a probe touches one cache line.
type idxIntSlot struct {
	key  int64
	head int32
}

func idxBuildInts(ks []int64, valid structured.Bitmap) *idxIntTable {
	runs := min(len(ks), 1)
	for i := 1; i < len(ks); i++ {
		if ks[i] != ks[i-1] {
			runs++
		}
	}
	size := 8
	for size < 2*runs {
		size <<= 1
	}
	t := &idxIntTable{
		shift: uint(64 - bits.TrailingZeros(uint(size))),
		slots: make([]idxIntSlot, size),
		next:  make([]int32, len(ks)),
	}
	for i := range t.slots {
		t.slots[i].head = -1
	}
	mask := uint64(size - 1)
	for i := len(ks) - 1; i >= 0; i-- {
		t.next[i] = -1
		if !valid.IsValid(i) {
			continue
		}
		k := ks[i]
		s := t.slot(k)
		for t.slots[s].head >= 0 && t.slots[s].key != k {
			s = (s + 1) & mask
		}
		if t.slots[s].head >= 0 {
			t.next[i] = t.slots[s].head
		}
		t.slots[s] = idxIntSlot{key: k, head: int32(i)}
	}
	for i := range ks {
		if !valid.IsValid(i) {
			t.nulls = append(t.nulls, i)
		}
	}
	return t
}

// slot is the home slot of k: Fibonacci hashing of its bits.
func (t *idxIntTable) slot(k int64) uint64 {
	return (uint64(k) * 0x9E3779B97F4A7C15) >> t.shift
}

func (t *idxIntTable) find(key any) []int {
	k := key.(int64)
	mask := uint64(len(t.slots) - 1)
	s := t.slot(k)
	for t.slots[s].head >= 0 {
		if t.slots[s].key == k {
			var out []int
			for p := t.slots[s].head; p >= 0; p = t.next[p] {
				out = append(out, int(p))
			}
			return out
		}
		s = (s + 1) & mask
	}
	return nil
}

func (t *idxIntTable) findNull() []int { return t.nulls }
