package lazy

import (
	"slices"
	"strings"

	"github.com/structframe/structframe/frame"
)

// optimize rewrites a plan so that it reads less: filters of constants
// are settled (see constants), the other filters are moved down
// to the scans (predicate pushdown), the columns nothing reads are left
// out of the scans (projection pushdown), and a scan under Head stops
// after the rows kept (slice pushdown). The rewritten plan must give the
// same columns as the original, checked on their schemas; if it does not
// (an expression whose columns the planner cannot see), the plan runs as
// written.
func optimize(root *node, sc *schemas) (*node, error) {
	want, err := sc.get(root)
	if err != nil {
		return nil, err
	}
	o := &optimizer{sc: sc}
	opt := o.constants(root)
	opt = o.filters(opt, nil)
	opt = o.columns(opt, nil)
	opt = o.limit(opt, -1)
	opt = o.joinSides(opt)
	got, err := sc.get(opt)
	if err != nil || !sameColumns(got, want) {
		return root, nil
	}
	return opt, nil
}

type optimizer struct{ sc *schemas }

// joinSides marks the joins to build on their left side (see
// buildsLeft), from the sources' row counts.
func (o *optimizer) joinSides(n *node) *node {
	ins := make([]*node, len(n.inputs))
	for i, c := range n.inputs {
		ins[i] = o.joinSides(c)
	}
	n = n.with(ins...)
	if n.op == opJoin {
		n.buildLeft = buildsLeft(o.sc.ctx, n)
	}
	return n
}

// constants folds the constant parts of the filters' predicates
// (frame.Expr.Simplify: x > 1 + 2 reaches the scan as x > 3, which
// row-group statistics can rule out), then settles the filters whose
// predicate reads no column, evaluated once here: always true,
// the filter goes; false or null, no row passes, and the plan keeps none
// of its input (a slice of no rows, which the slice pushdown turns into
// a scan that stops at once).
func (o *optimizer) constants(n *node) *node {
	if len(n.inputs) > 0 {
		ins := make([]*node, len(n.inputs))
		changed := false
		for i, c := range n.inputs {
			ins[i] = o.constants(c)
			changed = changed || ins[i] != c
		}
		if changed {
			n = n.with(ins...)
		}
	}
	if n.op != opFilter {
		return n
	}
	if e := n.exprs[0].Simplify(); e.String() != n.exprs[0].String() {
		s := *n
		s.exprs = []frame.Expr{e}
		n = &s
	}
	if len(n.exprs[0].Columns()) > 0 || n.exprs[0].Aggregates() {
		return n
	}
	one := frame.FromColumns([]string{"_"}, []int64{0}).Filter(n.exprs[0])
	switch {
	case one.Err() != nil:
		return n // (the plan's error, as written)
	case one.NumRows() == 1:
		return n.inputs[0]
	}
	return &node{op: opSlice, inputs: []*node{n.inputs[0]}, start: 0, stop: 0}
}

// inSchema is the schema of n's first input, or nil.
func (o *optimizer) inSchema(n *node) *frame.Frame {
	if len(n.inputs) == 0 {
		return nil
	}
	f, err := o.sc.get(n.inputs[0])
	if err != nil {
		return nil
	}
	return f
}

// outputs are the names of the columns exprs make over in.
func outputs(in *frame.Frame, exprs []frame.Expr) []string {
	if in == nil {
		return nil
	}
	out := in.SelectExprs(exprs...)
	if out.Err() != nil {
		return nil
	}
	return out.Columns()
}

// refsOf are the top-level columns of in that exprs read (a dotted path
// reads its first name); ok is false when an expression reads something
// the planner cannot name (a pattern, a selector, a column in is
// without).
func refsOf(in *frame.Frame, exprs ...frame.Expr) (refs []string, ok bool) {
	return refsIn(in, false, exprs...)
}

// pathsOf is refsOf keeping dotted paths into nested columns as they are
// written (the scans of formats that read nested paths read only those).
func pathsOf(in *frame.Frame, exprs ...frame.Expr) (refs []string, ok bool) {
	return refsIn(in, true, exprs...)
}

