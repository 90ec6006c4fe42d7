package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// A production makes an expression of one type. In its template $X is a
// sub-expression of type X (I int, F float, N int or float, S string,
// B bool, D date, T timestamp, L list of ints, LS list of strings) and #x
// a literal (#str, #pat, #chars, #pos, #int, #date, #ts).
type production struct {
	area     string
	typ      string
	template string
}

// productions is the grammar: DuckDB's functions and operators as a user
// who knows SQL writes them.
var productions = []production{
	// arithmetic
	{"arith", "N", "($N + $N)"}, {"arith", "N", "($N - $N)"}, {"arith", "N", "($N * $N)"},
	{"arith", "N", "(-$N)"}, {"arith", "F", "($N / j)"}, {"arith", "I", "($I % j)"},
	{"arith", "I", "($I // j)"},
	// comparison and logic
	{"compare", "B", "($I < $I)"}, {"compare", "B", "($F >= $N)"}, {"compare", "B", "($S = $S)"},
	{"compare", "B", "($S < $S)"}, {"compare", "B", "($I <> $I)"}, {"compare", "B", "($D = $D)"},
	{"logic", "B", "($B AND $B)"}, {"logic", "B", "($B OR $B)"}, {"logic", "B", "(NOT $B)"},
	{"logic", "B", "($I IS NULL)"}, {"logic", "B", "($S IS NOT NULL)"},
	// strings
	{"string", "S", "upper($S)"}, {"string", "S", "lower($S)"}, {"string", "S", "trim($S)"},
	{"string", "S", "ltrim($S)"}, {"string", "S", "rtrim($S)"}, {"string", "S", "trim($S, #chars)"},
	{"string", "S", "lpad($S, #pos, '*')"}, {"string", "S", "rpad($S, #pos, '-')"},
	{"string", "S", "substr($S, #pos, #pos)"}, {"string", "S", "substring($S, #pos)"},
	{"string", "S", "replace($S, #str, #str)"}, {"string", "S", "concat($S, $S)"},
	{"string", "S", "concat_ws('-', $S, $S)"}, {"string", "S", "reverse($S)"},
	{"string", "S", "left($S, #pos)"}, {"string", "S", "right($S, #pos)"}, {"string", "S", "($S || $S)"},
	{"string", "S", "regexp_extract($S, #pat)"}, {"string", "S", "regexp_extract($S, #pat, 0)"},
	{"string", "S", "regexp_replace($S, #pat, 'X')"}, {"string", "S", "regexp_replace($S, #pat, '<\\0>', 'g')"},
	{"string", "I", "length($S)"}, {"string", "I", "strlen($S)"}, {"string", "I", "strpos($S, #str)"},
	{"string", "B", "contains($S, #str)"}, {"string", "B", "starts_with($S, #str)"},
	{"string", "B", "ends_with($S, #str)"}, {"string", "B", "regexp_matches($S, #pat)"},
	{"string", "LS", "string_split($S, ' ')"}, {"string", "LS", "regexp_extract_all($S, #pat)"},
	// dates and times
	{"temporal", "I", "year($D)"}, {"temporal", "I", "year($T)"}, {"temporal", "I", "month($D)"},
	{"temporal", "I", "day($T)"}, {"temporal", "I", "quarter($D)"}, {"temporal", "I", "dayofweek($D)"},
	{"temporal", "I", "isodow($T)"}, {"temporal", "I", "dayofyear($D)"}, {"temporal", "I", "week($D)"},
	{"temporal", "I", "hour($T)"}, {"temporal", "I", "minute($T)"}, {"temporal", "I", "second($T)"},
	{"temporal", "I", "date_part('year', $D)"}, {"temporal", "F", "epoch($T)"},
	{"temporal", "S", "strftime($D, '%Y/%m/%d')"}, {"temporal", "S", "strftime($T, '%Y-%m-%d %H:%M')"},
	{"temporal", "T", "date_trunc('month', $T)"}, {"temporal", "T", "date_trunc('hour', $T)"},
	{"temporal", "T", "($T + INTERVAL 2 HOUR)"}, {"temporal", "B", "($D > #date)"},
	{"temporal", "B", "($T <= #ts)"}, {"temporal", "B", "($D > '2022-06-01')"},
	{"temporal", "D", "CAST($T AS DATE)"},
	// maths
	{"math", "N", "abs($N)"}, {"math", "I", "sign($N)"}, {"math", "F", "round($F, 1)"},
	{"math", "F", "round($F)"}, {"math", "F", "floor($F)"}, {"math", "F", "ceil($F)"},
	{"math", "F", "sqrt(abs($N))"}, {"math", "F", "pow($N, 2)"}, {"math", "F", "ln(abs($N) + 1)"},
	{"math", "F", "log10(abs($N) + 1)"}, {"math", "F", "exp($N / 100)"},
	{"math", "N", "greatest($N, $N)"}, {"math", "N", "least($N, $N)"},
	// conditionals
	{"cond", "I", "coalesce($I, $I)"}, {"cond", "S", "coalesce($S, $S)"}, {"cond", "F", "if($B, $F, $F)"},
	{"cond", "S", "CASE WHEN $B THEN $S ELSE $S END"}, {"cond", "I", "CASE WHEN $B THEN $I END"},
	{"cond", "B", "($I BETWEEN #int AND #int)"}, {"cond", "B", "($I NOT BETWEEN #int AND #int)"},
	{"cond", "B", "($I IN (1, 2, 3))"}, {"cond", "B", "($S IN ('apple', 'carrot'))"},
	// casts
	{"cast", "S", "CAST($I AS VARCHAR)"}, {"cast", "S", "$F::VARCHAR"}, {"cast", "I", "TRY_CAST($S AS INTEGER)"},
	{"cast", "I", "CAST($F AS BIGINT)"}, {"cast", "F", "CAST($I AS DOUBLE)"}, {"cast", "D", "TRY_CAST($S AS DATE)"},
	// lists
	{"list", "I", "len($L)"}, {"list", "I", "list_extract($L, #pos)"}, {"list", "I", "$L[#pos]"},
	{"list", "L", "list_slice($L, 1, 2)"}, {"list", "L", "list_sort($L)"},
	{"list", "L", "list_sort(list_distinct($L))"}, {"list", "L", "list_transform($L, x -> x * 2)"},
	{"list", "L", "list_filter($L, x -> x > 0)"}, {"list", "L", "list_reverse($L)"},
	{"list", "B", "list_contains($L, #int)"}, {"list", "S", "array_to_string($LS, ',')"},
	{"list", "LS", "list_transform($LS, x -> upper(x))"},
}

