package frame

import (
	"strconv"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Label is the time that names a GroupByDynamic window.
type Label uint8

const (
	// LabelLeft names a window by its start (Polars' default).
	LabelLeft Label = iota
	// LabelRight names a window by its end.
	LabelRight
	// LabelDatapoint names a window by the time of its first row.
	LabelDatapoint
)

// String names the label as Polars does ("left", "right", "datapoint").
func (l Label) String() string {
	if l > LabelDatapoint {
		return "Label(" + strconv.Itoa(int(l)) + ")"
	}
	return [...]string{"left", "right", "datapoint"}[l]
}

// StartBy is where GroupByDynamic's first window starts.
type StartBy uint8

const (
	// StartByWindow starts at the window boundary of every (Truncate's)
	// at or before the first time, moved by the offset (Polars' default).
	StartByWindow StartBy = iota
	// StartByDatapoint starts at the first time itself (the offset does
	// not apply).
	StartByDatapoint
	// StartByMonday starts at midnight of the Monday on or before the
	// first time, moved by the offset; StartByTuesday ... StartBySunday
	// likewise.
	StartByMonday
	StartByTuesday
	StartByWednesday
	StartByThursday
	StartByFriday
	StartBySaturday
	StartBySunday
)

// String names the strategy as Polars does ("window", "datapoint",
// "monday", ...).
func (s StartBy) String() string {
	if s > StartBySunday {
		return "StartBy(" + strconv.Itoa(int(s)) + ")"
	}
	return [...]string{"window", "datapoint", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}[s]
}

// DynamicOption is an optional setting of GroupByDynamic: WithPeriod,
// WithOffset, WithClosed, WithLabel, WithIncludeBoundaries, WithStartBy
// and WithGroupBy.
type DynamicOption interface{ applyDynamic(*dynConfig) }

// RollingGroupOption is an optional setting of Frame.Rolling: WithOffset,
// WithClosed and WithGroupBy.
type RollingGroupOption interface{ applyRollingGroup(*dynConfig) }

// dynConfig collects the settings of GroupByDynamic and Rolling.
type dynConfig struct {
	period, offset string
	closed         Closed
	closedSet      bool
	label          Label
	bounds         bool
	startBy        StartBy
	groupBy        []string
}

// PeriodOption is the option WithPeriod returns.
type PeriodOption string

// WithPeriod sets the length of each GroupByDynamic window, a duration
// string; every by default. A period longer than every makes windows
// overlap (a row in several), a shorter one leaves gaps.
func WithPeriod(period string) PeriodOption { return PeriodOption(period) }

func (o PeriodOption) applyDynamic(c *dynConfig) { c.period = string(o) }

// OffsetOption is the option WithOffset returns.
type OffsetOption string

// WithOffset moves the windows by a duration string ("-" for earlier):
// GroupByDynamic's window starts (default "0"), or the Rolling context's
// window (t+offset, t+offset+period] of each row (default -period, the
// window ending at the row).
func WithOffset(offset string) OffsetOption { return OffsetOption(offset) }

func (o OffsetOption) applyDynamic(c *dynConfig)      { c.offset = string(o) }
func (o OffsetOption) applyRollingGroup(c *dynConfig) { c.offset = string(o) }

func (o ClosedOption) applyDynamic(c *dynConfig)      { c.closed, c.closedSet = Closed(o), true }
func (o ClosedOption) applyRollingGroup(c *dynConfig) { c.closed, c.closedSet = Closed(o), true }

// LabelOption is the option WithLabel returns.
type LabelOption Label

// WithLabel sets the time that names each GroupByDynamic window in the
// time column of the result: LabelLeft (the default), LabelRight or
// LabelDatapoint.
func WithLabel(l Label) LabelOption { return LabelOption(l) }

func (o LabelOption) applyDynamic(c *dynConfig) { c.label = Label(o) }

// IncludeBoundariesOption is the option WithIncludeBoundaries returns.
type IncludeBoundariesOption bool

// WithIncludeBoundaries adds the columns _lower_boundary and
// _upper_boundary, each window's start and end (of the time column's
// type), to GroupByDynamic's result when true; false by default.
func WithIncludeBoundaries(on bool) IncludeBoundariesOption { return IncludeBoundariesOption(on) }

func (o IncludeBoundariesOption) applyDynamic(c *dynConfig) { c.bounds = bool(o) }

// StartByOption is the option WithStartBy returns.
type StartByOption StartBy

// WithStartBy sets where GroupByDynamic's first window starts:
// StartByWindow (the default), StartByDatapoint or a weekday.
func WithStartBy(s StartBy) StartByOption { return StartByOption(s) }

func (o StartByOption) applyDynamic(c *dynConfig) { c.startBy = StartBy(o) }

// GroupByOption is the option WithGroupBy returns.
type GroupByOption []string

// WithGroupBy also groups GroupByDynamic and Rolling by key columns
// (Polars' group_by argument): each group has its own windows, laid from
// its own first time; the result has the key columns first, its groups
// sorted by key (as Polars).
func WithGroupBy(keys ...string) GroupByOption { return GroupByOption(keys) }

func (o GroupByOption) applyDynamic(c *dynConfig)      { c.groupBy = append(c.groupBy, o...) }
func (o GroupByOption) applyRollingGroup(c *dynConfig) { c.groupBy = append(c.groupBy, o...) }

// DynamicGroupBy is a frame cut into time windows, waiting for its
// aggregations: make one with Frame.GroupByDynamic.
type DynamicGroupBy struct {
	f       *Frame
	timeCol string
	every   string
	cfg     dynConfig
	err     error
}

// RollingGroupBy is a frame with one time window per row, waiting for
// its aggregations: make one with Frame.Rolling.
type RollingGroupBy struct {
	f       *Frame
	timeCol string
	cfg     dynConfig
	err     error
}

// GroupByDynamic groups the rows into time windows (Polars'
// group_by_dynamic, pandas' resample), for Agg: windows of WithPeriod
// (every by default) starting every every, from the window boundary of
// every at or before the first time (StartByWindow: "1h" windows start on
// the hour, "1mo" on the first of the month, "1w" on Monday), moved by
// WithOffset, each holding the rows whose time t is in [start, start +
// period) (WithClosed: ClosedLeft by default). A window without rows
// gives no row. timeCol is a date or timestamp column (durations as
// ExprDt.Truncate: "15m", "1d", "1mo"; a zoned timestamp's calendar on
// its wall clock) or an integer column ("Ni" durations), sorted
// ascending without nulls (in each group with WithGroupBy): otherwise Agg
// gives an ErrArgument error naming the column and the row.
//
//	df.GroupByDynamic("at", "1h", frame.WithPeriod("2h")).Agg(frame.Col("x").Mean())
//
// Cost: a row belongs to every window that holds it; Agg takes the rows
// of all windows once (O(total window rows) memory) and aggregates them
// with GroupBy.Agg's kernels.
func (f *Frame) GroupByDynamic(timeCol, every string, opts ...DynamicOption) *DynamicGroupBy {
	g := &DynamicGroupBy{f: f, timeCol: timeCol, every: every}
	if err := f.Err(); err != nil {
		g.err = err
		return g
	}
	for _, o := range opts {
		if o != nil {
			o.applyDynamic(&g.cfg)
		}
	}
	if !g.cfg.closedSet {
		g.cfg.closed = ClosedLeft
	}
	return g
}

// Rolling gives each row the time window (t-period, t] that ends at its
// time t, for Agg (Polars' rolling context, group_by_rolling): WithOffset
// moves it to (t+offset, t+offset+period], WithClosed sets its ends
// (ClosedRight by default), WithGroupBy keeps each group's windows to its
// rows. Rows of equal time share their window. The result has one row
// per row, with its time; the time column must be sorted as for
// GroupByDynamic. The Rolling family over a time window (RollingSumBy,
// ...) computes one aggregation of the same windows without Agg.
func (f *Frame) Rolling(timeCol, period string, opts ...RollingGroupOption) *RollingGroupBy {
	g := &RollingGroupBy{f: f, timeCol: timeCol}
	if err := f.Err(); err != nil {
		g.err = err
		return g
	}
	g.cfg.period = period
	for _, o := range opts {
		if o != nil {
			o.applyRollingGroup(&g.cfg)
		}
	}
	if !g.cfg.closedSet {
		g.cfg.closed = ClosedRight
	}
	return g
}

// Err returns the error of the frame grouped, or nil.
func (g *DynamicGroupBy) Err() error {
	if g == nil {
		return errorf("GroupByDynamic", ErrArgument, "nil *DynamicGroupBy")
	}
	return g.err
}

// Err returns the error of the frame grouped, or nil.
func (g *RollingGroupBy) Err() error {
	if g == nil {
		return errorf("Rolling", ErrArgument, "nil *RollingGroupBy")
	}
	return g.err
}

// winFrameWindows is a frame's rows cut into windows, each a run of
// positions of an order (the rows grouped by key, by time in a group).
type winFrameWindows struct {
	axis    *winAxis  // the time column in the order
	tv      *exprVec  // its values in the order
	p       *winParts // the order and its groups
	keyVals []structured.Value
	keys    []string
	lo, hi  []int   // each window's positions [lo, hi) in the order
	part    []int   // each window's group
	label   []int64 // each window's time
	lower   []int64 // each window's start and end (GroupByDynamic)
	upper   []int64
}

// winFrameOrder reads the time column and the keys of f and orders the
// rows by group (groups sorted by key, as Polars), checking the times
// ascend in each group.
func winFrameOrder(op string, f *Frame, timeCol string, keys []string) (*winFrameWindows, error) {
	w := &winFrameWindows{}
	_, tval, err := f.column(op, timeCol)
	if err != nil {
		return nil, err
	}
	tv := exprFromValue(tval)
	if err := tv.load(); err != nil {
		return nil, wrap(op, err)
	}
	n := f.data.NumRows()
	w.p = winWhole(n)
	if len(keys) > 0 {
		if keys, err = f.expandRefs(op, keys); err != nil {
			return nil, err
		}
		names := make([]string, len(keys))
		w.keyVals = make([]structured.Value, len(keys))
		for k, ref := range keys {
			if _, w.keyVals[k], err = f.column(op, ref); err != nil {
				return nil, err
			}
			names[k] = displayPath(ref)
		}
		w.keys = names
		groups, err := grpValues(op, n, names, w.keyVals)
		if err != nil {
			return nil, err
		}
		w.p = winGroupOrder(op, groups, w.keyVals)
	}
	if w.tv, err = w.p.gather(tv, n); err != nil {
		return nil, wrap(op, err)
	}
	if w.axis, err = winAxisOf(displayPath(timeCol), w.tv); err != nil {
		return nil, wrap(op, err)
	}
	if err := w.axis.checkSorted(w.tv, w.p); err != nil {
		return nil, wrap(op, err)
	}
	return w, nil
}

// winGroupOrder is the rows group after group, in row order within a
// group, the groups sorted by their keys (in order of first appearance
// when a key has no order: a list or a structure).
func winGroupOrder(op string, groups *grpGroups, keyVals []structured.Value) *winParts {
	ng := groups.n
	rank := make([]int, ng) // the place of each group
	for g := range rank {
		rank[g] = g
	}
	first := groups.firstRows()
	cols := make([]*sortKeyCol, len(keyVals))
	sortable := true
	for k, v := range keyVals {
		kv, err := structured.TakeValue(v, first)
		if err == nil {
			cols[k], err = sortKeyOf(op, "", kv, ng)
		}
		if err != nil {
			sortable = false
			break
		}
	}
	if sortable {
		perm := sortPerm(cols, make([]SortKey, len(cols)), ng)
		for place, g := range perm {
			rank[g] = place
		}
	}
	starts := make([]int, ng+1)
	for _, id := range groups.ids {
		starts[rank[id]+1]++
	}
	for g := range ng {
		starts[g+1] += starts[g]
	}
	next := append([]int(nil), starts[:ng]...)
	order := make([]int, len(groups.ids))
	for i, id := range groups.ids {
		r := rank[id]
		order[next[r]] = i
		next[r]++
	}
	return &winParts{order: order, starts: starts}
}

// dynamicWindows lays GroupByDynamic's windows on each group.
func (w *winFrameWindows) dynamicWindows(every, period, offset winDuration, cfg dynConfig) error {
	a := w.axis
	ts := a.t
	loOpen := cfg.closed == ClosedRight || cfg.closed == ClosedNone
	hiOpen := cfg.closed == ClosedLeft || cfg.closed == ClosedNone
	stepE, fixedE := a.step(every)
	stepP, fixedP := a.step(period)
	for k := range w.p.parts() {
		s, e := w.p.part(k)
		if s == e {
			continue
		}
		tmin, tmax := ts[s], ts[e-1]
		var start int64
		var err error
		switch {
		case cfg.startBy == StartByDatapoint:
			start = tmin
		case cfg.startBy >= StartByMonday:
			if start, err = a.weekStart(tmin, int(cfg.startBy-StartByMonday)); err == nil {
				start, err = a.shift(start, offset, 1)
			}
		default:
			if start, err = a.truncate(tmin, every); err == nil {
				start, err = a.shift(start, offset, 1)
			}
			// the first window must start before the first time
			for err == nil && (start > tmin || (start == tmin && loOpen)) {
				start, err = a.shift(start, every, -1)
			}
		}
		if err != nil {
			return err
		}
		lo, hi := s, s
		for start <= tmax {
			var stop int64
			if fixedP {
				stop = start + stepP
			} else if stop, err = a.shift(start, period, 1); err != nil {
				return err
			}
			for lo < e && (ts[lo] < start || (ts[lo] == start && loOpen)) {
				lo++
			}
			for hi < e && (ts[hi] < stop || (ts[hi] == stop && !hiOpen)) {
				hi++
			}
			if hi > lo {
				w.lo, w.hi, w.part = append(w.lo, lo), append(w.hi, hi), append(w.part, k)
				w.lower, w.upper = append(w.lower, start), append(w.upper, stop)
				switch cfg.label {
				case LabelRight:
					w.label = append(w.label, stop)
				case LabelDatapoint:
					w.label = append(w.label, ts[lo])
				default:
					w.label = append(w.label, start)
				}
			}
			if fixedE {
				// skip the windows that end before the next row's time
				if fixedP && lo < e && hi <= lo && stepE > 0 {
					if m := (ts[lo]-stop)/stepE - 1; m > 0 {
						start += m * stepE
					}
				}
				start += stepE
			} else if start, err = a.shift(start, every, 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// weekStart is midnight of the given weekday (0 Monday) on or before t.
func (a *winAxis) weekStart(t int64, weekday int) (int64, error) {
	day, err := parseWinDuration("1d")
	if err != nil {
		return 0, err
	}
	d, err := a.truncate(t, day)
	if err != nil {
		return 0, err
	}
	// the weekday of d: days since 1970-01-01, a Thursday (3)
	days := a.dayNumber(d)
	back := ((int(((days+3)%7+7)%7) - weekday) + 7) % 7
	return a.shift(d, day, -int64(back))
}

// dayNumber is the local day of tick t (days since 1970-01-01).
func (a *winAxis) dayNumber(t int64) int64 {
	days, _ := a.d.split(t)
	return days
}

// rollingWindows gives each row the Rolling context's window.
func (w *winFrameWindows) rollingWindows(period, offset winDuration, closed Closed) error {
	b, err := w.axis.lookBack(w.p, period, offset, closed)
	if err != nil {
		return err
	}
	n := len(w.axis.t)
	w.lo, w.hi, w.label = b.lo, b.hi, w.axis.t
	w.part = make([]int, n)
	for k := range w.p.parts() {
		s, e := w.p.part(k)
		for i := s; i < e; i++ {
			w.part[i] = k
		}
	}
	return nil
}

// row is the frame row at position i of the order.
func (w *winFrameWindows) row(i int) int {
	if w.p.order == nil {
		return i
	}
	return w.p.order[i]
}

// agg aggregates each window: the key columns, the extra columns
// (boundaries) and the time column first, then one column per
// expression, as GroupBy.Agg.
func (w *winFrameWindows) agg(op string, f *Frame, timeCol string, bounds bool, exprs []Expr) *Frame {
	nwin := len(w.lo)
	total := 0
	for k := range w.lo {
		total += w.hi[k] - w.lo[k]
	}
	rows := make([]int, 0, total)
	ids := make([]int32, 0, total)
	keyRows := make([]int, nwin)
	for k := range w.lo {
		for i := w.lo[k]; i < w.hi[k]; i++ {
			rows = append(rows, w.row(i))
			ids = append(ids, int32(k))
		}
		s, _ := w.p.part(w.part[k])
		keyRows[k] = w.row(s)
	}
	fields := make([]structured.FieldValue, 0, len(w.keys)+3+len(exprs))
	seen := make(map[string]bool)
	add := func(name string, v structured.Value) error {
		if seen[name] {
			return errorf(op, ErrDuplicate, "column %q is made twice; use Alias", name)
		}
		seen[name] = true
		fields = append(fields, structured.FieldValue{Name: name, Value: v})
		return nil
	}
	for k, name := range w.keys {
		v, err := structured.TakeValue(w.keyVals[k], keyRows)
		if err != nil {
			return failed(wrap(op, err))
		}
		if err := add(name, v); err != nil {
			return failed(err)
		}
	}
	ticks := func(name string, ts []int64) error {
		v := &exprVec{t: exprIntT, n: len(ts), loaded: true, ints: ts, dt: w.tv.dt}
		val, err := v.toValue(len(ts))
		if err != nil {
			return wrap(op, err)
		}
		return add(name, val)
	}
	if bounds {
		if err := ticks("_lower_boundary", w.lower); err != nil {
			return failed(err)
		}
		if err := ticks("_upper_boundary", w.upper); err != nil {
			return failed(err)
		}
	}
	if err := ticks(displayPath(timeCol), w.label); err != nil {
		return failed(err)
	}
	taken := f.take(op, rows)
	if err := taken.Err(); err != nil {
		return failed(err)
	}
	skip := make(map[string]bool, len(seen))
	for name := range seen {
		skip[name] = true
	}
	exprs, err := taken.expandExprs(op, exprs, skip)
	if err != nil {
		return failed(err)
	}
	c := &exprCtx{op: op, f: taken, grp: &grpGroups{ids: ids, n: nwin}}
	for _, e := range exprs {
		if e.n != nil && !e.n.hasAgg() {
			e = Expr{n: exprAlias{e: e.Implode(), name: e.Name()}}
		}
		v, err := e.eval(c)
		if err != nil {
			return failed(err)
		}
		val, err := v.toValue(nwin)
		if err != nil {
			return failed(exprErr(c, e, err))
		}
		if err := add(e.Name(), val); err != nil {
			return failed(err)
		}
	}
	t, err := structured.FromFieldsShape(fields, structured.Shape{nwin})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(nwin))
}

// Agg computes aggregations per window: a frame with one row per window
// that holds rows (per group of WithGroupBy, groups sorted by key, then
// by time): the key columns, _lower_boundary and _upper_boundary with
// WithIncludeBoundaries, the time column (each window's label), then one
// column per expression, as GroupBy.Agg (an expression without an
// aggregation collects its window's values into a list). A window's rows
// are in time order.
func (g *DynamicGroupBy) Agg(exprs ...Expr) *Frame {
	const op = "GroupByDynamic.Agg"
	if g == nil || (g.err == nil && g.f == nil) {
		return failed(errorf(op, ErrArgument, "a DynamicGroupBy not made by Frame.GroupByDynamic"))
	}
	if g.err != nil {
		return failed(g.err)
	}
	cfg := g.cfg
	every, err := parseWinDuration(g.every)
	if err != nil {
		return failed(wrap(op, err))
	}
	period := every
	if cfg.period != "" {
		if period, err = parseWinDuration(cfg.period); err != nil {
			return failed(wrap(op, err))
		}
	}
	offset := winDuration{text: "0"}
	if cfg.offset != "" {
		if offset, err = parseWinDuration(cfg.offset); err != nil {
			return failed(wrap(op, err))
		}
	}
	switch {
	case !every.positive():
		return failed(errorf(op, ErrArgument, "every %q is not positive", g.every))
	case !period.positive():
		return failed(errorf(op, ErrArgument, "period %q is not positive", cfg.period))
	case cfg.closed > ClosedNone || cfg.label > LabelDatapoint || cfg.startBy > StartBySunday:
		return failed(errorf(op, ErrArgument, "closed %s, label %s, start_by %s: not a setting", cfg.closed, cfg.label, cfg.startBy))
	}
	if !every.isIdx {
		if err := every.ev.CheckWindow(); err != nil {
			return failed(errorf(op, ErrArgument, "every: %v", err))
		}
	}
	w, err := winFrameOrder(op, g.f, g.timeCol, cfg.groupBy)
	if err != nil {
		return failed(err)
	}
	if offset.isIdx || offset.ev.Zero() {
		offset.isIdx = w.axis.d == nil
	}
	for _, d := range []winDuration{every, period, offset} {
		if err := w.axis.check(d); err != nil {
			return failed(wrap(op, err))
		}
	}
	if cfg.startBy >= StartByMonday && w.axis.d == nil {
		return failed(errorf(op, ErrArgument, "start_by %s needs a date or timestamp column; %s is an integer", cfg.startBy, w.axis.name))
	}
	if err := w.dynamicWindows(every, period, offset, cfg); err != nil {
		return failed(wrap(op, err))
	}
	return w.agg(op, g.f, g.timeCol, cfg.bounds, exprs)
}

// Agg computes aggregations over each row's window: a frame with one row
// per row (group after group with WithGroupBy, groups sorted by key, in
// row order within a group): the key columns, the time column, then one
// column per expression, as GroupBy.Agg. A window without rows (possible
// with WithClosed or WithOffset) aggregates as an empty group: Sum 0,
// Len 0, Mean null.
func (g *RollingGroupBy) Agg(exprs ...Expr) *Frame {
	const op = "Rolling.Agg"
	if g == nil || (g.err == nil && g.f == nil) {
		return failed(errorf(op, ErrArgument, "a RollingGroupBy not made by Frame.Rolling"))
	}
	if g.err != nil {
		return failed(g.err)
	}
	cfg := g.cfg
	period, err := parseWinDuration(cfg.period)
	if err != nil {
		return failed(wrap(op, err))
	}
	if !period.positive() {
		return failed(errorf(op, ErrArgument, "period %q is not positive", cfg.period))
	}
	if cfg.closed > ClosedNone {
		return failed(errorf(op, ErrArgument, "closed %s is not a setting", cfg.closed))
	}
	offset := period.negate()
	if cfg.offset != "" {
		if offset, err = parseWinDuration(cfg.offset); err != nil {
			return failed(wrap(op, err))
		}
	}
	w, err := winFrameOrder(op, g.f, g.timeCol, cfg.groupBy)
	if err != nil {
		return failed(err)
	}
	for _, d := range []winDuration{period, offset} {
		if err := w.axis.check(d); err != nil {
			return failed(wrap(op, err))
		}
	}
	if err := w.rollingWindows(period, offset, cfg.closed); err != nil {
		return failed(wrap(op, err))
	}
	return w.agg(op, g.f, g.timeCol, false, exprs)
}
