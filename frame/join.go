package frame

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// JoinHow is the kind of a Join.
type JoinHow uint8

// The kinds of Join, as in SQL and Polars.
const (
	// Inner keeps the pairs of rows whose keys match.
	Inner JoinHow = iota
	// Left keeps every left row: matched with each matching right row, or
	// once with nulls on the right.
	Left
	// Right keeps every right row: matched with each matching left row, or
	// once with nulls on the left (keys taken from the right).
	Right
	// Outer keeps every row of both sides: Left, then the right rows no
	// left row matched, with nulls on the left (a full outer join).
	Outer
	// Semi keeps the left rows that have a match, once each, with the left
	// columns only.
	Semi
	// Anti keeps the left rows that have no match, with the left columns only.
	Anti
	// Cross pairs every left row with every right row, left-major (the
	// right rows in order for the first left row, then for the second...),
	// as Polars' how="cross" and SQL's CROSS JOIN; it takes no keys (On()).
	Cross
)

// String names the kind: "inner", "left", ...
func (h JoinHow) String() string {
	switch h {
	case Inner:
		return "inner"
	case Left:
		return "left"
	case Right:
		return "right"
	case Outer:
		return "outer"
	case Semi:
		return "semi"
	case Anti:
		return "anti"
	case Cross:
		return "cross"
	}
	return fmt.Sprintf("JoinHow(%d)", uint8(h))
}

// JoinOn names the keys of a Join on each side. Make one with On (same
// columns on both sides) or LeftOn(...).RightOn(...), or with expressions
// computed over each side's rows: OnExprs, LeftOnExprs(...).RightOnExprs(...)
// (a column on one side and an expression on the other mix:
// LeftOn("email").RightOnExprs(Col("mail").Str().ToLower())). A cross
// join takes none: On().
type JoinOn struct {
	left, right []joinKey
}

// Exprs are the left and the right keys as expressions (Col(ref) for a
// column key): what a query planner reads to know the columns a join
// needs and whether its keys work row by row.
func (j JoinOn) Exprs() (left, right []Expr) {
	of := func(keys []joinKey) []Expr {
		out := make([]Expr, len(keys))
		for i, k := range keys {
			out[i] = k.e
			if !k.isExpr {
				out[i] = Col(k.ref)
			}
		}
		return out
	}
	return of(j.left), of(j.right)
}

// On joins on columns of the same names on both sides: top-level names or
// dotted paths to nested leaves ("user.id").
func On(refs ...string) JoinOn {
	k := joinKeysOfRefs(refs)
	return JoinOn{left: k, right: k}
}

// LeftOn names the left key columns; give the right ones with RightOn or
// RightOnExprs.
func LeftOn(refs ...string) JoinOn { return JoinOn{left: joinKeysOfRefs(refs)} }

// RightOn returns j with the right key columns set, paired in order with
// the left ones.
func (j JoinOn) RightOn(refs ...string) JoinOn { j.right = joinKeysOfRefs(refs); return j }

// OnExprs joins on expressions computed over each side's rows, the same
// expressions on both sides, as Polars' on accepts expressions:
// OnExprs(Col("name").Str().ToLower()) joins names whatever their case.
// A plain column reference (Col("id")) is that column, as in On.
func OnExprs(exprs ...Expr) JoinOn {
	k := joinKeysOfExprs(exprs)
	return JoinOn{left: k, right: k}
}

// LeftOnExprs gives the left keys as expressions computed over the left
// rows; give the right ones with RightOn or RightOnExprs.
func LeftOnExprs(exprs ...Expr) JoinOn { return JoinOn{left: joinKeysOfExprs(exprs)} }

// RightOnExprs returns j with the right keys set to expressions computed
// over the right rows, paired in order with the left ones.
func (j JoinOn) RightOnExprs(exprs ...Expr) JoinOn { j.right = joinKeysOfExprs(exprs); return j }

