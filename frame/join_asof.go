package frame

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
	"github.com/structframe/structframe/structured"
)

// ErrUnsorted reports input that an operation needs sorted and is not
// (JoinAsof's keys).
var ErrUnsorted = errors.New("not sorted")

// AsofStrategy is which right row JoinAsof matches a left row with.
type AsofStrategy uint8

// The strategies of JoinAsof, as Polars' join_asof and pandas' merge_asof.
const (
	// AsofBackward matches the last right row whose key is at most the
	// left key: the latest observation at or before the left row's time.
	AsofBackward AsofStrategy = iota
	// AsofForward matches the first right row whose key is at least the
	// left key.
	AsofForward
	// AsofNearest matches the right row whose key is nearest the left key:
	// of two at the same distance the greater key, of several rows with
	// that key the last (as Polars).
	AsofNearest
)

// String names the strategy as Polars does: "backward", "forward", "nearest".
func (s AsofStrategy) String() string {
	switch s {
	case AsofBackward:
		return "backward"
	case AsofForward:
		return "forward"
	case AsofNearest:
		return "nearest"
	}
	return fmt.Sprintf("AsofStrategy(%d)", uint8(s))
}

// AsofOption is an optional setting of JoinAsof: WithAsofStrategy,
// WithAsofBy, WithAsofTolerance, WithAllowExactMatches, WithSuffix,
// WithCoalesce.
type AsofOption interface{ applyAsof(*asofConfig) }

type asofConfig struct {
	suffix   string
	coalesce bool
	strategy AsofStrategy
	by       JoinOn
	tol      ToleranceOption
	exact    bool
}

// AsofStrategyOption is the option WithAsofStrategy returns.
type AsofStrategyOption AsofStrategy

// WithAsofStrategy sets how JoinAsof picks a left row's right row;
// AsofBackward unless set.
func WithAsofStrategy(s AsofStrategy) AsofStrategyOption { return AsofStrategyOption(s) }

func (s AsofStrategyOption) applyAsof(c *asofConfig) { c.strategy = AsofStrategy(s) }

// AsofByOption is the option WithAsofBy returns.
type AsofByOption JoinOn

// WithAsofBy makes JoinAsof match only rows whose by keys are equal
// before it searches on its key, as Polars' by (by_left, by_right) and
// pandas' by: On("ticker"), or LeftOn("a").RightOn("b"), or expressions
// (see JoinOn). By keys pair as Join's keys do; a null by key matches
// nothing.
func WithAsofBy(by JoinOn) AsofByOption { return AsofByOption(by) }

func (b AsofByOption) applyAsof(c *asofConfig) { c.by = JoinOn(b) }

// AsofTolerance is the types a tolerance can be given in: a number, a
// time.Duration, or a Polars duration string ("2d", "1h30m").
type AsofTolerance interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64 | ~string
}

// ToleranceOption is the option WithAsofTolerance returns.
type ToleranceOption struct {
	set  bool
	kind byte // 'i' an integer, 'f' a float, 'd' a duration (ns), 's' a duration string
	i    uint64
	neg  bool
	f    float64
	s    string
}

// WithAsofTolerance bounds the distance between the keys JoinAsof
// matches: a left row whose chosen right row is farther than t (the
// bound included) is unmatched. A number is in the key's own units (days
// for a date32 key, the unit of a timestamp); a time.Duration or a
// duration string ("2d", "36h", "1d12h"; internal/temporal's Polars
// syntax, calendar months refused) applies to date, time, timestamp and
// duration keys only:
//
//	WithAsofTolerance(5)               // ints, floats, or 5 units of a temporal key
//	WithAsofTolerance(0.25)            // floats
//	WithAsofTolerance("2d")            // dates, timestamps
//	WithAsofTolerance(90 * time.Second)
//
// A negative or NaN tolerance is an ErrArgument error.
func WithAsofTolerance[T AsofTolerance](t T) ToleranceOption {
	o := ToleranceOption{set: true}
	if d, ok := any(t).(time.Duration); ok {
		o.kind, o.neg, o.i = 'd', d < 0, uint64(d)
		if d < 0 {
			o.i = uint64(-d)
		}
		return o
	}
	// One look at the value's kind, once per option (T may be a named type).
	switch v := reflect.ValueOf(t); v.Kind() {
	case reflect.Float32, reflect.Float64:
		o.kind, o.f = 'f', v.Float()
	case reflect.String:
		o.kind, o.s = 's', v.String()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		o.kind, o.i = 'i', v.Uint()
	default:
		n := v.Int()
		o.kind, o.neg, o.i = 'i', n < 0, uint64(n)
		if n < 0 {
			o.i = uint64(-n)
		}
	}
	return o
}