// aggregations are evaluated over the whole table: one value.
var aggregations = []production{
	{"agg", "I", "sum($I)"}, {"agg", "F", "avg($F)"}, {"agg", "I", "min($I)"}, {"agg", "F", "max($F)"},
	{"agg", "I", "count(*)"}, {"agg", "I", "count($S)"}, {"agg", "I", "count(DISTINCT $S)"},
	{"agg", "D", "min($D)"}, {"agg", "S", "max($S)"}, {"agg", "T", "min($T)"},
	{"agg", "S", "string_agg($S, ',')"}, {"agg", "I", "arg_min(_row, $F)"}, {"agg", "S", "arg_max(c, $I)"},
	{"agg", "L", "list($I)"}, {"agg", "F", "sum($F)"},
	// statistics
	{"stats", "F", "median($N)"}, {"stats", "F", "quantile_cont($N, 0.25)"}, {"stats", "I", "quantile_disc($I, 0.75)"},
	{"stats", "S", "quantile_disc($S, 0.4)"}, {"stats", "D", "quantile_disc($D, 0.5)"}, {"stats", "T", "median($D)"},
	{"stats", "F", "var_samp($N)"}, {"stats", "F", "var_pop($N)"}, {"stats", "F", "stddev_pop($N)"},
	{"stats", "F", "stddev_samp($N)"}, {"stats", "F", "skewness($N)"}, {"stats", "F", "kurtosis($N)"},
	{"stats", "F", "kurtosis_pop($N)"}, {"stats", "I", "mode($I)"}, {"stats", "S", "mode($S)"},
	{"stats", "F", "product($N)"}, {"stats", "F", "corr($N, $N)"}, {"stats", "F", "covar_samp($N, $N)"},
	{"stats", "F", "covar_pop($N, $N)"}, {"stats", "F", "entropy($I)"}, {"stats", "I", "argmin(i, $F)"},
	// (approx_count_distinct is left out: two HyperLogLog sketches of other
	// hashes agree only within their error)
}

