package structured

import (
	"slices"
	"strings"
)

// Broadcast copies the field at source down to every structure at target
// (the RFC's broadcast, which TensorFlow never shipped): the target's parent
// must be the source's parent or one of its descendants, and each
// structure there receives the value of its ancestor. For recipes with a
// field est_time and a list of ingredients,
//
//	Broadcast([]string{"est_time"}, []string{"ingredients", "est_time"})
//
// gives every ingredient the est_time of its recipe. The source may be a
// leaf of any shape or a nested structure; its own dimensions are kept, and
// the result's outer dimensions are those of the target's parent.
//
// The copy is computed per column: the ancestor of every target structure
// is found by walking the row partitions between the two levels, and a
// leaf's items are then gathered once (one take of item indices, no
// per-item boxing); nested structures gather each field the same way and
// keep their null structures. When both parents have the same rank (one
// target parent per source parent) nothing is gathered: the value is
// shared.
//
// Errors (ErrPath): an empty path or name, a missing source, a target
// parent that is missing or a leaf, a target parent that is not under the
// source's parent, and a target that already exists (Broadcast never
// overwrites; delete the field first).
func (t *Tensor) Broadcast(source, target []string) (*Tensor, error) {
	const op = "Broadcast"
	if len(source) == 0 || len(target) == 0 {
		return nil, errorf(op, ErrPath, "", "source and target paths may not be empty")
	}
	srcChain, val, err := t.walk(op, source)
	if err != nil {
		return nil, err
	}
	tgtParent, err := t.structAt(op, target[:len(target)-1])
	if err != nil {
		return nil, err
	}
	tpath, tname := strings.Join(target, "."), target[len(target)-1]
	if tname == "" {
		return nil, errorf(op, ErrPath, tpath, "field names may not be empty")
	}
	sp := source[:len(source)-1]
	if len(target)-1 < len(sp) || !slices.Equal(target[:len(sp)], sp) {
		return nil, errorf(op, ErrPath, tpath, "is not under the source's parent (%q): Broadcast copies a value down to the structures below it; use Promote to copy up", strings.Join(sp, "."))
	}
	if tgtParent.HasField(tname) {
		return nil, errorf(op, ErrPath, tpath, "already exists: Broadcast does not overwrite fields")
	}
	if ps, pt := srcChain[len(srcChain)-1].rank, tgtParent.rank; pt > ps {
		if val, err = broadcastDown(val, ps, tgtParent); err != nil {
			return nil, err
		}
	}
	return t.withUpdates(op, []Update{SetField(val, target...)})
}

// structAt returns the structure at path (t for an empty path).
func (t *Tensor) structAt(op string, path []string) (*Tensor, error) {
	_, v, err := t.walk(op, path)
	if err != nil {
		return nil, err
	}
	st, ok := v.(*Tensor)
	if !ok {
		return nil, errorf(op, ErrPath, strings.Join(path, "."), "is a %s leaf, not a structure that can hold fields", kindName(v))
	}
	return st, nil
}

// broadcastDown repeats val, a field of a rank-ps structure, for every
// structure of dst, a descendant of rank > ps: the result has dst's outer
// dimensions followed by val's own.
func broadcastDown(val Value, ps int, dst *Tensor) (Value, error) {
	rows := ancestorRows(dst, ps)
	// val's content per position of its first ps dimensions, one row each.
	var flat Value
	if ps == 0 {
		flat = expandOuter(val)
	} else {
		flat = flattenOuter(val, ps-1)
	}
	out, err := gatherRows(flat, rows)
	if err != nil {
		return nil, err
	}
	return nestOuter(out, dst.nrows, dst.parts), nil
}

// ancestorRows returns, for each flat structure of t (rank > level), the
// flat position of its ancestor among the positions of t's first level
// dimensions (there is one such position when level is 0). It follows
// the row partitions between the two levels: O(structures + rows).
func ancestorRows(t *Tensor, level int) []int {
	var anc []int // for the positions at level max(level, 1)
	if level == 0 {
		anc = make([]int, t.nrows) // every row hangs from the single root
	} else {
		n := t.nrows
		if level > 1 {
			n = t.parts[level-2].nvals
		}
		anc = make([]int, n)
		for i := range anc {
			anc[i] = i
		}
	}
	for l := max(level, 1); l < t.rank; l++ {
		p := t.parts[l-1] // cuts the positions of level l into those of level l+1
		next := make([]int, p.nvals)
		for r := 0; r < p.nrows; r++ {
			s, e := p.Bounds(r)
			for j := s; j < e; j++ {
				next[j] = anc[r]
			}
		}
		anc = next
	}
	return anc
}
