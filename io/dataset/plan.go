package dataset

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/structured"
)

// partCol is one partition column: its name and type.
type partCol struct {
	name string
	typ  arrow.DataType
}

// task is one file to read and the values of its partition columns.
type task struct {
	path string
	row  *formats.Format // the registry row that reads it
	raw  []segment       // one per partition column, in plan.keys order
	lits []frame.Expr    // the partition columns as constant expressions
}

// plan is what Read and Open do, decided before any file is opened: the
// files (pruned), the partition columns, the columns to read and the
// filter left to apply to the rows.
type plan struct {
	c        *config
	ops      *fileOps
	files    []task
	keys     []partCol
	readCols []string    // nil: every column
	filter   *frame.Expr // what pruning could not decide; nil: nothing
	refs     []string    // the top-level columns filter reads
	nested   bool        // filter reads a field inside a structure
}

// newPlan lists the files of src (or the list files when src is ""),
// reads their partitions and prunes them.
func newPlan(c *config, src string, list []string, isList bool) (*plan, error) {
	if c.parallel < 1 {
		return nil, fmt.Errorf("dataset: %w: WithParallelism(%d): want at least 1", ErrOption, c.parallel)
	}
	if !c.format.known() {
		return nil, fmt.Errorf("dataset: %w: unknown format %d", ErrOption, uint8(c.format))
	}
	var base string
	var files []string
	format := c.format
	if !isList {
		var err error
		if base, files, format, err = discover(src, c.format); err != nil {
			return nil, err
		}
	} else {
		if len(list) == 0 {
			return nil, fmt.Errorf("dataset: %w: an empty list of files", ErrNoFiles)
		}
		files = slices.Clone(list)
		base = commonDir(files)
		for _, p := range files {
			ff := formatOf(p)
			if format == Auto {
				format = ff
			}
			if c.format == Auto && ff != format {
				return nil, &Error{Op: "Read", Path: p, Err: fmt.Errorf("%w: a %s file among %s files (give the format with WithFormat)", ErrOption, ff, format)}
			}
		}
		if format == Auto {
			return nil, &Error{Op: "Read", Path: files[0], Err: noFormat(files[0])}
		}
	}
	if c.partBase != "" {
		base = c.partBase
	}
	p := &plan{c: c, ops: opsOf(format)}
	if err := p.partitions(base, files); err != nil {
		return nil, err
	}
	for i := range p.files {
		p.files[i].row = c.rowOf(p.files[i].path, format)
	}
	if err := p.prune(); err != nil {
		return nil, err
	}
	if p.ops == &parquetFiles {
		c.comparisons = p.rowGroupComparisons()
	}
	p.projection()
	return p, nil
}

// partitions reads the hive segments of every file's directory, types the
// partition columns and makes each file's constant columns.
func (p *plan) partitions(base string, files []string) error {
	p.files = make([]task, len(files))
	idx := map[string]int{}
	for i, f := range files {
		p.files[i].path = f
		if !p.c.hive {
			continue
		}
		segs, err := parsePartitionPath(relDir(base, f))
		if err != nil {
			return &Error{Op: "Read", Path: f, Err: err}
		}
		for _, s := range segs {
			if _, ok := idx[s.key]; !ok {
				idx[s.key] = len(p.keys)
				p.keys = append(p.keys, partCol{name: s.key})
			}
		}
		p.files[i].raw = segs
	}
	if len(p.keys) == 0 {
		return nil
	}
	// put every file's values in key order, absent keys null
	for i := range p.files {
		vals := make([]segment, len(p.keys))
		for k := range vals {
			vals[k] = segment{key: p.keys[k].name, null: true}
		}
		for _, s := range p.files[i].raw {
			vals[idx[s.key]] = s
		}
		p.files[i].raw = vals
	}
	for k := range p.keys {
		p.keys[k].typ = p.typeOf(k)
	}
	for i := range p.files {
		t := &p.files[i]
		t.lits = make([]frame.Expr, len(p.keys))
		for k, key := range p.keys {
			t.lits[k] = partLit(key, t.raw[k])
		}
	}
	return nil
}

