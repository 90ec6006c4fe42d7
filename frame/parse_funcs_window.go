package frame

import (
	"strconv"
	"strings"
)

// parseFuncsWindow registers the window functions of the text form, with
// DuckDB's names and semantics; each needs OVER (...) after it:
//
//	row_number()              the row's position in its partition, from 1
//	rank(), dense_rank()      1 + the rows before the row's peers (rows equal
//	                          on every ORDER BY key); dense: 1 + the runs of
//	                          peers before
//	percent_rank()            (rank - 1) / (partition rows - 1), 0 for one row
//	cume_dist()               the rows up to the row's last peer / partition rows
//	ntile(n)                  the bucket, 1 to n, of n near-equal buckets, the
//	                          larger first
//	lag(x[, n[, default]])    x n rows (1 by default) before, default (null) when
//	lead(x[, n[, default]])   there is none; lead looks after; a negative n turns
//	                          lag into lead
//	first_value(x), last_value(x)   x on the first or last row of the frame
//
// and every aggregate (sum, avg, min, max, count, count(*), stddev, first,
// last, list, string_agg, ...) becomes one with OVER:
//
//	expr OVER ([PARTITION BY e, ...] [ORDER BY e [ASC|DESC] [NULLS FIRST|LAST], ...]
//	           [ROWS|RANGE BETWEEN start AND end])
//
// A partition is the rows equal on the PARTITION BY values (all rows
// without it), in the ORDER BY order (row order without it; nulls last
// unless NULLS FIRST). The frame an aggregate, first_value and last_value
// see is, as DuckDB's, the whole partition without ORDER BY and, with it,
// the rows from the partition's first to the current row's last peer
// (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW: ties are summed
// together). A frame clause takes UNBOUNDED PRECEDING, n PRECEDING,
// CURRENT ROW, n FOLLOWING and UNBOUNDED FOLLOWING; RANGE takes no n.
// Over a frame other than the whole partition, the aggregates are sum,
// avg, min, max, count, count(*), first, last (and stddev over ROWS
// offsets). A window function is a value per row: it may be used in a
// larger expression (row_number() OVER (ORDER BY id) + 1) and, unlike
// DuckDB, which refuses it in WHERE (its QUALIFY filters), in a filter.
func parseFuncsWindow(funcs map[string]parseFunc) {
	only := func(min, max int) parseFunc {
		return parseFunc{min, max, func(p *parser, name token, _ []parseArg) (Expr, error) {
			return Expr{}, p.errAt(name.pos, "%s is a window function: write %s(...) OVER ([PARTITION BY ...] [ORDER BY ...])", name.text, strings.ToLower(name.text))
		}}
	}
	for name, f := range map[string]parseFunc{
		"row_number":   only(0, 0),
		"rank":         only(0, 0),
		"dense_rank":   only(0, 0),
		"percent_rank": only(0, 0),
		"cume_dist":    only(0, 0),
		"ntile":        only(1, 1),
		"lag":          only(1, 3),
		"lead":         only(1, 3),
		"first_value":  only(1, 1),
		"last_value":   only(1, 1),
	} {
		funcs[name] = f
	}
}

// sqlWindowOnly are the functions that are window functions only.
var sqlWindowOnly = map[string]bool{
	"row_number": true, "rank": true, "dense_rank": true, "percent_rank": true, "cume_dist": true,
	"ntile": true, "lag": true, "lead": true, "first_value": true, "last_value": true,
}

// parseWindowCall reads OVER (...) after a call whose arguments have
// been read: key is the function's table name (lower case, "count
// distinct" for count(DISTINCT x), "count_star" for count(*)), fn its
// entry. The current token is OVER.
func (p *parser) parseWindowCall(name token, key string, fn parseFunc, args []parseArg) (Expr, error) {
	w := exprSQLWindow{fn: key}
	for _, a := range args {
		w.args = append(w.args, a.e)
	}
	switch {
	case sqlWindowOnly[key]:
		if key == "first_value" {
			w.agg = args[0].e.First()
		} else if key == "last_value" {
			w.agg = args[0].e.Last()
		}
	case key == "count_star":
		w.agg = Len()
	default:
		agg, err := fn.build(p, name, args)
		if err != nil {
			return Expr{}, err
		}
		if agg.n == nil || !agg.n.hasAgg() {
			return Expr{}, p.errAt(name.pos, "%s is not an aggregate or window function: OVER follows one", name.text)
		}
		w.agg = agg
	}
	if err := p.next(); err != nil { // OVER
		return Expr{}, err
	}
	if !p.isOp("(") {
		return Expr{}, p.errAt(p.tok.pos, "want ( after OVER, got %s (named windows are not supported)", p.tok)
	}
	open := p.tok.pos
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	if p.isKeyword("partition") {
		if err := p.windowBy("partition"); err != nil {
			return Expr{}, err
		}
		for {
			e, err := p.parseOr()
			if err != nil {
				return Expr{}, err
			}
			w.partition = append(w.partition, e)
			if !p.isOp(",") {
				break
			}
			if err := p.next(); err != nil {
				return Expr{}, err
			}
		}
	}
	if p.isKeyword("order") {
		if err := p.windowBy("order"); err != nil {
			return Expr{}, err
		}
		for {
			k, err := p.windowOrderKey()
			if err != nil {
				return Expr{}, err
			}
			w.order = append(w.order, k)
			if !p.isOp(",") {
				break
			}
			if err := p.next(); err != nil {
				return Expr{}, err
			}
		}
	}
	if p.isKeyword("rows") || p.isKeyword("range") || p.isKeyword("groups") {
		f, err := p.windowFrame()
		if err != nil {
			return Expr{}, err
		}
		w.frame = f
	}
	if !p.isOp(")") {
		return Expr{}, p.errAt(p.tok.pos, "want PARTITION BY, ORDER BY, a frame or ) to close the OVER ( at offset %d, got %s", open, p.tok)
	}
	if err := p.next(); err != nil {
		return Expr{}, err
	}
	return p.mark(Expr{n: w}, name.pos), nil
}

