package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// Streaming: a command whose steps work row by row (head, select,
// filter, explode, unnest) and that ends in schema, describe or convert
// (or shows the rows of a head) reads its input batch by batch with the
// io packages' Readers, so that its memory is bounded by a batch and not
// by the file. Every batch of one Reader has one schema: the JSON and CSV
// Readers of a file (or of standard input, held in memory) infer it over
// the whole input first, Arrow and Parquet files have theirs. Other
// commands (sort, tail, a filter that aggregates, show without head) read
// the whole input, as they need every row at once.

// streamBatchRows is the batch size of the JSON and CSV Readers: small
// enough that a batch of wide nested records stays in tens of megabytes,
// large enough that per-batch costs vanish. Tests make it small.
var streamBatchRows = 16 << 10

// openBatches opens a resolved source (see source.resolve) in format f
// for reading batch by batch; prog, if not nil, counts the bytes of a
// text file read.
func (s source) openBatches(f *formats.Format, prog *progress) (formats.Reader, error) {
	opts := append([]formats.Option{formats.WithBatchSize(streamBatchRows)}, s.options()...)
	if s.data != nil {
		return f.NewReader(bytes.NewReader(s.data), opts...)
	}
	if !f.Text() {
		// mapped (Arrow) or read by row group (Parquet)
		return f.OpenFile(s.path, opts...)
	}
	fh, err := store.Open(context.Background(), s.path)
	if err != nil {
		return nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	var r io.Reader = fh
	if st.Mode().IsRegular() {
		// A section reader keeps the file's random access (the JSON
		// Reader parses ranges in parallel) and lets the progress bar
		// count.
		r = prog.wrapFile(fh, st.Size())
	}
	br, err := f.NewReader(r, opts...)
	if err != nil {
		fh.Close()
		return nil, err
	}
	return &closing{Reader: br, close: func() error {
		prog.done()
		return fh.Close()
	}}, nil
}

// closing is a batch Reader that also closes what it reads from.
type closing struct {
	formats.Reader
	close func() error
}

func (c *closing) Close() error {
	err := c.Reader.Close()
	if cerr := c.close(); err == nil {
		err = cerr
	}
	return err
}

// openDatasetBatches opens a directory or glob for reading batch by batch
// (io/dataset's Reader), with readDataset's options.
func openDatasetBatches(path string, f *formats.Format, opts []formats.Option) (formats.Reader, error) {
	r, err := dataset.Open(path, datasetOptions(f, opts)...)
	if f == nil && errors.Is(err, dataset.ErrOption) {
		return nil, fmt.Errorf("%w (here: --from FORMAT)", err)
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// rowwise reports whether a step works on each row alone, so that it can
// run on batches one after another: head (counting across batches),
// select, filter (unless it aggregates over rows), explode, unnest.
func rowwise(s step) bool {
	switch s.verb {
	case "show", "head", "select", "explode", "unnest":
		return true
	case "filter":
		e, err := frame.ParseExpr(s.arg)
		return err != nil || !e.Aggregates() // a syntax error is said on the first batch
	case "with":
		// An aggregation is repeated on every row: it needs them all.
		exprs, _, err := parseExprs("with", s.arg)
		if err != nil {
			return true
		}
		for _, e := range exprs {
			if e.Aggregates() {
				return false
			}
		}
		return true
	}
	return false
}

// streamPlan is how a plan runs batch by batch: the row-wise steps, then
// what ends it. ok is false when it must read the whole input.
type streamPlan struct {
	steps []step // row-wise, run on each batch
	end   string // "schema", "describe", "convert" or "show"
	rest  []step // the steps after describe, run on its table
}

// wholeOnly makes every command read its whole input: tests compare the
// two ways.
var wholeOnly = false

// streaming tells whether and how p runs batch by batch.
func (p *plan) streaming() (streamPlan, bool) {
	sp := streamPlan{end: "show"}
	if wholeOnly {
		return sp, false
	}
	if p.output != "" {
		sp.end = "convert"
	}
	hasHead := false
	for k, s := range p.steps {
		switch {
		case s.verb == "schema" || s.verb == "describe":
			// (A describe converted to a file reads whole: its table is
			// small, and written as any frame is.)
			sp.end, sp.rest = s.verb, p.steps[k+1:]
			return sp, p.output == ""
		case !rowwise(s):
			return sp, false
		}
		hasHead = hasHead || s.verb == "head"
		sp.steps = append(sp.steps, s)
	}
	// Showing every row needs them all at once; showing a head does not.
	return sp, sp.end == "convert" || hasHead
}

// pipeline runs the row-wise steps on batch after batch.
type pipeline struct {
	steps []step
	left  []int // rows each head step still lets through
	stop  bool  // a head is full: no later batch can give a row
}

// finished reports whether no later batch can give a row.
func (pl *pipeline) finished() bool { return pl.stop }

func newPipeline(steps []step) *pipeline {
	pl := &pipeline{steps: steps, left: make([]int, len(steps))}
	for k, s := range steps {
		pl.left[k] = s.n
	}
	return pl
}

// run applies the steps to one batch. done reports that no later batch
// can give a row (a head is full).
func (pl *pipeline) run(f *frame.Frame) (out *frame.Frame, done bool, err error) {
	for k, s := range pl.steps {
		if s.verb == "head" {
			f = f.Head(pl.left[k])
			if err := f.Err(); err != nil {
				return nil, false, fmt.Errorf("head: %w", err)
			}
			pl.left[k] -= f.NumRows()
			done = done || pl.left[k] == 0
			continue
		}
		if f, err = apply(f, s); err != nil {
			return nil, false, err
		}
	}
	return f, done, nil
}

// stream runs p batch by batch on a resolved source in format f (a
// dataset when isDataset). handled is false when the input gave no batch
// (it holds no rows): the whole-input path then reads it, as cheaply, and
// says what an empty input is in each format.
func (p *plan) stream(sp streamPlan, src source, f *formats.Format, stdout, stderr io.Writer, read *progress) (handled bool, err error) {
	var (
		r         formats.Reader
		pl        *pipeline
		strictErr error            // the conflict that made the read lenient
		inSpec    *structured.Spec // the schema of the input's first batch
	)
	if sp.end == "show" && len(sp.steps) > 0 && sp.steps[0].verb == "head" && sp.steps[0].n <= streamBatchRows {
		// Rows from the first batch only: its schema will do, with no
		// pass over the whole input first (head of a big NDJSON file
		// returns at once).
		src.extra = append(append([]formats.Option(nil), src.extra...),
			formats.WithJSONOptions(json.WithSchemaFromFirstBatch(true)), formats.WithCSVOptions(csv.WithSchemaFromFirstBatch(true)),
			formats.WithBatchSize(max(sp.steps[0].n, 1024)))
	}
	open := func() error {
		var err error
		if src.path != "" && src.data == nil && isDataset(src.path) {
			r, err = openDatasetBatches(src.path, f, src.options())
		} else {
			r, err = src.openBatches(f, read)
		}
		pl = newPipeline(sp.steps)
		return err
	}
	defer func() {
		if r != nil {
			r.Close()
		}
	}()
	// next is the next batch through the steps; nil at the end.
	next := func() (*frame.Frame, error) {
		if pl.finished() || !r.Next() {
			if err := r.Err(); err != nil {
				return nil, named(src.name, explainRead(err))
			}
			return nil, nil
		}
		in := r.Frame()
		if inSpec == nil {
			inSpec = in.Schema()
		}
		out, done, err := pl.run(in)
		if done {
			pl.stop = true
		}
		return out, err
	}
	// first opens the input and takes its first batch: the schema is
	// known by then (inferred over the whole input, or the file's).
	first := func() (*frame.Frame, error) {
		if err := open(); err != nil {
			return nil, named(src.name, explainRead(err))
		}
		return next()
	}
	head, err := first()
	if isConflict(err) && !p.strict && !src.lenient {
		if r != nil {
			r.Close()
			r = nil
		}
		src.lenient = true
		if h, lerr := first(); lerr == nil {
			head, err, strictErr = h, nil, err
		}
	}
	if err != nil || head == nil {
		return err != nil, err
	}
	if strictErr != nil {
		printConflictNote(stderr, conflictFields(strictErr, inSpec, src.probe(f)))
	}
	return true, p.streamEnd(sp, head, next, stdout, stderr)
}

// streamEnd ends a stream run as the plan says, from its first batch.
func (p *plan) streamEnd(sp streamPlan, first *frame.Frame, next func() (*frame.Frame, error), stdout, stderr io.Writer) error {
	switch sp.end {
	case "schema":
		return streamSchema(first, next, stdout)
	case "describe":
		return p.streamDescribe(first, next, sp.rest, stdout, stderr)
	case "convert":
		return p.streamConvert(first, next, stdout, stderr)
	}
	return p.streamShow(first, next, stdout)
}

// streamSchema prints the schema of every batch merged: nullability or'ed
// and rows counted, which is the schema of the whole input read at once.
func streamSchema(first *frame.Frame, next func() (*frame.Frame, error), stdout io.Writer) error {
	spec := first.Schema()
	for {
		f, err := next()
		if err != nil {
			return err
		}
		if f == nil {
			break
		}
		if spec, err = mergeSpec(spec, f.Schema()); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(stdout, display.SpecTree(spec))
	return err
}

// streamShow shows the rows the steps let through (a head bounds them).
func (p *plan) streamShow(first *frame.Frame, next func() (*frame.Frame, error), stdout io.Writer) error {
	parts := []*frame.Frame{first}
	for {
		f, err := next()
		if err != nil {
			return err
		}
		if f == nil {
			break
		}
		if f.NumRows() > 0 {
			parts = append(parts, f)
		}
	}
	return p.show(frame.Concat(parts...), stdout)
}

// streamConvert writes batch after batch to the output.
func (p *plan) streamConvert(first *frame.Frame, next func() (*frame.Frame, error), stdout, stderr io.Writer) error {
	to := p.outputFormat()
	convert := func(w io.Writer) error {
		bw := to.NewWriter(w, formatOptions...)
		for f := first; f != nil; {
			if err := bw.Write(f); err != nil {
				return err
			}
			var err error
			if f, err = next(); err != nil {
				return err
			}
		}
		return bw.Close()
	}
	var err error
	if p.output == "-" {
		err = convert(stdout)
	} else {
		err = writeTo(p.output, nil, convert)
	}
	if err == nil {
		p.noteJSONColumns(first, to, stderr)
	}
	return named(p.output, err)
}

// mergeSpec is the Spec of the rows of a followed by those of b, batches
// of one Reader: the rows added up, the nullability of every field or'ed;
// a Null-typed leaf (a field all null in a batch) takes the other's type.
// Any other difference is an error naming the path.
func mergeSpec(a, b *structured.Spec) (*structured.Spec, error) {
	if len(a.Shape) != 1 || len(b.Shape) != 1 {
		return nil, fmt.Errorf("batches of rank %d and %d", len(a.Shape), len(b.Shape))
	}
	fields, err := mergeFields(a.Fields, b.Fields, "")
	if err != nil {
		return nil, err
	}
	return &structured.Spec{
		Shape:    structured.Shape{a.Shape[0] + b.Shape[0]},
		Fields:   fields,
		Nullable: a.Nullable || b.Nullable,
	}, nil
}

func mergeFields(a, b []structured.FieldSpec, prefix string) ([]structured.FieldSpec, error) {
	if len(a) != len(b) {
		return nil, fmt.Errorf("batches differ in their fields%s: %d and %d", at(prefix), len(a), len(b))
	}
	out := make([]structured.FieldSpec, len(a))
	for i := range a {
		fa, fb := a[i], b[i]
		path := prefix + fa.Name
		if fa.Name != fb.Name || fa.Map != fb.Map || fa.IsStruct() != fb.IsStruct() && !isNullLeaf(fa) && !isNullLeaf(fb) {
			return nil, fmt.Errorf("batches differ in their schema at %s: %s and %s", path, fa.String(), fb.String())
		}
		switch {
		case isNullLeaf(fa) && !isNullLeaf(fb):
			fa = fb
		case isNullLeaf(fb):
			fb = fa
		}
		m := fa
		m.Nullable = a[i].Nullable || b[i].Nullable
		if !fa.Dims.Equal(fb.Dims) {
			return nil, fmt.Errorf("batches differ in their schema at %s: %s and %s", path, fa.String(), fb.String())
		}
		if fa.IsStruct() {
			sub, err := mergeFields(fa.Fields, fb.Fields, path+".")
			if err != nil {
				return nil, err
			}
			m.Fields = sub
		} else if !typeEqual(fa, fb) {
			return nil, fmt.Errorf("batches differ in their schema at %s: %s and %s", path, fa.String(), fb.String())
		}
		out[i] = m
	}
	return out, nil
}

// isNullLeaf reports whether a field is a leaf of Arrow type Null.
func isNullLeaf(f structured.FieldSpec) bool {
	return !f.IsStruct() && f.Type.ID() == arrow.NULL
}

func typeEqual(a, b structured.FieldSpec) bool {
	x, y := a, b
	x.Nullable, y.Nullable = false, false
	return x.Equal(&y)
}

// at is " at PATH" for a path, "" for the top level.
func at(prefix string) string {
	if prefix == "" {
		return ""
	}
	return " at " + strings.TrimSuffix(prefix, ".")
}
