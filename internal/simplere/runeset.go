package simplere

import "sort"

// runeSet is a set of runes: a bitmap for ASCII, sorted inclusive ranges
// for the rest.
type runeSet struct {
	ascii  [2]uint64
	ranges []rune // lo, hi pairs above ASCII, sorted, not overlapping
}

// newRuneSet makes the set of the sorted lo, hi pairs of a parsed class.
func newRuneSet(pairs []rune) *runeSet {
	s := &runeSet{}
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < 128; r++ {
			s.ascii[r/64] |= 1 << (r % 64)
		}
		if hi >= 128 {
			s.ranges = append(s.ranges, max(lo, 128), hi)
		}
	}
	return s
}

// has reports whether r is in the set.
func (s *runeSet) has(r rune) bool {
	if r < 128 {
		return r >= 0 && s.ascii[r/64]&(1<<(r%64)) != 0
	}
	n := len(s.ranges) / 2
	k := sort.Search(n, func(i int) bool { return s.ranges[2*i+1] >= r })
	return k < n && s.ranges[2*k] <= r
}

// disjointFrom reports whether no rune is in both sets.
func (s *runeSet) disjointFrom(t *runeSet) bool {
	if s.ascii[0]&t.ascii[0] != 0 || s.ascii[1]&t.ascii[1] != 0 {
		return false
	}
	for i := 0; i+1 < len(s.ranges); i += 2 {
		for j := 0; j+1 < len(t.ranges); j += 2 {
			if s.ranges[i] <= t.ranges[j+1] && t.ranges[j] <= s.ranges[i+1] {
				return false
			}
		}
	}
	return true
}