// windowBy consumes "kw BY".
func (p *parser) windowBy(kw string) error {
	if err := p.next(); err != nil {
		return err
	}
	if !p.isKeyword("by") {
		return p.errAt(p.tok.pos, "want BY after %s, got %s", strings.ToUpper(kw), p.tok)
	}
	return p.next()
}

// windowOrderKey reads one ORDER BY key: expr [ASC|DESC] [NULLS FIRST|LAST].
func (p *parser) windowOrderKey() (SortKey, error) {
	e, err := p.parseOr()
	if err != nil {
		return SortKey{}, err
	}
	k := By(e)
	if p.isKeyword("asc") || p.isKeyword("desc") {
		if p.isKeyword("desc") {
			k = k.Desc()
		}
		if err := p.next(); err != nil {
			return SortKey{}, err
		}
	}
	if p.isKeyword("nulls") {
		if err := p.next(); err != nil {
			return SortKey{}, err
		}
		switch {
		case p.isKeyword("first"):
			k = k.NullsFirst()
		case p.isKeyword("last"):
			k = k.NullsLast()
		default:
			return SortKey{}, p.errAt(p.tok.pos, "want FIRST or LAST after NULLS, got %s", p.tok)
		}
		if err := p.next(); err != nil {
			return SortKey{}, err
		}
	}
	return k, nil
}

// windowFrame reads ROWS|RANGE BETWEEN start AND end, or ROWS|RANGE start
// (to the current row).
func (p *parser) windowFrame() (sqlFrame, error) {
	if p.isKeyword("groups") {
		return sqlFrame{}, p.errAt(p.tok.pos, "GROUPS frames are not supported (use ROWS or RANGE)")
	}
	f := sqlFrame{set: true, rows: p.isKeyword("rows")}
	if err := p.next(); err != nil {
		return f, err
	}
	if !p.isKeyword("between") {
		b, err := p.windowBound()
		if err != nil {
			return f, err
		}
		f.start, f.end = b, sqlBound{kind: sqlCurrentRow}
		return f, nil
	}
	if err := p.next(); err != nil {
		return f, err
	}
	var err error
	if f.start, err = p.windowBound(); err != nil {
		return f, err
	}
	if !p.isKeyword("and") {
		return f, p.errAt(p.tok.pos, "want AND between the frame's bounds, got %s", p.tok)
	}
	if err := p.next(); err != nil {
		return f, err
	}
	if f.end, err = p.windowBound(); err != nil {
		return f, err
	}
	if p.isKeyword("exclude") {
		return f, p.errAt(p.tok.pos, "EXCLUDE in a frame is not supported")
	}
	return f, nil
}

// windowBound reads UNBOUNDED PRECEDING|FOLLOWING, CURRENT ROW or
// n PRECEDING|FOLLOWING.
func (p *parser) windowBound() (sqlBound, error) {
	start := p.tok.pos
	var b sqlBound
	switch {
	case p.isKeyword("unbounded"):
		if err := p.next(); err != nil {
			return b, err
		}
		switch {
		case p.isKeyword("preceding"):
			b.kind = sqlUnboundedPreceding
		case p.isKeyword("following"):
			b.kind = sqlUnboundedFollowing
		default:
			return b, p.errAt(p.tok.pos, "want PRECEDING or FOLLOWING after UNBOUNDED, got %s", p.tok)
		}
	case p.isKeyword("current"):
		if err := p.next(); err != nil {
			return b, err
		}
		if !p.isKeyword("row") {
			return b, p.errAt(p.tok.pos, "want ROW after CURRENT, got %s", p.tok)
		}
		b.kind = sqlCurrentRow
	case p.tok.kind == tokInt:
		n, err := strconv.ParseInt(p.tok.text, 10, 32)
		if err != nil {
			return b, p.errAt(p.tok.pos, "frame offset %s is too large", p.tok.raw)
		}
		b.n = int(n)
		if err := p.next(); err != nil {
			return b, err
		}
		switch {
		case p.isKeyword("preceding"):
			b.kind = sqlPreceding
		case p.isKeyword("following"):
			b.kind = sqlFollowing
		default:
			return b, p.errAt(p.tok.pos, "want PRECEDING or FOLLOWING after the offset, got %s", p.tok)
		}
	default:
		return b, p.errAt(start, "want UNBOUNDED PRECEDING, n PRECEDING, CURRENT ROW, n FOLLOWING or UNBOUNDED FOLLOWING, got %s", p.tok)
	}
	return b, p.next()
}