// Join combines the rows of f (left) and other (right) whose keys are
// equal, as SQL's JOIN and Polars' join do.
//
//	users.Join(orders, frame.On("user_id"), frame.Left)
//	a.Join(b, frame.LeftOn("id").RightOn("a_id"), frame.Inner, frame.WithSuffix("_b"))
//	a.Join(b, frame.OnExprs(frame.Col("name").Str().ToLower()), frame.Inner)
//	sizes.Join(colors, frame.On(), frame.Cross)
//
// Keys are scalar columns, top-level or nested leaves, or expressions
// computed over each side's rows (see JoinOn), paired left to right.
// Paired keys must be of one kind once integers are widened (int8 to
// int64 and uint8 to uint32 all join each other; uint64 joins unsigned
// keys, and signed ones unless it holds a value above MaxInt64, an ErrType
// error), float32 joins float64, and string, large_string, string_view
// and dictionary columns join each other; dates, times, timestamps and
// durations join their own type and unit, decimal128 its own precision
// and scale, and a column of Arrow type Null (only nulls) joins any key.
// Any other pair is an ErrType error naming both columns and types (an
// integer and a float key too: cast one), list and struct keys too. Null
// keys never match (as in SQL) unless WithNullsEqual(true), so their rows
// are unmatched rows of a Left, Right, Outer or Anti join; NaN matches
// NaN and -0 matches +0. WithValidate checks that keys are unique on a
// side before joining.
//
// Columns: the left columns in their order, then the right columns but
// its keys. A right key is dropped when both keys of its pair are
// top-level columns (the left one holds its values); for Outer and Right
// joins such a left key is coalesced, holding the right key's value in
// rows only the right side has (Polars' coalesce=True). WithCoalesce(false)
// keeps both keys as they are instead. A key reached by a nested path is
// never dropped nor coalesced: it stays in its structure. When any key is
// an expression, no key is dropped or coalesced, as in Polars, and the
// computed keys are not columns of the result. A right column whose name a left column has gets
// the suffix; if the suffixed name is taken too, it is an ErrDuplicate
// error naming both. Nested columns of both sides (structs, lists, lists
// of structs, maps) are carried whole; an unmatched side's row is null
// there.
//
// Rows: Inner, Left, Semi and Anti keep the left order, and a left row
// with several matches takes them in right order; Right keeps the right
// order; Outer is Left followed by the unmatched right rows in their
// order; Cross is left-major, an ErrArgument error when its row count
// overflows an int. The result has a range index (as in Polars), except
// Semi and Anti, which select left rows and keep f's index with them.
//
// Cost: the key columns are read once (as Sort reads them) and the right
// keys hashed into a table typed by key kind (a Go map of uint64 for
// fixed-width keys, of the strings themselves, sharing the Arrow bytes, for
// string keys); several keys are combined by pairing their per-column
// group numbers. The left keys probe the table, and every column is then
// gathered once.
func (f *Frame) Join(other *Frame, on JoinOn, how JoinHow, opts ...JoinOption) *Frame {
	const op = "Join"
	if f.Err() != nil {
		return f
	}
	if other == nil {
		return failed(errorf(op, ErrArgument, "nil right frame"))
	}
	if err := other.Err(); err != nil {
		return failed(errorf(op, err, "right frame: %v", err))
	}
	o := joinOptions{suffix: "_right", coalesce: true}
	for _, opt := range opts {
		if opt != nil {
			opt.applyJoin(&o)
		}
	}
	if how > Cross {
		return failed(errorf(op, ErrArgument, "unknown join kind %d", uint8(how)))
	}
	if how == Cross {
		if len(on.left) > 0 || len(on.right) > 0 {
			return failed(errorf(op, ErrArgument, "a cross join takes no keys (On()), got %d", max(len(on.left), len(on.right))))
		}
		if o.validate != ManyToMany {
			return failed(errorf(op, ErrArgument, "a cross join has no keys to validate %s", o.validate))
		}
		return joinCross(op, f, other, o)
	}
	if len(on.left) == 0 || len(on.right) == 0 {
		return failed(errorf(op, ErrArgument, "no join key"))
	}
	if len(on.left) != len(on.right) {
		return failed(errorf(op, ErrArgument, "%d left keys (%s) for %d right keys (%s)",
			len(on.left), joinRefs(on.left), len(on.right), joinRefs(on.right)))
	}
	l, r, err := joinResolve(op, "key", f, other, on.left, on.right)
	if err != nil {
		return failed(err)
	}
	lcodes, rcodes, ngroups := joinCodes(l.keys, r.keys, o.nullsEqual)
	if err := joinValidate(op, o.validate, on, l, r, rcodes, ngroups, o.nullsEqual); err != nil {
		return failed(err)
	}

	if how == Semi || how == Anti {
		rows := make([]int, 0, f.data.NumRows())
		for i, c := range lcodes {
			if (c >= 0) == (how == Semi) {
				rows = append(rows, i)
			}
		}
		return f.take(op, rows)
	}
	var lt, rt []int
	if how == Right {
		rt, lt = joinPairs(rcodes, lcodes, ngroups, Left)
	} else {
		lt, rt = joinPairs(lcodes, rcodes, ngroups, how)
	}
	return joinAssemble(op, f, other, lt, rt, joinLayoutOf(l, r, how, o.coalesce), o.suffix)
}