// windows are window functions, DuckDB's, evaluated over the whole table
// and read back in _row order: #part is a PARTITION BY (or none), #tot an
// ORDER BY that orders every partition totally (ending in _row: what
// row_number, ntile, lag, lead, first_value, last_value and ROWS frames
// need to be deterministic), #ties one that leaves ties (whose peers rank,
// and aggregate, together), #frame a frame clause.
var windows = []production{
	{"window", "I", "row_number() OVER (#part #tot)"}, {"window", "I", "rank() OVER (#part #ties)"},
	{"window", "I", "dense_rank() OVER (#part #ties)"}, {"window", "F", "percent_rank() OVER (#part #ties)"},
	{"window", "F", "cume_dist() OVER (#part #ties)"}, {"window", "I", "ntile(#pos) OVER (#part #tot)"},
	{"window", "I", "lag($I) OVER (#part #tot)"}, {"window", "I", "lead($I, #pos) OVER (#part #tot)"},
	{"window", "I", "lag($I, #pos, 0) OVER (#part #tot)"}, {"window", "S", "lead($S) OVER (#part #tot)"},
	{"window", "D", "lag($D) OVER (#part #tot)"}, {"window", "F", "lag($F, -1) OVER (#part #tot)"},
	{"window", "I", "first_value($I) OVER (#part #tot)"}, {"window", "S", "last_value($S) OVER (#part #tot)"},
	{"window", "F", "last_value($F) OVER (#part #tot #frame)"},
	{"window", "I", "sum($I) OVER (#part #ties)"}, {"window", "F", "avg($F) OVER (#part #ties)"},
	{"window", "I", "min($I) OVER (#part #ties)"}, {"window", "F", "max($F) OVER (#part #ties)"},
	{"window", "S", "max($S) OVER (#part #ties)"}, {"window", "D", "min($D) OVER (#part #ties)"},
	{"window", "I", "count($S) OVER (#part #ties)"}, {"window", "I", "count(*) OVER (#part #ties)"},
	{"window", "I", "sum($I) OVER (#part #tot #frame)"}, {"window", "F", "avg($F) OVER (#part #tot #frame)"},
	{"window", "I", "max($I) OVER (#part #tot #frame)"}, {"window", "I", "count($F) OVER (#part #tot #frame)"},
	{"window", "F", "($F - avg($F) OVER (#part))"}, {"window", "I", "(row_number() OVER (#part #tot) + $I)"},
	{"window", "S", "string_agg($S, ',') OVER (#part)"},
}

var (
	partitions = []string{"", "PARTITION BY j", "PARTITION BY b", "PARTITION BY j, b", "PARTITION BY i % 3", "PARTITION BY c", "PARTITION BY year(d)", "PARTITION BY s IS NULL, j"}
	totals     = []string{"ORDER BY _row", "ORDER BY j, _row", "ORDER BY f DESC, _row", "ORDER BY i NULLS FIRST, _row", "ORDER BY s DESC NULLS LAST, _row DESC"}
	ties       = []string{"", "ORDER BY j", "ORDER BY b DESC", "ORDER BY i NULLS FIRST", "ORDER BY c", "ORDER BY j DESC, b", "ORDER BY month(d)", "ORDER BY s DESC NULLS FIRST"}
	frames     = []string{
		"ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW", "ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING",
		"RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING", "ROWS UNBOUNDED PRECEDING",
		"RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING", "ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING",
		"ROWS BETWEEN 1 PRECEDING AND CURRENT ROW",
	}
)

// columns are the table's columns by type.
var columns = map[string][]string{
	"I": {"i", "j"}, "F": {"f"}, "S": {"s", "c"}, "B": {"b"}, "D": {"d"}, "T": {"t"}, "L": {"l"}, "LS": {"ls"},
}

var (
	strLits   = []string{"a", "an", "e", "Ü", "", " ", "carrot", "City1", "日本", "_"}
	patLits   = []string{"[0-9]+", "^c", "a.", "(^| )carrot( |$)", "_[0-9]+$", "[aeiou]{2}", "\\s+", "ä|ü", "(\\w+) (\\w+)"}
	charsLits = []string{" ", "a ", " x", "*"}
)

