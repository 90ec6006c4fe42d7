// Command duckcheck checks the text form of structframe's expressions
// (frame.ParseExpr) against DuckDB on the same data. It writes a table of
// generated columns (integers, floats, strings with non-ASCII text, bools,
// dates, timestamps, lists; with nulls) to Parquet, generates random
// expressions over it from a grammar of DuckDB functions, has DuckDB
// evaluate each one (duckdb_eval.js, through the peer harness's
// node_modules) and evaluates them itself, then prints the agreement rate
// and every difference.
//
//	go run ./bench/duckcheck -n 400 -seed 1
//
// An expression agrees when both sides give equal values on every row
// (numbers within 1e-9 relative; timestamps compared as instants), or
// when both refuse it.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/structframe/structframe/frame"
	sfjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

func main() {
	n := flag.Int("n", 400, "random expressions to check")
	seed := flag.Uint64("seed", 1, "seed of the data and the expressions")
	rows := flag.Int("rows", 120, "rows of the generated table")
	nodeModules := flag.String("node-modules", "", "node_modules holding @duckdb/node-api (default: ../shared/bench/node/node_modules from the repository root)")
	verbose := flag.Bool("v", false, "print every expression and its verdict")
	keep := flag.String("keep", "", "keep the data and the expressions in this directory")
	flag.Parse()
	if err := run(*n, *seed, *rows, *nodeModules, *keep, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "duckcheck:", err)
		os.Exit(1)
	}
}

// expression is one generated expression: a row-wise one, or an
// aggregation (one value over the table).
type expression struct {
	text string
	agg  bool
	area string // the family of its outermost function, for the report
}

func run(n int, seed uint64, rows int, nodeModules, keep string, verbose bool) error {
	dir := keep
	if dir == "" {
		d, err := os.MkdirTemp("", "duckcheck")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	f, err := makeTable(rng, rows)
	if err != nil {
		return err
	}
	data := filepath.Join(dir, "data.parquet")
	if err := parquet.WriteFile(data, f); err != nil {
		return err
	}
	g := &generator{rng: rng}
	exprs := make([]expression, n)
	var list bytes.Buffer
	for i := range exprs {
		exprs[i] = g.expression()
		kind := "R"
		if exprs[i].agg {
			kind = "A"
		}
		fmt.Fprintf(&list, "%s\t%s\n", kind, exprs[i].text)
	}
	exprsPath := filepath.Join(dir, "exprs.txt")
	if err := os.WriteFile(exprsPath, list.Bytes(), 0o644); err != nil {
		return err
	}
	duck, err := runDuckDB(data, exprsPath, nodeModules)
	if err != nil {
		return err
	}
	agree := 0
	byArea := map[string][2]int{}
	var diffs []string
	for i, e := range exprs {
		ours, oursErr := evalOurs(f, e)
		d := duck[i]
		ok, why := verdict(ours, oursErr, d)
		c := byArea[e.area]
		c[1]++
		if ok {
			agree++
			c[0]++
		} else {
			diffs = append(diffs, fmt.Sprintf("%-8s %s\n         %s", e.area, e.text, why))
		}
		byArea[e.area] = c
		if verbose {
			fmt.Printf("%v\t%s\t%s\n", ok, e.text, why)
		}
	}
	for _, d := range diffs {
		fmt.Println(d)
	}
	areas := make([]string, 0, len(byArea))
	for a := range byArea {
		areas = append(areas, a)
	}
	sort.Strings(areas)
	fmt.Printf("\nagreement with DuckDB: %d of %d expressions (%.1f %%), seed %d, %d rows\n", agree, n, 100*float64(agree)/float64(n), seed, rows)
	for _, a := range areas {
		c := byArea[a]
		fmt.Printf("  %-10s %4d of %4d\n", a, c[0], c[1])
	}
	return nil
}

// duckResult is DuckDB's answer to one expression.
type duckResult struct {
	I    int               `json:"i"`
	Rows []json.RawMessage `json:"rows"`
	Err  string            `json:"err"`
}

// runDuckDB evaluates the expressions with duckdb_eval.js.
func runDuckDB(data, exprs, nodeModules string) ([]duckResult, error) {
	_, self, _, _ := runtime.Caller(0)
	here := filepath.Dir(self)
	if nodeModules == "" {
		nodeModules = filepath.Join(here, "..", "..", "..", "shared", "bench", "node", "node_modules")
	}
	cmd := exec.Command("node", filepath.Join(here, "duckdb_eval.js"), data, exprs)
	cmd.Env = append(os.Environ(), "NODE_PATH="+nodeModules)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("duckdb_eval.js: %w", err)
	}
	var res []duckResult
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var r duckResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("duckdb_eval.js output: %w", err)
		}
		res = append(res, r)
	}
	return res, sc.Err()
}

