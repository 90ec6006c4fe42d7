package main

import (
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// A describe read batch by batch gives the table frame.Frame.Describe
// gives of the whole input, its statistics merged over the batches:
//
//   - exact: path, type, count, null_count, min, max and the list
//     statistics (len_min, len_mean, len_max, share_empty, share_null:
//     integer counts added up), and n_unique, counted over 64-bit hashes
//     of the values (two distinct values share a hash with odds below one
//     in ten million at the cap), up to maxUnique distinct values per
//     path; past it n_unique is null and a note on standard error says
//     so, as counting them would hold them all in memory;
//   - mean and std are merged from each batch's count, mean and std
//     (Chan, Golub and LeVeque's pairwise update), equal to a whole read's
//     up to floating-point rounding (the last digits); with one batch they
//     are that batch's, bit for bit.

// maxUnique is the most distinct values per path n_unique counts when
// streaming: about 20 MB of hashes per path at most.
const maxUnique = 1 << 20

// describeColumns are the columns of frame.Frame.Describe, in order.
var describeColumns = []string{"path", "type", "count", "null_count", "n_unique", "mean", "std", "min", "max",
	"len_min", "len_mean", "len_max", "share_empty", "share_null"}

// descPath accumulates the statistics of one path over the batches.
type descPath struct {
	path, typ    string
	count, nulls int64

	hasUnique bool
	unique    map[uint64]struct{} // nil once past maxUnique
	overflow  bool

	hasNum         bool
	n              int64   // the items the number statistics are over
	sum, m2        float64 // sum of the items; sum of squared deviations
	std1           float64 // the std of the one batch with numbers
	numBatches     int
	min, max       float64
	rows, valid    int64 // lists at the path, and the non-null ones
	empty, lenSum  int64
	lenMin, lenMax int64
	spec           *structured.FieldSpec // a structure's, merged
}

// describer merges the per-batch statistics of describe.
type describer struct {
	paths []*descPath
	seed  maphash.Seed
}

// add merges the statistics of one batch.
func (d *describer) add(f *frame.Frame) error {
	t, err := f.Data()
	if err != nil {
		return err
	}
	stats, err := f.Describe(frame.WithPercentiles()).Tensor()
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	var walked []descWalk
	walkDesc(t, "", &walked)
	col := func(name string) structured.Leaf {
		v, err := stats.Field(name)
		if err != nil {
			return nil
		}
		l, _ := v.(structured.Leaf)
		return l
	}
	paths, _ := denseStrings(col("path"))
	types, _ := denseStrings(col("type"))
	if len(paths) != len(walked) {
		return fmt.Errorf("describe: %d paths in a batch's statistics, %d in its data", len(paths), len(walked))
	}
	if d.paths == nil {
		d.seed = maphash.MakeSeed()
		for i := range paths {
			d.paths = append(d.paths, &descPath{path: paths[i], typ: types[i], min: math.Inf(1), max: math.Inf(-1), lenMin: math.MaxInt64})
		}
	}
	if len(paths) != len(d.paths) {
		return fmt.Errorf("describe: a batch has %d paths, the first had %d", len(paths), len(d.paths))
	}
	counts, _ := structured.Values[int64](col("count"))
	nulls, _ := structured.Values[int64](col("null_count"))
	means, _ := structured.Values[float64](col("mean"))
	stds, _ := structured.Values[float64](col("std"))
	mins, _ := structured.Values[float64](col("min"))
	maxs, _ := structured.Values[float64](col("max"))
	uniq := col("n_unique")
	meanValid := col("mean")
	for i, p := range d.paths {
		if paths[i] != p.path {
			return fmt.Errorf("describe: a batch's path %d is %s, the first's %s", i, paths[i], p.path)
		}
		p.count += counts[i]
		p.nulls += nulls[i]
		if uniq != nil && uniq.Validity().IsValid(i) {
			p.hasUnique = true
			p.addUnique(walked[i].leaf, d.seed)
		}
		if meanValid != nil && meanValid.Validity().IsValid(i) {
			p.addNumbers(counts[i], means[i], stds[i], mins[i], maxs[i])
		}
		if w := walked[i]; w.part != nil {
			p.addLengths(w.part)
		}
		if err := p.addStructSpec(walked[i].spec); err != nil {
			return err
		}
	}
	return nil
}

// addNumbers merges a batch's number statistics: n items of mean and
// sample deviation std, smallest lo and largest hi (NaN in either stays,
// as Describe keeps it).
func (p *descPath) addNumbers(n int64, mean, std, lo, hi float64) {
	p.hasNum = true
	p.numBatches++
	if p.numBatches == 1 {
		p.std1 = std
	}
	var m2 float64
	if n > 1 {
		m2 = std * std * float64(n-1)
	}
	if p.n == 0 {
		p.n, p.sum, p.m2 = n, mean*float64(n), m2
	} else {
		total := p.n + n
		pm := p.sum / float64(p.n)
		delta := mean - pm
		p.m2 += m2 + delta*delta*float64(p.n)*float64(n)/float64(total)
		p.n, p.sum = total, p.sum+mean*float64(n)
	}
	p.min = nanMin(p.min, lo)
	p.max = nanMax(p.max, hi)
}

func nanMin(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return min(a, b)
}

func nanMax(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return max(a, b)
}

// addLengths merges the list statistics of a batch's partition.
func (p *descPath) addLengths(part *structured.RowPartition) {
	rows := part.NumRows()
	p.rows += int64(rows)
	for i := range rows {
		if part.IsNull(i) {
			continue
		}
		s, e := part.Bounds(i)
		n := int64(e - s)
		p.valid++
		p.lenSum += n
		p.lenMin, p.lenMax = min(p.lenMin, n), max(p.lenMax, n)
		if n == 0 {
			p.empty++
		}
	}
}

// addStructSpec merges the Spec of a structure in a batch: the type
// Describe prints for it shows which of its fields hold nulls.
func (p *descPath) addStructSpec(fs *structured.FieldSpec) error {
	if fs == nil || fs.Map {
		return nil
	}
	if p.spec == nil {
		c := *fs
		p.spec = &c
		return nil
	}
	fields, err := mergeFields(p.spec.Fields, fs.Fields, p.path+".")
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	p.spec.Fields = fields
	return nil
}

// typeString is the type Describe prints for the path: a structure's
// from its Spec merged over the batches, as frame's catTypeString
// renders it (the field's text without its name and its own "?").
func (p *descPath) typeString() string {
	if p.spec == nil {
		return p.typ
	}
	fs := *p.spec
	fs.Nullable = false
	s := fs.String()
	if rest, ok := strings.CutPrefix(s, fs.Name); ok {
		s = strings.TrimLeft(rest, ": ")
	}
	return s
}

// addUnique adds the hashes of a leaf's distinct non-null values.
func (p *descPath) addUnique(l structured.Leaf, seed maphash.Seed) {
	if p.overflow || l == nil {
		return
	}
	if p.unique == nil {
		p.unique = map[uint64]struct{}{}
	}
	valid := l.Validity()
	nulls := valid.NullN() > 0
	add := func(h uint64) bool {
		p.unique[h] = struct{}{}
		if len(p.unique) > maxUnique {
			p.overflow, p.unique = true, nil
			return false
		}
		return true
	}
	if l.DataType().ID() == arrow.BOOL {
		vals, err := leafBools(l)
		if err != nil {
			return
		}
		for i, v := range vals {
			if !nulls || valid.IsValid(i) {
				h := uint64(0)
				if v {
					h = 1
				}
				add(h)
			}
		}
		return
	}
	vals, err := leafStrings(l)
	if err != nil {
		return
	}
	for i, v := range vals {
		if (!nulls || valid.IsValid(i)) && !add(maphash.String(seed, v)) {
			return
		}
	}
}

func leafStrings(l structured.Leaf) ([]string, error) {
	switch x := l.(type) {
	case *structured.Dense:
		return x.Strings()
	case *structured.Ragged:
		return x.Strings()
	}
	return nil, fmt.Errorf("not a leaf")
}

func leafBools(l structured.Leaf) ([]bool, error) {
	switch x := l.(type) {
	case *structured.Dense:
		return x.Bools()
	case *structured.Ragged:
		return x.Bools()
	}
	return nil, fmt.Errorf("not a leaf")
}

// denseStrings reads a string column of the statistics table.
func denseStrings(l structured.Leaf) ([]string, error) {
	if l == nil {
		return nil, fmt.Errorf("no such column")
	}
	return leafStrings(l)
}

// descWalk is what describe needs of one path of a batch beyond its
// statistics table: the leaf (for n_unique) and the partition of its
// innermost lists (for the list statistics).
type descWalk struct {
	leaf structured.Leaf
	part *structured.RowPartition
	spec *structured.FieldSpec // a structure's, for its type
}

// walkDesc lists a Tensor's paths in the order of Describe's rows.
func walkDesc(t *structured.Tensor, prefix string, out *[]descWalk) {
	for _, fv := range t.Fields() {
		switch v := fv.Value.(type) {
		case *structured.Tensor:
			var p *structured.RowPartition
			if v.Rank() > 1 {
				p = v.RowPartitions()[v.Rank()-2]
			}
			w := descWalk{part: p}
			if fs, err := structured.FieldSpecOf("x", v, 1); err == nil {
				w.spec = &fs
			}
			*out = append(*out, w)
			walkDesc(v, prefix+fv.Name+".", out)
		case *structured.Dense:
			*out = append(*out, descWalk{leaf: v})
		case *structured.Ragged:
			ps := v.RowPartitions()
			*out = append(*out, descWalk{leaf: v, part: ps[len(ps)-1]})
		}
	}
}

// frame is the merged statistics table, with Describe's columns and
// types.
func (d *describer) frame() *frame.Frame {
	mem := memory.DefaultAllocator
	str := [2]*array.StringBuilder{array.NewStringBuilder(mem), array.NewStringBuilder(mem)}
	var ints [5]*array.Int64Builder
	for i := range ints {
		ints[i] = array.NewInt64Builder(mem)
	}
	var floats [7]*array.Float64Builder
	for i := range floats {
		floats[i] = array.NewFloat64Builder(mem)
	}
	count, nulls, uniq, lenMin, lenMax := ints[0], ints[1], ints[2], ints[3], ints[4]
	mean, std, lo, hi, lenMean, shEmpty, shNull := floats[0], floats[1], floats[2], floats[3], floats[4], floats[5], floats[6]
	for _, p := range d.paths {
		str[0].Append(p.path)
		str[1].Append(p.typeString())
		count.Append(p.count)
		nulls.Append(p.nulls)
		if p.hasUnique && !p.overflow {
			uniq.Append(int64(len(p.unique)))
		} else {
			uniq.AppendNull()
		}
		if p.hasNum {
			m, s := p.sum/float64(p.n), p.std1
			if p.numBatches > 1 {
				s = math.NaN()
				if p.n > 1 {
					s = math.Sqrt(p.m2 / float64(p.n-1))
				}
			}
			if p.numBatches == 1 {
				m = p.sum / float64(p.n)
			}
			mean.Append(m)
			std.Append(s)
			lo.Append(p.min)
			hi.Append(p.max)
		} else {
			for _, b := range []*array.Float64Builder{mean, std, lo, hi} {
				b.AppendNull()
			}
		}
		if p.rows > 0 {
			lmin, lmean := p.lenMin, 0.0
			if p.valid > 0 {
				lmean = float64(p.lenSum) / float64(p.valid)
			} else {
				lmin = 0
			}
			lenMin.Append(lmin)
			lenMean.Append(lmean)
			lenMax.Append(p.lenMax)
			shEmpty.Append(float64(p.empty) / float64(p.rows))
			shNull.Append(float64(p.rows-p.valid) / float64(p.rows))
		} else {
			lenMin.AppendNull()
			lenMax.AppendNull()
			for _, b := range []*array.Float64Builder{lenMean, shEmpty, shNull} {
				b.AppendNull()
			}
		}
	}
	cols := []arrow.Array{
		str[0].NewArray(), str[1].NewArray(), count.NewArray(), nulls.NewArray(), uniq.NewArray(),
		mean.NewArray(), std.NewArray(), lo.NewArray(), hi.NewArray(),
		lenMin.NewArray(), lenMean.NewArray(), lenMax.NewArray(), shEmpty.NewArray(), shNull.NewArray(),
	}
	anyCols := make([]any, len(cols))
	for i, c := range cols {
		anyCols[i] = c
	}
	out := frame.FromColumns(describeColumns, anyCols...)
	for _, c := range cols {
		c.Release()
	}
	return out
}

// overflowed names the paths whose n_unique went past maxUnique.
func (d *describer) overflowed() []string {
	var out []string
	for _, p := range d.paths {
		if p.overflow {
			out = append(out, p.path)
		}
	}
	return out
}

// streamDescribe describes the batches, then runs the steps after
// describe on its table and shows it.
func (p *plan) streamDescribe(first *frame.Frame, next func() (*frame.Frame, error), rest []step, stdout, stderr io.Writer) error {
	var d describer
	for f := first; f != nil; {
		if err := d.add(f); err != nil {
			return err
		}
		var err error
		if f, err = next(); err != nil {
			return err
		}
	}
	out := d.frame()
	if err := out.Err(); err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	if paths := d.overflowed(); len(paths) > 0 {
		fmt.Fprintf(stderr, "structframe: note: n_unique is left null where more than %d distinct values were seen (counting them would hold them all): %s\n", maxUnique, strings.Join(paths, ", "))
	}
	var err error
	for _, s := range rest {
		if out, err = apply(out, s); err != nil {
			return err
		}
	}
	return p.show(out, stdout)
}