func (t ToleranceOption) applyAsof(c *asofConfig) { c.tol = t }

// String renders the tolerance as given.
func (t ToleranceOption) String() string {
	switch t.kind {
	case 'f':
		return fmt.Sprint(t.f)
	case 's':
		return fmt.Sprintf("%q", t.s)
	case 'd':
		if t.neg {
			return "-" + time.Duration(t.i).String()
		}
		return time.Duration(t.i).String()
	}
	if t.neg {
		return fmt.Sprintf("-%d", t.i)
	}
	return fmt.Sprint(t.i)
}

// ExactMatchesOption is the option WithAllowExactMatches returns.
type ExactMatchesOption bool

// WithAllowExactMatches says whether JoinAsof may match keys that are
// equal (Polars' allow_exact_matches, pandas' allow_exact_matches): true,
// the default, searches for at most / at least the left key; false for
// strictly less / strictly greater (and for AsofNearest, any key but an
// equal one).
func WithAllowExactMatches(on bool) ExactMatchesOption { return ExactMatchesOption(on) }

func (e ExactMatchesOption) applyAsof(c *asofConfig) { c.exact = bool(e) }

// JoinAsof matches each row of f (left) with at most one row of other
// (right) by the nearest key rather than an equal one, as Polars'
// join_asof and pandas' merge_asof: with AsofBackward (the default) the
// last right row whose key is at most the left key, with AsofForward the
// first right row whose key is at least it, with AsofNearest the nearest
// (WithAsofStrategy). It is a left join: every left row is kept, in order,
// with nulls on the right where nothing matches.
//
//	trades.JoinAsof(quotes, frame.On("time"), frame.WithAsofBy(frame.On("ticker")),
//		frame.WithAsofTolerance("2s"))
//
// on names one key on each side (On, LeftOn(...).RightOn(...), or an
// expression): integers (of any width, as Join pairs them), floats, dates,
// times, timestamps, durations (each of one type and unit on both sides),
// or strings (but for AsofNearest and a tolerance). WithAsofBy adds keys
// that must be equal; WithAsofTolerance bounds the distance and
// WithAllowExactMatches(false) refuses equal keys. Among right rows of
// one key, backward and nearest take the last, forward the first.
//
// Both keys must be sorted ascending within each by group (a group both
// sides have): a key that goes down is an ErrUnsorted error naming the
// side, the column and both rows. Null keys never match and may sit
// anywhere; NaN is greater than every number and equal to NaN, as Sort
// orders it.
//
// Columns: the left columns, then the right columns but the right by
// keys (when both keys of a by pair are top-level columns) and, when the
// two on keys are top-level columns of one name, the right on key
// (WithCoalesce(false) keeps it, suffixed); a different name keeps it, as
// Polars does, so the matched key can be read. Clashing right names get
// WithSuffix's suffix ("_right"). Nested columns are carried.
//
// Cost: O(n+m) after the by keys are hashed as Join hashes them: the rows
// of each group are listed once (a counting sort of the group numbers)
// and each group merged in one pass over both sides; nothing is allocated
// per row or per group. The left columns are shared, the right ones
// gathered once.
func (f *Frame) JoinAsof(other *Frame, on JoinOn, opts ...AsofOption) *Frame {
	const op = "JoinAsof"
	if f.Err() != nil {
		return f
	}
	if other == nil {
		return failed(errorf(op, ErrArgument, "nil right frame"))
	}
	if err := other.Err(); err != nil {
		return failed(errorf(op, err, "right frame: %v", err))
	}
	c := asofConfig{suffix: "_right", coalesce: true, exact: true}
	for _, o := range opts {
		if o != nil {
			o.applyAsof(&c)
		}
	}
	if c.strategy > AsofNearest {
		return failed(errorf(op, ErrArgument, "unknown strategy %d", uint8(c.strategy)))
	}
	if len(on.left) != 1 || len(on.right) != 1 {
		return failed(errorf(op, ErrArgument, "an as-of join takes one key on each side, got %d left and %d right", len(on.left), len(on.right)))
	}
	if len(c.by.left) != len(c.by.right) {
		return failed(errorf(op, ErrArgument, "%d left by keys (%s) for %d right by keys (%s)",
			len(c.by.left), joinRefs(c.by.left), len(c.by.right), joinRefs(c.by.right)))
	}
	l, r, err := joinResolve(op, "key", f, other, on.left, on.right)
	if err != nil {
		return failed(err)
	}
	lk, rk := l.keys[0], r.keys[0]
	m, err := asofMetricOf(op, lk, rk, on.left[0], c)
	if err != nil {
		return failed(err)
	}
	var (
		lcodes, rcodes []int32
		ngroups        = 1
		lb, rb         joinSide
	)
	if len(c.by.left) > 0 {
		if lb, rb, err = joinResolve(op, "by key", f, other, c.by.left, c.by.right); err != nil {
			return failed(err)
		}
		lcodes, rcodes, ngroups = joinCodes(lb.keys, rb.keys, false)
	}
	var rt []int
	if lk.class == "null" || rk.class == "null" {
		rt = make([]int, f.data.NumRows())
		for i := range rt {
			rt[i] = structured.NullRow
		}
	} else {
		s := asofSearch{strategy: c.strategy, exact: c.exact}
		by := len(c.by.left) > 0
		switch lk.class {
		case "string":
			rt, err = asofRun(op, &s, lk.s, rk.s, lk, rk, lcodes, rcodes, ngroups, asofStrings{}, l.vals[0], r.vals[0], on, by)
		case "float":
			rt, err = asofRun(op, &s, lk.u, rk.u, lk, rk, lcodes, rcodes, ngroups, m.(asofFloats), l.vals[0], r.vals[0], on, by)
		default:
			rt, err = asofRun(op, &s, lk.u, rk.u, lk, rk, lcodes, rcodes, ngroups, m.(asofInts), l.vals[0], r.vals[0], on, by)
		}
		if err != nil {
			return failed(err)
		}
	}
	lay := joinLayout{dropRight: map[string]bool{}, coalesce: map[string]int{}}
	for i := range lb.paths {
		if len(lb.paths[i]) == 1 && len(rb.paths[i]) == 1 {
			lay.dropRight[rb.paths[i][0]] = true
		}
	}
	if c.coalesce && len(l.paths[0]) == 1 && len(r.paths[0]) == 1 && l.paths[0][0] == r.paths[0][0] {
		lay.dropRight[r.paths[0][0]] = true
	}
	return joinAssemble(op, f, other, nil, rt, lay, c.suffix)
}

