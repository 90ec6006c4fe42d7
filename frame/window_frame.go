package frame

import "fmt"

// winFrameAgg reduces, for each position i of each part of p, the valid
// values of v (gathered in p's order) at positions i-before to i+after
// clipped to i's part, with an aggregation; a negative before or after is
// unbounded on that side. The result is in p's order, null where fewer
// than minPeriods valid values fall in the frame. It is what the Rolling
// family computes over a count window and what the text form's
// `agg(x) OVER (... ROWS BETWEEN a PRECEDING AND b FOLLOWING)` computes.
func winFrameAgg(kind aggKind, v *exprVec, p *winParts, before, after, minPeriods int) (*exprVec, error) {
	return nil, fmt.Errorf("%w: a window frame of %d rows before and %d after is not supported for %s", ErrArgument, before, after, aggNames[kind])
}