// joinMsg is the message of an error of this package without its
// "frame: Op: " prefix, to be wrapped in a message of Join's.
func joinMsg(err error) string {
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

// joinRefs renders key references for messages.
func joinRefs(keys []joinKey) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.String()
	}
	return strings.Join(out, ", ")
}

// joinCodes numbers the distinct right key tuples 0..ngroups-1 and gives
// each row of both sides its tuple's number: -1 for a row with a null key,
// and for a left row whose tuple no right row has. Under nullsEqual a
// null is a value like the others.
func joinCodes(lkeys, rkeys []*sortKeyCol, nullsEqual bool) (lcodes, rcodes []int32, ngroups int) {
	lcodes, rcodes, ngroups = joinCodesOne(lkeys[0], rkeys[0], nullsEqual)
	for k := 1; k < len(lkeys); k++ {
		lc, rc, _ := joinCodesOne(lkeys[k], rkeys[k], nullsEqual)
		// Pair the numbers so far with this key's: a tuple is a pair of
		// numbers, numbered again.
		m := make(map[uint64]int32, ngroups)
		for i, a := range rcodes {
			b := rc[i]
			if a < 0 || b < 0 {
				rcodes[i] = -1
				continue
			}
			key := uint64(a)<<32 | uint64(b)
			c, ok := m[key]
			if !ok {
				c = int32(len(m))
				m[key] = c
			}
			rcodes[i] = c
		}
		for i, a := range lcodes {
			b := lc[i]
			if a < 0 || b < 0 {
				lcodes[i] = -1
				continue
			}
			c, ok := m[uint64(a)<<32|uint64(b)]
			if !ok {
				c = -1
			}
			lcodes[i] = c
		}
		ngroups = len(m)
	}
	return lcodes, rcodes, ngroups
}

// joinCodesOne numbers the distinct values of one right key and looks the
// left key's values up among them, with a hash table typed by the key:
// uint64 for the fixed-width kinds, string for strings (the strings share
// the Arrow data: nothing is allocated per row). Under nullsEqual the
// nulls are one more value.
func joinCodesOne(lk, rk *sortKeyCol, nullsEqual bool) (lcodes, rcodes []int32, ngroups int) {
	lcodes, rcodes = make([]int32, lk.n), make([]int32, rk.n)
	if lk.null || rk.null {
		// Only nulls can match, and only under nullsEqual: they are value 0.
		for i := range rcodes {
			rcodes[i] = -1
			if nullsEqual && rk.isNull(i) {
				rcodes[i], ngroups = 0, 1
			}
		}
		for i := range lcodes {
			lcodes[i] = -1
			if ngroups == 1 && lk.isNull(i) {
				lcodes[i] = 0
			}
		}
		return lcodes, rcodes, ngroups
	}
	if rk.s != nil {
		return joinCodesTyped(lk, rk, lk.s, rk.s, lcodes, rcodes, nullsEqual)
	}
	if rk.hi != nil {
		return joinCodesTyped(lk, rk, joinPairWords(lk), joinPairWords(rk), lcodes, rcodes, nullsEqual)
	}
	return joinCodesTyped(lk, rk, lk.u, rk.u, lcodes, rcodes, nullsEqual)
}

func joinCodesTyped[K comparable](lk, rk *sortKeyCol, lv, rv []K, lcodes, rcodes []int32, nullsEqual bool) ([]int32, []int32, int) {
	m := make(map[K]int32)
	next, nullCode := int32(0), int32(-1)
	rnull := rk.hasNulls()
	for i, v := range rv {
		if rnull && rk.valid.IsNull(i) {
			if nullsEqual && nullCode < 0 {
				nullCode, next = next, next+1
			}
			rcodes[i] = nullCode
			continue
		}
		c, ok := m[v]
		if !ok {
			c, next = next, next+1
			m[v] = c
		}
		rcodes[i] = c
	}
	lnull := lk.hasNulls()
	for i, v := range lv {
		if lnull && lk.valid.IsNull(i) {
			lcodes[i] = nullCode
			continue
		}
		c, ok := m[v]
		if !ok {
			c = -1
		}
		lcodes[i] = c
	}
	return lcodes, rcodes, int(next)
}

// joinPairWords returns the 128-bit keys of a decimal key as word pairs.
func joinPairWords(k *sortKeyCol) [][2]uint64 {
	out := make([][2]uint64, len(k.u))
	for i := range out {
		out[i] = [2]uint64{k.u[i], k.hi[i]}
	}
	return out
}

