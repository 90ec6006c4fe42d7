package build

// hintSizes records in nd, a node of the next batch, how many items
// old, the node of the same path in the batch just finished, held: the
// batches of a stream are usually alike, and a column sized once is not
// copied each time it doubles. The columns are sized when the next batch
// gets its first row (applyHints), so that a Builder finished for the
// last time allocates nothing more. The old node's buffers belong to the
// columns finished; only their lengths are read.
func (nd *vnode) hintSizes(old *vnode) {
	if old == nil || old.kind != nd.kind || nd.n != 0 {
		return
	}
	switch nd.kind {
	case kindLeaf:
		if nd.typ != old.typ || nd.large != old.large {
			return
		}
		nd.hint = max(len(old.i64), len(old.f64), len(old.i32), len(old.dec), len(old.bits), len(old.off32), len(old.off64))
		nd.hintBytes = len(old.bytes)
	case kindList, kindMap:
		nd.hint = len(old.splits)
		nd.child.hintSizes(old.child)
	case kindStruct:
		for i, name := range nd.names {
			nd.kids[i].hintSizes(old.children[name])
		}
	}
}

// applyHints sizes the columns below nd as hintSizes recorded.
func (nd *vnode) applyHints() {
	switch nd.kind {
	case kindLeaf:
		if nd.hint > 0 {
			switch nd.typ {
			case storeInt64, storeTimestamp:
				nd.i64 = presized(nd.i64, nd.hint)
			case storeFloat64:
				nd.f64 = presized(nd.f64, nd.hint)
			case storeDate32:
				nd.i32 = presized(nd.i32, nd.hint)
			case storeDecimal:
				nd.dec = presized(nd.dec, nd.hint)
			case storeBool:
				nd.bits = presized(nd.bits, nd.hint)
			case storeString, storeBinary:
				if nd.large {
					nd.off64 = presized(nd.off64, nd.hint)
				} else {
					nd.off32 = presized(nd.off32, nd.hint)
				}
				nd.bytes = presized(nd.bytes, nd.hintBytes)
			}
		}
	case kindList, kindMap:
		nd.splits = presized(nd.splits, nd.hint)
		nd.child.applyHints()
	case kindStruct:
		for _, c := range nd.kids {
			c.applyHints()
		}
	}
	nd.hint, nd.hintBytes = 0, 0
}

// presized returns s (empty, or holding a first offset) with capacity for
// n items, when it has less.
func presized[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s
	}
	return append(make([]T, 0, n), s...)
}
