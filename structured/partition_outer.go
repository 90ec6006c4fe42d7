package structured

// PartitionOuterDimension splits the Tensor's outer dimension in two: the
// rows are cut by p into p.NumRows() rows, so the result has rank+1 and shape
// [p.NumRows(), length or var, ...], where length is p's uniform row length.
// It is the inverse of MergeDims(0, 1).
//
// Every field is partitioned the same way, sharing p: a dense field stays
// dense only when p is uniform (and has no null rows), any other field
// becomes or stays ragged; nested Tensors recurse. No value is copied and no
// splits are computed: the cost is O(number of fields).
//
// p.NumValues() must equal NumRows (ErrShape; TensorFlow only fails later, when
// a field is rebuilt). A rank-0 Tensor has no outer dimension to partition
// (ErrShape).
func (t *Tensor) PartitionOuterDimension(p *RowPartition) (*Tensor, error) {
	const op = "PartitionOuterDimension"
	if p == nil {
		return nil, errorf(op, ErrPartition, "", "row partition is nil")
	}
	if t.rank == 0 {
		return nil, errorf(op, ErrShape, "", "a rank-0 Tensor has no outer dimension to partition (shape [] must have rank at least 1)")
	}
	if p.nvals != t.nrows {
		return nil, errorf(op, ErrShape, "", "row partition %v cuts %d rows (NumValues), the Tensor has %d", p, p.nvals, t.nrows)
	}
	return nestOuter(t, p.nrows, []*RowPartition{p}).(*Tensor), nil
}