// typeOf is the type of partition column k: given, string by option, else
// int64 when every value parses as a base-10 int64, float64 when every
// value is a decimal number (2.5, -1e3), string otherwise, as Polars infers
// numbers; a column of nulls only is string. Dates stay strings (Polars
// parses them, DuckDB too): WithPartitionTypes gives them a type.
func (p *plan) typeOf(k int) arrow.DataType {
	name := p.keys[k].name
	if dt, ok := p.c.partTypes[name]; ok {
		return dt
	}
	if p.c.partStr {
		return arrow.BinaryTypes.String
	}
	any, ints := false, true
	for _, t := range p.files {
		s := t.raw[k]
		if s.null {
			continue
		}
		any = true
		if ints {
			if _, err := strconv.ParseInt(s.value, 10, 64); err == nil {
				continue
			}
			ints = false
		}
		if _, err := strconv.ParseFloat(s.value, 64); err != nil || !isDecimal(s.value) {
			return arrow.BinaryTypes.String // 1e999 is beyond float64
		}
	}
	switch {
	case !any:
		return arrow.BinaryTypes.String
	case ints:
		return arrow.PrimitiveTypes.Int64
	}
	return arrow.PrimitiveTypes.Float64
}

// isDecimal reports whether s is a decimal number, [+-]digits[.digits][e[+-]digits]
// with a digit before or after the point: what typeOf reads as a float64
// (strconv.ParseFloat also takes "inf", "NaN", hexadecimal and
// underscores, which a directory name more likely means as text).
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// partLit is the constant column of one partition value.
func partLit(key partCol, s segment) frame.Expr {
	switch {
	case s.null:
		return frame.Lit(nil).Cast(key.typ).Alias(key.name)
	case arrow.TypeEqual(key.typ, arrow.PrimitiveTypes.Int64):
		if v, err := strconv.ParseInt(s.value, 10, 64); err == nil {
			return frame.Lit(v).Alias(key.name)
		}
		// a given type the value does not fit: valuesFrame says which
	case arrow.TypeEqual(key.typ, arrow.PrimitiveTypes.Float64):
		if v, err := strconv.ParseFloat(s.value, 64); err == nil {
			return frame.Lit(v).Alias(key.name)
		}
	case arrow.TypeEqual(key.typ, arrow.BinaryTypes.String):
		return frame.Lit(s.value).Alias(key.name)
	}
	return frame.Lit(s.value).Cast(key.typ).Alias(key.name)
}

// prune evaluates the conjuncts of the filter that read partition columns
// only on a frame of the distinct partition values (one row each), drops
// the files of the values they reject, and keeps the other conjuncts as
// the filter of the rows. It also checks that every partition value has
// its column's type.
func (p *plan) prune() error {
	var rest []frame.Expr
	var prunable []frame.Expr
	if p.c.filter != nil {
		// an aggregation is over every row: pruning would change its value
		agg := p.c.filter.Aggregates()
		for _, cj := range p.c.filter.Conjuncts() {
			if len(p.keys) > 0 && !agg && p.onlyKeys(cj) {
				prunable = append(prunable, cj)
			} else {
				rest = append(rest, cj)
			}
		}
	}
	if len(rest) > 0 {
		f := rest[0]
		for _, cj := range rest[1:] {
			f = f.And(cj)
		}
		p.filter = &f
		for _, r := range f.Columns() {
			top, _, nested := strings.Cut(r, ".")
			p.nested = p.nested || nested
			if !slices.Contains(p.refs, top) && !slices.ContainsFunc(p.keys, func(k partCol) bool { return k.name == r }) {
				p.refs = append(p.refs, top)
			}
		}
	}
	if len(p.keys) == 0 {
		return nil
	}
	// the distinct partition values, each with the first file that has it;
	// a value is keyed by its length before its bytes, so that no value
	// (a percent-decoded one may hold any byte) reads as two
	distinct := map[string]int{}
	var rows []int // file of each distinct row
	rowOf := make([]int, len(p.files))
	var b []byte
	for i, t := range p.files {
		b = b[:0]
		for _, s := range t.raw {
			if s.null {
				b = append(b, 'N')
			} else {
				b = append(b, 'V')
				b = strconv.AppendInt(b, int64(len(s.value)), 10)
				b = append(b, ':')
				b = append(b, s.value...)
			}
		}
		r, ok := distinct[string(b)]
		if !ok {
			r = len(rows)
			distinct[string(b)] = r
			rows = append(rows, i)
		}
		rowOf[i] = r
	}
	vals, err := p.valuesFrame(rows)
	if err != nil {
		return err
	}
	if len(prunable) == 0 {
		return nil
	}
	pred := prunable[0]
	for _, cj := range prunable[1:] {
		pred = pred.And(cj)
	}
	kept := vals.Filter(pred)
	if err := kept.Err(); err != nil {
		return fmt.Errorf("dataset: WithFilter on the partition columns: %w", err)
	}
	s, err := kept.Column(p.rowColumn())
	if err != nil {
		return fmt.Errorf("dataset: WithFilter: %w", err)
	}
	keep := make([]bool, len(rows))
	d, ok := s.Value().(*structured.Dense)
	if !ok {
		return fmt.Errorf("dataset: WithFilter: the row numbers are a %T", s.Value())
	}
	nums, err := d.Int64s()
	if err != nil {
		return fmt.Errorf("dataset: WithFilter: %w", err)
	}
	for _, r := range nums {
		keep[r] = true
	}
	files := p.files[:0]
	for i, t := range p.files {
		if keep[rowOf[i]] {
			files = append(files, t)
		}
	}
	p.files = files
	return nil
}