// asofMetricOf checks that the keys can be searched as c asks and returns
// their distance: asofInts (integers and temporal types, the tolerance
// in key units), asofFloats, or asofStrings.
func asofMetricOf(op string, lk, rk *sortKeyCol, key joinKey, c asofConfig) (any, error) {
	k := lk
	if k.class == "null" {
		k = rk
	}
	facts := dtype.Of(k.dt)
	t := c.tol
	if t.set && (t.neg || t.kind == 'f' && (t.f < 0 || math.IsNaN(t.f))) {
		return nil, errorf(op, ErrArgument, "tolerance %s is negative", t)
	}
	switch {
	case k.class == "null":
		return asofInts{}, nil
	case k.class == "string":
		if c.strategy == AsofNearest {
			return nil, errorf(op, ErrType, "key %q is a string column (%s): the nearest strategy needs a distance; use backward or forward", key, k.dt)
		}
		if t.set {
			return nil, errorf(op, ErrType, "key %q is a string column (%s): a tolerance needs a distance", key, k.dt)
		}
		return asofStrings{}, nil
	case k.class == "float":
		m := asofFloats{tol: math.Inf(1)} // no bound
		switch t.kind {
		case 'i':
			m.tol = float64(t.i)
		case 'f':
			m.tol = t.f
		case 'd', 's':
			return nil, errorf(op, ErrType, "tolerance %s is a duration; key %q is %s (give a number)", t, key, k.dt)
		}
		return m, nil
	case k.u == nil || k.hi != nil || k.class == "bool" || !(facts.Numeric() || facts.Temporal()):
		return nil, errorf(op, ErrType, "key %q is %s; an as-of key is a number, a date, a time, a timestamp, a duration or a string", key, k.dt)
	}
	m := asofInts{tol: math.MaxUint64}
	switch t.kind {
	case 'i':
		m.tol = t.i
	case 'f':
		if t.f < math.MaxUint64 {
			m.tol = uint64(math.Floor(t.f))
		}
	case 'd', 's':
		if !facts.Temporal() {
			return nil, errorf(op, ErrType, "tolerance %s is a duration; key %q is %s (give a number, or a duration for a date, time, timestamp or duration key)", t, key, k.dt)
		}
		ns := int64(t.i)
		if t.kind == 's' {
			e, err := temporal.ParseEvery(t.s)
			if err != nil {
				return nil, errorf(op, ErrArgument, "tolerance: %v", err)
			}
			fixed, ok := e.Fixed()
			if !ok {
				return nil, errorf(op, ErrArgument, "tolerance %s counts calendar months, which have no fixed length (give weeks or days)", t)
			}
			if fixed < 0 {
				return nil, errorf(op, ErrArgument, "tolerance %s is negative", t)
			}
			ns = fixed
		}
		m.tol = uint64(ns / int64(facts.Unit)) // whole units: keys differ by whole units
	}
	return m, nil
}
