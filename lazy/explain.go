package lazy

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/structframe/structframe/frame"
)

// Explain returns the optimized plan as indented text, the result first
// and each step's input below it, with what each scan will read: its
// columns, the filters it was given and the rows it may stop after. It
// is the plan Collect runs (Stream and Sink do not share common
// subplans).
func (q *Frame) Explain(ctx context.Context) (string, error) {
	root, _, err := q.prepare(ctx, true)
	if exact, ok := retry(ctx, q, err); ok {
		root, _, err = exact.prepare(ctx, true)
	}
	if err != nil {
		return "", err
	}
	var b strings.Builder
	explain(&b, root, "", map[*cacheEntry]bool{})
	return b.String(), nil
}

// explain writes n and its inputs; a common subplan (CACHE) is written
// under its first use, and named at the others.
func explain(b *strings.Builder, n *node, indent string, shown map[*cacheEntry]bool) {
	if n.op == opCache {
		e := n.cache
		if shown[e] {
			fmt.Fprintf(b, "%sCACHE #%d (above)\n", indent, e.id)
			return
		}
		shown[e] = true
		fmt.Fprintf(b, "%sCACHE #%d, computed once for %d uses\n", indent, e.id, e.uses)
		explain(b, e.run, indent+"  ", shown)
		return
	}
	b.WriteString(indent + opNames[n.op])
	if d := describe(n); d != "" {
		b.WriteString(" " + d)
	}
	b.WriteByte('\n')
	if n.op == opScan {
		for _, line := range n.src.Describe(n.spec) {
			b.WriteString(indent + "  " + line + "\n")
		}
		cols := "all"
		if n.spec.Columns != nil {
			cols = strings.Join(n.spec.Columns, ", ")
		}
		b.WriteString(indent + "  columns: " + cols + "\n")
		if len(n.spec.Filter) > 0 {
			b.WriteString(indent + "  filter: " + exprList(n.spec.Filter) + "\n")
		}
		if n.spec.Limit >= 0 {
			fmt.Fprintf(b, "%s  limit: %d rows\n", indent, n.spec.Limit)
		}
	}
	for _, c := range n.inputs {
		explain(b, c, indent+"  ", shown)
	}
}

// describe is a node's parameters on its line.
func describe(n *node) string {
	switch n.op {
	case opFrame:
		return fmt.Sprintf("%d rows, columns: %s", n.df.NumRows(), strings.Join(n.df.Columns(), ", "))
	case opFilter, opSelectExprs, opWithColumns:
		return exprList(n.exprs)
	case opSelect, opDrop, opExplode, opUnnest:
		return strings.Join(n.names, ", ")
	case opRename:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(n.rename)) {
			parts = append(parts, k+" -> "+n.rename[k])
		}
		return strings.Join(parts, ", ")
	case opSort:
		parts := make([]string, len(n.keys))
		for i, k := range n.keys {
			parts[i] = k.String()
		}
		return strings.Join(parts, ", ")
	case opSlice:
		if n.stop < 0 {
			return fmt.Sprintf("rows %d..", n.start)
		}
		return fmt.Sprintf("rows %d..%d", n.start, n.stop)
	case opTail:
		return fmt.Sprintf("%d rows", n.stop)
	case opGroupBy:
		return strings.Join(n.names, ", ") + " AGG " + exprList(n.exprs)
	case opUnique:
		if len(n.names) == 0 {
			return "all columns"
		}
		return strings.Join(n.names, ", ")
	case opJoin:
		side := "right"
		if n.buildLeft {
			side = "left"
		}
		return fmt.Sprintf("%s, hash table on the %s side", n.how, side)
	case opUnpivot:
		return strings.Join(n.names, ", ") + " INDEX " + strings.Join(n.index, ", ")
	case opWithRowIndex:
		return fmt.Sprintf("%s from %d", n.names[0], n.start)
	}
	return ""
}

func exprList(exprs []frame.Expr) string {
	parts := make([]string, len(exprs))
	for i, e := range exprs {
		parts[i] = e.String()
	}
	return strings.Join(parts, ", ")
}
