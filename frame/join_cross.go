package frame

import "math"

// joinCross is the Cross join of f and other: row i*m+j pairs left row i
// with right row j (m right rows), every column of both sides kept.
func joinCross(op string, f, other *Frame, o joinOptions) *Frame {
	n, m := f.data.NumRows(), other.data.NumRows()
	size, ok := joinCrossSize(n, m)
	if !ok {
		return failed(errorf(op, ErrArgument, "a cross join of %d by %d rows has more rows than an int counts", n, m))
	}
	lt, rt := make([]int, size), make([]int, size)
	k := 0
	for i := range n {
		for j := range m {
			lt[k], rt[k] = i, j
			k++
		}
	}
	lay := joinLayout{dropRight: map[string]bool{}, coalesce: map[string]int{}}
	return joinAssemble(op, f, other, lt, rt, lay, o.suffix)
}

// joinCrossSize is n*m, ok false when it overflows an int.
func joinCrossSize(n, m int) (int, bool) {
	if m != 0 && n > math.MaxInt/m {
		return 0, false
	}
	return n * m, true
}
