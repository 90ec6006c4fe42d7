package lazy

import "context"

// SameRows is sameRows for the external tests.
var SameRows = sameRows

// JoinBuildsLeft reports whether the optimized plan of q is a join built
// on its left side.
func JoinBuildsLeft(ctx context.Context, q *Frame) bool {
	root, _, err := q.prepare(withRun(ctx, nil), true)
	return err == nil && root.op == opJoin && root.buildLeft
}