type generator struct {
	rng *rand.Rand
}

// expression makes one expression: an aggregation one time in eight, a
// window function one time in four.
func (g *generator) expression() expression {
	if g.rng.IntN(8) == 0 {
		p := aggregations[g.rng.IntN(len(aggregations))]
		return expression{text: g.fill(p.template, 1), agg: true, area: p.area}
	}
	if g.rng.IntN(4) == 0 {
		p := windows[g.rng.IntN(len(windows))]
		return expression{text: g.fill(p.template, 1), area: p.area}
	}
	p := productions[g.rng.IntN(len(productions))]
	return expression{text: g.fill(p.template, 2), area: p.area}
}

// of makes an expression of type typ, at most depth functions deep.
func (g *generator) of(typ string, depth int) string {
	if typ == "N" {
		typ = []string{"I", "F"}[g.rng.IntN(2)]
	}
	if depth <= 0 || g.rng.IntN(3) == 0 {
		return g.terminal(typ)
	}
	var fit []production
	for _, p := range productions {
		if p.typ == typ || p.typ == "N" && (typ == "I" || typ == "F") {
			fit = append(fit, p)
		}
	}
	if len(fit) == 0 {
		return g.terminal(typ)
	}
	return g.fill(fit[g.rng.IntN(len(fit))].template, depth-1)
}

// terminal is a column of type typ, or now and then a literal.
func (g *generator) terminal(typ string) string {
	if g.rng.IntN(5) == 0 {
		switch typ {
		case "I":
			return signed(fmt.Sprint(g.rng.IntN(21) - 5))
		case "F":
			return signed(fmt.Sprintf("%.2f", float64(g.rng.IntN(400)-200)/8))
		case "S":
			return sqlString(strLits[g.rng.IntN(len(strLits))])
		}
	}
	cols := columns[typ]
	return cols[g.rng.IntN(len(cols))]
}

// fill replaces the placeholders of a template.
func (g *generator) fill(t string, depth int) string {
	var b strings.Builder
	for i := 0; i < len(t); {
		c := t[i]
		if c != '$' && c != '#' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(t) && (t[j] >= 'a' && t[j] <= 'z' || t[j] >= 'A' && t[j] <= 'Z') {
			j++
		}
		name := t[i+1 : j]
		if c == '$' {
			b.WriteString(g.of(name, depth))
		} else {
			b.WriteString(g.literal(name))
		}
		i = j
	}
	return b.String()
}

func (g *generator) literal(kind string) string {
	switch kind {
	case "str":
		return sqlString(strLits[g.rng.IntN(len(strLits))])
	case "pat":
		return sqlString(patLits[g.rng.IntN(len(patLits))])
	case "chars":
		return sqlString(charsLits[g.rng.IntN(len(charsLits))])
	case "pos":
		return fmt.Sprint(g.rng.IntN(5) + 1)
	case "int":
		return signed(fmt.Sprint(g.rng.IntN(21) - 5))
	case "date":
		return fmt.Sprintf("DATE '%d-%02d-%02d'", 2019+g.rng.IntN(7), 1+g.rng.IntN(12), 1+g.rng.IntN(28))
	case "part":
		return partitions[g.rng.IntN(len(partitions))]
	case "tot":
		return totals[g.rng.IntN(len(totals))]
	case "ties":
		return ties[g.rng.IntN(len(ties))]
	case "frame":
		return frames[g.rng.IntN(len(frames))]
	case "ts":
		return fmt.Sprintf("TIMESTAMP '%d-%02d-%02d %02d:%02d:00'", 2019+g.rng.IntN(7), 1+g.rng.IntN(12), 1+g.rng.IntN(28), g.rng.IntN(24), g.rng.IntN(60))
	}
	panic("duckcheck: unknown literal kind " + kind)
}

// sqlString quotes s as a SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// signed puts a negative number in parentheses: "-" before it would make
// "--", which starts a comment in SQL.
func signed(num string) string {
	if strings.HasPrefix(num, "-") {
		return "(" + num + ")"
	}
	return num
}