// rootOf is the top-level column a reference reads.
func rootOf(ref string) string {
	root, _, _ := strings.Cut(ref, ".")
	return root
}

func refsIn(in *frame.Frame, paths bool, exprs ...frame.Expr) (refs []string, ok bool) {
	if in == nil {
		return nil, false
	}
	cols := in.Columns()
	for _, e := range exprs {
		for _, r := range e.Columns() {
			name := r
			if !slices.Contains(cols, name) {
				root, _, dotted := strings.Cut(r, ".")
				if !dotted || !slices.Contains(cols, root) {
					return nil, false
				}
				if !paths {
					name = root
				}
			}
			if !slices.Contains(refs, name) {
				refs = append(refs, name)
			}
		}
	}
	return refs, true
}

// collapse drops from refs the paths under a column refs holds whole,
// and repeats (nil stays nil: every column).
func collapse(refs []string) []string {
	if refs == nil {
		return nil
	}
	out := []string{}
	for _, r := range refs {
		if slices.Contains(out, r) || r != rootOf(r) && slices.Contains(refs, rootOf(r)) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// and is the conjunction of conds.
func and(conds []frame.Expr) frame.Expr {
	e := conds[0]
	for _, c := range conds[1:] {
		e = e.And(c)
	}
	return e
}

// filterOver puts the conditions conds over n, as one filter.
func filterOver(n *node, conds []frame.Expr) *node {
	if len(conds) == 0 {
		return n
	}
	return &node{op: opFilter, inputs: []*node{n}, exprs: []frame.Expr{and(conds)}}
}

// filters moves conds (conditions from the filters above n, which every
// row of the result meets) and n's own filters as far down as they go
// without changing the result.
func (o *optimizer) filters(n *node, conds []frame.Expr) *node {
	switch n.op {
	case opFilter:
		if !n.exprs[0].Aggregates() {
			return o.filters(n.inputs[0], append(slices.Clone(conds), n.exprs[0].Conjuncts()...))
		}
	case opSort:
		return n.with(o.filters(n.inputs[0], conds))
	case opConcat:
		in := make([]*node, len(n.inputs))
		for i, c := range n.inputs {
			in[i] = o.filters(c, conds)
		}
		return n.with(in...)
	case opSelect, opSelectExprs, opWithColumns, opDrop, opExplode, opUnnest:
		if n.op != opSelect && n.op != opDrop && !n.streams() {
			break
		}
		var pass, stay []frame.Expr
		for _, c := range conds {
			if o.passes(n, c) {
				pass = append(pass, c)
			} else {
				stay = append(stay, c)
			}
		}
		return filterOver(n.with(o.filters(n.inputs[0], pass)), stay)
	case opRename:
		var pass, stay []frame.Expr
		for _, c := range conds {
			if below, ok := o.beforeRename(n, c); ok {
				pass = append(pass, below)
			} else {
				stay = append(stay, c)
			}
		}
		return filterOver(n.with(o.filters(n.inputs[0], pass)), stay)
	case opJoin:
		return o.filtersJoin(n, conds)
	case opCache:
		n.cache.needFilter(conds)
		return filterOver(n, conds)
	case opGroupBy, opUnique:
		// A condition on group keys (or a Unique's subset) alone keeps or
		// drops whole groups: checked before, it keeps the same ones.
		if n.op == opUnique && len(n.names) == 0 {
			break
		}
		in := o.inSchema(n)
		var pass, stay []frame.Expr
		for _, c := range conds {
			refs := c.Columns()
			ok := !c.Aggregates() && in != nil && len(refs) > 0
			for _, r := range refs {
				ok = ok && slices.Contains(n.names, r) && slices.Contains(in.Columns(), r)
			}
			if ok {
				pass = append(pass, c)
			} else {
				stay = append(stay, c)
			}
		}
		return filterOver(n.with(o.filters(n.inputs[0], pass)), stay)
	case opScan:
		s := *n
		for _, c := range conds {
			if !c.Aggregates() {
				s.spec.Filter = append(slices.Clone(s.spec.Filter), c)
			}
		}
		return filterOver(&s, conds) // the source may skip only some rows
	}
	in := make([]*node, len(n.inputs))
	for i, c := range n.inputs {
		in[i] = o.filters(c, nil)
	}
	return filterOver(n.with(in...), conds)
}

// beforeRename rewrites condition c, true of every row above the Rename
// n, over the names below it, so that it can be checked there: a column
// renamed is referred to by its old name, a path into it by the path
// from its old name. ok is false when c reads a column the planner cannot
// name, or cannot be rewritten (frame.Expr.RenameColumns).
func (o *optimizer) beforeRename(n *node, c frame.Expr) (frame.Expr, bool) {
	if c.Aggregates() {
		return c, false
	}
	in := o.inSchema(n)
	out, err := o.sc.get(n)
	if in == nil || err != nil {
		return c, false
	}
	back := make(map[string]string, len(n.rename))
	for old, nw := range n.rename {
		back[nw] = old
	}
	outCols, inCols := out.Columns(), in.Columns()
	return c.RenameColumns(func(ref string) (string, bool) {
		if slices.Contains(outCols, ref) {
			if old, ok := back[ref]; ok {
				return old, true
			}
			return ref, slices.Contains(inCols, ref)
		}
		root, rest, dotted := strings.Cut(ref, ".")
		if !dotted || !slices.Contains(outCols, root) {
			return ref, false // a pattern, a Path, a column missing
		}
		old, ok := back[root]
		if !ok {
			return ref, slices.Contains(inCols, root) && !slices.Contains(inCols, ref)
		}
		if strings.Contains(old, ".") || slices.Contains(inCols, old+"."+rest) {
			return ref, false // the dotted path would read another column below
		}
		return old + "." + rest, true
	})
}

// passes reports whether condition c, true of every row above n, may be
// checked below it instead: it reads only columns n takes unchanged from
// its input.
func (o *optimizer) passes(n *node, c frame.Expr) bool {
	if c.Aggregates() {
		return false
	}
	in := o.inSchema(n)
	refs, ok := refsOf(in, c)
	if !ok {
		return false
	}
	for _, r := range refs {
		if !slices.Contains(c.Columns(), r) {
			return false // a path inside r: kept simple, r itself must be read
		}
		switch n.op {
		case opSelect:
			if !slices.Contains(n.names, r) {
				return false
			}
		case opSelectExprs:
			plain := false
			for _, e := range n.exprs {
				if i := e.Inspect(); i.Op == "col" && i.Column == r {
					plain = true
				}
			}
			if !plain {
				return false
			}
		case opWithColumns:
			if slices.Contains(outputs(in, n.exprs), r) {
				return false
			}
		case opExplode:
			if slices.Contains(n.names, r) {
				return false
			}
		case opUnnest:
			out, err := o.sc.get(n)
			if err != nil || r == n.names[0] || !slices.Contains(out.Columns(), r) {
				return false
			}
		}
	}
	return true
}

// columns leaves out of the scans below n the columns that neither n's
// result (need: nil for all of them) nor n itself reads.
func (o *optimizer) columns(n *node, need []string) *node {
	in := o.inSchema(n)
	union := func(a []string, b ...string) []string {
		out := slices.Clone(a)
		for _, x := range b {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
		return out
	}
	// plus is need and what exprs read, or nil (all) when either is.
	plus := func(need []string, exprs ...frame.Expr) []string {
		if need == nil {
			return nil
		}
		refs, ok := pathsOf(in, exprs...)
		if !ok {
			return nil
		}
		return union(need, refs...)
	}
	one := func(need []string) *node { return n.with(o.columns(n.inputs[0], need)) }
	switch n.op {
	case opScan:
		if need == nil {
			return n
		}
		all, err := o.sc.get(n)
		if err != nil {
			return n
		}
		_, paths := n.src.(PathSource)
		var cols []string
		for _, c := range all.Columns() { // in the source's order
			if slices.Contains(need, c) {
				cols = append(cols, c)
				continue
			}
			for _, p := range need { // paths into c, when the source reads them
				if rootOf(p) != c || p == c {
					continue
				}
				if !paths {
					cols = append(cols, c)
					break
				}
				cols = append(cols, p)
			}
		}
		whole := len(cols) == len(all.Columns())
		for i, c := range cols {
			whole = whole && c == all.Columns()[i]
		}
		if len(cols) == 0 || whole {
			return n
		}
		s := *n
		s.spec.Columns = cols
		return &s
	case opFrame:
		return n
	case opCache:
		n.cache.needCols(need)
		return n
	case opFilter:
		return one(plus(need, n.exprs...))
	case opSelect:
		refs, ok := pathsOf(in, selectRefs(n.names)...)
		if !ok {
			return one(nil)
		}
		if need != nil {
			// Only the paths needed above, of the columns selected:
			// Select("s") under Col("s.x") reads s.x.
			var under []string
			for _, c := range need {
				if slices.Contains(n.names, c) || slices.Contains(n.names, rootOf(c)) {
					under = append(under, c)
				}
			}
			if len(under) > 0 {
				return one(collapse(under))
			}
		}
		return one(refs)
	case opSelectExprs:
		refs, ok := pathsOf(in, n.exprs...)
		if !ok {
			return one(nil)
		}
		return one(refs)
	case opWithColumns:
		if need == nil {
			return one(nil)
		}
		made := outputs(in, n.exprs)
		var rest []string
		for _, c := range need {
			if !slices.Contains(made, rootOf(c)) {
				rest = append(rest, c)
			}
		}
		return one(plus(union([]string{}, rest...), n.exprs...))
	case opDrop, opSlice, opTail:
		return one(need)
	case opRename:
		if need == nil {
			return one(nil)
		}
		back := map[string]string{}
		for old, nw := range n.rename {
			back[nw] = old
		}
		var renamed []string
		for _, c := range need {
			if old, ok := back[rootOf(c)]; ok {
				c = old + strings.TrimPrefix(c, rootOf(c))
			}
			renamed = append(renamed, c)
		}
		return one(renamed)
	case opSort:
		exprs := make([]frame.Expr, len(n.keys))
		for i, k := range n.keys {
			exprs[i] = k.Expr()
		}
		return one(plus(need, exprs...))
	case opFlatten:
		// A flattened column is named by its path ("pt.u",
		// "ingredients.name" for a field of a list of structures): the
		// path below reads it, and only it.
		if need == nil || len(n.flattenOpts) > 0 {
			return one(nil)
		}
		return one(collapse(need))
	case opExplode:
		if need == nil {
			return one(nil)
		}
		// An exploded list of structures whose fields are needed by
		// path reads those fields only: the lists keep their lengths.
		var whole []string
		for _, x := range n.names {
			byPath := false
			for _, c := range need {
				byPath = byPath || c != x && rootOf(c) == x
			}
			if !byPath {
				whole = append(whole, x)
			}
		}
		return one(collapse(plus(need, selectRefs(whole)...)))
	case opUnnest:
		if need == nil {
			return one(nil)
		}
		if in == nil {
			return one(nil)
		}
		// The needed columns the input holds; the struct's fields come
		// from the struct itself.
		var keep []string
		for _, c := range need {
			if slices.Contains(in.Columns(), rootOf(c)) && rootOf(c) != n.names[0] {
				keep = append(keep, c)
			}
		}
		return one(plus(union([]string{}, keep...), selectRefs(n.names)...))
	case opGroupBy:
		refs, ok := pathsOf(in, append(selectRefs(n.names), n.exprs...)...)
		if !ok {
			return one(nil)
		}
		return one(refs)
	case opUnique:
		if len(n.names) == 0 {
			return one(nil)
		}
		return one(plus(need, selectRefs(n.names)...))
	case opConcat:
		ins := make([]*node, len(n.inputs))
		for i, c := range n.inputs {
			ins[i] = o.columns(c, need)
		}
		return n.with(ins...)
	case opJoin:
		left, right := o.joinNeeds(n, need)
		return n.with(o.columns(n.inputs[0], left), o.columns(n.inputs[1], right))
	}
	ins := make([]*node, len(n.inputs))
	for i, c := range n.inputs {
		ins[i] = o.columns(c, nil)
	}
	return n.with(ins...)
}

// joinNeeds are the columns each side of a join must give for need (nil:
// all) of its result: the keys, and the needed columns each side holds.
// A needed name on both sides, or on neither (a right column renamed by
// a suffix), reads every column of both.
func (o *optimizer) joinNeeds(n *node, need []string) (left, right []string) {
	ls, errL := o.sc.get(n.inputs[0])
	rs, errR := o.sc.get(n.inputs[1])
	if errL != nil || errR != nil {
		return nil, nil
	}
	lk, rk := n.on.Exprs()
	lkeys, okL := refsOf(ls, lk...)
	rkeys, okR := refsOf(rs, rk...)
	if !okL || !okR {
		return nil, nil
	}
	if n.how == frame.Semi || n.how == frame.Anti { // the result is the left columns
		if need == nil {
			return nil, rkeys
		}
		left = slices.Clone(need)
		for _, k := range lkeys {
			if !slices.Contains(left, k) {
				left = append(left, k)
			}
		}
		return left, rkeys
	}
	if need == nil {
		return nil, nil
	}
	left, right = slices.Clone(lkeys), slices.Clone(rkeys)
	for _, c := range need {
		inL, inR := slices.Contains(ls.Columns(), rootOf(c)), slices.Contains(rs.Columns(), rootOf(c))
		switch {
		case inL && inR && !slices.Contains(lkeys, c):
			return nil, nil // a suffixed pair, or a key kept from one side
		case inL:
			if !slices.Contains(left, c) {
				left = append(left, c)
			}
		case inR:
			if !slices.Contains(right, c) {
				right = append(right, c)
			}
		default:
			return nil, nil
		}
	}
	return left, right
}

// filtersJoin moves conditions above a join into its sides where that
// keeps the result: a condition on left columns only (no right column of
// that name) into the left side of an inner, left, semi or anti join,
// one on right columns only into the right side of an inner join.
func (o *optimizer) filtersJoin(n *node, conds []frame.Expr) *node {
	ls, errL := o.sc.get(n.inputs[0])
	rs, errR := o.sc.get(n.inputs[1])
	var toL, toR, stay []frame.Expr
	for _, c := range conds {
		if errL != nil || errR != nil || c.Aggregates() {
			stay = append(stay, c)
			continue
		}
		refs := c.Columns()
		onlyIn := func(in, other *frame.Frame) bool {
			for _, r := range refs {
				if !slices.Contains(in.Columns(), r) || slices.Contains(other.Columns(), r) {
					return false
				}
			}
			return len(refs) > 0
		}
		switch {
		case n.how != frame.Right && n.how != frame.Outer && n.how != frame.Cross && onlyIn(ls, rs):
			toL = append(toL, c)
		case n.how == frame.Inner && onlyIn(rs, ls):
			toR = append(toR, c)
		default:
			stay = append(stay, c)
		}
	}
	return filterOver(n.with(o.filters(n.inputs[0], toL), o.filters(n.inputs[1], toR)), stay)
}

// selectRefs are column references as expressions, for refsOf.
func selectRefs(refs []string) []frame.Expr {
	out := make([]frame.Expr, len(refs))
	for i, r := range refs {
		out[i] = frame.Col(r)
	}
	return out
}

// limit tells the scans below n that n's result needs at most limit rows
// of them (-1: all).
func (o *optimizer) limit(n *node, limit int) *node {
	switch n.op {
	case opSlice:
		l := n.stop
		if limit >= 0 && (l < 0 || n.start+limit < l) {
			l = n.start + limit
		}
		return n.with(o.limit(n.inputs[0], l))
	case opSelect, opSelectExprs, opWithColumns, opDrop, opRename:
		if n.op == opSelect || n.op == opDrop || n.op == opRename || n.streams() {
			return n.with(o.limit(n.inputs[0], limit))
		}
	case opConcat:
		ins := make([]*node, len(n.inputs))
		for i, c := range n.inputs {
			ins[i] = o.limit(c, limit)
		}
		return n.with(ins...)
	case opCache:
		n.cache.needRows(limit)
		return n
	case opScan:
		if limit >= 0 && len(n.spec.Filter) == 0 {
			s := *n
			s.spec.Limit = limit
			return &s
		}
		return n
	}
	ins := make([]*node, len(n.inputs))
	for i, c := range n.inputs {
		ins[i] = o.limit(c, -1)
	}
	return n.with(ins...)
}