// evalOurs evaluates one expression with ParseExpr and returns its values
// as JSON, one per row (one in all for an aggregation).
func evalOurs(f *frame.Frame, e expression) ([]json.RawMessage, error) {
	x, err := frame.ParseExpr(e.text)
	if err != nil {
		return nil, err
	}
	// A row-wise expression gives a value on every row, a constant too (as
	// SQL's SELECT ... FROM t); an aggregation one value.
	out := f.WithColumns(x.Alias("r")).Select("r")
	if e.agg {
		out = f.SelectExprs(x.Alias("r"))
	}
	if err := out.Err(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := sfjson.Write(&buf, out, sfjson.WithFormat(sfjson.NDJSON)); err != nil {
		return nil, err
	}
	var vals []json.RawMessage
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var row map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			return nil, err
		}
		v, ok := row["r"]
		if !ok {
			v = json.RawMessage("null")
		}
		vals = append(vals, v)
	}
	return vals, sc.Err()
}

// verdict compares the two answers.
func verdict(ours []json.RawMessage, oursErr error, d duckResult) (bool, string) {
	switch {
	case oursErr != nil && d.Err != "":
		return true, "both refuse"
	case oursErr != nil:
		return false, "ours refuses: " + clip(oursErr.Error())
	case d.Err != "":
		return false, "DuckDB refuses: " + clip(d.Err) + "; ours gives " + clip(string(ours[0]))
	case len(ours) != len(d.Rows):
		return false, fmt.Sprintf("ours has %d rows, DuckDB %d", len(ours), len(d.Rows))
	}
	for i := range ours {
		if !sameJSON(ours[i], d.Rows[i]) {
			return false, fmt.Sprintf("row %d: ours %s, DuckDB %s", i, clip(string(ours[i])), clip(string(d.Rows[i])))
		}
	}
	return true, "equal"
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

// sameJSON compares two JSON values: numbers within 1e-9 relative, strings
// that are timestamps as instants, the rest exactly.
func sameJSON(a, b json.RawMessage) bool {
	if len(b) == 0 {
		b = json.RawMessage("null")
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case nil:
		return y == nil
	case float64:
		yv, ok := y.(float64)
		if !ok {
			return false
		}
		d := x - yv
		if d < 0 {
			d = -d
		}
		return d <= 1e-9*max(1, abs(x), abs(yv))
	case string:
		yv, ok := y.(string)
		if !ok {
			return false
		}
		return x == yv || normTime(x) == normTime(yv)
	case bool:
		yv, ok := y.(bool)
		return ok && x == yv
	case []any:
		yv, ok := y.([]any)
		if !ok || len(x) != len(yv) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], yv[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		yv, ok := y.(map[string]any)
		if !ok || len(x) != len(yv) {
			return false
		}
		for k, v := range x {
			if !sameValue(v, yv[k]) {
				return false
			}
		}
		return true
	}
	return false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// normTime writes an ISO timestamp as DuckDB prints one: a space for the
// "T", no "Z" or "+00" for UTC, no fractional zeros.
func normTime(s string) string {
	if len(s) < 19 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ') {
		return s
	}
	s = s[:10] + " " + s[11:]
	for _, z := range []string{"Z", "+00:00", "+00"} {
		s = strings.TrimSuffix(s, z)
	}
	if i := strings.IndexByte(s, '.'); i > 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}