// joinPairs pairs the rows of the probe side (codes a) with the rows of
// the build side (codes b) of the same group: for each probe row in order,
// its matches in build order; -1 stands for "no row" on either side.
// Left keeps unmatched probe rows; Outer appends the unmatched build rows.
func joinPairs(a, b []int32, ngroups int, how JoinHow) (at, bt []int) {
	// The build rows of each group, in order (a CSR layout).
	starts := make([]int32, ngroups+1)
	for _, c := range b {
		if c >= 0 {
			starts[c+1]++
		}
	}
	for g := range ngroups {
		starts[g+1] += starts[g]
	}
	rows := make([]int32, starts[ngroups])
	next := slices.Clone(starts[:ngroups])
	for i, c := range b {
		if c >= 0 {
			rows[next[c]] = int32(i)
			next[c]++
		}
	}
	size := 0
	for _, c := range a {
		m := 0
		if c >= 0 {
			m = int(starts[c+1] - starts[c])
		}
		if m == 0 && how != Inner {
			m = 1
		}
		size += m
	}
	at, bt = make([]int, 0, size), make([]int, 0, size)
	var matched []bool
	if how == Outer {
		matched = make([]bool, ngroups)
	}
	for i, c := range a {
		if c < 0 || starts[c] == starts[c+1] {
			if how != Inner {
				at, bt = append(at, i), append(bt, structured.NullRow)
			}
			continue
		}
		if matched != nil {
			matched[c] = true
		}
		for _, r := range rows[starts[c]:starts[c+1]] {
			at, bt = append(at, i), append(bt, int(r))
		}
	}
	if how == Outer {
		for i, c := range b {
			if c < 0 || !matched[c] {
				at, bt = append(at, structured.NullRow), append(bt, i)
			}
		}
	}
	return at, bt
}

// joinLayout says which key columns a join drops and merges.
type joinLayout struct {
	dropRight map[string]bool // top-level right columns left out
	coalesce  map[string]int  // top-level left key column -> its key pair
	l, r      joinSide
}

// joinLayoutOf is the layout of Join: under coalesce, the right key of a
// pair of top-level columns is dropped and, in an Outer or Right join, the
// left key merged; no key is when one is an expression.
func joinLayoutOf(l, r joinSide, how JoinHow, coalesce bool) joinLayout {
	lay := joinLayout{dropRight: map[string]bool{}, coalesce: map[string]int{}, l: l, r: r}
	if !coalesce || l.exprs || r.exprs {
		return lay
	}
	for i := range l.paths {
		if len(l.paths[i]) == 1 && len(r.paths[i]) == 1 {
			lay.dropRight[r.paths[i][0]] = true
			if how == Outer || how == Right {
				lay.coalesce[l.paths[i][0]] = i
			}
		}
	}
	return lay
}

// joinAssemble gathers the result's columns: left columns by lt (nil:
// every left row once, in order), right columns but dropped keys by rt, coalescing the left keys the layout
// names; a right column whose name is taken gets the suffix.
func joinAssemble(op string, f, other *Frame, lt, rt []int, lay joinLayout, suffix string) *Frame {
	n := len(lt)
	if lt == nil {
		n = len(rt)
	}
	leftFields := f.data.Fields()
	rightFields := other.data.Fields()
	out := make([]structured.FieldValue, 0, len(leftFields)+len(rightFields))
	names := make(map[string]string, cap(out)) // name -> where it came from
	// A left join whose right keys are distinct keeps the left rows as
	// they are: the left columns are then shared, not gathered.
	leftSame := lt == nil || joinIsIdentity(lt, f.data.NumRows())
	for _, fv := range leftFields {
		var (
			v   structured.Value
			err error
		)
		if k, ok := lay.coalesce[fv.Name]; ok {
			v, err = joinCoalesce(fv.Value, lay.r.vals[k], lay.l.keys[k], lay.r.keys[k], lt, rt)
		} else if leftSame {
			v = fv.Value
		} else {
			v, err = structured.TakeValueNullable(fv.Value, lt)
		}
		if err != nil {
			return failed(errorf(op, err, "left column %q: %v", fv.Name, err))
		}
		out = append(out, structured.FieldValue{Name: fv.Name, Value: v})
		names[fv.Name] = fmt.Sprintf("left column %q", fv.Name)
	}
	for _, fv := range rightFields {
		if lay.dropRight[fv.Name] {
			continue
		}
		name := fv.Name
		if _, clash := names[name]; clash {
			name += suffix
			if prev, again := names[name]; again {
				return failed(errorf(op, ErrDuplicate, "right column %q renamed %q clashes with %s", fv.Name, name, prev))
			}
		}
		v, err := structured.TakeValueNullable(fv.Value, rt)
		if err != nil {
			return failed(errorf(op, err, "right column %q: %v", fv.Name, err))
		}
		out = append(out, structured.FieldValue{Name: name, Value: v})
		names[name] = fmt.Sprintf("right column %q", fv.Name)
	}
	t, err := structured.FromFieldsShape(out, structured.Shape{n})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(n))
}