// rowColumn names the column numbering the rows of the partition
// values' frame: a name no partition key has.
func (p *plan) rowColumn() string {
	name := "__row__"
	for p.isKey(name) {
		name = "_" + name + "_"
	}
	return name
}

// valuesFrame is a frame of the partition values of the given files, one
// row each, typed as the partition columns, with the column rowColumn()
// numbering them. A value that does not parse as its column's given type
// is an error naming a file of it.
func (p *plan) valuesFrame(files []int) (*frame.Frame, error) {
	fields := make([]arrow.Field, 0, len(p.keys)+1)
	cols := make([]arrow.Array, 0, len(p.keys)+1)
	mem := memory.DefaultAllocator
	for k, key := range p.keys {
		if arrow.TypeEqual(key.typ, arrow.PrimitiveTypes.Int64) {
			bl := array.NewInt64Builder(mem)
			for _, i := range files {
				s := p.files[i].raw[k]
				if s.null {
					bl.AppendNull()
					continue
				}
				v, err := strconv.ParseInt(s.value, 10, 64)
				if err != nil {
					return nil, &Error{Op: "Read", Path: p.files[i].path, Err: fmt.Errorf("%w: partition %s=%q is not an int64", ErrPartition, key.name, s.value)}
				}
				bl.Append(v)
			}
			cols = append(cols, bl.NewArray())
		} else {
			bl := array.NewStringBuilder(mem)
			for _, i := range files {
				s := p.files[i].raw[k]
				if s.null {
					bl.AppendNull()
					continue
				}
				bl.Append(s.value)
			}
			cols = append(cols, bl.NewArray())
		}
		fields = append(fields, arrow.Field{Name: key.name, Type: cols[k].DataType(), Nullable: true})
	}
	rb := array.NewInt64Builder(mem)
	for r := range files {
		rb.Append(int64(r))
	}
	cols = append(cols, rb.NewArray())
	fields = append(fields, arrow.Field{Name: p.rowColumn(), Type: arrow.PrimitiveTypes.Int64})
	rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(len(files)))
	f := frame.FromRecordBatch(rec)
	var casts []frame.Expr
	for _, key := range p.keys {
		if !arrow.TypeEqual(key.typ, arrow.PrimitiveTypes.Int64) && !arrow.TypeEqual(key.typ, arrow.BinaryTypes.String) {
			casts = append(casts, frame.Col(key.name).Cast(key.typ))
		}
	}
	if len(casts) > 0 {
		f0 := f
		f = f.WithColumns(casts...)
		if err := f.Err(); err != nil {
			// name a file of the first value that does not parse
			for r, i := range files {
				if e := f0.Slice(r, r+1).WithColumns(casts...).Err(); e != nil {
					return nil, &Error{Op: "Read", Path: p.files[i].path, Err: fmt.Errorf("%w: %w", ErrPartition, e)}
				}
			}
			return nil, fmt.Errorf("dataset: %w: %w", ErrPartition, err)
		}
	}
	return f, nil
}

// onlyKeys reports whether e reads partition columns only (and at least
// one), without aggregating: then its value is one per partition.
func (p *plan) onlyKeys(e frame.Expr) bool {
	cols := e.Columns()
	if len(cols) == 0 || e.Aggregates() {
		return false
	}
	for _, c := range cols {
		if !slices.ContainsFunc(p.keys, func(k partCol) bool { return k.name == c }) {
			return false
		}
	}
	return true
}

// isKey reports whether name is a partition column.
func (p *plan) isKey(name string) bool {
	return slices.ContainsFunc(p.keys, func(k partCol) bool { return k.name == name })
}

// projection decides the columns read from the files: those WithColumns
// names that are not partition columns, and the columns the filter reads.
func (p *plan) projection() {
	if p.c.columns == nil {
		return
	}
	cols := []string{}
	tops := map[string]bool{}
	for _, c := range p.c.columns {
		if p.isKey(c) {
			continue
		}
		cols = append(cols, c)
		top, _, _ := strings.Cut(c, ".")
		tops[top], tops[c] = true, true
	}
	for _, r := range p.refs {
		if !tops[r] && !p.isKey(r) {
			cols = append(cols, r)
			tops[r] = true
		}
	}
	p.readCols = cols
}