// joinIsIdentity reports whether rows is 0, 1, ..., n-1.
func joinIsIdentity(rows []int, n int) bool {
	if len(rows) != n {
		return false
	}
	for i, r := range rows {
		if r != i {
			return false
		}
	}
	return true
}

// joinCoalesce gathers a key column of an Outer or Right join: row i holds
// the left key of row lt[i], or the right key of row rt[i] where the left
// side has no row. Keys of one Arrow type are gathered from both columns
// joined; keys of different types of one kind (int32 and int64, string and
// large_string) give the widest type of the kind.
func joinCoalesce(lv, rv structured.Value, lk, rk *sortKeyCol, lt, rt []int) (structured.Value, error) {
	ld, _ := lv.(*structured.Dense)
	rd, _ := rv.(*structured.Dense)
	if lk.null || rk.null || arrow.TypeEqual(ld.DataType(), rd.DataType()) {
		both, err := structured.ConcatValues(lv, rv)
		if err != nil {
			return nil, err
		}
		nl := lv.NumRows()
		idx := make([]int, len(lt))
		for i, l := range lt {
			if l >= 0 {
				idx[i] = l
			} else {
				idx[i] = nl + rt[i]
			}
		}
		return structured.TakeValueNullable(both, idx)
	}
	pick := func(i int) (k *sortKeyCol, row int) {
		if lt[i] >= 0 {
			return lk, lt[i]
		}
		return rk, rt[i]
	}
	mem := memory.DefaultAllocator
	var arr arrow.Array
	switch lk.class {
	case "int":
		arr = joinGather(array.NewInt64Builder(mem), len(lt), pick, func(k *sortKeyCol, r int) int64 { return int64(k.u[r] ^ (1 << 63)) })
	case "float":
		// The keys' values themselves: the normalized keys hold -0 as +0.
		lf, rf := joinFloatValues(lv), joinFloatValues(rv)
		arr = joinGather(array.NewFloat64Builder(mem), len(lt), pick, func(k *sortKeyCol, r int) float64 {
			vals := rf
			if k == lk {
				vals = lf
			}
			if vals != nil {
				return vals[r]
			}
			return joinFloatOf(k.u[r])
		})
	case "uint64":
		arr = joinGather(array.NewUint64Builder(mem), len(lt), pick, func(k *sortKeyCol, r int) uint64 { return k.u[r] })
	case "string":
		arr = joinGather(array.NewLargeStringBuilder(mem), len(lt), pick, func(k *sortKeyCol, r int) string { return k.s[r] })
	default:
		return nil, fmt.Errorf("%w: cannot coalesce %s and %s", ErrType, ld.DataType(), rd.DataType())
	}
	defer arr.Release()
	return structured.NewDense(arr)
}

// joinFloatValues reads a float32 or float64 key column as float64s, nil
// for other types.
func joinFloatValues(v structured.Value) []float64 {
	l, ok := v.(structured.Leaf)
	if !ok {
		return nil
	}
	switch l.Values().DataType().ID() {
	case arrow.FLOAT64:
		vals, err := structured.Values[float64](l)
		if err == nil {
			return vals
		}
	case arrow.FLOAT32:
		vals, err := structured.Values[float32](l)
		if err == nil {
			return numConvert[float64](vals)
		}
	}
	return nil
}

// joinGather builds, with b (which it releases), n keys: row i is the
// value of the key pick(i) names, or null. It serves joinCoalesce's keys
// of different types, where each row is converted anyway.
func joinGather[T any](b interface {
	array.Builder
	Append(T)
	AppendNull()
}, n int, pick func(int) (*sortKeyCol, int), value func(k *sortKeyCol, row int) T) arrow.Array {
	defer b.Release()
	for i := range n {
		if k, r := pick(i); k.isNull(r) {
			b.AppendNull()
		} else {
			b.Append(value(k, r))
		}
	}
	return b.NewArray()
}

// joinFloatOf inverts dtype.SortKeyFloat.
func joinFloatOf(u uint64) float64 {
	if u == math.MaxUint64 {
		return math.NaN()
	}
	if u>>63 != 0 {
		return math.Float64frombits(u &^ (1 << 63))
	}
	return math.Float64frombits(^u)
}
